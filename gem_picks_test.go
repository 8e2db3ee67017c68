package viceroy

import (
	"slices"
	"testing"
)

// TestAppendGemPicksListsEveryColorLeft holds appendGemPicks, a copy from a table with the full
// reserve written out, to the general way: a TakeGem move for each colour with a gem left in the
// reserve, in colour order. Every colour takes none, one or all of its gems, and the picks are
// appended after a move already in the list, into room both short and ample.
func TestAppendGemPicksListsEveryColorLeft(t *testing.T) {
	counts := []uint8{0, 1, GemsPerColor}
	var reserve Gems
	var each func(c int)
	each = func(c int) {
		if c == NumColors {
			var g Game
			g.reserve = reserve
			before := Move{Kind: Pass}
			want := []Move{before}
			for col := range Color(NumColors) {
				if reserve[col] > 0 {
					want = append(want, Move{Kind: TakeGem, Color: col})
				}
			}
			for _, room := range []int{1, 8} {
				got := g.appendGemPicks(append(make([]Move, 0, room), before))
				if !slices.Equal(got, want) {
					t.Errorf("reserve %v, room %d: appendGemPicks = %v, want %v", reserve, room, got, want)
				}
			}
			return
		}
		for _, n := range counts {
			reserve[c] = n
			each(c + 1)
		}
	}
	each(0)
}
