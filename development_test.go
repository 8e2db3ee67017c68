package viceroy

import (
	"errors"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

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
	if !isDiscarded(&g, 40) || g.inHand(0, 40) || g.screen[0].Total() != screen.Total()+2 {
		t.Fatalf("a discard leaves the game for 2 gems: %v -> %v", screen, g.screen[0])
	}
}

// levelFiveGame returns a game where player 0 can play the Captain (32) on level 5.
func levelFiveGame(t *testing.T) Game {
	g := atDevelopment(t, 2, SecondEdition)
	base := []CardID{41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 53, 54, 55}
	g.pyr[0] = stackPyramid(base, 5, 4, 3, 2).layout
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
	g.pyr[0] = stackPyramid([]CardID{41, 42}, 2).layout
	g.on.setInfinite(41, Green)
	g.screen[0] = Gems{Green: 1}
	g.setHand(0, 32, 39) // Captain: green on level 1; Knight (39): blue on level 1
	g = applyAll(t, g, play(0, 32), pass(1))
	g = applyAll(t, g, place(0, 1, 2))
	want := []Move{{Kind: UseInfinite, Card: 41}, {Kind: PayCost}}
	if diff := cmp.Diff(want, g.Legal(0)); diff != "" {
		t.Fatalf("payment choices (-want +got):\n%s", diff)
	}
	g = applyAll(t, g, pm{0, Move{Kind: UseInfinite, Card: 41}})
	if g.screen[0][Green] != 1 || !g.on.usedInfinite(41) {
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
	g.on.setInfinite(42, Yellow)
	if !isLegal(g, 0, Move{Kind: Play, Card: 23}) {
		t.Fatalf("an unused yellow infinite gem makes it affordable")
	}
	g.on.useInfinite(42)
	if isLegal(g, 0, Move{Kind: Play, Card: 23}) {
		t.Fatalf("a used infinite gem paid a second time in one turn")
	}
}

func TestDevelopmentRewardsRunOut(t *testing.T) {
	t.Run("reserve runs out mid-reward", func(t *testing.T) {
		g := atDevelopment(t, 2, SecondEdition)
		g.pyr[0] = stackPyramid([]CardID{41, 42}, 2).layout
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
		turn := g.turn
		g = applyAll(t, g, play(0, 32), pass(1))
		g = applyAll(t, g, place(0, 1, 1))
		// With nothing to draw, the reward is over. Player 0's hand is empty, so player 0 passes
		// without being asked, and as player 1 has passed the next turn's auction begins.
		if g.hand[0].len() != 0 || g.turn != turn+1 || g.Decision(0) != ChooseBid {
			t.Fatalf("no card to draw: hand %v, turn %d after %d, %v", g.Hand(0), g.turn, turn, g.Decision(0))
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
	g.pyr[0] = stackPyramid([]CardID{1, 5}, 2).layout
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

// devGame returns a 2-player second-edition game at the first development choice of turn 1,
// with nothing lying on any card, player 1 reduced to one card (64) in the pyramid and an empty
// hand, player 0 with an empty screen and a well-stocked reserve (taken from the box).
func devGame(t *testing.T) Game {
	t.Helper()
	g := atDevelopment(t, 2, SecondEdition)
	g.on = holdings{}
	g.setPyramid(1, 64)
	g.setHand(1)
	g.setHand(0)
	g.box = g.box.Plus(g.screen[0])
	g.screen[0] = Gems{}
	for c := range NumColors {
		g.box[c] += g.reserve[c]
		g.reserve[c] = 6
		g.box[c] -= 6
	}
	return g
}

// triangleBelow returns a pyramid whose only place on level L is (L, 0): rows of L, L-1, ..., 2
// cards (for L = 1, a single card at (1, 0)). Cards are picked from pool, in order, so that no
// circle is single-coloured and the card under (L, 0) on the left has a non-red top-right sector
// (the Captain's bottom half is red red).
func triangleBelow(t *testing.T, level int, pool []CardID) Pyramid {
	t.Helper()
	var p Pyramid
	used := map[CardID]bool{}
	rows := []int{1}
	if level > 1 {
		rows = nil
		for l := 1; l < level; l++ {
			rows = append(rows, level-l+1)
		}
	}
	for l, n := range rows {
		for x := range n {
			at := Place{int8(l + 1), int8(x)}
			ok := false
			for _, c := range pool {
				if used[c] {
					continue
				}
				if l+1 == level-1 && x == 0 && sectorsOf[c][TopRight] == Red {
					continue
				}
				q := p
				q.insert(c, at)
				if len(q.SingleColorCircles(at)) > 0 {
					continue
				}
				p, used[c], ok = q, true, true
				break
			}
			if !ok {
				t.Fatalf("no card for %v", at)
			}
		}
	}
	return p
}

// RULES.md 8.3: "Playing at level L <= 4 costs one gem of each row colour from row 1 to row L.
// Level 5 costs the level-4 cost plus one more gem of the row-4 colour. Paid gems go from the
// screen to the reserve." RULES.md 12: the Captain (32) costs green | +blue | +yellow | +yellow,
// level 5 one more yellow. RULES.md 8.5: only the reward of the level where the card is placed.
func TestDevelopmentCaptainCostAndRewardPerLevel(t *testing.T) {
	want := map[int]Gems{
		1: {Green: 1},
		2: {Green: 1, Blue: 1},
		3: {Green: 1, Blue: 1, Yellow: 1},
		4: {Green: 1, Blue: 1, Yellow: 2},
		5: {Green: 1, Blue: 1, Yellow: 3},
	}
	// Cards whose neighbouring sectors never make a single-coloured circle under the Captain.
	base := []CardID{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}
	for level := 1; level <= 5; level++ {
		t.Run("level "+strconv.Itoa(level), func(t *testing.T) {
			g := devGame(t)
			g.pyr[0] = triangleBelow(t, level, base).layout
			if len(g.pyr[0].Circles()) > 0 {
				for _, c := range g.pyr[0].Circles() {
					if _, mono := c.SingleColor(); mono {
						t.Fatalf("setup has a single-coloured circle %v", c)
					}
				}
			}
			at := Place{int8(level), 0}
			if level == 1 {
				at = Place{1, 1}
			}
			// One gem short of the level's cost: the place is not offered.
			short := want[level]
			short[Color(CardID(32).Card().Rows[min(level, 4)-1].Cost)]--
			g1 := g
			g1.screen[0] = short
			g1.setHand(0, 32)
			if level > 1 {
				g1 = applyAll(t, g1, play(0, 32), pass(1))
				if isLegal(g1, 0, Move{Kind: PlaceCard, At: at}) {
					t.Errorf("level %d offered with %v, one gem short of %v", level, short, want[level])
				}
			} else if isLegal(g1, 0, Move{Kind: Play, Card: 32}) {
				t.Errorf("level 1 playable with no gem")
			}
			// Exactly the cost: the place is offered and the screen ends empty.
			g.screen[0] = want[level]
			g.setHand(0, 32)
			reserve := g.reserve
			g = applyAll(t, g, play(0, 32), pass(1))
			if !isLegal(g, 0, Move{Kind: PlaceCard, At: at}) {
				t.Fatalf("level %d not offered with %v: %v", level, want[level], g.Legal(0))
			}
			g = applyAll(t, g, pm{0, Move{Kind: PlaceCard, At: at}})
			if g.screen[0] != (Gems{}) || g.reserve != reserve.Plus(want[level]) {
				t.Fatalf("level %d: screen %v (want none), reserve %v (want %v)", level, g.screen[0], g.reserve, reserve.Plus(want[level]))
			}
			h := g.Tableau(0).Holding(32)
			switch level {
			case 1: // a card
				if g.Decision(0) != ChooseDeck || len(h.Tokens) != 0 {
					t.Errorf("level 1: decision %v, tokens %v; want a draw and no token", g.Decision(0), h.Tokens)
				}
			case 2: // 5 gems
				if g.Decision(0) != ChooseGem || len(h.Tokens) != 0 {
					t.Errorf("level 2: decision %v, tokens %v; want gem picks", g.Decision(0), h.Tokens)
				}
				for range 5 {
					g = mustApply(t, g, 0, g.Legal(0)[0])
				}
				// The hand is empty and player 1 has passed: the development phase is over.
				if g.screen[0].Total() != 5 || g.Decision(0) != ChooseBid {
					t.Errorf("level 2: took %v, then %v", g.screen[0], g.Decision(0))
				}
			case 3: // a magic token, nothing else
				if !slices.Equal(h.Tokens, []Token{token(Magic, 1, 0)}) || g.Decision(0) != ChooseBid || g.hand[0].len() != 0 {
					t.Errorf("level 3: tokens %v, decision %v", h.Tokens, g.Decision(0))
				}
			case 4: // 12 points, nothing else
				if !slices.Equal(h.Tokens, []Token{token(PowerPoints, 12, 0)}) || g.Decision(0) != ChooseBid || g.hand[0].len() != 0 {
					t.Errorf("level 4: tokens %v, decision %v", h.Tokens, g.Decision(0))
				}
			case 5:
				wantMoves := []Move{{Kind: TakeReward, Choice: RowRewards}, {Kind: TakeReward, Choice: FifteenPoints}}
				if !slices.Equal(g.Legal(0), wantMoves) {
					t.Errorf("level 5: choices %v, want %v", g.Legal(0), wantMoves)
				}
			}
		})
	}
}

// RULES.md 8.2: "When a card is placed by playing it, every circle that it completes or is part
// of and that is now single-coloured gives its owner one gem of that colour from the reserve, if
// any." Succession (65, law: green green / red red) put in the place of a level-1 card is part of
// the two circles above it.
func TestDevelopmentCircleGemsEveryCircleOfTheNewCard(t *testing.T) {
	// Level 1: 9 Gunner (top-right green), 1 Boatswain (all red), 33 Margrave (top-left green).
	// Level 2: 53 Pathfinder (all green) on 9+1, 49 Witch (bottom green green) on 1+33.
	build := func(t *testing.T, greenInReserve uint8) Game {
		g := devGame(t)
		g.pyr[0] = pyramidOf(t, []CardID{9, 1, 33, 53, 49},
			[]Place{{1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}}).layout
		g.box[Green] += g.reserve[Green] - greenInReserve
		g.reserve[Green] = greenInReserve
		g.setHand(0, 65)
		return playForced(t, applyAll(t, g, play(0, 65), pass(1), place(0, 1, 1)))
	}
	g := build(t, 6)
	if g.screen[0] != (Gems{Green: 2}) || !g.inHand(0, 1) {
		t.Errorf("Succession completing two green circles: screen %v (want 2 green), hand %v", g.screen[0], g.Hand(0))
	}
	g = build(t, 1)
	if g.screen[0] != (Gems{Green: 1}) || g.reserve[Green] != 0 {
		t.Errorf("one green gem in the reserve: screen %v (want 1 green), reserve %v", g.screen[0], g.reserve)
	}
	// A character card gives a gem only for its own circles, not for a single-coloured circle
	// already standing elsewhere: 39 Knight (green green / blue blue) on level 1 at the right end
	// closes nothing.
	g = devGame(t)
	g.pyr[0] = pyramidOf(t, []CardID{9, 33, 53}, []Place{{1, 0}, {1, 1}, {2, 0}}).layout // a green circle
	g.screen[0] = Gems{Blue: 1}
	g.setHand(0, 39)
	g = playForced(t, applyAll(t, g, play(0, 39), pass(1), place(0, 1, 2)))
	if g.screen[0] != (Gems{}) {
		t.Errorf("a card closing no circle took %v", g.screen[0])
	}
}

// RULES.md 8.5: "infinite gem of colour C: a gem of colour C from the reserve onto the card; if
// the reserve has none, one from the player's own screen; if neither, nothing."
func TestDevelopmentInfiniteGemRewardSources(t *testing.T) {
	// 1 Boatswain, level 2 (yellow + red): an infinite green gem. Below: 41 Inspector (top-right
	// yellow) and 42 Spy (top-left yellow): the circle is yellow yellow red red.
	for _, tc := range []struct {
		name                  string
		reserve, screen       uint8
		wantGem               bool
		wantReserve, wantScrn uint8
	}{
		{"from the reserve", 3, 1, true, 2, 1},
		{"from the screen", 0, 1, true, 0, 0},
		{"neither", 0, 0, false, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := devGame(t)
			g.pyr[0] = pyramidOf(t, []CardID{41, 42}, []Place{{1, 0}, {1, 1}}).layout
			g.box[Green] += g.reserve[Green] - tc.reserve
			g.reserve[Green] = tc.reserve
			g.screen[0] = Gems{Yellow: 1, Red: 1, Green: tc.screen}
			g.setHand(0, 1)
			g = applyAll(t, g, play(0, 1), pass(1), place(0, 2, 0))
			h := g.Tableau(0).Holding(1)
			if h.HasGem != tc.wantGem || (h.HasGem && h.Infinite != Green) ||
				g.reserve[Green] != tc.wantReserve || g.screen[0][Green] != tc.wantScrn {
				t.Errorf("gem %v %v, reserve green %d (want %d), screen green %d (want %d)",
					h.HasGem, h.Infinite, g.reserve[Green], tc.wantReserve, g.screen[0][Green], tc.wantScrn)
			}
		})
	}
}

// RULES.md 8.4: an infinite gem pays "once per turn each" a gem of its colour in the cost of a
// character card played in the development phase; "It never pays a bid". RULES.md 5: "A turn
// boundary also resets infinite gems".
func TestDevelopmentInfiniteGemAcrossTurns(t *testing.T) {
	g := devGame(t)
	g.pyr[0] = pyramidOf(t, []CardID{41, 42}, []Place{{1, 0}, {1, 1}}).layout
	g.on.setInfinite(41, Green)
	g.setHand(0, 32, 15) // Captain and General: both cost green on level 1
	g = applyAll(t, g, play(0, 32), pass(1), place(0, 1, 2))
	// The only way to pay: the infinite gem (forced, so made automatically).
	if !g.on.usedInfinite(41) || g.screen[0][Green] != 0 {
		t.Fatalf("the infinite gem paid: used %v, screen %v", g.on.usedInfinite(41), g.screen[0])
	}
	for g.Decision(0) == ChooseDeck {
		g = mustApply(t, g, 0, g.Legal(0)[0])
	}
	if g.Decision(0) != ChooseDevelopment || isLegal(g, 0, Move{Kind: Play, Card: 15}) {
		t.Fatalf("round 2: the used gem must not pay again: %v %v", g.Decision(0), g.Legal(0))
	}
	g = mustApply(t, g, 0, Move{Kind: Pass})
	if g.phase != phaseAuction || g.turn != 2 {
		t.Fatalf("turn 2 auction expected: phase %v turn %d", g.phase, g.turn)
	}
	if used := g.on.used(); !used.empty() {
		t.Errorf("infinite gems not reset at the turn boundary")
	}
	// No green on the screen: no green bid, whatever lies at green.
	g.screen[0][Green] = 0
	g.auction[Green] = [2]CardID{10, 11}
	if isLegal(g, 0, Move{Kind: Bid, Color: Green}) {
		t.Errorf("an infinite gem paid a bid: %v", g.Legal(0))
	}
	// Pass through the auction, taking no green, to turn 2's development.
	for g.phase == phaseAuction {
		p := g.ToMove()[0]
		m := g.Legal(p)[0]
		switch g.Decision(p) {
		case ChooseBid:
			m = Move{Kind: Pass}
		case ChooseGem:
			for _, x := range g.Legal(p) {
				if x.Color != Green {
					m = x
					break
				}
			}
		}
		g = mustApply(t, g, p, m)
	}
	if g.screen[0][Green] != 0 {
		t.Fatalf("setup: the screen holds green after all: %v", g.screen[0])
	}
	if !isLegal(g, 0, Move{Kind: Play, Card: 15}) {
		t.Errorf("turn 2: the infinite gem pays again: %v", g.Legal(0))
	}
}

// RULES.md 7: "Up to three rounds." "A pass ends that player's development for this turn and
// gives nothing." "The phase ends after the third round, or earlier when every player has passed."
func TestDevelopmentThreeRoundsAndPass(t *testing.T) {
	g := devGame(t)
	g.pyr[0] = pyramidOf(t, []CardID{41}, []Place{{1, 0}}).layout
	g.screen[0] = Gems{3, 3, 3, 3}
	g.setHand(0, 3, 6, 7, 8) // level 1: red points, blue magic, green magic, blue magic
	g.setHand(1, 14)         // player 1 passes with a card in the hand
	screen1 := g.screen[1]
	for round, card := range []CardID{3, 6, 7} {
		moves := []pm{play(0, card)}
		if round == 0 {
			moves = append(moves, pass(1))
		} else if slices.Contains(g.ToMove(), 1) {
			t.Fatalf("round %d: player 1 passed in round 1 and is asked again", round+1)
		}
		g = applyAll(t, g, moves...)
		g = applyAll(t, g, place(0, 1, int8(1+round)))
	}
	if g.phase != phaseAuction || g.turn != 2 || !g.inHand(0, 8) || !g.inHand(1, 14) {
		t.Fatalf("after 3 rounds the turn ends: phase %v turn %d hand %v", g.phase, g.turn, g.Hand(0))
	}
	if g.screen[1] != screen1 {
		t.Errorf("a development pass gave %v", g.screen[1].Minus(screen1))
	}
}

// RULES.md 7: "the played and discarded cards resolve one at a time in increasing card number".
func TestDevelopmentDiscardAndPlayInCardOrder(t *testing.T) {
	g := devGame(t)
	g.pyr[0] = pyramidOf(t, []CardID{41}, []Place{{1, 0}}).layout
	g.screen[1] = Gems{3, 3, 3, 3}
	g.setHand(0, 3)  // discarded
	g.setHand(1, 12) // played
	g = applyAll(t, g, pm{0, Move{Kind: Discard, Card: 3}}, play(1, 12))
	if g.Decision(0) != ChooseGem || g.Decision(1) != NoDecision {
		t.Fatalf("card 3 (discard) resolves before 12: %v / %v", g.Decision(0), g.Decision(1))
	}
	g = applyAll(t, g, gem(0, Red), gem(0, Red))
	if g.Decision(1) != ChoosePlace || g.screen[0] != (Gems{Red: 2}) || !isDiscarded(&g, 3) {
		t.Fatalf("after the discard: %v, screen %v", g.Decision(1), g.screen[0])
	}
	// A discard with one gem left in the reserve takes that gem.
	g = devGame(t)
	g.box = g.box.Plus(g.reserve)
	g.reserve = Gems{Yellow: 1}
	g.box = g.box.Minus(g.reserve)
	g.setHand(0, 3)
	g = applyAll(t, g, pm{0, Move{Kind: Discard, Card: 3}}, pass(1))
	if g.screen[0] != (Gems{Yellow: 1}) || g.reserve != (Gems{}) {
		t.Errorf("discard with 1 gem in the reserve: screen %v", g.screen[0])
	}
}

// RULES.md 7: "law card: the player picks any legal place except level 5, pays nothing".
func TestDevelopmentLawNeverOnLevelFive(t *testing.T) {
	g := devGame(t)
	base := []CardID{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}
	g.pyr[0] = triangleBelow(t, 5, base).layout
	g.setHand(0, 85)
	g = applyAll(t, g, play(0, 85), pass(1))
	for _, m := range g.Legal(0) {
		if m.Kind == PlaceCard && m.At.Level == MaxLevel {
			t.Errorf("a law offered level 5: %v", m)
		}
	}
	if !isLegal(g, 0, Move{Kind: PlaceCard, At: Place{1, 5}}) || g.screen[0] != (Gems{}) {
		t.Errorf("a law goes to level 1 for nothing: %v", g.Legal(0))
	}
}

// RULES.md 8.4 with several infinite gems of one colour: each pays one gem, and stays on its card.
func TestDevelopmentSeveralInfiniteGemsPayLevelFive(t *testing.T) {
	g := devGame(t)
	base := []CardID{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}
	g.pyr[0] = triangleBelow(t, 5, base).layout
	cards := g.pyr[0].Cards()
	g.on.setInfinite(cards[0], Yellow)
	g.on.setInfinite(cards[1], Yellow)
	g.on.setInfinite(cards[2], Blue) // another colour: never offered for yellow
	g.screen[0] = Gems{Green: 1, Blue: 1, Yellow: 1}
	g.setHand(0, 32)
	g = applyAll(t, g, play(0, 32), pass(1))
	if !isLegal(g, 0, Move{Kind: PlaceCard, At: Place{5, 0}}) {
		t.Fatalf("level 5 payable with 2 yellow infinite gems: %v", g.Legal(0))
	}
	g = applyAll(t, g, place(0, 5, 0))
	// Blue is due and a blue infinite gem is usable: the player may use it or not.
	g = applyAll(t, g, pm{0, Move{Kind: UseInfinite, Card: cards[0]}}, pm{0, Move{Kind: UseInfinite, Card: cards[1]}})
	for g.Decision(0) == ChoosePayment {
		g = mustApply(t, g, 0, Move{Kind: PayCost})
	}
	if g.Decision(0) != ChooseReward || g.screen[0] != (Gems{}) {
		t.Fatalf("paid 2 yellow with infinite gems and the rest from the screen: %v %v", g.Decision(0), g.screen[0])
	}
	for _, id := range cards[:2] {
		if h := g.Tableau(0).Holding(id); !h.HasGem || h.Infinite != Yellow {
			t.Errorf("the infinite gem left %v", id)
		}
	}
}

// TestDevelopmentChoicesWithFullPyramid checks the development choices of a player whose pyramid
// is full, and one card short of it, against what the rules allow: with 40 cards only 65
// Succession and 66 Endowment, which take no place of their own, can still be played; one card
// fewer and every card can. allowsDevelopment must agree with the listed choices on each.
func TestDevelopmentChoicesWithFullPyramid(t *testing.T) {
	hand := []CardID{41, 65, 66, 70} // a character, the two laws without a place, another law
	for _, tc := range []struct {
		rows     []int
		playable []CardID
	}{
		{[]int{12, 11, 9, 5, 3}, []CardID{65, 66}},
		{[]int{12, 11, 9, 5, 2}, []CardID{41, 65, 66, 70}},
	} {
		g := atDevelopmentWithPyramid(t, tc.rows...)
		g.setHand(0, hand...)
		legal := g.Legal(0)
		for _, c := range hand {
			m := Move{Kind: Play, Card: c}
			want := slices.Contains(tc.playable, c)
			if got := slices.Contains(legal, m); got != want {
				t.Errorf("%d cards in the pyramid: play %d listed %v, want %v (legal %v)",
					g.pyr[0].size(), c, got, want, legal)
			}
			if got := g.allowsDevelopment(0, &m); got != want {
				t.Errorf("%d cards in the pyramid: allowsDevelopment(play %d) = %v, want %v",
					g.pyr[0].size(), c, got, want)
			}
			d := Move{Kind: Discard, Card: c}
			if !slices.Contains(legal, d) || !g.allowsDevelopment(0, &d) {
				t.Errorf("%d cards in the pyramid: discard %d is not offered (legal %v)",
					g.pyr[0].size(), c, legal)
			}
		}
	}
}

// atDevelopmentWithPyramid returns a 2-player game at its first development choice in which
// every screen holds 5 gems of each colour and player 0's pyramid stands the cards 1, 2, ... on
// its levels, rows[i] of them on level i+1 (stackPyramid).
func atDevelopmentWithPyramid(t *testing.T, rows ...int) Game {
	t.Helper()
	g := atDevelopment(t, 2, SecondEdition)
	g.uniformScreens(5)
	var cards []CardID
	for c := CardID(1); len(cards) < MaxPyramidCards; c++ {
		cards = append(cards, c)
	}
	g.pyr[0] = stackPyramid(cards, rows...).layout
	return g
}
