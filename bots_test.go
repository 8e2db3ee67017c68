package viceroy

import (
	"errors"
	"testing"
)

// winsOf plays 2-player games of bot a against bot b, seats alternating, game i with seed
// seed+i, and returns a's wins, a shared win counting in part.
func winsOf(t *testing.T, games int, seed uint64, a, b func(seed uint64) Bot) float64 {
	t.Helper()
	wins := 0.0
	for i := range games {
		seat := Player(i % 2)
		bots := make([]Bot, 2)
		bots[seat], bots[1-seat] = a(uint64(i)), b(uint64(i))
		g, err := PlayGame(Config{Players: 2, Seed: seed + uint64(i)}, bots...)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range g.Winners() {
			if w == seat {
				wins += 1 / float64(len(g.Winners()))
			}
		}
	}
	return wins
}

// TestGreedyBeatsRandom plays 2-player games, basic (BasicBot) against random, the seats
// alternating, and requires the basic bot to win clearly more often. (Measured: see the README.)
func TestGreedyBeatsRandom(t *testing.T) {
	const games = 100
	wins := winsOf(t, games, 0,
		func(s uint64) Bot { return NewBasicBot(s) }, func(s uint64) Bot { return NewRandomBot(s) })
	t.Logf("greedy won %.1f of %d games against random", wins, games)
	if wins < 0.8*games {
		t.Fatalf("greedy won only %.1f of %d games against random", wins, games)
	}
}

// TestBotsChooseLegalMoves: every bot's choice is legal in every configuration.
func TestBotsChooseLegalMoves(t *testing.T) {
	for _, cfg := range []Config{{Players: 1, Virtual: 1}, {Players: 3, Edition: FirstEdition}, {Players: 4}, {Players: 2, Virtual: 2}} {
		bots := make([]Bot, cfg.Players)
		for p := range bots {
			if p%2 == 0 {
				bots[p] = NewBasicBot(uint64(p))
			} else {
				bots[p] = NewRandomBot(uint64(p))
			}
		}
		if _, err := PlayGame(cfg, bots...); err != nil {
			t.Fatalf("%+v: %v", cfg, err)
		}
	}
	if _, err := PlayGame(Config{Players: 2}, NewRandomBot(1)); err == nil {
		t.Fatal("one bot for two players accepted")
	}
}

func TestPlayGameRefusesNilBot(t *testing.T) {
	if _, err := PlayGame(Config{Players: 2, Seed: 1}, NewBasicBot(1), nil); !errors.Is(err, ErrBadConfig) {
		t.Errorf("a nil bot: %v", err)
	}
}

// TestNewBotLevels: every level NewBot names makes legal moves in both seats of a game (the first
// 40 decisions of it, to keep the search level quick); an unknown level is refused.
func TestNewBotLevels(t *testing.T) {
	for _, level := range BotLevels() {
		b, err := NewBot(level, 1)
		if err != nil || b == nil {
			t.Fatalf("NewBot(%q): %v, %v", level, b, err)
		}
		g, err := NewGame(Config{Players: 2, Seed: 4})
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 40 && !g.Over(); n++ {
			p := g.ToMove()[0]
			v := g.View(p)
			if g, err = g.Apply(p, b.Choose(v, v.Legal)); err != nil {
				t.Fatalf("%s: %v", level, err)
			}
		}
	}
	if _, err := NewBot("grandmaster", 1); !errors.Is(err, ErrBadValue) {
		t.Fatalf("an unknown level: %v, want ErrBadValue", err)
	}
}
