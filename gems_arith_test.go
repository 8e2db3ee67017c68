package viceroy

import "testing"

// TestGemsPlusMinusByColor holds Plus and Minus, which work on all four colours at once as the
// bytes of a word, to the colour-by-colour arithmetic of uint8: every pair of counts of one colour,
// wrapping included, with the other colours at values around the byte's top bit, so that a carry
// or borrow crossing into a neighbour shows.
func TestGemsPlusMinusByColor(t *testing.T) {
	others := []uint8{0, 1, 127, 128, 255}
	for c := range NumColors {
		for x := range 256 {
			for y := range 256 {
				for _, o := range others {
					g := Gems{o, o ^ 0x80, o, o ^ 0x7f}
					h := Gems{o ^ 0x7f, o, o ^ 0x80, o}
					g[c], h[c] = uint8(x), uint8(y)
					var sum, diff Gems
					for i := range NumColors {
						sum[i], diff[i] = g[i]+h[i], g[i]-h[i]
					}
					if got := g.Plus(h); got != sum {
						t.Fatalf("%v.Plus(%v) = %v, want %v", [4]uint8(g), [4]uint8(h), [4]uint8(got), [4]uint8(sum))
					}
					if got := g.Minus(h); got != diff {
						t.Fatalf("%v.Minus(%v) = %v, want %v", [4]uint8(g), [4]uint8(h), [4]uint8(got), [4]uint8(diff))
					}
				}
			}
		}
	}
}
