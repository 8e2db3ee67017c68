package main

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/laar/viceroy"
)

// panickyBot stands for a bot, or a library, with a fault: it panics when asked for a move.
type panickyBot struct{}

func (panickyBot) Choose(viceroy.View, []viceroy.Move) viceroy.Move {
	panic("a fault of the bot (injected)")
}

// TestOneBrokenGameLeavesTheOthers: a panic while a game's bot thinks, or under the game's lock,
// breaks that game alone: its requests are answered 500 "broken-game", its record is kept, and the
// other games and the lobby go on.
func TestOneBrokenGameLeavesTheOthers(t *testing.T) {
	ts := serve(t, t.TempDir())
	other := ts.newGame(t, viceroy.Config{Players: 2}, person, "random")
	for _, breakIt := range []func(tb *table){
		func(tb *table) { // a bot that panics
			tb.mu.Lock()
			tb.bots[1] = panickyBot{}
			tb.mu.Unlock()
		},
		func(tb *table) { // a panic under the lock
			if err := tb.locked(func() { panic("a fault under the lock (injected)") }); !errors.Is(err, errBroken) {
				t.Errorf("a panic under the lock: %v, want errBroken", err)
			}
		},
	} {
		j := ts.newGame(t, viceroy.Config{Players: 2}, person, "random")
		ts.mu.Lock()
		tb := ts.tables[j.Game]
		ts.mu.Unlock()
		breakIt(tb)
		broken := false
		for range 200 {
			var st state
			status, body, err := call(ts.url, "GET", statePath(j, 0, -1), j.Token, nil, &st)
			if status == http.StatusInternalServerError && strings.Contains(string(body), "broken-game") {
				broken = true
				break
			}
			if err != nil || status != http.StatusOK {
				t.Fatalf("%d %s %v", status, body, err)
			}
			if len(st.Moves) > 0 { // the person moves, so that the bot is asked
				call(ts.url, "POST", movePath(j, 0), j.Token, moveAt(st.Version, st.Moves[0].Move), nil)
			}
			time.Sleep(10 * time.Millisecond)
		}
		if !broken {
			t.Fatal("the game did not break")
		}
		if g := ts.heldGame(t, j.Game); ts.replayFile(t, j.Game) != g {
			t.Error("the broken game's record does not replay to the game held")
		}
		var games []gameInfo
		ts.must(t, "GET", "/api/games", "", nil, &games) // the lobby answers
		end, _, err := playUntil(ts.url, other, randomPick(5), func(st state) bool { return st.Version > 30 })
		if err != nil || end.Version <= 30 {
			t.Fatalf("the other game stopped: %v", err)
		}
	}
}
