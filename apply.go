package viceroy

import (
	"fmt"
	"math/bits"
)

// Making a move: who owes a decision (ToMove), the move checked and made (Apply, Play, through
// apply, written from the table of decisions), then the game run forward to the next decision that
// asks for a choice (settle, in decisions.go), which makes the moves that have no alternative.
// Which moves are legal is legal.go's, and each decision's entry in decisions.go says how.

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.phase == phaseOver }

// ToMove returns the players who owe a decision now, in player order; empty when the game is over.
// AppendToMove is the form for search loops.
func (g *Game) ToMove() []Player {
	return g.AppendToMove(nil)
}

// AppendToMove appends the players who owe a decision now, in player order, to dst and returns
// it; it appends nothing when the game is over, and allocates nothing when dst has room. It never
// changes *g.
func (g *Game) AppendToMove(dst []Player) []Player {
	owes := g.owes
	if owes&(owes-1) == 0 && owes != 0 && len(dst) < cap(dst) {
		// One player owes a decision, as at most decisions: no loop, no growing.
		return append(dst, Player(bits.TrailingZeros8(owes)))
	}
	for ; owes != 0; owes &= owes - 1 {
		dst = append(dst, Player(bits.TrailingZeros8(owes)))
	}
	return dst
}

// owesDecision reports whether p owes a decision now. owes holds only bits of players of this
// game, so a p outside 0-3 (a negative p included, as a uint) owes none; testing that first lets
// the shift go without the compiler's guard against shifting by 8 or more.
func (g *Game) owesDecision(p Player) bool { return uint(p) < MaxPlayers && g.owes>>uint(p)&1 != 0 }

// Apply makes move m for player p and returns the resulting game. g itself never changes. A move
// that is not legal now returns an error wrapping ErrGameOver, ErrNoSuchPlayer, ErrNotYourTurn or
// ErrIllegalMove, and g unchanged.
func (g *Game) Apply(p Player, m Move) (Game, error) {
	// The move is made on a copy, and only once it is known to be legal.
	next := *g
	err := next.apply(p, &m)
	return next, err
}

// Play makes move m for player p on g itself: the transition of Apply, made in place. A move that
// is not legal returns the error Apply would return and leaves g unchanged.
//
// Use Apply where the game before the move is still wanted (a user interface, a test that compares
// the two, a tree that keeps every position), and Play in loops that keep no copy, such as a
// search's playouts: it saves copying the Game twice per move.
func (g *Game) Play(p Player, m Move) error {
	return g.apply(p, &m)
}

// apply, which checks the move and makes it, is written from the table of decisions
// (decisions_gen.go).

// refusal returns nil when *m is a legal move of p in g, a game at rest, and otherwise the error
// that says why not.
func (g *Game) refusal(p Player, m *Move) error {
	if !g.owesDecision(p) {
		return g.notOwed(p, *m)
	}
	if !g.allowsMove(g.dec, p, m) {
		return g.illegal(p, *m)
	}
	return nil
}

// notOwed says why p, who owes no decision now, cannot move.
func (g *Game) notOwed(p Player, m Move) error {
	switch {
	case g.phase == phaseOver:
		return fmt.Errorf("%w: %v cannot %v", ErrGameOver, p, m)
	case p < 0 || int(p) >= int(g.players):
		return fmt.Errorf("%w: %d (the game has %d players)", ErrNoSuchPlayer, int(p), g.players)
	}
	return fmt.Errorf("%w: %v owes no decision now", ErrNotYourTurn, p)
}

// collecting reports whether a simultaneous decision is being collected: no action is under way
// and no 78 Patronage choice is owed, so the players who owe a decision are those in g.waiting.
func (g *Game) collecting() bool {
	return g.patron == 0 && g.act.kind == actNone
}
