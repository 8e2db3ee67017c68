package main

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/laar/viceroy"
)

// waitFor polls cond until it holds, failing the test after a while.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting for %s", what)
		}
	}
}

// TestThinkQueueTakesTurns queues searches behind one that holds the only slot, and checks that
// they think in the order they came, each with the cap of the queue as it was when its turn came.
func TestThinkQueueTakesTurns(t *testing.T) {
	q := newThinkQueue(1)
	hold, held := make(chan struct{}), make(chan struct{})
	go q.think(context.Background(), func(time.Duration) {
		close(held)
		<-hold
	})
	<-held
	var mu sync.Mutex
	var order []int
	var limits []time.Duration
	var wg sync.WaitGroup
	const n = 5
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q.think(context.Background(), func(limit time.Duration) {
				mu.Lock()
				defer mu.Unlock()
				order, limits = append(order, i), append(limits, limit)
			})
		}()
		waitFor(t, fmt.Sprintf("search %d to queue", i), func() bool { return q.load() == i+2 })
	}
	close(hold)
	wg.Wait()
	if want := []int{0, 1, 2, 3, 4}; !slices.Equal(order, want) {
		t.Errorf("the searches thought in the order %v, want %v", order, want)
	}
	for i, limit := range limits {
		// The i-th search gets its turn with n-i searches waiting or thinking, itself among them.
		if want := q.limitFor(n - i); limit != want {
			t.Errorf("search %d: cap %v, want %v", i, limit, want)
		}
	}
	if q.load() != 0 || q.free != 1 {
		t.Errorf("after all: load %d, %d slots free, want 0 and 1", q.load(), q.free)
	}
}

// TestThinkQueueLimit checks the caps: the most while there are no more searches than slots, then
// shrinking as more wait so that the queue comes round in about its round, never below the least.
func TestThinkQueueLimit(t *testing.T) {
	q := newThinkQueue(2)
	for _, c := range []struct {
		n    int
		want time.Duration
	}{
		{1, mostThink},
		{2, mostThink},
		{4, time.Second},
		{40, 100 * time.Millisecond},
		{300, thinkRound * 2 / 300},
		{100000, leastThink},
	} {
		if got := q.limitFor(c.n); got != c.want {
			t.Errorf("%d searches: cap %v, want %v", c.n, got, c.want)
		}
	}
}

// TestThinkQueueGivesUp checks that a search whose context ends while it waits leaves the queue
// without thinking, and that no slot is lost.
func TestThinkQueueGivesUp(t *testing.T) {
	q := newThinkQueue(1)
	hold, held := make(chan struct{}), make(chan struct{})
	done := make(chan struct{})
	go func() {
		q.think(context.Background(), func(time.Duration) {
			close(held)
			<-hold
		})
		close(done)
	}()
	<-held
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error)
	go func() {
		errc <- q.think(ctx, func(time.Duration) { t.Error("a search that gave up thought") })
	}()
	waitFor(t, "the search to queue", func() bool { return q.load() == 2 })
	cancel()
	if err := <-errc; err != context.Canceled {
		t.Errorf("think returned %v, want context.Canceled", err)
	}
	close(hold)
	<-done
	ran := false
	if err := q.think(context.Background(), func(time.Duration) { ran = true }); err != nil || !ran {
		t.Errorf("after a search gave up, the next one: error %v, thought %v", err, ran)
	}
	if q.free != 1 || len(q.waiting) != 0 {
		t.Errorf("%d slots free and %d waiting, want 1 and 0", q.free, len(q.waiting))
	}
}

// TestSearchedDecisions holds searchedDecisions to the library: a SearchBot with a budget of
// playouts it cannot end and a cap of 200 ms takes the whole cap on a decision it searches, and
// answers at once (the heuristic's microseconds) on one it does not. Views of every decision come
// from games of random and greedy bots of every shape.
func TestSearchedDecisions(t *testing.T) {
	const limit = 200 * time.Millisecond
	views := viewsOfEveryDecision(t)
	for d := viceroy.NoDecision + 1; d <= viceroy.ChooseAuctionDiscard; d++ {
		v, ok := views[d]
		if !ok {
			t.Errorf("no game reached %v with two legal moves or more: the list is not held to the library for it", d)
			continue
		}
		b := viceroy.NewSearchBot(1, viceroy.SearchOptions{Playouts: 1 << 30, Time: limit, Workers: 1})
		took := time.Duration(1 << 62)
		for range 3 { // the fastest of three: a machine may stall one answer
			start := time.Now()
			b.Choose(v, v.Legal)
			took = min(took, time.Since(start))
			if took >= limit {
				break // a search: every try takes the cap
			}
		}
		want := slices.Contains(searchedDecisions, d)
		if got := took >= limit; got != want {
			t.Errorf("%v: searched %v (answered in %v), but searchedDecisions says %v", d, got, took, want)
		}
	}
}

// viewsOfEveryDecision plays games of random and greedy bots (a random bot seldom builds a pyramid
// to level 5), of one to four players, with and without virtual opponents, of both editions, and
// returns a view of each decision they reached with two
// legal moves or more.
func viewsOfEveryDecision(t *testing.T) map[viceroy.Decision]viceroy.View {
	t.Helper()
	shapes := []viceroy.Config{{Players: 1, Virtual: 1}, {Players: 2}, {Players: 2, Virtual: 1},
		{Players: 3}, {Players: 4}, {Players: 3, Virtual: 1}}
	views := map[viceroy.Decision]viceroy.View{}
	for seed := range uint64(400) {
		cfg := shapes[seed%uint64(len(shapes))]
		cfg.Seed = seed
		if seed%2 == 1 {
			cfg.Edition = viceroy.FirstEdition
		}
		g, err := viceroy.NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var bot viceroy.Bot = viceroy.NewRandomBot(seed)
		if seed%4 >= 2 {
			bot = viceroy.NewHeuristicBot(seed)
		}
		for !g.Over() {
			p := g.ToMove()[0]
			v := g.View(p)
			if _, seen := views[v.Decision]; !seen && len(v.Legal) > 1 {
				views[v.Decision] = v
			}
			if err := g.Play(p, bot.Choose(v, v.Legal)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return views
}
