package viceroy

// Audit of RULES.md sections 7, 8, 11 and 12 (development, pyramid, end of the game, worked
// examples). Every test here is named TestAuditDev*.

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// auditDevGame returns a 2-player second-edition game at the first development choice of turn 1,
// with nothing lying on any card, player 1 reduced to one card (64) in the pyramid and an empty
// hand, player 0 with an empty screen and a well-stocked reserve (taken from the box).
func auditDevGame(t *testing.T) Game {
	t.Helper()
	g := atDevelopment(t, 2, SecondEdition)
	g.on = [NumCards + 1]holding{}
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

// auditPyr stands cards at places, level by level (the order given must be legal).
func auditPyr(t *testing.T, cards []CardID, places []Place) Pyramid {
	t.Helper()
	p, err := pyramidFrom(cards, places)
	if err != nil {
		t.Fatal(err)
	}
	return p
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
func TestAuditDevCaptainCostAndRewardPerLevelInGame(t *testing.T) {
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
			g := auditDevGame(t)
			g.pyr[0] = triangleBelow(t, level, base)
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
				if g.screen[0].Total() != 5 || g.Decision(0) != ChooseDevelopment {
					t.Errorf("level 2: took %v, then %v", g.screen[0], g.Decision(0))
				}
			case 3: // a magic token, nothing else
				if !slices.Equal(h.Tokens, []Token{token(Magic, 1, 0)}) || g.Decision(0) != ChooseDevelopment || g.hand[0].len() != 0 {
					t.Errorf("level 3: tokens %v, decision %v", h.Tokens, g.Decision(0))
				}
			case 4: // 12 points, nothing else
				if !slices.Equal(h.Tokens, []Token{token(PowerPoints, 12, 0)}) || g.Decision(0) != ChooseDevelopment || g.hand[0].len() != 0 {
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
func TestAuditDevCircleGemsEveryCircleOfTheNewCard(t *testing.T) {
	// Level 1: 9 Gunner (top-right green), 1 Boatswain (all red), 33 Margrave (top-left green).
	// Level 2: 53 Pathfinder (all green) on 9+1, 49 Witch (bottom green green) on 1+33.
	build := func(t *testing.T, greenInReserve uint8) Game {
		g := auditDevGame(t)
		g.pyr[0] = auditPyr(t, []CardID{9, 1, 33, 53, 49},
			[]Place{{1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}})
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
	g = auditDevGame(t)
	g.pyr[0] = auditPyr(t, []CardID{9, 33, 53}, []Place{{1, 0}, {1, 1}, {2, 0}}) // a green circle
	g.screen[0] = Gems{Blue: 1}
	g.setHand(0, 39)
	g = playForced(t, applyAll(t, g, play(0, 39), pass(1), place(0, 1, 2)))
	if g.screen[0] != (Gems{}) {
		t.Errorf("a card closing no circle took %v", g.screen[0])
	}
}

// RULES.md 8.5: "infinite gem of colour C: a gem of colour C from the reserve onto the card; if
// the reserve has none, one from the player's own screen; if neither, nothing."
func TestAuditDevInfiniteGemRewardSources(t *testing.T) {
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
			g := auditDevGame(t)
			g.pyr[0] = auditPyr(t, []CardID{41, 42}, []Place{{1, 0}, {1, 1}})
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
func TestAuditDevInfiniteGemAcrossTurns(t *testing.T) {
	g := auditDevGame(t)
	g.pyr[0] = auditPyr(t, []CardID{41, 42}, []Place{{1, 0}, {1, 1}})
	g.on[41].infinite = someColor(Green)
	g.setHand(0, 32, 15) // Captain and General: both cost green on level 1
	g = applyAll(t, g, play(0, 32), pass(1), place(0, 1, 2))
	// The only way to pay: the infinite gem (forced, so made automatically).
	if !g.usedGems.has(41) || g.screen[0][Green] != 0 {
		t.Fatalf("the infinite gem paid: used %v, screen %v", g.usedGems.has(41), g.screen[0])
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
	if g.usedGems != (cardSet{}) {
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
func TestAuditDevThreeRoundsAndPass(t *testing.T) {
	g := auditDevGame(t)
	g.pyr[0] = auditPyr(t, []CardID{41}, []Place{{1, 0}})
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
func TestAuditDevDiscardAndPlayInCardOrder(t *testing.T) {
	g := auditDevGame(t)
	g.pyr[0] = auditPyr(t, []CardID{41}, []Place{{1, 0}})
	g.screen[1] = Gems{3, 3, 3, 3}
	g.setHand(0, 3)  // discarded
	g.setHand(1, 12) // played
	g = applyAll(t, g, pm{0, Move{Kind: Discard, Card: 3}}, play(1, 12))
	if g.Decision(0) != ChooseGem || g.Decision(1) != NoDecision {
		t.Fatalf("card 3 (discard) resolves before 12: %v / %v", g.Decision(0), g.Decision(1))
	}
	g = applyAll(t, g, gem(0, Red), gem(0, Red))
	if g.Decision(1) != ChoosePlace || g.screen[0] != (Gems{Red: 2}) || !g.discarded.has(3) {
		t.Fatalf("after the discard: %v, screen %v", g.Decision(1), g.screen[0])
	}
	// A discard with one gem left in the reserve takes that gem.
	g = auditDevGame(t)
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
func TestAuditDevLawNeverOnLevelFiveInGame(t *testing.T) {
	g := auditDevGame(t)
	base := []CardID{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}
	g.pyr[0] = triangleBelow(t, 5, base)
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

// RULES.md 12: "4 science tokens: a pass gives 7 gems", played out in an auction (RULES.md 6:
// "3 + the number of science tokens in the player's pyramid").
func TestAuditDevWorkedExamplePassGemsInGame(t *testing.T) {
	g := atFirstAuction(t, 2, SecondEdition)
	g.on = [NumCards + 1]holding{}
	first := g.pyr[0].cells[0]
	for range 4 {
		g.on[first].add(token(Science, 1, 0))
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

// RULES.md 11.2-11.4 in a game: painting with screen gems only (never Treasury's parked gems),
// no gem for painting a circle single-coloured, the painted circle scores, and tied players share
// the win.
func TestAuditDevPaintingAndWinnersInGame(t *testing.T) {
	g := auditDevGame(t)
	// 9 (top-right green), 1 Boatswain (top-left red), 53 (all green) on them: green red green
	// green, one green gem from single-coloured. A green +4 circle bonus on 9: 2 + 4 = 6.
	g.pyr[0] = auditPyr(t, []CardID{9, 1, 53, 76}, []Place{{1, 0}, {1, 1}, {2, 0}, {1, 2}})
	g.on[9].add(token(CircleBonus, 4, Green))
	g.setPyramid(1, 64)
	g.on[64].add(token(PowerPoints, 6, 0))
	// Only parked gems: no painting is offered.
	g.parked.treasury = Gems{Green: 2}
	g.box = g.box.Minus(Gems{Green: 2})
	g.screen[1] = Gems{}
	g.attacks = [MaxPlayers]uint8{}
	g.endGame()
	if got := g.Legal(0); !slices.Equal(got, []Move{{Kind: FinishPainting}}) {
		t.Errorf("parked gems painted: %v", got)
	}
	// With a green gem on the screen: painting the circle green is offered, and the best painting.
	g.screen[0] = Gems{Green: 1}
	g.box[Green]--
	if !isLegal(g, 0, Move{Kind: Paint, At: Place{2, 0}, Color: Green}) || !isLegal(g, 0, Move{Kind: PaintBest}) {
		t.Fatalf("paint moves: %v", g.Legal(0))
	}
	reserve := g.reserve
	g = applyAll(t, g, pm{0, Move{Kind: PaintBest}}, pm{1, Move{Kind: FinishPainting}})
	if !g.Over() {
		t.Fatalf("not over after painting")
	}
	if g.screen[0] != (Gems{}) || g.reserve != reserve {
		t.Errorf("painting took the gem %v and gave nothing: reserve %v -> %v", g.screen[0], reserve, g.reserve)
	}
	s := g.Scores()
	// Player 0: circle 6, Treasury 2 x 2 = 4. Player 1: 6 points.
	if s[0].Circles != 6 || s[0].Laws != 4 || s[0].Total != 10 || s[1].Total != 6 {
		t.Errorf("scores: %+v / %+v", s[0], s[1])
	}
	if w := g.Winners(); !slices.Equal(w, []Player{0}) {
		t.Errorf("winners %v, want [0]", w)
	}
	g.on[64].add(token(PowerPoints, 4, 0))
	if w := g.Winners(); !slices.Equal(w, []Player{0, 1}) {
		t.Errorf("tied at 10: winners %v, want [0 1]", w)
	}
}

// The catalogue equals the card data the package carries (cards/*.tsv, a verbatim copy of the
// project's verified data) field by field. The files are parsed here independently of the
// package's parser; law sectors are included (the package's own round-trip test leaves them out).
func TestAuditDevCardDataFieldByField(t *testing.T) {
	dir := "cards"
	// read returns the rows of a file, which must hold want of them.
	read := func(name string, want int) [][]string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("card data: %v", err)
		}
		var rows [][]string
		for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n")[1:] {
			rows = append(rows, strings.Split(line, "\t"))
		}
		if len(rows) != want {
			t.Fatalf("%s: %d rows, want %d", name, len(rows), want)
		}
		return rows
	}
	// card returns the number in the row's first field and the catalogue's card of that number.
	card := func(f []string) (CardID, Card) {
		n, _ := strconv.Atoi(f[0])
		return CardID(n), CardID(n).Card()
	}
	colour := map[string]Color{"blue": Blue, "red": Red, "green": Green, "yellow": Yellow}
	kinds := map[string]RewardKind{"gems": GemsReward, "cards": CardsReward, "points": PointsReward,
		"science": ScienceReward, "magic": MagicReward, "defense": DefenseReward, "attack": AttackReward,
		"infinite": InfiniteReward, "magic-bonus": MagicBonusReward, "circle-bonus": CircleBonusReward}
	sectors := func(f []string) [4]Color {
		return [4]Color{colour[f[0]], colour[f[1]], colour[f[2]], colour[f[3]]}
	}
	for _, f := range read("characters.tsv", 64) {
		n, c := card(f)
		if c.ID != n || c.Name != f[1] || c.Printed != f[2] || c.Sectors != sectors(f[3:7]) {
			t.Errorf("card %d: %v, data %v", n, c, f[:7])
		}
		var cost Gems
		for l := 0; l < 4; l++ {
			want := Row{Cost: colour[f[7+2*l]]}
			for i, item := range strings.Split(f[8+2*l], "+") {
				p := strings.Split(item, ":")
				it := RewardItem{Kind: kinds[p[0]], N: 1}
				switch it.Kind {
				case InfiniteReward:
					it.Color = colour[p[1]]
				case CircleBonusReward:
					it.Color = colour[p[1]]
					v, _ := strconv.Atoi(p[2])
					it.N = uint8(v)
				default:
					v, _ := strconv.Atoi(p[1])
					it.N = uint8(v)
				}
				want.Reward[i] = it
			}
			if c.Rows[l] != want {
				t.Errorf("card %d row %d: %+v, data %+v", n, l+1, c.Rows[l], want)
			}
			cost[want.Cost]++
			if c.Cost(l+1) != cost {
				t.Errorf("card %d level %d costs %v, want %v", n, l+1, c.Cost(l+1), cost)
			}
		}
		cost[colour[f[13]]]++
		if c.Cost(5) != cost {
			t.Errorf("card %d level 5 costs %v, want %v", n, c.Cost(5), cost)
		}
	}
	for _, f := range read("laws.tsv", 24) {
		n, c := card(f)
		if c.ID != n || c.Name != f[1] || c.Sectors != sectors(f[2:6]) || c.When.String() != f[6] ||
			c.Text != f[7] || c.Cost(1) != (Gems{}) {
			t.Errorf("law %d: %v, data %v", n, c, f[:8])
		}
	}
}

// RULES.md 8.2 for Succession in the place of a level-2 card: its own circle counts too.
func TestAuditDevCircleGemOwnCircleOfSuccession(t *testing.T) {
	g := auditDevGame(t)
	// 1 Boatswain (top-right red), 5 Scout (top-left red), 53 Pathfinder (all green) on them.
	g.pyr[0] = auditPyr(t, []CardID{1, 5, 53}, []Place{{1, 0}, {1, 1}, {2, 0}})
	g.setHand(0, 65)
	g = playForced(t, applyAll(t, g, play(0, 65), pass(1), place(0, 2, 0)))
	if g.screen[0] != (Gems{Red: 1}) || !g.inHand(0, 53) {
		t.Errorf("Succession closing a red circle: screen %v (want 1 red), hand %v", g.screen[0], g.Hand(0))
	}
}

// RULES.md 11.3, recomputed independently from the raw state of finished random games: every
// category of every sheet, and the winners (11.4).
func TestAuditDevScoresOfRandomGames(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		cfg := Config{Players: 2 + int(seed%3), Seed: seed}
		if seed%2 == 0 {
			cfg.Edition = FirstEdition
		}
		g := randomGame(t, cfg, seed*7)
		sheets := g.Scores()
		best := -1 << 30
		for p := range g.players {
			pyr := g.pyr[p]
			var bonus [NumColors]int
			var count [8]int
			var points, magicBonus int
			for _, id := range pyr.Cards() {
				for _, tok := range g.on[id].tokens {
					switch tok.Kind() {
					case CircleBonus:
						bonus[tok.Color()] += tok.Value()
					case PowerPoints:
						points += tok.Value()
					case MagicBonus:
						magicBonus += tok.Value()
					}
					count[tok.Kind()]++
				}
			}
			var circles, inf int
			for _, id := range pyr.Cards() {
				at, _ := pyr.Find(id)
				if c, ok := g.on[id].infinite.get(); ok {
					inf += int(at.Level) + bonus[c]
				}
				if at.Level < 2 {
					continue
				}
				l, r := pyr.At(Place{at.Level - 1, at.Col}), pyr.At(Place{at.Level - 1, at.Col + 1})
				s := [4]Color{l.Card().Sectors[TopRight], r.Card().Sectors[TopLeft],
					id.Card().Sectors[BottomLeft], id.Card().Sectors[BottomRight]}
				if c, ok := g.on[id].paint.get(); ok {
					s = [4]Color{c, c, c, c}
				}
				if s[0] == s[1] && s[1] == s[2] && s[2] == s[3] {
					circles += int(at.Level) + bonus[s[0]]
				}
			}
			opp := 0
			for q := range g.players {
				if q == p {
					continue
				}
				opp += int(g.attacks[q])
				for _, id := range g.pyr[q].Cards() {
					opp += g.on[id].count(AttackToken)
				}
			}
			magic := count[Magic] * magicBonus
			sets := 12 * min(count[Defense], count[Magic], count[Science])
			attacks := -4 * max(0, opp-count[Defense])
			s := sheets[p]
			if s.Circles != circles || s.InfiniteGems != inf || s.PowerPoints != points || s.Magic != magic ||
				s.Sets != sets || s.Attacks != attacks ||
				s.Total != circles+inf+s.Laws+points+magic+sets+attacks {
				t.Errorf("seed %d player %d: sheet %+v; recomputed circles %d inf %d points %d magic %d sets %d attacks %d",
					seed, p, s, circles, inf, points, magic, sets, attacks)
			}
			best = max(best, s.Total)
		}
		var want []Player
		for p, s := range sheets {
			if s.Total == best {
				want = append(want, Player(p))
			}
		}
		if !slices.Equal(g.Winners(), want) {
			t.Errorf("seed %d: winners %v, want %v", seed, g.Winners(), want)
		}
	}
}

// RULES.md 8.4 with several infinite gems of one colour: each pays one gem, and stays on its card.
func TestAuditDevSeveralInfiniteGemsPayLevelFive(t *testing.T) {
	g := auditDevGame(t)
	base := []CardID{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}
	g.pyr[0] = triangleBelow(t, 5, base)
	cards := g.pyr[0].Cards()
	g.on[cards[0]].infinite = someColor(Yellow)
	g.on[cards[1]].infinite = someColor(Yellow)
	g.on[cards[2]].infinite = someColor(Blue) // another colour: never offered for yellow
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
