package viceroy

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Audit of RULES.md sections 2-6 and 9 (editions, setup, priority, the turn, the auction phase,
// virtual opponents) and the laws that change them.

// auditAuctionLog follows one turn's auction phase through random play.
type auditAuctionLog struct {
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

// auditAuctionCheckTurn checks one finished auction phase.
func auditAuctionCheckTurn(l *auditAuctionLog, end Game) error {
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

// auditAuctionPlay plays a random game and checks the auction's bookkeeping after every move.
func auditAuctionPlay(t *testing.T, cfg Config, choices uint64) (skips int) {
	t.Helper()
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	box := g.box
	r := rand.New(rand.NewPCG(choices, 23))
	var l *auditAuctionLog
	checked := 0
	begin := func(prev, g Game) {
		if prev.skip != 0 {
			skips++
		}
		l = &auditAuctionLog{turn: int(g.turn), skipped: prev.skip, screen0: g.screen, attacks: g.attacks}
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
		if g.phase == phaseAuction && g.act.kind == actNone && g.patron.empty() && g.sub == subBids {
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
		if next.turn != g.turn {
			if l != nil {
				t.Fatalf("turn %d ended without its auction being checked", l.turn)
			}
			begin(g, next)
		}
		if l != nil && g.phase == phaseAuction {
			if g.act.kind == actNone && g.patron.empty() && g.sub == subBids {
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
			if err := auditAuctionCheckTurn(l, next); err != nil {
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

// TestAuditAuctionRandomBookkeeping: in random games, every human who does not skip the auction
// ends it with exactly one auction card or one pass (RULES.md 6: "A player passes at most once per
// turn"; a card taken makes the player done), a skipper (69 Privilege) neither bids, passes nor
// takes gems, pass gems never exceed 3 + science, no more than 3 rounds are held, bids are offered
// only where a card lies, and the box never changes (virtual bids go back to it, RULES.md 9).
func TestAuditAuctionRandomBookkeeping(t *testing.T) {
	skips := 0
	cfgs := []Config{
		{Players: 1, Virtual: 1}, {Players: 1, Virtual: 3}, {Players: 2}, {Players: 2, Virtual: 2},
		{Players: 3, Virtual: 1}, {Players: 4}, {Players: 3, Edition: FirstEdition},
	}
	for i, cfg := range cfgs {
		for s := range uint64(auditAuctionSeeds) {
			cfg.Seed = s*31 + uint64(i)
			skips += auditAuctionPlay(t, cfg, s+7)
		}
	}
	if skips == 0 {
		t.Errorf("no game went through an auction skipped by 69 Privilege; the skip checks never ran")
	}
}

const auditAuctionSeeds = 8

// TestAuditAuctionSetup: RULES.md 1 and 3.1-3.5 with both editions (RULES.md 2): the reserve holds
// 4 gems of each colour per human, each player keeps 6 of 2-of-each-colour, the starting deal is
// 2 or 4 cards, the large deck is 48 cards (4 of them revealed at the bases), the rest is the
// small deck, and each player is dealt 3 laws.
func TestAuditAuctionSetup(t *testing.T) {
	for _, ed := range []Edition{SecondEdition, FirstEdition} {
		for _, cfg := range []Config{{Players: 1, Virtual: 1}, {Players: 2, Virtual: 1}, {Players: 3}, {Players: 4}} {
			for seed := range uint64(20) {
				cfg.Edition, cfg.Seed = ed, seed
				g, err := NewGame(cfg)
				if err != nil {
					t.Fatal(err)
				}
				n := cfg.Players
				var onScreens Gems
				for p := range n {
					s := g.screen[p]
					if s.Total() != 6 {
						t.Fatalf("%+v: screen %v holds %d gems, want 6", cfg, s, s.Total())
					}
					for c := range NumColors {
						if s[c] > 2 {
							t.Fatalf("%+v: screen %v", cfg, s)
						}
					}
					onScreens = onScreens.Plus(s)
					want := 4
					if ed == FirstEdition {
						want = 2
					}
					if len(g.DealtCards(Player(p))) != want {
						t.Fatalf("%+v: %d starting cards dealt, want %d", cfg, len(g.DealtCards(Player(p))), want)
					}
				}
				for c := range NumColors {
					if int(g.reserve[c]+onScreens[c]) != 4*n || int(g.box[c]) != GemsPerColor-4*n {
						t.Fatalf("%+v: reserve %v, screens %v, box %v", cfg, g.reserve, onScreens, g.box)
					}
				}
				for g.phase != phaseAuction {
					p := g.ToMove()[0]
					g = mustApply(t, g, p, g.Legal(p)[0])
				}
				drawn := 0 // cards drawn by the starting rewards
				for p := range n {
					drawn += g.hand[p].len() - 4
				}
				if g.largeLen() != 44 || g.smallLen()+g.lawLen()+drawn != NumCharacters-48-2*n+NumLaws-3*n {
					t.Fatalf("%+v: decks large %d small %d laws %d, drawn %d", cfg, g.largeLen(), g.smallLen(), g.lawLen(), drawn)
				}
				for c := range NumColors {
					if g.auction[c][0] == 0 || g.auction[c][1] != 0 {
						t.Fatalf("%+v: auction %v, want a card at every base and none at the tips", cfg, g.auction)
					}
				}
				for p := range n {
					if g.hand[p].len() < 4 || g.pyr[p].Len() != 1 {
						t.Fatalf("%+v: player %d holds %d cards and has %d in the pyramid", cfg, p, g.hand[p].len(), g.pyr[p].Len())
					}
				}
				if g.turn != 1 || g.round != 1 {
					t.Fatalf("%+v: turn %d round %d", cfg, g.turn, g.round)
				}
			}
		}
	}
}

// TestAuditAuctionStartingRewardsInPriority: RULES.md 3.6, the level-1 rewards of the starting
// cards are taken in priority order (RULES.md 4), after the decks exist. Player 1 starts with 12
// (4 gems), player 2 with 33 (3 gems), player 0 with 45 (3 gems).
func TestAuditAuctionStartingRewardsInPriority(t *testing.T) {
	g, err := NewGame(Config{Players: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	start := [3]CardID{45, 12, 33}
	for p := range 3 {
		g.dealt[p] = [4]CardID{start[p], 1 + CardID(p), 0, 0}
	}
	for p := range Player(3) {
		g = mustApply(t, g, p, Move{Kind: KeepInPyramid, Card: start[p]})
		g = mustApply(t, g, p, Move{Kind: KeepInHand, Card: 1 + CardID(p)})
	}
	var order []Player
	for g.phase != phaseAuction {
		who := g.ToMove()
		if len(who) != 1 || g.Decision(who[0]) != ChooseGem {
			t.Fatalf("to move %v, %v", who, g.Decision(who[0]))
		}
		if len(order) == 0 || order[len(order)-1] != who[0] {
			order = append(order, who[0])
		}
		g = mustApply(t, g, who[0], g.Legal(who[0])[0])
	}
	if want := []Player{1, 2, 0}; !cmp.Equal(order, want) {
		t.Fatalf("starting rewards taken in order %v, want %v (by the lowest starting card)", order, want)
	}
}

// TestAuditAuctionPriorityIgnoresTuckedCards: RULES.md 4, "Tucked cards do not count." Player 0's
// pyramid holds 30 and 72 Archive with card 3 tucked under it; player 1's holds 20. Player 1 comes
// first.
func TestAuditAuctionPriorityIgnoresTuckedCards(t *testing.T) {
	g := Game{players: 2}
	g.pyr[0].insert(30, Place{1, 0})
	g.pyr[0].insert(lawArchive, Place{1, 1})
	g.under[3] = lawArchive
	g.pyr[0].covered.add(lawArchive)
	g.setPyramid(1, 20)
	if p, _ := g.first(0b11); p != 1 {
		t.Fatalf("first in priority: %v, want player 1 (the tucked 3 does not count)", p)
	}
}

// TestAuditAuctionUnchosenStartingCardsBackInDeck: RULES.md 3.2, "In the second edition the 2
// unchosen cards of each player go back into the deck" (then the deck is shuffled and split).
func TestAuditAuctionUnchosenStartingCardsBackInDeck(t *testing.T) {
	for seed := range uint64(10) {
		g, err := NewGame(Config{Players: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var back []CardID
		for p := range Player(4) {
			d := g.DealtCards(p)
			g = mustApply(t, g, p, Move{Kind: KeepInPyramid, Card: d[0]})
			g = mustApply(t, g, p, Move{Kind: KeepInHand, Card: d[1]})
			back = append(back, d[2:]...)
		}
		for _, c := range back {
			inDeck := false
			for _, d := range g.chars[g.largeTop:g.largeEnd] {
				inDeck = inDeck || d == c
			}
			for _, d := range g.chars[g.smallTop:g.smallEnd] {
				inDeck = inDeck || d == c
			}
			for _, col := range g.auction {
				inDeck = inDeck || col[0] == c
			}
			for p := range g.players {
				inDeck = inDeck || g.hand[p].has(c) // drawn by a starting reward
			}
			if !inDeck {
				t.Fatalf("seed %d: unchosen starting card %v is not back in the deck", seed, c)
			}
		}
	}
}

// TestAuditAuctionClaimsHidden: RULES.md 6.2, two bidders on two cards "each claims one card,
// simultaneously and hidden". Until both have claimed, nothing in the others' views depends on the
// claim already made.
func TestAuditAuctionClaimsHidden(t *testing.T) {
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

// TestAuditAuctionAttackOnEmptiedAuction pins the readings for attacks that find nothing:
// RULES.md 6.1 says each attacker "takes any one card on the auction ... The attacker is done for
// this phase" and is silent when earlier attackers emptied the auction. The engine (auction.go
// resolveAttack, and the package docs) lets such an attacker keep the token and stay in; and
// (appendAuctionMoves) it offers no attack while the auction is empty.
func TestAuditAuctionAttackOnEmptiedAuction(t *testing.T) {
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

// TestAuditAuctionVirtualBidOnColourEmptiedByAttack: RULES.md 9, "a virtual bid on a colour with no
// card: it is done; after the humans' cards are taken, the human first in priority discards one
// card". The colour had a card when the virtual opponent drew, but an attacker took it first
// (attacks resolve before bids, RULES.md 6): the engine treats it as a bid on a colour with no card.
func TestAuditAuctionVirtualBidOnColourEmptiedByAttack(t *testing.T) {
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

// TestAuditAuctionVirtualCollisionsOnOneCard: RULES.md 6.2 "k >= 2 and n = 1: nobody gets a card;
// all stay in" applies to virtual bidders too (RULES.md 9, "as ordinary bidders").
func TestAuditAuctionVirtualCollisionsOnOneCard(t *testing.T) {
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
		if g.discarded.has(8) || g.vIn != 0b11 {
			t.Fatalf("two virtuals on one card: nothing discarded, both stay in: discarded 8 %v, vIn %b",
				g.discarded.has(8), g.vIn)
		}
	})
}

// TestAuditAuctionVirtualDrawsWithoutPutBack pins the reading of RULES.md 9 "each virtual opponent
// still in the auction draws one gem at random from the box ... Its drawn gem always goes back to
// the box": the draws of one round are made without putting back (virtual.go drawVirtualBids). With
// one red and one blue gem in the box, two virtual opponents always bid different colours.
func TestAuditAuctionVirtualDrawsWithoutPutBack(t *testing.T) {
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

// TestAuditAuctionDuelStayInKeepsVirtualIn: RULES.md 9, the human who stays in against a virtual
// opponent takes nothing and nothing is discarded; the virtual opponent is not done and bids again.
func TestAuditAuctionDuelStayInKeepsVirtualIn(t *testing.T) {
	g := applyAll(t, virtualGame(t, 1, 1, Red), bid(0, Red), pm{0, Move{Kind: StayIn}})
	if g.round != 2 || g.vIn != 1 {
		t.Fatalf("round %d, vIn %b", g.round, g.vIn)
	}
	g = applyAll(t, g, bid(0, Blue))
	if c, ok := g.vBid[0].get(); !ok || c != Red || !g.discarded.has(61) {
		t.Fatalf("round 2: the virtual opponent bids red again and, alone, discards the base: bid %v %v, auction %v", c, ok, g.auction)
	}
}

// TestAuditAuctionVirtualBidHiddenUntilReveal: DESIGN.md hidden information, RULES.md 9 ("once the
// humans' choices are fixed"): no virtual bid is drawn or shown while humans still choose.
func TestAuditAuctionVirtualBidHiddenUntilReveal(t *testing.T) {
	g := virtualGame(t, 2, 1, Red)
	g = applyAll(t, g, bid(0, Blue))
	for p := range Player(2) {
		if v := g.View(p); v.Virtual[0].Bid != nil || v.Revealed != nil {
			t.Fatalf("player %d sees a bid before the reveal: %+v %v", p, v.Virtual[0], v.Revealed)
		}
	}
}

// TestAuditAuctionStartChoiceHidden: RULES.md 3.2, the starting choice is "simultaneous and
// hidden": while player 1 still chooses, nothing in player 1's view depends on player 0's choice.
func TestAuditAuctionStartChoiceHidden(t *testing.T) {
	for _, ed := range []Edition{SecondEdition, FirstEdition} {
		g0, err := NewGame(Config{Players: 2, Edition: ed, Seed: 9})
		if err != nil {
			t.Fatal(err)
		}
		d := g0.DealtCards(0)
		var views [2][]byte
		for i := range 2 {
			g := mustApply(t, g0, 0, Move{Kind: KeepInPyramid, Card: d[i]})
			if ed == SecondEdition {
				g = mustApply(t, g, 0, Move{Kind: KeepInHand, Card: d[1-i]})
			}
			views[i] = viewJSON(t, g.View(1))
		}
		if string(views[0]) != string(views[1]) {
			t.Errorf("%v: player 1's view depends on player 0's hidden starting choice:\n%s\n%s", ed, views[0], views[1])
		}
	}
}

// TestAuditAuctionSameClaimRevealed: RULES.md 6.2, "each of the two claims one card, simultaneously
// and hidden. Different claims: ... Same claim: neither gets a card" – the claims are revealed to
// be compared, as the bids are (View.Revealed shows "this round's choices, from their reveal to the
// round's end"; DESIGN.md: View(p) is everything p may see). After a same claim, no view tells
// which card both claimed.
func TestAuditAuctionSameClaimRevealed(t *testing.T) {
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

// TestAuditAuctionRoundThreePassOrder pins the order of RULES.md 6.3-6.4 in round 3: those who
// passed in round 3 take their pass gems (step 3) before those passed automatically after it
// (step 4), whatever their priority. Player 0 (last in priority) passes in round 3; players 1 and 2
// collide on the only card in every round and pass automatically.
func TestAuditAuctionRoundThreePassOrder(t *testing.T) {
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
