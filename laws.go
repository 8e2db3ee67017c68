package viceroy

import (
	"math/bits"
	"slices"
)

// The law cards by number (cards/laws.tsv).
const (
	lawSuccession   CardID = 65
	lawEndowment    CardID = 66
	lawBarter       CardID = 67
	lawCensus       CardID = 68
	lawPrivilege    CardID = 69
	lawCouncil      CardID = 70
	lawLevy         CardID = 71
	lawArchive      CardID = 72
	lawBastion      CardID = 73
	lawExile        CardID = 74
	lawConcord      CardID = 75
	lawTreasury     CardID = 76
	lawConscription CardID = 77
	lawPatronage    CardID = 78
	lawHarmony      CardID = 79
	lawGarrison     CardID = 80
	lawAcademy      CardID = 81
	lawScholarship  CardID = 82
	lawMysticism    CardID = 83
	lawArcana       CardID = 84
	lawNeighbours1  CardID = 85 // Good Neighbours: 85-88 differ only in colours
	lawNeighbours4  CardID = 88
)

// lawScores returns the end-game points of every scoring law standing in the pyramid (RULES.md
// 11.3.3), in card order. A law scores only while it stands in the pyramid: a law tucked under a
// card (Endowment, or a law archived) scores nothing.
func (t Tableau) lawScores() []LawScore {
	var out []LawScore
	for id := FirstLaw; id <= NumCards; id++ {
		if catalogue[id].When == LawNow || !t.Pyramid.has(id) {
			continue
		}
		out = append(out, LawScore{Law: id, Points: t.lawPoints(id)})
	}
	return out
}

// lawPoints returns the end-game points of one law standing in the pyramid.
func (t Tableau) lawPoints(id CardID) int {
	switch {
	case id == lawCensus: // 1 point per card in the pyramid, tucked cards included
		return t.Pyramid.length() + len(t.Tucked())
	case id == lawArchive: // 5 points per card tucked under it
		return 5 * len(t.TuckedUnder(id))
	case id == lawExile: // 3, 6, 9 or 12 points on level 1, 2, 3 or 4
		at, _ := t.Pyramid.Find(id)
		return 3 * int(at.Level)
	case id == lawConcord: // 3 more points per complete set
		return 3 * min(t.Count(Defense), t.Count(Magic), t.Count(Science))
	case id == lawTreasury: // 2 points per gem parked on it (not those on a Succession that replaced it)
		return 2 * t.parked.treasury.Total()
	case id == lawPatronage: // 4 points per card tucked under it
		return 4 * len(t.TuckedUnder(id))
	case id == lawHarmony: // 1 point per single-colour circle and per infinite gem
		n := len(t.infiniteGems())
		for _, c := range t.Circles() {
			if _, ok := c.singleColor(); ok {
				n++
			}
		}
		return n
	case id >= lawNeighbours1 && id <= lawNeighbours4: // 2 points per adjacent character card
		at, _ := t.Pyramid.Find(id)
		n := 0
		for c := range t.Pyramid.adjacent(at) {
			if c.IsCharacter() {
				n++
			}
		}
		return 2 * n
	}
	return 0
}

// withHarmony returns the circle bonuses b, by colour, with what 79 Harmony adds to each
// single-colour circle when it stands in the pyramid (harmony): 1 point. Painting a circle
// single-coloured is worth its level and these (the law's score counts the same point).
func withHarmony(b [NumColors]int, harmony bool) [NumColors]int {
	if harmony {
		for i := range b {
			b[i]++
		}
	}
	return b
}

// thirdOptionGems is what the third option of every law that offers a choice of three gives: "take
// 4 gems of your choice from the reserve".
const thirdOptionGems = 4

// lawOptions lists, for the laws that offer a choice of three, what the first two options do; the
// third gives thirdOptionGems gems. Decided here: all
// three options are always offered, even one that would give nothing (4 gems from an empty
// reserve, a card from two empty decks), since the law's text lets the player choose any of them.
// An infinite gem of the player's colour comes from the reserve, else from the player's screen,
// as an infinite-gem reward does (RULES.md 8.5); only colours available somewhere are offered.
var lawOptions = map[CardID][2]lawOption{
	lawLevy:         {{tokens: []Token{token(AttackToken, 1, 0)}}, {tokens: []Token{token(PowerPoints, 6, 0)}}},
	lawBastion:      {{tokens: []Token{token(Defense, 1, 0)}}, {infinite: true}},
	lawConscription: {{tokens: []Token{token(AttackToken, 1, 0)}}, {draw: true}},
	lawGarrison:     {{tokens: []Token{token(Defense, 1, 0)}}, {tokens: []Token{token(PowerPoints, 6, 0)}}},
	lawAcademy:      {{tokens: []Token{token(Magic, 1, 0)}}, {tokens: []Token{token(Science, 1, 0)}}},
	lawScholarship:  {{tokens: []Token{token(Science, 1, 0)}}, {draw: true}},
	lawMysticism:    {{tokens: []Token{token(Magic, 1, 0), token(MagicBonus, 2, 0)}}, {infinite: true}},
	lawArcana:       {{tokens: []Token{token(MagicBonus, 3, 0)}}, {draw: true}},
}

// hasLawOptions tells the laws of lawOptions by card number, without a look-up in the map.
var hasLawOptions = func() (t [NumCards + 1]bool) {
	for id := range lawOptions {
		t[id] = true
	}
	return t
}()

// lawOption is one option of a law: tokens put on the law, an infinite gem of a chosen colour on
// the law, or one card drawn from a deck of the player's choice.
type lawOption struct {
	tokens   []Token
	infinite bool
	draw     bool
}

// playableLaws returns the laws among laws, word 1 of a cardSet (bit id-64 for law id), that p has
// somewhere to put: 65 Succession a card on levels 1-4 to replace, 66 Endowment a character card to
// go under; any other law a place below level 5, while the pyramid has room.
func (g *Game) playableLaws(p Player, laws uint64) uint64 {
	const succession, endowment = 1 << (lawSuccession - 64), 1 << (lawEndowment - 64)
	pyr := &g.pyr[p]
	var out uint64
	if pyr.size() < MaxPyramidCards {
		out = laws &^ (succession | endowment)
	}
	if laws&succession != 0 && pyr.size() > 0 {
		out |= succession
	}
	if laws&endowment != 0 && pyr.hasCharacter() {
		out |= endowment
	}
	return out
}

// appendLawPlaces appends where law can go: for 65 Succession the place of any card on levels
// 1-4 (laws never stand on level 5), for 66 Endowment any standing character card to tuck it
// under, for other laws every legal place except level 5. Laws cost nothing.
func (g *Game) appendLawPlaces(dst []Move, p Player) []Move {
	pyr := &g.pyr[p]
	switch g.act.card {
	case lawSuccession:
		for l := 1; l < MaxLevel; l++ {
			for k := range int(pyr.count[l-1]) {
				dst = append(dst, Move{Kind: PlaceCard, At: Place{int8(l), pyr.first[l-1] + int8(k)}})
			}
		}
		return dst
	case lawEndowment:
		for _, c := range pyr.cells[:pyr.length()] {
			if c.IsCharacter() {
				dst = append(dst, Move{Kind: TuckUnder, Card: c})
			}
		}
		return dst
	}
	var buf [maxPlaces]Place
	for _, at := range pyr.appendPlaces(buf[:0], true) {
		dst = append(dst, Move{Kind: PlaceCard, At: at})
	}
	return dst
}

// allowsLawPlace reports whether *m is one of the places appendLawPlaces lists for the law being
// played: for a law other than 65 Succession and 66 Endowment, a place where a law may stand
// (layout.canPlace, the check of the places layout.appendPlaces lists); for those two, a move of
// their list. Laws are played several times a game, and the check saves listing every place.
func (g *Game) allowsLawPlace(p Player, m *Move) bool {
	if c := g.act.card; c == lawSuccession || c == lawEndowment {
		return g.listed(decPlaceLaw, p, m)
	}
	return *m == Move{Kind: PlaceCard, At: m.At} && g.pyr[p].canPlace(m.At, true)
}

// onlyLawPlace returns the only place of the law being played, if it has exactly one: 65
// Succession with one card to replace, 66 Endowment with one character to go under. Any other law
// has two places at least, either side of level 1, as it is played only while the pyramid has
// room (playableLaws) and a pyramid is never empty after setup (audit, which Sample holds every
// game it draws to).
func (g *Game) onlyLawPlace(p Player) (Move, bool) {
	if c := g.act.card; c != lawSuccession && c != lawEndowment {
		return Move{}, false
	}
	return g.onlyListed(decPlaceLaw, p)
}

// placeLaw puts the law being played where p's move *m says: 66 Endowment under a character card
// (endow), which ends the action, as the law does nothing more; any other law at a place
// (placeCard), which goes on to the law's effect.
func (g *Game) placeLaw(p Player, m *Move) (goOn bool) {
	if m.Kind == TuckUnder {
		g.hand[p].remove(lawEndowment)
		g.endow(p, m.Card)
		g.act = action{}
		return true
	}
	return g.placeCard(p, m)
}

// succeed puts 65 Succession in the place of the card at at: that card goes back to the hand,
// everything lying on it moves onto the law, and the cards tucked under it stay, now under the law
// (cards README: it cannot replace a level-5 card). An infinite gem that paid this turn has paid
// for the law's place too.
func (g *Game) succeed(p Player, at Place) {
	old := g.pyr[p].replace(at, lawSuccession)
	g.on.move(old, lawSuccession) // with whether its infinite gem paid this turn
	g.under.succeed(old)
	if old == lawTreasury {
		// Treasury's parked gems lie on the law now; Treasury may be played again and park more.
		g.parked.succession, g.parked.treasury = g.parked.treasury, Gems{}
	}
	g.takeIntoHand(p, old)
	g.under.show(old)
}

// endow tucks 66 Endowment under a character card and puts on that card one more token of the same
// kind and value for every token on it. The law counts as in the pyramid (for Census) but has no
// place, and the character is no longer free (cards README).
func (g *Game) endow(p Player, host CardID) {
	g.under.tuck(lawEndowment, host)
	for _, t := range g.on.holding(host).tokens {
		if t != 0 {
			g.on.add(host, t)
		}
	}
}

// resolveLaw carries out the effect of a law just placed (cards/laws.tsv, with the readings of the
// cards README). A law with steps begins its first, and goes on while continueLaw finds the step
// has something to do. Laws that only score at the end do nothing now.
func (g *Game) resolveLaw(p Player) {
	a := &g.act
	law := a.card
	switch {
	case hasLawOptions[law]:
		a.kind = actOption
		return
	case law == lawBarter:
		a.kind = actBarterOwn
	case law == lawPrivilege:
		// The skip does not depend on the card: with the auction empty (the law text asks for a
		// card there is none of) the player takes nothing and still skips the next auction.
		if g.turn < Turns {
			g.skip |= 1 << p // the next turn's auction phase; in the last turn there is none
		}
		if !g.auctionEmpty() {
			a.kind, a.color = actTake, anyColor
			return
		}
	case law == lawCouncil:
		// Each card put back goes on top of the law deck, so the last one put back is drawn
		// first; the player who put them back knows that order (View.LawsKnown).
		for range min(3, g.lawLen()) {
			g.takeIntoHand(p, g.drawLaw(p))
		}
		a.kind, a.n = actPutBack, 2
	case law == lawArchive:
		a.kind = actArchive
	case law == lawExile:
		a.kind = actExile
	case law == lawTreasury:
		a.kind, a.n = actPark, 8
	default:
		g.act = action{}
		return
	}
	g.continueLaw()
}

// continueLaw goes on with a law's step, as it begins and after each move of it, while the step
// has something to do; otherwise the law is done. The one statement of each step's "while":
//   - 67 Barter begins only when p can swap (canBarter); its payment goes on while gems are owed,
//     and is handed over at once when it is no choice (giveRest);
//   - 70 Council puts back as many law cards as the hand holds, up to the two owed;
//   - 72 Archive tucks while the hand holds a card (or until the player stops);
//   - 74 Exile tucks one free card, when there is one other than itself;
//   - 76 Treasury parks while gems are on the screen and room on the law (8 gems);
//   - an infinite gem's colour is asked when some colour is in the reserve or on the screen.
func (g *Game) continueLaw() {
	a := &g.act
	p := Player(a.who)
	on := false
	switch a.kind {
	case actBarterOwn:
		on = g.canBarter(p)
	case actGive:
		if a.n > 0 {
			g.giveRest(p)
			return
		}
	case actPutBack:
		on = a.n > 0 && g.lawsInHand(p) > 0
	case actArchive:
		on = !g.hand[p].empty()
	case actExile:
		on = g.exileTargets(p) > 0
	case actPark:
		on = a.n > 0 && g.screen[p].Total() > 0
	case actInfColor:
		on = g.infiniteColors(p) != 0
	}
	if !on {
		g.act = action{}
	}
}

// lawsInHand counts the law cards in p's hand.
func (g *Game) lawsInHand(p Player) int {
	n := 0
	for c := range g.hand[p].all() {
		if c.IsLaw() {
			n++
		}
	}
	return n
}

// exileTargets counts the free cards of p's pyramid other than 74 Exile itself.
func (g *Game) exileTargets(p Player) int {
	n := 0
	var free [2 * MaxLevel]CardID
	for _, c := range g.pyr[p].appendFree(free[:0], g.under.hosts()) {
		if c != lawExile {
			n++
		}
	}
	return n
}

// exile tucks a free card under 74 Exile: it leaves the pyramid's structure (its circles vanish),
// its tokens go back to the supply and its gems (an infinite gem, Treasury's parked gems) to the
// reserve (cards README).
func (g *Game) exile(p Player, card CardID) {
	at, _ := g.pyr[p].Find(card)
	g.pyr[p].remove(at)
	if c, ok := g.on.infinite(card).get(); ok {
		g.reserve[c]++
	}
	if pile := g.parked.on(card); pile != nil {
		g.reserve = g.reserve.Plus(*pile)
		*pile = Gems{}
	}
	g.on.clear(card) // with whether its infinite gem paid this turn
	g.under.tuck(card, lawExile)
}

// tuckFromHand tucks a card of p's hand under host (72 Archive, 78 Patronage).
func (g *Game) tuckFromHand(p Player, card, host CardID) {
	g.hand[p].remove(card)
	g.under.tuck(card, host)
}

// canBarter reports whether p can swap a token: 3 gems on the screen, a token on a card of their
// own pyramid, and a token on a card of another human player's pyramid (cards README). Barter is
// declined (Done) before the player picks their own token; once it is picked, the swap goes
// ahead. Identical tokens on one card are offered once, as picking either does the same.
func (g *Game) canBarter(p Player) bool {
	if g.screen[p].Total() < 3 || !g.hasToken(p) {
		return false
	}
	for q := range g.players {
		if Player(q) != p && g.hasToken(Player(q)) {
			return true
		}
	}
	return false
}

// hasToken reports whether a card of p's pyramid holds a token.
func (g *Game) hasToken(p Player) bool {
	pyr := &g.pyr[p]
	for _, c := range pyr.cells[:pyr.length()] {
		if g.on.token(c, 0) != 0 {
			return true
		}
	}
	return false
}

// appendTokenPicks appends a PickToken move for each distinct token on each card of q's pyramid.
func (g *Game) appendTokenPicks(dst []Move, q Player) []Move {
	pyr := &g.pyr[q]
	for _, c := range pyr.cells[:pyr.length()] {
		toks := g.on.holding(c).tokens
		for i, t := range toks {
			if t != 0 && !slices.Contains(toks[:i], t) {
				dst = append(dst, Move{Kind: PickToken, Card: c, Choice: uint8(i)})
			}
		}
	}
	return dst
}

// giveRest hands over the rest of the Barter payment when it is no choice: the screen holds only
// what is owed, or a single colour.
func (g *Game) giveRest(p Player) {
	a := &g.act
	s := g.screen[p]
	colours := 0
	for _, n := range s {
		if n > 0 {
			colours++
		}
	}
	if int(a.n) < s.Total() && colours > 1 {
		return
	}
	for c := range s {
		n := min(a.n, s[c])
		g.screen[p][c] -= n
		g.screen[a.other][c] += n
		a.n -= n
	}
	g.noteScreen(p)
	g.act = action{}
}

// appendOptions appends the three options of a law that offers a choice of three.
func (g *Game) appendOptions(dst []Move, _ Player) []Move {
	for i := range numLawOptions {
		dst = append(dst, Move{Kind: ChooseOption, Choice: uint8(i)})
	}
	return dst
}

// chooseOption carries out the option p chose of a three-option law (lawOptions).
func (g *Game) chooseOption(p Player, m *Move) (goOn bool) {
	a := &g.act
	if m.Choice == 2 {
		g.startGems(p, thirdOptionGems)
		return true
	}
	opt := lawOptions[a.card][m.Choice]
	switch {
	case opt.infinite:
		a.kind = actInfColor
		g.continueLaw()
	case opt.draw:
		a.kind, a.n = actDraw, 1
		g.giveRewards()
	default:
		for _, t := range opt.tokens {
			g.on.add(a.card, t)
		}
		g.act = action{}
	}
	return true
}

// infiniteColors returns the colours of which an infinite gem can be put on a law for p, bit c for
// colour c: those the reserve or p's screen has (lawOptions).
func (g *Game) infiniteColors(p Player) uint32 {
	return colorsOf(gemWord(g.reserve) | gemWord(g.screen[p]))
}

// appendInfiniteColors appends the colours of infiniteColors, in colour order.
func (g *Game) appendInfiniteColors(dst []Move, p Player) []Move {
	for cs := g.infiniteColors(p); cs != 0; cs &= cs - 1 {
		dst = append(dst, Move{Kind: InfiniteColor, Color: Color(bits.TrailingZeros32(cs))})
	}
	return dst
}

// colorInfinite puts on the law an infinite gem of the colour p chose, from the reserve, else
// from p's screen; the law is done.
func (g *Game) colorInfinite(p Player, m *Move) (goOn bool) {
	if g.reserve[m.Color] > 0 {
		g.reserve[m.Color]--
	} else {
		g.screen[p][m.Color]--
		g.noteScreen(p)
	}
	g.on.setInfinite(g.act.card, m.Color)
	g.act = action{}
	return true
}

// appendArchiveTucks appends 72 Archive's moves: tuck a card of the hand, or stop.
func (g *Game) appendArchiveTucks(dst []Move, p Player) []Move {
	for c := range g.hand[p].all() {
		dst = append(dst, Move{Kind: Tuck, Card: c})
	}
	return append(dst, Move{Kind: Done})
}

// archive tucks the card p chose under 72 Archive and goes on (continueLaw), or stops.
func (g *Game) archive(p Player, m *Move) (goOn bool) {
	if m.Kind == Done {
		g.act = action{}
		return true
	}
	g.tuckFromHand(p, m.Card, lawArchive)
	g.continueLaw()
	return true
}

// appendExiles appends 74 Exile's moves: tuck a free card other than the law itself.
func (g *Game) appendExiles(dst []Move, p Player) []Move {
	var free [2 * MaxLevel]CardID
	for _, c := range g.pyr[p].appendFree(free[:0], g.under.hosts()) {
		if c != lawExile {
			dst = append(dst, Move{Kind: Tuck, Card: c})
		}
	}
	return dst
}

// exileCard exiles the card p chose (exile); the law is done.
func (g *Game) exileCard(p Player, m *Move) (goOn bool) {
	g.exile(p, m.Card)
	g.act = action{}
	return true
}

// appendParks appends 76 Treasury's moves: park a gem of a colour of the screen, or stop.
func (g *Game) appendParks(dst []Move, p Player) []Move {
	for c := range NumColors {
		if g.screen[p][c] > 0 {
			dst = append(dst, Move{Kind: Park, Color: Color(c)})
		}
	}
	return append(dst, Move{Kind: Done})
}

// park parks the gem p chose on 76 Treasury and goes on (continueLaw), or stops.
func (g *Game) park(p Player, m *Move) (goOn bool) {
	if m.Kind == Done {
		g.act = action{}
		return true
	}
	g.screen[p][m.Color]--
	g.noteScreen(p)
	g.parked.treasury[m.Color]++
	g.act.n--
	g.continueLaw()
	return true
}

// appendPutBacks appends 70 Council's moves: a law card of the hand back on the law deck.
func (g *Game) appendPutBacks(dst []Move, p Player) []Move {
	for c := range g.hand[p].all() {
		if c.IsLaw() {
			dst = append(dst, Move{Kind: PutBack, Card: c})
		}
	}
	return dst
}

// putBack puts the law card p chose on top of the law deck, which p then knows the top of, and
// goes on (continueLaw).
func (g *Game) putBack(p Player, m *Move) (goOn bool) {
	g.hand[p].remove(m.Card)
	g.lawTop--
	g.laws[g.lawTop] = m.Card
	if g.councilWho != uint8(p)+1 {
		g.councilWho, g.councilKnown = uint8(p)+1, 0
	}
	g.councilKnown++
	g.act.n--
	g.continueLaw()
	return true
}

// appendOwnTokens appends 67 Barter's first moves: a token of p's own pyramid to swap away, or
// decline.
func (g *Game) appendOwnTokens(dst []Move, p Player) []Move {
	return append(g.appendTokenPicks(dst, p), Move{Kind: Done})
}

// pickOwnToken notes the token p chose to swap away, and asks for the other player's; or declines
// the swap, which ends the law.
func (g *Game) pickOwnToken(_ Player, m *Move) (goOn bool) {
	a := &g.act
	if m.Kind == Done {
		g.act = action{}
		return true
	}
	a.pick, a.slot = m.Card, uint8(m.Choice)
	a.kind = actBarterOther
	return true
}

// appendOthersTokens appends 67 Barter's second moves: a token of another human player's pyramid.
func (g *Game) appendOthersTokens(dst []Move, p Player) []Move {
	for q := range g.players {
		if Player(q) != p {
			dst = g.appendTokenPicks(dst, Player(q))
		}
	}
	return dst
}

// swapToken swaps the two tokens, and p owes the token's owner 3 gems (giveRest).
func (g *Game) swapToken(p Player, m *Move) (goOn bool) {
	a := &g.act
	q := g.owner(m.Card)
	g.on.swap(a.pick, int(a.slot), m.Card, int(m.Choice))
	a.kind, a.n, a.other = actGive, 3, uint8(q)
	g.giveRest(p)
	return true
}

// appendGifts appends 67 Barter's payment: a gem of a colour of p's screen.
func (g *Game) appendGifts(dst []Move, p Player) []Move {
	for c := range NumColors {
		if g.screen[p][c] > 0 {
			dst = append(dst, Move{Kind: GiveGem, Color: Color(c)})
		}
	}
	return dst
}

// giveGem gives the gem p chose to the player paid, and goes on (continueLaw).
func (g *Game) giveGem(p Player, m *Move) (goOn bool) {
	a := &g.act
	g.screen[p][m.Color]--
	g.noteScreen(p)
	g.screen[a.other][m.Color]++
	a.n--
	g.continueLaw()
	return true
}
