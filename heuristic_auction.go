package viceroy

import (
	"math"
	"math/rand/v2"
)

// A bid is a simultaneous move: what it is worth depends on what the others bid. The heuristic
// values the actions of an auction round (a bid of each colour, a pass, an attack) for every
// participant still in the auction, each from what the table sees of that participant, and looks
// for mixed strategies that answer one another (a logit equilibrium, found by damped iteration):
// each participant plays an action with a probability that grows with its value against the
// others' strategies. A bid is worth the card it is expected to win (the best of a colour when
// nobody else bids it, either of two cards when one other bidder does and the claims differ),
// or, when it collides, what staying in the auction still gives; the player then draws its move
// from its own strategy, so that players who want the same card do not all bid it round after
// round, and draws it with a number shared with the table (sharedDraw), so that players whose
// strategies are alike draw different bids more often than they would by chance. Players who
// collided in the round before (View.Recalled) and are still in the auction follow a convention,
// as in a duel's claims (claimByPriority): the one first in priority may bid that colour again,
// the others do not, so that the same collision does not come back round after round.

// The actions of an auction round, as indexes: a bid of each colour, then a pass, then an attack.
const (
	actPassIdx   = NumColors
	actAttackIdx = NumColors + 1
	numBidActs   = NumColors + 2
)

// bidTemperature is the spread, in points, of the logit strategies: an action worth that much
// less than the best is played e times less often.
const bidTemperature = 1.5

// bidIterations is the number of damped rounds of answers that approximate the equilibrium.
const bidIterations = 8

// bidder is one participant of the auction round as the heuristic sees it.
type bidder struct {
	virtual bool
	can     [numBidActs]bool    // the actions open to it
	best    [NumColors]float64  // the best card lying at each colour, to it
	mean    [NumColors]float64  // the mean of the two cards at a colour (a duel's expected card)
	value   [numBidActs]float64 // the action's value against the others' strategies
	fixed   [numBidActs]float64 // passes and attacks: values that do not depend on the others
	sigma   [numBidActs]float64 // its mixed strategy
	cont    float64             // what a bid that takes nothing still leaves: staying in, then passing
	gem     float64             // what the gem of a bid is worth to it
}

// auctionModel holds the participants of one round; bidders[0] is the player deciding.
type auctionModel struct {
	bidders [MaxPlayers + 3]bidder
	n       int
	cards   [NumColors]int
	rival   situation         // scratch: another player's situation
	yield   [MaxPlayers]uint8 // by player: the colours it yields this round (bit c), by the convention
}

// rivalFacts is what the heuristic reads of another player for the auction: the tableau, the
// gems behind the screen it knows of, the hand cards it knows and the attack tokens.
type rivalFacts struct {
	tab      Tableau
	screen   Gems
	unknown  int
	possible Gems // the most of each colour the unknown gems may be
	hand     []CardID
	attacks  int
}

// bidWorths fills the auction model for the deciding player s and returns it; the other
// players' facts come from the view or the game s was read from.
func (s *situation) auctionModel() *auctionModel {
	if s.am == nil {
		s.am = new(auctionModel)
	}
	am := s.am
	am.n = 0
	am.yield = s.yieldedColors()
	for c := range NumColors {
		am.cards[c] = 0
		for _, id := range s.auction[c] {
			if id != 0 {
				am.cards[c]++
			}
		}
	}
	am.add(s, s.screen, 0, Gems{}, s.attacksHeld())
	for q := range s.players {
		if Player(q) == s.me || !s.inAuction(Player(q)) {
			continue
		}
		f, ok := s.rivalFacts(Player(q))
		if !ok {
			continue
		}
		r := &am.rival
		s.readRival(r, Player(q), f)
		am.add(r, f.screen, f.unknown, f.possible, f.attacks)
	}
	for range s.virtualsIn() {
		b := &am.bidders[am.n]
		*b = bidder{virtual: true}
		for c := range NumColors {
			b.can[c], b.sigma[c] = true, 1/float64(NumColors)
		}
		am.n++
	}
	return am
}

// readRival fills r with another player q's situation as s sees it, from the facts f the table
// knows of q.
func (s *situation) readRival(r *situation, q Player, f rivalFacts) {
	r.me, r.players, r.turn, r.round, r.decision = q, s.players, s.turn, s.round, s.decision
	r.reserve, r.auction, r.ownTab, r.screen = s.reserve, s.auction, f.tab, f.screen
	r.useTableau(&r.ownTab)
	r.hand = append(r.hand[:0], f.hand...)
	r.attacks, r.defense, r.game, r.plainBids = s.attacks, s.defense, nil, s.plainBids
	r.unknown = f.unknown
	r.discards = s.discards
	r.readTableau()
}

// add appends a human participant valued from situation r, whose screen holds screen and unknown
// more gems of colours not known, of each colour at most possible: it can bid a colour only if
// one of them may be of that colour.
func (am *auctionModel) add(r *situation, screen Gems, unknown int, possible Gems, attacks int) {
	if am.n >= len(am.bidders) {
		return
	}
	b := &am.bidders[am.n]
	*b = bidder{}
	b.gem = r.gemWorth()
	pass := r.passWorth()
	top := 0.0
	for c := range NumColors {
		if am.cards[c] == 0 {
			continue
		}
		b.can[c] = screen[c] > 0 || unknown > 0 && possible[c] > 0
		if q := r.me; q >= 0 && int(q) < len(am.yield) && am.yield[q]&(1<<c) != 0 {
			b.can[c] = false // collided on c last round, and yields it to one first in priority
		}
		sum, n := 0.0, 0
		for _, id := range r.auction[c] {
			if id != 0 {
				w := r.holdWorth(id)
				if r.discards {
					w = max(w, 2*r.gemWorth()) // at worst, it is discarded for 2 gems
				}
				b.best[c] = max(b.best[c], w)
				sum += w
				n++
			}
		}
		b.mean[c] = sum / float64(n)
		top = max(top, b.best[c])
	}
	b.can[actPassIdx], b.fixed[actPassIdx] = true, pass
	if attacks > 0 {
		b.can[actAttackIdx], b.fixed[actAttackIdx] = true, top-r.attackWorth()
	}
	b.cont = pass
	if r.round < 3 {
		b.cont += 0.3 * max(0, top-pass)
	}
	am.n++
}

// solve finds the strategies: first each participant's answer to nobody else bidding, then
// damped answers to the others' strategies.
func (am *auctionModel) solve() {
	for i := range am.n {
		b := &am.bidders[i]
		if b.virtual {
			continue
		}
		for c := range NumColors {
			b.value[c] = b.best[c] - b.gem
		}
		b.answer(1)
	}
	for range bidIterations {
		for i := range am.n {
			b := &am.bidders[i]
			if b.virtual {
				continue
			}
			am.values(i)
			b.answer(0.5)
		}
	}
	am.values(0)
}

// values works out participant i's value of each bid against the others' strategies.
func (am *auctionModel) values(i int) {
	b := &am.bidders[i]
	b.value[actPassIdx] = b.fixed[actPassIdx]
	b.value[actAttackIdx] = b.fixed[actAttackIdx]
	for c := range NumColors {
		if !b.can[c] {
			continue
		}
		// none: nobody else bids c; one: exactly one other does (a duel when two cards lie there).
		none, one := 1.0, 0.0
		for j := range am.n {
			if j == i {
				continue
			}
			p := am.bidders[j].sigma[c]
			one = one*(1-p) + none*p
			none *= 1 - p
		}
		win, got := none, none*b.best[c]
		if am.cards[c] == 2 {
			win += 0.5 * one
			got += 0.5 * one * b.mean[c]
		}
		b.value[c] = got + (1-win)*b.cont - b.gem
	}
}

// answer moves the strategy a share of the way to the logit answer to the current values.
func (b *bidder) answer(share float64) {
	top := math.Inf(-1)
	for a := range numBidActs {
		if b.can[a] {
			top = max(top, b.value[a])
		}
	}
	var next [numBidActs]float64
	sum := 0.0
	for a := range numBidActs {
		if b.can[a] {
			next[a] = math.Exp((b.value[a] - top) / bidTemperature)
			sum += next[a]
		}
	}
	for a := range numBidActs {
		b.sigma[a] = (1-share)*b.sigma[a] + share*next[a]/sum
	}
}

// bestAnswer returns the legal auction move of highest value against the others' strategies; false
// if no legal move is an auction action. In a two-player game the bot plays it rather than drawing
// from its strategy: the other player is one bidder whose likely bid the model reads well, and a
// drawn move gives away value (in 400-game tournaments, greedy drawing its bids won 68% against
// greedy-2026 and 48% against oneply; playing its best answer, 77% and 61%).
func (b *bidder) bestAnswer(legal []Move) (Move, bool) {
	best, bestW, ok := Move{}, math.Inf(-1), false
	for _, m := range legal {
		if a := bidAction(m); a >= 0 && b.can[a] && b.value[a] > bestW {
			best, bestW, ok = m, b.value[a], true
		}
	}
	return best, ok
}

// bidAction is the index of an auction move, or -1 for a move that is not one.
func bidAction(m Move) int {
	switch m.Kind {
	case Bid:
		if m.Color.Valid() {
			return int(m.Color)
		}
	case Pass:
		return actPassIdx
	case Attack:
		return actAttackIdx
	}
	return -1
}

// bestBid draws the player's auction move from its strategy among the legal moves (with
// sharedDraw), or, in a two-player game, plays its best answer to the other's strategy
// (bestAnswer).
func (s *situation) bestBid(legal []Move, rng *rand.Rand) Move {
	am := s.auctionModel()
	am.solve()
	me := &am.bidders[0]
	if s.players == 2 && s.virtualsIn() == 0 {
		if m, ok := me.bestAnswer(legal); ok {
			return m
		}
	}
	total := 0.0
	for _, m := range legal {
		if a := bidAction(m); a >= 0 {
			total += me.sigma[a]
		}
	}
	if total <= 0 || math.IsNaN(total) {
		return s.bestOf(legal, rng, 0)
	}
	x := s.sharedDraw() * total
	for _, m := range legal {
		if a := bidAction(m); a >= 0 {
			x -= me.sigma[a]
			if x < 0 {
				return m
			}
		}
	}
	return s.bestOf(legal, rng, 0)
}

// claimByPriority chooses the player's claim in a duel (two bidders at a colour of two cards,
// RULES.md 6) in a game of more than two participants, by a convention of the order of priority
// (RULES.md 4): the duellist first in priority claims the card it values more, and the other
// yields, claiming the card it expects the first to leave (valued from what the table knows of
// the first), so that both take a card where both claiming the better card would leave both with
// none. Priority is the lowest card standing in the pyramid, tucked cards not counting, as
// RULES.md 4 has it. It reports false when it cannot tell who the other duellist is (a situation
// read from a game rather than a view) or when the player is first; the claim is then the card
// the player values more.
func (s *situation) claimByPriority(legal []Move) (Move, bool) {
	q, ok := s.duelRival()
	if !ok || len(legal) != 2 || legal[0].Kind != Claim || legal[1].Kind != Claim {
		return Move{}, false
	}
	f, ok := s.rivalFacts(q)
	if !ok || s.tab.Pyramid.lowest() < f.tab.Pyramid.lowest() {
		return Move{}, false
	}
	if s.am == nil {
		s.am = new(auctionModel)
	}
	r := &s.am.rival
	s.readRival(r, q, f)
	if r.holdWorth(legal[0].Card) >= r.holdWorth(legal[1].Card) {
		return legal[1], true
	}
	return legal[0], true
}

// duelRival returns the other player who bid the colour the player bid this round, from the
// round's revealed choices (one of the game's players: a view no game makes may name others).
func (s *situation) duelRival() (Player, bool) {
	var mine Color
	found := false
	for _, pm := range s.revealed {
		if pm.Player == s.me && pm.Move.Kind == Bid {
			mine, found = pm.Move.Color, true
		}
	}
	if !found {
		return 0, false
	}
	for _, pm := range s.revealed {
		if pm.Player != s.me && pm.Player >= 0 && int(pm.Player) < s.players && pm.Move.Kind == Bid && pm.Move.Color == mine {
			return pm.Player, true
		}
	}
	return 0, false
}

// sharedDraw returns the number in [0, 1) that draws the player's auction move from its strategy.
// Every player works out one number alike from what the whole table sees (the turn, the round, the
// auction and the reserve), and shifts it by its rank among the players in the auction over their
// number. Each player's draw is uniform, so each plays its own strategy; but the draws of players
// whose strategies are alike lie apart, and pick different bids more often than independent draws
// would, so that bids collide less.
func (s *situation) sharedDraw() float64 {
	h := mix64(uint64(s.turn)<<8 | uint64(s.round))
	for c := range NumColors {
		h = mix64(h ^ uint64(s.auction[c][0])<<8 ^ uint64(s.auction[c][1]) ^ uint64(s.reserve[c])<<16)
	}
	rank, n := 0, 0
	for q := range s.players {
		if s.inAuction(Player(q)) {
			if Player(q) < s.me {
				rank++
			}
			n++
		}
	}
	u := float64(h>>11) / (1 << 53)
	if n > 1 {
		u += float64(rank) / float64(n)
	}
	return u - math.Floor(u)
}

// yieldedColors returns, by player, the colours each yields this round by the convention on
// collisions: of the players still in the auction who bid one colour together in the round before
// (the last of the view's recalled rounds) and so took nothing, all but the one first in priority
// (RULES.md 4: the lowest card standing in the pyramid) leave that colour to it. A situation read
// from a game, which recalls no round, yields nothing; players a view names that are not the
// game's are left out.
func (s *situation) yieldedColors() (yield [MaxPlayers]uint8) {
	if len(s.recalled) == 0 {
		return yield
	}
	var on [NumColors]uint8 // by colour: the players still in who bid it last round
	for _, pm := range s.recalled[len(s.recalled)-1] {
		q, m := pm.Player, pm.Move
		if m.Kind == Bid && m.Color.Valid() && q >= 0 && int(q) < s.players && int(q) < MaxPlayers && s.inAuction(q) {
			on[m.Color] |= 1 << q
		}
	}
	for c, set := range on {
		if set&(set-1) == 0 {
			continue // nobody, or one alone: no collision among players still in
		}
		first, firstCard := Player(-1), CardID(0)
		for q := Player(0); q < MaxPlayers; q++ {
			if set&(1<<q) == 0 {
				continue
			}
			low := s.tab.Pyramid.lowest()
			if q != s.me {
				f, ok := s.rivalFacts(q)
				if !ok {
					continue
				}
				low = f.tab.Pyramid.lowest()
			}
			if first < 0 || low < firstCard {
				first, firstCard = q, low
			}
		}
		for q := Player(0); q < MaxPlayers; q++ {
			if set&(1<<q) != 0 && q != first {
				yield[q] |= 1 << c
			}
		}
	}
	return yield
}
