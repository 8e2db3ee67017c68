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
					g.screen[p][c] = []uint8{1, 2, GemsPerColor}[(set+c)%3]
				}
				if set&(1<<(NumColors+c)) != 0 {
					// A card at the base, at the tip or both, as the colour and the set vary.
					g.auction[c] = [][2]CardID{{CardID(10 + c), 0}, {0, CardID(20 + c)}, {30, 31}}[(set+c)%3]
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

// TestColorWordsAsByColor holds screenColors and auctionColors, which find the colours with gems
// or cards as the bytes of a word, to the test colour by colour, for words of many byte values.
func TestColorWordsAsByColor(t *testing.T) {
	bytes := []uint32{0, 1, 2, 0x7f, 0x80, 0x81, 0xff}
	for _, a := range bytes {
		for _, b := range bytes {
			for _, c := range bytes {
				for _, d := range bytes {
					s := a | b<<8 | c<<16 | d<<24
					var want uint32
					for col := range NumColors {
						if s>>(8*col)&0xff != 0 {
							want |= 1 << col
						}
					}
					if got := screenColors(s); got != want {
						t.Fatalf("screenColors(%#x) = %04b, want %04b", s, got, want)
					}
					// The same bytes as the bases of the auction, then as its tips.
					for _, shift := range []uint{0, 8} {
						w := uint64(a)<<shift | uint64(b)<<(16+shift) | uint64(c)<<(32+shift) | uint64(d)<<(48+shift)
						if got := auctionColors(w); got != want {
							t.Fatalf("auctionColors(%#x) = %04b, want %04b", w, got, want)
						}
					}
				}
			}
		}
	}
}
