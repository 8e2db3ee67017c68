package viceroy

import (
	"slices"
	"testing"
)

// TestAppendGemPicksListsEveryColorLeft holds appendGemPicks, its colours written out, to the
// general way: a TakeGem move for each colour with a gem left in the reserve, in colour order.
// Every colour takes none, one or all of its gems, and the picks are appended after a move already
// in the list, into room short, just enough and ample. As append, appendGemPicks uses dst's room
// when the picks fit in it, and writes nothing in it past them: the rest is the caller's.
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
			for _, room := range []int{1, 3, 5, 8} {
				buf := append(make([]Move, 0, room), before)
				all := buf[:cap(buf)]
				for i := 1; i < len(all); i++ {
					all[i] = Move{Kind: Attack} // the caller's: never a gem pick
				}
				got := g.appendGemPicks(buf)
				if !slices.Equal(got, want) {
					t.Errorf("reserve %v, room %d: appendGemPicks = %v, want %v", reserve, room, got, want)
				}
				if len(got) <= len(all) && (&got[0] != &all[0] ||
					slices.ContainsFunc(all[len(got):], func(m Move) bool { return m.Kind != Attack })) {
					t.Errorf("reserve %v, room %d: appendGemPicks = %v left the room %v", reserve, room, got, all)
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
