package viceroy

import (
	"fmt"
	"math/bits"
)

// Making a move: who owes a decision (ToMove), the move checked and made (Apply, Play), then the
// game run forward to the next decision that asks for a choice (settle), which makes the moves that
// have no alternative. Which moves are legal is legal.go's.

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

// owing returns the set of players who owe a decision.
func (g *Game) owing() uint8 {
	if g.patron != 0 {
		return g.patronOwing()
	}
	if g.act.kind != actNone {
		return 1 << g.act.who
	}
	return g.waiting
}

// patronOwing returns the owner of 78 Patronage, who decides on the cards just taken. It is kept
// out of line so that owing, called at every step, stays small: inlining the search for the owner
// into it costs about 3% of a whole game (callgrind).
//
//go:noinline
func (g *Game) patronOwing() uint8 { return 1 << g.owner(lawPatronage) }

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

// apply makes move *m for player p if it is legal now, and returns nil; otherwise it returns the
// error that says why not, and leaves g unchanged. It takes the move by pointer, as the functions
// it calls do, so that the move is not passed in six registers and stored again.
func (g *Game) apply(p Player, m *Move) error {
	if !g.owesDecision(p) {
		return g.notOwed(p, *m)
	}
	switch g.dec {
	case decGems:
		if g.allowsGemPick(m) {
			if g.pickFollows(m.Color) {
				g.takeGem(p, m.Color)
			} else {
				g.do(p, m)
				g.settle()
			}
			return nil
		}
	case decBids:
		if g.allowsBid(p, m) {
			if g.record(p, m) {
				g.settle()
			}
			return nil
		}
	case decDevelop:
		if g.allowsDevelopment(p, m) {
			if g.record(p, m) {
				g.settle()
			}
			return nil
		}
	}
	if !g.allows(p, m) {
		return g.illegal(p, *m)
	}
	g.do(p, m)
	g.settle()
	return nil
}

// pickFollows reports whether, after a gem pick of colour c (which allowsGemPick found legal),
// another pick with a choice of colours follows: the pick is not the action's last; giveRewards
// would take every gem left at once were as many picks left as gems, or more; settle would make
// the pick for the player were one colour left (pickColors). apply then makes the pick with
// takeGem, without going through do and settle; otherwise, the general way. The two are kept
// apart, and small enough to be inlined into apply: the most frequent decision of all then makes
// no call.
func (g *Game) pickFollows(c Color) bool {
	r := gemWord(g.reserve) - 1<<(8*c)
	n := uint32(g.act.n)
	return n >= 2 && n-1 < gemTotal(r) && several(gemColors(r))
}

// takeGem makes p's gem pick of colour c when pickFollows: a gem from the reserve to the screen.
func (g *Game) takeGem(p Player, c Color) {
	g.reserve[c]--
	g.screen[p][c]++
	g.act.n--
}

// record records p's hidden choice m, which allowsBid or allowsDevelopment has found legal in a
// game at rest at a bidding or development choice (decBids, decDevelop), and reports whether it
// was the last choice owed: the game must then settle, as after any move. It leaves the settling
// to its caller so that it is small enough to be inlined into apply. TestRecordAgreesWithDoAndSettle
// holds the two to do and settle.
func (g *Game) record(p Player, m *Move) (last bool) {
	g.secret[p] = *m
	g.waiting &^= 1 << p
	g.owes = g.waiting // others still choose: nothing else happens until they have
	return g.waiting == 0
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

// settle runs the game forward until some player has a real decision to make: automatic steps
// are taken, and a decision with a single legal move is made for its player. When it returns,
// every player who owes a decision has at least two legal moves, or owes a hidden choice.
//
// A hidden simultaneous choice is always asked, even with a single legal move: if it were made at
// once, the others would see, before they choose, that it was forced, and so learn something
// hidden (that a player has no gem of a colour with a card to bid on, say, or no card in hand to
// pay for). The DESIGN makes such choices hidden until the last one arrives. So after a hidden
// choice that leaves others waiting, settle returns at once. (A pass that everyone can see is
// forced, by an empty hand in the development phase, is not asked: beginDevelopmentRound.)
func (g *Game) settle() {
	for {
		owes := g.owing()
		if owes == 0 {
			owes = g.runSteps()
		}
		switch {
		case g.patron != 0:
			// 78 Patronage's choice, by its owner: tuck the card or keep it, two moves always.
			g.owes, g.dec = owes, decOther
			return
		case g.act.kind == actNone:
			g.owes, g.dec = owes, g.hiddenDecision()
			return // only hidden choices are owed (none once the game is over), and all are asked
		}
		// An action is owed, by a single player. A gem pick, the most frequent, is asked about
		// here, without the call to onlyMove (which answers the same).
		if g.act.kind == actGems && several(gemColors(gemWord(g.reserve))) {
			g.owes, g.dec = owes, decGems
			return
		}
		if !g.makeForcedMove(Player(bits.TrailingZeros8(owes))) {
			g.owes, g.dec = owes, decOther
			if g.act.kind == actGems {
				g.dec = decGems
			}
			return
		}
	}
}

// comeToRest records, in owes and dec, who owes a decision and what kind of decision it is, for a
// game at rest at a decision.
func (g *Game) comeToRest() {
	g.owes = g.owing()
	g.dec = g.decisionOwed()
}

// decision is the kind of decision owed, as far as apply and AppendLegal take a shorter way for
// it; every other decision is decOther.
type decision uint8

const (
	decOther   decision = iota // any decision not below, and none once the game is over
	decGems                    // a gem pick of an action (actGems)
	decBids                    // the hidden choices of an auction round: bid, attack or pass
	decDevelop                 // the hidden choices of a development round: play, discard or pass
)

// decisionOwed returns the kind of decision owed now.
func (g *Game) decisionOwed() decision {
	switch {
	case g.patron != 0:
		return decOther
	case g.act.kind == actGems:
		return decGems
	case g.act.kind != actNone:
		return decOther
	}
	return g.hiddenDecision()
}

// hiddenDecision is decisionOwed while neither an action nor a 78 Patronage choice is under way.
func (g *Game) hiddenDecision() decision {
	switch {
	case g.phase == phaseAuction && g.sub == subBids:
		return decBids
	case g.phase == phaseDevelopment && g.sub == subChoose:
		return decDevelop
	}
	return decOther
}

// makeForcedMove makes p's move if p has exactly one legal move, and reports whether it did.
func (g *Game) makeForcedMove(p Player) bool {
	m, ok := g.onlyMove(p)
	if ok {
		g.do(p, &m)
	}
	return ok
}
