package viceroy

// The hidden simultaneous choices of the auction (a bid, an attack or a pass) and of the
// development phase (a card to play or discard, or a pass) are nearly two thirds of all decisions.
// apply checks and records them here, without going through surelyLegal, do and settle; anything
// else, an illegal choice included, takes the general way.

// record records p's hidden choice m, which canBid or canDevelop has found legal in a game at
// rest at a bidding or development choice (decBids, decDevelop), and reports whether it was the
// last choice owed: the game must then settle, as after any move. It leaves the settling to its
// caller so that it is small enough to be inlined into apply. TestRecordAgreesWithDoAndSettle
// holds the two to do and settle.
func (g *Game) record(p Player, m *Move) (last bool) {
	g.secret[p] = *m
	g.waiting &^= 1 << p
	g.owes = g.waiting // others still choose: nothing else happens until they have
	return g.waiting == 0
}

// canBid reports whether m is one of the bidding choices appendAuctionMoves offers p: a bid or
// a pass (bidsColor), or an attack (attacksAuction). apply asks the two itself, so that
// bidsColor, small enough, is inlined there: a call of canBid costs about 1% of a game.
func (g *Game) canBid(p Player, m *Move) bool {
	return g.bidsColor(p, m) || g.attacksAuction(p, m)
}

// bidsColor reports whether m is a bid of a colour p has a gem of and a card lies at, or a pass.
func (g *Game) bidsColor(p Player, m *Move) bool {
	c := m.Color
	return *m == Move{Kind: Pass} ||
		*m == Move{Kind: Bid, Color: c} && c.Valid() && g.screen[p][c] > 0 && g.auction[c] != [2]CardID{}
}

// attacksAuction reports whether m is an attack, while p holds a token and a card lies on the
// auction.
func (g *Game) attacksAuction(p Player, m *Move) bool {
	return *m == Move{Kind: Attack} && g.attacks[p] > 0 && !g.auctionEmpty()
}

// canDevelop reports whether m is one of the development choices appendDevelopmentMoves offers p:
// a pass, a discard of a card in the hand (second edition), or a play of a card in the hand that
// has somewhere to go. apply asks the three itself, so that the first two, small enough, are
// inlined there: a call of canDevelop costs about 1% of a game.
func (g *Game) canDevelop(p Player, m *Move) bool {
	return g.passesOrDiscards(p, m) || g.playsFromScreen(p, m) || g.plays(p, m)
}

// passesOrDiscards reports whether m is a pass, or a discard (second edition) of a card in p's
// hand: the choices that need no look at the pyramid.
func (g *Game) passesOrDiscards(p Player, m *Move) bool {
	c := m.Card
	return *m == Move{Kind: Pass} ||
		*m == Move{Kind: Discard, Card: c} && g.edition == SecondEdition && c.Valid() && g.handHas(p, c)
}

// playsFromScreen reports whether m plays a character card in p's hand that the pyramid has room
// for and p's screen alone pays at level 1: plays, for the most frequent plays. It looks for the
// card in the first word of the hand only, which holds cards 1-63, all characters (no card 0 is
// ever in a hand): a shift by 64 or more leaves nothing, so card 64 and the laws are left to plays.
func (g *Game) playsFromScreen(p Player, m *Move) bool {
	c := m.Card
	return *m == Move{Kind: Play, Card: c} && g.hand[p][0]>>c&1 != 0 &&
		g.pyr[p].n < MaxPyramidCards && covers(gemWord(g.screen[p]), gemWord(costOf[c][1]))
}

// plays reports whether m plays a card in p's hand that has somewhere to go (playable).
func (g *Game) plays(p Player, m *Move) bool {
	c := m.Card
	return *m == Move{Kind: Play, Card: c} && c.Valid() && g.handHas(p, c) && g.playable(p, c)
}

// handHas reports whether card c (1-88) is in p's hand, without copying the hand.
func (g *Game) handHas(p Player, c CardID) bool { return g.hand[p][c>>6]>>(c&63)&1 != 0 }

// playable reports whether p may choose to play card, which is in p's hand: 65 Succession and
// 66 Endowment when there is a card for them (canPlayLaw); another card only while the pyramid
// has room, a law then always (it costs nothing), a character when p can pay its level-1 cost
// (canPay). That is enough: costs grow with the level (each level adds to the one below), and
// level 1 offers two places while the pyramid has room, so a character is playable exactly when
// its level-1 cost is payable.
func (g *Game) playable(p Player, card CardID) bool {
	switch {
	case card == lawSuccession || card == lawEndowment:
		return g.canPlayLaw(p, card)
	case g.pyr[p].size() >= MaxPyramidCards:
		return false
	case card.IsLaw():
		return true
	}
	return g.canPay(p, costOf[card][1])
}
