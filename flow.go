package viceroy

import "math/bits"

// This file holds the machinery that turns the phases into decisions: the loop that runs the game
// forward between decisions, and the sequential action of one player (placing, paying, rewards,
// gem picks, draws) carried out move by move, each decision's move by its entry of the table of
// decisions (decisions.go). The action kinds are in action.go.

// step takes the next automatic step of the phase; settle calls it only when no decision is owed.
func (g *Game) step() {
	switch g.phase {
	case phaseStart:
		g.finishSetup()
	case phaseStartReward:
		p, ok := g.first(g.passers)
		if !ok {
			g.beginTurn(1)
			return
		}
		g.passers &^= 1 << p
		start := g.pyr[p].cells[0]
		g.startReward(p, start, Place{1, 0}, 1<<0)
	case phaseAuction:
		g.auctionStep()
	case phaseDevelopment:
		g.developmentStep()
	case phasePainting:
		g.discardHands()
		g.phase = phaseOver
	}
}

// startReward begins the action that gives player p the rewards of the given rows of card, which
// stands at at.
func (g *Game) startReward(p Player, card CardID, at Place, rows uint8) {
	g.act = action{kind: actReward, who: uint8(p), card: card, at: at, rows: rows}
	g.giveRewards()
}

// startGems begins the action in which player p takes n gems of their choice from the reserve.
func (g *Game) startGems(p Player, n int) {
	g.act = action{kind: actGems, who: uint8(p), n: uint8(n)}
	g.giveRewards()
}

// giveRewards continues the current action: gem picks and draws still owed come first, then the
// remaining items of the reward rows in order. Items that need no decision are given at once. It
// returns when a decision is owed, or ends the action when nothing is left.
func (g *Game) giveRewards() {
	a := &g.act
	p := Player(a.who)
	if a.kind == actGems {
		if uint32(a.n) >= gemTotal(gemWord(g.reserve)) {
			// Taking every gem left is no choice: take them all.
			g.screen[p] = g.screen[p].Plus(g.reserve)
			g.reserve = Gems{}
			a.n = 0
		}
		if a.n > 0 {
			return
		}
	}
	if a.kind == actDraw {
		if g.smallLen() == 0 && g.lawLen() == 0 {
			a.n = 0
		}
		if a.n > 0 {
			return
		}
	}
	for a.rows != 0 {
		row := bits.TrailingZeros8(a.rows)
		reward := &catalogue[a.card].Rows[row].Reward
		for int(a.item) < len(reward) && reward[a.item].Kind != NoReward {
			it := reward[a.item]
			a.item++
			switch it.Kind {
			case GemsReward:
				if g.reserve != (Gems{}) {
					a.kind, a.n = actGems, it.N
					g.giveRewards()
					return
				}
			case CardsReward:
				if g.smallLen()+g.lawLen() > 0 {
					a.kind, a.n = actDraw, it.N
					g.giveRewards()
					return
				}
			default:
				g.giveItem(p, a.card, it)
			}
		}
		a.rows &^= 1 << row
		a.item = 0
	}
	g.act = action{}
}

// giveItem gives a reward item that needs no decision (RULES.md 8.5): tokens on the card, attack
// tokens behind the screen, or an infinite gem (from the reserve, else from the player's screen,
// else none).
func (g *Game) giveItem(p Player, card CardID, it RewardItem) {
	switch it.Kind {
	case PointsReward:
		g.on.add(card, token(PowerPoints, int(it.N), 0))
	case ScienceReward, MagicReward, DefenseReward:
		kind := Science
		if it.Kind == MagicReward {
			kind = Magic
		} else if it.Kind == DefenseReward {
			kind = Defense
		}
		for range it.N {
			g.on.add(card, token(kind, 1, 0))
		}
	case MagicBonusReward:
		g.on.add(card, token(MagicBonus, int(it.N), 0))
	case CircleBonusReward:
		g.on.add(card, token(CircleBonus, int(it.N), it.Color))
	case AttackReward:
		g.attacks[p] += it.N
	case InfiniteReward:
		switch {
		case g.on.infinite(card) != 0:
			// a card holds one infinite gem; the catalogue never gives a second
		case g.reserve[it.Color] > 0:
			g.reserve[it.Color]--
			g.on.setInfinite(card, it.Color)
		case g.screen[p][it.Color] > 0:
			g.screen[p][it.Color]--
			g.noteScreen(p)
			g.on.setInfinite(card, it.Color)
		}
	}
}

// takeIntoHand puts a card into player p's hand. With 78 Patronage in p's pyramid the player
// then decides whether to tuck it under the law instead (cards README: any card taken into the
// hand counts, whatever its source). Several cards taken at once (70 Council's draw) are decided
// one by one in card-number order, before anything else goes on.
func (g *Game) takeIntoHand(p Player, c CardID) {
	if c == 0 {
		return
	}
	g.hand[p].add(c)
	if g.pyr[p].has(lawPatronage) {
		g.addPatron(c)
	}
}

// pickColors states the gem picks of an action taking gems: a gem of any colour the reserve has
// (bit c for colour c).
func (g *Game) pickColors() uint32 {
	return colorsOf(gemWord(g.reserve))
}

// allowsGemPick reports whether *m is one of the gem picks of pickColors.
func (g *Game) allowsGemPick(_ Player, m *Move) bool {
	c := m.Color
	return *m == Move{Kind: TakeGem, Color: c} && c.Valid() && g.pickColors()>>c&1 != 0
}

// onlyGemPick returns the only gem pick of pickColors, if the reserve has a single colour left.
func (g *Game) onlyGemPick(Player) (Move, bool) {
	colors := g.pickColors()
	if !single(colors) {
		return Move{}, false
	}
	return Move{Kind: TakeGem, Color: Color(bits.TrailingZeros32(colors))}, true
}

// appendGemPicks appends the gem picks of pickColors, the most frequent decision, in colour order.
func (g *Game) appendGemPicks(dst []Move, _ Player) []Move {
	colors := g.pickColors()
	if colors == 1<<NumColors-1 {
		// The usual case: the four moves are stored as constants, without the call that copies
		// a table's moves.
		return append(dst, Move{Kind: TakeGem, Color: Blue}, Move{Kind: TakeGem, Color: Red},
			Move{Kind: TakeGem, Color: Green}, Move{Kind: TakeGem, Color: Yellow})
	}
	return append(dst, gemPicks[colors]...)
}

// takeGemPick makes p's gem pick *m: a gem of its colour from the reserve to the screen. When
// another pick with a choice of colours follows (picksFollow), the game is at rest at the same
// decision, and takeGemPick says so: the most frequent decision of all then goes through neither
// giveRewards nor settle. Otherwise the action goes on (giveRewards).
func (g *Game) takeGemPick(p Player, m *Move) (goOn bool) {
	g.reserve[m.Color]--
	g.screen[p][m.Color]++
	g.act.n--
	if g.picksFollow() {
		return false
	}
	g.giveRewards()
	return true
}

// picksFollow reports whether the gem picks left to the action are a decision still to ask: some
// are left; fewer than the gems of the reserve (giveRewards takes every gem left at once were as
// many picks left as gems, or more); and the reserve has several colours (settle makes the pick
// for the player were one colour left, onlyGemPick).
func (g *Game) picksFollow() bool {
	r := gemWord(g.reserve)
	n := uint32(g.act.n)
	return n > 0 && n < gemTotal(r) && several(gemColors(r))
}

// gemPicks holds, for each set of colours (bit c for colour c), the gem picks of those colours in
// colour order.
var gemPicks = func() (t [1 << NumColors][]Move) {
	for set := range t {
		for c := range Color(NumColors) {
			if set&(1<<c) != 0 {
				t[set] = append(t[set], Move{Kind: TakeGem, Color: c})
			}
		}
	}
	return t
}()

// drawDecks states the draws of an action drawing cards: from a deck with cards left, bit
// SmallDeck for the small deck, bit LawDeck for the law deck.
func (g *Game) drawDecks() uint8 {
	return b2u(g.smallLen() > 0)<<SmallDeck | b2u(g.lawLen() > 0)<<LawDeck
}

// appendDraws appends the draws of drawDecks, the small deck first.
func (g *Game) appendDraws(dst []Move, _ Player) []Move {
	decks := g.drawDecks()
	if decks>>SmallDeck&1 != 0 {
		dst = append(dst, Move{Kind: Draw, Choice: SmallDeck})
	}
	if decks>>LawDeck&1 != 0 {
		dst = append(dst, Move{Kind: Draw, Choice: LawDeck})
	}
	return dst
}

// allowsDraw reports whether *m is one of the draws of drawDecks.
func (g *Game) allowsDraw(_ Player, m *Move) bool {
	return *m == Move{Kind: Draw, Choice: m.Choice} && m.Choice <= LawDeck && g.drawDecks()>>m.Choice&1 != 0
}

// onlyDraw returns the only draw of drawDecks, if one deck alone has cards left.
func (g *Game) onlyDraw(Player) (Move, bool) {
	decks := g.drawDecks()
	if !single(uint32(decks)) {
		return Move{}, false
	}
	return Move{Kind: Draw, Choice: uint8(bits.TrailingZeros8(decks))}, true
}

// drawCard draws the card of p's draw *m into the hand, and the action goes on.
func (g *Game) drawCard(p Player, m *Move) (goOn bool) {
	if m.Choice == LawDeck {
		g.takeIntoHand(p, g.drawLaw(p))
	} else {
		g.takeIntoHand(p, g.drawSmall())
	}
	g.act.n--
	g.giveRewards()
	return true
}

// appendPayments appends the moves of a payment: an infinite gem of p's pyramid that can pay a gem
// still due (canUseInfinite), and paying the rest from the screen when it covers it.
func (g *Game) appendPayments(dst []Move, p Player) []Move {
	due := g.act.due
	pyr := &g.pyr[p]
	for _, id := range pyr.cells[:pyr.size()] {
		if g.canUseInfinite(id, due) {
			dst = append(dst, Move{Kind: UseInfinite, Card: id})
		}
	}
	if g.screen[p].Covers(due) {
		dst = append(dst, Move{Kind: PayCost})
	}
	return dst
}

// pay makes p's payment move: an infinite gem pays a gem of its colour still due, and the rest is
// paid when no other infinite gem could pay any of it (payRest); or the screen pays the rest.
func (g *Game) pay(p Player, m *Move) (goOn bool) {
	a := &g.act
	if m.Kind == UseInfinite {
		c, _ := g.on.infinite(m.Card).get()
		g.on.useInfinite(m.Card)
		a.due[c]--
		g.payRest(p)
		return true
	}
	g.payFromScreen(p)
	return true
}

// usableGems returns, by colour, the infinite gems in p's pyramid that have not paid this turn.
func (g *Game) usableGems(p Player) Gems {
	var n Gems
	pyr := &g.pyr[p]
	for _, id := range pyr.cells[:pyr.size()] {
		if c, ok := g.on.infinite(id).get(); ok && !g.on.usedInfinite(id) {
			n[c]++
		}
	}
	return n
}

// infiniteCanPay reports whether an infinite gem in p's pyramid that has not paid this turn could
// pay a gem of due: the cards whose UseInfinite moves are listed.
func (g *Game) infiniteCanPay(p Player, due Gems) bool {
	pyr := &g.pyr[p]
	for _, id := range pyr.cells[:pyr.size()] {
		if g.canUseInfinite(id, due) {
			return true
		}
	}
	return false
}

// canPay reports whether p's screen, with p's infinite gems that have not paid this turn, covers
// cost (RULES.md 8.3, 8.4): each infinite gem pays one gem of its colour, once per turn. The
// infinite gems are counted only when the screen alone falls short, as it seldom does.
func (g *Game) canPay(p Player, cost Gems) bool {
	have, c := gemWord(g.screen[p]), gemWord(cost)
	return covers(have, c) || g.coversWithInfinite(p, have, c)
}

// coversWithInfinite reports whether the screen have, with p's infinite gems that have not paid
// this turn, covers cost (both gemWords): canPay once the screen alone falls short.
func (g *Game) coversWithInfinite(p Player, have, cost uint32) bool {
	return covers(have+gemWord(g.usableGems(p)), cost)
}

// canUseInfinite reports whether the infinite gem on card id, in the pyramid of the player paying,
// may pay a gem of due now: it has not paid this turn, and its colour is still due.
func (g *Game) canUseInfinite(id CardID, due Gems) bool {
	c, ok := g.on.infinite(id).get()
	return ok && due[c] > 0 && !g.on.usedInfinite(id)
}

// payableLevels states where p may stand character card: on the levels of p's pyramid whose
// opening (layout.opening, the legal places) is not empty and whose cost p can pay (canPay), bit
// l-1 for level l; at any place of those openings. Costs grow with the level (each level adds to
// the one below), so above a level whose cost p cannot pay, p can pay for none, and the levels
// are not looked at.
func (g *Game) payableLevels(p Player, card CardID) uint8 {
	pyr := &g.pyr[p]
	var levels uint8
	for l, top := 1, pyr.openLevels(false); l <= top; l++ {
		if pyr.opening(l).empty() {
			continue
		}
		if !g.canPay(p, costAt(card, l)) {
			break
		}
		levels |= 1 << (l - 1)
	}
	return levels
}

// placeLevelsNow returns what Game.placeLevels holds at rest: the payableLevels of the character
// card being placed while where it stands is the decision owed, and 0 at any other.
func (g *Game) placeLevelsNow() uint8 {
	if g.dec != decPlace {
		return 0
	}
	return g.payableLevels(Player(g.act.who), g.act.card)
}

// appendPlaces appends the places where p may stand character card (payableLevels), left before
// right on each level.
func (g *Game) appendPlaces(dst []Move, p Player, card CardID) []Move {
	return g.appendPlacesOn(dst, p, g.payableLevels(p, card))
}

// appendPlacesOn appends the places of the openings of p's pyramid on levels (bit l-1 for level l),
// level by level from the bottom, left before right.
func (g *Game) appendPlacesOn(dst []Move, p Player, levels uint8) []Move {
	var buf [maxPlaces]Place
	pyr := &g.pyr[p]
	for ; levels != 0; levels &= levels - 1 {
		l := bits.TrailingZeros8(levels) + 1
		for _, at := range pyr.opening(l).appendTo(buf[:0], l) {
			dst = append(dst, Move{Kind: PlaceCard, At: at})
		}
	}
	return dst
}

// appendCharacterPlaces appends the places where p may stand the character card being played: on
// the levels placeLevels holds, found when settle asked whether the place was forced (onlyPlace).
func (g *Game) appendCharacterPlaces(dst []Move, p Player) []Move {
	return g.appendPlacesOn(dst, p, g.placeLevels)
}

// allowsPlace reports whether *m stands the character card being played at a place where p may
// stand it: a legal place (layout.canPlace) on one of the levels placeLevels holds.
func (g *Game) allowsPlace(p Player, m *Move) bool {
	return *m == Move{Kind: PlaceCard, At: m.At} && g.pyr[p].canPlace(m.At, false) &&
		g.placeLevels>>(m.At.Level-1)&1 != 0
}

// onlyPlace returns the place where p may stand the character card being played if there is
// exactly one, and whether so. It finds the levels p may stand the card on (payableLevels) and
// keeps them in placeLevels, for the list and the check of the move, which follow while the
// decision is owed: settle asks onlyPlace before it leaves the game at rest at this decision, and
// Sample comes to rest through comeToRest, which finds them too (placeLevelsNow).
func (g *Game) onlyPlace(p Player) (Move, bool) {
	levels := g.payableLevels(p, g.act.card)
	g.placeLevels = levels
	pyr := &g.pyr[p]
	var only Move
	n := 0
	for ; levels != 0; levels &= levels - 1 {
		l := bits.TrailingZeros8(levels) + 1
		o := pyr.opening(l)
		if n += o.size(); n >= 2 {
			return Move{}, false
		}
		only = Move{Kind: PlaceCard, At: o.first(l)}
	}
	return only, n == 1
}

// b2u is 1 for true and 0 for false.
func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// appendRewardChoices appends the choice of a card at level 5: the rewards of rows 1-3, or 15 points.
func (g *Game) appendRewardChoices(dst []Move, _ Player) []Move {
	return append(dst, Move{Kind: TakeReward, Choice: RowRewards}, Move{Kind: TakeReward, Choice: FifteenPoints})
}

// chooseReward takes the level-5 reward p chose: 15 points on the card, or the rewards of rows
// 1-3 in order (giveRewards).
func (g *Game) chooseReward(_ Player, m *Move) (goOn bool) {
	a := &g.act
	if m.Choice == FifteenPoints {
		g.on.add(a.card, token(PowerPoints, 15, 0))
		a.rows = 0
	} else {
		a.rows = 0b111
	}
	g.giveRewards()
	return true
}

// appendPatronage appends the choice of the owner of 78 Patronage on the lowest card just taken:
// tuck it under the law, or keep it.
func (g *Game) appendPatronage(dst []Move, _ Player) []Move {
	return append(dst, Move{Kind: Tuck, Card: g.patron}, Move{Kind: Keep})
}

// decidePatronage tucks the card just taken under 78 Patronage, or keeps it in the hand; then
// whatever was under way goes on.
func (g *Game) decidePatronage(p Player, m *Move) (goOn bool) {
	c := g.patron
	g.removePatron(c)
	if m.Kind == Tuck {
		g.tuckFromHand(p, c, lawPatronage)
	}
	if g.act.kind == actPutBack {
		g.continueLaw() // Council: the hand may now hold fewer law cards
	}
	return true
}

// placeCard stands the card being played where p's move *m says and goes on to the payment
// (RULES.md 7).
func (g *Game) placeCard(p Player, m *Move) (goOn bool) {
	a := &g.act
	at := m.At
	g.placeLevels = 0 // the place is no longer the decision owed
	g.hand[p].remove(a.card)
	if a.card == lawSuccession {
		g.succeed(p, at)
	} else {
		g.pyr[p].insert(a.card, at)
	}
	a.at = at
	a.due = costAt(a.card, int(at.Level))
	a.kind = actPay
	g.payRest(p)
	return true
}

// payRest pays the rest of the cost from the screen when no unused infinite gem could pay any of
// it (otherwise the player decides); then the action goes on.
func (g *Game) payRest(p Player) {
	a := &g.act
	if a.due != (Gems{}) && g.infiniteCanPay(p, a.due) { // a law costs nothing
		return
	}
	g.payFromScreen(p)
}

// payFromScreen pays the rest of the cost from p's screen; then the action goes on.
func (g *Game) payFromScreen(p Player) {
	a := &g.act
	g.screen[p] = g.screen[p].Minus(a.due)
	g.reserve = g.reserve.Plus(a.due)
	g.noteScreen(p)
	a.due = Gems{}
	g.afterPayment(p)
}

// afterPayment gives a gem for each single-colour circle the new card completes or is part of
// (RULES.md 8.2), then the reward of its level: at level 5 the player chooses first.
func (g *Game) afterPayment(p Player) {
	a := &g.act
	if gems := g.pyr[p].circleGems(a.at); gems != (Gems{}) { // most cards close no single-coloured circle
		for c := range gems {
			n := min(gems[c], g.reserve[c])
			g.reserve[c] -= n
			g.screen[p][c] += n
		}
	}
	if a.card.IsLaw() {
		g.resolveLaw(p)
		return
	}
	if a.at.Level == MaxLevel {
		a.kind = actReward
		return
	}
	a.rows = 1 << (a.at.Level - 1)
	a.kind = actReward
	g.giveRewards()
}
