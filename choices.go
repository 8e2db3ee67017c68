package viceroy

// The hidden simultaneous choices of the auction (a bid, an attack or a pass) and of the
// development phase (a card to play or discard, or a pass) are nearly two thirds of all decisions.
// apply checks and records them here in one step, without going through surelyLegal, do and
// settle; anything else, an illegal choice included, takes the general way.

// choose records p's hidden choice m if the decision p owes is a bidding or development choice and
// m is legal there, and reports whether it did; otherwise the game is unchanged. When the choice
// was the last one owed, the game settles as after any move. TestChooseAgreesWithDoAndSettle holds
// it to the legal moves and to do and settle.
func (g *Game) choose(p Player, m *Move) bool {
	if g.act.kind != actNone || !g.patron.empty() {
		return false
	}
	switch {
	case g.phase == phaseAuction && g.sub == subBids:
		if !g.canBid(p, m) {
			return false
		}
	case g.phase == phaseDevelopment && g.sub == subChoose:
		if !g.canDevelop(p, m) {
			return false
		}
	default:
		return false
	}
	g.secret[p] = *m
	g.waiting &^= 1 << p
	if g.waiting != 0 {
		g.owes = g.waiting // others still choose: nothing else happens until they have
		return true
	}
	g.settle()
	return true
}

// canBid reports whether m is one of the bidding choices appendAuctionMoves offers p: a bid of a
// colour p has a gem of and a card lies at, an attack while p holds a token and a card lies on the
// auction, or a pass.
func (g *Game) canBid(p Player, m *Move) bool {
	switch *m {
	case Move{Kind: Pass}:
		return true
	case Move{Kind: Bid, Color: m.Color}:
		return m.Color.Valid() && g.screen[p][m.Color] > 0 && g.cardsAt(m.Color) > 0
	case Move{Kind: Attack}:
		return g.attacks[p] > 0 && !g.auctionEmpty()
	}
	return false
}

// canDevelop reports whether m is one of the development choices appendDevelopmentMoves offers p:
// a pass, a discard of a card in the hand (second edition), or a play of a card in the hand that
// has somewhere to go.
func (g *Game) canDevelop(p Player, m *Move) bool {
	switch *m {
	case Move{Kind: Pass}:
		return true
	case Move{Kind: Discard, Card: m.Card}:
		return g.edition == SecondEdition && m.Card.Valid() && g.hand[p].has(m.Card)
	case Move{Kind: Play, Card: m.Card}:
		return m.Card.Valid() && g.hand[p].has(m.Card) && g.playable(p, m.Card)
	}
	return false
}

// playable reports whether p may choose to play card, which is in p's hand: a character that p can
// pay for at some legal place (canPlay), a law that has a place below level 5, and 65 Succession
// and 66 Endowment when there is a card for them (canPlayLaw).
func (g *Game) playable(p Player, card CardID) bool {
	switch {
	case card == lawSuccession || card == lawEndowment:
		return g.canPlayLaw(p, card)
	case card.IsLaw():
		return g.pyr[p].Len() < MaxPyramidCards
	}
	return g.canPlay(p, card, Gems{}) || g.canPlay(p, card, g.usableGems(p))
}
