package viceroy

import (
	"slices"
	"testing"
)

// TestFastChoiceChecksAgreeWithLegal holds bidsColor and passesOrDiscards, which apply asks before
// canBid and canDevelop, to the legal moves, at every hidden choice of random games: each answers
// for exactly the listed moves of its kinds (a bid or a pass; a pass or a discard), and for no
// other move.
func TestFastChoiceChecksAgreeWithLegal(t *testing.T) {
	answered := map[MoveKind]int{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		var fast func(Player, *Move) bool
		var kinds []MoveKind
		switch g.dec {
		case decBids:
			fast, kinds = g.bidsColor, []MoveKind{Bid, Pass}
		case decDevelop:
			fast, kinds = g.passesOrDiscards, []MoveKind{Pass, Discard}
		default:
			return
		}
		for _, m := range append(nearMoves(legal), legal...) {
			got := fast(p, &m)
			want := slices.Contains(kinds, m.Kind) && slices.Contains(legal, m)
			if got != want {
				t.Fatalf("%+v: dec %d, %v: the fast check says %v, but the legal moves of %v are %v",
					cfg, g.dec, m, got, p, legal)
			}
			if got {
				answered[m.Kind]++
			}
		}
	})
	for _, k := range []MoveKind{Bid, Pass, Discard} {
		if answered[k] == 0 {
			t.Errorf("the fast checks never answered for a legal %v", k)
		}
	}
	t.Logf("answered: %v", answered)
}
