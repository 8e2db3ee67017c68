package viceroy

import "fmt"

// The legal moves of the decision owed: listed (Legal, AppendLegal, appendLegal), a move checked
// against them (checkListed, and surelyLegal without listing), and whether there is a choice at all
// (surelyChooses, onlyMove). The hidden choices of the auction and the development phase are
// listed and checked in auction.go, development.go and choices.go; the moves of laws in laws.go,
// painting's in end.go.

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

// checkListed returns nil if m is one of the legal moves of p (who owes a decision), or an error
// saying why not. A move is legal exactly when it is one of p's legal moves; apply asks here only
// for a move surelyLegal does not know.
func (g *Game) checkListed(p Player, m Move) error {
	var buf [64]Move
	for _, l := range g.appendLegal(buf[:0], p) {
		if l == m {
			return nil
		}
	}
	if err := m.wellFormed(); err != nil {
		return fmt.Errorf("%w: %v: %s (%s)", ErrIllegalMove, p, within(err), g.decisionName(p))
	}
	return fmt.Errorf("%w: %s (%s)", ErrIllegalMove, g.whyIllegal(p, m, g.appendLegal(buf[:0], p)), g.decisionName(p))
}

// surelyLegal reports, without listing p's legal moves, that m is one of them, for the moves of
// the most frequent decisions but gem picks and the hidden choices of the auction and the
// development phase (canTakeGem, canBid and canDevelop check those): a card taken from the
// auction, a character or law placed, a draw, a claim in the auction, a starting card, a law's
// option, a payment or an infinite gem used for one, painting, 78 Patronage's tuck or keep, and
// the steps of 76 Treasury, 72 Archive, 70 Council, 67 Barter's gift and of choosing an infinite
// gem's colour. It mirrors appendLegal; false means only "not known", and checkListed then looks
// m up in the list. TestSurelyLegalAgreesWithLegal holds it to the list.
func (g *Game) surelyLegal(p Player, pm *Move) bool {
	m := *pm
	if g.patron != 0 {
		return m == Move{Kind: Keep} || m == Move{Kind: Tuck, Card: g.patron}
	}
	// Dispatched on the kind of the move, the most frequent first: each case then checks that the
	// decision owed is the one that move answers.
	a := &g.act
	switch m.Kind {
	case PlaceCard:
		if a.kind != actPlace || m != (Move{Kind: PlaceCard, At: m.At}) {
			return false
		}
		pyr := &g.pyr[p]
		if !a.card.IsCharacter() {
			// A law costs nothing, and appendLawPlaces offers every place of a law but for 65
			// Succession (which takes a card's place) and 66 Endowment (which is tucked under one).
			return a.card != lawSuccession && a.card != lawEndowment && pyr.canPlace(m.At, true)
		}
		return pyr.canPlace(m.At, false) && g.canPay(p, costAt(a.card, int(m.At.Level)))
	case Take:
		if a.kind != actTake || m != (Move{Kind: Take, Card: m.Card}) || m.Card == 0 {
			return false
		}
		for c, cards := range g.auction {
			if a.takesFrom(Color(c)) && (cards[0] == m.Card || cards[1] == m.Card) {
				return true
			}
		}
	case Claim:
		if a.kind != actNone || g.phase != phaseAuction || g.sub != subClaim {
			return false
		}
		on := g.auction[g.bidColor]
		return m == Move{Kind: Claim, Card: m.Card} && m.Card != 0 && (on[0] == m.Card || on[1] == m.Card)
	case Draw:
		return a.kind == actDraw && (m == Move{Kind: Draw, Choice: SmallDeck} && g.smallLen() > 0 ||
			m == Move{Kind: Draw, Choice: LawDeck} && g.lawLen() > 0)
	case KeepInPyramid, KeepInHand:
		return a.kind == actNone && g.phase == phaseStart && g.surelyStarts(p, pm)
	case ChooseOption:
		// Every law with options offers its three (appendLawMoves).
		return a.kind == actOption && m == Move{Kind: ChooseOption, Choice: m.Choice} && m.Choice < 3
	case PayCost:
		return a.kind == actPay && m == Move{Kind: PayCost} && g.screen[p].Covers(a.due)
	case UseInfinite:
		return a.kind == actPay && m == Move{Kind: UseInfinite, Card: m.Card} && m.Card.Valid() &&
			g.pyr[p].has(m.Card) && g.canUseInfinite(m.Card, a.due)
	case PaintBest:
		// appendPaintMoves offers it when some unpainted circle can be painted.
		if a.kind != actNone || g.phase != phasePainting || m != (Move{Kind: PaintBest}) {
			return false
		}
		screen := gemWord(g.screen[p])
		if screen == 0 {
			return false
		}
		for c := range g.pyr[p].circles() {
			if !g.painted(c) && paintable(c, screen) != 0 {
				return true
			}
		}
		return false
	case FinishPainting:
		return a.kind == actNone && g.phase == phasePainting && m == Move{Kind: FinishPainting}
	case Park: // 76 Treasury: a gem the screen holds
		return a.kind == actPark && m == Move{Kind: Park, Color: m.Color} && m.Color.Valid() &&
			g.screen[p][m.Color] > 0
	case Done: // stopping 76 Treasury or 72 Archive, or declining 67 Barter
		return (a.kind == actPark || a.kind == actArchive || a.kind == actBarterOwn) && m == Move{Kind: Done}
	case PutBack: // 70 Council: a law card in the hand
		return a.kind == actPutBack && m == Move{Kind: PutBack, Card: m.Card} && m.Card.IsLaw() &&
			g.hand[p].has(m.Card)
	case Tuck: // 72 Archive: a card in the hand (78 Patronage's tuck is answered above)
		return a.kind == actArchive && m == Move{Kind: Tuck, Card: m.Card} && m.Card.Valid() &&
			g.hand[p].has(m.Card)
	case GiveGem: // 67 Barter: a gem the screen holds
		return a.kind == actGive && m == Move{Kind: GiveGem, Color: m.Color} && m.Color.Valid() &&
			g.screen[p][m.Color] > 0
	case InfiniteColor: // 73 Bastion, 83 Mysticism: a colour the reserve or the screen has
		return a.kind == actInfColor && m == Move{Kind: InfiniteColor, Color: m.Color} && m.Color.Valid() &&
			(g.reserve[m.Color] > 0 || g.screen[p][m.Color] > 0)
	case Paint:
		if a.kind != actNone || g.phase != phasePainting || m != (Move{Kind: Paint, At: m.At, Color: m.Color}) {
			return false
		}
		c, ok := g.pyr[p].circleAt(m.At)
		return ok && g.canPaintCircle(p, c, m.Color)
	}
	return false
}

// surelyStarts is surelyLegal for the starting choices: appendStartMoves offers the dealt cards,
// first for the pyramid, then, but the one chosen for it, for the hand.
func (g *Game) surelyStarts(p Player, pm *Move) bool {
	m := *pm
	chosen := g.secret[p]
	switch m {
	case Move{Kind: KeepInPyramid, Card: m.Card}:
		if chosen.Kind != NoMove {
			return false
		}
	case Move{Kind: KeepInHand, Card: m.Card}:
		if chosen.Kind == NoMove || m.Card == chosen.Card {
			return false
		}
	default:
		return false
	}
	return m.Card != 0 && g.wasDealt(p, m.Card)
}

// onlyMove returns p's legal move if p has exactly one, and whether so. For the frequent actions
// (taking gems, taking a card, drawing) it counts without listing; TestOnlyMoveAgreesWithLegal
// holds it to the list.
func (g *Game) onlyMove(p Player) (Move, bool) {
	if g.patron == 0 {
		switch a := &g.act; a.kind {
		case actGems:
			var m Move
			n := 0
			for c, k := range g.reserve {
				if k > 0 {
					m, n = Move{Kind: TakeGem, Color: Color(c)}, n+1
				}
			}
			return m, n == 1
		case actTake:
			var m Move
			n := 0
			for c, cards := range g.auction {
				if a.takesFrom(Color(c)) {
					for _, card := range cards {
						if card != 0 {
							m, n = Move{Kind: Take, Card: card}, n+1
						}
					}
				}
			}
			return m, n == 1
		case actDraw:
			small, law := g.smallLen() > 0, g.lawLen() > 0
			if small == law {
				return Move{}, false
			}
			if small {
				return Move{Kind: Draw, Choice: SmallDeck}, true
			}
			return Move{Kind: Draw, Choice: LawDeck}, true
		}
	}
	var buf [64]Move
	moves := g.appendLegal(buf[:0], p)
	if len(moves) != 1 {
		return Move{}, false
	}
	return moves[0], true
}

// surelyChooses reports, without listing them, that p has at least two legal moves in the most
// frequent decisions of an action: taking a gem with gems of two colours in the reserve, taking one
// of two cards from the auction, drawing with both decks non-empty, the level-5 reward, a law's
// options, placing a character in a pyramid that has a level 1, and the steps of 76 Treasury and
// 72 Archive (a gem or card, or stop), 67 Barter's gift (gems of two colours) and 70 Council (two
// law cards in the hand); for a payment (the cost, or an infinite gem to use) and an infinite
// gem's colour, it counts the moves. When it says false, settle lists the moves to find out.
// (Hidden choices are never made for a player, so settle does not ask about them.)
func (g *Game) surelyChooses(p Player) bool {
	if g.patron != 0 {
		return false
	}
	switch g.act.kind {
	case actPlace:
		// A character that could be played, or a law that stands, can go at either end of level
		// 1, and a character costs least there (playable).
		card, n := g.act.card, g.pyr[p].size()
		if n == 0 || n >= MaxPyramidCards || card == lawSuccession || card == lawEndowment {
			return false
		}
		return card.IsLaw() || g.canPay(p, costOf[card][1])
	case actGems:
		return g.gemChoice()
	case actDraw:
		return g.smallLen() > 0 && g.lawLen() > 0
	case actReward, actOption: // rows 1-3 or 15 points; a law's three options
		return true
	case actPark: // 76 Treasury: a gem to park, or stop
		return g.screen[p] != Gems{}
	case actArchive: // 72 Archive: a card to tuck, or stop
		return !g.hand[p].empty()
	case actGive: // 67 Barter: a gem of one colour or another to give
		return twoColors(gemWord(g.screen[p]))
	case actPutBack: // 70 Council: one law card or another to put back
		return g.lawsInHand(p) >= 2
	case actInfColor: // 73 Bastion, 83 Mysticism: a colour the reserve or the screen has, or another
		return twoColors(gemWord(g.reserve) | gemWord(g.screen[p]))
	case actPay: // the payment, or an infinite gem to use, and another
		n, due := b2i(g.screen[p].Covers(g.act.due)), g.act.due
		pyr := &g.pyr[p]
		for _, id := range pyr.cells[:pyr.size()] {
			if g.canUseInfinite(id, due) {
				if n++; n >= 2 {
					return true
				}
			}
		}
		return false
	case actTake: // a sole bidder takes from the colour bid, an attacker from any colour
		if c := g.act.color; c != anyColor {
			return g.cardsAt(Color(c)) == 2
		}
		n := 0
		for c := range Color(NumColors) {
			n += g.cardsAt(c)
		}
		return n >= 2
	}
	return false
}

// gemChoice reports whether the reserve holds gems of two colours or more: a choice for a gem pick.
func (g *Game) gemChoice() bool {
	return twoColors(gemWord(g.reserve))
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

// gemPicks holds, for each set of colours (bit c for colour c), the gem picks of those colours in
// colour order, for appendGemPicks into a dst without room for four.
var gemPicks = func() (t [1 << NumColors][]Move) {
	for set := range t {
		for c := range Color(NumColors) {
			if set&(1<<c) != 0 {
				t[set] = append(t[set], Move{Kind: TakeGem, Color: c})
			}
		}
	}
	return t
}()

// appendGemPicks appends a gem pick of every colour left in the reserve, the most frequent
// decision. The colours are written out: a loop over them, or the copy of gemPicks' moves (a
// call), costs more.
func (g *Game) appendGemPicks(dst []Move) []Move {
	r := &g.reserve
	if r[0] > 0 && r[1] > 0 && r[2] > 0 && r[3] > 0 {
		// The usual case: the four moves are stored as constants.
		return append(dst, Move{Kind: TakeGem, Color: Blue}, Move{Kind: TakeGem, Color: Red},
			Move{Kind: TakeGem, Color: Green}, Move{Kind: TakeGem, Color: Yellow})
	}
	i := len(dst)
	if cap(dst)-i < NumColors {
		colors := b2u(r[0] > 0) | b2u(r[1] > 0)<<1 | b2u(r[2] > 0)<<2 | b2u(r[3] > 0)<<3
		return append(dst, gemPicks[colors]...)
	}
	// Room for four: each pick is stored after the last, without append's test for room.
	room := dst[:i+NumColors]
	if r[0] > 0 {
		room[i] = Move{Kind: TakeGem, Color: Blue}
		i++
	}
	if r[1] > 0 {
		room[i] = Move{Kind: TakeGem, Color: Red}
		i++
	}
	if r[2] > 0 {
		room[i] = Move{Kind: TakeGem, Color: Green}
		i++
	}
	if r[3] > 0 {
		room[i] = Move{Kind: TakeGem, Color: Yellow}
		i++
	}
	return room[:i]
}

// appendActionMoves appends the moves of the action under way.
func (g *Game) appendActionMoves(dst []Move, p Player) []Move {
	a := &g.act
	switch a.kind {
	case actTake:
		for c := range Color(NumColors) {
			if !a.takesFrom(c) {
				continue
			}
			for _, card := range g.auction[c] {
				if card != 0 {
					dst = append(dst, Move{Kind: Take, Card: card})
				}
			}
		}
	case actGems:
		dst = g.appendGemPicks(dst)
	case actDraw:
		if g.smallLen() > 0 {
			dst = append(dst, Move{Kind: Draw, Choice: SmallDeck})
		}
		if g.lawLen() > 0 {
			dst = append(dst, Move{Kind: Draw, Choice: LawDeck})
		}
	case actPlace:
		if a.card.IsLaw() {
			return g.appendLawPlaces(dst, p, a.card)
		}
		dst = g.appendPlaces(dst, p, a.card)
	case actPay:
		pyr := &g.pyr[p]
		for _, id := range pyr.cells[:pyr.size()] {
			if g.canUseInfinite(id, a.due) {
				dst = append(dst, Move{Kind: UseInfinite, Card: id})
			}
		}
		if g.screen[p].Covers(a.due) {
			dst = append(dst, Move{Kind: PayCost})
		}
	case actReward:
		dst = append(dst, Move{Kind: TakeReward, Choice: RowRewards}, Move{Kind: TakeReward, Choice: FifteenPoints})
	case actDuel:
		dst = g.appendDuelMoves(dst)
	case actAuctionDiscard:
		dst = g.appendAuctionDiscards(dst)
	default:
		dst = g.appendLawMoves(dst, p)
	}
	return dst
}
