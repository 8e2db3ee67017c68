package viceroy

import (
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// The Game keeps two marks in room other tables leave free: whether a card's infinite gem paid this
// turn (usedBit, in the card's holdings word) and whether everyone saw a card go into a hand
// (tuckShown, in the card's half byte of tucks). These tests hold them to the sets they replaced.

// TestUsedMarkActsAsASet: the used marks read as the set of cards whose infinite gem paid, as the
// Game kept before: a mark goes with the holding when it moves (65 Succession) and goes when the
// card is cleared (74 Exile) or a turn ends, and no mark changes what the rest of the word reads.
func TestUsedMarkActsAsASet(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var hs holdings
		var used cardSet
		var model [NumCards + 1]holding
		for step := range rapid.IntRange(1, 60).Draw(t, "steps") {
			id := rapid.SampledFrom(holdingCards).Draw(t, "card")
			switch op := rapid.IntRange(0, 6).Draw(t, "op"); op {
			case 0: // an infinite gem on a card that holds none
				if model[id].infinite != 0 {
					continue
				}
				c := Color(rapid.IntRange(0, NumColors-1).Draw(t, "colour"))
				model[id].infinite = someColor(c)
				hs.setInfinite(id, c)
			case 1, 2: // the gem pays
				if model[id].infinite == 0 {
					continue
				}
				used.add(id)
				hs.useInfinite(id)
			case 3: // a token or a painted circle beside it
				if rapid.Bool().Draw(t, "paint") {
					o := optColor(rapid.IntRange(0, NumColors).Draw(t, "painted"))
					model[id].paint = o
					hs.setPaint(id, o)
				} else if tok := anyToken(t, "token"); model[id].count(NoToken) > MaxTokensPerCard-packedSlots {
					model[id].add(tok)
					hs.add(id, tok)
				}
			case 4: // 74 Exile
				model[id] = holding{}
				used.remove(id)
				hs.clear(id)
			case 5: // 65 Succession
				to := rapid.SampledFrom(holdingCards).Draw(t, "to")
				if to == id || model[to] != (holding{}) {
					continue
				}
				model[to], model[id] = model[id], holding{}
				if used.has(id) {
					used.remove(id)
					used.add(to)
				}
				hs.move(id, to)
			case 6: // the turn ends
				used = cardSet{}
				hs.clearUsed()
			}
			if err := usedMarksAgree(&hs, used, &model); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
		}
	})
}

// usedMarksAgree checks the used marks of hs against used, and every holding against model.
func usedMarksAgree(hs *holdings, used cardSet, model *[NumCards + 1]holding) error {
	if got := hs.used(); got != used {
		return fmt.Errorf("used %v, want %v", got.slice(), used.slice())
	}
	for id := CardID(1); id <= NumCards; id++ {
		if got := hs.usedInfinite(id); got != used.has(id) {
			return fmt.Errorf("%v used %v, want %v", id, got, used.has(id))
		}
		if got := hs.holding(id); got != model[id] {
			return fmt.Errorf("%v holds %+v, want %+v", id, got, model[id])
		}
	}
	return auditPackedMarks(hs, nil)
}

// TestShownAndPatronMarksActAsSets: the shown marks read as the set of cards everyone saw go into
// a hand, less the cards tucked or out of the game since (which no rule brings back into a hand);
// the Patronage marks as the set of cards just taken under 78 Patronage, with its lowest card in
// Game.patron; neither changes what tucks answers of hosts and of the cards out of the game.
func TestShownAndPatronMarksActAsSets(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var g Game
		tk := &g.under
		var shown, out, patron cardSet
		hosts := map[CardID]CardID{}
		for step := range rapid.IntRange(1, 80).Draw(t, "steps") {
			id := CardID(rapid.IntRange(1, NumCards).Draw(t, "card"))
			if hosts[id] != 0 || out.has(id) {
				continue // tucked or out: no rule moves it again
			}
			switch op := rapid.IntRange(0, 5).Draw(t, "op"); op {
			case 0, 1: // into a hand, seen by everyone
				shown.add(id)
				tk.show(id)
			case 2: // tucked under a law that tucks under itself, after Patronage's decision
				host := rapid.SampledFrom([]CardID{lawArchive, lawExile, lawPatronage}).Draw(t, "host")
				if id == host || hosts[host] != 0 || out.has(host) || patron.has(id) {
					continue
				}
				shown.remove(id)
				hosts[id] = host
				tk.tuck(id, host)
			case 3: // out of the game
				if patron.has(id) {
					continue
				}
				shown.remove(id)
				out.add(id)
				tk.discard(id)
			case 4: // taken into the hand of Patronage's owner
				patron.add(id)
				if !g.addPatron(id) {
					t.Fatalf("step %d: %v not marked for Patronage", step, id)
				}
			case 5: // decided: tucked or kept
				if first := patron.first(); first != 0 {
					patron.remove(first)
					g.removePatron(first)
				}
			}
			if got := tk.patrons(); !slices.Equal(got, patron.slice()) {
				t.Fatalf("step %d: patron marks %v, want %v", step, got, patron.slice())
			}
			if g.patron != patron.first() || (patron.len() > 1) != (tk.used&severalPatrons != 0) {
				t.Fatalf("step %d: patron %v, several %v, want %v of %v", step, g.patron,
					tk.used&severalPatrons != 0, patron.first(), patron.slice())
			}
			if got := tk.shown(); got != shown {
				t.Fatalf("step %d: shown %v, want %v", step, got.slice(), shown.slice())
			}
			if got := tk.out(); got != out {
				t.Fatalf("step %d: out %v, want %v", step, got.slice(), out.slice())
			}
			for c := CardID(1); c <= NumCards; c++ {
				if got := tk.host(c); got != hosts[c] {
					t.Fatalf("step %d: %v under %v, want %v", step, c, got, hosts[c])
				}
			}
		}
	})
}
