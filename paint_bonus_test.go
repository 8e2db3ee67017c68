package viceroy

import "testing"

// TestPaintBonusAsTheTableau holds Game.paintBonus, which reads the tokens only of a pyramid that
// holds a circle bonus, to Tableau.paintBonus, at every decision of random games, for every player;
// both a bonus and none must be seen.
func TestPaintBonusAsTheTableau(t *testing.T) {
	var some, none int
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		for q := range Player(g.players) {
			got, want := g.paintBonus(q), g.Tableau(q).paintBonus()
			if got != want {
				t.Fatalf("%+v: paintBonus(%v) = %v, want %v", cfg, q, got, want)
			}
			if want == [NumColors]int{} {
				none++
			} else {
				some++
			}
		}
	})
	if some == 0 || none == 0 {
		t.Fatalf("bonuses seen: %d, none: %d; want both", some, none)
	}
}
