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
	if !isDiscarded(&g, 61) || g.inHand(0, 61) {
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
		if !g.inHand(0, 20) || !isDiscarded(&g, 61) {
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
	if !isDiscarded(&g, 20) || g.inHand(1, 20) {
		t.Fatalf("20 discarded")
	}
}

func TestTwoVirtualsAloneOnTwoCards(t *testing.T) {
	g := virtualGame(t, 2, 2, Red)
	g = applyAll(t, g, bid(0, Blue), bid(1, Green))
	if !isDiscarded(&g, 61) || !isDiscarded(&g, 20) {
		t.Fatalf("both red cards discarded: %v", g.auction)
	}
}

func TestTwoVirtualsAndAHumanOnTwoCards(t *testing.T) {
	g := virtualGame(t, 2, 2, Red)
	g = applyAll(t, g, bid(0, Red), bid(1, Green))
	if isDiscarded(&g, 61) || isDiscarded(&g, 20) || g.round != 2 {
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

// TestVirtualBidOnColourEmptiedByAttack: RULES.md 9, "a virtual bid on a colour with no
// card: it is done; after the humans' cards are taken, the human first in priority discards one
// card". The colour had a card when the virtual opponent drew, but an attacker took it first
// (attacks resolve before bids, RULES.md 6): the engine treats it as a bid on a colour with no card.
func TestVirtualBidOnColourEmptiedByAttack(t *testing.T) {
	g := virtualGame(t, 2, 1, Blue) // the virtual opponent can only bid blue; blue holds card 8
	g.setPyramid(0, 30)
	g.setPyramid(1, 10)
	g.attacks[0] = 1
	g = applyAll(t, g, attack(0), bid(1, Green))
	if g.Decision(0) != ChooseAuctionCard {
		t.Fatalf("the attacker chooses: %v", g.Decision(0))
	}
	g = applyAll(t, g, take(0, 8))
	if g.vIn != 0 {
		t.Fatalf("the virtual opponent is done: vIn %b", g.vIn)
	}
	if !cmp.Equal(g.ToMove(), []Player{1}) || g.Decision(1) != ChooseAuctionDiscard {
		t.Fatalf("player 1 (first in priority) discards for the virtual bid: %v %v", g.ToMove(), g.Decision(1))
	}
}

// TestVirtualCollisionsOnOneCard: RULES.md 6.2 "k >= 2 and n = 1: nobody gets a card;
// all stay in" applies to virtual bidders too (RULES.md 9, "as ordinary bidders").
func TestVirtualCollisionsOnOneCard(t *testing.T) {
	t.Run("human and virtual", func(t *testing.T) {
		g := virtualGame(t, 1, 1, Blue)
		g = applyAll(t, g, bid(0, Blue))
		if g.round != 2 || g.vIn != 1 || g.auction[Blue][0] != 8 || g.inHand(0, 8) {
			t.Fatalf("round %d vIn %b blue %v", g.round, g.vIn, g.auction[Blue])
		}
		if v := g.View(0).Virtual; len(v) != 1 || !v[0].InAuction {
			t.Fatalf("view: %+v", v)
		}
	})
	t.Run("two virtuals", func(t *testing.T) {
		g := virtualGame(t, 2, 2, Blue)
		g = applyAll(t, g, bid(0, Red), bid(1, Green))
		// Player 0 alone on red takes a card; player 1 alone on green takes 52.
		for g.phase == phaseAuction && g.Decision(0) == ChooseAuctionCard {
			g = applyAll(t, g, take(0, 61))
		}
		if isDiscarded(&g, 8) || g.vIn != 0b11 {
			t.Fatalf("two virtuals on one card: nothing discarded, both stay in: discarded 8 %v, vIn %b",
				isDiscarded(&g, 8), g.vIn)
		}
	})
}

// TestVirtualDrawsWithoutPutBack pins the reading of RULES.md 9 "each virtual opponent
// still in the auction draws one gem at random from the box ... Its drawn gem always goes back to
// the box": the draws of one round are made without putting back (virtual.go drawVirtualBids). With
// one red and one blue gem in the box, two virtual opponents always bid different colours.
func TestVirtualDrawsWithoutPutBack(t *testing.T) {
	for seed := range uint64(40) {
		g := virtualGame(t, 2, 2, Red)
		g.box = Gems{Red: 1, Blue: 1}
		g.rng = seed
		g = applyAll(t, g, pass(0), pass(1))
		a, _ := g.vBid[0].get()
		b, _ := g.vBid[1].get()
		if a == b {
			t.Fatalf("seed %d: both virtual opponents drew %v from a box of one red and one blue", seed, a)
		}
	}
}

// TestVirtualDuelStayInKeepsVirtualIn: RULES.md 9, the human who stays in against a virtual
// opponent takes nothing and nothing is discarded; the virtual opponent is not done and bids again.
func TestVirtualDuelStayInKeepsVirtualIn(t *testing.T) {
	g := applyAll(t, virtualGame(t, 1, 1, Red), bid(0, Red), pm{0, Move{Kind: StayIn}})
	if g.round != 2 || g.vIn != 1 {
		t.Fatalf("round %d, vIn %b", g.round, g.vIn)
	}
	g = applyAll(t, g, bid(0, Blue))
	if c, ok := g.vBid[0].get(); !ok || c != Red || !isDiscarded(&g, 61) {
		t.Fatalf("round 2: the virtual opponent bids red again and, alone, discards the base: bid %v %v, auction %v", c, ok, g.auction)
	}
}

// TestVirtualBidHiddenUntilReveal: DESIGN.md hidden information, RULES.md 9 ("once the
// humans' choices are fixed"): no virtual bid is drawn or shown while humans still choose.
func TestVirtualBidHiddenUntilReveal(t *testing.T) {
	g := virtualGame(t, 2, 1, Red)
	g = applyAll(t, g, bid(0, Blue))
	for p := range Player(2) {
		if v := g.View(p); v.Virtual[0].Bid != nil || v.Revealed != nil {
			t.Fatalf("player %d sees a bid before the reveal: %+v %v", p, v.Virtual[0], v.Revealed)
		}
	}
}
