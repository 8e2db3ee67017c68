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

// knowledgeGame returns a one-player game whose screen, returned gems and bound are drawn by
// drawScreenKnowledge, and those as Gems.
func knowledgeGame(t *rapid.T) (g Game, screen, unseen, bound Gems) {
	g.players = 1
	screen, unseen, bound = drawScreenKnowledge(t)
	g.screen[0], g.unseen[0], g.bound[0] = screen, packFew(gemWord(unseen)), packFew(gemWord(bound))
	return g, screen, unseen, bound
}

// TestNoteScreenByColour checks noteScreen against its rule taken colour by colour: the bound of
// a colour drops to what the screen and the returned gems hold of it, if that is less.
func TestNoteScreenByColour(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, screen, unseen, want := knowledgeGame(t)
		for c := range want {
			want[c] = min(want[c], screen[c]+unseen[c])
		}
		g.noteScreen(0)
		if got := g.bound[0].gems(); got != want {
			t.Fatalf("screen %v, returned %v: bound %v, want %v", screen, unseen, got, want)
		}
	})
}

// TestNoteAffordableByColour checks noteAffordable, for a player with no infinite gems, against
// its rule taken colour by colour: the bound of a colour drops to what the screen and the returned
// gems hold of it less the cost, if that is less.
func TestNoteAffordableByColour(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, screen, unseen, want := knowledgeGame(t)
		var cost Gems
		for c := range cost { // a cost the screen with the returned gems can pay
			cost[c] = uint8(rapid.IntRange(0, int(screen[c]+unseen[c])).Draw(t, "cost"))
		}
		for c := range want {
			want[c] = min(want[c], screen[c]+unseen[c]-cost[c])
		}
		g.noteAffordable(0, cost)
		if got := g.bound[0].gems(); got != want {
			t.Fatalf("screen %v, returned %v, cost %v: bound %v, want %v", screen, unseen, cost, got, want)
		}
	})
}
