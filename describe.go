package viceroy

// The words of every phrase below are the catalogue's (words_en.go, words_es.go, words_fr.go),
// by key.

// describePatronage says what 78 Patronage's tuck or keep does with the card just taken.
func (g *Game) describePatronage(l Language, _ Player, m Move) string {
	switch m.Kind {
	case Tuck:
		return l.text("describe.patronage.tuck", "card", m.Card, "law", lawPatronage)
	case Keep:
		return l.text("describe.keep", "card", g.patron)
	}
	return ""
}

// describePlace says where a place puts the character card being played, and for what.
func (g *Game) describePlace(l Language, _ Player, m Move) string {
	a := &g.act
	if m.Kind != PlaceCard {
		return ""
	}
	return l.text("describe.place.cost", "card", a.card, "level", int(m.At.Level), "col", int(m.At.Col),
		"cost", costAt(a.card, int(m.At.Level)))
}

// describeLawPlace says which card 65 Succession replaces.
func (g *Game) describeLawPlace(l Language, p Player, m Move) string {
	if m.Kind != PlaceCard || g.act.card != lawSuccession {
		return ""
	}
	return l.text("describe.succession", "law", lawSuccession, "card", g.pyr[p].At(m.At))
}

// describeBid says what a bid is for (the cards at its colour) and what a pass gives.
func (g *Game) describeBid(l Language, p Player, m Move) string {
	switch {
	case m.Kind == Bid && m.Color.Valid():
		var cards []string
		for _, c := range g.auction[m.Color] {
			if c != 0 {
				cards = append(cards, l.card(c))
			}
		}
		return l.text("describe.bid.for", "color", m.Color, "cards", l.join(cards, "list.or"))
	case m.Kind == Pass:
		return l.text("describe.pass.gems", "n", PassGems(g.science(p)))
	}
	return ""
}

// describeDevelopment says what a pass of the development phase does.
func (g *Game) describeDevelopment(l Language, _ Player, m Move) string {
	if m.Kind != Pass {
		return ""
	}
	return l.text("describe.pass.development")
}

// describeAuctionDiscard says what a discard from the auction is for.
func (g *Game) describeAuctionDiscard(l Language, _ Player, m Move) string {
	if m.Kind != Discard {
		return ""
	}
	return l.text("describe.discard.virtual", "card", m.Card)
}

// describeExile says what 74 Exile's tuck does.
func (g *Game) describeExile(l Language, _ Player, m Move) string {
	if m.Kind != Tuck {
		return ""
	}
	return l.text("describe.exile", "card", m.Card, "law", lawExile)
}

// describeArchive says what 72 Archive's tuck and stop do.
func (g *Game) describeArchive(l Language, _ Player, m Move) string {
	switch m.Kind {
	case Tuck:
		return l.text("describe.archive.tuck", "card", m.Card, "law", lawArchive)
	case Done:
		return l.text("describe.archive.done", "law", lawArchive)
	}
	return ""
}

// describePark says what 76 Treasury's stop does.
func (g *Game) describePark(l Language, _ Player, m Move) string {
	if m.Kind != Done {
		return ""
	}
	return l.text("describe.park.done", "law", lawTreasury)
}

// describeOwnToken says what 67 Barter's first moves do: decline, or give a token away.
func (g *Game) describeOwnToken(l Language, _ Player, m Move) string {
	switch {
	case m.Kind == Done:
		return l.text("describe.barter.none", "law", lawBarter)
	case m.Kind == PickToken && m.Card.Valid() && int(m.Choice) < MaxTokensPerCard:
		return l.text("describe.barter.give", "token", g.on.token(m.Card, int(m.Choice)), "card", m.Card)
	}
	return ""
}

// describeOthersToken says what 67 Barter's second move takes, and what it costs.
func (g *Game) describeOthersToken(l Language, _ Player, m Move) string {
	if m.Kind != PickToken || !m.Card.Valid() || int(m.Choice) >= MaxTokensPerCard {
		return ""
	}
	return l.text("describe.barter.take", "token", g.on.token(m.Card, int(m.Choice)), "card", m.Card)
}

// describeOptionMove says what the option m of the law being resolved does.
func (g *Game) describeOptionMove(l Language, _ Player, m Move) string {
	if m.Kind != ChooseOption {
		return ""
	}
	return describeMove(l, m, g.act.card)
}

// moveKeys are the keys of the words of each kind of move on its own; Draw, TakeReward and
// ChooseOption are told by their choice, a move that is not well formed by its notation.
var moveKeys = [...]string{KeepInPyramid: "move.keep-pyramid", KeepInHand: "move.keep-hand",
	Bid: "move.bid", Attack: "move.attack", Pass: "move.pass", Take: "move.take", Claim: "move.claim",
	StayIn: "move.stay-in", Play: "move.play", Discard: "move.discard", PlaceCard: "move.place",
	UseInfinite: "move.use-infinite", PayCost: "move.pay", TakeGem: "move.take-gem",
	InfiniteColor: "move.infinite-color", Tuck: "move.tuck", TuckUnder: "move.tuck-under",
	Keep: "move.keep", Done: "move.done", Park: "move.park", PutBack: "move.put-back",
	PickToken: "move.pick-token", GiveGem: "move.give-gem", Paint: "move.paint",
	PaintBest: "move.paint-best", FinishPainting: "move.finish-painting"}

// describeMove says in words of l what a move does, knowing nothing of the game but, for a law's
// option, the law.
func describeMove(l Language, m Move, law CardID) string {
	switch m.Kind {
	case TakeReward:
		if m.Choice == FifteenPoints {
			return l.text("move.reward.fifteen")
		}
		return l.text("move.reward.rows")
	case Draw:
		if m.Choice == LawDeck {
			return l.text("move.draw.laws")
		}
		return l.text("move.draw.small")
	case ChooseOption:
		return describeOption(l, law, int(m.Choice))
	}
	if int(m.Kind) < len(moveKeys) && moveKeys[m.Kind] != "" {
		return l.text(moveKeys[m.Kind], "card", m.Card, "color", m.Color, "level", int(m.At.Level),
			"col", int(m.At.Col), "n", int(m.Choice), "endowment", lawEndowment, "treasury", lawTreasury)
	}
	return m.String()
}

// describeOption says what option i of a three-option law does.
func describeOption(l Language, law CardID, i int) string {
	opts, ok := lawOptions[law]
	switch {
	case !ok:
		return l.text("option.any", "n", i)
	case i == 2:
		return l.text("option.gems", "law", law)
	case i < 0 || i > 2:
		return l.text("option.other", "law", law, "n", i)
	}
	o := opts[i]
	switch {
	case o.infinite:
		return l.text("option.infinite", "law", law)
	case o.draw:
		return l.text("option.draw", "law", law)
	}
	parts := make([]string, len(o.tokens))
	for j, t := range o.tokens {
		parts[j] = l.tokenWithArticle(t)
	}
	return l.text("option.tokens", "law", law, "tokens", l.join(parts, "list.and"))
}

// whyIllegal says in words of l why move m, well formed, is not among p's legal moves now, as far
// as p may know: it never tells where a card is that p cannot see, only that p does not hold it.
// The decision's entry gives the reason its rule has (why); any other refusal says whether the
// decision has moves of m's kind at all.
func (g *Game) whyIllegal(l Language, p Player, m Move) string {
	d := g.decisionOwed()
	if why := g.whyNot(d, l, p, m); why != "" {
		return why
	}
	var buf [64]Move
	for _, x := range g.listMoves(d, buf[:0], p) {
		if x.Kind == m.Kind {
			return l.text("why.notnow", "player", p, "move", describeMove(l, m, 0))
		}
	}
	return l.text("why.notasked", "player", p, "move", describeMove(l, m, 0))
}

// whyNoGem says why a gem pick m is not legal: the reserve has no gem of its colour.
func (g *Game) whyNoGem(l Language, _ Player, m Move) string {
	if m.Kind != TakeGem {
		return ""
	}
	return l.text("why.nogem", "color", m.Color)
}

// whyNotPlaced says why m, a place for the card being played, is not legal: no card can stand
// there, or p cannot pay the level's cost.
func (g *Game) whyNotPlaced(l Language, p Player, m Move) string {
	a := &g.act
	switch {
	case m.Kind != PlaceCard:
		return ""
	case !g.pyr[p].canPlace(m.At, a.card.IsLaw()):
		return l.text("why.noroom", "player", p, "at", m.At)
	}
	return l.text("why.cannotpay", "player", p, "cost", costAt(a.card, int(m.At.Level)), "card", a.card,
		"level", int(m.At.Level))
}

// whyNoInfinite says why m, a payment with an infinite gem, is not legal.
func (g *Game) whyNoInfinite(l Language, p Player, m Move) string {
	if m.Kind != UseInfinite {
		return ""
	}
	return l.text("why.noinfinite", "player", p, "card", m.Card)
}

// whyNotArchived says why m, a tuck under 72 Archive, is not legal when p does not hold the card.
func (g *Game) whyNotArchived(l Language, p Player, m Move) string {
	return g.whyNotHeld(l, p, m, Tuck)
}

// whyNotPutBack says why m, a law card put back (70 Council), is not legal when p does not hold it.
func (g *Game) whyNotPutBack(l Language, p Player, m Move) string {
	return g.whyNotHeld(l, p, m, PutBack)
}

// whyNotHeld says that p does not hold the card of m, a move of kind k that takes a card from the
// hand; "" for any other move.
func (g *Game) whyNotHeld(l Language, p Player, m Move, k MoveKind) string {
	if m.Kind != k || g.hand[p].has(m.Card) {
		return ""
	}
	return l.text("why.nothold", "player", p, "card", m.Card)
}
