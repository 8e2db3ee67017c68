package viceroy

import "math/bits"

// Virtual opponents (RULES.md 9): they have no screen, hand or pyramid and act only in the
// auction. In every round held, once the humans' choices are fixed, each virtual opponent still in
// the auction draws a gem at random from the box: that is its bid. Its gem goes back to the box.
// Virtual bids join the collision rules as ordinary bidders, except that a virtual opponent never
// keeps a card: what it would take is discarded.

// drawVirtualBids draws a gem from the box for every virtual opponent still in the auction. The
// draws of one round are made together, without putting back, like gems taken out of the box in
// one hand; all go back to the box at once, so the box never changes.
func (g *Game) drawVirtualBids() {
	box := g.box
	for v := range g.virtual {
		if g.vIn&(1<<v) == 0 {
			continue
		}
		i := g.intn(box.Total())
		c := Color(0)
		for ; i >= int(box[c]); c++ {
			i -= int(box[c])
		}
		box[c]--
		g.vBid[v] = someColor(c)
	}
}

// discardFromAuction discards the card at colour c, index i (0 base, 1 tip).
func (g *Game) discardFromAuction(c Color, i int) {
	if card := g.auction[c][i]; card != 0 {
		g.under.discard(card)
		g.auction[c][i] = 0
	}
}

// resolveVirtualColor resolves colour c when virtual opponents bid it (RULES.md 9). humans are the
// human bidders, virtuals the virtual ones. It reports whether a human decision is now owed.
func (g *Game) resolveVirtualColor(c Color, humans, virtuals uint8) bool {
	h, v, n := bits.OnesCount8(humans), bits.OnesCount8(virtuals), g.cardsAt(c)
	switch {
	case n == 0:
		// A virtual bid on a colour with no card: it is done, and after the humans' cards are
		// taken the human first in priority discards a card of their choice from the auction.
		// "No card" is judged here, when the colour is resolved: attacks resolve first (RULES.md
		// 6), so a colour that an attacker emptied this round counts as having no card.
		g.vIn &^= virtuals
		g.vDiscards += uint8(v)
	case h == 0 && v == 1:
		// It would take a card: it discards it instead (the base card of two) and is done.
		if g.auction[c][0] != 0 {
			g.discardFromAuction(c, 0)
		} else {
			g.discardFromAuction(c, 1)
		}
		g.vIn &^= virtuals
	case h == 0 && v == 2 && n == 2:
		// Two virtual opponents alone on two cards: both cards are discarded, both are done.
		g.discardFromAuction(c, 0)
		g.discardFromAuction(c, 1)
		g.vIn &^= virtuals
	case h == 1 && v == 1 && n == 2:
		// One human and one virtual opponent on two cards: the human stays in, or takes the tip
		// card (the base card is discarded and the virtual opponent is done).
		p, _ := g.first(humans)
		g.act = action{kind: actDuel, who: uint8(p), color: uint8(c), n: uint8(bits.TrailingZeros8(virtuals))}
		return true
	}
	// Any other case (k >= 2 on one card, k >= 3): nobody gets a card, all stay in.
	return false
}

// appendDuelMoves appends the human's choice against a virtual opponent on two cards.
func (g *Game) appendDuelMoves(dst []Move, _ Player) []Move {
	return append(dst, Move{Kind: Take, Card: g.auction[g.act.color][1]}, Move{Kind: StayIn})
}

// doDuel carries out the human's choice against a virtual opponent.
func (g *Game) doDuel(p Player, m *Move) (goOn bool) {
	a := g.act
	g.act = action{}
	if m.Kind == StayIn {
		return true
	}
	c := Color(a.color)
	g.takeFromAuction(p, m.Card)
	g.discardFromAuction(c, 0)
	g.inAuction &^= 1 << p
	g.vIn &^= 1 << a.n
	return true
}

// startVirtualDiscard lets the human first in priority discard a card of their choice from the
// auction for a virtual bid on an empty colour; nothing happens when the auction is empty.
//
// A human who skips this auction phase (69 Privilege: "no bid, no pass, no pass gems") takes no
// part in it at all, so the discard falls to the first in priority of the others. RULES.md and the
// cards README are silent on this; it is the reading that keeps the skipped phase skipped. There
// is always such a human, as a round is held only while a human is in the auction.
func (g *Game) startVirtualDiscard() bool {
	for g.vDiscards > 0 {
		g.vDiscards--
		if p, ok := g.first(g.everyone() &^ g.skip); ok && !g.auctionEmpty() {
			g.act = action{kind: actAuctionDiscard, who: uint8(p)}
			return true
		}
	}
	return false
}

// appendAuctionDiscards appends the cards the human may discard from the auction.
func (g *Game) appendAuctionDiscards(dst []Move, _ Player) []Move {
	for c := range NumColors {
		for _, card := range g.auction[c] {
			if card != 0 {
				dst = append(dst, Move{Kind: Discard, Card: card})
			}
		}
	}
	return dst
}

// discardForVirtual discards the card of the human's move *m from the auction, for the virtual
// opponent's bid; the action ends.
func (g *Game) discardForVirtual(_ Player, m *Move) (goOn bool) {
	g.under.discard(m.Card)
	g.takeFromAuctionSlot(m.Card)
	g.act = action{}
	return true
}
