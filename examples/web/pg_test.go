package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/laar/viceroy"
)

// servePG starts a server on the database url, with a store of its own; it is closed when the
// test ends.
func servePG(t testing.TB, url string) testServer {
	t.Helper()
	return serveStore(t, openTestPG(t, url))
}

// takeSeat takes seat p of game id through ts.
func (ts testServer) takeSeat(t testing.TB, id string, p int) joined {
	t.Helper()
	var j joined
	ts.must(t, "POST", fmt.Sprintf("/api/games/%s/seats/%d", id, p), "", nil, &j)
	return j
}

// TestPGServersRacingApplyOnce: two servers on one database, the same move of a seat sent to both
// at once, at every decision of a game: exactly one applies (200), the other is answered 409
// stale, and both servers and the database end at the same game.
func TestPGServersRacingApplyOnce(t *testing.T) {
	url := needPG(t).database(t)
	a, b := servePG(t, url), servePG(t, url)
	seats := []joined{a.newGame(t, viceroy.Config{Players: 2}, person, person)}
	seats = append(seats, b.takeSeat(t, seats[0].Game, 1))
	id := seats[0].Game
	races := 0
	for over := false; !over && races < 40; {
		for _, j := range seats {
			var st state
			a.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &st)
			if over = st.View.Over; over || len(st.Moves) == 0 {
				continue
			}
			req := moveAt(st.Version, st.Moves[len(st.Moves)/2].Move)
			var turn atomic.Int32
			var stale atomic.Int32
			statuses := race(2, func() int {
				ts := []testServer{a, b}[turn.Add(1)-1]
				status, body, err := call(ts.url, "POST", movePath(j, 0), j.Token, req, nil)
				if err != nil {
					t.Error(err)
				}
				if status == http.StatusConflict && strings.Contains(string(body), `"stale"`) {
					stale.Add(1)
				}
				return status
			})
			if statuses[http.StatusOK] != 1 || statuses[http.StatusConflict] != 1 || stale.Load() != 1 {
				t.Fatalf("the same move through two servers: %v (%d stale), want one 200 and one 409 stale", statuses, stale.Load())
			}
			races++
		}
	}
	if races < 20 {
		t.Fatalf("%d races, want 20 at least", races)
	}
	waitSameGame(t, id, a, b)
}

// waitSameGame waits (a second at most) until the servers hold the same game id, the game that
// the database's moves replay to.
func waitSameGame(t *testing.T, id string, servers ...testServer) {
	t.Helper()
	h, _, err := servers[0].store.load(id)
	if err != nil {
		t.Fatal(err)
	}
	want := h.Game()
	deadline := time.Now().Add(time.Second)
	for i, ts := range servers {
		for ts.heldGame(t, id) != want {
			if time.Now().After(deadline) {
				t.Fatalf("server %d holds game %s at version %d; the database at %d", i, id, ts.version(t, id), len(h.Record().Moves))
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// deafStore is a store that hears no changes from the other servers: a server on it learns of
// them only when the database refuses its own writes.
type deafStore struct{ gameStore }

func (deafStore) changes() <-chan string { return nil }

// TestPGLoserCatchesUp: a server that has not heard of another's move (its notices are lost)
// sends the same decision to the database, which refuses it; the server reads the move it missed
// and answers 409 stale, its game now the database's, and the next move through it plays.
func TestPGLoserCatchesUp(t *testing.T) {
	url := needPG(t).database(t)
	a := servePG(t, url)
	b := serveStore(t, deafStore{openTestPG(t, url)})
	j0 := a.newGame(t, viceroy.Config{Players: 2}, person, person)
	j1 := b.takeSeat(t, j0.Game, 1)
	var st state
	b.must(t, "GET", statePath(j0, 0, -1), j0.Token, nil, &st) // b holds the game now
	req := moveAt(st.Version, st.Moves[0].Move)
	a.must(t, "POST", movePath(j0, 0), j0.Token, req, nil)
	if b.version(t, j0.Game) != st.Version {
		t.Fatal("the deaf server heard of the move")
	}
	status, body, err := call(b.url, "POST", movePath(j0, 0), j0.Token, req, nil)
	if err != nil || status != http.StatusConflict || !strings.Contains(string(body), `"stale"`) {
		t.Fatalf("the move already made, through the server that missed it: %d %s %v, want 409 stale", status, body, err)
	}
	if b.version(t, j0.Game) != st.Version+1 {
		t.Fatal("the refused server did not catch up")
	}
	var st1 state
	b.must(t, "GET", statePath(j1, 0, -1), j1.Token, nil, &st1)
	b.must(t, "POST", movePath(j1, 0), j1.Token, moveAt(st1.Version, st1.Moves[0].Move), nil)
	waitSameGame(t, j0.Game, a, b)
}

// TestPGMovesReachOtherServersPages: a seat's page streams from server B; each move made through
// server A (by the other seat, or by the seat itself from another tab) reaches that page within a
// second.
func TestPGMovesReachOtherServersPages(t *testing.T) {
	url := needPG(t).database(t)
	a, b := servePG(t, url), servePG(t, url)
	j0 := a.newGame(t, viceroy.Config{Players: 2}, person, person)
	j1 := a.takeSeat(t, j0.Game, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	states, err := watchStates(ctx, b.url, j1)
	if err != nil {
		t.Fatal(err)
	}
	last := <-states
	var slowest time.Duration
	for range 10 {
		j := j0
		var st state
		a.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &st)
		if len(st.Moves) == 0 {
			j = j1
			a.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &st)
		}
		if len(st.Moves) == 0 {
			t.Fatalf("no seat owes a move at version %d", st.Version)
		}
		start := time.Now()
		a.must(t, "POST", movePath(j, 0), j.Token, moveAt(st.Version, st.Moves[0].Move), nil)
		for last.Version <= st.Version {
			select {
			case next, ok := <-states:
				if !ok {
					t.Fatal("the stream ended")
				}
				last = next
			case <-time.After(time.Second):
				t.Fatalf("version %d, made through server A, did not reach the page on server B within a second", st.Version+1)
			}
		}
		slowest = max(slowest, time.Since(start))
	}
	t.Logf("the slowest of 10 moves reached the other server's page in %v", slowest)
}

// watchStates reads the states that seat j's stream on the server at url sends, until ctx is done.
func watchStates(ctx context.Context, url string, j joined) (<-chan state, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/games/%s/seats/%d/stream?log=0", url, j.Game, j.Seat), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+j.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("stream: %s", resp.Status)
	}
	states := make(chan state, 16)
	go func() {
		defer close(states)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<22)
		for sc.Scan() {
			data, ok := strings.CutPrefix(sc.Text(), "data: ")
			var st state
			if !ok || json.Unmarshal([]byte(data), &st) != nil {
				continue
			}
			select {
			case states <- st:
			case <-ctx.Done():
				return
			}
		}
	}()
	return states, nil
}

// TestPGFailedWriteChangesNothing: with the database stopped, a move is answered 503 "unsaved"
// and changes neither the game held nor the database; once the database is back, the same move
// plays.
func TestPGFailedWriteChangesNothing(t *testing.T) {
	pg := needPG(t)
	a := servePG(t, pg.database(t))
	j0 := a.newGame(t, viceroy.Config{Players: 2}, person, person)
	a.takeSeat(t, j0.Game, 1)
	var st state
	a.must(t, "GET", statePath(j0, 0, -1), j0.Token, nil, &st)
	req := moveAt(st.Version, st.Moves[0].Move)
	before := a.heldGame(t, j0.Game)
	if err := pg.stop(); err != nil {
		t.Fatal(err)
	}
	started := false
	defer func() {
		if !started {
			pg.start() // for the tests after this one
		}
	}()
	status, body, err := call(a.url, "POST", movePath(j0, 0), j0.Token, req, nil)
	if err != nil || status != http.StatusServiceUnavailable || !strings.Contains(string(body), `"unsaved"`) {
		t.Fatalf("a move while the database is down: %d %s %v, want 503 unsaved", status, body, err)
	}
	if a.heldGame(t, j0.Game) != before {
		t.Error("the refused move changed the game held")
	}
	started = true
	if err := pg.start(); err != nil {
		t.Fatal(err)
	}
	if moves, err := a.store.movesSince(j0.Game, 0); err != nil || len(moves) != st.Version {
		t.Fatalf("the database holds %d moves (%v), want %d: the refused move was stored", len(moves), err, st.Version)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		status, body, err = call(a.url, "POST", movePath(j0, 0), j0.Token, req, nil)
		if status != http.StatusServiceUnavailable || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil || status != http.StatusOK {
		t.Fatalf("the same move once the database is back: %d %s %v", status, body, err)
	}
	waitSameGame(t, j0.Game, a)
}

// TestPGOneServerRunsAGamesBots: two servers on one database hold a game of a person and a bot;
// only one of them runs the bot (the first to hold the game), the other learning its moves from
// the database; once that server stops, the other takes the bot over and the game goes on.
func TestPGOneServerRunsAGamesBots(t *testing.T) {
	url := needPG(t).database(t)
	a := servePG(t, url)
	b := servePG(t, url)
	j := a.newGame(t, viceroy.Config{Players: 2}, person, "random")
	id := j.Game
	b.heldGame(t, id) // b holds the game too, its bots waiting for their turn
	playPerson := func(ts testServer, moves int) int {
		made := 0
		for made < moves {
			var st state
			ts.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &st)
			if st.View.Over {
				break
			}
			if len(st.Moves) == 0 { // the bot's turn: wait for its move
				ts.must(t, "GET", statePath(j, 0, st.Version), j.Token, nil, &st)
				continue
			}
			status, body, err := call(ts.url, "POST", movePath(j, 0), j.Token, moveAt(st.Version, st.Moves[0].Move), nil)
			switch {
			case err == nil && status == http.StatusOK:
				made++
			case err == nil && status == http.StatusConflict && strings.Contains(string(body), `"stale"`):
				// The bot moved meanwhile, in a way that concerns the person's decision: choose again.
			default:
				t.Fatalf("the person's move: %d %s %v", status, body, err)
			}
		}
		return made
	}
	if n := playPerson(a, 15) + playPerson(b, 15); n < 20 {
		t.Fatalf("the person made %d moves, want 20 at least", n)
	}
	decided := func(ts testServer) int64 { return ts.lockedTableDecisions(t, id) }
	if da, db := decided(a), decided(b); da == 0 || db != 0 {
		t.Fatalf("bot decisions: %d by the server that made the game, %d by the other; want some, and none", da, db)
	}
	a.Close() // the server running the bot stops: the other takes it over
	before := decided(b)
	playPerson(b, 10)
	if decided(b) == before {
		t.Fatal("the bot made no move through the other server once the first stopped")
	}
}

// lockedTableDecisions returns the decisions ts's bots made for game id.
func (ts testServer) lockedTableDecisions(t testing.TB, id string) int64 {
	t.Helper()
	tb := ts.lockedTable(t, id)
	defer tb.mu.Unlock()
	return tb.botDecisions.Load()
}
