package viceroy

import (
	"math/bits"
)

// The auction phase (RULES.md 6): up to three rounds of hidden, simultaneous bids, then the
// resolution of each round in a fixed order: attacks in priority order, bids colour by colour,
// passes in priority order.

// Steps of an auction round, kept in Game.sub.
const (
	subBids     uint8 = iota // bids are being collected
	subAttacks               // attackers take their cards, in priority order
	subColors                // bids are resolved colour by colour (Game.bidColor is next)
	subClaim                 // two bidders on a colour with two cards are claiming
	subPasses                // passing players take their pass gems, in priority order
	subRoundEnd              // the round is over: another follows, or the phase ends
)

// beginTurn starts turn t with its auction phase: every player is in the auction but those who
// skip it (69 Privilege).
func (g *Game) beginTurn(t int) {
	g.turn = uint8(t)
	g.phase = phaseAuction
	g.round = 0
	g.recall = roundRecall{}             // the development phase's rounds no longer matter
	g.inAuction = g.everyone() &^ g.skip // 69 Privilege: no bid, no pass, no pass gems
	g.vIn = 1<<g.virtual - 1
	g.passedAt = 0
	if g.inAuction == 0 {
		// The only human skips this auction (69 Privilege in a solo game): a round is held only
		// while a human is in it (RULES.md 9), so the phase just ends.
		g.endAuction()
		return
	}
	g.beginAuctionRound()
}

// beginAuctionRound asks every player still in the auction for a hidden bid.
func (g *Game) beginAuctionRound() {
	if g.round > 0 {
		g.recallRound() // the round that ends stays in every view until the auction ends
	}
	g.round++
	g.sub = subBids
	g.ask(decBids)
	g.secret = [MaxPlayers]Move{}
	g.claim = [MaxPlayers]CardID{}
	g.vBid = [MaxPlayers]optColor{}
}

// stillInAuction returns the players still in this turn's auction, who bid, attack or pass in
// each round.
func (g *Game) stillInAuction() uint8 { return g.inAuction }

// claimants returns the two bidders on the colour whose bids resolve, with two cards there, who
// claim one each.
func (g *Game) claimants() uint8 { return g.bidders(Color(g.bidColor)) }

// cardsAt returns how many cards lie at colour c (base and tip).
func (g *Game) cardsAt(c Color) int {
	n := 0
	if g.auction[c][0] != 0 {
		n++
	}
	if g.auction[c][1] != 0 {
		n++
	}
	return n
}

// auctionEmpty reports whether no card lies on the auction.
func (g *Game) auctionEmpty() bool {
	return g.auctionWord() == 0
}

// auctionWord returns the cards of the auction as the bytes of one word, colour by colour, the
// two cards of colour c in bytes 2c and 2c+1: a word compared at once, where comparing the array
// calls the runtime.
func (g *Game) auctionWord() uint64 {
	a := g.auction
	return uint64(a[0][0]) | uint64(a[0][1])<<8 | uint64(a[1][0])<<16 | uint64(a[1][1])<<24 |
		uint64(a[2][0])<<32 | uint64(a[2][1])<<40 | uint64(a[3][0])<<48 | uint64(a[3][1])<<56
}

// bidChoices states the choices of p in a bidding round: p may bid a colour p has a gem of
// (bidGems) and a card lies at (colors, bit c for colour c), attack while holding an attack token
// and a card lies on the auction (attack), and always pass.
func (g *Game) bidChoices(p Player) (colors uint32, attack bool) {
	a := g.auctionWord()
	return g.bidGems(p) & auctionColors(a), g.attacks[p] > 0 && a != 0
}

// bidGems returns the colours p has a gem of on the screen, bit c for colour c: those p could bid
// were a card there.
func (g *Game) bidGems(p Player) uint32 { return colorsOf(gemWord(g.screen[p])) }

// whyNoBid says why a bid m is not one of p's bidChoices: no such colour, no gem of it, or no
// card there.
func (g *Game) whyNoBid(l Language, p Player, m Move) string {
	switch {
	case m.Kind != Bid:
		return ""
	case !m.Color.Valid():
		return l.text("why.nocolor", "color", m.Color)
	case g.bidGems(p)>>m.Color&1 == 0:
		return l.text("why.nobidgem", "player", p, "color", m.Color)
	}
	return l.text("why.nocard", "color", m.Color)
}

// allowsBid reports whether *m is one of p's bidChoices.
func (g *Game) allowsBid(p Player, m *Move) bool {
	colors, attack := g.bidChoices(p)
	c := m.Color
	switch *m {
	case Move{Kind: Pass}:
		return true
	case Move{Kind: Bid, Color: c}:
		return c.Valid() && colors>>c&1 != 0
	case Move{Kind: Attack}:
		return attack
	}
	return false
}

// appendBids appends p's bidChoices, copied from a table (bids): this listing is made at a fifth
// of all decisions.
func (g *Game) appendBids(dst []Move, p Player) []Move {
	colors, attack := g.bidChoices(p)
	if colors == 1<<NumColors-1 && !attack {
		// The usual case (nearly half of these listings), bids[0][0b1111] written out: the five
		// moves are stored as constants, without the call that copies a table's moves.
		return append(dst, Move{Kind: Bid, Color: Blue}, Move{Kind: Bid, Color: Red},
			Move{Kind: Bid, Color: Green}, Move{Kind: Bid, Color: Yellow}, Move{Kind: Pass})
	}
	return append(dst, bids[b2u(attack)][colors]...)
}

// auctionColors returns the colours the auction (an auctionWord) has a card of, bit c for colour
// c, as colorsOf does with the word's four 16-bit halves of a colour each.
func auctionColors(a uint64) uint32 {
	const lows, tops = 0x7fff7fff7fff7fff, 0x8000800080008000
	nonzero := ((a & lows) + lows | a) & tops
	return uint32((nonzero >> 15) * (1<<60 | 1<<45 | 1<<30 | 1<<15) >> 60)
}

// cardSlots states which cards of the auction may be taken, by an action taking a card
// (takeSlots) or by a claim (claimSlots): bit 2c+i for the card at slot i (0 the base, 1 the tip)
// of colour c, for each colour of colors (bit c for colour c) and each slot that holds a card.
func (g *Game) cardSlots(colors uint32) uint8 {
	// The auctionWord's bytes that hold a card get their top bit (as gemColors finds them), and
	// a multiply gathers the eight, each to its own bit of the top byte; colourSlots keeps those
	// of colors.
	const lows, tops = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	a := g.auctionWord()
	held := ((a & lows) + lows | a) & tops
	return uint8((held>>7)*0x0102040810204080>>56) & colorSlots[colors&(1<<NumColors-1)]
}

// colorSlots holds, for each set of colours (bit c for colour c), the slots of their cards
// (cardSlots: bits 2c and 2c+1).
var colorSlots = func() (t [1 << NumColors]uint8) {
	for set := range t {
		for c := range NumColors {
			if set>>c&1 != 0 {
				t[set] |= 3 << (2 * c)
			}
		}
	}
	return t
}()

// takeSlots returns the cards an action taking from the auction may take (cardSlots): from any
// colour for an attacker, from the colour bid for a sole bidder.
func (g *Game) takeSlots() uint8 {
	colors := uint32(1<<NumColors - 1)
	if c := g.act.color; c != anyColor {
		colors = 1 << c
	}
	return g.cardSlots(colors)
}

// claimSlots returns the cards a claim may take (cardSlots): the two of the colour bid.
func (g *Game) claimSlots() uint8 {
	return g.cardSlots(1 << g.bidColor)
}

// appendClaims appends the claims of claimSlots.
func (g *Game) appendClaims(dst []Move, _ Player) []Move {
	return g.appendSlotMoves(dst, Claim, g.claimSlots())
}

// allowsClaim reports whether *m claims a card of claimSlots.
func (g *Game) allowsClaim(_ Player, m *Move) bool {
	return m.Kind == Claim && g.slotsHold(m, g.claimSlots())
}

// appendTakes appends the takes of takeSlots.
func (g *Game) appendTakes(dst []Move, _ Player) []Move {
	return g.appendSlotMoves(dst, Take, g.takeSlots())
}

// allowsTake reports whether *m takes a card of takeSlots.
func (g *Game) allowsTake(_ Player, m *Move) bool {
	return m.Kind == Take && g.slotsHold(m, g.takeSlots())
}

// onlyTake returns the take of the only card of takeSlots, if there is one card alone.
func (g *Game) onlyTake(Player) (Move, bool) {
	slots := g.takeSlots()
	if !single(uint32(slots)) {
		return Move{}, false
	}
	return g.slotMove(Take, bits.TrailingZeros8(slots)), true
}

// takeCard takes the card of p's take *m into the hand, which ends the action. A card taken by 69
// Privilege leaves its place to the top card of the small deck; the gap stays empty if the small
// deck is.
func (g *Game) takeCard(p Player, m *Move) (goOn bool) {
	c, i := g.takeFromAuction(p, m.Card)
	if g.act.card == lawPrivilege {
		g.auction[c][i] = g.drawSmall()
	}
	g.act = action{}
	return true
}

// whyNotTaken says why m, a take or a claim, is not among the cards p may take now.
func (g *Game) whyNotTaken(l Language, p Player, m Move) string {
	if m.Kind != Take && m.Kind != Claim {
		return ""
	}
	return l.text("why.nottaken", "card", m.Card, "player", p)
}

// slotMove returns the move of kind k that takes the card at slot s (cardSlots).
func (g *Game) slotMove(k MoveKind, s int) Move {
	return Move{Kind: k, Card: g.auction[s/2][s%2]}
}

// appendSlotMoves appends a move of kind k for each card of slots (cardSlots), colour by colour,
// the base before the tip.
func (g *Game) appendSlotMoves(dst []Move, k MoveKind, slots uint8) []Move {
	for ; slots != 0; slots &= slots - 1 {
		dst = append(dst, g.slotMove(k, bits.TrailingZeros8(slots)))
	}
	return dst
}

// slotsHold reports whether *m takes one of the cards of slots (cardSlots), whatever its kind.
func (g *Game) slotsHold(m *Move, slots uint8) bool {
	if *m != (Move{Kind: m.Kind, Card: m.Card}) || m.Card == 0 {
		return false
	}
	for ; slots != 0; slots &= slots - 1 {
		if g.slotMove(m.Kind, bits.TrailingZeros8(slots)).Card == m.Card {
			return true
		}
	}
	return false
}

// bids holds the choices of a bidding round: for each set of colours that may be bid (bit c for
// colour c), those bids in colour order, then an attack (in bids[1] only), then a pass.
var bids = func() (t [2][1 << NumColors][]Move) {
	for attack := range t {
		for set := range t[attack] {
			var ms []Move
			for c := range Color(NumColors) {
				if set&(1<<c) != 0 {
					ms = append(ms, Move{Kind: Bid, Color: c})
				}
			}
			if attack == 1 {
				ms = append(ms, Move{Kind: Attack})
			}
			t[attack][set] = append(ms, Move{Kind: Pass})
		}
	}
	return t
}()

// auctionStep takes the next step of the auction once no decision is owed. A step that leaves no
// decision owed and only moves on to the next step (revealing the bids, finding no attacker left,
// resolving the last colour without a discard owed, finding no passer left) takes that step
// itself, without a return to settle and its check of who owes.
func (g *Game) auctionStep() {
	switch g.sub {
	case subBids:
		g.revealBids()
	case subAttacks:
		g.resolveAttack()
	case subColors:
		g.resolveColor()
	case subClaim:
		g.resolveClaim()
	case subPasses:
		g.resolvePass()
	case subRoundEnd:
		g.endAuctionRound()
	}
}

// revealBids reveals the round's choices: bid gems go to the reserve, whatever happens (RULES.md
// 6.2), and the attackers and passers are noted; the attacks follow.
func (g *Game) revealBids() {
	g.attackers, g.passers = 0, 0
	for in := g.inAuction; in != 0; in &= in - 1 {
		p := Player(bits.TrailingZeros8(in))
		switch m := &g.secret[p]; m.Kind {
		case Bid:
			g.screen[p][m.Color]--
			g.reserve[m.Color]++
			g.noteScreen(p)
		case Attack:
			g.attackers |= 1 << p
		case Pass:
			g.passers |= 1 << p
		}
	}
	if g.vIn != 0 {
		g.drawVirtualBids()
	}
	g.sub = subAttacks
	g.resolveAttack()
}

// resolveAttack lets the next attacker, in priority order, take any card on the auction; the
// token goes back to the supply and the attacker is done for the phase (RULES.md 6.1). Decided
// here (the rulebooks are silent): an attacker who finds the auction emptied by earlier attackers
// keeps the token and stays in the auction, like a bidder who got nothing. With no attacker left,
// the bids are resolved.
func (g *Game) resolveAttack() {
	if g.attackers == 0 {
		g.sub, g.bidColor = subColors, 0
		g.resolveColor()
		return
	}
	p, _ := g.first(g.attackers)
	g.attackers &^= 1 << p
	if g.auctionEmpty() {
		return
	}
	g.attacks[p]--
	g.inAuction &^= 1 << p
	g.act = action{kind: actTake, who: uint8(p), color: anyColor}
}

// bidders returns the players still in the auction who bid colour c this round.
func (g *Game) bidders(c Color) uint8 {
	return uint8(g.humanBids()>>(8*uint(c))) & 0xF
}

// humanBids returns who bid which colour this round among the players still in the auction, as
// the bytes of one word: bit p of byte c is set when player p bid colour c. The four hidden
// choices are read at once, without a branch on each: a choice that is not a bid sets no bit.
func (g *Game) humanBids() uint32 {
	s := &g.secret
	w := bidBit(&s[0]) | bidBit(&s[1])<<1 | bidBit(&s[2])<<2 | bidBit(&s[3])<<3
	return w & (uint32(g.inAuction) * 0x01010101)
}

// bidBit returns bit 8c for a bid of colour c, and 0 for any other choice.
func bidBit(m *Move) uint32 {
	return uint32(b2u(m.Kind == Bid)) << (8 * uint(m.Color) & 31)
}

// virtualBids returns who bid which colour this round among the virtual opponents still in the
// auction, as humanBids does, bit 4+v of byte c for virtual opponent v.
func (g *Game) virtualBids() uint32 {
	var w uint32
	for in := g.vIn; in != 0; in &= in - 1 {
		v := uint(bits.TrailingZeros8(in))
		if c, ok := g.vBid[v].get(); ok {
			w |= 1 << (8*uint(c) + 4 + v)
		}
	}
	return w
}

// resolveColor resolves the bids colour by colour, from the next colour on (RULES.md 6.2), until a
// decision is owed: a sole bidder takes one of the cards there and is done; two bidders on two
// cards claim, hidden and simultaneous; in every other case nobody gets a card and all stay in.
// Once every colour is resolved, the virtual opponents' auction discards and then the passes
// follow. A sole bidder's take with one card there is made here: that take is the bidder's only
// move, which settle would make (onlyTake) after a return through its loop. The step ends with the take, as it would have ended with the decision, so that History
// logs it as any take (TestAuctionTakesLogged).
func (g *Game) resolveColor() {
	// Who bid which colour, read once for every colour (nobody leaves the auction before this
	// returns), from the next colour on: the loop visits only the colours somebody bid.
	var by uint32
	if g.bidColor < NumColors {
		by = g.humanBids()
		if g.vIn != 0 {
			by |= g.virtualBids()
		}
		by &^= 1<<(8*uint(g.bidColor)) - 1
	}
	for by != 0 {
		i := uint(bits.TrailingZeros32(by)) / 8
		c, bidders := Color(i), uint8(by>>(8*i))
		by &^= 0xFF << (8 * i)
		humans, virtuals := bidders&0xF, bidders>>4
		if virtuals != 0 {
			g.resolveVirtualColor(c, humans, virtuals)
			g.bidColor = uint8(c) + 1
			return
		}
		base, tip := g.auction[c][0], g.auction[c][1]
		switch others := humans & (humans - 1); {
		case others == 0 && base|tip != 0: // a sole bidder, and a card there
			p := bits.TrailingZeros8(humans)
			g.inAuction &^= humans // the sole bidder is done
			g.bidColor = uint8(c) + 1
			if base == 0 || tip == 0 {
				// The only card there: the colour is emptied, without looking for the card.
				g.auction[c] = [2]CardID{}
				g.takeIntoHandShown(Player(p), base|tip)
				return
			}
			g.act = action{kind: actTake, who: uint8(p), color: uint8(c)}
			return
		case others != 0 && others&(others-1) == 0 && base != 0 && tip != 0: // two on two cards
			g.bidColor = uint8(c)
			g.sub = subClaim
			g.ask(decClaim) // the two bidders, humans
			return
		}
	}
	g.bidColor = NumColors
	if g.vDiscards == 0 || !g.startVirtualDiscard() {
		g.sub = subPasses
		g.resolvePass()
	}
}

// resolveClaim settles a two-card claim: different claims take their cards and are done; the same
// claim gets neither bidder anything, and both stay in. The claims are revealed to compare them, so
// they are kept, and shown in every view, until the round ends (a player claims at most once a
// round). Different claims are the two cards there, and neither take depends on the other, so they
// are made in player order and the colour is emptied at once.
func (g *Game) resolveClaim() {
	c := Color(g.bidColor)
	set := g.bidders(c)
	a := Player(bits.TrailingZeros8(set))
	b := Player(bits.TrailingZeros8(set &^ (1 << a)))
	if g.claim[a] != g.claim[b] {
		g.auction[c] = [2]CardID{}
		g.takeIntoHandShown(a, g.claim[a])
		g.takeIntoHandShown(b, g.claim[b])
		g.inAuction &^= 1<<a | 1<<b
	}
	g.bidColor++
	g.sub = subColors
}

// resolvePass gives the next passing player, in priority order, their pass gems: 3 plus their
// science tokens, colours of their choice, as far as the reserve holds them (RULES.md 6). With no
// passer left, the round ends.
func (g *Game) resolvePass() {
	if g.passers == 0 {
		g.sub = subRoundEnd
		g.endAuctionRound()
		return
	}
	p, _ := g.first(g.passers)
	g.passers &^= 1 << p
	g.inAuction &^= 1 << p
	g.passedAt |= 1 << p
	g.startGems(p, g.passGems(p))
}

// passGems returns how many gems p's pass gives, as far as the reserve holds them: a reserve of no
// more than PassGems(0) gems goes to the passer whole, whatever their science tokens, so these are
// counted only for a larger reserve (more than a third of the passes in random games find a
// smaller one). TestPassGemsAsTheGeneralWay holds it to the tokens counted always.
func (g *Game) passGems(p Player) int {
	if g.reserve.Total() <= PassGems(0) {
		return PassGems(0)
	}
	return PassGems(g.science(p))
}

// science counts the science tokens in p's pyramid.
func (g *Game) science(p Player) int {
	pyr := &g.pyr[p]
	return g.on.countOn(pyr.cells[:pyr.size()], Science)
}

// endAuctionRound starts another round while players are in and fewer than 3 were held. After
// round 3 everyone still in passes automatically and takes pass gems in priority order; then the
// phase ends.
func (g *Game) endAuctionRound() {
	switch {
	case g.inAuction != 0 && g.round < 3:
		g.beginAuctionRound()
	case g.inAuction != 0:
		g.passers = g.inAuction
		g.sub = subPasses
	default:
		g.endAuction()
	}
}

// endAuction discards the cards at the tips, moves the cards at the bases to the tips and reveals
// up to 4 new cards from the large deck at the bases (RULES.md 6); the development phase follows.
func (g *Game) endAuction() {
	g.skip = 0 // the auction phase that 69 Privilege skipped is over
	g.claim = [MaxPlayers]CardID{}
	g.recall = roundRecall{} // the auction's rounds no longer matter
	for c := range NumColors {
		if tip := g.auction[c][1]; tip != 0 {
			g.under.discard(tip)
		}
		g.auction[c][1] = g.auction[c][0]
		g.auction[c][0] = g.drawLarge()
	}
	g.beginDevelopment()
}

// takeFromAuction moves a card from the auction into p's hand and returns where it lay.
func (g *Game) takeFromAuction(p Player, card CardID) (Color, int) {
	at, slot := g.takeFromAuctionSlot(card)
	g.takeIntoHandShown(p, card)
	return at, slot
}

// takeIntoHandShown puts a card taken from the auction into p's hand, where everyone saw it go.
func (g *Game) takeIntoHandShown(p Player, card CardID) {
	g.takeIntoHand(p, card)
	g.under.show(card)
}

// takeFromAuctionSlot lifts a card off the auction and returns where it lay.
func (g *Game) takeFromAuctionSlot(card CardID) (Color, int) {
	// The eight places are compared at once, as the bytes of a word (colour c's base in byte 2c,
	// its tip in byte 2c+1): a byte of x is zero exactly where the card lies. Subtracting ones
	// borrows into the high bit of the lowest zero byte, and of no byte below it, so the lowest
	// set bit of z marks the card's place, the first in colour order, base before tip.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	a := &g.auction
	w := uint64(a[0][0]) | uint64(a[0][1])<<8 | uint64(a[1][0])<<16 | uint64(a[1][1])<<24 |
		uint64(a[2][0])<<32 | uint64(a[2][1])<<40 | uint64(a[3][0])<<48 | uint64(a[3][1])<<56
	x := w ^ uint64(card)*ones
	z := (x - ones) &^ x & highs
	if z == 0 {
		return 0, 0
	}
	i := uint(bits.TrailingZeros64(z)) / 8
	c, slot := i/2%NumColors, i%2
	a[c][slot] = 0
	return Color(c), int(slot)
}
