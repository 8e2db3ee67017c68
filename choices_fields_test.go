package viceroy

import (
	"slices"
	"testing"
)

// strayFields returns m with each field it does not use set in turn: every field but the kind,
// given a value in every byte value that differs from m's, a negative level and column among
// them. canBid and canDevelop must refuse all of these, as the legal moves never set them.
func strayFields(m Move) []Move {
	var out []Move
	for _, v := range []uint8{1, 2, 127, 128, 255} {
		for i := range 5 {
			s := m
			switch i {
			case 0:
				s.Card += CardID(v)
			case 1:
				s.Color += Color(v)
			case 2:
				s.At.Level += int8(v)
			case 3:
				s.At.Col += int8(v)
			case 4:
				s.Choice += Choice(v)
			}
			out = append(out, s)
		}
	}
	return out
}

// TestHiddenChoiceChecksRefuseStrayFields holds canBid and canDevelop to the legal moves for
// moves one field away from a legal one, over the whole range of each field, as the checks add
// the fields a choice does not use rather than compare them one by one.
func TestHiddenChoiceChecksRefuseStrayFields(t *testing.T) {
	checked := 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		can := hiddenChoiceCheck(g)
		if can == nil {
			return
		}
		for _, m := range legal {
			for _, s := range strayFields(m) {
				if can(p, &s) != slices.Contains(legal, s) {
					t.Fatalf("%+v: the check of %v's hidden choice %v says %v, but the legal moves are %v",
						cfg, p, s, can(p, &s), legal)
				}
				checked++
			}
		}
	})
	if checked == 0 {
		t.Error("no hidden choice was checked")
	}
}
