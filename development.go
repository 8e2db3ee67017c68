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
	g.round++
	g.sub = subChoose
	for left := g.active; left != 0; left &= left - 1 {
		if p := bits.TrailingZeros8(left); g.hand[p] == (cardSet{}) {
			g.active &^= 1 << p
		}
	}
	g.waiting = g.active
	g.secret = [MaxPlayers]Move{}
}

// appendDevelopmentMoves appends an active player's choices: play a card of the hand that has
// somewhere to go (a character an affordable legal place, a law a place below level 5), discard
// any card of the hand (second edition), or pass. A player with an empty hand is not asked
// (beginDevelopmentRound); were one asked, the pass would be the only move.
//
// Most hands are listed here, without a call: those of a player whose pyramid has room, without
// 65 Succession or 66 Endowment (which take no place of their own), and whose screen alone pays
// the level-1 cost of every character (a law's is nothing), so that every card is playable. Any
// other hand is listed the general way, by appendDevelopmentChoices, which
// TestDevelopmentMovesAgreeWithChoices holds this one to.
func (g *Game) appendDevelopmentMoves(dst []Move, p Player) []Move {
	hand := &g.hand[p]
	if hand[0]|hand[1] == 0 {
		return append(dst, Move{Kind: Pass})
	}
	if hand[1]&placeless[1] != 0 || g.pyr[p].size() >= MaxPyramidCards {
		return g.appendDevelopmentChoices(dst, p)
	}
	// The moves are written into dst's room: a card's play and discard each time, the end of the
	// list then moving past the discard only in the second edition (in the first, the next move
	// written goes in its place). The general way takes over, from dst as it was, when a card needs
	// more than the screen or there is no room left for a card's two moves and the pass; it lists
	// the cards already written the same way.
	room := dst[:cap(dst)]
	i := len(dst)
	screen := gemWord(g.screen[p])
	discard := b2i(g.edition == SecondEdition)
	for w := range len(hand) {
		for word := hand[w]; word != 0; word &= word - 1 {
			card := CardID(w*64 + bits.TrailingZeros64(word))
			if !covers(screen, gemWord(costOf[card][1])) || len(room)-i < 3 {
				return g.appendDevelopmentChoices(dst, p)
			}
			room[i] = Move{Kind: Play, Card: card}
			room[i+1] = Move{Kind: Discard, Card: card}
			i += 1 + discard
		}
	}
	room[i] = Move{Kind: Pass}
	return room[:i+1]
}

// placeless are the laws that take no place of their own: 65 Succession takes a card's place, 66
// Endowment is tucked under a character.
var placeless = cardSet{0, 1<<(lawSuccession-64) | 1<<(lawEndowment-64)}

// appendDevelopmentChoices is appendDevelopmentMoves for a hand that is not empty, the general way.
func (g *Game) appendDevelopmentChoices(dst []Move, p Player) []Move {
	hand := g.hand[p]
	full := g.pyr[p].size() >= MaxPyramidCards
	discard := g.edition == SecondEdition
	// The characters (1-64) come first. The infinite gems are counted only once a card needs them:
	// most cards are paid from the screen alone, or not at all.
	screen := gemWord(g.screen[p])
	var withInfinite uint32
	counted := false
	for w := range hand {
		for word := hand[w] & characterBits[w]; word != 0; word &= word - 1 {
			card := CardID(w*64 + bits.TrailingZeros64(word))
			cost := gemWord(costOf[card][1])
			playable := covers(screen, cost)
			if !playable && !counted && !full {
				withInfinite, counted = screen+gemWord(g.usableGems(p)), true
			}
			playable = !full && (playable || covers(withInfinite, cost))
			dst = appendChoices(dst, card, playable, discard)
		}
	}
	// Then the laws (65-88), which cost nothing.
	for word := hand[1] &^ 1; word != 0; word &= word - 1 {
		card := CardID(64 + bits.TrailingZeros64(word))
		playable := !full
		if card == lawSuccession || card == lawEndowment {
			playable = g.canPlayLaw(p, card)
		}
		dst = appendChoices(dst, card, playable, discard)
	}
	return append(dst, Move{Kind: Pass})
}

// characterBits are the character cards (1-64) as a cardSet.
var characterBits = cardSet{^uint64(1), 1}

// appendChoices appends the development choices a card of the hand gives: play it if playable,
// discard it if discard.
func appendChoices(dst []Move, card CardID, playable, discard bool) []Move {
	if playable {
		dst = append(dst, Move{Kind: Play, Card: card})
	}
	if discard {
		dst = append(dst, Move{Kind: Discard, Card: card})
	}
	return dst
}

// doDevelopment records a hidden development choice.
func (g *Game) doDevelopment(p Player, m *Move) {
	g.secret[p] = *m
	g.waiting &^= 1 << p
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
