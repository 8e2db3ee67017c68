package viceroy

import (
	"fmt"
	"iter"
	"slices"
	"strings"
)

// MaxLevel is the highest level of a pyramid.
const MaxLevel = 5

// MaxPyramidCards is how many cards a Pyramid value can stand. In a game a player stands at most
// 37 (the starting card and three plays in each of 12 turns), so the limit is never reached there.
const MaxPyramidCards = 40

// maxPlaces bounds the legal places of a pyramid: two on level 1, and on the levels above at most
// one per pair of side-by-side cards below, which together never exceed the cards standing.
const maxPlaces = MaxPyramidCards + 2

// Place is a position in a pyramid: a level (1 = bottom, at most 5) and a column. A card at
// (L, x) with L >= 2 rests on (L-1, x) and (L-1, x+1) (RULES.md 8.1). The first card of a pyramid
// stands at (1, 0); columns to its left are negative.
type Place struct {
	Level int8
	Col   int8
}

// maxCol bounds the columns of a pyramid: its first card stands at column 0, and a level holds
// fewer than MaxPyramidCards cards side by side.
const maxCol = MaxPyramidCards - 1

// possible reports whether some pyramid can have the place: a level 1 to MaxLevel, a column no
// further than maxCol from the first card's.
func (p Place) possible() bool {
	return p.Level >= 1 && p.Level <= MaxLevel && p.Col >= -maxCol && p.Col <= maxCol
}

// String returns e.g. "L2 x-1".
func (p Place) String() string { return fmt.Sprintf("L%d x%d", p.Level, p.Col) }

// Pyramid is where the cards of one player's pyramid stand: levels of unbroken runs of cards,
// each upper card resting on two side by side below it. It is a comparable value of fixed size
// (no slices, maps or pointers), so copying it is assignment and comparing it is ==. What lies on
// the cards (tokens, gems) is not part of the Pyramid; see Tableau.
//
// The zero Pyramid is empty; its only legal place is (1, 0).
type Pyramid struct {
	layout
	// covered holds the cards of this pyramid that have a card tucked under them: they are not
	// free (RULES.md 8.1).
	covered cardSet
}

// layout is where the cards of a pyramid stand, without which of them have cards tucked under
// them: the part of a Pyramid that a Game keeps for each player. A card has cards tucked under it
// in one pyramid at most, so the Game finds that from its tucked cards (tucks.hosts) rather than
// keep a set in each of its four pyramids; the methods that ask it take it as an argument. A
// Pyramid embeds a layout, and its methods are the Pyramid's but for those.
//
// layout has byte alignment, so four of them lie in a Game without padding.
type layout struct {
	first [MaxLevel]int8  // column of the leftmost card of each level
	count [MaxLevel]uint8 // number of cards on each level
	// Tallies of count, kept as cards stand and leave, as they are asked at nearly every decision:
	// start holds the index in cells of the first card of each level (the cards of the levels
	// below), n the cards standing.
	start [MaxLevel]uint8
	n     uint8
	cells [MaxPyramidCards]CardID
}

// length returns the number of cards standing in the pyramid (tucked cards are not counted).
func (p layout) length() int { return int(p.n) }

// size is length without copying the pyramid, as a call of a method on the value does.
func (p *layout) size() int { return int(p.n) }

// hasCharacter reports whether a character card stands in the pyramid.
func (p *layout) hasCharacter() bool {
	for _, c := range p.cells[:p.n] {
		if c.IsCharacter() {
			return true
		}
	}
	return false
}

// levels returns the number of non-empty levels.
func (p layout) levels() int {
	for l := MaxLevel; l >= 1; l-- {
		if p.count[l-1] > 0 {
			return l
		}
	}
	return 0
}

// offset returns the index in cells of the first card of level l.
func (p *layout) offset(l int) int { return int(p.start[l-1]) }

// index returns the cells index of at, or -1 when no card stands there.
func (p *layout) index(at Place) int {
	l := int(at.Level)
	if l < 1 || l > MaxLevel {
		return -1
	}
	i := int(at.Col) - int(p.first[l-1])
	if i < 0 || i >= int(p.count[l-1]) {
		return -1
	}
	return p.offset(l) + i
}

// At returns the card at a place, or 0 when the place is empty.
func (p layout) At(at Place) CardID { return p.at(at) }

// at is At without copying the pyramid.
func (p *layout) at(at Place) CardID {
	if i := p.index(at); i >= 0 {
		return p.cells[i]
	}
	return 0
}

// row returns the cards of level l (1-5) from left to right, and the column of the first.
func (p layout) row(l int) (cards []CardID, firstCol int) {
	if l < 1 || l > MaxLevel {
		return nil, 0
	}
	o := p.offset(l)
	return append([]CardID(nil), p.cells[o:o+int(p.count[l-1])]...), int(p.first[l-1])
}

// Find returns the place of a card standing in the pyramid.
func (p layout) Find(id CardID) (Place, bool) {
	if id == 0 {
		return Place{}, false
	}
	i := 0
	for l := 1; l <= MaxLevel; l++ {
		for k := 0; k < int(p.count[l-1]); k++ {
			if p.cells[i] == id {
				return Place{Level: int8(l), Col: p.first[l-1] + int8(k)}, true
			}
			i++
		}
	}
	return Place{}, false
}

// has is Has without copying the pyramid.
func (p *layout) has(id CardID) bool {
	for _, c := range p.cells[:p.n] {
		if c == id {
			return true
		}
	}
	return false
}

// Cards returns the standing cards, level by level from the bottom, left to right.
func (p layout) Cards() []CardID {
	return append([]CardID(nil), p.cells[:p.n]...)
}

// lowest returns the lowest-numbered card standing in the pyramid (0 if empty). It decides
// priority between players (RULES.md 4); tucked cards do not count.
func (p *layout) lowest() CardID {
	low := CardID(0)
	for _, c := range p.cells[:p.n] {
		if low == 0 || c < low {
			low = c
		}
	}
	return low
}

// Places returns every legal place for a new card (RULES.md 8.1), level by level from the bottom,
// left before right. Laws never go on level 5: pass law = true to leave level 5 out. A full pyramid
// (MaxPyramidCards) has no places.
func (p layout) Places(law bool) []Place {
	var buf [maxPlaces]Place
	return append([]Place(nil), p.appendPlaces(buf[:0], law)...)
}

// appendPlaces appends the legal places to dst (opening), level by level from the bottom, left
// before right; it allocates nothing when dst has room for them all (maxPlaces).
func (p *layout) appendPlaces(dst []Place, law bool) []Place {
	for l, top := 1, p.openLevels(law); l <= top; l++ {
		dst = p.opening(l).appendTo(dst, l)
	}
	return dst
}

// openLevels returns how many levels, from the bottom, may have places for a new card (a law if
// law is true): the one statement of the levels every list of places walks. None once the pyramid
// is full; no level above topLevel; and none above an empty level, as the levels above it stand
// on nothing.
func (p *layout) openLevels(law bool) int {
	if p.n >= MaxPyramidCards {
		return 0
	}
	top := topLevel(law)
	for l := 1; l < top; l++ {
		if p.count[l-1] == 0 {
			return l
		}
	}
	return top
}

// canPlace is CanPlace without copying the pyramid: at is one of the places of its level's
// opening, while the pyramid has room.
func (p *layout) canPlace(at Place, law bool) bool {
	l := int(at.Level)
	return p.n < MaxPyramidCards && l >= 1 && l <= topLevel(law) && p.opening(l).has(at.Col)
}

// topLevel returns the highest level a card may stand on: a law never stands on level 5.
func topLevel(law bool) int {
	if law {
		return MaxLevel - 1
	}
	return MaxLevel
}

// opening is where a new card may stand on one level of a pyramid: every column from lo to hi
// when run is true, or else column lo where ok has bit 0 and column hi where it has bit 1.
type opening struct {
	lo, hi int8
	run    bool
	ok     uint8
}

// opening states where a new card may stand on level l (1 to MaxLevel) of a pyramid with room
// (RULES.md 8.1): on level 1 next to the run of cards, or at column 0 when the level is empty;
// above, on two cards of the level below (columns below to below+n-2 of a run of n) and next to
// the level's own run, or anywhere on two cards when the level is empty. A level below with fewer
// than two cards holds up nothing.
func (p *layout) opening(l int) opening {
	first, count := p.first[l-1], int8(p.count[l-1])
	if l == 1 {
		if count == 0 {
			return opening{run: true}
		}
		return opening{lo: first - 1, hi: first + count, ok: 3}
	}
	lo, hi := p.first[l-2], p.first[l-2]+int8(p.count[l-2])-2 // on two cards below
	if count == 0 {
		return opening{lo: lo, hi: hi, run: true} // none when hi < lo: fewer than two cards below
	}
	left, right := first-1, first+count
	return opening{lo: left, hi: right, ok: b2u(left >= lo) | b2u(right <= hi)<<1}
}

// has reports whether column x is one of the opening's.
func (o opening) has(x int8) bool {
	if o.run {
		return o.lo <= x && x <= o.hi
	}
	return x == o.lo && o.ok&1 != 0 || x == o.hi && o.ok&2 != 0
}

// empty reports whether the opening has no column.
func (o opening) empty() bool {
	return o.run && o.hi < o.lo || !o.run && o.ok == 0
}

// size returns the number of the opening's columns.
func (o opening) size() int {
	if o.run {
		return max(int(o.hi)-int(o.lo)+1, 0)
	}
	return int(o.ok&1 + o.ok>>1)
}

// first returns the opening's leftmost place, on level l; the opening is not empty.
func (o opening) first(l int) Place {
	if o.run || o.ok&1 != 0 {
		return Place{int8(l), o.lo}
	}
	return Place{int8(l), o.hi}
}

// appendTo appends the opening's places, on level l, left to right.
func (o opening) appendTo(dst []Place, l int) []Place {
	if o.run {
		for x := o.lo; x <= o.hi; x++ {
			dst = append(dst, Place{int8(l), x})
		}
		return dst
	}
	if o.ok&1 != 0 {
		dst = append(dst, Place{int8(l), o.lo})
	}
	if o.ok&2 != 0 {
		dst = append(dst, Place{int8(l), o.hi})
	}
	return dst
}

// with returns the pyramid with card id standing at place at. An illegal place, a law on level 5,
// 66 Endowment (which never stands: it lies tucked under a character, occupying no position), an
// invalid card or one already standing here returns an error wrapping ErrIllegalPlace and the
// unchanged pyramid.
func (p Pyramid) with(id CardID, at Place) (Pyramid, error) {
	switch {
	case !id.Valid():
		return p, fmt.Errorf("%w: %v is not a card", ErrIllegalPlace, id)
	case p.has(id):
		return p, fmt.Errorf("%w: %v already stands in the pyramid", ErrIllegalPlace, id)
	case id == lawEndowment:
		return p, fmt.Errorf("%w: %v never stands in a pyramid; it is tucked under a character", ErrIllegalPlace, id)
	case id.IsLaw() && at.Level == MaxLevel:
		return p, fmt.Errorf("%w: a law never stands on level 5", ErrIllegalPlace)
	case p.size() >= MaxPyramidCards:
		return p, fmt.Errorf("%w: the pyramid holds %d cards already", ErrIllegalPlace, MaxPyramidCards)
	case at.Level < 1 || at.Level > MaxLevel:
		return p, fmt.Errorf("%w: %v: the levels are 1-%d", ErrIllegalPlace, at, MaxLevel)
	case p.At(at) != 0:
		return p, fmt.Errorf("%w: %v is taken by %v", ErrIllegalPlace, at, p.At(at))
	case !p.canPlace(at, id.IsLaw()):
		return p, fmt.Errorf("%w: %v is not next to a run or not on two cards", ErrIllegalPlace, at)
	}
	p.insert(id, at)
	return p, nil
}

// insert stands id at at, which must be a legal place.
func (p *layout) insert(id CardID, at Place) {
	l := int(at.Level)
	o := p.offset(l)
	n := p.size()
	i := o + int(p.count[l-1]) // right end
	if p.count[l-1] == 0 || at.Col < p.first[l-1] {
		i = o
		p.first[l-1] = at.Col
	}
	if i < n { // about half the cards go to the right end of the top level, where nothing moves
		copy(p.cells[i+1:n+1], p.cells[i:n])
	}
	p.cells[i] = id
	p.count[l-1]++
	for m := l; m < MaxLevel; m++ {
		p.start[m]++
	}
	p.n++
}

// replace puts id in the place of the card at at (65 Succession) and returns the card that stood
// there.
func (p *layout) replace(at Place, id CardID) CardID {
	i := p.index(at)
	old := p.cells[i]
	p.cells[i] = id
	return old
}

// replace is layout's replace for a Pyramid: the old card's covered mark passes to id.
func (p *Pyramid) replace(at Place, id CardID) CardID {
	old := p.layout.replace(at, id)
	if p.covered.has(old) {
		p.covered.remove(old)
		p.covered.add(id)
	}
	return old
}

// remove takes a free card out of the pyramid (74 Exile). The card must be free.
func (p *layout) remove(at Place) CardID {
	l := int(at.Level)
	i := p.index(at)
	old := p.cells[i]
	n := p.size()
	copy(p.cells[i:n-1], p.cells[i+1:n])
	p.cells[n-1] = 0
	if at.Col == p.first[l-1] {
		p.first[l-1]++
	}
	p.count[l-1]--
	for m := l; m < MaxLevel; m++ {
		p.start[m]--
	}
	p.n--
	if p.count[l-1] == 0 {
		p.first[l-1] = 0
	}
	return old
}

// neighbours returns the six places around at (RULES.md 8.1), empty or not.
func neighbours(at Place) [6]Place {
	l, x := at.Level, at.Col
	return [6]Place{{l, x - 1}, {l, x + 1}, {l - 1, x}, {l - 1, x + 1}, {l + 1, x - 1}, {l + 1, x}}
}

// adjacent ranges over the cards adjacent to the place at (up to six: left, right, the two below,
// the two above), in that order.
func (p *layout) adjacent(at Place) iter.Seq[CardID] {
	return func(yield func(CardID) bool) {
		for _, q := range neighbours(at) {
			if c := p.at(q); c != 0 && !yield(c) {
				return
			}
		}
	}
}

// restsOn reports whether a card stands on the card at at.
func (p layout) restsOn(at Place) bool {
	return p.At(Place{at.Level + 1, at.Col - 1}) != 0 || p.At(Place{at.Level + 1, at.Col}) != 0
}

// isFree reports whether the card at at is free: the leftmost or rightmost card of its level,
// with no card resting on it and no card tucked under it (RULES.md 8.1); covered holds the cards
// with cards tucked under them.
func (p *layout) isFree(at Place, covered cardSet) bool {
	id := p.at(at)
	if id == 0 || covered.has(id) || p.restsOn(at) {
		return false
	}
	l := at.Level - 1
	return at.Col == p.first[l] || at.Col == p.first[l]+int8(p.count[l])-1
}

// Free returns the free cards, level by level from the bottom, left before right.
func (p Pyramid) Free() []CardID {
	return p.appendFree(nil, p.covered)
}

// appendFree appends the free cards to dst in the order of Free, for a layout whose cards with
// cards tucked under them are covered; at most two a level.
func (p *layout) appendFree(dst []CardID, covered cardSet) []CardID {
	for l := 1; l <= MaxLevel; l++ {
		n := int8(p.count[l-1])
		if n == 0 {
			continue
		}
		left, right := Place{int8(l), p.first[l-1]}, Place{int8(l), p.first[l-1] + n - 1}
		if p.isFree(left, covered) {
			dst = append(dst, p.at(left))
		}
		if n > 1 && p.isFree(right, covered) {
			dst = append(dst, p.at(right))
		}
	}
	return dst
}

// hasTucked reports whether a card is tucked under the card id (by 66 Endowment, 72 Archive, 74
// Exile or 78 Patronage); such a card is not free (IsFree). Tableau.TuckedUnder lists them.
func (p Pyramid) hasTucked(id CardID) bool { return id.Valid() && p.covered.has(id) }

// Circle is the circle closed by a card at level 2 or more (RULES.md 8.2): four sectors, from the
// two cards it rests on and its own bottom half. Its value is its level.
type Circle struct {
	Top   Place     // the place of the card that closes the circle
	Cards [3]CardID // the lower-left, lower-right and top card
	// Sectors are the printed colours of the four sectors: the top-right of the lower-left card,
	// the top-left of the lower-right card, and the bottom-left and bottom-right of the top card.
	Sectors [4]Color
}

// level returns the circle's level, which is also its base value.
func (c Circle) level() int { return int(c.Top.Level) }

// singleColor returns the colour of a circle whose four sectors are one colour, and true; for a
// circle of several colours it returns the colour of its first sector and false.
func (c Circle) singleColor() (Color, bool) {
	s := c.Sectors
	return s[0], s[0] == s[1] && s[1] == s[2] && s[2] == s[3]
}

// String returns e.g. "L2 x0 circle [red red red green]".
func (c Circle) String() string {
	var names []string
	for _, s := range c.Sectors {
		names = append(names, s.String())
	}
	return fmt.Sprintf("%v circle [%s]", c.Top, strings.Join(names, " "))
}

// circleAt returns the circle closed by the card at top, if a card at level 2 or more stands there.
func (p *layout) circleAt(top Place) (Circle, bool) {
	if top.Level < 2 {
		return Circle{}, false
	}
	c := p.at(top)
	if c == 0 {
		return Circle{}, false
	}
	l := p.at(Place{top.Level - 1, top.Col})
	r := p.at(Place{top.Level - 1, top.Col + 1})
	return circleOf(top, l, r, c), true
}

// circleOf returns the circle closed by card c at top, which rests on l and r.
func circleOf(top Place, l, r, c CardID) Circle {
	return Circle{
		Top:   top,
		Cards: [3]CardID{l, r, c},
		Sectors: [4]Color{sectorsOf[l][TopRight], sectorsOf[r][TopLeft],
			sectorsOf[c][BottomLeft], sectorsOf[c][BottomRight]},
	}
}

// circleList returns every circle of the pyramid, level by level from level 2, left to right.
func (p layout) circleList() []Circle {
	var out []Circle
	for c := range p.circles() {
		out = append(out, c)
	}
	return out
}

// circles ranges over the circles of the pyramid in the order of Circles. It finds the cards by
// their index in cells, level by level, rather than by place: the card at column x of level l
// rests on columns x and x+1 of level l-1.
func (p *layout) circles() iter.Seq[Circle] {
	return func(yield func(Circle) bool) {
		for l := 2; l <= MaxLevel; l++ {
			top, first := p.offset(l), p.first[l-1]
			left := p.offset(l-1) + int(first-p.first[l-2]) // the card below the first one's left
			for k := range int(p.count[l-1]) {
				at := Place{int8(l), first + int8(k)}
				if !yield(circleOf(at, p.cells[left+k], p.cells[left+k+1], p.cells[top+k])) {
					return
				}
			}
		}
	}
}

// circlesThrough returns the places of the cards closing circles that the card at at is part
// of: its own (level 2 or more) and the up to two circles closed by cards resting on it.
func circlesThrough(at Place) [3]Place {
	return [3]Place{at, {at.Level + 1, at.Col - 1}, {at.Level + 1, at.Col}}
}

// singleColorCircles ranges over the single-coloured circles that the card at at completes or is
// part of. When a card is played there, each of them gives its owner one gem of its colour
// (RULES.md 8.2).
func (p *layout) singleColorCircles(at Place) iter.Seq[Circle] {
	return func(yield func(Circle) bool) {
		for _, top := range circlesThrough(at) {
			if c, ok := p.circleAt(top); ok {
				if _, mono := c.singleColor(); mono && !yield(c) {
					return
				}
			}
		}
	}
}

// circleGems returns one gem per single-coloured circle through at, by colour. The circles closed
// by cards resting on at are looked for only when cards stand on the level above: a card just
// played has none resting on it (65 Succession's may).
func (p *layout) circleGems(at Place) Gems {
	var g Gems
	if col, mono := p.circleColor(at); mono {
		g[col]++
	}
	if at.Level < 1 || at.Level >= MaxLevel || p.count[at.Level] == 0 {
		return g
	}
	tops := circlesThrough(at)
	for _, top := range tops[1:] {
		if col, mono := p.circleColor(top); mono {
			g[col]++
		}
	}
	return g
}

// circleColor returns the colour of the circle closed by the card at top if there is one and it
// is single-coloured: circleAt and singleColor, without building the Circle.
func (p *layout) circleColor(top Place) (Color, bool) {
	if top.Level < 2 {
		return 0, false
	}
	c := p.at(top)
	if c == 0 {
		return 0, false
	}
	k := sectorsOf[c][BottomLeft]
	return k, sectorsOf[c][BottomRight] == k &&
		sectorsOf[p.at(Place{top.Level - 1, top.Col})][TopRight] == k &&
		sectorsOf[p.at(Place{top.Level - 1, top.Col + 1})][TopLeft] == k
}

// String draws the pyramid as text, top level first, one line per level, e.g.
//
//	L2:   [ 7]
//	L1: [32][ 5]
func (p layout) String() string {
	if p.n == 0 {
		return "(empty pyramid)"
	}
	min := p.first[0]
	var b strings.Builder
	for l := p.levels(); l >= 1; l-- {
		indent := 2*int(p.first[l-1]-min) + (l - 1)
		fmt.Fprintf(&b, "L%d: %s", l, strings.Repeat("  ", indent))
		row, _ := p.row(l)
		for _, c := range row {
			fmt.Fprintf(&b, "[%2d]", c)
		}
		if l > 1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// pyramidFrom builds a pyramid from cards standing at places, in any order, and checks that it
// is legal: valid distinct cards, levels 1-5 each one unbroken run, every upper card on two cards
// below, no law on level 5, at most MaxPyramidCards.
func pyramidFrom(cards []CardID, places []Place) (Pyramid, error) {
	var p Pyramid
	if len(cards) > MaxPyramidCards {
		return p, fmt.Errorf("%w: %d cards", ErrIllegalPlace, len(cards))
	}
	var seen cardSet
	for l := 1; l <= MaxLevel; l++ {
		p.start[l-1] = p.n
		var row []struct {
			x  int8
			id CardID
		}
		for i, at := range places {
			if int(at.Level) == l {
				row = append(row, struct {
					x  int8
					id CardID
				}{at.Col, cards[i]})
			}
		}
		slices.SortFunc(row, func(a, b struct {
			x  int8
			id CardID
		}) int {
			return int(a.x) - int(b.x)
		})
		for k, c := range row {
			at := Place{int8(l), c.x}
			switch {
			case !c.id.Valid() || seen.has(c.id):
				return p, fmt.Errorf("%w: card %v at %v", ErrIllegalPlace, c.id, at)
			case c.id.IsLaw() && l == MaxLevel:
				return p, fmt.Errorf("%w: a law on level 5", ErrIllegalPlace)
			case c.id == lawEndowment:
				return p, fmt.Errorf("%w: %v never stands in a pyramid", ErrIllegalPlace, c.id)
			case k > 0 && c.x != row[k-1].x+1:
				return p, fmt.Errorf("%w: a gap or a second card at %v", ErrIllegalPlace, at)
			case l > 1 && (p.At(Place{int8(l - 1), c.x}) == 0 || p.At(Place{int8(l - 1), c.x + 1}) == 0):
				return p, fmt.Errorf("%w: %v does not rest on two cards", ErrIllegalPlace, at)
			}
			seen.add(c.id)
			if k == 0 {
				p.first[l-1] = c.x
			}
			p.cells[p.n] = c.id
			p.count[l-1]++
			p.n++
		}
	}
	if p.size() != len(cards) {
		return p, fmt.Errorf("%w: a card on a level outside 1-%d", ErrIllegalPlace, MaxLevel)
	}
	return p, nil
}
