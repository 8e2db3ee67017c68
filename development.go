package viceroy

import (
	"math/bits"
)

// The development phase (RULES.md 7): up to three rounds in which every active player chooses,
// hidden and simultaneously, a card to play, a card to discard (second edition) or to pass; then
// the chosen cards resolve one at a time in increasing card number.

// Steps of a development round, kept in Game.sub.
const (
	subChoose  uint8 = iota // choices are being collected
	subResolve              // revealed choices resolve in card-number order
)

// beginDevelopment starts the development phase: every player takes part.
func (g *Game) beginDevelopment() {
	g.phase = phaseDevelopment
	g.round = 0
	g.active = g.everyone()
	g.beginDevelopmentRound()
}

// beginDevelopmentRound asks every active player for a hidden choice, but for a player with an
// empty hand, who passes without being asked (RULES.md 7: "A player with an empty hand passes"):
// everyone sees the hand is empty, so the pass reveals nothing, and asking for it would only add a
// decision with a single answer. When no active player holds a card, the phase ends at once.
func (g *Game) beginDevelopmentRound() {
	if g.round > 0 {
		g.recallRound() // the round that ends stays in every view until the phase ends
	}
	g.round++
	g.sub = subChoose
	for left := g.active; left != 0; left &= left - 1 {
		if p := bits.TrailingZeros8(left); g.hand[p] == (cardSet{}) {
			g.active &^= 1 << p
		}
	}
	g.ask(decDevelop)
	g.secret = [MaxPlayers]Move{}
}

// stillDeveloping returns the players still in this turn's development phase with a card in
// hand, who choose in each round.
func (g *Game) stillDeveloping() uint8 { return g.active }

// playableCards returns the cards of p's hand that p may play in a development round (RULES.md
// 7): a character while the pyramid has room and p can pay its level-1 cost (canPay: from the
// screen, or with an infinite gem that has not paid this turn), a law when it has somewhere to go
// (playableLaws). Any card of the hand may be discarded in the second edition, and any player may
// pass. A level-1 place is enough: costs grow with the level (each level adds to the one below),
// and level 1 offers two places while the pyramid has room, so a character is playable exactly
// when its level-1 cost is payable. That cost is one gem of the card's row-1 colour, so the
// payable characters are those of the colours p holds (payableAtLevelOne); the infinite gems are
// counted, as canPay counts them, only when the screen alone leaves a character of the hand
// unpaid.
func (g *Game) playableCards(p Player) cardSet {
	hand := &g.hand[p]
	var s cardSet
	if g.pyr[p].n < MaxPyramidCards {
		have := gemWord(g.screen[p])
		s = hand.and(&payableAtLevelOne[colorsOf(have)])
		if s != hand.and(&characterCards) { // as in canPay: the screen alone falls short
			s = hand.and(&payableAtLevelOne[colorsOf(have+gemWord(g.usableGems(p)))])
		}
	}
	const _ = uint8(FirstLaw - 64) // no law is below 64: every law lies in word 1 of a cardSet
	if laws := hand[1] & lawCards[1]; laws != 0 {
		s[1] |= g.playableLaws(p, laws)
	}
	return s
}

// allowsDevelopment reports whether *m is one of p's development choices: a pass, a play of a card
// of the hand that is playable, or a discard of one (second edition).
func (g *Game) allowsDevelopment(p Player, m *Move) bool {
	c := m.Card
	switch *m {
	case Move{Kind: Pass}:
		return true
	case Move{Kind: Play, Card: c}:
		if !c.Valid() {
			return false
		}
		s := g.playableCards(p)
		return s.has(c)
	case Move{Kind: Discard, Card: c}:
		return g.edition == SecondEdition && c.Valid() && g.handHas(p, c)
	}
	return false
}

// handHas reports whether card c (1-88) is in p's hand, without copying the hand.
func (g *Game) handHas(p Player, c CardID) bool { return g.hand[p][c>>6]>>(c&63)&1 != 0 }

// appendDevelopmentMoves appends p's development choices (allowsDevelopment, playableCards), card
// by card in card-number order, a card's play before its discard, then the pass. A player with an
// empty hand is not asked (beginDevelopmentRound); were one asked, the pass would be the only move.
func (g *Game) appendDevelopmentMoves(dst []Move, p Player) []Move {
	hand := &g.hand[p]
	plays := g.playableCards(p)
	discard := g.edition == SecondEdition
	for w := range len(hand) {
		for word := hand[w]; word != 0; word &= word - 1 {
			b := bits.TrailingZeros64(word)
			card := CardID(w*64 + b)
			if plays[w]>>b&1 != 0 {
				dst = append(dst, Move{Kind: Play, Card: card})
			}
			if discard {
				dst = append(dst, Move{Kind: Discard, Card: card})
			}
		}
	}
	return append(dst, Move{Kind: Pass})
}

// whyNotPlayable says why m, a development choice of a card, is not one of p's: p does not hold
// the card, or cannot pay for a character on level 1 or has no room for it.
func (g *Game) whyNotPlayable(l Language, p Player, m Move) string {
	switch {
	case m.Kind != Play && m.Kind != Discard:
		return ""
	case !g.hand[p].has(m.Card):
		return l.text("why.nothold", "player", p, "card", m.Card)
	case m.Kind == Play && m.Card.IsCharacter():
		return l.text("why.unplayable", "player", p, "cost", costAt(m.Card, 1), "card", m.Card)
	}
	return ""
}

// developmentStep takes the next step of the development phase once no decision is owed; the
// reveal of the round's choices, which asks for none, is followed by the next step at once.
//
// When the round's choices are revealed, the card each player chose to play or discard is known to
// everyone to be in that player's hand until it resolves: the views of the others list it among
// the hand cards they know (and Sample keeps it there).
func (g *Game) developmentStep() {
	if g.sub == subChoose {
		g.pending = 0
		for left := g.active; left != 0; left &= left - 1 {
			p := bits.TrailingZeros8(left)
			switch m := &g.secret[p]; {
			case m.Kind == Pass:
				g.active &^= 1 << p // a pass ends this player's development for the turn
			case m.Kind == Play && m.Card.IsCharacter():
				g.noteAffordable(Player(p), costAt(m.Card, 1))
				g.under.show(m.Card)
				g.pending |= 1 << p
			default: // a played law or a discard: everyone now knows the card is in the hand
				g.under.show(m.Card)
				g.pending |= 1 << p
			}
		}
		// Revealing the choices asks for no decision: the next step follows at once.
		g.sub = subResolve
	}
	if g.pending != 0 {
		g.resolveNext()
		return
	}
	if g.active != 0 && g.round < 3 {
		g.beginDevelopmentRound()
		return
	}
	g.endTurn()
}

// resolveNext resolves the pending choice with the lowest card number (RULES.md 7).
func (g *Game) resolveNext() {
	// Each pending choice is keyed by its card number, above its player (0-7, as pending is a byte)
	// in the low 3 bits: the least key is the lowest card (no two players chose the same card), and
	// the loop does not branch.
	low := ^uint(0)
	for left := g.pending; left != 0; left &= left - 1 {
		q := bits.TrailingZeros8(left)
		low = min(low, uint(g.secret[q].Card)<<3|uint(q))
	}
	p := Player(low & 7)
	g.pending &^= 1 << p
	m := &g.secret[p]
	switch m.Kind {
	case Discard:
		// The card leaves the game; the player takes 2 gems of their choice.
		g.hand[p].remove(m.Card)
		g.under.discard(m.Card)
		g.startGems(p, 2)
	case Play:
		// Affordability was checked when the card was chosen, and nothing another player does can
		// take gems from this player's screen, so an affordable place still exists.
		g.act = action{kind: actPlace, who: uint8(p), card: m.Card}
	}
}

// endTurn closes the turn: infinite gems may pay again (RULES.md 5); after turn 12 the game ends.
func (g *Game) endTurn() {
	g.on.clearUsed()
	if g.turn >= Turns {
		g.endGame()
		return
	}
	g.beginTurn(int(g.turn) + 1)
}
