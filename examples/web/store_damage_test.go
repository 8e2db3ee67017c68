package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/laar/viceroy"
)

// playedGame plays a game of a person's seat and a random bot's, on a server on a directory of
// its own, to at least moves moves, and stops the server. It returns the directory, the person's
// seat and the game as it was left.
func playedGame(t *testing.T, moves int) (string, joined, viceroy.Game) {
	t.Helper()
	dir := t.TempDir()
	a := serve(t, dir)
	j := a.newGame(t, viceroy.Config{Players: 2}, person, "random")
	if _, _, err := playUntil(a.url, j, randomPick(7), func(st state) bool { return st.Version >= moves }); err != nil {
		t.Fatal(err)
	}
	a.Close() // the bots stop
	return dir, j, a.heldGame(t, j.Game)
}

// logged is text written by a log or a process while a test reads it (see captureLog).
type logged struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logged) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(b)
}

// String returns all that was written.
func (l *logged) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// lines returns the lines logged so far that hold s.
func (l *logged) lines(s string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for line := range strings.Lines(l.buf.String()) {
		if strings.Contains(line, s) {
			out = append(out, line)
		}
	}
	return out
}

// captureLog keeps what the log says from now on until the test ends, still writing it where it
// went.
func captureLog(t *testing.T) *logged {
	l := &logged{}
	old := log.Writer()
	log.SetOutput(io.MultiWriter(old, l))
	t.Cleanup(func() { log.SetOutput(old) })
	return l
}

// editLines changes the text of a record: edit gets its lines, each with its newline, and returns
// them changed.
func editLines(text string, edit func(lines []string) []string) string {
	return strings.Join(edit(strings.SplitAfter(text, "\n")), "")
}

// TestDamagedGameIsSetAsideWhole: a game whose files do not replay as written (another rules
// version, another seed or number of players, a line that is no move, a move that does not play,
// seats that are not JSON or not one for each player) is never served and never rewritten: every
// request for it is refused without a file's name, its files stay as they were and nothing is set
// aside, the server logs once which file and line are at fault and why, and the other games go
// on.
func TestDamagedGameIsSetAsideWhole(t *testing.T) {
	version := func(v int) func(string) string {
		return func(text string) string {
			return strings.Replace(text, fmt.Sprintf("version %d\n", viceroy.RulesVersion), fmt.Sprintf("version %d\n", v), 1)
		}
	}
	cases := []struct {
		name   string
		record func(string) string // the record's text changed, or nil
		seats  func(string) string // the seats' text changed, or nil
		line   string              // what the log line says of the line at fault: "line 12", or a pattern
	}{
		{name: "an older rules version", record: version(viceroy.RulesVersion - 1), line: "line 1:"},
		{name: "a newer rules version", record: version(viceroy.RulesVersion + 1), line: "line 1:"},
		{name: "another seed", line: `line [0-9]+:`, record: func(text string) string {
			return regexp.MustCompile(`(?m)^seed [0-9]+$`).ReplaceAllString(text, "seed 12345")
		}},
		{name: "four players", line: `line [0-9]+:|seats`, record: func(text string) string {
			return strings.Replace(text, "players 2\n", "players 4\n", 1)
		}},
		{name: "a line of no move", line: "line 12:", record: func(text string) string {
			return editLines(text, func(l []string) []string { return slices.Insert(l, 11, "garbage\n") })
		}},
		{name: "a move that does not play", line: "line 20:", record: func(text string) string {
			return editLines(text, func(l []string) []string { l[19] = "9: bid red\n"; return l })
		}},
		{name: "a move that does not play, and an unfinished last line", line: "line 20:", record: func(text string) string {
			return editLines(text, func(l []string) []string { l[19] = "9: bid red\n"; return append(l, "0: bid re") })
		}},
		{name: "seats that are no JSON", line: "seats", seats: func(string) string { return "{not json\n" }},
		{name: "seats for three players", line: "seats", seats: func(text string) string {
			return strings.Replace(text, "]", `,{"kind":"random","seed":3}]`, 1)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, j, _ := playedGame(t, 36)
			files := &dirStore{dir: dir}
			record, seats := files.recordPath(j.Game), files.seatsPath(j.Game)
			if c.record != nil {
				writeTestFile(t, record, c.record(string(readFile(t, record))))
			}
			if c.seats != nil {
				writeTestFile(t, seats, c.seats(string(readFile(t, seats))))
			}
			recordText, seatsText := readFile(t, record), readFile(t, seats)

			logs := captureLog(t)
			b := serve(t, dir)
			for _, path := range []string{statePath(j, 0, -1), "/api/games/" + j.Game, statePath(j, 0, -1)} {
				status, body, err := call(b.url, "GET", path, j.Token, nil, nil)
				if err != nil || (status != http.StatusServiceUnavailable && status != http.StatusGone) {
					t.Errorf("GET %s: %d %.120s %v, want 503 or 410", path, status, body, err)
				}
				if strings.Contains(string(body), dir) || strings.Contains(string(body), j.Game+".") {
					t.Errorf("GET %s: the answer names a file: %s", path, body)
				}
			}
			b.must(t, "GET", "/api/games", "", nil, nil) // the lobby goes on

			_, _, err := b.store.load(j.Game)
			if !errors.Is(err, errDamaged) {
				t.Errorf("load: %v, want errDamaged", err)
			}
			if err != nil && strings.Contains(err.Error(), dir) {
				t.Errorf("load's error names a path: %v", err)
			}
			if !bytes.Equal(readFile(t, record), recordText) || !bytes.Equal(readFile(t, seats), seatsText) {
				t.Error("the damaged game's files were rewritten")
			}
			if _, err := os.Stat(record + ".bad"); err == nil {
				t.Error("lines of the damaged game were set aside")
			}

			about := append(logs.lines(record), logs.lines(seats)...)
			if len(about) != 1 {
				t.Errorf("the log names the game's files in %d lines, want 1:\n%s", len(about), strings.Join(about, ""))
			} else if !regexp.MustCompile(c.line).MatchString(about[0]) {
				t.Errorf("the log line does not say %q:\n%s", c.line, about[0])
			}

			other := b.newGame(t, viceroy.Config{Players: 2}, person, "random") // the other games go on
			if _, _, err := playUntil(b.url, other, randomPick(8), func(st state) bool { return st.Version >= 10 }); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestRecordsReadAsTheLibraryWritesThem: a record with comment lines, blank lines and CRLF line
// ends, all of which the record's text form allows, is served whole, as written, and not
// rewritten; the game plays on to its end, and its file replays to the game held.
func TestRecordsReadAsTheLibraryWritesThem(t *testing.T) {
	cases := []struct {
		name string
		edit func(string) string
	}{
		{"comments", func(text string) string {
			return editLines(text, func(l []string) []string {
				l = slices.Insert(l, 3, "# a comment in the header\n")
				return slices.Insert(l, 12, "# checked by the operator\n", "   # indented\n")
			})
		}},
		{"blank lines", func(text string) string {
			return editLines(text, func(l []string) []string { return slices.Insert(l, 9, "\n", "  \n") })
		}},
		{"CRLF", func(text string) string {
			text = editLines(text, func(l []string) []string { return slices.Insert(l, 9, "\n", "# note\n") })
			return strings.ReplaceAll(text, "\n", "\r\n")
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, j, before := playedGame(t, 36)
			path := (&dirStore{dir: dir}).recordPath(j.Game)
			writeTestFile(t, path, c.edit(string(readFile(t, path))))
			written := readFile(t, path)

			b := serve(t, dir)
			if b.heldGame(t, j.Game) != before {
				t.Fatal("the game is not served as it was")
			}
			if !bytes.Equal(readFile(t, path), written) {
				t.Error("the record was rewritten")
			}
			if _, err := os.Stat(path + ".bad"); err == nil {
				t.Error("lines of the record were set aside")
			}
			if _, _, err := playUntil(b.url, j, randomPick(9), func(state) bool { return false }); err != nil {
				t.Fatal(err)
			}
			if g := b.heldGame(t, j.Game); !g.Over() || b.replayFile(t, j.Game) != g {
				t.Error("the game does not play to an end that its record replays to")
			}
		})
	}
}

// TestLobbySkipsUnreadableSeats: a game whose seats file is garbage is left out of the lobby,
// logged once, and the lobby lists the other games.
func TestLobbySkipsUnreadableSeats(t *testing.T) {
	dir := t.TempDir()
	a := serve(t, dir)
	var ids []string
	for range 3 {
		ids = append(ids, a.newGame(t, viceroy.Config{Players: 2}, person, person).Game)
	}
	a.Close()
	slices.Sort(ids)
	seats := (&dirStore{dir: dir}).seatsPath(ids[1])
	writeTestFile(t, seats, "garbage")

	logs := captureLog(t)
	b := serve(t, dir)
	for range 2 {
		var open []gameInfo
		b.must(t, "GET", "/api/games", "", nil, &open)
		var got []string
		for _, g := range open {
			got = append(got, g.Game)
		}
		if want := []string{ids[0], ids[2]}; !slices.Equal(got, want) {
			t.Errorf("the lobby lists %v, want %v", got, want)
		}
	}
	if n := len(logs.lines(seats)); n != 1 {
		t.Errorf("the garbage seats file is logged %d times, want once", n)
	}
}

// TestStoreErrorsNameNoPath: a game file that cannot be read (here a directory where the record
// should be) fails without naming the directory of the store, in the store's error as in the
// answer.
func TestStoreErrorsNameNoPath(t *testing.T) {
	dir, j, _ := playedGame(t, 5)
	path := (&dirStore{dir: dir}).recordPath(j.Game)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	b := serve(t, dir)
	status, body, err := call(b.url, "GET", statePath(j, 0, -1), j.Token, nil, nil)
	if err != nil || status == http.StatusOK || strings.Contains(string(body), dir) {
		t.Errorf("GET state: %d %s %v, want a failure that names no path", status, body, err)
	}
	for _, err := range []error{loadErr(b.store, j.Game), movesErr(b.store, j.Game)} {
		if err == nil || strings.Contains(err.Error(), dir) {
			t.Errorf("the store's error %v names the store's directory %s", err, dir)
		}
	}
}

func loadErr(st gameStore, id string) error {
	_, _, err := st.load(id)
	return err
}

func movesErr(st gameStore, id string) error {
	_, err := st.movesSince(id, 0)
	return err
}

// writeTestFile writes a file whole, or fails the test.
func writeTestFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Clean(path), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
