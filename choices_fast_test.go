package viceroy

import (
	"slices"
	"testing"
)

// TestFastChoiceChecksAgreeWithLegal holds bidsColor and passesOrDiscards, which apply asks before
// canBid and canDevelop, to the legal moves, at every hidden choice of random games: each answers
// for exactly the listed moves of its kinds (a bid or a pass; a pass or a discard), and for no
// other move.
func TestFastChoiceChecksAgreeWithLegal(t *testing.T) {
	answered := map[MoveKind]int{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		var fast func(Player, *Move) bool
		var kinds []MoveKind
		switch g.dec {
		case decBids:
			fast, kinds = g.bidsColor, []MoveKind{Bid, Pass}
		case decDevelop:
			fast, kinds = g.passesOrDiscards, []MoveKind{Pass, Discard}
		default:
			return
		}
		for _, m := range append(nearMoves(legal), legal...) {
			got := fast(p, &m)
			want := slices.Contains(kinds, m.Kind) && slices.Contains(legal, m)
			if got != want {
				t.Fatalf("%+v: dec %d, %v: the fast check says %v, but the legal moves of %v are %v",
					cfg, g.dec, m, got, p, legal)
			}
			if got {
				answered[m.Kind]++
			}
		}
	})
	for _, k := range []MoveKind{Bid, Pass, Discard} {
		if answered[k] == 0 {
			t.Errorf("the fast checks never answered for a legal %v", k)
		}
	}
	t.Logf("answered: %v", answered)
}

// TestPlaysFromScreenAgreesWithLegal holds playsFromScreen, which apply asks before canDevelop,
// to the legal moves at every development choice of random games: it answers only for a listed
// play of a character, and for most of them (those the screen alone pays). Each choice is also
// asked with the screen emptied, where it may answer for no play of a card that costs a gem.
func TestPlaysFromScreenAgreesWithLegal(t *testing.T) {
	answered, listed := 0, 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.dec != decDevelop {
			return
		}
		empty := *g
		empty.screen[p] = Gems{}
		for _, h := range []*Game{g, &empty} {
			legal := h.appendLegal(nil, p)
			for _, m := range append(nearMoves(legal), legal...) {
				if !h.playsFromScreen(p, &m) {
					continue
				}
				if !slices.Contains(legal, m) || !m.Card.IsCharacter() {
					t.Fatalf("%+v: playsFromScreen(%v, %v), but the legal moves are %v", cfg, p, m, legal)
				}
			}
		}
		for _, m := range legal {
			if m.Kind == Play && m.Card.IsCharacter() {
				listed++
				if g.playsFromScreen(p, &m) {
					answered++
				}
			}
		}
	})
	if answered*2 < listed {
		t.Errorf("playsFromScreen answered for %d of %d listed plays of a character", answered, listed)
	}
	t.Logf("answered for %d of %d listed plays of a character", answered, listed)
}

// TestPlaysFromScreenWithFullPyramid checks that playsFromScreen answers for no play when the
// pyramid is full, and for the play of a character the screen pays when it is one card short.
func TestPlaysFromScreenWithFullPyramid(t *testing.T) {
	for _, tc := range []struct {
		rows []int
		want bool
	}{
		{[]int{12, 11, 9, 5, 3}, false},
		{[]int{12, 11, 9, 5, 2}, true},
	} {
		g := atDevelopmentWithPyramid(t, tc.rows...)
		g.setHand(0, 41, 70)
		m := Move{Kind: Play, Card: 41}
		if got := g.playsFromScreen(0, &m); got != tc.want || got != slices.Contains(g.Legal(0), m) {
			t.Errorf("%d cards in the pyramid: playsFromScreen(play 41) = %v, want %v (legal %v)",
				g.pyr[0].size(), got, tc.want, g.Legal(0))
		}
	}
}
