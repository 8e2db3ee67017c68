package viceroy

import "math/bits"

// The end of the game (RULES.md 11): hands are discarded, every player paints (hidden and
// simultaneously), and the score sheets are drawn up.

// endGame asks every player to paint.
//
// RULES.md 11 discards the hands first. They are discarded face down, and nothing in painting or
// scoring uses them, so they leave the game only when painting is over (discardHands): while
// players paint, the cards out of the game (View.Discarded) are the ones put out face up, and no
// player sees another's last hand.
func (g *Game) endGame() {
	g.phase = phasePainting
	g.waiting = g.everyone()
}

// discardHands puts every hand out of the game, when the game is over.
func (g *Game) discardHands() {
	for p := range g.players {
		g.under.discardAll(g.hand[p])
		g.hand[p] = cardSet{}
	}
}

// appendPaintMoves appends a painting player's moves: paint an unpainted circle a colour that
// changes it and that the player's screen can pay; accept the best painting of the remaining
// circles (offered only when some circle can be painted); or finish.
func (g *Game) appendPaintMoves(dst []Move, p Player) []Move {
	n := len(dst)
	screen := gemWord(g.screen[p])
	if screen == 0 {
		// Every painting that changes a circle costs a gem: with none on the screen, there is
		// only the finish (most players' last decision).
		return append(dst, Move{Kind: FinishPainting})
	}
	for c := range g.pyr[p].circles() {
		if g.painted(c) {
			continue
		}
		for cols := paintable(c, screen); cols != 0; cols &= cols - 1 {
			col := Color(bits.TrailingZeros32(cols) / 8)
			dst = append(dst, Move{Kind: Paint, At: c.Top, Color: col})
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

// canPaintCircle reports whether p can paint circle c of their pyramid in colour col: it is not
// painted yet, col changes it, and p's screen pays for it.
func (g *Game) canPaintCircle(p Player, c Circle, col Color) bool {
	return !g.painted(c) && col.Valid() && g.canPayPainting(p, c, col)
}

// canPayPainting reports whether painting circle c in colour col (a valid colour) changes it and
// p's screen pays for it.
func (g *Game) canPayPainting(p Player, c Circle, col Color) bool {
	need := sectorsNot(c.Sectors, col) // PaintCost: a painting costs gems of its own colour only
	return need > 0 && g.screen[p][col] >= need
}

// paintable returns the colours in which a screen (a gemWord) pays for painting circle c, the
// four at once as canPayPainting asks for one: the top bit of byte k is set when colour k changes
// the circle and the screen pays for it. A painting in colour k costs one gem a sector not k:
// four, less the sectors of colour k, counted by adding a one into the byte of each sector's
// colour (sectorBit: none for a value that is no colour).
func paintable(c Circle, screen uint32) uint32 {
	s := &c.Sectors
	need := 0x04040404 - (sectorBit[s[0]] + sectorBit[s[1]] + sectorBit[s[2]] + sectorBit[s[3]])
	// Byte by byte: screen|tops less need keeps the top bit where the screen has need (covers),
	// and need plus lows sets it where need is not zero; no borrow or carry crosses a byte.
	const lows, tops = 0x7f7f7f7f, 0x80808080
	return ((screen | tops) - need) & (need + lows) & tops
}

// sectorBit holds, for each value of a sector, a one in the byte of its colour: 1<<(8*c) for
// colour c, and 0 for a value that is no colour.
var sectorBit = func() (t [256]uint32) {
	for c := range Color(NumColors) {
		t[c] = 1 << (8 * c)
	}
	return t
}()

// doPaint applies a painting move.
func (g *Game) doPaint(p Player, m *Move) {
	switch m.Kind {
	case Paint:
		// check has found the circle unpainted and the gems on the screen.
		c, _ := g.pyr[p].circleAt(m.At)
		g.screen[p] = g.screen[p].Minus(PaintCost(c, m.Color))
		g.on.setPaint(c.Cards[2], someColor(m.Color))
	case PaintBest:
		g.paintBest(p)
		g.waiting &^= 1 << p
	case FinishPainting:
		g.waiting &^= 1 << p
	}
}

// paintBest paints p's unpainted circles as Tableau.BestPainting would. A problem small enough
// to be solved by trying every painting (nearly all of those of real games) is solved here in
// buffers on the stack, so that the move allocates nothing; a larger one goes to BestPainting.
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
			g.screen[p] = g.screen[p].Minus(PaintCost(c, col))
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
	if pyr.has(lawHarmony) {
		for i := range b {
			b[i]++
		}
	}
	return b
}

// paint applies a painting that the player can pay: its gems go from the screen onto the sectors.
func (g *Game) paint(p Player, pt Painting) {
	t, left, err := g.Tableau(p).Paint(pt, g.screen[p])
	if err != nil {
		return // moves are checked before they are made; a solver painting is always payable
	}
	g.screen[p] = left
	for _, c := range t.Pyramid.Circles() {
		g.on.setPaint(c.Cards[2], t.on[c.Cards[2]].paint)
	}
}

// Scores returns one score sheet per human player, in player order (RULES.md 11.3). Before the
// game is over it scores the pyramids as they stand, as if the game ended now without painting.
func (g *Game) Scores() []ScoreSheet {
	out := make([]ScoreSheet, g.players)
	for p := range g.players {
		opp := 0
		for q := range g.players {
			if q != p {
				opp += g.attackTokens(Player(q))
			}
		}
		out[p] = g.Tableau(Player(p)).Score(opp)
		out[p].Player = Player(p)
	}
	return out
}

// attackTokens counts p's attack tokens: behind the screen and on the cards of the pyramid.
//
// RULES.md 11.3.7 counts the tokens "behind screens or on laws": an attack token on a card comes
// from 71 Levy or 77 Conscription. 67 Barter can swap such a token onto a character card (of
// either player), and 66 Endowment can then double it; the rules are silent on these. The token is
// still held by the owner of the pyramid it lies in, so it counts wherever it lies.
func (g *Game) attackTokens(p Player) int {
	n := int(g.attacks[p])
	pyr := &g.pyr[p]
	for _, id := range pyr.cells[:pyr.Len()] {
		n += g.on.count(id, AttackToken)
	}
	return n
}

// Winners returns the players with the highest total; tied players share the win (RULES.md 11.4).
// A solo game has no winner: it returns nil when the game has a single human player.
func (g *Game) Winners() []Player {
	if g.players < 2 {
		return nil
	}
	var out []Player
	best := 0
	for _, s := range g.Scores() {
		switch {
		case len(out) == 0 || s.Total > best:
			out, best = []Player{s.Player}, s.Total
		case s.Total == best:
			out = append(out, s.Player)
		}
	}
	return out
}
