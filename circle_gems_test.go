package viceroy

import "testing"

// TestCircleGemsAgreesWithSingleColorCircles holds circleGems, which looks for the circles above a
// place only when cards stand on the level above, to the general way (SingleColorCircles, which
// looks at every circle through the place), for every card of every pyramid at every decision of
// random games. It also checks that the games reach gems from circles both closed by the card and
// closed above it.
func TestCircleGemsAgreesWithSingleColorCircles(t *testing.T) {
	var own, above int
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		for q := range Player(cfg.Players) {
			pyr := &g.pyr[q]
			for _, id := range pyr.cells[:pyr.size()] {
				at, _ := pyr.Find(id)
				var want Gems
				for _, c := range pyr.SingleColorCircles(at) {
					col, _ := c.SingleColor()
					want[col]++
					if c.Top == at {
						own++
					} else {
						above++
					}
				}
				if got := pyr.circleGems(at); got != want {
					t.Fatalf("%+v: player %v, %v at %v: circleGems = %v, want %v\n%v", cfg, q, id, at, got, want, pyr)
				}
			}
		}
	})
	if own == 0 || above == 0 {
		t.Errorf("the games never put circleGems to the test: %d circles closed by the card, %d above it", own, above)
	}
}
