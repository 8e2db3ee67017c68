package viceroy

// Setup (RULES.md 3): the reserve and the screens' gems, the deal of the starting cards and the
// players' hidden choice of which goes to the pyramid and which to the hand, then the decks, the
// auction, the laws and the starting rewards.

// NewGame sets up a game (RULES.md 3) and runs it to its first decision: every player's choice of
// starting card. It returns an error wrapping ErrBadConfig for an impossible configuration, with
// the zero Game, which is not a game: check the error before playing.
func NewGame(cfg Config) (g Game, err error) {
	if err := cfg.validate(); err != nil {
		return Game{}, err
	}
	// g is the result itself, set up in place rather than built aside and copied out.
	g.players, g.virtual, g.edition = uint8(cfg.Players), uint8(cfg.Virtual), cfg.Edition
	g.seed, g.rng = cfg.Seed, cfg.Seed
	g.setupGems()
	g.dealStartingCards()
	g.settle()
	return g, nil
}

// setupGems fills the reserve with 4 gems of each colour per human player (the rest stay in the
// box) and gives each player 2 of each colour, of which 2 of the 8, drawn at random, go back to the
// reserve (RULES.md 3.1).
func (g *Game) setupGems() {
	for c := range g.reserve {
		g.reserve[c] = 4 * g.players
		g.box[c] = GemsPerColor - g.reserve[c]
	}
	for p := range g.players {
		eight := [8]Color{Blue, Blue, Red, Red, Green, Green, Yellow, Yellow}
		g.shuffleColors(eight[:])
		for c := range g.screen[p] {
			g.screen[p][c] = 2
			g.reserve[c] -= 2
		}
		for _, c := range eight[:2] {
			g.screen[p][c]--
			g.reserve[c]++
			g.unseen[p] = g.unseen[p].plus(c)
		}
		g.bound[p] = twoOfEach
	}
}

// dealStartingCards shuffles the characters and deals each player 2 (first edition) or 4 (second
// edition) starting cards; all wait to choose (RULES.md 3.2).
func (g *Game) dealStartingCards() {
	g.chars = characterOrder
	g.shuffleCards(g.chars[:])
	g.largeTop, g.largeEnd = 0, NumCharacters
	g.smallTop, g.smallEnd = NumCharacters, NumCharacters
	g.laws = lawOrder // shuffled once the starting cards are chosen
	for range g.players {
		for range g.startingCards() {
			g.largeTop++ // a starting card dealt, where it lies (dealt)
		}
	}
	g.phase = phaseStart
	g.ask(decStart)
}

// startingCards is how many starting cards each player is dealt.
func (g *Game) startingCards() int {
	if g.edition == FirstEdition {
		return 2
	}
	return 4
}

// finishSetup runs RULES.md 3.2-3.5 once every starting choice is made: chosen cards go to the
// pyramids and hands, unchosen ones back into the deck; the deck is shuffled and split into the
// large deck (48) and the small deck; 4 cards go to the auction; the laws are shuffled and dealt.
// The starting rewards (3.6) follow in priority order.
func (g *Game) finishSetup() {
	starting := g.chars // the dealt cards, before the undealt deck moves over them
	rest := g.chars[g.largeTop:g.largeEnd]
	n := copy(g.chars[:], rest)
	for p := range g.players {
		d := dealtIn(&starting, g.startingCards(), Player(p))
		g.pyr[p].insert(d[0], Place{1, 0})
		g.hand[p].add(d[1])
		for _, c := range d[2:] {
			if c != 0 {
				g.chars[n] = c
				n++
			}
		}
	}
	g.shuffleCards(g.chars[:n])
	g.largeTop, g.largeEnd = 0, 48
	g.smallTop, g.smallEnd = 48, uint8(n)
	for c := range NumColors {
		g.auction[c][0] = g.drawLarge()
	}
	g.shuffleCards(g.laws[:])
	for p := range g.players {
		for range 3 {
			g.hand[p].add(g.laws[g.lawTop])
			g.lawTop++
		}
	}
	g.phase = phaseStartReward
	g.passers = g.everyone() // reused as "starting rewards still to take"
}

// appendStartMoves appends the starting choice still owed: the card for the pyramid, then (second
// edition) the card for the hand; the other two go back into the deck.
func (g *Game) appendStartMoves(dst []Move, p Player) []Move {
	chosen := g.secret[p]
	for _, card := range g.dealt(p) {
		switch {
		case card == 0:
		case chosen.Kind == NoMove:
			dst = append(dst, Move{Kind: KeepInPyramid, Card: card})
		case card != chosen.Card:
			dst = append(dst, Move{Kind: KeepInHand, Card: card})
		}
	}
	return dst
}

// doStart records a starting choice. Once both are made, the player's dealt cards are ordered:
// pyramid card, hand card, then the cards that go back. In the first edition the pyramid card is
// the whole choice: the other of the two cards goes to the hand (RULES.md 2), so it is not asked
// for, as it would be for every player in every game.
func (g *Game) doStart(p Player, move *Move) (goOn bool) {
	m := *move
	if m.Kind == KeepInPyramid {
		g.secret[p] = m
		if g.edition != FirstEdition {
			return true
		}
		pyramid := m.Card
		for _, c := range g.dealt(p) {
			if c != 0 && c != pyramid {
				m = Move{Kind: KeepInHand, Card: c}
			}
		}
	}
	d := g.dealt(p)
	order := [4]CardID{g.secret[p].Card, m.Card}
	i := 2
	for _, c := range d {
		if c != 0 && c != order[0] && c != order[1] {
			order[i] = c
			i++
		}
	}
	copy(d, order[:])
	g.waiting &^= 1 << p
	return true
}

// whyNotDealt says why m, a starting choice, is not one of p's.
func (g *Game) whyNotDealt(l Language, p Player, m Move) string {
	if m.Kind != KeepInPyramid && m.Kind != KeepInHand {
		return ""
	}
	return l.text("why.notdealt", "player", p, "card", m.Card)
}

// dealt returns p's starting cards, dealt and not yet placed (setup only), in the Game itself: the
// deal draws them from the front of the shuffled character deck, startingCards a player in player
// order, and they stay there, in chars[:largeTop], until finishSetup moves the undealt deck over
// them. So the Game keeps them in no room of their own (16 bytes). Once p has chosen, doStart
// orders them: the pyramid card, the hand card, then the cards that go back. A card 0 is none.
func (g *Game) dealt(p Player) []CardID { return dealtIn(&g.chars, g.startingCards(), p) }

// dealtNow returns p's starting cards during setup, and none after.
func (g *Game) dealtNow(p Player) []CardID {
	if g.phase != phaseStart {
		return nil
	}
	return g.dealt(p)
}

// dealtIn returns p's starting cards in the front of chars, k a player.
func dealtIn(chars *[NumCharacters]CardID, k int, p Player) []CardID {
	return chars[k*int(p):][:k]
}

// dealtCards returns the starting cards p was dealt and has not yet placed (setup only).
func (g *Game) dealtCards(p Player) []CardID {
	var out []CardID
	if p < 0 || int(p) >= int(g.players) {
		return nil
	}
	for _, c := range g.dealtNow(p) {
		if c != 0 {
			out = append(out, c)
		}
	}
	return out
}
