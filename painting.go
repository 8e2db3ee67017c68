package viceroy

import (
	"math/bits"
)

// PaintedCircle paints the circle closed by the card at Top in Color: every sector of it that is
// not already Color gets a gem of Color (RULES.md 11.2).
type PaintedCircle struct {
	Top   Place
	Color Color
}

// Painting is a set of circles to paint, in the order of the circles it paints.
type Painting []PaintedCircle

// paintCost returns the gems needed to paint circle c entirely in colour k: one gem of k for each
// sector that is not k already, so none when the circle is all k. It is zero for an invalid colour.
func paintCost(c Circle, k Color) Gems {
	var g Gems
	if !k.Valid() {
		return g
	}
	g[k] = sectorsNot(c.Sectors, k)
	return g
}

// sectorsNot counts the sectors that are not colour k, all four at once as the bytes of a word:
// the bytes equal to k are zero after the exclusive or, and a byte is non-zero exactly when its
// low seven bits plus 0x7f, or the byte itself, set its top bit (no carry crosses a byte).
func sectorsNot(s [4]Color, k Color) uint8 {
	x := uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
	x ^= 0x01010101 * uint32(k)
	const lows, tops = 0x7f7f7f7f, 0x80808080
	return uint8(bits.OnesCount32(((x & lows) + lows | x) & tops))
}

// cost returns the gems the painting spends on the given circles. An entry whose Top closes none
// of the circles costs nothing.
func (p Painting) cost(circles []Circle) Gems {
	var g Gems
	for _, pc := range p {
		for _, c := range circles {
			if c.Top == pc.Top {
				g = g.Plus(paintCost(c, pc.Color))
				break
			}
		}
	}
	return g
}

// paintColors states the colours in which p may paint circle c of their pyramid (bit k for colour
// k): none once it is painted; otherwise each colour that changes the circle and that p's screen
// pays for (paintable).
func (g *Game) paintColors(p Player, c Circle) uint32 {
	if g.painted(c) {
		return 0
	}
	return colorsOf(paintable(c, gemWord(g.screen[p])))
}

// canPaintCircle reports whether p may paint circle c in colour col (paintColors).
func (g *Game) canPaintCircle(p Player, c Circle, col Color) bool {
	return col.Valid() && g.paintColors(p, c)>>col&1 != 0
}

// canPaintSome reports whether p may paint some circle of their pyramid (paintColors): the
// condition of accepting the best painting.
func (g *Game) canPaintSome(p Player) bool {
	if g.screen[p] == (Gems{}) {
		return false // every painting that changes a circle costs a gem
	}
	for c := range g.pyr[p].circles() {
		if g.paintColors(p, c) != 0 {
			return true
		}
	}
	return false
}

// allowsPaint reports whether *m is one of a painting player's moves (appendPaintMoves).
func (g *Game) allowsPaint(p Player, m *Move) bool {
	switch *m {
	case Move{Kind: Paint, At: m.At, Color: m.Color}:
		c, ok := g.pyr[p].circleAt(m.At)
		return ok && g.canPaintCircle(p, c, m.Color)
	case Move{Kind: PaintBest}:
		return g.canPaintSome(p)
	case Move{Kind: FinishPainting}:
		return true
	}
	return false
}

// appendPaintMoves appends a painting player's moves: paint a circle a colour of paintColors;
// accept the best painting of the remaining circles, when some circle can be painted; or finish.
func (g *Game) appendPaintMoves(dst []Move, p Player) []Move {
	n := len(dst)
	if g.screen[p] != (Gems{}) {
		for c := range g.pyr[p].circles() {
			for cols := g.paintColors(p, c); cols != 0; cols &= cols - 1 {
				dst = append(dst, Move{Kind: Paint, At: c.Top, Color: Color(bits.TrailingZeros32(cols))})
			}
		}
	}
	if len(dst) > n {
		dst = append(dst, Move{Kind: PaintBest})
	}
	return append(dst, Move{Kind: FinishPainting})
}

// painted reports whether circle c has been painted.
func (g *Game) painted(c Circle) bool {
	return g.on.paint(c.Cards[2]) != 0
}

// paintable returns the colours in which a screen (a gemWord) pays for painting circle c, as the
// top bit of byte k for colour k: set when colour k changes the circle and the screen pays for it.
// A painting in colour k costs one gem a sector not k (paintCost): four, less the sectors of
// colour k, counted by adding a one into the byte of each sector's colour (sectorBit: none for a
// value that is no colour).
func paintable(c Circle, screen uint32) uint32 {
	s := &c.Sectors
	need := 0x04040404 - (sectorBit[s[0]] + sectorBit[s[1]] + sectorBit[s[2]] + sectorBit[s[3]])
	// Byte by byte: screen|tops less need keeps the top bit where the screen has need (covers),
	// and need plus lows sets it where need is not zero; no borrow or carry crosses a byte.
	const lows, tops = 0x7f7f7f7f, 0x80808080
	return ((screen | tops) - need) & (need + lows) & tops
}

// doPaint applies a painting move.
func (g *Game) doPaint(p Player, m *Move) (goOn bool) {
	switch m.Kind {
	case Paint:
		// check has found the circle unpainted and the gems on the screen.
		c, _ := g.pyr[p].circleAt(m.At)
		g.screen[p] = g.screen[p].Minus(paintCost(c, m.Color))
		g.on.setPaint(c.Cards[2], someColor(m.Color))
	case PaintBest:
		g.paintBest(p)
		g.waiting &^= 1 << p
	case FinishPainting:
		g.waiting &^= 1 << p
	}
	return true
}

// whyNoPaint says why m, a painting of a circle, is not one of p's.
func (g *Game) whyNoPaint(l Language, p Player, m Move) string {
	if m.Kind != Paint {
		return ""
	}
	return l.text("why.nopaint", "player", p, "at", m.At, "color", m.Color)
}

// paintBest paints p's unpainted circles as Tableau.BestPainting would. A problem small enough
// to be solved by trying every painting (nearly all of those of real games) is solved here in
// buffers on the stack, so that the move allocates nothing; a larger one goes to bestPainting.
func (g *Game) paintBest(p Player) {
	var circleBuf [MaxPyramidCards]Circle
	circles := circleBuf[:0]
	for c := range g.pyr[p].circles() {
		if !g.painted(c) {
			circles = append(circles, c)
		}
	}
	// Room for the problems solved here: more than maxEnumerated items make more paintings than
	// enumerateLimit, and such a problem (its buffers then grown on the heap) goes to BestPainting.
	var options [NumColors * (maxEnumerated + 1)]paintOption
	var items [maxEnumerated + 1]paintItem
	pr, _ := newPaintProblemIn(circles, g.paintBonus(p), g.screen[p], options[:0], items[:0])
	switch {
	case len(pr.items) == 0:
		return
	case pr.paintings() > enumerateLimit:
		g.paint(p, g.Tableau(p).BestPainting(g.screen[p]))
		return
	}
	e := enumeration{pr: &pr, bestWorth: -1}
	e.try(0, pr.budget, 0)
	for i, it := range pr.items {
		if choice := e.best[i]; choice >= 0 {
			c, col := circles[it.circle], pr.opts(it)[choice].color
			g.screen[p] = g.screen[p].Minus(paintCost(c, col))
			g.on.setPaint(c.Cards[2], someColor(col))
		}
	}
}

// paintBonus returns what a single-coloured circle of each colour is worth to p beyond its
// level, as Tableau.paintBonus does.
func (g *Game) paintBonus(p Player) [NumColors]int {
	var b [NumColors]int
	pyr := &g.pyr[p]
	cards := pyr.cells[:pyr.size()]
	if g.on.countOn(cards, CircleBonus) > 0 { // few pyramids hold one: the tokens are read only then
		for _, id := range cards {
			for _, tok := range g.on.holding(id).tokens {
				if tok.Kind() == CircleBonus {
					b[tok.Color()] += tok.Value()
				}
			}
		}
	}
	return withHarmony(b, pyr.has(lawHarmony))
}

// paint applies a painting that the player can pay: its gems go from the screen onto the sectors.
func (g *Game) paint(p Player, pt Painting) {
	t, left, err := g.Tableau(p).Paint(pt, g.screen[p])
	if err != nil {
		return // moves are checked before they are made; a solver painting is always payable
	}
	g.screen[p] = left
	for _, c := range t.Pyramid.circleList() {
		g.on.setPaint(c.Cards[2], t.on[c.Cards[2]].paint)
	}
}
