package viceroy

import (
	"slices"
	"testing"
)

// TestAppendBidsListsEveryChoice holds appendBids, a copy from a table with the usual case written
// out, to the general way: a Bid for each colour that p has gems of and the auction has a card of,
// in colour order, then an Attack when p has an attack token and the auction is not empty, then a
// Pass. Every colour has gems or none and cards or none, p has attack tokens or none, and the
// choices are appended after a move already in the list, into room both short and ample.
func TestAppendBidsListsEveryChoice(t *testing.T) {
	const p = Player(1)
	for set := range 1 << (2 * NumColors) {
		for _, attacks := range []uint8{0, 1} {
			var g Game
			g.attacks[p] = attacks
			for c := range NumColors {
				if set&(1<<c) != 0 {
					g.screen[p][c] = 2
				}
				if set&(1<<(NumColors+c)) != 0 {
					g.auction[c][c%2] = CardID(10 + c)
				}
			}
			before := Move{Kind: TakeGem}
			want := []Move{before}
			for c := range Color(NumColors) {
				if g.screen[p][c] > 0 && g.auction[c] != [2]CardID{} {
					want = append(want, Move{Kind: Bid, Color: c})
				}
			}
			if attacks > 0 && g.auction != [NumColors][2]CardID{} {
				want = append(want, Move{Kind: Attack})
			}
			want = append(want, Move{Kind: Pass})
			for _, room := range []int{1, 8} {
				got := g.appendBids(append(make([]Move, 0, room), before), p)
				if !slices.Equal(got, want) {
					t.Errorf("screen %v, auction %v, attacks %d, room %d: appendBids = %v, want %v",
						g.screen[p], g.auction, attacks, room, got, want)
				}
			}
		}
	}
}
