package viceroy

import (
	"testing"

	"pgregory.net/rapid"
)

// liftBySearch is the general way to lift a card off the auction: look at every place, colour by
// colour, base before tip, and empty the first that holds the card.
func liftBySearch(a *[NumColors][2]CardID, card CardID) (Color, int) {
	for c := range a {
		for i := range a[c] {
			if a[c][i] == card {
				a[c][i] = 0
				return Color(c), i
			}
		}
	}
	return 0, 0
}

// TestTakeFromAuctionSlotSearches holds takeFromAuctionSlot, which compares the eight places at
// once as the bytes of a word, to the search place by place: on any auction (distinct cards and
// empty places) and for any card number, one on it or not, and 0, which names an empty place,
// both leave the same auction and report the same place.
func TestTakeFromAuctionSlotSearches(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var g Game
		used := map[CardID]bool{}
		for c := range g.auction {
			for i := range g.auction[c] {
				if rapid.Bool().Draw(t, "empty") {
					continue
				}
				id := CardID(rapid.IntRange(1, 255).Draw(t, "card"))
				if !used[id] {
					used[id] = true
					g.auction[c][i] = id
				}
			}
		}
		var card CardID
		switch rapid.IntRange(0, 2).Draw(t, "which") {
		case 0: // a card on the auction, if any
			c, i := rapid.IntRange(0, NumColors-1).Draw(t, "color"), rapid.IntRange(0, 1).Draw(t, "slot")
			card = g.auction[c][i]
		case 1:
			card = CardID(rapid.IntRange(0, 255).Draw(t, "any"))
		}
		want := g.auction
		wc, wi := liftBySearch(&want, card)
		gc, gi := g.takeFromAuctionSlot(card)
		if gc != wc || gi != wi || g.auction != want {
			t.Fatalf("card %d: took from %d/%d leaving %v, the search takes from %d/%d leaving %v",
				card, gc, gi, g.auction, wc, wi, want)
		}
	})
}
