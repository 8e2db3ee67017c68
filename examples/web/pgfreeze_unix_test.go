//go:build unix

package main

import (
	"net/http"
	"syscall"
	"testing"
	"time"
)

// takeOverWithin bounds how long after a server freezes another may take its games' bots: the
// lease's time to live, the other's wait between asks, and room for a slow machine.
const takeOverWithin = 10 * time.Second

// TestPGFrozenServerLosesItsBots: two server processes on one database hold a game of a person
// and a bot, whose bot the first (A) runs. A is frozen (SIGSTOP), as a server that stops
// answering while its connections stay open: within seconds the second (B) runs the bot, and the
// game goes on. A is let go on (SIGCONT): it stores no bot's move more (all of A's come before
// B's first), it stops running the game's bots, and the record replays, each bot's move in it
// stored once, by A before it froze or by B after.
func TestPGFrozenServerLosesItsBots(t *testing.T) {
	url := needPG(t).database(t)
	a := startServerProcess(t, "A", url)
	b := startServerProcess(t, "B", url)
	var j joined
	status, body, err := call(a.url, "POST", "/api/games", "", map[string]any{"players": 2, "seats": []string{person, "random"}}, &j)
	if err != nil || status != http.StatusOK {
		t.Fatalf("a new game: %d %s %v", status, body, err)
	}
	id := j.Game
	// Through B, which holds the game from its first request on, its bots waiting for their turn.
	personMoves(t, b.url, j, 0, func(st state) bool { return st.Version < 8 })
	if ra, rb := a.bots(t, id), b.bots(t, id); len(ra.Stored) == 0 || rb.Decisions != 0 {
		t.Fatalf("before the freeze, server A stored %d bot's moves and server B's bots made %d decisions; want some, and none", len(ra.Stored), rb.Decisions)
	}

	a.signal(t, syscall.SIGSTOP)
	frozen := time.Now()
	var tookOver time.Duration
	personMoves(t, b.url, j, 0, func(state) bool {
		n := len(b.bots(t, id).Stored)
		if n > 0 && tookOver == 0 {
			tookOver = time.Since(frozen)
		}
		if n == 0 && time.Since(frozen) > takeOverWithin {
			t.Fatalf("no bot's move through server B %v after server A froze: A keeps the game's bots", takeOverWithin)
		}
		return n < 3
	})
	t.Logf("server B stored the bot's first move %v after server A froze", tookOver.Round(time.Millisecond))

	a.signal(t, syscall.SIGCONT)
	woke := time.Now()
	rb0 := b.bots(t, id)
	personMoves(t, b.url, j, 150*time.Millisecond, func(state) bool { return time.Since(woke) < 2*time.Second })
	ra1 := a.bots(t, id)
	last := personMoves(t, b.url, j, 150*time.Millisecond, func(state) bool { return time.Since(woke) < 3500*time.Millisecond })
	ra2, rb2 := a.bots(t, id), b.bots(t, id)
	if ra2.Decisions != ra1.Decisions {
		t.Errorf("server A's bots made %d decisions between 2 s and 3.5 s after it woke: it still runs the game's bots", ra2.Decisions-ra1.Decisions)
	}
	if !last.View.Over && len(rb2.Stored) == len(rb0.Stored) {
		t.Errorf("server B stored no bot's move in the 3.5 s after server A woke")
	}
	if len(rb2.Stored) == 0 {
		t.Fatal("server B stored no bot's move: the game ended first")
	}
	if n := len(ra2.Stored); rb2.Stored[0] < ra2.Stored[n-1] {
		t.Errorf("server A stored the bot's move %d after server B had stored move %d: it wrote a bot's move once it woke", ra2.Stored[n-1], rb2.Stored[0])
	}

	h, _, err := openTestPG(t, url).load(id)
	if err != nil {
		t.Fatalf("the record stored: %v", err)
	}
	bots := 0
	for _, pm := range h.Record().Moves {
		if pm.Player == 1 {
			bots++
		}
	}
	if bots != len(ra2.Stored)+len(rb2.Stored) {
		t.Errorf("the record holds %d bot's moves; server A stored %d of them, server B %d", bots, len(ra2.Stored), len(rb2.Stored))
	}
	t.Logf("%d moves stored; the bot's: %d by server A, %d by server B; %d of A's refused once it woke", len(h.Record().Moves), len(ra2.Stored), len(rb2.Stored), ra2.Refused)
	t.Logf("server A logged:\n%s", a.out)
}

// signal sends sig to the server process.
func (sp *serverProcess) signal(t *testing.T, sig syscall.Signal) {
	t.Helper()
	if err := sp.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
}
