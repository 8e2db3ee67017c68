package viceroy

import (
	"math/rand/v2"
)

// heuristicBot plays the move that a player who knows the scoring would value most, from its view
// alone. It values a card played, kept or taken by the score sheet of the tableau it leads to:
// stood at its place, paid for, its reward put on it, the screen's gems painted on the circles as
// at the end of the game, and scored; plus what the sheet cannot show yet: gems that still buy
// cards (worth less as the turns run out), tokens towards a set, science for the pass gems to
// come, attack tokens by the points they take from opponents whose defence does not stop them,
// and a card in hand by its best play and the option of a later one. It bids against what the
// others are likely to bid (heuristic_auction.go). It looks one decision ahead and never
// searches; it is the "greedy" level of NewBot. The zero heuristicBot is the bot of seed 0.
type heuristicBot struct {
	rng       *rand.Rand
	s         situation
	plainBids bool // the 2026 heuristic (situation.plainBids): the level "greedy-2026"
}

// newHeuristicBot returns a heuristic bot whose tie-breaks follow from seed.
func newHeuristicBot(seed uint64) *heuristicBot {
	return &heuristicBot{rng: botRand(seed, heuristicStream)}
}

// Choose returns the legal move the heuristic values most. Given a view no game can have (one
// naming a player or a card that does not exist) or a move that is not well formed, it returns the
// first legal move; given no legal move, the zero Move.
func (b *heuristicBot) Choose(v View, legal []Move) Move {
	switch {
	case len(legal) == 0:
		return Move{}
	case len(legal) == 1 || !readable(v) || !allWellFormed(legal):
		return legal[0]
	}
	b.s.plainBids = b.plainBids
	b.s.fromView(v)
	return b.s.best(legal, ensureRand(&b.rng, heuristicStream), 0)
}

// botCard is what the heuristic reads of a card, copied once from the catalogue.
type botCard struct {
	law  bool
	cost [MaxLevel + 1]Gems // by level 1-5
	rows [4]Reward          // each row's items first, then NoReward (TestCatalogueInvariants)
}

// botCards is filled in init, after the catalogue (cards.go) has been read: the package's init
// functions run in the order of their files' names.
var botCards [NumCards + 1]botCard

func init() {
	for _, c := range Cards() {
		bc := &botCards[c.ID]
		bc.law = c.ID.IsLaw()
		for l := 1; l <= MaxLevel; l++ {
			bc.cost[l] = c.Cost(l)
		}
		for i, r := range c.Rows {
			bc.rows[i] = r.Reward
		}
	}
}

// lawChoices are the three options of the laws that offer a choice (LawOptions, hasLawOptions), as
// reward items, by card: the tokens, the card drawn, the infinite gem or the gems of each.
var lawChoices = func() (out [NumCards + 1][3][2]RewardItem) {
	for id := FirstLaw; id <= NumCards; id++ {
		for i, o := range LawOptions(id) {
			out[id][i] = optionRewards(o)
		}
	}
	return out
}()

// optionItems returns the options of law c as reward items (lawChoices), and whether c offers a
// choice of them.
func optionItems(c CardID) (*[3][2]RewardItem, bool) {
	if c > NumCards || !hasLawOptions[c] {
		return nil, false
	}
	return &lawChoices[c], true
}

// optionRewards returns what a law's option gives as reward items (at most two): a token is the
// reward that puts it there, a draw a card, an infinite gem the infinite-gem reward, gems the gems'.
func optionRewards(o LawOption) (items [2]RewardItem) {
	switch {
	case o.Draw:
		items[0] = RewardItem{Kind: CardsReward, N: 1}
	case o.Infinite:
		items[0] = RewardItem{Kind: InfiniteReward}
	case o.Gems > 0:
		items[0] = RewardItem{Kind: GemsReward, N: uint8(o.Gems)}
	}
	for i, t := range o.Tokens[:min(len(o.Tokens), len(items))] {
		items[i] = RewardItem{Kind: tokenRewards[t.Kind()], N: uint8(max(1, t.Value()))}
	}
	return items
}

// tokenRewards names, for each kind of token a law option puts on the law, the reward item the
// heuristic values it as. This is a valuation, not a rule: an option's attack token lies on the
// law, a reward's behind the screen, and both count the same at the end (RULES.md 11.3.7).
var tokenRewards = map[TokenKind]RewardKind{AttackToken: AttackReward, PowerPoints: PointsReward,
	Defense: DefenseReward, Magic: MagicReward, Science: ScienceReward, MagicBonus: MagicBonusReward}

// situation is what the heuristic reads of one player's position. It is filled from a View, or
// from a Game for the same player, and then holds the same facts: the player's own hand, screen
// and tableau, and what the table sees of the others.
type situation struct {
	me       Player
	players  int
	turn     int
	round    int
	decision Decision
	screen   Gems
	reserve  Gems
	tab      *Tableau // the player's tableau: ownTab, or the player's entry of memo (not read at a light decision)
	ownTab   Tableau
	levels   int // the levels of the player's pyramid that hold a card (tab's, or the game's at a light decision)
	hand     []CardID
	auction  [NumColors][2]CardID
	playing  CardID // the card being played or resolved, 0 when unknown
	rivals   int    // the other participants still in the auction, virtual opponents included

	// plainBids plays the 2026 release's heuristic: a bid valued by itself, without the model of
	// what the others are likely to bid (bestBid), and every move by the 2026 estimates of what
	// each reward item is worth rather than by the score sheet (heuristic_sheet.go). It is the
	// level "greedy-2026", kept as a yardstick, and the search's playout policy, where the score
	// sheet and the model would cost too much.
	plainBids bool

	// For the auction model: the source of the other players' facts (a view's players, or a
	// game), who is in the auction, and the attack tokens the player can use.
	pviews   []PlayerView
	revealed []PlayerMove   // this round's revealed choices, from a view
	recalled [][]PlayerMove // the auction's earlier rounds' choices, from a view (View.Recalled)
	src      *Game
	inAuct   uint8 // bit q: player q is in the auction
	virtIn   int   // virtual opponents in the auction
	canAtk   int
	discards bool
	am       *auctionModel

	// The attack tokens each player holds (behind the screen and on laws) and their defence
	// tokens: read from game when first needed, if game is set.
	attacks [MaxPlayers]int
	defense [MaxPlayers]int
	game    *Game

	// unknown counts the gems behind the screen whose colours are not known: those of another
	// player, valued for the auction model; 0 for the player's own.
	unknown int

	// sh is what the score-sheet valuation works out once per decision.
	sh sheetEval

	// hold keeps holdWorth by card: ownHold for the decision under way, or, with a memo, the
	// player's own table, kept from decision to decision while what it depends on stays the same.
	hold    *holdTable
	ownHold holdTable

	// Read from the tableau once per decision.
	tableauFacts

	// as2026 (the playouts of "search-2026") reads the tableau as the 2026 search did, at the cost it
	// had (countedFacts), so that the yardstick keeps its time a decision as well as its play.
	as2026 bool

	// memo, when set (the playouts of the newer search styles), keeps each player's tableau and
	// its counts from step to step of a game, for fromGame and readOpponents.
	memo *tableauMemo
}

// readable reports whether fromView can read v: its player is one of its players, at most
// MaxPlayers, and every card it names in the hand, the auction and in play is a card.
func readable(v View) bool {
	if len(v.Players) > MaxPlayers || v.Player < 0 || int(v.Player) >= len(v.Players) {
		return false
	}
	for _, c := range v.Hand {
		if !c.Valid() {
			return false
		}
	}
	for _, pair := range v.Auction {
		for _, c := range pair {
			if c != 0 && !c.Valid() {
				return false
			}
		}
	}
	return v.Playing == 0 || v.Playing.Valid()
}

// fromView fills s from a view.
func (s *situation) fromView(v View) {
	s.me, s.players, s.turn, s.round, s.decision = v.Player, len(v.Players), v.Turn, v.Round, v.Decision
	s.unknown = 0
	s.screen, s.reserve, s.auction = v.Screen, v.Reserve, v.Auction
	s.ownTab = v.Players[v.Player].Tableau
	s.useTableau(&s.ownTab)
	s.hand = append(s.hand[:0], v.Hand...)
	s.playing = v.Playing
	s.rivals, s.inAuct, s.virtIn = 0, 0, 0
	s.pviews, s.src, s.revealed, s.recalled = v.Players, nil, v.Revealed, v.Recalled
	s.discards = v.Config.Edition == SecondEdition
	s.canAtk = v.Players[v.Player].Attacks
	for q, pv := range v.Players {
		s.attacks[q] = pv.Attacks + pv.Tableau.Count(AttackToken)
		s.defense[q] = pv.Tableau.Count(Defense)
		if pv.InAuction {
			s.inAuct |= 1 << q
		}
		if pv.InAuction && Player(q) != v.Player {
			s.rivals++
		}
	}
	for _, vv := range v.Virtual {
		if vv.InAuction {
			s.rivals++
			s.virtIn++
		}
	}
	s.game = nil
	s.readTableau()
}

// fromGame fills s from a game for player p; playing is the card p is playing, if known.
func (s *situation) fromGame(g *Game, p Player, playing CardID) {
	s.me, s.players, s.turn, s.round, s.decision = p, g.numPlayers(), g.Turn(), g.Round(), g.Decision(p)
	s.unknown = 0
	s.screen, s.reserve, s.auction = g.Screen(p), g.reserveGems(), g.auctionCards()
	s.playing = playing
	// The rivals are every other participant, in the auction or not, as the 2026 search counted
	// them when a game did not say who was in it: the playouts keep its play.
	s.rivals = s.players - 1 + g.Config().Virtual
	s.hand = s.hand[:0]
	if needsHand(s.decision) {
		s.hand = g.appendHand(s.hand, p)
	}
	s.game = g
	s.pviews, s.src, s.revealed, s.recalled = nil, g, nil, nil
	s.discards = g.Config().Edition == SecondEdition
	s.inAuct, s.virtIn, s.canAtk = 0, 0, 0
	if s.decision == ChooseBid {
		s.readAuction(g, p)
	}
	if s.memo != nil && lightDecision(s.decision) {
		// Nothing reads the tableau (TestLightDecisionsReadEnough): tab is left as it was, rather
		// than read again, but for how many levels the pyramid has.
		s.forgetDecision()
		s.levels = g.pyramidLevels(p)
		return
	}
	if s.memo != nil {
		s.memo.sync(g) // for this read and readOpponents'
		e := s.memo.of(g, p)
		s.useTableau(&e.tab) // read only; the entry stays as it is while the decision is worked out
		s.forgetDecision()
		s.tableauFacts = e.facts
		s.keepHoldWorth(e)
		return
	}
	s.ownTab = g.Tableau(p)
	s.useTableau(&s.ownTab)
	s.readTableau()
}

// useTableau makes t the player's tableau that s reads.
func (s *situation) useTableau(t *Tableau) { s.tab, s.levels = t, t.Pyramid.levels() }

// lightDecision reports whether the 2026 estimates value every move of decision d from the hand,
// the screen, the turn and how many levels the pyramid has alone (need, gemWorth, drawWorth, or a
// constant): a gem to take, a deck to draw from, a payment, painting, a gift, a gem to park. The
// playouts, which read a game (fromGame with a memo), read no more than that at such a decision:
// a gem pick is a third of their decisions, and reading the tableaux and the others' tokens was
// most of what one cost. TestLightDecisionsReadEnough holds the two reads to the same worths.
func lightDecision(d Decision) bool {
	switch d {
	case ChooseGem, ChooseDeck, ChoosePayment, ChoosePainting, ChooseGift, ChoosePark:
		return true
	}
	return false
}

// readAuction reads from game g who is still in the auction, and the attack tokens player p
// could use in it.
func (s *situation) readAuction(g *Game, p Player) {
	for q := range s.players {
		if g.isInAuction(Player(q)) {
			s.inAuct |= 1 << q
		}
	}
	for v := range g.Config().Virtual {
		if g.virtualInAuction(v) {
			s.virtIn++
		}
	}
	s.canAtk = g.attacksOf(p)
}

// attacksHeld is the attack tokens the player could use in the auction.
func (s *situation) attacksHeld() int { return s.canAtk }

// inAuction reports whether player q is still in the auction.
func (s *situation) inAuction(q Player) bool { return q >= 0 && q < 8 && s.inAuct&(1<<q) != 0 }

// virtualsIn counts the virtual opponents still in the auction.
func (s *situation) virtualsIn() int { return s.virtIn }

// rivalFacts reads what the table knows of player q, from the view or the game s was read from.
func (s *situation) rivalFacts(q Player) (rivalFacts, bool) {
	switch {
	case s.src != nil:
		g := s.src
		return rivalFacts{tab: g.Tableau(q), screen: g.Screen(q), hand: g.handOf(q), attacks: g.attacksOf(q)}, true
	case q >= 0 && int(q) < len(s.pviews):
		pv := &s.pviews[q]
		return rivalFacts{tab: pv.Tableau, screen: pv.Screen, unknown: pv.Unknown, possible: pv.Possible, hand: pv.Hand, attacks: pv.Attacks}, true
	}
	return rivalFacts{}, false
}

// readOpponents reads every player's attack and defence tokens from the game, once, for a
// situation filled from a game (a view has them at hand).
func (s *situation) readOpponents() {
	if s.game == nil {
		return
	}
	for q := range s.players {
		p := Player(q)
		var onCards, def int // attack and defence tokens on the cards of p's pyramid
		switch {
		case s.memo != nil && p == s.me: // read from the memo by fromGame
			onCards, def = s.tableauFacts.attack, s.tableauFacts.def
		case s.memo != nil: // synced by fromGame
			n := s.memo.tokensOf(s.game, p)
			onCards, def = n.attack, n.def
		default:
			onCards, def = s.game.attacksAndDefence(p)
		}
		s.attacks[q], s.defense[q] = s.game.attacksOf(p)+onCards, def
	}
	s.game = nil
}

// needsHand reports whether the heuristic reads the hand for a decision.
func needsHand(d Decision) bool {
	switch d {
	case ChooseStart, ChooseBid, ChooseGem, ChooseDevelopment, ChooseTuck, ChoosePatronage, ChoosePutBack, ChooseClaim, ChooseAuctionCard, ChooseDuel, ChoosePark, ChooseGift:
		return true
	}
	return false
}

// readTableau counts what the player's own tableau holds, and forgets what was worked out for the
// previous decision.
func (s *situation) readTableau() {
	s.forgetDecision()
	if s.as2026 {
		s.tableauFacts = countedFacts(s.tab)
		return
	}
	s.tableauFacts.read(s.tab)
}

// forgetDecision forgets what was worked out for the previous decision.
func (s *situation) forgetDecision() {
	s.hold = &s.ownHold
	s.hold.forget()
	s.sh.ready = false
}

// turnsLeft counts the turns after this one.
func (s *situation) turnsLeft() float64 { return float64(max(0, Turns-max(s.turn, 1))) }

// gemWorth is what one gem behind the screen is worth: early it buys cards, at the end it only
// paints circles.
func (s *situation) gemWorth() float64 {
	if s.sheet() {
		return s.sheetGem()
	}
	return 0.6 + 0.07*s.turnsLeft()
}

// drawWorth is what drawing one card is worth.
func (s *situation) drawWorth() float64 { return 1 + 0.2*s.turnsLeft() }

// setPotential values tokens of the three kinds of a set: complete sets in full, and the tokens
// towards the next set by how likely it is to be completed in the turns left.
func (s *situation) setPotential(d, m, sc int) float64 {
	lo, mid, hi := sort3(d, m, sc)
	chance := min(1, 0.15+0.08*s.turnsLeft())
	return 12*float64(lo) + chance*(4*float64(mid-lo)+2*float64(hi-mid))
}

func sort3(a, b, c int) (int, int, int) {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return a, b, c
}

// opponentsAttacks is the attack tokens the opponents hold, which the player's defence stops.
func (s *situation) opponentsAttacks() int {
	s.readOpponents()
	n := 0
	for q := range s.players {
		if Player(q) != s.me {
			n += s.attacks[q]
		}
	}
	return n
}

// attackWorth is what one more attack token held by the player takes from the opponents: 4 points
// from each one whose defence does not already cover the attacks against them, with more attacks
// likely to come.
func (s *situation) attackWorth() float64 {
	s.readOpponents()
	w := 0.0
	for q := range s.players {
		if Player(q) == s.me {
			continue
		}
		against := 0
		for r := range s.players {
			if r != q {
				against += s.attacks[r]
			}
		}
		if s.defense[q] <= against {
			w += 4
		} else {
			w += 1
		}
	}
	if s.players <= 2 {
		return w // in a game of one player, 0: the virtual opponents score no points
	}
	// With several opponents, hurting them all helps less than gaining points oneself.
	return w / float64(s.players-1) * 1.5
}

// defenseWorth is what one more defence token is worth against the attacks.
func (s *situation) defenseWorth() float64 {
	if s.def < s.opponentsAttacks() {
		return 4
	}
	return 0.3 * s.turnsLeft() / 3
}

// itemWorth values one reward item for the player.
func (s *situation) itemWorth(it RewardItem, level int) float64 {
	n := float64(it.N)
	switch it.Kind {
	case GemsReward:
		return n * s.gemWorth()
	case CardsReward:
		return n * s.drawWorth()
	case PointsReward:
		return n
	case ScienceReward:
		passes := 0.6 * s.turnsLeft()
		sp := s.setPotential(s.def, s.magic, s.science)
		return s.setPotential(s.def, s.magic, s.science+int(it.N)) - sp + n*passes*s.gemWorth()
	case MagicReward:
		future := min(1, 0.1*s.turnsLeft()) * 2
		sp := s.setPotential(s.def, s.magic, s.science)
		return s.setPotential(s.def, s.magic+int(it.N), s.science) - sp + n*(float64(s.magicBonus)+future)
	case DefenseReward:
		sp := s.setPotential(s.def, s.magic, s.science)
		return s.setPotential(s.def+int(it.N), s.magic, s.science) - sp + n*s.defenseWorth()
	case AttackReward:
		return n * s.attackWorth()
	case InfiniteReward:
		return float64(level) + float64(s.bonus[it.Color]) + 0.3*s.turnsLeft()*s.gemWorth()
	case MagicBonusReward:
		return n * (float64(s.magic) + min(1.5, 0.15*s.turnsLeft()))
	case CircleBonusReward:
		return n * (float64(s.mono[it.Color]) + min(1.5, 0.2*s.turnsLeft()))
	}
	return 0
}

// rewardWorth values the reward of a character card at a level (1-5).
func (s *situation) rewardWorth(c CardID, level int) float64 {
	if level == MaxLevel {
		rows := 0.0
		for l := 1; l <= 3; l++ {
			rows += s.rewardWorth(c, l)
		}
		return max(rows, 15)
	}
	w := 0.0
	for _, it := range &botCards[c].rows[level-1] {
		if it.Kind == NoReward {
			break // the items come first
		}
		w += s.itemWorth(it, level)
	}
	return w
}

// lawWorth values the effect and end-game points of a law card played now.
func (s *situation) lawWorth(c CardID, level int) float64 {
	if opts, ok := optionItems(c); ok {
		best := 0.0
		for _, o := range opts {
			w := 0.0
			for _, it := range o {
				if it.Kind == InfiniteReward {
					w += s.bestInfiniteWorth(level)
				} else {
					w += s.itemWorth(it, level)
				}
			}
			best = max(best, w)
		}
		return best
	}
	left := s.turnsLeft()
	switch c {
	case lawCensus:
		return float64(s.tab.Pyramid.length()) + 1.5*left
	case lawArchive:
		return 5*float64(max(0, len(s.hand)-1)) - s.handWorthExcept(c)
	case lawExile:
		return 3*float64(level) - 3
	case lawConcord:
		lo, _, _ := sort3(s.def, s.magic, s.science)
		return 3*float64(lo) + 0.2*left
	case lawTreasury:
		return float64(min(8, s.screen.Total())) * max(0, 2-s.gemWorth())
	case lawPatronage:
		return 2.5 * left
	case lawHarmony:
		n := 0
		for _, k := range s.mono {
			n += k
		}
		return float64(n+s.infiniteGems()) + 0.3*left
	case lawEndowment:
		return 3
	}
	if c >= lawNeighbours1 {
		return 2 * float64(min(4, level+1))
	}
	return 1.5
}

// handWorthExcept values the character cards in hand other than c, as they are held.
func (s *situation) handWorthExcept(c CardID) float64 {
	w := 0.0
	for _, h := range s.hand {
		if h != c && !botCards[h].law {
			w += s.holdWorth(h)
		}
	}
	return w
}

// bestInfiniteWorth values an infinite gem of the best colour on a card at level.
func (s *situation) bestInfiniteWorth(level int) float64 {
	b := 0
	for _, x := range s.bonus {
		b = max(b, x)
	}
	return float64(level+b) + 0.1*s.turnsLeft()
}

// topLevel is the highest level the player could stand a card at next.
func (s *situation) topLevel() int { return min(s.levels+1, MaxLevel) }

// placeWorth values standing a card at a level: its reward there (or a law's effect) and the step
// it adds to the pyramid, less the gems it costs. (Whether it closes a single-coloured circle
// depends on the place; see placeAtWorth.)
func (s *situation) placeWorth(c CardID, level int) float64 {
	if !s.kept() || c == lawTreasury || c == lawArchive {
		return s.workOutPlace(c, level)
	}
	h := s.hold
	if !h.placed[c][level] {
		h.place[c][level], h.placed[c][level] = s.workOutPlace(c, level), true
	}
	return h.place[c][level]
}

// workOutPlace is placeWorth without the memo.
func (s *situation) workOutPlace(c CardID, level int) float64 {
	if botCards[c].law {
		return s.lawWorth(c, level)
	}
	cost := float64(botCards[c].cost[level].Total())
	return s.rewardWorth(c, level) + s.growth(level) - cost*s.gemWorth()
}

// growth values a card standing at a level as a step of the pyramid: the levels above it that it
// opens, worth less as the turns run out.
func (s *situation) growth(level int) float64 {
	return (1.5 + 0.6*float64(level)) * min(1, 0.2+0.15*s.turnsLeft())
}

// playWorth values playing a card now at the best level the player can reach and pay.
func (s *situation) playWorth(c CardID) float64 {
	best := -1e9
	for l, top := 1, s.topLevel(); l <= top; l++ {
		if botCards[c].law && l == MaxLevel {
			break
		}
		if !botCards[c].law && !s.canPay(c, l) {
			continue
		}
		best = max(best, s.placeWorth(c, l))
	}
	return best
}

// canPay reports whether the screen and the infinite gems could pay for c at level.
func (s *situation) canPay(c CardID, level int) bool { return s.makesUp(s.shortOf(c, level)) }

// makesUp reports whether the infinite gems could pay the short gems the screen lacks.
func (s *situation) makesUp(short int) bool { return short == 0 || short <= s.infiniteGems() }

// infiniteGems counts the infinite gems on the player's tableau; the playouts of "search-2026" count
// them at every ask, as the 2026 search did.
func (s *situation) infiniteGems() int {
	if s.as2026 {
		return len(s.tab.infiniteGems())
	}
	return s.infinite
}

// holdShare is the share of a card's best play that holding it is worth: it may be played later,
// but each turn allows only three plays.
const holdShare = 0.7

// holdWorth values a card kept in hand: the best play it may allow in a coming turn, gems still
// to be found; nothing on the last turn, when hands are discarded.
func (s *situation) holdWorth(c CardID) float64 {
	h := s.hold
	if h == nil { // a situation not read yet
		h = &s.ownHold
	}
	if !h.held[c] {
		h.worth[c], h.held[c] = s.workOutHold(c), true
	}
	return h.worth[c]
}

// workOutHold is holdWorth without the memo.
func (s *situation) workOutHold(c CardID) float64 {
	if s.sheet() {
		return s.sheetHold(c)
	}
	left := s.turnsLeft()
	if left == 0 && !holdsThroughTheEnd(s.decision) {
		return 0
	}
	if botCards[c].law {
		return holdShare * s.lawWorth(c, min(s.levels+1, 4))
	}
	best := 0.0
	for l, top := 1, s.topLevel(); l <= top; l++ {
		w := s.placeWorth(c, l)
		if short := s.shortOf(c, l); !s.makesUp(short) {
			w -= 0.7 * float64(short)
		}
		best = max(best, w)
	}
	return holdShare * best
}

// holdsThroughTheEnd reports whether a card is still worth holding at decision d of the last
// turn: at an auction's decisions, which hand out the cards to be played in its development phase.
func holdsThroughTheEnd(d Decision) bool {
	return d == ChooseBid || d == ChooseClaim || d == ChooseAuctionCard || d == ChooseDuel
}

// shortOf counts the gems the screen lacks to pay for c at level.
func (s *situation) shortOf(c CardID, level int) int {
	cost := gemWord(botCards[c].cost[level])
	return int(gemTotal(cost) - gemTotal(lesser(cost, gemWord(s.screen))))
}

// need counts by colour the gems the hand's characters want at the next levels beyond the screen.
func (s *situation) need() Gems {
	var n Gems
	top := min(s.topLevel(), 4)
	for _, c := range s.hand {
		if botCards[c].law {
			continue
		}
		cost := botCards[c].cost[top]
		for col := range cost {
			if cost[col] > s.screen[col] {
				n[col] += cost[col] - s.screen[col]
			}
		}
	}
	return n
}

// passWorth values passing in the auction: the pass gems.
func (s *situation) passWorth() float64 {
	gems := float64(min(PassGems(s.science), s.reserve.Total()))
	if s.sheet() {
		return gems * s.sheetGemTaken()
	}
	return gems * s.gemWorth()
}

// auctionCardWorth values the best card lying at colour col (or anywhere, for col < 0).
func (s *situation) auctionCardWorth(col int) float64 {
	best := 0.0
	for k, pair := range s.auction {
		if col >= 0 && k != col {
			continue
		}
		for _, c := range pair {
			if c != 0 {
				best = max(best, s.holdWorth(c))
			}
		}
	}
	return best
}

// winChance is how likely a bid is to take its card: certain with no rival left in the auction,
// less likely with more rivals, and less in later rounds, when the rivals have shown what they
// want.
func (s *situation) winChance() float64 {
	if s.rivals == 0 {
		return 1
	}
	p := 0.85 - 0.15*float64(s.rivals-1)
	if s.round > 1 {
		p -= 0.2
	}
	return p
}

// moveWorth values one legal move.
func (s *situation) moveWorth(m Move) float64 {
	if s.sheet() {
		if w, ok := s.sheetMoveWorth(m); ok {
			return w
		}
	}
	switch m.Kind {
	case KeepInPyramid:
		return s.rewardWorth(m.Card, 1) - s.holdWorth(m.Card)
	case KeepInHand:
		return s.holdWorth(m.Card)
	case Bid:
		pass := s.passWorth()
		p := s.winChance()
		return p*s.auctionCardWorth(int(m.Color)) + (1-p)*pass - s.gemWorth()
	case Attack:
		return s.auctionCardWorth(-1) - s.attackWorth()
	case Pass:
		if s.decision == ChooseBid {
			return s.passWorth()
		}
		return 0
	case Take, Claim:
		return s.holdWorth(m.Card)
	case StayIn:
		return 0.6 * s.passWorth()
	case Play:
		return s.playWorth(m.Card) - s.holdWorth(m.Card)
	case Discard:
		return 2*s.gemWorth() - s.holdWorth(m.Card)
	case PlaceCard:
		return s.placeAtWorth(m.At)
	case UseInfinite:
		return 1
	case PayCost:
		return 0
	case TakeReward:
		if m.Choice == FifteenPoints {
			return 15
		}
		return s.rewardWorth(s.playing, MaxLevel)
	case TakeGem:
		return float64(s.need()[m.Color]) - 0.1*float64(s.screen[m.Color])
	case Draw:
		if m.Choice == LawDeck {
			return 3
		}
		return s.drawWorth() + 0.5
	case ChooseOption:
		return s.optionWorth(m.Choice)
	case InfiniteColor:
		return float64(s.bonus[m.Color]) + 0.1*float64(s.need()[m.Color])
	case Tuck:
		return s.tuckWorth(m.Card)
	case TuckUnder:
		return s.tokensOn(m.Card)
	case Keep:
		return 0
	case Done:
		return s.doneWorth()
	case Park:
		return 2 - s.gemWorth() - 0.5*float64(s.need()[m.Color])
	case PutBack:
		return -s.lawWorth(m.Card, 2)
	case PickToken:
		return 0
	case GiveGem:
		return -float64(s.need()[m.Color]) + 0.1*float64(s.screen[m.Color])
	case PaintBest:
		return 1
	case Paint, FinishPainting:
		return 0
	}
	return 0
}

// placeAtWorth values standing the card being played at a place: the level's worth, and the
// single-coloured circles it completes (a gem now, and points at the end).
func (s *situation) placeAtWorth(at Place) float64 {
	c := s.playing
	if c == 0 {
		return float64(at.Level)
	}
	w := s.placeWorth(c, int(at.Level))
	if c == lawExile || c >= lawNeighbours1 {
		n := 0
		for range s.tab.Pyramid.adjacent(at) {
			n++
		}
		w += float64(n)
	}
	p, err := s.tab.Pyramid.with(c, at)
	if err != nil {
		return w
	}
	for circle := range p.singleColorCircles(at) {
		col, _ := circle.singleColor()
		w += float64(circle.level()+s.bonus[col]) + s.gemWorth()
	}
	return w
}

// optionWorth values an option of the law being resolved.
func (s *situation) optionWorth(choice uint8) float64 {
	opts, ok := optionItems(s.playing)
	if !ok || int(choice) >= len(opts) {
		return 4 - float64(choice)
	}
	at, _ := s.tab.Pyramid.Find(s.playing)
	w := 0.0
	for _, it := range opts[choice] {
		if it.Kind == InfiniteReward {
			w += s.bestInfiniteWorth(int(at.Level))
		} else if it.Kind != NoReward {
			w += s.itemWorth(it, int(at.Level))
		}
	}
	return w
}

// tuckWorth values tucking a card: from the hand under 72 Archive or 78 Patronage for points, or a
// free card of the pyramid under 74 Exile, which loses what lies on it.
func (s *situation) tuckWorth(c CardID) float64 {
	if s.tab.Pyramid.has(c) {
		return -s.tokensOn(c)
	}
	per := 5.0
	if s.decision == ChoosePatronage {
		per = 4
	}
	return per - s.holdWorth(c)
}

// tokensOn values the tokens lying on a card of the player's pyramid.
func (s *situation) tokensOn(c CardID) float64 {
	w := 0.0
	for _, tok := range s.tab.Holding(c).Tokens {
		if tok.Kind() == PowerPoints {
			w += float64(tok.Value())
		} else {
			w += 3
		}
	}
	return w
}

// doneWorth values stopping: tucking or parking no more, or not swapping.
func (s *situation) doneWorth() float64 {
	switch s.decision {
	case ChoosePark:
		return 0
	case ChooseToken:
		return 0.5
	}
	return 0.2
}

// best returns the legal move of highest worth, ties broken by rng; noise adds a uniform
// perturbation of that many points to every worth (0 for none), for playouts that vary. An
// auction round's move is drawn from the player's mixed strategy instead (bestBid), except for
// the 2026 valuation.
func (s *situation) best(legal []Move, rng *rand.Rand, noise float64) Move {
	switch {
	case s.plainBids:
	case s.decision == ChooseBid:
		return s.bestBid(legal, rng)
	case s.decision == ChooseClaim && (s.players > 2 || s.virtualsIn() > 0):
		if m, ok := s.claimByPriority(legal); ok {
			return m
		}
	}
	return s.bestOf(legal, rng, noise)
}

// bestOf is best without the auction model: the move of highest worth.
func (s *situation) bestOf(legal []Move, rng *rand.Rand, noise float64) Move {
	best, bestW, ties := legal[0], -1e18, 0
	for _, m := range legal {
		w := s.moveWorth(m)
		if noise > 0 {
			w += noise * rng.Float64()
		}
		switch {
		case w > bestW:
			best, bestW, ties = m, w, 1
		case w == bestW:
			ties++
			if rng.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}
