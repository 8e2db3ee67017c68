package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The flags of TestScale, which the default run skips: it takes a minute or two.
//
//	go test -run TestScale -scale -v .
var (
	scaleRun     = flag.Bool("scale", false, "run TestScale: many games held and streams open, a person's moves timed")
	scaleGames   = flag.Int("scale.games", 10_000, "TestScale: the games held")
	scaleStreams = flag.Int("scale.streams", 2_000, "TestScale: the streams open, one on each of as many games")
	scaleMoves   = flag.Int("scale.moves", 3_000, "TestScale: the moves timed")
	scaleRate    = flag.Int("scale.rate", 200, "TestScale: the moves a second of all the people together")
)

// memory is what the process holds at a moment, after a collection: the heap in use, the
// goroutines' stacks, and the goroutines.
type memory struct {
	heap, stacks, live uint64
	goroutines         int
}

// measure collects the garbage and returns what the process holds.
func measure() memory {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return memory{ms.HeapInuse, ms.StackInuse, ms.HeapAlloc, runtime.NumGoroutine()}
}

func (m memory) String() string {
	return fmt.Sprintf("heap %.1f MB (live %.1f), stacks %.1f MB, %d goroutines", mb(m.heap), mb(m.live), mb(m.stacks), m.goroutines)
}

func mb(n uint64) float64 { return float64(n) / (1 << 20) }

// perEach returns what each of n things held: the growth from before to with, divided by n.
func perEach(before, with memory, n int) string {
	return fmt.Sprintf("%.1f KB heap, %.1f KB stack, %.2f goroutines", float64(int64(with.heap)-int64(before.heap))/1024/float64(n),
		float64(int64(with.stacks)-int64(before.stacks))/1024/float64(n), float64(with.goroutines-before.goroutines)/float64(n))
}

// createGames creates n games of two players, a person and a quick bot, from as many client
// addresses as spread, on workers goroutines, and returns their persons' seats.
func createGames(t testing.TB, ts testServer, n, spread, workers int) []joined {
	t.Helper()
	joins := make([]joined, n)
	var next atomic.Int64
	var failed atomic.Value
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n && failed.Load() == nil; i = int(next.Add(1)) - 1 {
				bot := []string{"random", "greedy"}[i%2]
				status, b, err := callAs(ts.url, clientAddr(i%spread), "POST", "/api/games", "",
					map[string]any{"players": 2, "seats": []string{person, bot}}, &joins[i])
				if err != nil || status != http.StatusOK {
					failed.Store(fmt.Sprintf("game %d: %d %s %v", i, status, b, err))
				}
			}
		})
	}
	wg.Wait()
	if f := failed.Load(); f != nil {
		t.Fatal(f)
	}
	return joins
}

// openStreams opens a stream on each seat of joins, the seat i from the client address i%spread,
// on workers goroutines, and returns them once each has sent its first state; the caller closes
// them (the server's own streams end when the test's server stops).
func openStreams(t testing.TB, ts testServer, joins []joined, spread, workers int) []*rawStream {
	t.Helper()
	streams := make([]*rawStream, len(joins))
	var next atomic.Int64
	var failed atomic.Value
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(joins) && failed.Load() == nil; i = int(next.Add(1)) - 1 {
				rs, err := openRaw(ts.url, joins[i], clientAddr(i%spread))
				switch {
				case err != nil:
					failed.Store(fmt.Sprintf("stream %d: %v", i, err))
				case rs.status != http.StatusOK:
					failed.Store(fmt.Sprintf("stream %d: %d %s", i, rs.status, rs.body))
				}
				streams[i] = rs
			}
		})
	}
	wg.Wait()
	if f := failed.Load(); f != nil {
		closeStreams(streams)
		t.Fatal(f)
	}
	return streams
}

// closeStreams closes the streams' connections.
func closeStreams(streams []*rawStream) {
	for _, rs := range streams {
		if rs != nil {
			rs.conn.Close()
		}
	}
}

// settle waits, for at most limit, until the process has at most want goroutines, and reports
// whether it came to that.
func settle(want int, limit time.Duration) bool {
	for deadline := time.Now().Add(limit); runtime.NumGoroutine() > want; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			return false
		}
	}
	return true
}

// TestScale measures the server at scale on the loopback address, and reports the figures; it
// fails only when a request fails. It holds -scale.games games of a person and a quick bot (random
// or greedy), opens a stream on -scale.streams of them, and reports the memory the process holds
// (the server's, and the test's clients', which hold little: a connection a stream) before the
// streams open, with them open, and after they closed. Then it opens them again, and has their
// people move at -scale.rate moves a second in all, each person's move sent once the state is read
// (at the clients' own pace: when the server falls behind, fewer are sent), until -scale.moves
// moves are timed, from the request to the answer; each move is stored (synced to the disk) before
// it is answered, and its stream is sent the new state, then the bot's move.
//
//	go test -run TestScale -scale -v .
func TestScale(t *testing.T) {
	if !*scaleRun {
		t.Skip("measures the server at scale: go test -run TestScale -scale -v .")
	}
	games, streams := *scaleGames, min(*scaleStreams, *scaleGames)
	ts := asClients(t, serve(t, t.TempDir()))
	ts.maxGames = games
	start := time.Now()
	joins := createGames(t, ts, games, 500, 8)
	t.Logf("%d games created in %v", games, time.Since(start).Round(time.Millisecond))
	time.Sleep(time.Second) // the bots make their first moves
	before := measure()
	t.Logf("memory with the games held: %v", before)

	start = time.Now()
	open := openStreams(t, ts, joins[:streams], 200, 8)
	t.Logf("%d streams opened in %v", streams, time.Since(start).Round(time.Millisecond))
	with := measure()
	t.Logf("memory with the streams open: %v; each stream: %s", with, perEach(before, with, streams))
	closeStreams(open)
	if !settle(before.goroutines+10, 10*time.Second) {
		t.Logf("the goroutines did not come back within 10 s: %d, %d before the streams", runtime.NumGoroutine(), before.goroutines)
	}
	after := measure()
	t.Logf("memory after the streams closed: %v; left by each stream: %s", after, perEach(before, after, streams))

	open = openStreams(t, ts, joins[:streams], 200, 8)
	defer closeStreams(open)
	for _, rs := range open {
		rs.drain()
	}
	start = time.Now()
	took, reads := timeMoves(t, ts, joins[:streams], *scaleMoves, *scaleRate)
	rate := float64(len(took)) / time.Since(start).Seconds()
	slices.Sort(took)
	slices.Sort(reads)
	t.Logf("with the streams open again, %d moves answered, %.0f a second: p50 %v, p99 %v, max %v (the state read before each: p50 %v, p99 %v, max %v)",
		len(took), rate, percentile(took, 50), percentile(took, 99), took[len(took)-1],
		percentile(reads, 50), percentile(reads, 99), reads[len(reads)-1])
}

// timeMoves has the people of joins move, n moves at rate moves a second in all, each of its own
// game: the state read, and a random legal move made if the person owes one. It returns how long
// each move took to be answered, and each state read before it.
func timeMoves(t testing.TB, ts testServer, joins []joined, n, rate int) (took, reads []time.Duration) {
	t.Helper()
	const workers = 16
	ticks := make(chan struct{})
	go func() {
		defer close(ticks)
		tick := time.NewTicker(time.Second / time.Duration(rate))
		defer tick.Stop()
		deadline := time.Now().Add(time.Duration(n/rate+60) * time.Second)
		for range tick.C {
			if time.Now().After(deadline) {
				return
			}
			select {
			case ticks <- struct{}{}:
			default: // every worker is busy: the server is behind, and the tick is lost
			}
		}
	}()
	var mu sync.Mutex
	var failed atomic.Value
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for i := w; ; i = (i + workers) % len(joins) {
				if _, ok := <-ticks; !ok || failed.Load() != nil {
					return
				}
				j := joins[i]
				var st glance
				begun := time.Now()
				status, b, err := callAs(ts.url, clientAddr(i%200), "GET", statePath(j, 1<<30, -1), j.Token, nil, &st)
				read := time.Since(begun)
				if err != nil || status != http.StatusOK {
					failed.Store(fmt.Sprintf("state: %d %s %v", status, b, err))
					return
				}
				if len(st.Moves) == 0 {
					continue // the bot's turn, or the game is over
				}
				body := moveAt(st.Version, st.Moves[rng.IntN(len(st.Moves))].Move)
				begun = time.Now()
				status, b, err = callAs(ts.url, clientAddr(i%200), "POST", movePath(j, 1<<30), j.Token, body, nil)
				answered := time.Since(begun)
				if err != nil || status != http.StatusOK {
					failed.Store(fmt.Sprintf("move: %d %s %v", status, b, err))
					return
				}
				mu.Lock()
				took, reads = append(took, answered), append(reads, read)
				done := len(took) >= n
				mu.Unlock()
				if done {
					failed.Store("") // the others stop
					return
				}
			}
		})
	}
	wg.Wait()
	if f := failed.Load(); f != nil && f != "" {
		t.Fatal(f)
	}
	if len(took) == 0 {
		t.Fatal("no move was made")
	}
	return took, reads
}
