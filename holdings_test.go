package viceroy

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// holdingCards are the cards the property tests below put things on: few, so that operations
// meet on the same cards, and the first and last card numbers.
var holdingCards = []CardID{1, 2, 3, 12, 65, NumCards}

// anyToken draws a token of any kind and value (any byte whose kind is not NoToken).
func anyToken(t *rapid.T, label string) Token {
	return Token(rapid.IntRange(1<<tokenKindShift, 255).Draw(t, label))
}

// heldModel is what the property tests below expect a card to hold: six token slots, an infinite
// gem and a painted colour, Tableau's form, kept by the test itself.
type heldModel struct {
	tokens   [MaxTokensPerCard]Token
	infinite optColor
	paint    optColor
}

// free counts the empty slots.
func (m *heldModel) free() int {
	n := 0
	for _, t := range m.tokens {
		n += b2i(t == 0)
	}
	return n
}

// add puts tok in the first empty slot.
func (m *heldModel) add(tok Token) {
	if i := slices.Index(m.tokens[:], 0); i >= 0 {
		m.tokens[i] = tok
	}
}

// count counts the tokens of kind k.
func (m *heldModel) count(k TokenKind) int {
	n := 0
	for _, t := range m.tokens {
		n += b2i(t != 0 && t.Kind() == k)
	}
	return n
}

// is reports whether h, a holding the storage gives, holds what m says.
func (m *heldModel) is(h holding) bool {
	return h.tokens == m.tokens && h.infinite == m.infinite && h.paint == m.paint
}

// putModel puts what m says on card id of hs, through the storage's own setters.
func putModel(hs *holdings, id CardID, m heldModel) {
	for i, t := range m.tokens {
		if t != 0 {
			hs.setToken(id, i, t)
		}
	}
	if c, ok := m.infinite.get(); ok {
		hs.setInfinite(id, c)
	}
	hs.setPaint(id, m.paint)
}

// spillsIn reports whether a card other than id holds a token beyond the third slot in model.
func spillsIn(model *[NumCards + 1]heldModel, id CardID) bool {
	for c := range model {
		if CardID(c) != id && model[c].tokens[packedSlots] != 0 {
			return true
		}
	}
	return false
}

// TestHoldingsKeepTheTableauForm runs random operations on holdings and on a table of heldModel,
// Tableau's form (six slots on every card), and checks that they agree after each one, reads and
// results alike, and that holdings stays in its one form: built afresh from the table, it is ==.
// The one thing holdings cannot keep, a second card with more than three tokens, it refuses,
// changing nothing; no game comes to it (see holdings).
func TestHoldingsKeepTheTableauForm(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var hs holdings
		var model [NumCards + 1]heldModel
		for step := range rapid.IntRange(1, 60).Draw(t, "steps") {
			id := rapid.SampledFrom(holdingCards).Draw(t, "card")
			switch op := rapid.IntRange(0, 6).Draw(t, "op"); op {
			case 0, 1: // add, drawn most often so that cards fill up
				tok := anyToken(t, "token")
				free := model[id].free() > 0
				firstFree := MaxTokensPerCard - model[id].free()
				want := free && !(firstFree >= packedSlots && spillsIn(&model, id))
				if want {
					model[id].add(tok)
				}
				if got := hs.add(id, tok); got != want {
					t.Fatalf("step %d: add %v on %v: %v, want %v", step, tok, id, got, want)
				}
			case 2: // swap two tokens, as 67 Barter does
				other := rapid.SampledFrom(holdingCards).Draw(t, "other")
				i := rapid.IntRange(0, MaxTokensPerCard-1).Draw(t, "slot")
				j := rapid.IntRange(0, MaxTokensPerCard-1).Draw(t, "other slot")
				if model[id].tokens[i] == 0 || model[other].tokens[j] == 0 || (id == other && i == j) {
					continue
				}
				model[id].tokens[i], model[other].tokens[j] = model[other].tokens[j], model[id].tokens[i]
				hs.swap(id, i, other, j)
			case 3: // an infinite gem, or a painted circle
				c := Color(rapid.IntRange(0, NumColors-1).Draw(t, "colour"))
				if rapid.Bool().Draw(t, "paint") {
					o := optColor(rapid.IntRange(0, NumColors).Draw(t, "painted"))
					model[id].paint = o
					hs.setPaint(id, o)
				} else {
					model[id].infinite = someColor(c)
					hs.setInfinite(id, c)
				}
			case 4: // clear, as 74 Exile does
				model[id] = heldModel{}
				hs.clear(id)
			case 5: // move onto a card holding nothing, as 65 Succession does
				to := rapid.SampledFrom(holdingCards).Draw(t, "to")
				if to == id || model[to] != (heldModel{}) {
					continue
				}
				model[to], model[id] = model[id], heldModel{}
				hs.move(id, to)
			case 6: // set a whole holding, as Sample does: one the storage itself gives for a card
				var m heldModel
				for i := range rapid.IntRange(0, MaxTokensPerCard).Draw(t, "tokens") {
					m.tokens[i] = anyToken(t, "token")
				}
				m.infinite = optColor(rapid.IntRange(0, NumColors).Draw(t, "infinite"))
				m.paint = optColor(rapid.IntRange(0, NumColors).Draw(t, "painted"))
				var scratch holdings
				putModel(&scratch, id, m)
				h := scratch.holding(id)
				if !m.is(h) {
					t.Fatalf("step %d: a holding set slot by slot reads %+v, want %+v", step, h, m)
				}
				want := !(m.tokens[packedSlots] != 0 && spillsIn(&model, id))
				if want {
					model[id] = m
				}
				if got := hs.set(id, h); got != want {
					t.Fatalf("step %d: set %v to %+v: %v, want %v", step, id, h, got, want)
				}
			}
			if err := holdingsAgree(&hs, &model); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
		}
	})
}

// holdingsAgree checks every read of hs against model, and that hs is in its one form.
func holdingsAgree(hs *holdings, model *[NumCards + 1]heldModel) error {
	var fresh holdings
	for id := CardID(1); id <= NumCards; id++ {
		want := model[id]
		if got := hs.holding(id); !want.is(got) {
			return fmt.Errorf("%v holds %+v, want %+v", id, got, want)
		}
		for i, tok := range want.tokens {
			if got := hs.token(id, i); got != tok {
				return fmt.Errorf("%v slot %d: %v, want %v", id, i, got, tok)
			}
		}
		for k := PowerPoints; k <= CircleBonus; k++ {
			if got, want := hs.count(id, k), want.count(k); got != want {
				return fmt.Errorf("%v holds %d %v tokens, want %d", id, got, k, want)
			}
		}
		if hs.infinite(id) != want.infinite || hs.paint(id) != want.paint {
			return fmt.Errorf("%v: infinite %d painted %d, want %d and %d", id, hs.infinite(id), hs.paint(id), want.infinite, want.paint)
		}
		putModel(&fresh, id, want)
	}
	if fresh != *hs {
		return fmt.Errorf("two forms of the same holdings:\n%+v\n%+v", *hs, fresh)
	}
	return nil
}

// tuckHostCards are the hosts the tucks property test tucks under: the four laws with codes of
// their own, characters, and another law.
var tuckHostCards = []CardID{lawSuccession, lawArchive, lawExile, lawPatronage, 12, 20, lawCensus}

// TestTucksKeepTheHostTable runs random tucks, and 65 Succession taking the place of hosts, on tucks
// and cards put out of the game, on tucks and on a table of hosts by card (Tableau's form) and a
// set of the cards out, and checks that they agree after each one (the card each card lies under,
// the cards with cards under them, the cards out of the game) and that tucks stays in its one
// form. A second host other than the four laws tucks refuses, changing
// nothing; no game comes to it (see tucks).
func TestTucksKeepTheHostTable(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var tk tucks
		var model [NumCards + 1]CardID
		var out cardSet // the cards out of the game
		for step := range rapid.IntRange(1, 40).Draw(t, "steps") {
			host := rapid.SampledFrom(tuckHostCards).Draw(t, "host")
			if rapid.IntRange(0, 3).Draw(t, "discard") == 0 {
				// A card out of the game lies nowhere else: neither tucked nor a host.
				id := CardID(rapid.IntRange(1, NumCards).Draw(t, "out"))
				if model[id] == 0 && !out.has(id) && !slices.Contains(tuckHostCards, id) {
					out.add(id)
					tk.discard(id)
				}
			} else if rapid.Bool().Draw(t, "succeed") {
				for id := range model {
					if model[id] == host {
						model[id] = lawSuccession
					}
				}
				tk.succeed(host)
			} else {
				id := CardID(rapid.IntRange(1, NumCards).Draw(t, "card"))
				if model[id] != 0 || id == host || out.has(id) {
					continue
				}
				want := true
				if hostCode(host) == tuckOther {
					for c := range model {
						if model[c] != 0 && model[c] != host && hostCode(model[c]) == tuckOther {
							want = false
						}
					}
				}
				if want {
					model[id] = host
				}
				if got := tk.tuck(id, host); got != want {
					t.Fatalf("step %d: tuck %v under %v: %v, want %v", step, id, host, got, want)
				}
			}
			var fresh tucks
			var hosts cardSet
			for id := CardID(1); id <= NumCards; id++ {
				if got := tk.host(id); got != model[id] {
					t.Fatalf("step %d: %v lies under %v, want %v", step, id, got, model[id])
				}
				if model[id] != 0 {
					fresh.tuck(id, model[id])
					hosts.add(model[id])
				}
			}
			if got := tk.hosts(); got != hosts {
				t.Fatalf("step %d: hosts %v, want %v", step, got.slice(), hosts.slice())
			}
			if tk.anyHost() == hosts.empty() {
				t.Fatalf("step %d: anyHost %v with hosts %v", step, tk.anyHost(), hosts.slice())
			}
			if got := tk.out(); got != out {
				t.Fatalf("step %d: out of the game %v, want %v", step, got.slice(), out.slice())
			}
			fresh.discardAll(out)
			if fresh != tk {
				t.Fatalf("step %d: two forms of the same tucks: %+v and %+v", step, tk, fresh)
			}
		}
	})
}

// TestEndowedTokensFollowSuccession plays the one way a card comes to hold more than three
// tokens, and what can follow: 66 Endowment doubles the tokens of a character card; 65 Succession
// takes its place and all of them; the character, back in the hand, holds nothing; Endowment lies
// under the law. The position is the first of lawPlayer's games where a player can play both laws
// and a character of their pyramid holds a token.
func TestEndowedTokensFollowSuccession(t *testing.T) {
	var host CardID
	most := func(g *Game, p Player) (CardID, int) {
		best, n := CardID(0), 0
		for _, id := range g.Tableau(p).Pyramid.Cards() {
			if k := len(g.Tableau(p).Holding(id).Tokens); id.IsCharacter() && k > n {
				best, n = id, k
			}
		}
		return best, n
	}
	sc := scenario{
		configs: []Config{{Players: 2}, {Players: 3}, {Players: 4}},
		seeds:   400,
		choose:  keeping(lawPlayer, lawEndowment, lawSuccession),
		want: func(g *Game) bool {
			for _, p := range g.ToMove() {
				if _, n := most(g, p); n >= 1 && isLegal(*g, p, Move{Kind: Play, Card: lawEndowment}) &&
					handHas(g, p, lawSuccession) {
					return true
				}
			}
			return false
		},
	}.reach(t)
	g := sc.Game
	p := slices.IndexFunc(g.ToMove(), func(p Player) bool {
		_, n := most(&g, p)
		return n >= 1 && isLegal(g, p, Move{Kind: Play, Card: lawEndowment}) && handHas(&g, p, lawSuccession)
	})
	me := g.ToMove()[p]
	host, _ = most(&g, me)
	tokens := g.Tableau(me).Holding(host).Tokens
	at, _ := g.Tableau(me).Pyramid.Find(host)
	g = othersPass(t, mustApply(t, g, me, Move{Kind: Play, Card: lawEndowment}), me)
	if g.Decision(me) == ChoosePlace {
		g = mustApply(t, g, me, Move{Kind: TuckUnder, Card: host})
	}
	doubled := slices.Concat(tokens, tokens)
	slices.Sort(doubled)
	if got := sortedTokens(g.Tableau(me), host); !cmp.Equal(got, doubled) {
		t.Fatalf("%v: tokens on %v after Endowment: %v, want %v", sc, host, got, doubled)
	}
	// Succession, played in a later round of the turn or in a later turn.
	for !owes(&g, me, ChooseDevelopment) || !isLegal(g, me, Move{Kind: Play, Card: lawSuccession}) {
		if g.Over() {
			t.Fatalf("%v: the game ended before %v could play Succession", sc, me)
		}
		q := g.ToMove()[0]
		m := g.Legal(q)[0]
		if d := g.Decision(q); d == ChooseBid || d == ChooseDevelopment {
			m = Move{Kind: Pass}
		}
		g = mustApply(t, g, q, m)
	}
	g = othersPass(t, mustApply(t, g, me, Move{Kind: Play, Card: lawSuccession}), me)
	g = mustApply(t, g, me, Move{Kind: PlaceCard, At: at})
	tab := g.Tableau(me)
	if got := sortedTokens(tab, lawSuccession); !cmp.Equal(got, doubled) {
		t.Fatalf("%v: tokens on Succession: %v, want %v", sc, got, doubled)
	}
	if h := tab.Holding(host); len(h.Tokens) != 0 || !handHas(&g, me, host) {
		t.Fatalf("%v: %v back in the hand with nothing on it: %+v, hand %v", sc, host, h, g.handOf(me))
	}
	if got := tab.TuckedUnder(lawSuccession); !cmp.Equal(got, []CardID{lawEndowment}) {
		t.Fatalf("%v: under Succession: %v, want Endowment", sc, got)
	}
}

// TestSampleRefusesWhatNoGameHolds: a view in which two cards hold more than three tokens, or in
// which cards lie under two hosts other than the laws that tuck, shows what no game can come to,
// and Sample refuses it (ErrBadView), as it refuses any view no game has. One card with six
// tokens, as 66 Endowment leaves them, it takes.
func TestSampleRefusesWhatNoGameHolds(t *testing.T) {
	// A game played at random until both pyramids stand two cards, at a decision.
	g, err := NewGame(Config{Players: 2, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 1))
	var buf []Move
	for g.Tableau(0).Pyramid.length() < 2 || g.Tableau(1).Pyramid.length() < 2 {
		if g.Over() {
			t.Fatal("the game ended before both pyramids stood two cards")
		}
		p := g.ToMove()[0]
		buf = g.AppendLegal(buf[:0], p)
		g = mustApply(t, g, p, buf[r.IntN(len(buf))])
	}
	v := g.View(g.ToMove()[0])
	if _, err := Sample(v, 1); err != nil {
		t.Fatalf("the game's own view: %v", err)
	}
	fill := func(tab *Tableau, id CardID) { // six science tokens, through Tableau.Put
		for {
			next, err := tab.Put(id, science)
			if err != nil {
				return
			}
			*tab = next
		}
	}
	cards := func(q int) []CardID { return v.Players[q].Tableau.Pyramid.Cards() }

	one := v
	one.Players = append([]PlayerView(nil), v.Players...)
	fill(&one.Players[0].Tableau, cards(0)[0])
	if n := len(one.Players[0].Tableau.Holding(cards(0)[0]).Tokens); n != MaxTokensPerCard {
		t.Fatalf("Put put %d tokens on a card", n)
	}
	if _, err := Sample(one, 1); err != nil {
		t.Fatalf("one card with six tokens: %v", err)
	}
	two := one
	two.Players = append([]PlayerView(nil), one.Players...)
	fill(&two.Players[1].Tableau, cards(1)[0])
	if _, err := Sample(two, 1); !errors.Is(err, ErrBadView) {
		t.Fatalf("two cards with six tokens: %v, want ErrBadView", err)
	}

	// Two law cards the view does not show, taken from the law deck and tucked under a character
	// of each pyramid (through the tableau's JSON form): 66 Endowment under one is what Endowment
	// does; a card under each of two cards other than the laws that tuck, no game does.
	laws := slices.DeleteFunc(unshownLaws(v), func(c CardID) bool { return c == lawEndowment })
	if len(laws) == len(unshownLaws(v)) {
		t.Fatal("the view shows 66 Endowment")
	}
	laws[0] = lawEndowment
	character := func(q int) CardID {
		i := slices.IndexFunc(cards(q), CardID.IsCharacter)
		if i < 0 {
			t.Fatalf("player %d's pyramid holds no character", q)
		}
		return cards(q)[i]
	}
	tucked := v
	tucked.Players = append([]PlayerView(nil), v.Players...)
	for q := range 2 {
		tucked.Decks.Laws--
		tucked.Players[q].Tableau = withTucked(t, tucked.Players[q].Tableau, laws[q], character(q))
		_, err := Sample(tucked, 1)
		if q == 0 && err != nil {
			t.Fatalf("a card under one card: %v", err)
		}
		if q == 1 && !errors.Is(err, ErrBadView) {
			t.Fatalf("cards under two cards: %v, want ErrBadView", err)
		}
	}
}

// withTucked returns tab with card tucked under host, through the tableau's JSON form.
func withTucked(t *testing.T, tab Tableau, card, host CardID) Tableau {
	t.Helper()
	b, err := json.Marshal(tab)
	if err != nil {
		t.Fatal(err)
	}
	var j map[string]any
	if err := json.Unmarshal(b, &j); err != nil {
		t.Fatal(err)
	}
	tucked, _ := j["tucked"].([]any)
	j["tucked"] = append(tucked, map[string]any{"card": card, "under": host})
	return tableauOfJSON(t, j)
}

// tableauOfJSON returns the Tableau that v, a tableau's JSON form as Go values, reads as.
func tableauOfJSON(t *testing.T, v any) Tableau {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out Tableau
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return out
}

// unshownLaws returns the law cards that v shows nowhere.
func unshownLaws(v View) []CardID {
	var shown cardSet
	for _, pv := range v.Players {
		for _, c := range pv.Tableau.Pyramid.Cards() {
			shown.add(c)
		}
		for _, c := range pv.Hand {
			shown.add(c)
		}
	}
	for _, c := range append(append([]CardID(nil), v.Discarded...), v.LawsKnown...) {
		shown.add(c)
	}
	for _, pair := range v.Auction {
		shown.add(pair[0])
		shown.add(pair[1])
	}
	var out []CardID
	for c := FirstLaw; c <= NumCards; c++ {
		if !shown.has(c) {
			out = append(out, c)
		}
	}
	return out
}

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
		var model [NumCards + 1]heldModel
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
				} else if tok := anyToken(t, "token"); model[id].free() > MaxTokensPerCard-packedSlots {
					model[id].add(tok)
					hs.add(id, tok)
				}
			case 4: // 74 Exile
				model[id] = heldModel{}
				used.remove(id)
				hs.clear(id)
			case 5: // 65 Succession
				to := rapid.SampledFrom(holdingCards).Draw(t, "to")
				if to == id || model[to] != (heldModel{}) {
					continue
				}
				model[to], model[id] = model[id], heldModel{}
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
func usedMarksAgree(hs *holdings, used cardSet, model *[NumCards + 1]heldModel) error {
	if got := hs.used(); got != used {
		return fmt.Errorf("used %v, want %v", got.slice(), used.slice())
	}
	for id := CardID(1); id <= NumCards; id++ {
		if got := hs.usedInfinite(id); got != used.has(id) {
			return fmt.Errorf("%v used %v, want %v", id, got, used.has(id))
		}
		if got := hs.holding(id); !model[id].is(got) {
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
