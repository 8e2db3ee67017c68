package viceroy

import (
	"errors"
	"strings"
	"testing"
)

// TestFewGemsKeepGems checks fewGems against the Gems it packs: every Gems of at most 3 of each
// colour comes back from packFew as it went in, through word and gems alike; distinct Gems pack
// distinctly; and plus adds one gem of its colour, as Gems counts it.
func TestFewGemsKeepGems(t *testing.T) {
	seen := map[fewGems]Gems{}
	for i := range 256 {
		g := Gems{uint8(i & 3), uint8(i >> 2 & 3), uint8(i >> 4 & 3), uint8(i >> 6)}
		f := packFew(gemWord(g))
		if f.gems() != g || f.word() != gemWord(g) {
			t.Fatalf("%v packs to %#x, which gives back %v (word %#x)", g, f, f.gems(), f.word())
		}
		if other, ok := seen[f]; ok {
			t.Fatalf("%v and %v both pack to %#x", g, other, f)
		}
		seen[f] = g
		for c := range Color(NumColors) {
			if g[c] < 3 {
				want := g
				want[c]++
				if got := f.plus(c).gems(); got != want {
					t.Fatalf("%v plus a %v gem: %v, want %v", g, c, got, want)
				}
			}
		}
	}
}

// TestSampleRefusesMoreThanTwoPossible: a view that gives a player's unknown gems more than 2
// possible of a colour shows what no game can (setup returns 2 gems of the 8 with 2 of each
// colour), and Sample refuses it (ErrBadView), as the game keeps those bounds in 2 bits a colour.
// The view moves one possible red gem of one player to the other's, and one yellow back, so that
// every count of gems still agrees.
func TestSampleRefusesMoreThanTwoPossible(t *testing.T) {
	g, err := NewGame(Config{Players: 3, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(0)
	if _, err := Sample(v, 1); err != nil {
		t.Fatalf("the game's own view: %v", err)
	}
	a, b := v.Players[1], v.Players[2]
	if a.Possible != (Gems{2, 2, 2, 2}) || b.Possible != (Gems{2, 2, 2, 2}) {
		t.Fatalf("at the start every colour is possible twice: %v and %v", a.Possible, b.Possible)
	}
	bad := v
	bad.Players = append([]PlayerView(nil), v.Players...)
	bad.Players[1].Possible = Gems{Red: 3, Green: 2, Blue: 2, Yellow: 1}
	bad.Players[2].Possible = Gems{Red: 1, Green: 2, Blue: 2, Yellow: 3}
	_, err = Sample(bad, 1)
	if !errors.Is(err, ErrBadView) || !strings.Contains(err.Error(), "possible") {
		t.Fatalf("3 possible of a colour: %v, want ErrBadView for it", err)
	}
}
