package main

import (
	"bytes"
	"errors"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/laar/viceroy"
)

// TestFailedWriteChangesNothing: while the disk refuses the record's lines, a person's move is
// answered 503 ("unsaved") and changes neither the game held nor its record file; once the disk
// takes writes again, the same move is played, and the bots, which waited, play on.
func TestFailedWriteChangesNothing(t *testing.T) {
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "random")
	var st state
	ts.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &st)
	path := ts.files.recordPath(j.Game)

	ts.files.failWrites(errors.New("no space left on device (injected)"))
	before, file := ts.heldGame(t, j.Game), readFile(t, path)
	req := moveRequest{st.Version, randomPick(1)(st)}
	status, body, err := call(ts.url, "POST", movePath(j, 0), j.Token, req, nil)
	if err != nil || status != http.StatusServiceUnavailable || !strings.Contains(string(body), "unsaved") {
		t.Fatalf("a move the disk refuses: %d %s %v, want 503 unsaved", status, body, err)
	}
	if ts.heldGame(t, j.Game) != before {
		t.Error("the refused move changed the game held")
	}
	if !bytes.Equal(readFile(t, path), file) {
		t.Error("the refused move changed the record file")
	}

	ts.files.failWrites(nil)
	var next state
	ts.must(t, "POST", movePath(j, 0), j.Token, req, &next)
	end, _, err := playUntil(ts.url, j, randomPick(2), func(state) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	if !end.View.Over {
		t.Fatal("the game did not play to its end once the disk took writes again")
	}
	if g := ts.heldGame(t, j.Game); ts.replayFile(t, j.Game) != g {
		t.Error("the record file does not replay to the game held")
	}
}

// TestLoadSetsAsideWhatDoesNotPlay: a record whose last lines do not play (a move of no player, a
// line of no move, a line cut short) is resumed at the moves before them; those lines go to a file
// beside the record, and the game plays on to its end.
func TestLoadSetsAsideWhatDoesNotPlay(t *testing.T) {
	dir := t.TempDir()
	a := serve(t, dir)
	j := a.newGame(t, viceroy.Config{Players: 2}, person, "random")
	if _, _, err := playUntil(a.url, j, randomPick(3), func(st state) bool { return st.Version >= 30 }); err != nil {
		t.Fatal(err)
	}
	a.Close()
	before := a.heldGame(t, j.Game)
	path := a.files.recordPath(j.Game)
	good := readFile(t, path)
	bad := "9: bid red\nno move at all\n0: bid re"
	if err := os.WriteFile(path, append(append([]byte(nil), good...), bad...), 0o644); err != nil {
		t.Fatal(err)
	}

	b := serve(t, dir)
	if b.heldGame(t, j.Game) != before {
		t.Fatal("the game is not resumed at the moves that play")
	}
	if got := readFile(t, path); !bytes.Equal(got, good) {
		t.Errorf("the record file holds\n%s\nwant\n%s", got, good)
	}
	if got := string(readFile(t, path+".bad")); got != bad {
		t.Errorf("set aside: %q, want %q", got, bad)
	}
	if _, _, err := playUntil(b.url, j, randomPick(4), func(state) bool { return false }); err != nil {
		t.Fatal(err)
	}
	if g := b.heldGame(t, j.Game); !g.Over() || b.replayFile(t, j.Game) != g {
		t.Error("the resumed game does not play to an end that its record replays to")
	}
}

// readFile reads a file or fails the test.
func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
