package main

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/laar/viceroy"
)

// TestTwoHundredGamesAtOnce holds 200 games at once on the loopback address, each played to the end
// by a client of its own over HTTP against bots, and checks that every game's record file replays to
// the game the server holds. The clients' requests are bounded by the run's time limit.
func TestTwoHundredGamesAtOnce(t *testing.T) {
	const games = 200
	ts := serve(t, t.TempDir())
	ts.watches = newWatchLimit(games, watchesPerSeat, watchesInAll) // 200 people from one address
	settings := []struct {
		cfg   viceroy.Config
		seats []string
	}{
		{viceroy.Config{Players: 2}, []string{person, "random"}},
		{viceroy.Config{Players: 2, Edition: viceroy.FirstEdition}, []string{person, "greedy"}},
		{viceroy.Config{Players: 1, Virtual: 1}, []string{person}},
		{viceroy.Config{Players: 3}, []string{"random", person, "greedy"}},
	}
	joins := make([]joined, games)
	for i := range joins {
		s := settings[i%len(settings)]
		joins[i] = ts.newGame(t, s.cfg, s.seats...)
	}
	// Every game waits for its person now: all 200 are being played at once.
	for _, j := range joins {
		if g := ts.heldGame(t, j.Game); g.Over() {
			t.Fatalf("game %s is over before it began", j.Game)
		}
	}
	var moves atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for i, j := range joins {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := playLight(ts.url, j, uint64(i), 8*time.Minute)
			if err != nil {
				t.Errorf("game %s: %v", j.Game, err)
			}
			moves.Add(int64(n))
		}()
	}
	wg.Wait()
	took := time.Since(start)
	for _, j := range joins {
		g := ts.heldGame(t, j.Game)
		if !g.Over() {
			t.Errorf("game %s is not over", j.Game)
		}
		if ts.replayFile(t, j.Game) != g {
			t.Errorf("game %s: the record file does not replay to the game held", j.Game)
		}
	}
	t.Logf("%d games, %d moves of the clients, in %v", games, moves.Load(), took)
}

// glance is the part of a seat's state a client that plays random moves reads: decoding the
// whole view, as a page does, would cost the 200 clients of the load test more than the server.
type glance struct {
	Version int         `json:"version"`
	Moves   []described `json:"moves"`
	LogNext int         `json:"log_next"`
	View    struct {
		Over bool `json:"over"`
	} `json:"view"`
}

// playLight plays seat j with random legal moves until the game is over, as playOut does, reading
// only a glance of each state, and returns the number of moves it made.
func playLight(url string, j joined, seed uint64, limit time.Duration) (int, error) {
	rng := rand.New(rand.NewPCG(seed, 3))
	var st glance
	moves, version := 0, -1
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); {
		next := glance{}
		status, b, err := call(url, "GET", statePath(j, st.LogNext, version), j.Token, nil, &next)
		if err != nil || status != http.StatusOK {
			return moves, fmt.Errorf("state: %d %s %v", status, b, err)
		}
		st, version = next, next.Version
		for len(st.Moves) > 0 {
			body := moveAt(st.Version, st.Moves[rng.IntN(len(st.Moves))].Move)
			next = glance{}
			status, b, err := call(url, "POST", movePath(j, st.LogNext), j.Token, body, &next)
			if err != nil || status != http.StatusOK {
				return moves, fmt.Errorf("move %v: %d %s %v", body.Move, status, b, err)
			}
			st, version = next, next.Version
			moves++
		}
		if st.View.Over {
			return moves, nil
		}
	}
	return moves, fmt.Errorf("game %s is not over after %v", j.Game, limit)
}

// BenchmarkMoveAnswered measures a person's move over HTTP, from the request to the answer with
// the new state, in a 2-player game against the strongest bot level, whose moves are made in the
// background meanwhile (in simultaneous decisions it thinks while the person moves). Besides the
// mean, it reports the slowest answer and the 99th percentile.
func BenchmarkMoveAnswered(b *testing.B) {
	ts := serve(b, b.TempDir())
	level := viceroy.BotLevels()[len(viceroy.BotLevels())-1]
	pick := randomPick(1)
	var j joined
	var st state
	fresh := func() {
		j = ts.newGame(b, viceroy.Config{Players: 2}, person, level)
		st = state{}
		ts.must(b, "GET", statePath(j, 0, -1), j.Token, nil, &st)
	}
	fresh()
	took := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		for len(st.Moves) == 0 {
			if st.View.Over {
				fresh()
				continue
			}
			next := state{}
			ts.must(b, "GET", statePath(j, 0, st.Version), j.Token, nil, &next)
			st = next
		}
		req := moveAt(st.Version, pick(st))
		next := state{}
		b.StartTimer()
		begun := time.Now()
		status, body, err := call(ts.url, "POST", movePath(j, 0), j.Token, req, &next)
		took = append(took, time.Since(begun))
		b.StopTimer()
		if err != nil || status != http.StatusOK {
			b.Fatalf("%d %s %v", status, body, err)
		}
		st = next
		b.StartTimer()
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
}
