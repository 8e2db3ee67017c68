package viceroy

import (
	"slices"
	"testing"
)

// TestDevelopmentMovesAgreeWithChoices holds appendDevelopmentMoves, which lists most hands itself
// and hands the others to appendDevelopmentChoices, to the general way, at every development
// choice of random games in every edition and player mix: into a dst with no room, with room for
// part of the list only, and with room to spare, after moves already in dst. As append, it uses
// dst's room when the list fits in it, and writes nothing in it past the list: the rest is the
// caller's.
func TestDevelopmentMovesAgreeWithChoices(t *testing.T) {
	fast := 0 // hands listed without the general way
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.dec != decDevelop {
			return
		}
		prefix := []Move{{Kind: Pass}, {Kind: Bid, Color: Red}}
		want := g.appendDevelopmentChoices(slices.Clone(prefix), p)
		for room := range len(want) + 2 {
			buf := make([]Move, len(prefix), len(prefix)+room)
			copy(buf, prefix)
			all := buf[:cap(buf)]
			for i := len(prefix); i < len(all); i++ {
				all[i] = Move{Kind: Attack} // the caller's: never a development choice
			}
			got := g.appendDevelopmentMoves(buf, p)
			if !slices.Equal(got, want) {
				t.Fatalf("%+v: %v's hand %v with room for %d moves: listed %v, the general way %v",
					cfg, p, g.hand[p].slice(), room, got[len(prefix):], want[len(prefix):])
			}
			if len(got) <= len(all) && (&got[0] != &all[0] ||
				slices.ContainsFunc(all[len(got):], func(m Move) bool { return m.Kind != Attack })) {
				t.Fatalf("%+v: %v's hand %v with room for %d moves: listing %v left the room %v",
					cfg, p, g.hand[p].slice(), room, got[len(prefix):], all[len(prefix):])
			}
		}
		if screenPaysHand(g, p) {
			fast++
		}
	})
	if fast == 0 {
		t.Error("no hand was listed without the general way")
	}
}

// screenPaysHand reports whether appendDevelopmentMoves lists p's hand itself: it is not empty,
// holds neither 65 Succession nor 66 Endowment, the pyramid has room, and the screen alone pays
// the level-1 cost of every card.
func screenPaysHand(g *Game, p Player) bool {
	hand := g.hand[p]
	if hand.empty() || hand.has(lawSuccession) || hand.has(lawEndowment) || g.pyr[p].size() >= MaxPyramidCards {
		return false
	}
	for c := range hand.all() {
		if !g.screen[p].Covers(costOf[c][1]) {
			return false
		}
	}
	return true
}
