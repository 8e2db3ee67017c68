package viceroy

import (
	"slices"
	"testing"
)

// payablePlaces is the general way of listing where p can stand a character card: every legal
// place whose cost at its level the screen pays, alone or with the unused infinite gems.
func payablePlaces(g *Game, p Player, card CardID) []Move {
	var out []Move
	for _, at := range g.pyr[p].Places(false) {
		cost := costAt(card, int(at.Level))
		if payable(cost, g.screen[p], Gems{}) || payable(cost, g.screen[p], g.usableGems(p)) {
			out = append(out, Move{Kind: PlaceCard, At: at})
		}
	}
	return out
}

// TestAppendPlacesAgreesWithPayable holds appendPlaces, which finds the highest payable level
// once and lists the places up to it, to the general way, place by place, for every player and
// every character at every decision of random games. It also checks that the games reach places
// both payable and not, and places only payable with infinite gems, so that the shortcut is put
// to the test.
func TestAppendPlacesAgreesWithPayable(t *testing.T) {
	var some, short, infinite int
	atEveryDecision(t, func(g *Game, cfg Config, p Player, _ []Move) {
		for q := range Player(cfg.Players) {
			for card := CardID(1); card <= NumCharacters; card++ {
				want := payablePlaces(g, q, card)
				got := g.appendPlaces(nil, q, card)
				if !slices.Equal(got, want) {
					t.Fatalf("%+v: player %v, card %v: appendPlaces = %v, want %v", cfg, q, card, got, want)
				}
				all := len(g.pyr[q].Places(false))
				switch {
				case len(want) == all && all > 0:
					some++
				case len(want) < all:
					short++
				}
				for _, m := range want {
					if !payable(costAt(card, int(m.At.Level)), g.screen[q], Gems{}) {
						infinite++
						break
					}
				}
			}
		}
	})
	if some == 0 || short == 0 || infinite == 0 {
		t.Errorf("the games never put appendPlaces to the test: %d lists of every place, %d shorter, %d needing infinite gems",
			some, short, infinite)
	}
}
