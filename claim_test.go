package viceroy

import "testing"

// TestResolveClaimAsTheGeneralWay holds resolveClaim, which empties the colour at once and gives the
// two claimed cards in player order, to the general way: each card looked for on the auction and
// taken, in priority order. At every claim of random games in every edition and player mix, every
// pair of claims the two bidders can make leaves the same game both ways.
func TestResolveClaimAsTheGeneralWay(t *testing.T) {
	var same, different int
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.phase != phaseAuction || g.sub != subClaim || g.waiting != g.bidders(Color(g.bidColor)) {
			return // not a claim, or one of the two has claimed already
		}
		set := g.bidders(Color(g.bidColor))
		a, _ := g.first(set)
		b, _ := g.first(set &^ (1 << a))
		for _, ma := range legal {
			for _, mb := range legal {
				claimed := *g
				claimed.claim[a], claimed.claim[b] = ma.Card, mb.Card
				claimed.waiting = 0

				short := claimed
				short.resolveClaim()

				general := claimed
				if ma.Card != mb.Card {
					general.takeFromAuction(a, ma.Card)
					general.takeFromAuction(b, mb.Card)
					general.inAuction &^= 1<<a | 1<<b
					different++
				} else {
					same++
				}
				general.bidColor++
				general.sub = subColors

				if short != general {
					t.Fatalf("%+v: claims %v by %v and %v by %v: resolveClaim leaves another game than the general way:\n"+
						"auction %v, hands %v\nthe general way: auction %v, hands %v",
						cfg, ma.Card, a, mb.Card, b, short.auction, short.hand, general.auction, general.hand)
				}
			}
		}
	})
	if same == 0 || different == 0 {
		t.Errorf("%d pairs of the same claim and %d of different claims: the test checks too little", same, different)
	}
}
