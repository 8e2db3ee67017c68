package viceroy

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// tableauSpec builds a tableau: cards stood at places, then tokens and infinite gems put on them,
// cards tucked under standing cards and gems parked on them.
type tableauSpec struct {
	cards    map[Place]CardID
	tokens   map[CardID][]Token
	infinite map[CardID]Color
	tucked   map[CardID]CardID // card: the card it lies under
	parked   map[CardID]Gems   // gems parked on 76 Treasury or a 65 Succession that replaced it
}

// buildTableau builds the tableau of s through the public API: Place, Put and PutInfinite, then,
// for tucked cards and parked gems, which no builder places, the tableau's JSON form.
func buildTableau(t *testing.T, s tableauSpec) Tableau {
	t.Helper()
	var tab Tableau
	// Stand the cards level by level, left to right, so every place is legal when reached.
	for l := int8(1); l <= MaxLevel; l++ {
		for x := int8(-20); x <= 20; x++ {
			if id, ok := s.cards[Place{l, x}]; ok {
				var err error
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
	if len(s.tucked) == 0 && len(s.parked) == 0 {
		return tab
	}
	b, err := json.Marshal(tab)
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		Cards  []map[string]any `json:"cards"`
		Tucked []map[string]any `json:"tucked"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		t.Fatal(err)
	}
	for _, c := range j.Cards {
		if pile, ok := s.parked[CardID(c["card"].(float64))]; ok {
			c["parked"] = pile
		}
	}
	for id, host := range s.tucked {
		j.Tucked = append(j.Tucked, map[string]any{"card": id, "under": host})
	}
	return tableauOfJSON(t, j)
}

func tokens(tok Token, n int) []Token {
	out := make([]Token, n)
	for i := range out {
		out[i] = tok
	}
	return out
}

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

// TestAttackPenaltyInGame: the attack category counts every opponent's attack tokens, behind
// screens and on cards (71 Levy, 77 Conscription, or swapped by 67 Barter), against the player's
// own defense tokens (RULES.md 11.3.7), in finished games of every mix.
func TestAttackPenaltyInGame(t *testing.T) {
	var behind, on, defended int
	for _, gs := range lawGames {
		for _, cfg := range gs.configs {
			g := playToEnd(t, cfg, gs.choose)
			for p := range Player(cfg.Players) {
				opp := 0
				for q := range Player(cfg.Players) {
					if q != p {
						opp += g.attacksOf(q) + g.Tableau(q).Count(AttackToken)
						behind += g.attacksOf(q)
						on += g.Tableau(q).Count(AttackToken)
					}
				}
				def := g.Tableau(p).Count(Defense)
				if got, want := g.Scores()[p].Attacks, -4*max(0, opp-def); got != want {
					t.Fatalf("%+v: %v with %d defense against %d attack tokens: %d, want %d", cfg, p, def, opp, got, want)
				}
				if opp > 0 && def > 0 {
					defended++
				}
			}
		}
	}
	if behind == 0 || on == 0 || defended == 0 {
		t.Errorf("attack tokens behind screens %d, on cards %d, against defense %d times", behind, on, defended)
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
			return buildTableau(t, tableauSpec{cards: with(lawCensus, Place{1, 3}), tucked: map[CardID]CardID{40: 2}})
		}, lawCensus, 5},
		{"archive: 5 per card under it", func(t *testing.T) Tableau {
			return buildTableau(t, tableauSpec{cards: with(lawArchive, Place{1, 3}),
				tucked: map[CardID]CardID{40: lawArchive, 41: lawArchive}})
		}, lawArchive, 10},
		{"exile on level 2: 6", func(t *testing.T) Tableau {
			return buildTableau(t, tableauSpec{cards: with(lawExile, Place{2, 0})})
		}, lawExile, 6},
		{"concord: 3 per set", func(t *testing.T) Tableau {
			return buildTableau(t, tableauSpec{cards: with(lawConcord, Place{1, 3}),
				tokens: map[CardID][]Token{2: {defense, magic, science}}})
		}, lawConcord, 3},
		{"treasury: 2 per parked gem", func(t *testing.T) Tableau {
			return buildTableau(t, tableauSpec{cards: with(lawTreasury, Place{1, 3}),
				parked: map[CardID]Gems{lawTreasury: {1, 2, 0, 0}}})
		}, lawTreasury, 6},
		{"patronage: 4 per card under it", func(t *testing.T) Tableau {
			return buildTableau(t, tableauSpec{cards: with(lawPatronage, Place{1, 3}),
				tucked: map[CardID]CardID{40: lawPatronage}})
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

// TestPaintingInGame: RULES.md 11.2 in games: a player paints with the gems behind the screen,
// never with gems parked on 76 Treasury (cards README), and painting a circle single-coloured gives
// no gem: the best painting leaves the reserve and the parked gems as they were, takes its cost
// from the screen and paints its circles. At every painting decision of random games.
func TestPaintingInGame(t *testing.T) {
	var parked, painted int
	atEveryDecisionOf(t, append(lawGames, devGames...), func(g *Game, cfg Config, p Player, legal []Move) {
		if g.Decision(p) != ChoosePainting {
			return
		}
		tab, screen := g.Tableau(p), g.Screen(p)
		if tab.parkedGems() != (Gems{}) {
			parked++
			if screen == (Gems{}) && !slices.Equal(legal, []Move{{Kind: FinishPainting}}) {
				t.Fatalf("%+v: %v with only parked gems %v: %v", cfg, p, tab.parkedGems(), legal)
			}
		}
		if !slices.Contains(legal, Move{Kind: PaintBest}) {
			return
		}
		next := mustApply(t, *g, p, Move{Kind: PaintBest})
		best := tab.BestPainting(screen)
		var cost Gems
		for _, pc := range best {
			cost = cost.Plus(paintCost(circleAt(tab, pc.Top), pc.Color))
			if !next.Tableau(p).isPainted(pc.Top) {
				t.Fatalf("%+v: %v's best painting %v left %v unpainted", cfg, p, best, pc.Top)
			}
		}
		if next.reserveGems() != g.reserveGems() || next.Tableau(p).parkedGems() != tab.parkedGems() || next.Screen(p) != screen.Minus(cost) {
			t.Fatalf("%+v: %v paints %v: reserve %v -> %v, parked %v -> %v, screen %v -> %v", cfg, p, best, g.reserveGems(),
				next.reserveGems(), tab.parkedGems(), next.Tableau(p).parkedGems(), screen, next.Screen(p))
		}
		painted++
	})
	if parked == 0 || painted == 0 {
		t.Errorf("painting decisions with parked gems %d, best paintings made %d", parked, painted)
	}
}

// RULES.md 11.3, recomputed independently from the tableaux of finished random games: every
// category of every sheet, and the winners, tied players sharing the win (11.4).
func TestScoresOfRandomGames(t *testing.T) {
	ties := 0
	for seed := uint64(1); seed <= uint64(sized(40, 200)); seed++ {
		cfg := Config{Players: 2 + int(seed%3), Seed: seed}
		if seed%2 == 0 {
			cfg.Edition = FirstEdition
		}
		g := randomGame(t, cfg, seed*7)
		sheets := g.Scores()
		best := -1 << 30
		for p := range Player(g.numPlayers()) {
			tab := g.Tableau(p)
			pyr := tab.Pyramid
			var bonus [NumColors]int
			var count [8]int
			var points, magicBonus int
			for _, id := range pyr.Cards() {
				for _, tok := range tab.Holding(id).Tokens {
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
				if h := tab.Holding(id); h.HasGem {
					inf += int(at.Level) + bonus[h.Infinite]
				}
				if at.Level < 2 {
					continue
				}
				l, r := pyr.At(Place{at.Level - 1, at.Col}), pyr.At(Place{at.Level - 1, at.Col + 1})
				s := [4]Color{l.Card().Sectors[TopRight], r.Card().Sectors[TopLeft],
					id.Card().Sectors[BottomLeft], id.Card().Sectors[BottomRight]}
				if tab.isPainted(at) {
					c := circleAt(tab, at).Sectors // painted: every sector of the painted colour
					s = c
				}
				if s[0] == s[1] && s[1] == s[2] && s[2] == s[3] {
					circles += int(at.Level) + bonus[s[0]]
				}
			}
			opp := 0
			for q := range Player(g.numPlayers()) {
				if q != p {
					opp += g.attacksOf(q) + g.Tableau(q).Count(AttackToken)
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
		if len(want) > 1 {
			ties++
		}
	}
	t.Logf("games ending in a tie: %d", ties)
}

// TestScoresNow checks the sheets a view scores as if the game ended now: the pyramids as they
// stand, and every attack token the others hold, behind their screens or on their cards (77
// Conscription's), against the player's defense; a game over gives its final sheets.
func TestScoresNow(t *testing.T) {
	defended := buildTableau(t, tableauSpec{
		cards:  map[Place]CardID{{1, 0}: 1},
		tokens: map[CardID][]Token{1: {token(Defense, 1, 0)}},
	})
	conscription := buildTableau(t, tableauSpec{
		cards:  map[Place]CardID{{1, 0}: lawConscription},
		tokens: map[CardID][]Token{lawConscription: {token(AttackToken, 1, 0)}},
	})
	final := []ScoreSheet{{Player: 0, Total: 7, PowerPoints: 7}, {Player: 1, Total: 3, PowerPoints: 3}}
	tests := []struct {
		name    string
		players []PlayerView
		over    bool
		attacks []int // the attacks category of each sheet
	}{
		{"no cards, no attacks", []PlayerView{{Player: 0}, {Player: 1}}, false, []int{0, 0}},
		{"three behind a screen", []PlayerView{{Player: 0}, {Player: 1, Attacks: 3}}, false, []int{-12, 0}},
		{"one on Conscription counts", []PlayerView{{Player: 0}, {Player: 1, Attacks: 2, Tableau: conscription}}, false, []int{-12, 0}},
		{"defense stops one", []PlayerView{{Player: 0, Tableau: defended}, {Player: 1, Attacks: 2, Tableau: conscription}}, false, []int{-8, 0}},
		{"both ways, three players", []PlayerView{{Player: 0, Attacks: 1}, {Player: 1, Attacks: 2}, {Player: 2, Tableau: defended}}, false, []int{-8, -4, -8}},
		{"over: the final sheets", []PlayerView{{Player: 0}, {Player: 1, Attacks: 3}}, true, []int{0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := View{Players: tc.players, Over: tc.over}
			if tc.over {
				v.Scores = final
			}
			got := v.ScoresNow()
			if len(got) != len(tc.players) {
				t.Fatalf("%d sheets for %d players", len(got), len(tc.players))
			}
			for i, s := range got {
				if s.Player != tc.players[i].Player || s.Attacks != tc.attacks[i] {
					t.Errorf("sheet %d: player %v, attacks %d; want player %v, attacks %d", i, s.Player, s.Attacks, tc.players[i].Player, tc.attacks[i])
				}
				if want := tc.players[i].Tableau.Score(0); !tc.over && s.Total-s.Attacks != want.Total {
					t.Errorf("sheet %d: %d before attacks, the tableau scores %d", i, s.Total-s.Attacks, want.Total)
				}
			}
			if tc.over && !slices.EqualFunc(got, final, func(a, b ScoreSheet) bool { return a.Total == b.Total && a.Player == b.Player }) {
				t.Errorf("over: %v, want the final sheets %v", got, final)
			}
		})
	}
	// Every view of random games scores what the game scores as it stands, up to the painting,
	// whose choices stay hidden until everyone has painted.
	for seed := uint64(1); seed <= 6; seed++ {
		cfg := Config{Players: 2 + int(seed%3), Seed: seed}
		randomGameEach(t, cfg, func(g Game, p Player, _ []Move) {
			if g.Phase() == PhasePainting {
				return
			}
			want := g.Scores()
			for q := range Player(g.numPlayers()) {
				v := g.View(q)
				if got := v.ScoresNow(); !cmp.Equal(got, want, cmpopts.EquateEmpty()) {
					t.Fatalf("seed %d, turn %d, %v's view: %v, the game scores %v", seed, g.Turn(), q, got, want)
				}
			}
		})
	}
}
