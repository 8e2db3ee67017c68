package viceroy

import (
	"slices"
	"testing"
)

// TestDealtCardsLieWhereTheyWereDealt: the starting cards are kept in the front of the character
// deck, where the deal drew them (dealt), rather than in a table of their own. Through the setup of
// games of every mix, each player's starting cards are those the shuffled deck held there when it
// was dealt, in the order doStart gives them once chosen; every card lies in one place; the games
// Sample draws from every view agree on the viewer's cards and hold every card once; after the
// setup no player has starting cards, and the chosen ones stand in the pyramid and the hand.
func TestDealtCardsLieWhereTheyWereDealt(t *testing.T) {
	var buf []Move
	for i, cfg := range allMixes(0) {
		for seed := range uint64(3) {
			cfg.Seed = seed
			g, r := seededGame(t, cfg, i)
			k := g.startingCards()
			var deal [MaxPlayers][]CardID
			for p := range Player(cfg.Players) {
				deal[p] = slices.Clone(g.chars[k*int(p) : k*int(p)+k])
				if got := g.dealtCards(p); !slices.Equal(got, deal[p]) {
					t.Fatalf("%+v: player %d dealt %v, want %v", cfg, p, got, deal[p])
				}
			}
			var chosen [MaxPlayers][2]CardID
			for g.phase == phaseStart {
				checkCardsOnce(t, cfg, g)
				for p := range Player(cfg.Players) {
					checkDealtViews(t, cfg, g, p)
				}
				p := g.ToMove()[0]
				buf = g.AppendLegal(buf[:0], p)
				m := buf[r.IntN(len(buf))]
				switch m.Kind {
				case KeepInPyramid:
					chosen[p][0] = m.Card
					if cfg.Edition == FirstEdition {
						chosen[p][1] = deal[p][0] + deal[p][1] - m.Card
					}
				case KeepInHand:
					chosen[p][1] = m.Card
				}
				g = mustApply(t, g, p, m)
				if got := g.dealtCards(p); g.phase == phaseStart && chosen[p][1] != 0 &&
					(got[0] != chosen[p][0] || got[1] != chosen[p][1] || !sameCards(got, deal[p])) {
					t.Fatalf("%+v: player %d chose %v and holds %v of %v", cfg, p, chosen[p], got, deal[p])
				}
			}
			checkCardsOnce(t, cfg, g)
			for p := range Player(cfg.Players) {
				if got := g.dealtCards(p); len(got) != 0 {
					t.Fatalf("%+v: player %d has starting cards %v after the setup", cfg, p, got)
				}
				if !g.pyr[p].has(chosen[p][0]) || !g.hand[p].has(chosen[p][1]) {
					t.Fatalf("%+v: player %d chose %v: pyramid %v, hand %v", cfg, p, chosen[p],
						g.pyr[p].Cards(), g.hand[p].slice())
				}
			}
		}
	}
}

// checkCardsOnce fails the test unless every card of g lies in exactly one place.
func checkCardsOnce(t *testing.T, cfg Config, g Game) {
	t.Helper()
	for c, n := range cardPlaces(g) {
		if c != 0 && n != 1 {
			t.Fatalf("%+v: card %d lies in %d places", cfg, c, n)
		}
	}
}

// checkDealtViews fails the test unless a game drawn from p's view gives p the same starting cards,
// and holds every card once.
func checkDealtViews(t *testing.T, cfg Config, g Game, p Player) {
	t.Helper()
	s, err := Sample(g.View(p), 7)
	if err != nil {
		t.Fatalf("%+v: Sample of player %d's view: %v", cfg, p, err)
	}
	if got, want := s.dealtCards(p), g.dealtCards(p); !slices.Equal(got, want) {
		t.Fatalf("%+v: sampled starting cards of player %d %v, want %v", cfg, p, got, want)
	}
	checkCardsOnce(t, cfg, s)
}

// sameCards reports whether a and b hold the same cards, in any order.
func sameCards(a, b []CardID) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
