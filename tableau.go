package viceroy

import (
	"fmt"
	"slices"
)

// Tableau is one player's pyramid with everything lying on it: the tokens and infinite gems on its
// cards, the cards tucked under them, the gems parked on Treasury (76) and the colours its circles
// were painted at the end of the game. Scoring works on a Tableau. It is a comparable value.
//
// A game hands out tableaux with Game.Tableau and in views; a program can also build one by hand
// with Place, Put and PutInfinite, for instance to evaluate a position.
type Tableau struct {
	Pyramid Pyramid
	on      [NumCards + 1]holding // what lies on each standing card; zero for other cards
	under   [NumCards + 1]CardID  // for each tucked card, the card it is tucked under
	parked  parkedGems            // gems parked by Treasury (76), by the card they lie on
}

// Place stands card id at place at; nothing is paid and no reward is taken. An illegal place, a
// law on level 5, 66 Endowment (which never stands: it lies tucked under a character, occupying no
// position), an invalid card or one already standing or tucked here returns an error wrapping
// ErrIllegalPlace and the unchanged tableau.
func (t Tableau) Place(id CardID, at Place) (Tableau, error) {
	if t.tucked(id) {
		return t, fmt.Errorf("%w: %v is tucked in this pyramid", ErrIllegalPlace, id)
	}
	p, err := t.Pyramid.with(id, at)
	if err != nil {
		return t, err
	}
	t.Pyramid = p
	return t, nil
}

// Put puts a token on a standing card. A card that does not stand in the pyramid, the zero Token
// or a card that holds MaxTokensPerCard tokens already returns an error wrapping ErrIllegalMove and
// the unchanged tableau.
func (t Tableau) Put(id CardID, tok Token) (Tableau, error) {
	switch {
	case !t.Pyramid.has(id):
		return t, fmt.Errorf("%w: %v does not stand in the pyramid", ErrIllegalMove, id)
	case tok.Kind() == NoToken:
		return t, fmt.Errorf("%w: no token", ErrIllegalMove)
	case !t.on[id].add(tok):
		return t, fmt.Errorf("%w: %v holds %d tokens already", ErrIllegalMove, id, MaxTokensPerCard)
	}
	return t, nil
}

// PutInfinite puts an infinite gem of colour c on a standing card that holds none. Otherwise, or
// for an invalid colour, it returns an error wrapping ErrIllegalMove and the unchanged tableau.
func (t Tableau) PutInfinite(id CardID, c Color) (Tableau, error) {
	switch {
	case !t.Pyramid.has(id):
		return t, fmt.Errorf("%w: %v does not stand in the pyramid", ErrIllegalMove, id)
	case !c.Valid():
		return t, fmt.Errorf("%w: %v is not a colour", ErrIllegalMove, c)
	case t.on[id].infinite != 0:
		return t, fmt.Errorf("%w: %v holds an infinite gem already", ErrIllegalMove, id)
	}
	t.on[id].infinite = someColor(c)
	return t, nil
}

// Holding returns what lies on a standing card.
func (t Tableau) Holding(id CardID) Holding {
	if !t.Pyramid.has(id) {
		return Holding{Card: id}
	}
	h := t.on[id].public(id)
	if pile := t.parked.on(id); pile != nil {
		h.Parked = *pile
	}
	return h
}

// tucked reports whether card id is tucked in this tableau.
func (t Tableau) tucked(id CardID) bool { return id.Valid() && t.under[id] != 0 }

// Tucked returns the cards tucked under cards of this pyramid, in card-number order.
func (t Tableau) Tucked() []CardID {
	var out []CardID
	for id := CardID(1); id <= NumCards; id++ {
		if t.under[id] != 0 {
			out = append(out, id)
		}
	}
	return out
}

// TuckedUnder returns the cards tucked under card host, in card-number order.
func (t Tableau) TuckedUnder(host CardID) []CardID {
	var out []CardID
	for id := CardID(1); id <= NumCards; id++ {
		if host != 0 && t.under[id] == host {
			out = append(out, id)
		}
	}
	return out
}

// parkedGems returns all the gems parked in the pyramid by Treasury (76): those on Treasury, and those
// on Succession (65) if it replaced Treasury and took everything lying on it. Holding tells which
// card holds which; Treasury scores only its own.
func (t Tableau) parkedGems() Gems { return t.parked.total() }

// Count returns the number of tokens of kind k on the pyramid's cards.
func (t Tableau) Count(k TokenKind) int {
	n := 0
	for _, id := range t.Pyramid.cells[:t.Pyramid.length()] {
		n += t.on[id].count(k)
	}
	return n
}

// sum returns the sum of the values of the tokens of kind k.
func (t Tableau) sum(k TokenKind) int {
	n := 0
	for _, id := range t.Pyramid.cells[:t.Pyramid.length()] {
		for _, tok := range t.on[id].tokens {
			if tok.Kind() == k {
				n += tok.Value()
			}
		}
	}
	return n
}

// tokenTally is what lies on the cards of a tableau, counted: the tokens of each kind, the magic
// bonus (the values of the magic bonus tokens added up), the circle bonus of each colour
// (CircleBonus) and the infinite gems.
type tokenTally struct {
	count      [CircleBonus + 1]int // by kind; count[NoToken] is not kept
	magicBonus int
	bonus      [NumColors]int
	infinite   int
}

// tally counts what lies on the tableau's cards in one pass, as Count, sum(MagicBonus),
// circleBonus and InfiniteGems would one by one. It takes a pointer: a Tableau is too large a
// value to be copied for each count.
func (t *Tableau) tally() tokenTally {
	var n tokenTally
	for _, id := range t.Pyramid.cells[:t.Pyramid.length()] {
		h := &t.on[id]
		if h.infinite != 0 {
			n.infinite++
		}
		for _, tok := range h.tokens {
			switch k := tok.Kind(); k {
			case NoToken:
			case MagicBonus:
				n.count[k]++
				n.magicBonus += tok.Value()
			case CircleBonus:
				n.count[k]++
				n.bonus[tok.Color()] += tok.Value()
			default:
				n.count[k]++
			}
		}
	}
	return n
}

// circleBonus returns the player's circle bonus for each colour: the sum of their circle bonus
// tokens of that colour.
func (t Tableau) circleBonus() [NumColors]int {
	var b [NumColors]int
	for _, id := range t.Pyramid.cells[:t.Pyramid.length()] {
		for _, tok := range t.on[id].tokens {
			if tok.Kind() == CircleBonus {
				b[tok.Color()] += tok.Value()
			}
		}
	}
	return b
}

// infiniteGem is an infinite gem lying on a card of a pyramid.
type infiniteGem struct {
	Card  CardID
	Color Color
	Level int // the level of the card it lies on
}

// infiniteGems returns the infinite gems on the pyramid's cards, level by level from the bottom.
func (t Tableau) infiniteGems() []infiniteGem {
	var out []infiniteGem
	for _, id := range t.Pyramid.cells[:t.Pyramid.length()] {
		if c, ok := t.on[id].infinite.get(); ok {
			at, _ := t.Pyramid.Find(id)
			out = append(out, infiniteGem{Card: id, Color: c, Level: int(at.Level)})
		}
	}
	return out
}

// Circles returns the pyramid's circles as they are now: a circle painted at the end of the game
// shows its paint colour in all four sectors.
func (t Tableau) Circles() []Circle {
	cs := t.Pyramid.circleList()
	for i, c := range cs {
		if col, ok := t.on[c.Cards[2]].paint.get(); ok {
			cs[i].Sectors = [4]Color{col, col, col, col}
		}
	}
	return cs
}

// isPainted reports whether the circle closed by the card at top has been painted.
func (t Tableau) isPainted(top Place) bool {
	return t.on[t.Pyramid.At(top)].paint != 0
}

// unpaintedCircles returns the circles not yet painted, as the painting solver takes them.
func (t Tableau) unpaintedCircles() []Circle {
	cs := t.Pyramid.circleList()
	return slices.DeleteFunc(cs, func(c Circle) bool { return t.on[c.Cards[2]].paint != 0 })
}

// paintBonus returns what a single-coloured circle of each colour is worth beyond its level: the
// circle bonuses, and 1 more with Harmony (79) in the pyramid.
func (t Tableau) paintBonus() [NumColors]int {
	return withHarmony(t.circleBonus(), t.Pyramid.has(lawHarmony))
}

// Paint applies a painting (RULES.md 11.2), paying it from gems, and returns the painted tableau
// and the gems left. Each circle can be painted once; painting a circle makes it single-coloured
// but gives no gem. It fails with ErrPainting, changing nothing, when a circle does not exist, is
// painted already or listed twice, when painting it would change nothing, or when gems lack.
func (t Tableau) Paint(p Painting, gems Gems) (Tableau, Gems, error) {
	out := t
	for _, pc := range p {
		c, ok := out.Pyramid.circleAt(pc.Top)
		switch {
		case !ok:
			return t, gems, fmt.Errorf("%w: no circle closed at %v", ErrPainting, pc.Top)
		case !pc.Color.Valid():
			return t, gems, fmt.Errorf("%w: %v is not a colour", ErrPainting, pc.Color)
		case out.on[c.Cards[2]].paint != 0:
			return t, gems, fmt.Errorf("%w: the circle at %v is painted already", ErrPainting, pc.Top)
		}
		cost := paintCost(c, pc.Color)
		if cost.Total() == 0 {
			return t, gems, fmt.Errorf("%w: the circle at %v is %v already", ErrPainting, pc.Top, pc.Color)
		}
		if !gems.Covers(cost) {
			return t, gems, fmt.Errorf("%w: painting %v %v needs %v", ErrPainting, pc.Top, pc.Color, cost)
		}
		gems = gems.Minus(cost)
		out.on[c.Cards[2]].paint = someColor(pc.Color)
	}
	return out, gems, nil
}

// unpainted returns the tableau with no circle painted.
func (t Tableau) unpainted() Tableau {
	for _, id := range t.Pyramid.cells[:t.Pyramid.length()] {
		t.on[id].paint = 0
	}
	return t
}

// paintGems returns the gems lying on painted sectors.
func (t Tableau) paintGems() Gems {
	var g Gems
	for _, c := range t.Pyramid.circleList() {
		if col, ok := t.on[c.Cards[2]].paint.get(); ok {
			g = g.Plus(paintCost(c, col))
		}
	}
	return g
}

// BestPainting returns the painting of the circles not yet painted that scores most with the given
// gems. The answer is exact: every painting is weighed, by a search that leaves out only those that
// cannot score more than one already found.
func (t Tableau) BestPainting(gems Gems) Painting {
	p, _ := bestPainting(t.unpaintedCircles(), t.paintBonus(), gems)
	return p
}

// String draws the pyramid and lists what lies on its cards.
func (t Tableau) String() string {
	s := t.Pyramid.String()
	for _, id := range t.Pyramid.cells[:t.Pyramid.length()] {
		h := t.Holding(id)
		if len(h.Tokens) == 0 && !h.HasGem {
			continue
		}
		s += fmt.Sprintf("\n  %v:", id)
		for _, tok := range h.Tokens {
			s += " " + tok.String() + ";"
		}
		if h.HasGem {
			s += " " + h.Infinite.String() + " infinite gem;"
		}
	}
	if tk := t.Tucked(); len(tk) > 0 {
		s += fmt.Sprintf("\n  tucked: %v", tk)
	}
	for _, id := range parkingCards {
		if pile := *t.parked.on(id); pile.Total() > 0 {
			s += fmt.Sprintf("\n  parked on %v: %v", id, pile)
		}
	}
	return s
}
