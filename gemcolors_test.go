package viceroy

import "testing"

// TestGemColorsAndTotal holds gemColors and gemTotal, which read a gemWord all at once, to the
// colour-by-colour count on every reserve of up to 16 gems a colour.
func TestGemColorsAndTotal(t *testing.T) {
	for w := range uint32(1 << 20) {
		g := Gems{uint8(w & 31), uint8(w >> 5 & 31), uint8(w >> 10 & 31), uint8(w >> 15 & 31)}
		if g[0] > 16 || g[1] > 16 || g[2] > 16 || g[3] > 16 {
			continue
		}
		var want uint32
		for c, n := range g {
			if n > 0 {
				want |= 0x80 << (8 * c)
			}
		}
		if got := gemColors(gemWord(g)); got != want {
			t.Fatalf("gemColors(%v) = %#x, want %#x", g, got, want)
		}
		if got := gemTotal(gemWord(g)); got != uint32(g.Total()) {
			t.Fatalf("gemTotal(%v) = %d, want %d", g, got, g.Total())
		}
	}
}
