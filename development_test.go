package viceroy

import (
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// atDevelopment returns an n-player game at the first development choice of turn 1: everyone
// passed in the auction and took the first gems offered.
func atDevelopment(t *testing.T, n int, ed Edition) Game {
	g := atFirstAuction(t, n, ed)
	for g.phase != phaseDevelopment {
		p := g.ToMove()[0]
		m := g.Legal(p)[0]
		if g.Decision(p) == ChooseBid {
			m = Move{Kind: Pass}
		}
		g = mustApply(t, g, p, m)
	}
	return g
}

// setHand replaces p's hand.
func (g *Game) setHand(p Player, cards ...CardID) {
	g.hand[p] = cardSet{}
	for _, c := range cards {
		g.hand[p].add(c)
	}
}

// stackPyramid stands cards level by level: rows[i] cards on level i+1, from column 0 (each
// upper level shifted by one to rest on the level below).
func stackPyramid(cards []CardID, rows ...int) Pyramid {
	var p Pyramid
	i := 0
	for l, n := range rows {
		for x := range n {
			p.insert(cards[i], Place{int8(l + 1), int8(x)})
			i++
		}
	}
	return p
}

func TestDevelopmentResolvesInCardOrder(t *testing.T) {
	g := atDevelopment(t, 2, SecondEdition)
	g.uniformScreens(5)
	g.setPyramid(0, 3) // player 0 has priority: it must not matter here
	g.setPyramid(1, 9)
	g.setHand(0, 40)
	g.setHand(1, 12)
	g = applyAll(t, g, play(0, 40), play(1, 12))
	if !cmp.Equal(g.ToMove(), []Player{1}) || g.Decision(1) != ChoosePlace {
		t.Fatalf("card 12 resolves before card 40: to move %v, %v", g.ToMove(), g.Decision(1))
	}
}

func TestDevelopmentCannotAfford(t *testing.T) {
	g := atDevelopment(t, 2, FirstEdition)
	g.screen[0] = Gems{}
	g.setHand(0, 32) // the Captain costs a green gem even at level 1
	if diff := cmp.Diff([]Move{{Kind: Pass}}, g.appendLegal(nil, 0)); diff != "" {
		t.Fatalf("an unaffordable card is not offered (-want +got):\n%s", diff)
	}
	if _, err := g.Apply(0, Move{Kind: Play, Card: 32}); !errors.Is(err, ErrIllegalMove) && !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("playing it: %v", err)
	}
	g.screen[0] = Gems{Green: 1}
	if !isLegal(g, 0, Move{Kind: Play, Card: 32}) {
		t.Fatalf("with a green gem the Captain is playable on level 1: %v", g.Legal(0))
	}
}

func TestDevelopmentDiscardByEdition(t *testing.T) {
	second := atDevelopment(t, 2, SecondEdition)
	if !isLegal(second, 0, Move{Kind: Discard, Card: second.Hand(0)[0]}) {
		t.Fatalf("second edition offers discards: %v", second.Legal(0))
	}
	first := atDevelopment(t, 2, FirstEdition)
	for _, m := range first.Legal(0) {
		if m.Kind == Discard {
			t.Fatalf("first edition offers a discard: %v", m)
		}
	}
	g := second
	g.setHand(0, 40)
	screen := g.screen[0]
	g = applyAll(t, g, pm{0, Move{Kind: Discard, Card: 40}}, pass(1))
	for g.Decision(0) == ChooseGem {
		g = mustApply(t, g, 0, g.Legal(0)[0])
	}
	if !g.discarded.has(40) || g.inHand(0, 40) || g.screen[0].Total() != screen.Total()+2 {
		t.Fatalf("a discard leaves the game for 2 gems: %v -> %v", screen, g.screen[0])
	}
}

// levelFiveGame returns a game where player 0 can play the Captain (32) on level 5.
func levelFiveGame(t *testing.T) Game {
	g := atDevelopment(t, 2, SecondEdition)
	base := []CardID{41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 53, 54, 55}
	g.pyr[0] = stackPyramid(base, 5, 4, 3, 2)
	g.screen[0] = Gems{Blue: 1, Green: 1, Yellow: 3}
	g.setHand(0, 32)
	return g
}

func TestDevelopmentLevelFive(t *testing.T) {
	reach := func(t *testing.T) Game {
		g := applyAll(t, levelFiveGame(t), play(0, 32), pass(1))
		if !isLegal(g, 0, Move{Kind: PlaceCard, At: Place{5, 0}}) {
			t.Fatalf("level 5 is a legal, affordable place: %v", g.Legal(0))
		}
		g = applyAll(t, g, place(0, 5, 0))
		if g.Decision(0) != ChooseReward || g.screen[0] != (Gems{}) {
			t.Fatalf("after paying 1 green, 1 blue, 3 yellow the player chooses the reward: %v %v", g.Decision(0), g.screen[0])
		}
		return g
	}
	t.Run("15 points", func(t *testing.T) {
		g := applyAll(t, reach(t), pm{0, Move{Kind: TakeReward, Choice: FifteenPoints}})
		if h := g.Tableau(0).Holding(32); !cmp.Equal(h.Tokens, []Token{token(PowerPoints, 15, 0)}) {
			t.Fatalf("a 15-point token on the card: %v", h.Tokens)
		}
	})
	t.Run("rows 1-3", func(t *testing.T) {
		g := applyAll(t, reach(t), pm{0, Move{Kind: TakeReward, Choice: RowRewards}})
		hand := g.hand[0].len()
		if g.Decision(0) != ChooseDeck {
			t.Fatalf("row 1: a card, from a deck of the player's choice: %v", g.Decision(0))
		}
		g = applyAll(t, g, pm{0, Move{Kind: Draw, Choice: LawDeck}})
		if g.hand[0].len() != hand+1 {
			t.Fatalf("drew no card")
		}
		for range 5 { // row 2: 5 gems
			g = mustApply(t, g, 0, g.Legal(0)[0])
		}
		if g.screen[0].Total() != 5 {
			t.Fatalf("row 2 gave %v", g.screen[0])
		}
		if h := g.Tableau(0).Holding(32); !cmp.Equal(h.Tokens, []Token{token(Magic, 1, 0)}) {
			t.Fatalf("row 3: a magic token: %v", h.Tokens)
		}
		if g.round != 2 || g.Decision(0) != ChooseDevelopment {
			t.Fatalf("the action is over and round 2 begins: round %d, %v", g.round, g.Decision(0))
		}
	})
}

func TestDevelopmentInfiniteGemOncePerTurn(t *testing.T) {
	g := atDevelopment(t, 2, SecondEdition)
	g.pyr[0] = stackPyramid([]CardID{41, 42}, 2)
	g.on[41].infinite = someColor(Green)
	g.screen[0] = Gems{Green: 1}
	g.setHand(0, 32, 39) // Captain: green on level 1; Knight (39): blue on level 1
	g = applyAll(t, g, play(0, 32), pass(1))
	g = applyAll(t, g, place(0, 1, 2))
	want := []Move{{Kind: UseInfinite, Card: 41}, {Kind: PayCost}}
	if diff := cmp.Diff(want, g.Legal(0)); diff != "" {
		t.Fatalf("payment choices (-want +got):\n%s", diff)
	}
	g = applyAll(t, g, pm{0, Move{Kind: UseInfinite, Card: 41}})
	if g.screen[0][Green] != 1 || !g.usedGems.has(41) {
		t.Fatalf("the infinite gem paid the green: screen %v", g.screen[0])
	}
	for g.Decision(0) == ChooseDeck || g.Decision(0) == ChooseGem {
		g = mustApply(t, g, 0, g.Legal(0)[0])
	}
	// Round 2 of the same turn.
	if g.round != 2 || g.Decision(0) != ChooseDevelopment {
		t.Fatalf("round 2 choice: round %d, %v", g.round, g.Decision(0))
	}
	g.setHand(0, 23) // Castellan: yellow on level 1; no yellow on the screen
	g.screen[0] = Gems{}
	if isLegal(g, 0, Move{Kind: Play, Card: 23}) {
		t.Fatalf("an unaffordable card offered")
	}
	g.on[42].infinite = someColor(Yellow)
	if !isLegal(g, 0, Move{Kind: Play, Card: 23}) {
		t.Fatalf("an unused yellow infinite gem makes it affordable")
	}
	g.usedGems.add(42)
	if isLegal(g, 0, Move{Kind: Play, Card: 23}) {
		t.Fatalf("a used infinite gem paid a second time in one turn")
	}
}

func TestDevelopmentRewardsRunOut(t *testing.T) {
	t.Run("reserve runs out mid-reward", func(t *testing.T) {
		g := atDevelopment(t, 2, SecondEdition)
		g.pyr[0] = stackPyramid([]CardID{41, 42}, 2)
		g.screen[0] = Gems{Green: 1, Blue: 1}
		g.box = g.box.Plus(g.reserve)
		g.reserve = Gems{Red: 2, Yellow: 1}
		g.box = g.box.Minus(g.reserve)
		g.setHand(0, 32) // level 2: 5 gems
		g = applyAll(t, g, play(0, 32), pass(1), place(0, 2, 0))
		// Paying put a green and a blue gem in the reserve: 5 gems in all, exactly what is owed.
		if g.reserve != (Gems{}) || g.screen[0] != (Gems{1, 2, 1, 1}) {
			t.Fatalf("took the whole reserve: screen %v reserve %v", g.screen[0], g.reserve)
		}
	})
	t.Run("both decks empty", func(t *testing.T) {
		g := atDevelopment(t, 2, SecondEdition)
		g.smallTop, g.lawTop = g.smallEnd, NumLaws
		g.screen[0] = Gems{Green: 1}
		g.setHand(0, 32) // level 1: a card
		g = applyAll(t, g, play(0, 32), pass(1))
		g = applyAll(t, g, place(0, 1, 1))
		// With nothing to draw, the reward is over: player 0 is asked for the next development
		// choice (a hidden choice, asked even though passing is all an empty hand can do).
		if g.hand[0].len() != 0 || !cmp.Equal(g.Legal(0), []Move{{Kind: Pass}}) {
			t.Fatalf("no card to draw: hand %v, %v: %v", g.Hand(0), g.Decision(0), g.Legal(0))
		}
	})
	t.Run("one deck empty", func(t *testing.T) {
		g := atDevelopment(t, 2, SecondEdition)
		g.smallTop = g.smallEnd
		top := g.laws[g.lawTop]
		g.screen[0] = Gems{Green: 1}
		g.setHand(0, 32)
		g = applyAll(t, g, play(0, 32), pass(1), place(0, 1, 1))
		if !g.inHand(0, top) {
			t.Fatalf("the draw came from the law deck by itself: hand %v", g.Hand(0))
		}
	})
}

func TestSingleColourCircleGivesGem(t *testing.T) {
	g := atDevelopment(t, 2, SecondEdition)
	// Boatswain (1) is all red; two of them cannot exist, so use red-topped cards: 1 (red, red)
	// and 65 Succession? No: a law's sectors are its own. Build: lower-left 1 Boatswain (top-right
	// red), lower-right 5 Scout (top-left red), top 13 Arcanist (bottom red, red).
	g.pyr[0] = stackPyramid([]CardID{1, 5}, 2)
	g.setHand(0, 13)
	g.screen[0] = Gems{Yellow: 1, Red: 1}
	red := g.reserve[Red]
	g = applyAll(t, g, play(0, 13), pass(1), place(0, 2, 0))
	// Arcanist level 2 costs yellow + red (paid to the reserve), gives a red gem for the circle,
	// then its level-2 reward (5 points).
	if g.screen[0][Red] != 1 || g.reserve[Red] != red {
		t.Fatalf("circle gem: screen %v, reserve red %d (was %d)", g.screen[0], g.reserve[Red], red)
	}
}

// TestFirstEditionStartIsOneChoice: in the first edition the card kept for the pyramid is the
// whole starting choice; the other of the two cards goes to the hand without being asked for.
func TestFirstEditionStartIsOneChoice(t *testing.T) {
	for pick := range 2 {
		g, err := NewGame(Config{Players: 2, Edition: FirstEdition, Seed: 4})
		if err != nil {
			t.Fatal(err)
		}
		dealt := g.DealtCards(0)
		if len(dealt) != 2 {
			t.Fatalf("dealt %v, want 2 cards", dealt)
		}
		g = applyAll(t, g, pm{0, Move{Kind: KeepInPyramid, Card: dealt[pick]}})
		if g.Decision(0) != NoDecision || !cmp.Equal(g.ToMove(), []Player{1}) {
			t.Fatalf("keeping %v: player 0 still owes %v (to move %v)", dealt[pick], g.Decision(0), g.ToMove())
		}
		if want := (Move{Kind: KeepInHand, Card: dealt[1-pick]}); !slices.Contains(g.View(0).Chosen, want) {
			t.Fatalf("keeping %v: chosen %v, want %v among them", dealt[pick], g.View(0).Chosen, want)
		}
		g = playForced(t, applyAll(t, g, pm{1, g.Legal(1)[0]}))
		if !g.pyr[0].Has(dealt[pick]) || !g.hand[0].has(dealt[1-pick]) {
			t.Fatalf("pyramid %v, hand %v; want %v in the pyramid and %v in the hand", g.pyr[0].Cards(), g.Hand(0), dealt[pick], dealt[1-pick])
		}
	}
}
