package viceroy

import (
	"slices"
	"testing"
)

// stepKinds are the kinds of move of a law's steps that surelyLegal answers for: 76 Treasury's
// gems to park, 72 Archive's cards to tuck, stopping either or declining 67 Barter, 70 Council's
// law cards to put back, 67 Barter's gems to give, and the colour of an infinite gem.
var stepKinds = []MoveKind{Park, Done, PutBack, Tuck, GiveGem, InfiniteColor}

// stepActions are the actions whose steps those moves answer.
var stepActions = []actKind{actPark, actArchive, actBarterOwn, actPutBack, actGive, actInfColor}

// stepMoves returns every move of stepKinds with every colour and every card, valid or not.
func stepMoves() []Move {
	var out []Move
	for _, k := range stepKinds {
		out = append(append(out, kindMoves(k)...), Move{Kind: k, At: Place{1, 0}})
	}
	return out
}

// TestSurelyLegalAnswersLawSteps checks that surelyLegal answers for a move of stepKinds exactly
// when it is listed (but 74 Exile's and 78 Patronage's tucks, which are not steps), at every
// decision of random games. Random games seldom reach a step with a colour neither the reserve nor
// the screen has, or a hand without law cards, so at every step each colour is also taken out of
// the reserve, the screen or both, and the hand is emptied of its laws or of everything.
func TestSurelyLegalAnswersLawSteps(t *testing.T) {
	near := stepMoves()
	answered := map[MoveKind]int{}
	check := func(g *Game, cfg Config, p Player, legal []Move) {
		t.Helper()
		for _, m := range near {
			if m.Kind == Tuck && (g.patron != 0 || g.act.kind == actExile) {
				continue
			}
			sure, listed := g.surelyLegal(p, &m), slices.Contains(legal, m)
			if sure != listed {
				t.Fatalf("%+v: surelyLegal(%v, %v) = %v, but the legal moves are %v", cfg, p, m, sure, legal)
			}
			if sure {
				answered[m.Kind]++
			}
		}
	}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		check(g, cfg, p, legal)
		if g.patron != 0 || !slices.Contains(stepActions, g.act.kind) {
			return
		}
		var variants []Game
		for c := range NumColors {
			for v := range 3 {
				h := *g
				if v != 0 {
					h.reserve[c] = 0
				}
				if v != 1 {
					h.screen[p][c] = 0
				}
				variants = append(variants, h)
			}
		}
		laws, all := *g, *g
		all.hand[p] = cardSet{}
		for id := range g.hand[p].all() {
			if id.IsLaw() {
				laws.hand[p].remove(id)
			}
		}
		for _, h := range append(variants, laws, all) {
			check(&h, cfg, p, h.appendLegal(nil, p))
		}
	})
	for _, k := range stepKinds {
		if answered[k] == 0 {
			t.Errorf("surelyLegal never answered for a legal %v move", k)
		}
	}
	t.Logf("answered: %v", answered)
}
