package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/laar/viceroy"
)

// testServer is a server on the loopback address with its games in a directory of the test's
// (files), or in a database (files nil).
type testServer struct {
	*server
	url   string
	dir   string
	files *dirStore
	http  *httptest.Server
	asks  *asked
}

// asked counts the requests of the seats' pages, by what they ask: "state" (a state, or a long
// poll), "stream", "moves".
type asked struct {
	mu     sync.Mutex
	n      map[string]int
	refuse string // what is answered 503, as a proxy that does not pass it would
}

// refusing makes the server answer 503 to what (e.g. "stream") from now on.
func (a *asked) refusing(what string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.refuse = what
}

func (a *asked) count(what string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.n[what]
}

// counting counts the requests to h by the last part of their path.
func (a *asked) counting(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "/seats/") {
			a.mu.Lock()
			what := path.Base(r.URL.Path)
			a.n[what]++
			refused := what == a.refuse
			a.mu.Unlock()
			if refused {
				http.Error(w, "refused by the test", http.StatusServiceUnavailable)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// serve starts a server on dir; it is closed when the test ends.
func serve(t testing.TB, dir string) testServer {
	t.Helper()
	files, err := newDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	ts := serveStore(t, files)
	ts.dir, ts.files = dir, files
	return ts
}

// serveStore starts a server on the store st; it is closed when the test ends.
func serveStore(t testing.TB, st gameStore) testServer {
	t.Helper()
	s := newServer(st, 1000)
	s.wait = 5 * time.Second
	s.creating = newCreationLimit(0, 0)                     // the tests make many games from one address
	s.watches = newWatchLimit(1<<20, watchesPerSeat, 1<<20) // and follow them from it
	var mu sync.Mutex
	next := uint64(0)
	s.seeds = func() uint64 { // the same games each run, so that a failure can be run again
		mu.Lock()
		defer mu.Unlock()
		next++
		return next
	}
	asks := &asked{n: map[string]int{}}
	hs := httptest.NewServer(asks.counting(s.handler()))
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	return testServer{server: s, url: hs.URL, http: hs, asks: asks}
}

// callWith is call with the request's headers set as in header.
func callWith(url, method, path, token string, body, out any, header map[string]string) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url+path, r)
	if err != nil {
		return 0, nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, nil, err
	}
	if resp.StatusCode == http.StatusOK && out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return resp.StatusCode, b, fmt.Errorf("%s %s: %v in %s", method, path, err, b)
		}
	}
	return resp.StatusCode, b, nil
}

// call sends a request with a JSON body (if body is not nil) and the token (if not ""), and
// decodes a 200 answer into out (if not nil). It returns the status and the body.
func call(url, method, path, token string, body, out any) (int, []byte, error) {
	return callWith(url, method, path, token, body, out, nil)
}

// must is call for the test's own goroutine: any failure or a status other than 200 ends the test.
func (ts testServer) must(t testing.TB, method, path, token string, body, out any) {
	t.Helper()
	status, b, err := call(ts.url, method, path, token, body, out)
	if err != nil || status != http.StatusOK {
		t.Fatalf("%s %s: %d %s %v", method, path, status, b, err)
	}
}

// newGame starts a game with the seats given and returns the first person's seat and token.
func (ts testServer) newGame(t testing.TB, cfg viceroy.Config, seats ...string) joined {
	t.Helper()
	var j joined
	ed, _ := cfg.Edition.MarshalText()
	ts.must(t, "POST", "/api/games", "", map[string]any{"players": cfg.Players, "virtual": cfg.Virtual,
		"edition": string(ed), "seats": seats}, &j)
	return j
}

// statePath and movePath are a seat's endpoints.
func statePath(j joined, log, version int) string {
	return fmt.Sprintf("/api/games/%s/seats/%d/state?log=%d&version=%d", j.Game, j.Seat, log, version)
}

func movePath(j joined, log int) string {
	return fmt.Sprintf("/api/games/%s/seats/%d/moves?log=%d", j.Game, j.Seat, log)
}

// lockedTable returns the table of game id, loaded from the store if the server does not hold
// it, with its lock held; the caller unlocks it. A test fails at once when there is no such game.
func (ts testServer) lockedTable(t testing.TB, id string) *table {
	t.Helper()
	tb, err := ts.acquire(id)
	if err != nil {
		t.Fatal(err)
	}
	ts.release(tb)
	tb.mu.Lock()
	return tb
}

// onlyOwing returns the game j's seat plays once that seat alone owes a decision: in a
// simultaneous decision the bots choose when their queue gets to it, and after that nothing but
// the seat's own move changes the game.
func (ts testServer) onlyOwing(t testing.TB, j joined) viceroy.Game {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		g := ts.heldGame(t, j.Game)
		if owing := g.ToMove(); len(owing) == 1 && int(owing[0]) == j.Seat {
			return g
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bots still owe a decision after a minute: %v", g.ToMove())
		}
		time.Sleep(time.Millisecond)
	}
}

// heldGame returns the game the server holds for id.
func (ts testServer) heldGame(t testing.TB, id string) viceroy.Game {
	t.Helper()
	tb := ts.lockedTable(t, id)
	defer tb.mu.Unlock()
	return tb.history.Game()
}

// fileMatches reports whether the record file of game id replays to the game the server holds,
// both read under the table's lock, so that no bot moves between the two.
func (ts testServer) fileMatches(t testing.TB, id string) bool {
	t.Helper()
	tb := ts.lockedTable(t, id)
	defer tb.mu.Unlock()
	return ts.replayFile(t, id) == tb.history.Game()
}

// readRecordFile reads the record file of game id in dir, all of it: a test expects every line of
// it to be a move answered.
func readRecordFile(dir, id string) (viceroy.Record, error) {
	var r viceroy.Record
	b, err := os.ReadFile((&dirStore{dir: dir}).recordPath(id))
	if err == nil {
		err = r.UnmarshalText(b)
	}
	return r, err
}

// replayFile replays the record file of game id.
func (ts testServer) replayFile(t testing.TB, id string) viceroy.Game {
	t.Helper()
	r, err := readRecordFile(ts.dir, id)
	if err != nil {
		t.Fatal(err)
	}
	g, err := viceroy.Replay(r)
	if err != nil {
		t.Fatalf("game %s: the record file does not replay: %v", id, err)
	}
	return g
}

// playOut plays seat j's moves, each the legal move pick chooses, until the game is over, following
// the other seats' moves by waiting for the state to change; it returns the last state and the
// seat's whole log. It is safe to call from any goroutine: it reports failures as errors.
func playOut(url string, j joined, pick func(st state) viceroy.Move) (state, []line, error) {
	return playUntil(url, j, pick, func(st state) bool { return st.View.Over })
}

// playUntil is playOut, stopping as soon as a state sent satisfies until (or the game is over).
func playUntil(url string, j joined, pick func(st state) viceroy.Move, until func(state) bool) (state, []line, error) {
	var st state
	var log []line
	version := -1
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		var next state
		status, b, err := call(url, "GET", statePath(j, st.LogNext, version), j.Token, nil, &next)
		if err != nil || status != http.StatusOK {
			return st, log, fmt.Errorf("state: %d %s %v", status, b, err)
		}
		st, log, version = next, mergeLog(log, next.Log), next.Version
		for len(st.Moves) > 0 && !until(st) {
			body := moveAt(st.Version, pick(st))
			next = state{} // decoding into a used state would write over the slices of st
			status, b, err := call(url, "POST", movePath(j, st.LogNext), j.Token, body, &next)
			if err != nil || status != http.StatusOK {
				return st, log, fmt.Errorf("move %v: %d %s %v", body.Move, status, b, err)
			}
			st, log, version = next, mergeLog(log, next.Log), next.Version
		}
		if st.View.Over || until(st) {
			return st, log, nil
		}
	}
	return st, log, fmt.Errorf("game %s is not over after 3 minutes", j.Game)
}

// version returns the version of game id the server holds.
func (ts testServer) version(t testing.TB, id string) int {
	t.Helper()
	tb := ts.lockedTable(t, id)
	defer tb.mu.Unlock()
	return tb.version
}

// mergeLog adds the lines of the log received to those held, as the page does: the lines received
// replace those held from the first one received on.
func mergeLog(held, got []line) []line {
	if len(got) == 0 {
		return held
	}
	keep := len(held)
	for keep > 0 && held[keep-1].From >= got[0].From {
		keep--
	}
	return append(held[:keep:keep], got...)
}

// moveAt is the body of move m chosen in version v of the game.
func moveAt(v int, m viceroy.Move) moveRequest { return moveRequest{Version: &v, Move: m} }

// nextDecision waits until seat j owes a decision, and returns its state then; false once the
// game is over.
func (ts testServer) nextDecision(t testing.TB, j joined) (state, bool) {
	t.Helper()
	for {
		var st state
		ts.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &st)
		if st.View.Over {
			return st, false
		}
		if len(st.Moves) > 0 {
			return st, true
		}
		ts.must(t, "GET", statePath(j, 0, st.Version), j.Token, nil, nil) // wait for the others
	}
}
