package viceroy

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestIllegalMoveSaysWhy: the error for a move that is not legal names the real reason, and never
// where a card is that the player cannot see.
func TestIllegalMoveSaysWhy(t *testing.T) {
	g := atFirstAuction(t, 2, SecondEdition)
	theirs := g.handOf(1)[0]
	dev := passToDevelopment(t, g)
	// A bid decision of player 0 with no red gem behind the screen.
	empty := scenario{configs: []Config{{Players: 2}}, want: func(g *Game) bool {
		return owes(g, 0, ChooseBid) && g.Screen(0)[Red] == 0
	}}.reach(t).Game
	for _, tc := range []struct {
		name string
		g    Game
		m    Move
		want string
	}{
		{"another player's card", dev, Move{Kind: Play, Card: theirs}, "player 0 does not hold " + theirs.String()},
		{"a kind the decision does not ask", g, Move{Kind: TakeGem, Color: Red}, "it is no move of the decision asked"},
		{"a bid without the gem", empty, Move{Kind: Bid, Color: Red}, "player 0 has no red gem to bid"},
		{"a bid on no colour", g, Move{Kind: Bid, Color: 32}, "Color(32) is no colour"},
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

// TestEveryMoveDescribed: every legal move of random games of every mix is described in words of
// its own: never empty, never a raw kind name, and a law's option by what it does.
func TestEveryMoveDescribed(t *testing.T) {
	options := 0
	for _, cfg := range allMixes(6) {
		randomGameEach(t, cfg, func(g Game, p Player, moves []Move) {
			for _, m := range moves {
				if m.Kind == ChooseOption {
					options++
				}
				d := English.Describe(&g, p, m)
				switch {
				case d == "" || strings.ContainsAny(d, "{}"):
					t.Fatalf("%+v: %v described as %q", cfg, m, d)
				case m.Kind == ChooseOption && (strings.Contains(d, "option") || !strings.Contains(d, actionOf(&g, p).Card.String())):
					t.Fatalf("%+v: a law's option described as %q", cfg, d)
				case m.Kind == TakeReward && !strings.Contains(d, "level 5"):
					t.Fatalf("%+v: a level-5 reward described as %q", cfg, d)
				}
			}
		})
	}
	if options == 0 {
		t.Error("no game offered a law's options")
	}
}

// randomGameEach plays a random game, calling each with every decision's legal moves.
func randomGameEach(t *testing.T, cfg Config, each func(g Game, p Player, moves []Move)) Game {
	t.Helper()
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(cfg.Seed, 9))
	for !g.Over() {
		who := g.ToMove()
		p := who[r.IntN(len(who))]
		moves := g.Legal(p)
		each(g, p, moves)
		g = mustApply(t, g, p, moves[r.IntN(len(moves))])
	}
	return g
}

// TestDescribeAnyMove: Describe answers for any move, legal or not, well formed or not, at every
// decision of random games of every mix, with words and without a panic, as it may be handed a
// move a client sent.
func TestDescribeAnyMove(t *testing.T) {
	var odd []Move
	for k := range numMoveKinds + 1 {
		for _, card := range []CardID{0, 1, NumCards, NumCards + 1, 255} {
			for _, c := range []Color{0, NumColors, 255} {
				for _, ch := range []uint8{0, MaxTokensPerCard, 255} {
					odd = append(odd, Move{Kind: k, Card: card, Color: c, Choice: ch, At: Place{int8(ch), -128}})
				}
			}
		}
	}
	for _, cfg := range allMixes(7) {
		randomGameEach(t, cfg, func(g Game, p Player, moves []Move) {
			for _, m := range odd {
				if English.Describe(&g, p, m) == "" {
					t.Fatalf("%+v: %v described as nothing", cfg, m)
				}
			}
		})
	}
}
