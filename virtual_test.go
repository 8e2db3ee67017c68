package viceroy

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// virtualGame returns a game of humans and virtual opponents at the first bid of turn 1, with a
// known auction and a box holding only gems of colour box, so that every virtual bid is that
// colour.
func virtualGame(t *testing.T, humans, virtual int, box Color) Game {
	g, err := NewGame(Config{Players: humans, Virtual: virtual, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for g.phase != phaseAuction {
		p := g.ToMove()[0]
		g = mustApply(t, g, p, g.Legal(p)[0])
	}
	g.setAuction([NumColors][2]CardID{{8, 0}, {61, 20}, {52, 0}, {0, 0}})
	g.uniformScreens(3)
	g.box = Gems{}
	g.box[box] = 12
	return g
}

func TestVirtualSoleBidderDiscards(t *testing.T) {
	g := virtualGame(t, 1, 1, Red)
	g = applyAll(t, g, bid(0, Blue))
	if !g.inHand(0, 8) {
		t.Fatalf("the human took the blue card: %v", g.Hand(0))
	}
	// The virtual opponent alone on red (two cards) discards the base card, 61; the tip, 20, is
	// discarded at the end of the auction as every tip is.
	if !g.discarded.has(61) || g.inHand(0, 61) {
		t.Fatalf("61 not discarded")
	}
	if g.box != (Gems{Red: 12}) {
		t.Fatalf("the virtual bid went back to the box: %v", g.box)
	}
}

func TestVirtualDuel(t *testing.T) {
	start := func(t *testing.T) Game {
		g := applyAll(t, virtualGame(t, 1, 1, Red), bid(0, Red))
		want := []Move{{Kind: Take, Card: 20}, {Kind: StayIn}}
		if diff := cmp.Diff(want, g.Legal(0)); diff != "" || g.Decision(0) != ChooseDuel {
			t.Fatalf("one human and one virtual on two cards (-want +got):\n%s", diff)
		}
		return g
	}
	t.Run("take the tip", func(t *testing.T) {
		g := applyAll(t, start(t), take(0, 20))
		if !g.inHand(0, 20) || !g.discarded.has(61) {
			t.Fatalf("the human takes the tip, the base is discarded: hand %v", g.Hand(0))
		}
	})
	t.Run("stay in", func(t *testing.T) {
		g := applyAll(t, start(t), pm{0, Move{Kind: StayIn}})
		if g.round != 2 || g.auction[Red] != [2]CardID{61, 20} || g.Decision(0) != ChooseBid {
			t.Fatalf("nothing taken or discarded, round 2: round %d, red %v", g.round, g.auction[Red])
		}
	})
}

func TestVirtualBidOnEmptyColour(t *testing.T) {
	g := virtualGame(t, 2, 1, Yellow) // yellow has no card
	g.setPyramid(0, 30)
	g.setPyramid(1, 10)
	g = applyAll(t, g, bid(0, Blue), bid(1, Green))
	if !cmp.Equal(g.ToMove(), []Player{1}) || g.Decision(1) != ChooseAuctionDiscard {
		t.Fatalf("the human first in priority discards: %v %v", g.ToMove(), g.Decision(1))
	}
	want := []Move{{Kind: Discard, Card: 61}, {Kind: Discard, Card: 20}}
	if diff := cmp.Diff(want, g.Legal(1)); diff != "" {
		t.Fatalf("cards left on the auction (-want +got):\n%s", diff)
	}
	g = applyAll(t, g, pm{1, Move{Kind: Discard, Card: 20}})
	if !g.discarded.has(20) || g.inHand(1, 20) {
		t.Fatalf("20 discarded")
	}
}

func TestTwoVirtualsAloneOnTwoCards(t *testing.T) {
	g := virtualGame(t, 2, 2, Red)
	g = applyAll(t, g, bid(0, Blue), bid(1, Green))
	if !g.discarded.has(61) || !g.discarded.has(20) {
		t.Fatalf("both red cards discarded: %v", g.auction)
	}
}

func TestTwoVirtualsAndAHumanOnTwoCards(t *testing.T) {
	g := virtualGame(t, 2, 2, Red)
	g = applyAll(t, g, bid(0, Red), bid(1, Green))
	if g.discarded.has(61) || g.discarded.has(20) || g.round != 2 {
		t.Fatalf("nothing discarded, all stay in: round %d, red %v", g.round, g.auction[Red])
	}
}

func TestSoloGame(t *testing.T) {
	for _, ed := range []Edition{SecondEdition, FirstEdition} {
		g := randomGame(t, Config{Players: 1, Virtual: 1, Edition: ed, Seed: 3}, 3)
		if len(g.Scores()) != 1 || g.Winners() != nil {
			t.Fatalf("%v solo: %d sheets, winners %v", ed, len(g.Scores()), g.Winners())
		}
	}
	if _, err := NewGame(Config{Players: 1}); !errors.Is(err, ErrBadConfig) {
		t.Fatalf("solo without a virtual opponent: %v", err)
	}
	if _, err := NewGame(Config{Players: 3, Virtual: 2}); !errors.Is(err, ErrBadConfig) {
		t.Fatalf("5 participants: %v", err)
	}
}
