package viceroy

import (
	"slices"
	"testing"
)

// TestDevelopmentChoicesWithFullPyramid checks the development choices of a player whose pyramid
// is full, and one card short of it, against what the rules allow: with 40 cards only 65
// Succession and 66 Endowment, which take no place of their own, can still be played; one card
// fewer and every card can. canDevelop must agree with the listed choices on each.
func TestDevelopmentChoicesWithFullPyramid(t *testing.T) {
	hand := []CardID{41, 65, 66, 70} // a character, the two laws without a place, another law
	for _, tc := range []struct {
		rows     []int
		playable []CardID
	}{
		{[]int{12, 11, 9, 5, 3}, []CardID{65, 66}},
		{[]int{12, 11, 9, 5, 2}, []CardID{41, 65, 66, 70}},
	} {
		g := atDevelopmentWithPyramid(t, tc.rows...)
		g.setHand(0, hand...)
		legal := g.Legal(0)
		for _, c := range hand {
			m := Move{Kind: Play, Card: c}
			want := slices.Contains(tc.playable, c)
			if got := slices.Contains(legal, m); got != want {
				t.Errorf("%d cards in the pyramid: play %d listed %v, want %v (legal %v)",
					g.pyr[0].size(), c, got, want, legal)
			}
			if got := g.canDevelop(0, &m); got != want {
				t.Errorf("%d cards in the pyramid: canDevelop(play %d) = %v, want %v",
					g.pyr[0].size(), c, got, want)
			}
			d := Move{Kind: Discard, Card: c}
			if !slices.Contains(legal, d) || !g.canDevelop(0, &d) {
				t.Errorf("%d cards in the pyramid: discard %d is not offered (legal %v)",
					g.pyr[0].size(), c, legal)
			}
		}
	}
}

// atDevelopmentWithPyramid returns a 2-player game at its first development choice in which
// every screen holds 5 gems of each colour and player 0's pyramid stands the cards 1, 2, ... on
// its levels, rows[i] of them on level i+1 (stackPyramid).
func atDevelopmentWithPyramid(t *testing.T, rows ...int) Game {
	t.Helper()
	g := atDevelopment(t, 2, SecondEdition)
	g.uniformScreens(5)
	var cards []CardID
	for c := CardID(1); len(cards) < MaxPyramidCards; c++ {
		cards = append(cards, c)
	}
	g.pyr[0] = stackPyramid(cards, rows...).layout
	return g
}
