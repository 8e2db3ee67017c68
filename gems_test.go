package viceroy

import (
	"testing"

	"pgregory.net/rapid"
)

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

// payable is the colour-by-colour statement of what canPay and covers test on words: screen gems
// and unused infinite gems cover cost (RULES.md 8.3, 8.4).
func payable(cost, screen, infinite Gems) bool {
	for c := range cost {
		if cost[c] > screen[c]+infinite[c] {
			return false
		}
	}
	return true
}

// drawGems draws gems of at most most of each colour.
func drawGems(t *rapid.T, most int, label string) Gems {
	var g Gems
	for c := range g {
		g[c] = uint8(rapid.IntRange(0, most).Draw(t, label))
	}
	return g
}

// TestCoversIsPayable checks the word-wide payment test of the development listing against the
// colour-by-colour one: screen and infinite gems added as words, then covers, agree with payable
// for every screen, infinite gems and cost a game can hold (at most 16 gems of a colour each, and
// costs up to a level-5 cost).
func TestCoversIsPayable(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		screen := drawGems(t, GemsPerColor, "screen")
		infinite := drawGems(t, GemsPerColor, "infinite")
		cost := drawGems(t, GemsPerColor, "cost")
		want := payable(cost, screen, infinite)
		if got := covers(gemWord(screen)+gemWord(infinite), gemWord(cost)); got != want {
			t.Fatalf("covers(%v + %v, %v) = %v, payable says %v", screen, infinite, cost, got, want)
		}
	})
}

// TestCoversEdges checks covers where a colour is exactly paid, short by one, or paid with one to
// spare, in each colour alone, so that a borrow leaking between bytes would show.
func TestCoversEdges(t *testing.T) {
	for c := range NumColors {
		for _, tc := range []struct {
			have, cost uint8
			want       bool
		}{{3, 3, true}, {2, 3, false}, {4, 3, true}, {0, 0, true}, {0, 1, false}, {32, 16, true}} {
			var have, cost Gems
			have[c], cost[c] = tc.have, tc.cost
			if got := covers(gemWord(have), gemWord(cost)); got != tc.want {
				t.Errorf("covers(%v, %v) = %v, want %v", have, cost, got, tc.want)
			}
		}
	}
}

// TestLesserIsMinByColour checks the word-wide minimum that noteScreen uses against min colour by
// colour, for gems of up to twice 16 of a colour (a screen and the gems setup returned from it).
func TestLesserIsMinByColour(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := drawGems(t, 2*GemsPerColor, "a")
		b := drawGems(t, 2*GemsPerColor, "b")
		var want Gems
		for c := range want {
			want[c] = min(a[c], b[c])
		}
		if got := lesser(gemWord(a), gemWord(b)); got != gemWord(want) {
			t.Fatalf("lesser(%v, %v) = %#08x, want %v (%#08x)", a, b, got, want, gemWord(want))
		}
	})
}
