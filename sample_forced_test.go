package viceroy

import (
	"math/rand/v2"
	"testing"
)

// TestSampleAsksWhatTheGameAsked: while a player decides a step of an action (where to place a
// card, how to pay, ...), a game sampled from another player's view leaves that decision with at
// least two legal moves, as in the real game: settle makes a decision with a single legal move at
// once, so the player being asked shows the table that the hidden gems allow more than one (a
// payment from the screen alone beside an infinite gem's, say).
func TestSampleAsksWhatTheGameAsked(t *testing.T) {
	checked := 0
	for _, cfg := range allMixes(0) {
		for seed := range uint64(4) {
			cfg.Seed = 400 + seed
			g, err := NewGame(cfg)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(cfg.Seed, 2))
			for step := 0; !g.Over(); step++ {
				if !g.collecting() {
					actor := g.ToMove()[0]
					for p := range Player(cfg.Players) {
						if p == actor {
							continue
						}
						s, err := Sample(g.View(p), uint64(step))
						if err != nil {
							t.Fatalf("%+v, decision %d, %v: %v", cfg, step, p, err)
						}
						if n := len(s.Legal(actor)); n < 2 {
							t.Fatalf("%+v, decision %d: sampled from %v's view, %v has %d legal moves (%v), in the game %v",
								cfg, step, p, actor, n, s.Legal(actor), g.Legal(actor))
						}
						checked++
					}
				}
				who := g.ToMove()
				q := who[r.IntN(len(who))]
				moves := g.Legal(q)
				g = mustApply(t, g, q, moves[r.IntN(len(moves))])
			}
		}
	}
	if checked == 0 {
		t.Fatal("no action's decision was sampled")
	}
}
