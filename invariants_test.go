package viceroy

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var (
	soak      = flag.Bool("soak", false, "run the soak test: a million random games")
	soakGames = flag.Int("soak.games", 1_000_000, "games the soak test plays")
)

// soakGame plays game i of the soak with random legal moves, auditing after every move, and
// checks that the old value never changes and that the game lasts 12 turns.
func soakGame(i int, cfg Config) error {
	cfg.Seed = uint64(i)
	g, err := NewGame(cfg)
	if err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(uint64(i), 77))
	var buf [128]Move
	for steps := 0; !g.Over(); steps++ {
		if err := g.audit(); err != nil {
			return fmt.Errorf("game %d %+v, decision %d: %w", i, cfg, steps, err)
		}
		if steps > 20000 {
			return fmt.Errorf("game %d %+v: no end", i, cfg)
		}
		owes := g.owing()
		var who [MaxPlayers]Player
		n := 0
		for p := range g.players {
			if owes&(1<<p) != 0 {
				who[n] = Player(p)
				n++
			}
		}
		p := who[r.IntN(n)]
		moves := g.AppendLegal(buf[:0], p)
		before := g
		next, err := g.Apply(p, moves[r.IntN(len(moves))])
		if err != nil {
			return fmt.Errorf("game %d %+v: legal move rejected: %w", i, cfg, err)
		}
		if g != before {
			return fmt.Errorf("game %d %+v: Apply changed the old game", i, cfg)
		}
		g = next
	}
	if err := g.audit(); err != nil {
		return fmt.Errorf("game %d %+v at the end: %w", i, cfg, err)
	}
	if g.turn != Turns || len(g.Scores()) != cfg.Players {
		return fmt.Errorf("game %d %+v: ended in turn %d with %d sheets", i, cfg, g.turn, len(g.Scores()))
	}
	return nil
}

// TestSoak plays a million random games (go test -run Soak -soak) over every edition and player
// mix, on all cores, auditing every invariant after every move. Without -soak it plays a few
// hundred, so the audit itself stays tested.
func TestSoak(t *testing.T) {
	games := 300
	if *soak {
		games = *soakGames
	}
	configs := allMixes(0)
	var next, done atomic.Int64
	var failed atomic.Bool
	var failure error
	var once sync.Once
	var wg sync.WaitGroup
	start := time.Now()
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= games || failed.Load() {
					return
				}
				if err := soakGame(i, configs[i%len(configs)]); err != nil {
					once.Do(func() { failure = err })
					failed.Store(true)
					return
				}
				if n := done.Add(1); *soak && n%100_000 == 0 {
					t.Logf("%d games, %v", n, time.Since(start).Round(time.Second))
				}
			}
		}()
	}
	wg.Wait()
	if failure != nil {
		t.Fatal(failure)
	}
	t.Logf("%d random games over %d configurations in %v, every invariant held after every move",
		done.Load(), len(configs), time.Since(start).Round(time.Millisecond))
}
