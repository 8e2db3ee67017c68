package main

import (
	"context"
	"slices"
	"sync"
	"time"
)

// thinkQueue is where the search bots of all the tables wait for their turn to think, so that the
// processors are shared fairly and no game waits long for the others' searches. The policy:
//
//   - Only searches queue. The random and greedy levels, and the decisions a search bot does not
//     search (see searches), are answered at once in the table's own goroutine: they take
//     microseconds, and never wait behind a search.
//   - The queue is first come, first served, and a table has at most one decision in it at a time
//     (its bots decide one after another), so the tables take turns round-robin: a table whose bot
//     has thought goes to the back of the queue for its next search.
//   - slots searches think at once, each on one goroutine (SearchOptions.Workers 1): one for each
//     processor but one (see searchSlots), which is left for everything else: the cheap bots, the
//     requests, and the writes of the moves. (Behind 300 search games on two processors, the
//     99th percentile of a cheap bot's moves, each written and synced, was 128 ms with both
//     processors searching, and 20-60 ms with one left free.)
//   - Each search is capped in time (SearchOptions.Time), and the cap shrinks as more searches
//     wait: it is set when the search gets its slot, to round*slots/n, where n counts the searches
//     waiting or thinking, kept between least and most. So the whole queue comes round in about
//     round while the caps are above least: a search bot answers within about round under load,
//     and thinks less. With more searches than round*slots/least waiting (200 on one slot), each
//     gets least, and a round takes longer (300 searches on one slot: about 6 s). A search that
//     ends its playout budget before its cap stops there (an idle server plays at the library's
//     default budget, about 160 ms a decision on one goroutine). The library checks the time
//     between batches of 8 playouts, so a search may run past its cap by one batch (about 7 ms).
type thinkQueue struct {
	slots int           // searches that think at once
	round time.Duration // about how long the whole queue takes to come round
	least time.Duration // the smallest cap of a search
	most  time.Duration // the largest cap of a search

	mu      sync.Mutex
	free    int             // slots not taken
	waiting []chan struct{} // the searches waiting, first come first; each closed when given a slot
}

// The caps of a search in the queue: the whole queue comes round in about thinkRound, and a
// search thinks between leastThink and mostThink.
const (
	thinkRound = 2 * time.Second
	leastThink = 10 * time.Millisecond
	mostThink  = 2 * time.Second
)

// searchSlots returns the number of searches that think at once on procs processors: all but one,
// and at least one.
func searchSlots(procs int) int { return max(procs-1, 1) }

// newThinkQueue returns a queue in which slots searches think at once, with the caps of the
// constants above.
func newThinkQueue(slots int) *thinkQueue {
	slots = max(slots, 1)
	return &thinkQueue{slots: slots, round: thinkRound, least: leastThink, most: mostThink, free: slots}
}

// think waits for the caller's turn and runs search with the time cap of that turn, then gives the
// slot to the next search waiting. It returns ctx's error, without running search, if ctx ends
// first.
func (q *thinkQueue) think(ctx context.Context, search func(limit time.Duration)) error {
	limit, err := q.take(ctx)
	if err != nil {
		return err
	}
	defer q.release()
	search(limit)
	return nil
}

// take waits for a slot, at the back of the queue, and returns the time cap of the search.
func (q *thinkQueue) take(ctx context.Context) (time.Duration, error) {
	q.mu.Lock()
	if q.free > 0 && len(q.waiting) == 0 {
		q.free--
		limit := q.limitLocked()
		q.mu.Unlock()
		return limit, nil
	}
	turn := make(chan struct{})
	q.waiting = append(q.waiting, turn)
	q.mu.Unlock()
	select {
	case <-turn:
		q.mu.Lock()
		defer q.mu.Unlock()
		return q.limitLocked(), nil
	case <-ctx.Done():
		q.leave(turn)
		return 0, ctx.Err()
	}
}

// leave takes a search that gave up out of the queue; if it was given a slot meanwhile, the slot
// goes on to the next.
func (q *thinkQueue) leave(turn chan struct{}) {
	q.mu.Lock()
	i := slices.Index(q.waiting, turn)
	if i >= 0 {
		q.waiting = slices.Delete(q.waiting, i, i+1)
	}
	q.mu.Unlock()
	if i < 0 {
		q.release()
	}
}

// release gives a slot back: to the first search waiting, if any.
func (q *thinkQueue) release() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.waiting) == 0 {
		q.free++
		return
	}
	close(q.waiting[0])
	q.waiting = q.waiting[1:]
}

// limitLocked is the time cap of a search that gets its slot now. The caller holds the lock.
func (q *thinkQueue) limitLocked() time.Duration {
	n := q.slots - q.free + len(q.waiting)
	return q.limitFor(n)
}

// limitFor is the time cap of a search while n searches wait or think.
func (q *thinkQueue) limitFor(n int) time.Duration {
	if n <= q.slots {
		return q.most
	}
	return min(max(q.round*time.Duration(q.slots)/time.Duration(n), q.least), q.most)
}

// load returns the number of searches waiting or thinking.
func (q *thinkQueue) load() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.slots - q.free + len(q.waiting)
}
