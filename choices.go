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

// canBid reports whether m is one of the bidding choices appendAuctionMoves offers p: a bid of a
// colour p has a gem of and a card lies at, an attack while p holds a token and a card lies on the
// auction, or a pass.
func (g *Game) canBid(p Player, m *Move) bool {
	if !onlyKindAnd(m, uint8(m.Color)) {
		return false
	}
	switch c := m.Color; m.Kind {
	case Pass:
		return c == 0
	case Bid:
		return c.Valid() && g.screen[p][c] > 0 && g.auction[c] != [2]CardID{}
	case Attack:
		return c == 0 && g.attacks[p] > 0 && !g.auctionEmpty()
	}
	return false
}

// bidsColor reports whether m is a bid of a colour p has a gem of and a card lies at, or a pass:
// canBid for the most frequent choices, small enough to be inlined into apply, which calls canBid
// only when it says false.
func (g *Game) bidsColor(p Player, m *Move) bool {
	c := m.Color
	return *m == Move{Kind: Pass} ||
		*m == Move{Kind: Bid, Color: c} && c.Valid() && g.screen[p][c] > 0 && g.auction[c] != [2]CardID{}
}

// canDevelop reports whether m is one of the development choices appendDevelopmentMoves offers p:
// a pass, a discard of a card in the hand (second edition), or a play of a card in the hand that
// has somewhere to go.
func (g *Game) canDevelop(p Player, m *Move) bool {
	if !onlyKindAnd(m, uint8(m.Card)) {
		return false
	}
	switch c := m.Card; m.Kind {
	case Pass:
		return c == 0
	case Discard:
		return g.edition == SecondEdition && c.Valid() && g.handHas(p, c)
	case Play:
		return c.Valid() && g.handHas(p, c) && g.playable(p, c)
	}
	return false
}

// passesOrDiscards reports whether m is a pass, or a discard (second edition) of a card in p's
// hand: canDevelop for the choices that need no look at the pyramid, small enough to be inlined
// into apply, which calls canDevelop only when it says false.
func (g *Game) passesOrDiscards(p Player, m *Move) bool {
	c := m.Card
	return *m == Move{Kind: Pass} ||
		*m == Move{Kind: Discard, Card: c} && g.edition == SecondEdition && c.Valid() && g.handHas(p, c)
}

// playsFromScreen reports whether m plays a character card in p's hand that the pyramid has room
// for and p's screen alone pays at level 1: canDevelop for the most frequent plays (playable),
// small enough to be inlined into apply, which calls canDevelop only when it says false. It looks
// for the card in the first word of the hand only, which holds cards 1-63, all characters (no card
// 0 is ever in a hand): a shift by 64 or more leaves nothing, so card 64 and the laws take the
// general way.
func (g *Game) playsFromScreen(p Player, m *Move) bool {
	c := m.Card
	return *m == Move{Kind: Play, Card: c} && g.hand[p][0]>>c&1 != 0 &&
		g.pyr[p].n < MaxPyramidCards && covers(gemWord(g.screen[p]), gemWord(costOf[c][1]))
}

// onlyKindAnd reports whether m sets no field but its kind and the one whose value is field: the
// fields of a move are added up byte by byte, without the kind, and must come to field alone.
// Each is at most 255, so the sum of the others is 0 exactly when they all are.
func onlyKindAnd(m *Move, field uint8) bool {
	rest := uint(m.Card) + uint(m.Color) + uint(uint8(m.At.Level)) + uint(uint8(m.At.Col)) + uint(m.Choice)
	return rest == uint(field)
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
