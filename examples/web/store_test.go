package main

import (
	"bytes"
	"errors"
	"net/http"
	"os"
	"slices"
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
	req := moveAt(st.Version, randomPick(1)(st))
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

// TestLoadCutsAnUnfinishedLastLine: a record that ends in an unfinished line, as a write cut short
// by a crash leaves it (never answered: a move is answered once its whole line is synced), is
// resumed at the moves before it; the line is cut off and kept in a file beside the record, and
// the game plays on to its end.
func TestLoadCutsAnUnfinishedLastLine(t *testing.T) {
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
	for _, cut := range []string{"0: bid re", "0: pass"} { // half a line, or a line without its newline
		if err := os.WriteFile(path, append(append([]byte(nil), good...), cut...), 0o644); err != nil {
			t.Fatal(err)
		}
		b := serve(t, dir)
		if b.heldGame(t, j.Game) != before {
			t.Fatalf("after %q: the game is not resumed at the moves before it", cut)
		}
		if got := readFile(t, path); !bytes.Equal(got, good) {
			t.Errorf("after %q: the record file holds\n%s\nwant\n%s", cut, got, good)
		}
		if got, err := os.ReadFile(path + ".bad"); err != nil || !strings.HasSuffix(string(got), cut) {
			t.Errorf("after %q: set aside %q %v", cut, got, err)
		}
		b.Close()
	}
	b := serve(t, dir)
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

// storeKinds are the stores that TestStoreContract checks, each opened empty for a test.
var storeKinds = []struct {
	name string
	open func(t *testing.T) gameStore
}{
	{"directory", func(t *testing.T) gameStore {
		st, err := newDirStore(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		return st
	}},
	{"postgres", func(t *testing.T) gameStore { return openTestPG(t, needPG(t).database(t)) }},
}

// TestStoreContract checks what the server relies on of every store: games created read back
// with their seats, a missing game is errNoGame, a move is stored only as the next move number
// (errConflict otherwise), the moves since a number read back in order and replay, a seat is given
// once (errSeatTaken), and the lobby lists the games with a person's seat free, a page at a time.
func TestStoreContract(t *testing.T) {
	for _, kind := range storeKinds {
		t.Run(kind.name, func(t *testing.T) {
			st := kind.open(t)
			cfg := viceroy.Config{Players: 2, Seed: 7}
			games := map[string][]seat{
				"a1": {{Kind: person}, {Kind: person}},                                   // two seats free
				"b2": {{Kind: person, TokenHash: "h0"}, {Kind: "random", Seed: 1 << 63}}, // none free
				"c3": {{Kind: person, TokenHash: "h1"}, {Kind: person}},                  // one free
			}
			for _, id := range []string{"a1", "b2", "c3"} {
				if err := st.create(id, cfg, games[id]); err != nil {
					t.Fatalf("create %s: %v", id, err)
				}
			}
			t.Run("load", func(t *testing.T) { checkLoads(t, st, "b2", cfg, nil, games["b2"]) })
			t.Run("missing", func(t *testing.T) {
				for _, id := range []string{"d4", "../a1"} {
					if _, _, err := st.load(id); !errors.Is(err, errNoGame) {
						t.Errorf("load %q: %v, want errNoGame", id, err)
					}
				}
			})
			t.Run("moves", func(t *testing.T) { checkMoves(t, st, "a1", cfg, games["a1"]) })
			t.Run("open", func(t *testing.T) {
				for _, c := range []struct {
					after string
					limit int
					want  []string
				}{{"", 10, []string{"a1", "c3"}}, {"", 1, []string{"a1"}}, {"a1", 1, []string{"c3"}}, {"c3", 10, nil}} {
					got, err := st.open(c.after, c.limit)
					if err != nil || !slices.Equal(got, c.want) {
						t.Errorf("open(%q, %d) = %v %v, want %v", c.after, c.limit, got, err, c.want)
					}
				}
			})
			t.Run("seats", func(t *testing.T) { checkSeats(t, st) })
			if got, err := st.open("", 10); err != nil || !slices.Equal(got, []string{"a1"}) {
				t.Errorf("open once the last seat of c3 is taken: %v %v, want [a1]", got, err)
			}
		})
	}
}

// checkLoads checks that game id loads as the game of cfg with moves played, and its seats.
func checkLoads(t *testing.T, st gameStore, id string, cfg viceroy.Config, moves []viceroy.PlayerMove, seats []seat) {
	t.Helper()
	h, got, err := st.load(id)
	if err != nil {
		t.Fatalf("load %s: %v", id, err)
	}
	want, err := viceroy.Replay(viceroy.Record{Version: viceroy.RulesVersion, Config: cfg, Moves: moves})
	if err != nil {
		t.Fatal(err)
	}
	if h.Game() != want {
		t.Errorf("game %s loads as another game", id)
	}
	if !slices.Equal(got, seats) {
		t.Errorf("game %s: seats %+v, want %+v", id, got, seats)
	}
}

// checkMoves stores the first moves of game id, each only as the next move number, and reads them
// back.
func checkMoves(t *testing.T, st gameStore, id string, cfg viceroy.Config, seats []seat) {
	h, err := viceroy.NewHistory(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var played []viceroy.PlayerMove
	for seq := range 3 {
		g := h.Game()
		p := g.ToMove()[0]
		m := g.Legal(p)[0]
		for _, wrong := range []int{seq - 1, seq + 1} {
			if err := st.appendMove(id, wrong, p, m, false); wrong >= 0 && !errors.Is(err, errConflict) {
				t.Errorf("move %d stored as move %d: %v, want errConflict", seq, wrong, err)
			}
		}
		if err := st.appendMove(id, seq, p, m, false); err != nil {
			t.Fatalf("move %d: %v", seq, err)
		}
		if err := h.Play(p, m); err != nil {
			t.Fatal(err)
		}
		played = append(played, viceroy.PlayerMove{Player: p, Move: m})
	}
	for from := range len(played) + 2 {
		got, err := st.movesSince(id, from)
		if want := played[min(from, len(played)):]; err != nil || !slices.Equal(got, want) {
			t.Errorf("movesSince(%d) = %v %v, want %v", from, got, err, want)
		}
	}
	checkLoads(t, st, id, cfg, played, seats)
}

// checkSeats gives a free seat once, and never a taken one, a bot's or one that is not.
func checkSeats(t *testing.T, st gameStore) {
	if err := st.takeSeat("c3", 1, "h2"); err != nil {
		t.Fatalf("a free seat: %v", err)
	}
	for _, c := range []struct {
		id string
		p  viceroy.Player
	}{{"c3", 1}, {"c3", 0}, {"b2", 1}, {"c3", 2}} {
		if err := st.takeSeat(c.id, c.p, "h3"); !errors.Is(err, errSeatTaken) {
			t.Errorf("seat %d of %s: %v, want errSeatTaken", c.p, c.id, err)
		}
	}
	seats, err := st.seats("c3")
	if want := []seat{{Kind: person, TokenHash: "h1"}, {Kind: person, TokenHash: "h2"}}; err != nil || !slices.Equal(seats, want) {
		t.Errorf("seats %+v %v, want %+v", seats, err, want)
	}
}
