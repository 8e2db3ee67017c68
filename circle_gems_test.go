package viceroy

import (
	"slices"
	"testing"
)

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

// TestCirclesAgreesWithCircleAt holds circles, which finds the cards of each circle by their
// index in cells, to circleAt, which finds them by place: for every pyramid at every decision of
// random games, circles yields circleAt of every card above level 1, level by level from the
// bottom, left to right.
func TestCirclesAgreesWithCircleAt(t *testing.T) {
	seen := 0
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		for q := range Player(cfg.Players) {
			pyr := &g.pyr[q]
			var want []Circle
			for l := 2; l <= MaxLevel; l++ {
				row, first := pyr.Row(l)
				for k := range row {
					c, ok := pyr.circleAt(Place{int8(l), int8(first + k)})
					if !ok {
						t.Fatalf("%+v: player %v: no circle at L%d x%d of\n%v", cfg, q, l, first+k, pyr)
					}
					want = append(want, c)
				}
			}
			var got []Circle
			for c := range pyr.circles() {
				got = append(got, c)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%+v: player %v: circles = %v, want %v\n%v", cfg, q, got, want, pyr)
			}
			seen += len(want)
		}
	})
	if seen == 0 {
		t.Error("the games never stood a card above level 1")
	}
}
