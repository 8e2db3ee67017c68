package main

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/laar/viceroy"
)

// holds reports whether the server holds game id in memory.
func (ts testServer) holds(id string) bool {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.tables[id] != nil
}

// TestFinishedGameLeavesMemory: a game played to its end stays in memory while it was asked for
// within finishedIdle, then leaves; its record, state and info are still served, from the store,
// and the game loaded again is the one that ended.
func TestFinishedGameLeavesMemory(t *testing.T) {
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "random")
	end, _, err := playOut(ts.url, j, randomPick(11))
	if err != nil {
		t.Fatal(err)
	}
	final := ts.heldGame(t, j.Game)
	if !end.View.Over || !final.Over() {
		t.Fatal("the game did not end")
	}
	if n := ts.evict(time.Now()); n != 0 || !ts.holds(j.Game) {
		t.Fatalf("%d games left memory at once, want none: the game was just asked for", n)
	}
	// A table busy at the moment stays (leaves): the bot's goroutine or the last request may still
	// hold it for a moment after the game's end was answered, so the eviction is asked again.
	n := 0
	for deadline := time.Now().Add(5 * time.Second); n == 0 && time.Now().Before(deadline); {
		if n = ts.evict(time.Now().Add(finishedIdle + time.Second)); n == 0 {
			time.Sleep(10 * time.Millisecond)
		}
	}
	if n != 1 || ts.holds(j.Game) {
		t.Fatalf("%d games left memory after finishedIdle, want the finished one", n)
	}
	var rec viceroy.Record
	ts.must(t, "GET", fmt.Sprintf("/api/games/%s/record", j.Game), "", nil, &rec)
	if g, err := viceroy.Replay(rec); err != nil || g != final {
		t.Fatalf("the record served after the game left memory does not replay to its end: %v", err)
	}
	var st state
	ts.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &st)
	if !st.View.Over || st.Version != end.Version {
		t.Errorf("the state served again is version %d (over %v), want %d, over", st.Version, st.View.Over, end.Version)
	}
	if !ts.holds(j.Game) {
		t.Error("the game asked for again is not held")
	}
}

// TestAbandonedGameLeavesMemory: a game in play that nobody asks for leaves memory after the
// server's idle time, but never while a page streams it; the lobby still lists it while it has a
// seat free, and it plays on when asked for again.
func TestAbandonedGameLeavesMemory(t *testing.T) {
	ts := serve(t, t.TempDir())
	ts.idle[0] = time.Hour
	j := ts.newGame(t, viceroy.Config{Players: 3}, person, "random", person)
	if _, _, err := playUntil(ts.url, j, randomPick(12), func(st state) bool { return st.Version >= 2 }); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour + time.Second)
	ctx, cancel := context.WithCancel(context.Background())
	states, err := watchStates(ctx, ts.url, j)
	if err != nil {
		t.Fatal(err)
	}
	<-states
	if n := ts.evict(later); n != 0 {
		t.Fatalf("%d games left memory while a page streams one", n)
	}
	cancel()
	for range states { // the stream ends
	}
	deadline := time.Now().Add(5 * time.Second)
	for ts.evict(later) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the game did not leave memory once its page closed and it was left for the idle time")
		}
		time.Sleep(10 * time.Millisecond)
	}
	var open []gameInfo
	ts.must(t, "GET", "/api/games", "", nil, &open)
	if len(open) != 1 || open[0].Game != j.Game || ts.holds(j.Game) {
		t.Fatalf("the lobby lists %v, want the game that left memory, without loading it", open)
	}
	j2 := ts.takeSeat(t, j.Game, 2)
	var wg sync.WaitGroup
	for i, seat := range []joined{j, j2} {
		wg.Go(func() {
			if _, _, err := playUntil(ts.url, seat, randomPick(13+uint64(i)), func(st state) bool { return st.Version >= 12 }); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if !ts.fileMatches(t, j.Game) {
		t.Error("the record file does not replay to the game held")
	}
}
