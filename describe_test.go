package viceroy

import (
	"errors"
	"strings"
	"testing"
)

// TestIllegalMoveSaysWhy: the error for a move that is not legal names the real reason, and never
// where a card is that the player cannot see.
func TestIllegalMoveSaysWhy(t *testing.T) {
	g := atFirstAuction(t, 2, SecondEdition)
	theirs := g.hand[1].first()
	dev := g
	for dev.phase != phaseDevelopment {
		p := dev.ToMove()[0]
		dev = mustApply(t, dev, p, Move{Kind: Pass})
		dev = playForced(t, dev)
		for dev.act.kind == actGems {
			dev = mustApply(t, dev, Player(dev.act.who), dev.Legal(Player(dev.act.who))[0])
		}
	}
	empty := g
	empty.screen[0] = Gems{}
	for _, tc := range []struct {
		name string
		g    Game
		m    Move
		want string
	}{
		{"another player's card", dev, Move{Kind: Play, Card: theirs}, "player 0 does not hold " + theirs.String()},
		{"a kind the decision does not ask", g, Move{Kind: TakeGem, Color: Red}, "it is no move of the decision asked"},
		{"a bid without the gem", empty, Move{Kind: Bid, Color: Red}, "player 0 has no red gem to bid"},
	} {
		_, err := tc.g.Apply(0, tc.m)
		if !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want it to say %q", tc.name, err, tc.want)
		}
		if strings.Contains(err.Error(), "player 1") {
			t.Errorf("%s: %v names the other player", tc.name, err)
		}
	}
}
