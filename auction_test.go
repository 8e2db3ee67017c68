package viceroy

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// auctionGame returns a 3-player game at the first bid of turn 1 with a known auction, 3 gems of
// each colour behind every screen, and priority 2, 1, 0 (player 2's pyramid holds the lowest card).
func auctionGame(t *testing.T) Game {
	g := atFirstAuction(t, 3, SecondEdition)
	g.setAuction([NumColors][2]CardID{{8, 0}, {61, 20}, {52, 0}, {36, 0}})
	g.uniformScreens(3)
	g.setPyramid(0, 30)
	g.setPyramid(1, 10)
	g.setPyramid(2, 5)
	return g
}

func TestAuctionOneBidder(t *testing.T) {
	g := auctionGame(t)
	g.setAuction([NumColors][2]CardID{{8, 0}, {61, 0}, {52, 0}, {36, 0}})
	reserve := g.reserve
	g = applyAll(t, g, bid(0, Red), pass(1), pass(2))
	if !g.inHand(0, 61) {
		t.Fatalf("the sole bidder did not get the only red card; hand %v", g.Hand(0))
	}
	if g.screen[0][Red] != 2 || g.reserve[Red] != reserve[Red]+1 {
		t.Errorf("the bid gem did not go to the reserve: screen %v reserve %v", g.screen[0], g.reserve)
	}
	if got := g.ToMove(); !cmp.Equal(got, []Player{2}) || g.Decision(2) != ChooseGem {
		t.Fatalf("passers take gems in priority order, player 2 first; to move %v, %v", got, g.Decision(2))
	}
}

func TestAuctionSoleBidderChoosesBaseOrTip(t *testing.T) {
	g := applyAll(t, auctionGame(t), bid(0, Red), pass(1), pass(2))
	want := []Move{{Kind: Take, Card: 61}, {Kind: Take, Card: 20}}
	if diff := cmp.Diff(want, g.Legal(0)); diff != "" {
		t.Fatalf("sole bidder's choice (-want +got):\n%s", diff)
	}
	g = applyAll(t, g, take(0, 20))
	if !g.inHand(0, 20) || g.auction[Red] != [2]CardID{61, 0} {
		t.Fatalf("took the tip: hand %v, red %v", g.Hand(0), g.auction[Red])
	}
}

func TestAuctionTwoBiddersTwoCards(t *testing.T) {
	t.Run("different claims", func(t *testing.T) {
		g := applyAll(t, auctionGame(t), bid(0, Red), bid(1, Red), pass(2))
		if got := g.ToMove(); !cmp.Equal(got, []Player{0, 1}) || g.Decision(0) != ChooseClaim {
			t.Fatalf("both bidders claim: to move %v, %v", got, g.Decision(0))
		}
		g = applyAll(t, g, claim(0, 61), claim(1, 20))
		if !g.inHand(0, 61) || !g.inHand(1, 20) {
			t.Fatalf("each takes the claimed card: %v %v", g.Hand(0), g.Hand(1))
		}
		if g.inAuction&0b011 != 0 {
			t.Fatalf("both are done for the phase")
		}
	})
	t.Run("same claim", func(t *testing.T) {
		g := applyAll(t, auctionGame(t), bid(0, Red), bid(1, Red), pass(2))
		g = applyAll(t, g, claim(1, 61), claim(0, 61))
		if g.inHand(0, 61) || g.inHand(1, 61) || g.auction[Red] != [2]CardID{61, 20} {
			t.Fatalf("the same claim gets nobody a card")
		}
		g = applyAll(t, g, gem(2, Blue), gem(2, Blue), gem(2, Blue)) // player 2's pass gems
		if g.round != 2 || !cmp.Equal(g.ToMove(), []Player{0, 1}) || g.Decision(0) != ChooseBid {
			t.Fatalf("both stay in for round 2: round %d, to move %v", g.round, g.ToMove())
		}
	})
}

func TestAuctionNobodyGetsACard(t *testing.T) {
	t.Run("two bidders on one card", func(t *testing.T) {
		g := applyAll(t, auctionGame(t), bid(0, Blue), bid(1, Blue), bid(2, Green))
		if g.inHand(0, 8) || g.inHand(1, 8) || !g.inHand(2, 52) {
			t.Fatalf("blue collided, green was taken: %v %v %v", g.Hand(0), g.Hand(1), g.Hand(2))
		}
		if g.round != 2 || !cmp.Equal(g.ToMove(), []Player{0, 1}) {
			t.Fatalf("round %d, to move %v", g.round, g.ToMove())
		}
		if g.screen[0][Blue] != 2 || g.screen[1][Blue] != 2 {
			t.Fatalf("bid gems go to the reserve whatever happens")
		}
	})
	t.Run("three bidders on two cards", func(t *testing.T) {
		g := applyAll(t, auctionGame(t), bid(0, Red), bid(1, Red), bid(2, Red))
		if g.auction[Red] != [2]CardID{61, 20} || g.round != 2 || len(g.ToMove()) != 3 {
			t.Fatalf("nobody gets a card, all stay in: red %v round %d", g.auction[Red], g.round)
		}
	})
}

func TestAuctionAttacks(t *testing.T) {
	t.Run("attacker takes the last card of a colour others bid", func(t *testing.T) {
		g := auctionGame(t)
		g.attacks[0] = 1
		g = applyAll(t, g, attack(0), bid(1, Yellow), pass(2))
		if g.Decision(0) != ChooseAuctionCard || len(g.Legal(0)) != 5 {
			t.Fatalf("the attacker chooses any of the 5 cards: %v %v", g.Decision(0), g.Legal(0))
		}
		g = applyAll(t, g, take(0, 36))
		if !g.inHand(0, 36) || g.attacks[0] != 0 {
			t.Fatalf("attacker took 36 and spent the token: %v, %d", g.Hand(0), g.attacks[0])
		}
		if g.inHand(1, 36) || g.inAuction&(1<<1) == 0 || g.screen[1][Yellow] != 2 {
			t.Fatalf("the yellow bidder gets nothing, stays in, and loses the gem")
		}
	})
	t.Run("several attackers in priority order", func(t *testing.T) {
		g := auctionGame(t)
		g.attacks[0], g.attacks[1] = 1, 1
		g = applyAll(t, g, attack(0), attack(1), pass(2))
		if !cmp.Equal(g.ToMove(), []Player{1}) {
			t.Fatalf("player 1 (lowest card 10) attacks before player 0 (30): %v", g.ToMove())
		}
		g = applyAll(t, g, take(1, 61))
		if !cmp.Equal(g.ToMove(), []Player{0}) || len(g.Legal(0)) != 4 {
			t.Fatalf("then player 0 picks from the 4 left: %v %v", g.ToMove(), g.Legal(0))
		}
		g = applyAll(t, g, take(0, 20))
		if !g.inHand(1, 61) || !g.inHand(0, 20) {
			t.Fatalf("hands %v %v", g.Hand(0), g.Hand(1))
		}
	})
}

func TestAuctionPassGems(t *testing.T) {
	t.Run("empty reserve colours", func(t *testing.T) {
		g := auctionGame(t)
		g.box = g.box.Plus(g.reserve)
		g.reserve = Gems{1, 0, 5, 0}
		g.box = g.box.Minus(g.reserve)
		g = applyAll(t, g, bid(0, Blue), bid(1, Green), pass(2))
		if diff := cmp.Diff([]Move{{Kind: TakeGem, Color: Blue}, {Kind: TakeGem, Color: Green}}, g.Legal(2)); diff != "" {
			t.Fatalf("only colours in the reserve (-want +got):\n%s", diff)
		}
		// The bids put a blue and a green gem in the reserve: 2 blue, 6 green.
		screen := g.screen[2]
		g = applyAll(t, g, gem(2, Blue), gem(2, Blue))
		// Blue is exhausted: the third gem can only be green, and is taken for the player.
		if got := g.screen[2].Minus(screen); got != (Gems{2, 0, 1, 0}) {
			t.Fatalf("pass gems taken: %v", got)
		}
	})
	t.Run("fewer in the reserve than owed", func(t *testing.T) {
		g := auctionGame(t)
		g.box = g.box.Plus(g.reserve)
		g.reserve = Gems{0, 0, 1, 0}
		g.box = g.box.Minus(g.reserve)
		screen := g.screen[2]
		g = applyAll(t, g, bid(0, Yellow), bid(1, Green), pass(2))
		if got := g.screen[2].Minus(screen); got != (Gems{0, 0, 2, 1}) {
			t.Fatalf("takes what the reserve holds (the green and the two bid gems): %v", got)
		}
	})
	t.Run("science adds gems", func(t *testing.T) {
		g := auctionGame(t)
		for range 4 {
			g.on[5].add(token(Science, 1, 0))
		}
		g = applyAll(t, g, bid(0, Blue), bid(1, Green), pass(2))
		n := 0
		for g.Decision(2) == ChooseGem {
			g = applyAll(t, g, gem(2, g.Legal(2)[0].Color))
			n++
		}
		if n != PassGems(4) || n != 7 {
			t.Fatalf("4 science tokens: a pass gives 7 gems, got %d", n)
		}
	})
}

func TestAuctionAutoPassAfterRoundThree(t *testing.T) {
	g := atFirstAuction(t, 2, SecondEdition)
	g.setAuction([NumColors][2]CardID{{8, 0}, {0, 0}, {0, 0}, {0, 0}})
	g.uniformScreens(3)
	g.setPyramid(0, 30)
	g.setPyramid(1, 10)
	for round := 1; round <= 3; round++ {
		if g.round != uint8(round) {
			t.Fatalf("round %d, want %d", g.round, round)
		}
		g = applyAll(t, g, bid(0, Blue), bid(1, Blue))
	}
	if g.phase != phaseAuction || !cmp.Equal(g.ToMove(), []Player{1}) || g.Decision(1) != ChooseGem {
		t.Fatalf("after round 3 both pass automatically, player 1 first: %v %v", g.ToMove(), g.Decision(1))
	}
	for g.phase == phaseAuction {
		p := g.ToMove()[0]
		g = mustApply(t, g, p, g.Legal(p)[0])
	}
	if g.passedAt != 0b11 {
		t.Fatalf("both passed: %b", g.passedAt)
	}
	if g.auction[Blue][1] != 8 || !g.discarded.empty() && g.discarded.has(8) {
		t.Fatalf("the base card moves to the tip at the end of the auction: %v", g.auction)
	}
}

func TestAuctionBidsOnlyWhereCardsLie(t *testing.T) {
	g := auctionGame(t)
	g.setAuction([NumColors][2]CardID{{0, 0}, {61, 0}, {0, 0}, {0, 36}})
	g.screen[0][Yellow] = 0
	want := []Move{{Kind: Bid, Color: Red}, {Kind: Pass}}
	if diff := cmp.Diff(want, g.Legal(0)); diff != "" {
		t.Fatalf("bids need a card at the colour and a gem of it (-want +got):\n%s", diff)
	}
	if _, err := g.Apply(0, Move{Kind: Bid, Color: Blue}); err == nil {
		t.Fatal("a bid on an empty colour was accepted")
	}
}

func TestEndOfAuctionMovesCards(t *testing.T) {
	g := auctionGame(t)
	large := g.largeLen()
	g = applyAll(t, g, bid(0, Blue), bid(1, Green), bid(2, Yellow))
	// Red was not taken: 61 at the base moves to the tip, 20 at the tip is discarded.
	if g.phase != phaseDevelopment {
		t.Fatalf("phase %d", g.phase)
	}
	if g.auction[Red][1] != 61 || !g.discarded.has(20) {
		t.Fatalf("red: %v, 20 discarded: %v", g.auction[Red], g.discarded.has(20))
	}
	for c := range NumColors {
		if g.auction[c][0] == 0 {
			t.Fatalf("colour %v got no new card", Color(c))
		}
	}
	if g.largeLen() != large-4 {
		t.Fatalf("4 new cards from the large deck: %d -> %d", large, g.largeLen())
	}
}

// TestFirstInPriority holds the priority order (RULES.md 4) to its rules: the player whose pyramid
// holds the lowest-numbered standing card comes first, whatever the player numbers; a single
// player needs no comparison; an empty set has nobody.
func TestFirstInPriority(t *testing.T) {
	g := Game{players: 4}
	g.pyr[0].insert(30, Place{1, 0})
	g.pyr[0].insert(9, Place{1, 1}) // player 0's lowest card: 9
	g.setPyramid(1, 12)
	g.setPyramid(2, 5)
	g.setPyramid(3, 40)
	tests := []struct {
		set  uint8
		want Player
		ok   bool
	}{
		{0, 0, false},
		{1 << 3, 3, true},
		{0b1111, 2, true},
		{0b1011, 0, true}, // 9 beats 12 and 40
		{0b1010, 1, true},
		{0b1001, 0, true},
	}
	for _, tt := range tests {
		got, ok := g.first(tt.set)
		if got != tt.want || ok != tt.ok {
			t.Errorf("first(%04b) = %v, %v; want %v, %v", tt.set, got, ok, tt.want, tt.ok)
		}
	}
}
