package viceroy

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// tableau builds a tableau: cards stood at places, then tokens and infinite gems put on them.
type tableauSpec struct {
	cards    map[Place]CardID
	tokens   map[CardID][]Token
	infinite map[CardID]Color
}

func buildTableau(t *testing.T, s tableauSpec) Tableau {
	t.Helper()
	var tab Tableau
	// Stand the cards level by level, left to right, so every place is legal when reached.
	for l := int8(1); l <= MaxLevel; l++ {
		for x := int8(-20); x <= 20; x++ {
			if id, ok := s.cards[Place{l, x}]; ok {
				var err error
				if tab.Pyramid.Len() == 0 {
					tab.Pyramid.insert(id, Place{l, x})
					continue
				}
				if tab, err = tab.Place(id, Place{l, x}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for id, toks := range s.tokens {
		for _, tok := range toks {
			var err error
			if tab, err = tab.Put(id, tok); err != nil {
				t.Fatal(err)
			}
		}
	}
	for id, c := range s.infinite {
		var err error
		if tab, err = tab.PutInfinite(id, c); err != nil {
			t.Fatal(err)
		}
	}
	return tab
}

func tokens(tok Token, n int) []Token {
	out := make([]Token, n)
	for i := range out {
		out[i] = tok
	}
	return out
}

var (
	science = token(Science, 1, 0)
	magic   = token(Magic, 1, 0)
	defense = token(Defense, 1, 0)
)

// TestWorkedExamples checks the worked examples of RULES.md section 12 (the Captain's costs and
// rewards are checked in the catalogue tests).
func TestWorkedExamples(t *testing.T) {
	// Cards 9 (top-right green), 33 (top-left green) and 53 (all green) close a green circle.
	greenCircle := map[Place]CardID{{1, 0}: 9, {1, 1}: 33, {2, 0}: 53}
	threeLevels := map[Place]CardID{{1, 0}: 2, {1, 1}: 3, {1, 2}: 4, {2, 0}: 5, {2, 1}: 6, {3, 0}: 7}
	tests := []struct {
		name            string
		spec            tableauSpec
		opponentAttacks int
		want            ScoreSheet
	}{{
		name: "green circle closed by a level-2 card with a green +4 circle bonus: 2 + 4",
		spec: tableauSpec{cards: greenCircle,
			tokens: map[CardID][]Token{9: {token(CircleBonus, 4, Green)}}},
		want: ScoreSheet{Circles: 6, Total: 6},
	}, {
		name: "yellow infinite gem on a level-3 card with a yellow +4 circle bonus: 3 + 4",
		spec: tableauSpec{cards: threeLevels,
			tokens:   map[CardID][]Token{2: {token(CircleBonus, 4, Yellow)}},
			infinite: map[CardID]Color{7: Yellow}},
		want: ScoreSheet{InfiniteGems: 7, Total: 7},
	}, {
		name: "3 magic tokens with magic bonuses +5 and +2: 21",
		spec: tableauSpec{cards: map[Place]CardID{{1, 0}: 2, {1, 1}: 3},
			tokens: map[CardID][]Token{2: {magic, magic, token(MagicBonus, 5, 0)},
				3: {magic, token(MagicBonus, 2, 0)}}},
		want: ScoreSheet{Magic: 21, Total: 21},
	}, {
		name: "2 defense, 5 magic, 3 science: 2 sets, 24",
		spec: tableauSpec{cards: map[Place]CardID{{1, 0}: 2, {1, 1}: 3, {1, 2}: 4},
			tokens: map[CardID][]Token{2: {defense, defense, science}, 3: tokens(magic, 5),
				4: {science, science}}},
		want: ScoreSheet{Sets: 24, Total: 24},
	}, {
		name:            "opponents hold 2 and 3 attack tokens: -20",
		spec:            tableauSpec{cards: map[Place]CardID{{1, 0}: 2}},
		opponentAttacks: 2 + 3,
		want:            ScoreSheet{Attacks: -20, Total: -20},
	}, {
		name: "the same with 2 own defense tokens: -12",
		spec: tableauSpec{cards: map[Place]CardID{{1, 0}: 2},
			tokens: map[CardID][]Token{2: {defense, defense}}},
		opponentAttacks: 2 + 3,
		want:            ScoreSheet{Attacks: -12, Total: -12},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := buildTableau(t, tc.spec).Score(tc.opponentAttacks)
			if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("score sheet (-want +got):\n%s", diff)
			}
		})
	}
	if got := PassGems(4); got != 7 {
		t.Errorf("4 science tokens: a pass gives %d gems, want 7", got)
	}
}

// TestAttackPenaltyInGame: the attack category counts every opponent's tokens, behind screens and
// on laws, against the player's own defense.
func TestAttackPenaltyInGame(t *testing.T) {
	g := atFirstAuction(t, 3, SecondEdition)
	g.attacks = [MaxPlayers]uint8{0, 2, 3}
	g.on.add(g.pyr[0].cells[0], defense)
	g.on.add(g.pyr[0].cells[0], defense)
	sheets := g.Scores()
	if sheets[0].Attacks != -12 || sheets[1].Attacks != -12 || sheets[2].Attacks != -8 {
		t.Fatalf("attacks: %d %d %d, want -12 -12 -8", sheets[0].Attacks, sheets[1].Attacks, sheets[2].Attacks)
	}
	// An attack token that 67 Barter swapped onto a character card still counts for its holder.
	g.on.add(g.pyr[1].cells[0], token(AttackToken, 0, 0))
	sheets = g.Scores()
	if sheets[0].Attacks != -16 || sheets[2].Attacks != -12 {
		t.Fatalf("with a token on player 1's character: attacks %d and %d, want -16 and -12", sheets[0].Attacks, sheets[2].Attacks)
	}
}

// TestLawEndPoints checks each end-game law's points on a hand-built tableau.
func TestLawEndPoints(t *testing.T) {
	base := map[Place]CardID{{1, 0}: 2, {1, 1}: 3, {1, 2}: 4}
	with := func(law CardID, at Place) map[Place]CardID {
		m := map[Place]CardID{}
		for k, v := range base {
			m[k] = v
		}
		m[at] = law
		return m
	}
	tests := []struct {
		name  string
		tab   func(t *testing.T) Tableau
		law   CardID
		wantP int
	}{
		{"census counts standing and tucked cards", func(t *testing.T) Tableau {
			tab := buildTableau(t, tableauSpec{cards: with(lawCensus, Place{1, 3})})
			tab.under[40] = 2
			return tab
		}, lawCensus, 5},
		{"archive: 5 per card under it", func(t *testing.T) Tableau {
			tab := buildTableau(t, tableauSpec{cards: with(lawArchive, Place{1, 3})})
			tab.under[40], tab.under[41] = lawArchive, lawArchive
			return tab
		}, lawArchive, 10},
		{"exile on level 2: 6", func(t *testing.T) Tableau {
			return buildTableau(t, tableauSpec{cards: with(lawExile, Place{2, 0})})
		}, lawExile, 6},
		{"concord: 3 per set", func(t *testing.T) Tableau {
			return buildTableau(t, tableauSpec{cards: with(lawConcord, Place{1, 3}),
				tokens: map[CardID][]Token{2: {defense, magic, science}}})
		}, lawConcord, 3},
		{"treasury: 2 per parked gem", func(t *testing.T) Tableau {
			tab := buildTableau(t, tableauSpec{cards: with(lawTreasury, Place{1, 3})})
			tab.parked.treasury = Gems{1, 2, 0, 0}
			return tab
		}, lawTreasury, 6},
		{"patronage: 4 per card under it", func(t *testing.T) Tableau {
			tab := buildTableau(t, tableauSpec{cards: with(lawPatronage, Place{1, 3})})
			tab.under[40] = lawPatronage
			return tab
		}, lawPatronage, 4},
		{"harmony: 1 per single-colour circle and per infinite gem", func(t *testing.T) Tableau {
			return buildTableau(t, tableauSpec{
				cards:    map[Place]CardID{{1, 0}: 9, {1, 1}: 33, {2, 0}: 53, {1, 2}: lawHarmony},
				infinite: map[CardID]Color{9: Red}})
		}, lawHarmony, 2},
		{"good neighbours: 2 per adjacent character", func(t *testing.T) Tableau {
			return buildTableau(t, tableauSpec{cards: with(lawNeighbours1, Place{2, 0})})
		}, lawNeighbours1, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.tab(t).Score(0)
			want := []LawScore{{Law: tc.law, Points: tc.wantP}}
			if diff := cmp.Diff(want, s.LawPoints); diff != "" {
				t.Errorf("law points (-want +got):\n%s", diff)
			}
			if s.Laws != tc.wantP {
				t.Errorf("laws category %d, want %d", s.Laws, tc.wantP)
			}
		})
	}
}

// TestScoreSheetAddsUp: in random finished games every sheet's categories add up to its total.
func TestScoreSheetAddsUp(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		g := randomGame(t, Config{Players: 4, Seed: seed}, seed)
		for _, s := range g.Scores() {
			sum := s.Circles + s.InfiniteGems + s.Laws + s.PowerPoints + s.Magic + s.Sets + s.Attacks
			if sum != s.Total {
				t.Fatalf("seed %d: categories add up to %d, total %d\n%v", seed, sum, s.Total, s)
			}
			laws := 0
			for _, l := range s.LawPoints {
				laws += l.Points
			}
			if laws != s.Laws {
				t.Fatalf("seed %d: law points %d, category %d", seed, laws, s.Laws)
			}
		}
	}
}

// RULES.md 11.2-11.4 in a game: painting with screen gems only (never Treasury's parked gems),
// no gem for painting a circle single-coloured, the painted circle scores, and tied players share
// the win.
func TestPaintingAndWinnersInGame(t *testing.T) {
	g := devGame(t)
	// 9 (top-right green), 1 Boatswain (top-left red), 53 (all green) on them: green red green
	// green, one green gem from single-coloured. A green +4 circle bonus on 9: 2 + 4 = 6.
	g.pyr[0] = pyramidOf(t, []CardID{9, 1, 53, 76}, []Place{{1, 0}, {1, 1}, {2, 0}, {1, 2}}).layout
	g.on.add(9, token(CircleBonus, 4, Green))
	g.setPyramid(1, 64)
	g.on.add(64, token(PowerPoints, 6, 0))
	// Only parked gems: no painting is offered.
	g.parked.treasury = Gems{Green: 2}
	g.box = g.box.Minus(Gems{Green: 2})
	g.screen[1] = Gems{}
	g.attacks = [MaxPlayers]uint8{}
	g.endGame()
	g.comeToRest()
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
	g.on.add(64, token(PowerPoints, 4, 0))
	if w := g.Winners(); !slices.Equal(w, []Player{0, 1}) {
		t.Errorf("tied at 10: winners %v, want [0 1]", w)
	}
}

// RULES.md 11.3, recomputed independently from the raw state of finished random games: every
// category of every sheet, and the winners (11.4).
func TestScoresOfRandomGames(t *testing.T) {
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
				for _, tok := range g.on.holding(id).tokens {
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
				if c, ok := g.on.infinite(id).get(); ok {
					inf += int(at.Level) + bonus[c]
				}
				if at.Level < 2 {
					continue
				}
				l, r := pyr.At(Place{at.Level - 1, at.Col}), pyr.At(Place{at.Level - 1, at.Col + 1})
				s := [4]Color{l.Card().Sectors[TopRight], r.Card().Sectors[TopLeft],
					id.Card().Sectors[BottomLeft], id.Card().Sectors[BottomRight]}
				if c, ok := g.on.paint(id).get(); ok {
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
					opp += g.on.count(id, AttackToken)
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
