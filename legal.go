package viceroy

import "fmt"

// Legal moves. Each decision's moves are stated once, by its entry of the table of decisions
// (decisions.go): Legal lists them (list), Apply checks a move against them (allows, or a look-up
// in the list) and settle counts them to make a decision with a single move for its player (forced,
// or a count of the list).
//
// The decisions a game makes dozens of times state their moves as sets, which are cheap to test,
// to count and to list:
//   - a gem pick: pickColors, the colours the reserve has (flow.go);
//   - a bid: bidChoices, the colours a player may bid and whether they may attack (auction.go);
//   - a claim, and a card taken from the auction: cardSlots, the places of the cards that may be
//     taken (auction.go);
//   - a development choice: playableCards, the cards of the hand that may be played (development.go);
//   - a draw: drawDecks, the decks with cards left (flow.go);
//   - where a character stands: payableLevels, the levels whose opening (layout.opening, in
//     pyramid.go, which states where any card may stand) is not empty and whose cost the player
//     can pay, found once a decision and kept in Game.placeLevels (flow.go);
//   - painting a circle: paintColors, the colours that change it and that the screen pays for
//     (painting.go);
//   - where a law goes, but for 65 Succession and 66 Endowment: a place where a law may stand
//     (layout.canPlace; allowsLawPlace, in laws.go).
//
// Every other decision comes a few times a game at most: the starting cards, a payment, the
// level-5 reward, where 65 Succession or 66 Endowment goes, the steps of laws, a duel, 78
// Patronage's tuck. Each states its moves as the list its entry's list writes, and a move is
// checked by finding it in that list.

// Legal returns every legal move of player p now; empty if p owes no decision.
func (g *Game) Legal(p Player) []Move {
	return g.AppendLegal(nil, p)
}

// AppendLegal, which lists the moves of the decision owed, is written from the table of decisions
// (decisions_gen.go).

// appendLegal appends p's legal moves, who owes a decision, in a game that may not be at rest.
func (g *Game) appendLegal(dst []Move, p Player) []Move {
	return g.listMoves(g.decisionOwed(), dst, p)
}

// illegal returns the error that says why m, which the decision's entry refused, is not a legal
// move of p.
func (g *Game) illegal(p Player, m Move) error {
	if err := m.wellFormed(); err != nil {
		return fmt.Errorf("%w: %v: %s (%s)", ErrIllegalMove, p, within(err), g.decisionName(p))
	}
	return fmt.Errorf("%w: %s (%s)", ErrIllegalMove, g.whyIllegal(English, p, m), g.decisionName(p))
}

// checkListed returns nil if m is one of the legal moves of p (who owes a decision, in a game that
// may not be at rest), or the error that says why not.
func (g *Game) checkListed(p Player, m Move) error {
	if g.allowsMove(g.decisionOwed(), p, &m) {
		return nil
	}
	return g.illegal(p, m)
}

// single reports whether the set s has exactly one member.
func single(s uint32) bool { return s != 0 && s&(s-1) == 0 }

// several reports whether the set s has two members or more.
func several(s uint32) bool { return s&(s-1) != 0 }
