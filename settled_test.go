package viceroy

import (
	"math/rand/v2"
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
			r := rand.New(rand.NewPCG(seed, uint64(i)))
			g, err := NewGame(cfg)
			if err != nil {
				t.Fatal(err)
			}
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
