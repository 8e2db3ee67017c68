package viceroy

import (
	"slices"
	"testing"
)

// lawShortcutKinds are the kinds of move of a law's play that surelyLegal answers for, beside the
// place of a character: the place of a law, a law's option, a payment and an infinite gem used.
var lawShortcutKinds = []MoveKind{PlaceCard, ChooseOption, PayCost, UseInfinite}

// TestSurelyLegalAnswersLawMoves checks that surelyLegal answers for every listed move of
// lawShortcutKinds (but the place of 65 Succession, which takes a card's place), which apply would
// otherwise look up in the list of legal moves, and never for a move of those kinds that is not
// listed: every option number, every card, every place.
func TestSurelyLegalAnswersLawMoves(t *testing.T) {
	answered := map[MoveKind]int{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		for _, m := range legal {
			if !slices.Contains(lawShortcutKinds, m.Kind) || m.Kind == PlaceCard && !lawPlaced(g) {
				continue
			}
			if !g.surelyLegal(p, &m) {
				t.Fatalf("%+v: surelyLegal(%v, %v) is false for a listed move (%v)", cfg, p, m, legal)
			}
			answered[m.Kind]++
		}
		var near []Move
		for i := range Choice(5) {
			near = append(near, Move{Kind: ChooseOption, Choice: i}, Move{Kind: PayCost, Choice: i})
		}
		for id := range CardID(NumCards + 3) {
			near = append(near, Move{Kind: UseInfinite, Card: id}, Move{Kind: PayCost, Card: id})
		}
		for l := range int8(MaxLevel + 2) {
			for x := int8(-8); x <= 8; x++ {
				near = append(near, Move{Kind: PlaceCard, At: Place{l, x}})
			}
		}
		agrees(t, g, cfg, p, legal, near)
		if g.act.kind != actPay {
			return
		}
		// Random games seldom reach a payment the screen cannot cover, or an infinite gem that
		// has paid already, as a decision: the same payment with the screen emptied, or with
		// every infinite gem used, or with each colour due instead, or with one of every colour
		// due, no infinite gem used, and one on every card of the other players, is held to the
		// list too.
		for v := range 7 {
			h := *g
			switch {
			case v == 0:
				h.screen[p] = Gems{}
			case v == 1:
				for _, id := range h.pyr[p].cells[:h.pyr[p].size()] {
					h.on.useInfinite(id)
				}
			case v == 6:
				h.act.due = Gems{1, 1, 1, 1}
				h.on.clearUsed()
				for q := range Player(h.players) {
					for _, id := range h.pyr[q].cells[:h.pyr[q].size()] {
						if q != p {
							h.on.setInfinite(id, Blue)
						}
					}
				}
			default:
				h.act.due = Gems{}
				h.act.due[v-2] = 1
			}
			agrees(t, &h, cfg, p, h.appendLegal(nil, p), near)
		}
	})
	for _, k := range lawShortcutKinds {
		if answered[k] == 0 {
			t.Errorf("no legal %v move was made in the games played", k)
		}
	}
	t.Logf("answered: %v", answered)
}

// lawPlaced reports whether a law other than 65 Succession is being placed.
func lawPlaced(g *Game) bool {
	return g.act.kind == actPlace && g.act.card.IsLaw() && g.act.card != lawSuccession
}

// agrees fails t if surelyLegal answers for one of the moves near that is not among legal.
func agrees(t *testing.T, g *Game, cfg Config, p Player, legal, near []Move) {
	t.Helper()
	for _, m := range near {
		if g.surelyLegal(p, &m) && !slices.Contains(legal, m) {
			t.Fatalf("%+v: surelyLegal(%v, %v) but the legal moves are %v", cfg, p, m, legal)
		}
	}
}

// TestSurelyLegalLawNotOnLevel5 places a law in a pyramid whose level 4 holds two cards, so that a
// character, but no law, could stand on level 5 (random games seldom get there): surelyLegal
// answers for every listed place and for no other.
func TestSurelyLegalLawNotOnLevel5(t *testing.T) {
	var cards []CardID
	var places []Place
	for l, n := 1, 5; n >= 2; l, n = l+1, n-1 {
		for x := range n {
			cards = append(cards, CardID(len(cards)+1))
			places = append(places, Place{int8(l), int8(x)})
		}
	}
	g, err := NewGame(Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	g.pyr[0] = pyramidOf(t, cards, places).layout
	g.act = action{kind: actPlace, card: lawCensus}
	legal := g.appendLegal(nil, 0)
	answered := 0
	for l := range int8(MaxLevel + 2) {
		for x := int8(-8); x <= 8; x++ {
			m := Move{Kind: PlaceCard, At: Place{l, x}}
			sure, listed := g.surelyLegal(0, &m), slices.Contains(legal, m)
			if sure != listed {
				t.Errorf("surelyLegal(%v) = %v, listed %v (the legal moves are %v)", m, sure, listed, legal)
			}
			if sure {
				answered++
			}
		}
	}
	if answered == 0 {
		t.Error("surelyLegal answered for no place")
	}
}

// TestSurelyLegalPaintBest checks that surelyLegal answers for the best painting exactly when it
// is listed, at every decision of the painting phase: as long as some circle can be painted.
func TestSurelyLegalPaintBest(t *testing.T) {
	answered, declined := 0, 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		m := Move{Kind: PaintBest}
		sure, listed := g.surelyLegal(p, &m), slices.Contains(legal, m)
		if sure != listed {
			t.Fatalf("%+v: surelyLegal(%v, %v) = %v, but the legal moves are %v", cfg, p, m, sure, legal)
		}
		switch {
		case sure:
			answered++
		case g.phase == phasePainting:
			declined++
		}
	})
	if answered == 0 || declined == 0 {
		t.Errorf("the games put the best painting to the test %d times with a circle to paint, %d without", answered, declined)
	}
}
