package viceroy

import (
	"testing"

	"pgregory.net/rapid"
)

// drawScreenKnowledge draws what noteScreen and noteAffordable read: a screen, the 2 gems setup
// returned from it unseen, and a bound on those between them and 2 of each colour.
func drawScreenKnowledge(t *rapid.T) (screen, unseen, bound Gems) {
	screen = drawGems(t, GemsPerColor, "screen")
	for range 2 {
		unseen[rapid.IntRange(0, NumColors-1).Draw(t, "returned")]++
	}
	for c := range bound {
		bound[c] = uint8(rapid.IntRange(int(unseen[c]), 2).Draw(t, "bound"))
	}
	return screen, unseen, bound
}

// TestNoteScreenByColour checks noteScreen against its rule taken colour by colour: the bound of
// a colour drops to what the screen and the returned gems hold of it, if that is less.
func TestNoteScreenByColour(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var g Game
		g.players = 1
		g.screen[0], g.unseen[0], g.bound[0] = drawScreenKnowledge(t)
		want := g.bound[0]
		for c := range want {
			want[c] = min(want[c], g.screen[0][c]+g.unseen[0][c])
		}
		g.noteScreen(0)
		if g.bound[0] != want {
			t.Fatalf("screen %v, returned %v: bound %v, want %v", g.screen[0], g.unseen[0], g.bound[0], want)
		}
	})
}

// TestNoteAffordableByColour checks noteAffordable, for a player with no infinite gems, against
// its rule taken colour by colour: the bound of a colour drops to what the screen and the returned
// gems hold of it less the cost, if that is less.
func TestNoteAffordableByColour(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var g Game
		g.players = 1
		g.screen[0], g.unseen[0], g.bound[0] = drawScreenKnowledge(t)
		var cost Gems
		for c := range cost { // a cost the screen with the returned gems can pay
			cost[c] = uint8(rapid.IntRange(0, int(g.screen[0][c]+g.unseen[0][c])).Draw(t, "cost"))
		}
		want := g.bound[0]
		for c := range want {
			want[c] = min(want[c], g.screen[0][c]+g.unseen[0][c]-cost[c])
		}
		g.noteAffordable(0, cost)
		if g.bound[0] != want {
			t.Fatalf("screen %v, returned %v, cost %v: bound %v, want %v",
				g.screen[0], g.unseen[0], cost, g.bound[0], want)
		}
	})
}
