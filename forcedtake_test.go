package viceroy

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// withoutForcedTakes runs f with the shortcut of forced takes turned off: a sole bidder on a
// colour with one card is then owed the take, and settle makes it as the only move.
func withoutForcedTakes(f func()) {
	forcedTakes = false
	defer func() { forcedTakes = true }()
	f()
}

// TestForcedTakesAsTheGeneralWay holds resolveColor's shortcut, a sole bidder's take made at once
// when one card lies at the colour, to the general way, the take owed as a decision and made by
// settle as the only move: after every legal move at every decision of random games in every
// edition and player mix, both leave the same game.
func TestForcedTakesAsTheGeneralWay(t *testing.T) {
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		for _, m := range legal {
			short := mustApply(t, *g, p, m)
			var general Game
			withoutForcedTakes(func() { general = mustApply(t, *g, p, m) })
			if short != general {
				t.Fatalf("%+v: %v %v: the forced take made at once leaves another game than the general way:\n"+
					"auction %v, hands %v, owing %08b\nthe general way: auction %v, hands %v, owing %08b",
					cfg, p, m, short.auction, short.hand, short.owing(), general.auction, general.hand, general.owing())
			}
		}
	})
}

// TestForcedTakesLogAsTheGeneralWay: with the shortcut of forced takes, History logs random games
// of every player mix exactly as it does when the takes are owed and made as forced moves.
func TestForcedTakesLogAsTheGeneralWay(t *testing.T) {
	for seed := range uint64(3) {
		for _, cfg := range allMixes(seed) {
			short := randomHistory(t, cfg, seed, func(*History, Game, Player, Move) {})
			var general *History
			withoutForcedTakes(func() { general = randomHistory(t, cfg, seed, func(*History, Game, Player, Move) {}) })
			for p := Player(-1); p < Player(cfg.Players); p++ {
				if diff := cmp.Diff(general.Log(p), short.Log(p), cmp.AllowUnexported(Event{})); diff != "" {
					t.Fatalf("%+v: %v's log with forced takes made at once differs (-general +shortcut):\n%s", cfg, p, diff)
				}
			}
		}
	}
}
