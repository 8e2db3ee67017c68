package viceroy

import (
	"testing"

	"pgregory.net/rapid"
)

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
