package viceroy

import (
	"slices"
	"testing"
)

// The Game keeps state derived from the rest when it comes to rest at a decision (settle, Sample,
// History), so that the calls of a search loop read it instead of deriving it again. These tests
// hold it to a derivation from scratch at every decision of random games of every mix, and in
// games drawn from the views of those games.

// checkSettled fails the test when g's derived state disagrees with a derivation from scratch.
func checkSettled(t *testing.T, what string, g *Game) {
	t.Helper()
	if err := g.auditSettled(); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func TestSettledStateAgreesWithState(t *testing.T) {
	for i, cfg := range allMixes(0) {
		for seed := range uint64(3) {
			cfg.Seed = seed
			g, r := seededGame(t, cfg, i)
			h, err := NewHistory(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; !g.Over(); step++ {
				checkSettled(t, "a played game", &g)
				if step%16 == 0 {
					for _, p := range g.ToMove() {
						s, err := Sample(g.View(p), uint64(step))
						if err != nil {
							t.Fatalf("%+v, sample of %v's view: %v", cfg, p, err)
						}
						checkSettled(t, "a sampled game", &s)
					}
				}
				who := g.ToMove()
				p := who[r.IntN(len(who))]
				legal := g.Legal(p)
				m := legal[r.IntN(len(legal))]
				if r.IntN(2) == 0 {
					g, err = g.Apply(p, m)
				} else {
					err = g.Play(p, m)
				}
				if err != nil {
					t.Fatal(err)
				}
				if err := h.Play(p, m); err != nil {
					t.Fatal(err)
				}
				hg := h.Game()
				checkSettled(t, "a history's game", &hg)
				if hg != g {
					t.Fatalf("%+v: the history's game differs from the played one", cfg)
				}
			}
			checkSettled(t, "a finished game", &g)
		}
	}
}

// owingByLegal returns the players of g with a legal move, in player order: those who owe a
// decision, found without owes.
func owingByLegal(g *Game) []Player {
	var out []Player
	for p := range Player(g.players) {
		if len(g.Legal(p)) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// TestAppendToMoveAgreesWithLegal holds AppendToMove, with a buffer of every kind (none, room for
// every player, too little room, something already in it), to the players with a legal move, at
// every decision of random games of every mix, and at their ends; it writes nothing past what it
// appends, as the room of dst is the caller's.
func TestAppendToMoveAgreesWithLegal(t *testing.T) {
	check := func(g *Game, cfg Config) {
		want := owingByLegal(g)
		if got := g.AppendToMove(nil); !slices.Equal(got, want) {
			t.Fatalf("%+v: AppendToMove(nil) = %v, want %v", cfg, got, want)
		}
		var who [MaxPlayers]Player
		got := g.AppendToMove(who[:0])
		if !slices.Equal(got, want) || len(want) > 0 && &got[0] != &who[0] {
			t.Fatalf("%+v: AppendToMove(who[:0]) = %v, want %v in who", cfg, got, want)
		}
		prefix := []Player{7, 8}
		wantAfter := append(slices.Clip(prefix), want...)
		roomy := append(make([]Player, 0, len(prefix)+MaxPlayers), prefix...)
		spare := roomy[len(roomy):cap(roomy)]
		for i := range spare {
			spare[i] = 9 // the caller's: AppendToMove writes only what it appends
		}
		got = g.AppendToMove(roomy)
		if !slices.Equal(got, wantAfter) {
			t.Fatalf("%+v: AppendToMove(%v with room) = %v, want %v", cfg, prefix, got, wantAfter)
		}
		for i, p := range spare[len(want):] {
			if p != 9 {
				t.Fatalf("%+v: AppendToMove(%v with room) wrote %v at %d, past what it appended", cfg, prefix, p, len(got)+i)
			}
		}
		tight := append(make([]Player, 0, len(prefix)+1), prefix...)
		if got := g.AppendToMove(tight); !slices.Equal(got, wantAfter) {
			t.Fatalf("%+v: AppendToMove(%v with room for one) = %v, want %v", cfg, prefix, got, wantAfter)
		}
	}
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) { check(g, cfg) })
	for _, cfg := range decisionConfigs {
		g := playedOut(t, cfg)
		check(&g, cfg)
	}
}

// playedOut returns the game cfg leaves when every player makes its first legal move, at its end.
func playedOut(t *testing.T, cfg Config) Game {
	t.Helper()
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		p := g.ToMove()[0]
		g = mustApply(t, g, p, g.Legal(p)[0])
	}
	return g
}
