package viceroy

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Audit of the 24 laws (cards 65-88) against RULES.md 10-11, cards/laws.tsv and the readings of
// cards/README.md. The tests reuse the position builders of laws_test.go (lawGame, lawClean, ...).

// 65 Succession replacing 72 Archive: "Cards tucked under it stay under this law." The archived
// cards now lie under Succession; Archive, back in the hand, scores nothing; Census still counts
// every card (standing and tucked).
func TestAuditLawsSuccessionReplacesArchive(t *testing.T) {
	g := lawGame(t, 2)
	g.pyr[0] = stackPyramid([]CardID{10, lawArchive, lawCensus}, 3)
	g.under[12], g.under[20] = lawArchive, lawArchive
	g.pyr[0].covered.add(lawArchive)
	g.setHand(0, lawSuccession, lawFiller)
	lawWantPoints(t, g, 0, lawArchive, 10)
	lawWantPoints(t, g, 0, lawCensus, 5)
	g = applyAll(t, g, play(0, lawSuccession), place(0, 1, 1))
	lawResolved(t, g, 2)
	tab := g.Tableau(0)
	if got := tab.TuckedUnder(lawSuccession); !cmp.Equal(got, []CardID{12, 20}) {
		t.Fatalf("tucked under Succession: %v", got)
	}
	if !g.inHand(0, lawArchive) {
		t.Fatalf("Archive goes to the hand: %v", g.Hand(0))
	}
	if _, ok := lawPointsOf(g, 0, lawArchive); ok {
		t.Fatalf("Archive in the hand scores: %v", tab.Score(0).LawPoints)
	}
	lawWantPoints(t, g, 0, lawCensus, 5)
	if slices.Contains(tab.Pyramid.Free(), lawSuccession) {
		t.Fatalf("Succession has cards under it and is not free: %v", tab.Pyramid.Free())
	}
}

// 65 Succession replacing 78 Patronage: Patronage goes to the hand (it is not itself offered to
// Patronage, which no longer stands), its tucked cards stay under Succession, and the lasting
// effect ends: a card drawn afterwards is not offered.
func TestAuditLawsSuccessionReplacesPatronage(t *testing.T) {
	g := lawGame(t, 2)
	g.pyr[0] = stackPyramid([]CardID{10, lawPatronage}, 2)
	g.under[12] = lawPatronage
	g.pyr[0].covered.add(lawPatronage)
	g.setHand(0, lawSuccession, 32, lawFiller) // the Captain (32) draws a card on level 1
	g.lawSetSmallDeck(47, 48)
	g.lawSetLawDeck(85, 86)
	g = applyAll(t, g, play(0, lawSuccession), place(0, 1, 1))
	lawResolved(t, g, 2)
	if !g.inHand(0, lawPatronage) {
		t.Fatalf("Patronage goes to the hand: %v", g.Hand(0))
	}
	if got := g.Tableau(0).TuckedUnder(lawSuccession); !cmp.Equal(got, []CardID{12}) {
		t.Fatalf("tucked under Succession: %v", got)
	}
	g = applyAll(t, g, play(0, 32), place(0, 1, -1), lawDraw(0, SmallDeck))
	if g.Decision(0) == ChoosePatronage || !g.inHand(0, 47) {
		t.Fatalf("Patronage no longer stands: %v, hand %v", g.Decision(0), g.Hand(0))
	}
}

// 65 Succession replacing 74 Exile: the exiled card stays under Succession; Exile, played again,
// tucks another free card and scores by its level; Census counts both tucked cards.
func TestAuditLawsSuccessionReplacesExile(t *testing.T) {
	g := lawGame(t, 2)
	g.pyr[0] = stackPyramid([]CardID{10, 12, lawExile, lawCensus}, 4)
	g.under[20] = lawExile
	g.pyr[0].covered.add(lawExile)
	g.setHand(0, lawSuccession, lawFiller)
	g = applyAll(t, g, play(0, lawSuccession), place(0, 1, 2))
	lawResolved(t, g, 2)
	if !g.inHand(0, lawExile) {
		t.Fatalf("Exile goes to the hand: %v", g.Hand(0))
	}
	// Exile on the left: free are Exile and Census (Succession has a card under it).
	g = applyAll(t, g, play(0, lawExile), place(0, 1, -1))
	lawResolved(t, g, 3)
	tab := g.Tableau(0)
	if got := tab.TuckedUnder(lawSuccession); !cmp.Equal(got, []CardID{20}) {
		t.Fatalf("under Succession: %v", got)
	}
	if got := tab.TuckedUnder(lawExile); !cmp.Equal(got, []CardID{lawCensus}) {
		t.Fatalf("under Exile: %v (free %v)", got, tab.Pyramid.Free())
	}
	lawWantPoints(t, g, 0, lawExile, 3)
	if _, ok := lawPointsOf(g, 0, lawCensus); ok {
		t.Fatalf("exiled Census still scores")
	}
	if err := checkPyramidLegal(tab.Pyramid); err != nil {
		t.Fatal(err)
	}
}

// 65 Succession replacing the host of 66 Endowment: the doubled tokens move onto Succession, and
// Endowment stays tucked (now under Succession), still counting for Census.
func TestAuditLawsSuccessionReplacesEndowmentHost(t *testing.T) {
	g := lawGame(t, 2)
	g.pyr[0] = stackPyramid([]CardID{12, 10, lawCensus}, 3)
	g.on[12].add(token(PowerPoints, 2, 0))
	g.setHand(0, lawEndowment, lawSuccession, lawFiller)
	g = applyAll(t, g, play(0, lawEndowment), lawTuckUnder(0, 12))
	lawResolved(t, g, 2)
	g = applyAll(t, g, play(0, lawSuccession), place(0, 1, 0))
	lawResolved(t, g, 3)
	tab := g.Tableau(0)
	if got := tab.TuckedUnder(lawSuccession); !cmp.Equal(got, []CardID{lawEndowment}) {
		t.Fatalf("under Succession: %v", got)
	}
	if got := lawSortedTokens(g, 0, lawSuccession); !cmp.Equal(got, []Token{token(PowerPoints, 2, 0), token(PowerPoints, 2, 0)}) {
		t.Fatalf("tokens on Succession: %v", got)
	}
	lawWantPoints(t, g, 0, lawCensus, 3+1)
	if !g.inHand(0, 12) || g.on[12] != (holding{}) {
		t.Fatalf("12 back in the hand with nothing on it: %v %+v", g.Hand(0), g.on[12])
	}
}

// 74 Exile tucking 71 Levy with its attack token: "its tokens go back to the supply", so the
// token no longer counts against the opponent.
func TestAuditLawsExileLevyAttackToken(t *testing.T) {
	g := lawGame(t, 2)
	g.pyr[0] = stackPyramid([]CardID{10, lawLevy}, 2)
	g.on[lawLevy].add(lawAttackTok)
	g.setHand(0, lawExile, lawFiller)
	if s := g.Scores(); s[1].Attacks != -4 {
		t.Fatalf("before: player 1 attacks %d", s[1].Attacks)
	}
	g = applyAll(t, g, play(0, lawExile), place(0, 1, -1)) // Levy is the only other free card
	lawResolved(t, g, 2)
	if got := g.Tableau(0).TuckedUnder(lawExile); !cmp.Equal(got, []CardID{lawLevy}) {
		t.Fatalf("under Exile: %v", got)
	}
	if s := g.Scores(); s[1].Attacks != 0 {
		t.Fatalf("after: player 1 attacks %d, want 0", s[1].Attacks)
	}
}

// 74 Exile tucking 78 Patronage (nothing under it): its lasting effect ends.
func TestAuditLawsExilePatronage(t *testing.T) {
	g := lawGame(t, 2)
	g.pyr[0] = stackPyramid([]CardID{10, lawPatronage}, 2)
	g.setHand(0, lawExile, 32, lawFiller)
	g.lawSetSmallDeck(47, 48)
	g.lawSetLawDeck(85, 86)
	g = applyAll(t, g, play(0, lawExile), place(0, 1, -1))
	lawResolved(t, g, 2)
	if got := g.Tableau(0).TuckedUnder(lawExile); !cmp.Equal(got, []CardID{lawPatronage}) {
		t.Fatalf("under Exile: %v", got)
	}
	g = applyAll(t, g, play(0, 32), place(0, 1, 1), lawDraw(0, SmallDeck))
	if g.Decision(0) == ChoosePatronage || !g.inHand(0, 47) {
		t.Fatalf("exiled Patronage acts: %v, hand %v", g.Decision(0), g.Hand(0))
	}
	if _, ok := lawPointsOf(g, 0, lawPatronage); ok {
		t.Fatalf("exiled Patronage scores")
	}
}

// The "take 1 card" option with both decks empty gives nothing and ends the law (documented in
// lawOptions: all three options are always offered).
func TestAuditLawsDrawOptionBothDecksEmpty(t *testing.T) {
	for _, law := range []CardID{lawConscription, lawScholarship, lawArcana} {
		g := lawAtOption(t, law)
		g.lawSetSmallDeck()
		g.lawSetLawDeck()
		hand := g.Hand(0)
		g = applyAll(t, g, lawChoose(0, 1))
		lawResolved(t, g, 2)
		if !cmp.Equal(g.Hand(0), hand) {
			t.Fatalf("%v: hand %v -> %v", law, hand, g.Hand(0))
		}
	}
}

// 69 Privilege with nothing on the auction: nothing is taken, but the next auction is still
// skipped (the text makes the skip unconditional).
func TestAuditLawsPrivilegeEmptyAuction(t *testing.T) {
	g := lawGame(t, 2)
	g.pyr[0] = stackPyramid([]CardID{10}, 1)
	g.setHand(0, lawPrivilege, lawFiller)
	g.setAuction([NumColors][2]CardID{})
	g.lawSetSmallDeck(47)
	g = applyAll(t, g, play(0, lawPrivilege), place(0, 1, 1))
	lawResolved(t, g, 2)
	if g.skip&1 == 0 || g.smallLen() != 1 {
		t.Fatalf("skip %b, small deck %d", g.skip, g.smallLen())
	}
}

// 70 Council with an empty law deck: README "draws as many as the law deck holds (up to 3), then
// puts back two law cards from the hand".
func TestAuditLawsCouncilEmptyLawDeck(t *testing.T) {
	g := lawGame(t, 2)
	g.pyr[0] = stackPyramid([]CardID{10}, 1)
	g.setHand(0, lawCouncil, lawFiller, 80, 81)
	g.lawSetLawDeck()
	g = applyAll(t, g, play(0, lawCouncil), place(0, 1, 1))
	if g.Decision(0) != ChoosePutBack {
		t.Fatalf("want a put-back choice, got %v", g.Decision(0))
	}
	g = applyAll(t, g, lawPutBack(0, 81))
	lawResolved(t, g, 2)
	if !cmp.Equal(g.lawTestDeck(), []CardID{80, 81}) {
		t.Fatalf("law deck %v", g.lawTestDeck())
	}
}

// 78 Patronage applies to a card taken with an attack token in the auction.
func TestAuditLawsPatronageAttackTake(t *testing.T) {
	g := lawPatron(t)
	g.attacks[0] = 1
	g.setAuction([NumColors][2]CardID{{41, 0}, {}, {}, {}})
	g = applyAll(t, g, pass(0)) // turn 2's auction
	g.setAuction([NumColors][2]CardID{{41, 0}, {}, {}, {}})
	g = applyAll(t, g, attack(0), pass(1))
	lawWantPatronage(t, g, 41)
	g = applyAll(t, g, lawTuck(0, 41))
	lawWantPatronTucked(t, g, 41)
}

// 78 Patronage applies to a card won in a two-card claim.
func TestAuditLawsPatronageClaim(t *testing.T) {
	g := lawPatron(t)
	g = applyAll(t, g, pass(0)) // turn 2's auction
	g.setAuction([NumColors][2]CardID{{41, 42}, {}, {}, {}})
	g.screen[1][Blue]++
	g.box[Blue]--
	g = applyAll(t, g, bid(0, Blue), bid(1, Blue), claim(0, 42), claim(1, 41))
	lawWantPatronage(t, g, 42)
	g = applyAll(t, g, lawTuck(0, 42))
	lawWantPatronTucked(t, g, 42)
	if !g.inHand(1, 41) {
		t.Fatalf("player 1 takes 41: %v", g.Hand(1))
	}
}

// End of the game with 79 Harmony and 76 Treasury: a circle painted single-coloured counts for
// Harmony (and PaintBest paints it); gems parked on Treasury cannot paint (README); a law still
// in the hand at the end scores nothing (hands are discarded, RULES.md 11.1).
func TestAuditLawsEndHarmonyTreasuryPainting(t *testing.T) {
	setup := func(t *testing.T, screen Gems) Game {
		g := lawGame(t, 2)
		g.turn = Turns
		// L2: [20]                 20 closes [blue blue red red] on 4 and 8
		// L1: [ 4][ 8][79][76]
		g.pyr[0] = stackPyramid([]CardID{4, 8, lawHarmony, lawTreasury, 20}, 4, 1)
		g.parked.treasury = Gems{Red: 2}
		g.setHand(0, lawCensus)
		g.lawGems(Gems{4, 4, 4, 4}, screen)
		g = applyAll(t, g, pass(0))
		if g.phase != phasePainting {
			t.Fatalf("want painting, phase %d", g.phase)
		}
		return g
	}
	t.Run("parked gems cannot paint", func(t *testing.T) {
		g := setup(t, Gems{Red: 1})
		lawWantLegal(t, g, 0, []Move{{Kind: FinishPainting}})
	})
	t.Run("a painted circle counts for Harmony", func(t *testing.T) {
		g := setup(t, Gems{Blue: 2})
		g = applyAll(t, g, pm{0, Move{Kind: PaintBest}}, pm{1, Move{Kind: FinishPainting}})
		if !g.Over() {
			t.Fatalf("not over")
		}
		lawWantPoints(t, g, 0, lawHarmony, 1)
		lawWantPoints(t, g, 0, lawTreasury, 4)
		s := g.Scores()[0]
		if s.Circles != 2 || g.Screen(0) != (Gems{}) {
			t.Fatalf("circles %d, screen %v", s.Circles, g.Screen(0))
		}
		if _, ok := lawPointsOf(g, 0, lawCensus); ok || len(g.Hand(0)) != 0 {
			t.Fatalf("Census in the hand: scored %v, hand %v", ok, g.Hand(0))
		}
		lawConserved(t, g)
	})
}

// 78 Patronage applies to the tip card a human takes against a virtual opponent (RULES.md 9).
func TestAuditLawsPatronageDuel(t *testing.T) {
	g := lawGameWith(t, Config{Players: 1, Virtual: 1, Seed: 11})
	g.pyr[0] = stackPyramid([]CardID{10}, 1)
	g.setHand(0, lawPatronage, lawFiller)
	g = applyAll(t, g, play(0, lawPatronage), place(0, 1, 1))
	lawResolved(t, g, 2)
	g = applyAll(t, g, pass(0)) // turn 2's auction
	if g.Turn() != 2 || g.Decision(0) != ChooseBid {
		t.Fatalf("turn %d, %v", g.Turn(), g.Decision(0))
	}
	g.setAuction([NumColors][2]CardID{{41, 42}, {}, {}, {}})
	notBlue := g.box // the virtual opponent can only draw blue
	notBlue[Blue] = 0
	g.box, g.reserve = g.box.Minus(notBlue), g.reserve.Plus(notBlue)
	g = applyAll(t, g, bid(0, Blue))
	if g.Decision(0) != ChooseDuel {
		t.Fatalf("want a duel, got %v (legal %v)", g.Decision(0), g.Legal(0))
	}
	g = applyAll(t, g, take(0, 42))
	lawWantPatronage(t, g, 42)
	g = applyAll(t, g, lawTuck(0, 42))
	lawWantPatronTucked(t, g, 42)
}

// 67 Barter can swap an attack token off 71 Levy; the token counts for the player in whose
// pyramid it now lies, and 66 Endowment then doubles it (the reading documented on
// Game.attackTokens in end.go; the sources are silent).
func TestAuditLawsBarterAttackTokenThenEndowment(t *testing.T) {
	g := lawGame(t, 2)
	g.pyr[0] = stackPyramid([]CardID{10, 12}, 2)
	g.on[10].add(token(PowerPoints, 5, 0))
	g.pyr[1] = stackPyramid([]CardID{62, lawLevy}, 2)
	g.on[lawLevy].add(lawAttackTok)
	g.setHand(0, lawBarter, lawEndowment, lawFiller)
	g.lawGems(Gems{4, 4, 4, 4}, Gems{Blue: 3})
	if s := g.Scores(); s[0].Attacks != -4 || s[1].Attacks != 0 {
		t.Fatalf("before: %d %d", s[0].Attacks, s[1].Attacks)
	}
	g = applyAll(t, g, play(0, lawBarter), place(0, 1, 2), lawPick(0, 10, 0)) // the only other token, and the payment, follow by themselves
	lawResolved(t, g, 2)
	if s := g.Scores(); s[0].Attacks != 0 || s[1].Attacks != -4 || s[1].PowerPoints != 5 {
		t.Fatalf("after Barter: attacks %d %d, player 1 points %d", s[0].Attacks, s[1].Attacks, s[1].PowerPoints)
	}
	if g.Attacks(0) != 0 {
		t.Fatalf("the token lies on a card, not behind the screen: %d", g.Attacks(0))
	}
	g = applyAll(t, g, play(0, lawEndowment), lawTuckUnder(0, 10))
	lawResolved(t, g, 3)
	if s := g.Scores(); s[1].Attacks != -8 {
		t.Fatalf("after Endowment: player 1 attacks %d, want -8", s[1].Attacks)
	}
	lawConserved(t, g)
}

// 85-88 Good Neighbours on level 4 counts the character cards above it on level 5 (RULES.md 8.1
// adjacency), beside it and below it.
func TestAuditLawsGoodNeighboursLevel4(t *testing.T) {
	g := lawGame(t, 2)
	cards := []CardID{1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15}
	// L4: [14][85]..  L5 will hold 15 on 14 and the law.
	g.pyr[0] = stackPyramid(cards[:13], 5, 4, 3, 1)
	g.setHand(0, lawNeighbours1, lawFiller)
	g = applyAll(t, g, play(0, lawNeighbours1), place(0, 4, 1))
	lawResolved(t, g, 2)
	// left 14, below 12 and 13 (level 3: 11 12 13 at x 0..2; the law at (4,1) rests on 12, 13)
	lawWantPoints(t, g, 0, lawNeighbours1, 6)
	tab, err := g.Tableau(0).Place(15, Place{5, 0})
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Score(0).LawPoints; !cmp.Equal(got, []LawScore{{Law: lawNeighbours1, Points: 8}}) {
		t.Fatalf("with a character above: %v", got)
	}
}

// The public Pyramid/Tableau builders let 66 Endowment stand at a place, which README's reading
// ("occupies no position") says never happens. Low severity: outside game play (hand-built
// positions only). This test fails while they accept it.
func TestAuditLawsEndowmentNeverStands(t *testing.T) {
	var tab Tableau
	tab, _ = tab.Place(10, Place{1, 0})
	if _, err := tab.Place(lawEndowment, Place{1, 1}); err == nil {
		t.Errorf("Tableau.Place stands 66 Endowment at a place")
	}
}
