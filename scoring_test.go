package viceroy

import (
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
	g.on[g.pyr[0].cells[0]].add(defense)
	g.on[g.pyr[0].cells[0]].add(defense)
	sheets := g.Scores()
	if sheets[0].Attacks != -12 || sheets[1].Attacks != -12 || sheets[2].Attacks != -8 {
		t.Fatalf("attacks: %d %d %d, want -12 -12 -8", sheets[0].Attacks, sheets[1].Attacks, sheets[2].Attacks)
	}
	// An attack token that 67 Barter swapped onto a character card still counts for its holder.
	g.on[g.pyr[1].cells[0]].add(token(AttackToken, 0, 0))
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
