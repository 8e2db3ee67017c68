package measure

import (
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		s      float64
		n      int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{5, 10, 0.2366, 0.7634},
		{81, 263, 0.2553, 0.3662},
	} {
		lo, hi := Wilson(tc.s, tc.n, 1.96)
		if math.Abs(lo-tc.lo) > 1e-3 || math.Abs(hi-tc.hi) > 1e-3 {
			t.Errorf("Wilson(%v, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tc.s, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

// TestSides: with single, A's seat moves round the table and B has all the others; otherwise the
// two alternate by seat, and swap from one game to the next.
func TestSides(t *testing.T) {
	for _, tc := range []struct {
		players int
		single  bool
		game    int
		want    []int // by seat
	}{
		{4, true, 0, []int{0, 1, 1, 1}},
		{4, true, 1, []int{1, 0, 1, 1}},
		{4, true, 6, []int{1, 1, 0, 1}},
		{3, false, 0, []int{0, 1, 0}},
		{3, false, 1, []int{1, 0, 1}},
	} {
		for s, want := range tc.want {
			if got := Side(tc.game, s, tc.players, tc.single); got != want {
				t.Errorf("%d players, single %v, game %d: seat %d is side %d, want %d", tc.players, tc.single, tc.game, s, got, want)
			}
		}
	}
}

// TestWinShare: a shared win is split among its winners with single, and a draw between the sides
// without.
func TestWinShare(t *testing.T) {
	for _, tc := range []struct {
		sides  [2]int
		single bool
		want   float64
	}{
		{[2]int{1, 0}, true, 1},
		{[2]int{1, 1}, true, 0.5},
		{[2]int{1, 2}, true, 1.0 / 3},
		{[2]int{0, 2}, true, 0},
		{[2]int{2, 0}, false, 1},
		{[2]int{1, 1}, false, 0.5},
		{[2]int{0, 1}, false, 0},
	} {
		if got := WinShare(tc.sides, tc.single); got != tc.want {
			t.Errorf("WinShare(%v, %v) = %v, want %v", tc.sides, tc.single, got, tc.want)
		}
	}
}
