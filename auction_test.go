package viceroy

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
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
			g.on.add(5, token(Science, 1, 0))
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
	if g.auction[Blue][1] != 8 || isDiscarded(&g, 8) {
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
	if g.auction[Red][1] != 61 || !isDiscarded(&g, 20) {
		t.Fatalf("red: %v, 20 discarded: %v", g.auction[Red], isDiscarded(&g, 20))
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

// auctionLog follows one turn's auction phase through random play.
type auctionLog struct {
	turn    int
	skipped uint8             // humans who skip this auction (69 Privilege)
	screen0 [MaxPlayers]Gems  // screens when the auction began
	bids    [MaxPlayers]int   // bid gems spent
	took    [MaxPlayers]int   // auction cards taken during the auction phase
	science [MaxPlayers]int   // science tokens during the auction (they cannot change in it)
	rounds  int               // highest round seen
	attacks [MaxPlayers]uint8 // attack tokens when the auction began
	atkUsed [MaxPlayers]int   // attack moves made
}

// checkAuctionTurn checks one finished auction phase.
func checkAuctionTurn(l *auctionLog, end Game) error {
	for p := range end.players {
		bit := uint8(1) << p
		passed := end.passedAt&bit != 0
		gained := end.screen[p].Total() - l.screen0[p].Total() + l.bids[p]
		if l.skipped&bit != 0 {
			if passed || l.took[p] != 0 || l.bids[p] != 0 || gained != 0 || l.atkUsed[p] != 0 {
				return fmt.Errorf("turn %d: player %d skips the auction, yet passed %v took %d bid %d gained %d attacked %d",
					l.turn, p, passed, l.took[p], l.bids[p], gained, l.atkUsed[p])
			}
			continue
		}
		n := l.took[p]
		if passed {
			n++
		}
		if n != 1 {
			return fmt.Errorf("turn %d: player %d ends the auction with %d cards taken and passed=%v (want exactly one of the two)",
				l.turn, p, l.took[p], passed)
		}
		if !passed && gained != 0 {
			return fmt.Errorf("turn %d: player %d gained %d gems in the auction without passing", l.turn, p, gained)
		}
		if passed && gained > PassGems(l.science[p]) {
			return fmt.Errorf("turn %d: player %d took %d pass gems, more than %d", l.turn, p, gained, PassGems(l.science[p]))
		}
		if used := int(l.attacks[p]) - int(end.attacks[p]); used < 0 || used > l.atkUsed[p] || used > l.took[p] {
			return fmt.Errorf("turn %d: player %d spent %d attack tokens (attacked %d times, took %d cards)",
				l.turn, p, used, l.atkUsed[p], l.took[p])
		}
	}
	// RULES.md 5: the last 4 cards of the large deck are revealed after the auction of turn 11.
	if want := max(0, 44-4*l.turn); end.largeLen() != want {
		return fmt.Errorf("after the auction of turn %d the large deck holds %d cards, want %d", l.turn, end.largeLen(), want)
	}
	if l.rounds > 3 {
		return fmt.Errorf("turn %d: %d auction rounds", l.turn, l.rounds)
	}
	return nil
}

// auctionEndIn returns the game as the auction phase left it during p's move m on g: the move made,
// then the automatic steps and forced moves one at a time, as History.Play takes them, until the
// phase is no longer the auction. The development phase may then pass without a decision (every
// hand empty), so that the game at rest after the move is already in the next turn.
func auctionEndIn(g Game, p Player, m Move) Game {
	g.do(p, &m)
	for g.phase == phaseAuction {
		if owes := g.owing(); owes != 0 {
			q := Player(bits.TrailingZeros8(owes))
			moves := g.appendLegal(nil, q)
			g.do(q, &moves[0]) // forced: settle makes it
			continue
		}
		g.step()
	}
	return g
}

// playCheckingAuctions plays a random game and checks the auction's bookkeeping after every move.
func playCheckingAuctions(t *testing.T, cfg Config, choices uint64) (skips int) {
	t.Helper()
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	box := g.box
	r := rand.New(rand.NewPCG(choices, 23))
	var l *auctionLog
	checked := 0
	begin := func(prev, g Game) {
		if prev.skip != 0 {
			skips++
		}
		l = &auctionLog{turn: int(g.turn), skipped: prev.skip, screen0: g.screen, attacks: g.attacks}
		for p := range g.players {
			l.science[p] = g.science(Player(p))
		}
	}
	for steps := 0; !g.Over(); steps++ {
		if steps > 20000 {
			t.Fatalf("no end")
		}
		who := g.ToMove()
		p := who[r.IntN(len(who))]
		moves := g.Legal(p)
		m := moves[r.IntN(len(moves))]
		if g.phase == phaseAuction && l != nil && l.skipped&(1<<p) != 0 {
			t.Fatalf("turn %d: player %d skips the auction but owes %v", g.turn, p, g.Decision(p))
		}
		if g.phase == phaseAuction && g.act.kind == actNone && g.patron == 0 && g.sub == subBids {
			for _, mv := range moves {
				if mv.Kind == Bid && (g.cardsAt(mv.Color) == 0 || g.screen[p][mv.Color] == 0) {
					t.Fatalf("bid %v offered with %d cards there and %d gems", mv.Color, g.cardsAt(mv.Color), g.screen[p][mv.Color])
				}
			}
		}
		next, err := g.Apply(p, m)
		if err != nil {
			t.Fatal(err)
		}
		if next.box != box {
			t.Fatalf("the box changed: %v -> %v", box, next.box)
		}
		if l != nil && g.phase == phaseAuction && next.phase == phaseAuction && next.turn != g.turn {
			// The development phase passed without a decision: check the auction as it ended.
			if err := checkAuctionTurn(l, auctionEndIn(g, p, m)); err != nil {
				t.Fatalf("%+v choices %d: %v", cfg, choices, err)
			}
			checked++
			l = nil
		}
		if next.turn != g.turn {
			if l != nil {
				t.Fatalf("turn %d ended without its auction being checked", l.turn)
			}
			begin(g, next)
		}
		if l != nil && g.phase == phaseAuction {
			if g.act.kind == actNone && g.patron == 0 && g.sub == subBids {
				switch m.Kind {
				case Bid:
					l.bids[p]++
				case Attack:
					l.atkUsed[p]++
				}
			}
			for _, col := range g.auction {
				for _, c := range col {
					if c == 0 {
						continue
					}
					for q := range next.players {
						if next.hand[q].has(c) && !g.hand[q].has(c) {
							l.took[q]++
						}
					}
				}
			}
		}
		if l != nil && next.phase == phaseAuction {
			l.rounds = max(l.rounds, int(next.round))
		}
		if l != nil && next.phase != phaseAuction && (g.phase == phaseAuction || next.turn != g.turn) {
			if err := checkAuctionTurn(l, next); err != nil {
				t.Fatalf("%+v choices %d: %v", cfg, choices, err)
			}
			checked++
			l = nil
		}
		g = next
	}
	if checked != Turns {
		t.Fatalf("%+v: %d auctions checked, want %d", cfg, checked, Turns)
	}
	return skips
}

// TestAuctionBookkeepingInRandomGames: in random games, every human who does not skip the auction
// ends it with exactly one auction card or one pass (RULES.md 6: "A player passes at most once per
// turn"; a card taken makes the player done), a skipper (69 Privilege) neither bids, passes nor
// takes gems, pass gems never exceed 3 + science, no more than 3 rounds are held, bids are offered
// only where a card lies, and the box never changes (virtual bids go back to it, RULES.md 9).
func TestAuctionBookkeepingInRandomGames(t *testing.T) {
	skips := 0
	cfgs := []Config{
		{Players: 1, Virtual: 1}, {Players: 1, Virtual: 3}, {Players: 2}, {Players: 2, Virtual: 2},
		{Players: 3, Virtual: 1}, {Players: 4}, {Players: 3, Edition: FirstEdition},
	}
	for i, cfg := range cfgs {
		for s := range uint64(auctionSeeds) {
			cfg.Seed = s*31 + uint64(i)
			skips += playCheckingAuctions(t, cfg, s+7)
		}
	}
	if skips == 0 {
		t.Errorf("no game went through an auction skipped by 69 Privilege; the skip checks never ran")
	}
}

const auctionSeeds = 8

// TestPriorityIgnoresTuckedCards: RULES.md 4, "Tucked cards do not count." Player 0's
// pyramid holds 30 and 72 Archive with card 3 tucked under it; player 1's holds 20. Player 1 comes
// first.
func TestPriorityIgnoresTuckedCards(t *testing.T) {
	g := Game{players: 2}
	g.pyr[0].insert(30, Place{1, 0})
	g.pyr[0].insert(lawArchive, Place{1, 1})
	g.under.tuck(3, lawArchive)
	g.setPyramid(1, 20)
	if p, _ := g.first(0b11); p != 1 {
		t.Fatalf("first in priority: %v, want player 1 (the tucked 3 does not count)", p)
	}
}

// TestAuctionClaimsHidden: RULES.md 6.2, two bidders on two cards "each claims one card,
// simultaneously and hidden". Until both have claimed, nothing in the others' views depends on the
// claim already made.
func TestAuctionClaimsHidden(t *testing.T) {
	var views [2][3][]byte
	for i, c := range []CardID{61, 20} {
		g := applyAll(t, auctionGame(t), bid(0, Red), bid(1, Red), pass(2))
		if g.Decision(0) != ChooseClaim || g.Decision(1) != ChooseClaim {
			t.Fatalf("want both claiming: %v %v", g.Decision(0), g.Decision(1))
		}
		g = applyAll(t, g, claim(0, c))
		for p := range Player(3) {
			views[i][p] = viewJSON(t, g.View(p))
		}
	}
	for p := 1; p < 3; p++ {
		if string(views[0][p]) != string(views[1][p]) {
			t.Errorf("player %d's view depends on player 0's hidden claim:\n%s\n%s", p, views[0][p], views[1][p])
		}
	}
	if string(views[0][0]) == string(views[1][0]) {
		t.Errorf("player 0's own view should show the claim made")
	}
}

// TestAuctionAttackOnEmptiedAuction pins the readings for attacks that find nothing:
// RULES.md 6.1 says each attacker "takes any one card on the auction ... The attacker is done for
// this phase" and is silent when earlier attackers emptied the auction. The engine (auction.go
// resolveAttack, and the package docs) lets such an attacker keep the token and stay in; and
// (appendAuctionMoves) it offers no attack while the auction is empty.
func TestAuctionAttackOnEmptiedAuction(t *testing.T) {
	g := auctionGame(t) // priority 2, 1, 0
	g.setAuction([NumColors][2]CardID{{8, 0}, {}, {}, {}})
	g.attacks[0], g.attacks[1] = 1, 1
	g = applyAll(t, g, attack(0), attack(1), bid(2, Blue))
	if !g.inHand(1, 8) || g.attacks[1] != 0 {
		t.Fatalf("player 1 attacks first and takes the only card: hand %v, tokens %d", g.Hand(1), g.attacks[1])
	}
	if g.attacks[0] != 1 || g.inAuction&1 == 0 {
		t.Fatalf("player 0 found nothing: keeps the token (%d) and stays in (%b)", g.attacks[0], g.inAuction)
	}
	if g.inAuction&(1<<2) == 0 || g.screen[2][Blue] != 2 {
		t.Fatalf("the blue bidder (n = 0) stays in and loses the gem")
	}
	if g.round != 2 {
		t.Fatalf("round %d, want 2", g.round)
	}
	if want := []Move{{Kind: Pass}}; !cmp.Equal(g.Legal(0), want) {
		t.Fatalf("with the auction empty player 0 can only pass: %v", g.Legal(0))
	}
}

// TestAuctionSameClaimRevealed: RULES.md 6.2, "each of the two claims one card, simultaneously
// and hidden. Different claims: ... Same claim: neither gets a card" – the claims are revealed to
// be compared, as the bids are (View.Revealed shows "this round's choices, from their reveal to the
// round's end"; DESIGN.md: View(p) is everything p may see). After a same claim, no view tells
// which card both claimed.
func TestAuctionSameClaimRevealed(t *testing.T) {
	g := applyAll(t, auctionGame(t), bid(0, Red), bid(1, Red), pass(2))
	g = applyAll(t, g, claim(0, 61), claim(1, 61))
	if g.Decision(2) != ChooseGem || g.round != 1 {
		t.Fatalf("want player 2's pass gems in round 1: %v, round %d", g.Decision(2), g.round)
	}
	v := g.View(2)
	found := 0
	for _, pmv := range v.Revealed {
		if pmv.Move.Kind == Claim && pmv.Move.Card == 61 {
			found++
		}
	}
	if found != 2 {
		t.Errorf("after the same claim, player 2's view does not show the revealed claims (61 by players 0 and 1): revealed %v", v.Revealed)
	}
}

// TestAuctionRoundThreePassOrder pins the order of RULES.md 6.3-6.4 in round 3: those who
// passed in round 3 take their pass gems (step 3) before those passed automatically after it
// (step 4), whatever their priority. Player 0 (last in priority) passes in round 3; players 1 and 2
// collide on the only card in every round and pass automatically.
func TestAuctionRoundThreePassOrder(t *testing.T) {
	g := auctionGame(t) // priority 2, 1, 0
	g.setAuction([NumColors][2]CardID{{8, 0}, {}, {}, {}})
	g = applyAll(t, g, bid(0, Blue), bid(1, Blue), bid(2, Blue))
	g = applyAll(t, g, bid(0, Blue), bid(1, Blue), bid(2, Blue))
	g = applyAll(t, g, pass(0), bid(1, Blue), bid(2, Blue))
	var order []Player
	for g.phase == phaseAuction {
		who := g.ToMove()
		if len(order) == 0 || order[len(order)-1] != who[0] {
			order = append(order, who[0])
		}
		g = mustApply(t, g, who[0], g.Legal(who[0])[0])
	}
	if want := []Player{0, 2, 1}; !cmp.Equal(order, want) {
		t.Fatalf("pass gems in order %v, want %v", order, want)
	}
}

// RULES.md 12: "4 science tokens: a pass gives 7 gems", played out in an auction (RULES.md 6:
// "3 + the number of science tokens in the player's pyramid").
func TestAuctionWorkedExamplePassGems(t *testing.T) {
	g := atFirstAuction(t, 2, SecondEdition)
	g.on = holdings{}
	first := g.pyr[0].cells[0]
	for range 4 {
		g.on.add(first, token(Science, 1, 0))
	}
	for c := range NumColors {
		g.box[c] += g.reserve[c]
		g.reserve[c] = 5
		g.box[c] -= 5
	}
	before := g.screen[0].Total()
	g = applyAll(t, g, pass(0), pass(1))
	taken := 0
	for g.phase == phaseAuction {
		p := g.ToMove()[0]
		if p == 0 && g.Decision(0) == ChooseGem {
			taken++
		}
		g = mustApply(t, g, p, g.Legal(p)[0])
	}
	if got := g.screen[0].Total() - before; got != 7 {
		t.Errorf("4 science tokens: a pass gave %d gems (%d picks), want 7", got, taken)
	}
}

// liftBySearch is the general way to lift a card off the auction: look at every place, colour by
// colour, base before tip, and empty the first that holds the card.
func liftBySearch(a *[NumColors][2]CardID, card CardID) (Color, int) {
	for c := range a {
		for i := range a[c] {
			if a[c][i] == card {
				a[c][i] = 0
				return Color(c), i
			}
		}
	}
	return 0, 0
}

// TestTakeFromAuctionSlotSearches holds takeFromAuctionSlot, which compares the eight places at
// once as the bytes of a word, to the search place by place: on any auction (distinct cards and
// empty places) and for any card number, one on it or not, and 0, which names an empty place,
// both leave the same auction and report the same place.
func TestTakeFromAuctionSlotSearches(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var g Game
		used := map[CardID]bool{}
		for c := range g.auction {
			for i := range g.auction[c] {
				if rapid.Bool().Draw(t, "empty") {
					continue
				}
				id := CardID(rapid.IntRange(1, 255).Draw(t, "card"))
				if !used[id] {
					used[id] = true
					g.auction[c][i] = id
				}
			}
		}
		var card CardID
		switch rapid.IntRange(0, 2).Draw(t, "which") {
		case 0: // a card on the auction, if any
			c, i := rapid.IntRange(0, NumColors-1).Draw(t, "color"), rapid.IntRange(0, 1).Draw(t, "slot")
			card = g.auction[c][i]
		case 1:
			card = CardID(rapid.IntRange(0, 255).Draw(t, "any"))
		}
		want := g.auction
		wc, wi := liftBySearch(&want, card)
		gc, gi := g.takeFromAuctionSlot(card)
		if gc != wc || gi != wi || g.auction != want {
			t.Fatalf("card %d: took from %d/%d leaving %v, the search takes from %d/%d leaving %v",
				card, gc, gi, g.auction, wc, wi, want)
		}
	})
}

// TestBidWordsAgreeWithChoices holds humanBids and virtualBids, which read the bids of a round for
// every colour at once, to the hidden choices and virtual bids they come from, read one player at a
// time, at every decision of random games of every mix (atEveryDecision), and bidders to the byte
// of its colour.
func TestBidWordsAgreeWithChoices(t *testing.T) {
	var humansSeen, virtualsSeen int
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		var humans, virtuals uint32
		for q := range Player(MaxPlayers) {
			if m := g.secret[q]; g.inAuction&(1<<q) != 0 && m.Kind == Bid {
				humans |= 1 << (8*uint(m.Color) + uint(q))
			}
			if c, ok := g.vBid[q].get(); ok && g.vIn&(1<<q) != 0 {
				virtuals |= 1 << (8*uint(c) + 4 + uint(q))
			}
		}
		if got := g.humanBids(); got != humans {
			t.Fatalf("%+v: humanBids = %#08x, the hidden choices %v of players in %04b give %#08x",
				cfg, got, g.secret, g.inAuction, humans)
		}
		if got := g.virtualBids(); got != virtuals {
			t.Fatalf("%+v: virtualBids = %#08x, the bids %v of virtual opponents in %04b give %#08x",
				cfg, got, g.vBid, g.vIn, virtuals)
		}
		for c := range Color(NumColors) {
			if got, want := g.bidders(c), uint8(humans>>(8*c))&0xF; got != want {
				t.Fatalf("%+v: bidders(%v) = %04b, want %04b", cfg, c, got, want)
			}
		}
		humansSeen += b2i(humans != 0)
		virtualsSeen += b2i(virtuals != 0)
	})
	if humansSeen == 0 || virtualsSeen == 0 {
		t.Errorf("bids seen at %d decisions, virtual bids at %d: the test checks nothing", humansSeen, virtualsSeen)
	}
}

// TestResolveClaimAsTheGeneralWay holds resolveClaim, which empties the colour at once and gives the
// two claimed cards in player order, to the general way: each card looked for on the auction and
// taken, in priority order. At every claim of random games in every edition and player mix, every
// pair of claims the two bidders can make leaves the same game both ways.
func TestResolveClaimAsTheGeneralWay(t *testing.T) {
	var same, different int
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.phase != phaseAuction || g.sub != subClaim || g.waiting != g.bidders(Color(g.bidColor)) {
			return // not a claim, or one of the two has claimed already
		}
		set := g.bidders(Color(g.bidColor))
		a, _ := g.first(set)
		b, _ := g.first(set &^ (1 << a))
		for _, ma := range legal {
			for _, mb := range legal {
				claimed := *g
				claimed.claim[a], claimed.claim[b] = ma.Card, mb.Card
				claimed.waiting = 0

				short := claimed
				short.resolveClaim()

				general := claimed
				if ma.Card != mb.Card {
					general.takeFromAuction(a, ma.Card)
					general.takeFromAuction(b, mb.Card)
					general.inAuction &^= 1<<a | 1<<b
					different++
				} else {
					same++
				}
				general.bidColor++
				general.sub = subColors

				if short != general {
					t.Fatalf("%+v: claims %v by %v and %v by %v: resolveClaim leaves another game than the general way:\n"+
						"auction %v, hands %v\nthe general way: auction %v, hands %v",
						cfg, ma.Card, a, mb.Card, b, short.auction, short.hand, general.auction, general.hand)
				}
			}
		}
	})
	if same == 0 || different == 0 {
		t.Errorf("%d pairs of the same claim and %d of different claims: the test checks too little", same, different)
	}
}

// TestPassGemsAsTheGeneralWay holds passGems, which leaves the science tokens uncounted when the
// reserve holds no more than the least a pass gives, to the general way, 3 plus the tokens counted
// always: at every decision of random games in every edition and player mix, the pass gems begun
// for each player either way leave the same game.
func TestPassGemsAsTheGeneralWay(t *testing.T) {
	uncounted := 0 // shortcuts taken for a player with science tokens, where the count would differ
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		for p := range Player(cfg.Players) {
			short, general := *g, *g
			short.startGems(p, short.passGems(p))
			general.startGems(p, PassGems(general.science(p)))
			if short != general {
				t.Fatalf("%+v: %v's pass gems with a reserve of %v and %d science tokens: passGems gives %d, "+
					"which leaves another game than %d:\nscreen %v, action %+v\nthe general way: screen %v, action %+v",
					cfg, p, g.reserve, g.science(p), g.passGems(p), PassGems(g.science(p)),
					short.screen[p], short.act, general.screen[p], general.act)
			}
			if g.passGems(p) != PassGems(g.science(p)) {
				uncounted++
			}
		}
	})
	if uncounted == 0 {
		t.Error("passGems never left science tokens uncounted: the test checks nothing")
	}
}

// withoutForcedTakes runs f with the shortcut of forced takes turned off: a sole bidder on a
// colour with one card is then owed the take, and settle makes it as the only move.
func withoutForcedTakes(f func()) {
	forcedTakes = false
	defer func() { forcedTakes = true }()
	f()
}

// TestForcedTakesAsTheGeneralWay holds resolveColor's shortcut, a sole bidder's take made at once
// when one card lies at the colour, to the general way, the take owed as a decision and made by
// settle as the only move: after every legal move at every decision of random games in every
// edition and player mix, both leave the same game.
func TestForcedTakesAsTheGeneralWay(t *testing.T) {
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		for _, m := range legal {
			short := mustApply(t, *g, p, m)
			var general Game
			withoutForcedTakes(func() { general = mustApply(t, *g, p, m) })
			if short != general {
				t.Fatalf("%+v: %v %v: the forced take made at once leaves another game than the general way:\n"+
					"auction %v, hands %v, owing %08b\nthe general way: auction %v, hands %v, owing %08b",
					cfg, p, m, short.auction, short.hand, short.owing(), general.auction, general.hand, general.owing())
			}
		}
	})
}

// TestForcedTakesLogAsTheGeneralWay: with the shortcut of forced takes, History logs random games
// of every player mix exactly as it does when the takes are owed and made as forced moves.
func TestForcedTakesLogAsTheGeneralWay(t *testing.T) {
	for seed := range uint64(sized(1, 3)) {
		for _, cfg := range allMixes(seed) {
			short := randomHistory(t, cfg, seed, func(*History, Game, Player, Move) {})
			var general *History
			withoutForcedTakes(func() { general = randomHistory(t, cfg, seed, func(*History, Game, Player, Move) {}) })
			for p := Player(-1); p < Player(cfg.Players); p++ {
				if diff := cmp.Diff(general.Log(p), short.Log(p), cmp.AllowUnexported(Event{})); diff != "" {
					t.Fatalf("%+v: %v's log with forced takes made at once differs (-general +shortcut):\n%s", cfg, p, diff)
				}
			}
		}
	}
}

// TestFewGemsKeepGems checks fewGems against the Gems it packs: every Gems of at most 3 of each
// colour comes back from packFew as it went in, through word and gems alike; distinct Gems pack
// distinctly; and plus adds one gem of its colour, as Gems counts it.
func TestFewGemsKeepGems(t *testing.T) {
	seen := map[fewGems]Gems{}
	for i := range 256 {
		g := Gems{uint8(i & 3), uint8(i >> 2 & 3), uint8(i >> 4 & 3), uint8(i >> 6)}
		f := packFew(gemWord(g))
		if f.gems() != g || f.word() != gemWord(g) {
			t.Fatalf("%v packs to %#x, which gives back %v (word %#x)", g, f, f.gems(), f.word())
		}
		if other, ok := seen[f]; ok {
			t.Fatalf("%v and %v both pack to %#x", g, other, f)
		}
		seen[f] = g
		for c := range Color(NumColors) {
			if g[c] < 3 {
				want := g
				want[c]++
				if got := f.plus(c).gems(); got != want {
					t.Fatalf("%v plus a %v gem: %v, want %v", g, c, got, want)
				}
			}
		}
	}
}

// TestSampleRefusesMoreThanTwoPossible: a view that gives a player's unknown gems more than 2
// possible of a colour shows what no game can (setup returns 2 gems of the 8 with 2 of each
// colour), and Sample refuses it (ErrBadView), as the game keeps those bounds in 2 bits a colour.
// The view moves one possible red gem of one player to the other's, and one yellow back, so that
// every count of gems still agrees.
func TestSampleRefusesMoreThanTwoPossible(t *testing.T) {
	g, err := NewGame(Config{Players: 3, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(0)
	if _, err := Sample(v, 1); err != nil {
		t.Fatalf("the game's own view: %v", err)
	}
	a, b := v.Players[1], v.Players[2]
	if a.Possible != (Gems{2, 2, 2, 2}) || b.Possible != (Gems{2, 2, 2, 2}) {
		t.Fatalf("at the start every colour is possible twice: %v and %v", a.Possible, b.Possible)
	}
	bad := v
	bad.Players = append([]PlayerView(nil), v.Players...)
	bad.Players[1].Possible = Gems{Red: 3, Green: 2, Blue: 2, Yellow: 1}
	bad.Players[2].Possible = Gems{Red: 1, Green: 2, Blue: 2, Yellow: 3}
	_, err = Sample(bad, 1)
	if !errors.Is(err, ErrBadView) || !strings.Contains(err.Error(), "possible") {
		t.Fatalf("3 possible of a colour: %v, want ErrBadView for it", err)
	}
}
