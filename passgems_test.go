package viceroy

import "testing"

// TestPassGemsAsTheGeneralWay holds passGems, which leaves the science tokens uncounted when the
// reserve holds no more than the least a pass gives, to the general way, 3 plus the tokens counted
// always: at every decision of random games in every edition and player mix, the pass gems begun
// for each player either way leave the same game.
func TestPassGemsAsTheGeneralWay(t *testing.T) {
	uncounted := 0 // shortcuts taken for a player with science tokens, where the count would differ
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		for p := range Player(cfg.Players) {
			short, general := *g, *g
			short.startGems(p, short.passGems(p))
			general.startGems(p, PassGems(general.science(p)))
			if short != general {
				t.Fatalf("%+v: %v's pass gems with a reserve of %v and %d science tokens: passGems gives %d, "+
					"which leaves another game than %d:\nscreen %v, action %+v\nthe general way: screen %v, action %+v",
					cfg, p, g.reserve, g.science(p), g.passGems(p), PassGems(g.science(p)),
					short.screen[p], short.act, general.screen[p], general.act)
			}
			if g.passGems(p) != PassGems(g.science(p)) {
				uncounted++
			}
		}
	})
	if uncounted == 0 {
		t.Error("passGems never left science tokens uncounted: the test checks nothing")
	}
}
