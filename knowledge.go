package viceroy

import "encoding/binary"

// What the table saw. A view is its player's information state under perfect recall: everything
// that player was shown since the deal. Most of it is the open state of the game (pyramids, the
// auction, the reserve, the cards out of the game), but some hidden things are shown on the way,
// and the game keeps what they showed, so that View states it and no client or bot has to count:
//
//   - Hands. A hand is hidden, but a card taken from the auction (by a bid, a claim, an attack or
//     69 Privilege) or given back by 65 Succession is seen by everyone as it goes in, and stays
//     known until it leaves the hand (every way out of a hand is open: played, discarded, tucked).
//     A card dealt or drawn from a deck is seen only by its owner. Character and law cards have
//     different backs, so how many law cards a hand holds is known to all.
//   - Law cards put back by 70 Council. Whoever put them back knows the order of the top of the
//     law deck (View.LawsKnown), and so knows which of them another player draws. That knowledge
//     is kept by the player who had it, also when somebody else plays Council later.
//   - Screens. Each player starts with 2 gems of each colour and returns 2 of the 8 at random,
//     unseen (RULES.md 3.1); every gem that enters or leaves a screen after that is taken, paid,
//     bid, parked or given in the open. So the others know a screen up to those 2 returned gems,
//     and each gem paid out narrows them down: a player who had at most 1 red left, by the open
//     count, and paid 1 red cannot have returned a red one. View gives the gems whose colours are
//     known, how many are not, and the colours these can have.
//     The reserve was seen, and every gem is somewhere, so the 2 gems of every other player
//     together are known (View.Returned): with one other player, that is their 2. View.Players
//     gives what each screen shows on its own; Sample draws all of them together.
//     A character card chosen to be played shows, once revealed, that its cost on level 1 can be
//     paid (it could not be chosen otherwise): that narrows them down too.
//   - Decks. Their order is hidden from all, but for the law cards a player put back on top of
//     the law deck (70 Council): that player knows them in order, and which of them others draw.
//     A view gives deck sizes; Sample shuffles every card its viewer has not seen into the decks
//     and the others' hidden hand places alike.
//   - Virtual opponents hide nothing: they hold no cards or gems, and each bid is drawn from the
//     box as it is revealed (RULES.md 9), so a view shows their bids of the round and who of them
//     is still in the auction, and nothing is left to sample but the draws to come.
//   - Rounds. The choices of a round of an auction or development phase are hidden until all
//     reveal them together; the view keeps those of the earlier rounds of the phase under way
//     (View.Recalled, with the claims of an auction, and VirtualView.PastBids), in the order
//     revealed, until the phase ends (roundRecall).
//   - Painting is hidden until the game is over, so while players paint, the others know a
//     screen as it was before painting (View).
//
// Not kept, as no rule of play shows it: which of the cards a player returned to the deck at setup
// (second edition) were their own. Sample treats them as any other unseen card.

// fewGems counts a few gems by colour, at most 3 of each, in a byte: colour c in bits 2c and
// 2c+1. The Game keeps in it, for each player, the 2 gems setup returned from the screen unseen
// and the most of each colour those may be (2 at most), which a Gems would keep in four bytes:
// every Apply copies the Game twice, so they take a quarter of the room. They are read only when
// gems leave a screen (noteScreen, noteAffordable) and for views, through the gemWord form: word
// looks it up in a table, and packFew, needed only when a bound drops, takes a few shifts. A view
// that gives more than 2 of a colour possible shows what no game does, and Sample refuses it.
type fewGems uint8

// packFew returns the gemWord w, which holds at most 3 of each colour, as fewGems.
func packFew(w uint32) fewGems {
	w = (w | w>>6) & 0x000F000F // colours 1 and 3 to bits 2-3 and 18-19
	return fewGems(w | w>>12)   // colours 2 and 3 to bits 4-7
}

// fewWords holds the gemWord of every fewGems, so that reading one costs a load: the bound and
// the returned gems are read at every payment that leaves a screen with fewer than 2 gems of a
// colour (noteScreen).
var fewWords = func() (t [256]uint32) {
	for f := range t {
		w := uint32(f)
		w = (w | w<<12) & 0x000F000F   // colours 2 and 3 to bits 16-19
		t[f] = (w | w<<6) & 0x03030303 // colours 1 and 3 to bits 8-9 and 24-25
	}
	return t
}()

// word returns the gems as a gemWord.
func (f fewGems) word() uint32 { return fewWords[f] }

// gems returns the gems as a Gems.
func (f fewGems) gems() Gems {
	var g Gems
	binary.LittleEndian.PutUint32(g[:], f.word())
	return g
}

// twoOfEach is 2 gems of each colour as fewGems: the bound on the returned gems before any is
// noted.
const twoOfEach fewGems = 0b10_10_10_10

// plus returns f with one more gem of colour c, of which f holds at most 2.
func (f fewGems) plus(c Color) fewGems { return f + 1<<(2*c) }

// lawSet is a set of law cards: bit i for card FirstLaw+i.
type lawSet uint32

// lawBit returns the bit of law card c.
func lawBit(c CardID) lawSet { return 1 << (c - FirstLaw) }

// noteScreen records, after gems left p's screen in the open, what that tells the others of the
// 2 gems setup returned unseen: of each colour, no more than the screen would hold had they not
// been returned. Those are at most 2, so a screen with 2 of every colour tells nothing new: that
// is checked first, as payments are frequent.
func (g *Game) noteScreen(p Player) {
	screen := gemWord(g.screen[p])
	if covers(screen, gemWord(Gems{2, 2, 2, 2})) {
		return
	}
	open, bound := screen+g.unseen[p].word(), g.bound[p].word()
	if covers(open, bound) {
		return // noted already
	}
	g.bound[p] = packFew(lesser(bound, open))
}

// noteAffordable records, when p's choice to play a character card is revealed, what it tells the
// others: p's screen, with p's unused infinite gems, pays cost. Infinite gems only lower what the
// screen must pay, so when the screen pays the whole cost with the bound to spare, nothing is new.
func (g *Game) noteAffordable(p Player, cost Gems) {
	if covers(gemWord(g.screen[p])+g.unseen[p].word(), gemWord(cost)+g.bound[p].word()) {
		return
	}
	b, s, u := g.bound[p].gems(), &g.screen[p], g.unseen[p].gems()
	inf := g.usableGems(p)
	for c := range b {
		need := cost[c] - min(cost[c], inf[c])
		b[c] = min(b[c], s[c]+u[c]-need)
	}
	g.bound[p] = packFew(gemWord(b))
}

// returnedBy returns the gems setup returned unseen from the screens of every player but viewer,
// together: everyone knows them, as the reserve was seen at setup.
func (g *Game) returnedBy(viewer Player) Gems {
	var sum Gems
	for q := range g.players {
		if Player(q) != viewer {
			sum = sum.Plus(g.unseen[q].gems())
		}
	}
	return sum
}

// knownHand returns the cards of q's hand that viewer knows: all of them for q's own hand, else
// the cards everyone saw q take and those viewer put back on the law deck and saw q draw.
func (g *Game) knownHand(viewer, q Player) cardSet {
	if viewer == q {
		return g.hand[q]
	}
	known := g.under.shown()
	if viewer >= 0 && int(viewer) < int(g.players) {
		known[1] |= uint64(g.lawSeen[viewer]) << (FirstLaw - 64) // the laws are cards 65-88
	}
	known[0] &= g.hand[q][0]
	known[1] &= g.hand[q][1]
	return known
}

// lawCount counts the law cards in a set.
func lawCount(s cardSet) int {
	n := 0
	for c := range s.all() {
		if c.IsLaw() {
			n++
		}
	}
	return n
}

// screenKnowledge returns what the others know of a screen that holds screen now, given the gems
// setup returned unseen and the bound noted on them: the gems whose colours are known, how many
// more there are, and the most of each colour those may be (zero when none). The screen itself
// bounds the returned gems too (the others know it up to them), which matters once painting,
// paid unseen, is shown at the end of the game.
func screenKnowledge(screen, unseen, bound Gems) (known Gems, unknown int, possible Gems) {
	base := screen.Plus(unseen) // the screen as if setup had returned nothing
	for c := range bound {
		bound[c] = min(bound[c], base[c])
	}
	unknown = bound.Total() - unseen.Total()
	if unknown == 0 {
		return screen, 0, Gems{}
	}
	return base.Minus(bound), unknown, bound
}

// discarded returns the cards out of the game (View.Discarded), which tucks keeps.
func (g *Game) discarded() cardSet { return g.under.out() }

// roundRecall keeps the revealed choices of the earlier rounds of the auction or development
// phase under way, which every player saw (a view is under perfect recall): the round under way
// has its own in secret, claim and vBid, which the next round clears; before it does, recallRound
// packs them here, and they stay until the phase ends. A phase has at most 3 rounds, so at most 2
// are recalled. A round's choices take 12 bits of moves, round r from bit 12(r-1): 3 bits for each
// of the 4 participants, the players first and then the virtual opponents (participant players+v
// for virtual opponent v), each a recallCode. The cards of a round are kept whole, by player: in
// an auction the claimed cards (a claimed card may leave the auction in a later round), in a
// development phase the cards played or discarded.
type roundRecall struct {
	moves uint32
	cards [2][MaxPlayers]CardID
}

// recallBits is how many bits a participant's choice takes in roundRecall.moves, and
// recallRoundBits how many a round's.
const (
	recallBits      = 3
	recallRoundBits = recallBits * MaxPlayers
)

// recallCode returns the code of a round's choice: 0 none, 1 a pass, 2 an attack or a discard
// (the phase tells which), 3 a play, 4+c a bid of colour c. A bid's colour is added without a
// branch: recallCodes[Bid] is 4, and only a bid's colour counts.
func recallCode(m *Move) uint32 {
	k := m.Kind
	if int(k) >= len(recallCodes) {
		return 0
	}
	return uint32(recallCodes[k]) + uint32(b2u(k == Bid))*uint32(m.Color&3)
}

// recallCodes holds the code of each kind of move a round recalls (recallCode), 0 for the others.
var recallCodes = [...]uint8{Pass: 1, Attack: 2, Discard: 2, Play: 3, Bid: 4}

// recalledMove returns the choice of a recallCode in phase ph, with its card, and false for none.
func recalledMove(code uint32, ph gamePhase, card CardID) (Move, bool) {
	switch {
	case code == 1:
		return Move{Kind: Pass}, true
	case code == 2 && ph == phaseAuction:
		return Move{Kind: Attack}, true
	case code == 2:
		return Move{Kind: Discard, Card: card}, true
	case code == 3:
		return Move{Kind: Play, Card: card}, true
	case code >= 4:
		return Move{Kind: Bid, Color: Color(code - 4)}, true
	}
	return Move{}, false
}

// recallRound keeps the choices of the round that ends, before the next round clears them: in an
// auction the bids, attacks, passes and claims, in a development phase the plays, discards and
// passes. The four players' choices are read at once (a player the game does not have chose
// nothing): it runs at every round of every game.
func (g *Game) recallRound() {
	r := uint(g.round) - 1
	if r >= uint(len(g.recall.cards)) {
		return
	}
	s := &g.secret
	w := recallCode(&s[0]) | recallCode(&s[1])<<recallBits | recallCode(&s[2])<<(2*recallBits) |
		recallCode(&s[3])<<(3*recallBits)
	if g.phase == phaseDevelopment {
		g.recall.cards[r] = [MaxPlayers]CardID{s[0].Card, s[1].Card, s[2].Card, s[3].Card}
	} else {
		for v := range g.virtual {
			if c, ok := g.vBid[v].get(); ok {
				w |= (4 + uint32(c)) << (recallBits * uint(g.players+v))
			}
		}
		g.recall.cards[r] = g.claim
	}
	g.recall.moves |= w << (recallRoundBits * r)
}

// recalledCode returns the recallCode of participant i's choice in earlier round r (1 or 2).
func (g *Game) recalledCode(r, i int) uint32 {
	return g.recall.moves >> (recallRoundBits*uint(r-1) + recallBits*uint(i)) & (1<<recallBits - 1)
}

// recalling reports whether the phase under way recalls earlier rounds: an auction or development
// phase past its first round.
func (g *Game) recalling() bool {
	return (g.phase == phaseAuction || g.phase == phaseDevelopment) && g.round >= 2
}

// pastRounds returns the revealed choices of the earlier rounds of the auction or development
// phase under way, round by round, as revealedChoices gives a round's: every player's choice in
// player order, then in an auction the claims in player order (View.Recalled).
func (g *Game) pastRounds() [][]PlayerMove {
	if !g.recalling() {
		return nil
	}
	out := make([][]PlayerMove, 0, g.round-1)
	for r := 1; r < int(g.round); r++ {
		round := []PlayerMove{}
		cards := &g.recall.cards[r-1]
		for p := range int(g.players) {
			if m, ok := recalledMove(g.recalledCode(r, p), g.phase, cards[p]); ok {
				round = append(round, PlayerMove{Player: Player(p), Move: m})
			}
		}
		for p, c := range cards[:g.players] {
			if c != 0 && g.phase == phaseAuction {
				round = append(round, PlayerMove{Player: Player(p), Move: Move{Kind: Claim, Card: c}})
			}
		}
		out = append(out, round)
	}
	return out
}

// pastVirtualBids returns the bids virtual opponent v drew in the earlier rounds of the auction
// under way, in round order (VirtualView.PastBids).
func (g *Game) pastVirtualBids(v int) []Color {
	if g.phase != phaseAuction || !g.recalling() {
		return nil
	}
	var out []Color
	for r := 1; r < int(g.round); r++ {
		if code := g.recalledCode(r, int(g.players)+v); code >= 4 {
			out = append(out, Color(code-4))
		}
	}
	return out
}
