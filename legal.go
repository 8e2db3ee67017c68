package viceroy

import (
	"fmt"
	"math/bits"
)

// The legal moves of each decision are stated once, and everything else reads that statement:
// AppendLegal lists the moves, apply checks a move against them (allows), and settle counts them
// to make a decision with a single move for its player (onlyMove).
//
// The decisions a game makes dozens of times state their moves as sets, which are cheap to test,
// to count and to list:
//   - a gem pick: pickColors, the colours the reserve has (flow.go);
//   - a bid: bidChoices, the colours a player may bid and whether they may attack (auction.go);
//   - a claim, and a card taken from the auction: cardSlots, the places of the cards that may be
//     taken (auction.go);
//   - a development choice: playableCards, the cards of the hand that may be played (development.go);
//   - a draw: drawDecks, the decks with cards left (flow.go);
//   - where a character stands: placeAllowed, a place open in the pyramid (layout.opening, in
//     pyramid.go, which states where any card may stand) whose cost the player can pay (flow.go);
//   - painting a circle: paintColors, the colours that change it and that the screen pays for
//     (painting.go).
//
// Every other decision comes a few times a game at most: the starting cards, a payment, the
// level-5 reward, where a law goes, the steps of laws, a duel, 78 Patronage's tuck. Each states its moves as the
// list its append function writes (appendLegal names them), and a move is checked by finding it
// in that list.

// Legal returns every legal move of player p now; empty if p owes no decision.
func (g *Game) Legal(p Player) []Move {
	return g.AppendLegal(nil, p)
}

// AppendLegal appends the legal moves of p to dst and returns it; it appends nothing when p owes
// no decision, and allocates nothing when dst has room. It never changes *g.
func (g *Game) AppendLegal(dst []Move, p Player) []Move {
	if !g.owesDecision(p) {
		return dst
	}
	switch g.dec {
	case decGems:
		return g.appendGemPicks(dst)
	case decBids:
		return g.appendBids(dst, p)
	case decDevelop:
		return g.appendDevelopmentMoves(dst, p)
	}
	return g.appendLegal(dst, p)
}

// appendLegal appends p's legal moves; p owes a decision.
func (g *Game) appendLegal(dst []Move, p Player) []Move {
	if g.patron != 0 {
		return append(dst, Move{Kind: Tuck, Card: g.patron}, Move{Kind: Keep})
	}
	if g.act.kind != actNone {
		return g.appendActionMoves(dst, p)
	}
	switch g.phase {
	case phaseStart:
		return g.appendStartMoves(dst, p)
	case phaseAuction:
		return g.appendAuctionMoves(dst, p)
	case phaseDevelopment:
		return g.appendDevelopmentMoves(dst, p)
	case phasePainting:
		return g.appendPaintMoves(dst, p)
	}
	return dst
}

// appendActionMoves appends the moves of the action under way.
func (g *Game) appendActionMoves(dst []Move, p Player) []Move {
	a := &g.act
	switch a.kind {
	case actTake:
		return g.appendSlotMoves(dst, Take, g.takeSlots())
	case actGems:
		return g.appendGemPicks(dst)
	case actDraw:
		return appendDraws(dst, g.drawDecks())
	case actPlace:
		if a.card.IsLaw() {
			return g.appendLawPlaces(dst, p, a.card)
		}
		return g.appendPlaces(dst, p, a.card)
	case actPay:
		return g.appendPayments(dst, p)
	case actReward:
		return append(dst, Move{Kind: TakeReward, Choice: RowRewards}, Move{Kind: TakeReward, Choice: FifteenPoints})
	case actDuel:
		return g.appendDuelMoves(dst)
	case actAuctionDiscard:
		return g.appendAuctionDiscards(dst)
	}
	return g.appendLawMoves(dst, p)
}

// allows reports whether *m is one of the legal moves of p, who owes a decision. A decision
// stated as a set is asked of its set; any other looks m up in its list.
func (g *Game) allows(p Player, m *Move) bool {
	if g.patron == 0 {
		a := &g.act
		switch a.kind {
		case actNone:
			switch {
			case g.dec == decBids:
				return g.allowsBid(p, m)
			case g.dec == decDevelop:
				return g.allowsDevelopment(p, m)
			case g.phase == phaseAuction && g.sub == subClaim:
				return m.Kind == Claim && g.slotsHold(m, g.claimSlots())
			case g.phase == phasePainting:
				return g.allowsPaint(p, m)
			}
		case actGems:
			return g.allowsGemPick(m)
		case actTake:
			return m.Kind == Take && g.slotsHold(m, g.takeSlots())
		case actDraw:
			return *m == Move{Kind: Draw, Choice: m.Choice} && m.Choice <= LawDeck &&
				g.drawDecks()>>m.Choice&1 != 0
		case actPlace:
			if a.card.IsCharacter() {
				return *m == Move{Kind: PlaceCard, At: m.At} && g.placeAllowed(p, a.card, m.At)
			}
		}
	}
	return g.listed(p, *m)
}

// listed reports whether m is among the moves appendLegal lists for p.
func (g *Game) listed(p Player, m Move) bool {
	var buf [64]Move
	for _, l := range g.appendLegal(buf[:0], p) {
		if l == m {
			return true
		}
	}
	return false
}

// illegal returns the error that says why m, which allows refused, is not a legal move of p.
func (g *Game) illegal(p Player, m Move) error {
	if err := m.wellFormed(); err != nil {
		return fmt.Errorf("%w: %v: %s (%s)", ErrIllegalMove, p, within(err), g.decisionName(p))
	}
	var buf [64]Move
	return fmt.Errorf("%w: %s (%s)", ErrIllegalMove, g.whyIllegal(p, m, g.appendLegal(buf[:0], p)), g.decisionName(p))
}

// checkListed returns nil if m is one of the legal moves of p (who owes a decision), or the
// error that says why not.
func (g *Game) checkListed(p Player, m Move) error {
	if g.allows(p, &m) {
		return nil
	}
	return g.illegal(p, m)
}

// onlyMove returns p's legal move if p has exactly one, and whether so: counted in the set of a
// gem pick, a card taken, a draw or a character's place, and in the list of any other decision.
func (g *Game) onlyMove(p Player) (Move, bool) {
	if g.patron == 0 {
		switch g.act.kind {
		case actGems:
			colors := g.pickColors()
			if !single(colors) {
				return Move{}, false
			}
			return Move{Kind: TakeGem, Color: Color(bits.TrailingZeros32(colors))}, true
		case actTake:
			slots := g.takeSlots()
			if !single(uint32(slots)) {
				return Move{}, false
			}
			return g.slotMove(Take, bits.TrailingZeros8(slots)), true
		case actDraw:
			decks := g.drawDecks()
			if !single(uint32(decks)) {
				return Move{}, false
			}
			return Move{Kind: Draw, Choice: Choice(bits.TrailingZeros8(decks))}, true
		case actPlace:
			if g.act.card.IsCharacter() {
				return g.onlyPlace(p, g.act.card)
			}
		}
	}
	var buf [64]Move
	moves := g.appendLegal(buf[:0], p)
	if len(moves) != 1 {
		return Move{}, false
	}
	return moves[0], true
}

// single reports whether the set s has exactly one member.
func single(s uint32) bool { return s != 0 && s&(s-1) == 0 }

// several reports whether the set s has two members or more.
func several(s uint32) bool { return s&(s-1) != 0 }
