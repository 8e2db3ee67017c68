package viceroy

import (
	"fmt"
	"slices"
)

// History is a game with its past: the Game, its Record, and the table's log, the events of the
// game in order. A Game stays a small comparable value with no history inside it; a History keeps
// the history beside it, for servers and user interfaces. Bots and search loops that need no log
// play on a Game, and pay nothing for one.
//
// Log(p) gives the events as player p saw them: everything public, and p's own hidden facts
// (cards dealt and drawn, choices before the reveal). Every player's log has the same events in
// the same order, so Log(p)[n:] is what p has not yet been sent.
//
// A History is not safe for use by several goroutines at once.
type History struct {
	game   Game
	moves  []PlayerMove
	events []Event
}

// NewHistory starts a game, as NewGame does, with its log.
func NewHistory(cfg Config) (*History, error) {
	g, err := NewGame(cfg)
	if err != nil {
		return nil, err
	}
	h := &History{game: g}
	for q := range g.players {
		dealt := g.dealtCards(Player(q))
		h.emit(Event{Kind: EventDeal, Player: Player(q), Count: len(dealt), Cards: dealt, to: 1 << q})
	}
	return h, nil
}

// ReplayHistory plays a record's moves into a new History; it fails as Replay does.
func ReplayHistory(r Record) (*History, error) {
	if r.Version != RulesVersion {
		return nil, versionError(r.Version)
	}
	h, err := NewHistory(r.Config)
	if err != nil {
		return nil, err
	}
	for i, pm := range r.Moves {
		if err := h.Play(pm.Player, pm.Move); err != nil {
			return nil, fmt.Errorf("move %d: %w", i, err)
		}
	}
	return h, nil
}

// Game returns the game as it stands.
func (h *History) Game() Game { return h.game }

// Record returns the game's record so far. Like the game's, it holds every hidden choice.
func (h *History) Record() Record {
	r := newRecord(h.game.Config())
	r.Moves = append(r.Moves, h.moves...)
	return r
}

// numEvents returns the number of events in the log.
func (h *History) numEvents() int { return len(h.events) }

// Log returns the events of the game as player p saw them, from the deal on. For a number that is
// no player's, it returns what an onlooker saw.
func (h *History) Log(p Player) []Event {
	out := make([]Event, len(h.events))
	for i, e := range h.events {
		out[i] = e.seenBy(p)
	}
	return out
}

// Play makes move m for player p, as Game.Apply does, and logs what follows from it. A move that
// is not legal returns Apply's error and changes nothing.
func (h *History) Play(p Player, m Move) error {
	g := h.game
	if err := g.refusal(p, &m); err != nil {
		return err
	}
	h.moves = append(h.moves, PlayerMove{Player: p, Move: m})
	before := g
	g.doMove(g.dec, p, &m)
	h.logStep(&before, &g, p, m)
	g.goOn(h) // settle, logging each step and forced move
	h.game = g
	return nil
}

func (h *History) emit(e Event) { h.events = append(h.events, e) }

// logStep logs what changed from b to a, by player p's move m, or by an automatic step (p -1).
func (h *History) logStep(b, a *Game, p Player, m Move) {
	var acc gemAccount
	acc.init(b, a)
	if p >= 0 {
		switch {
		case decisions[b.decisionOwed()].hidden:
			h.emit(Event{Kind: EventChoose, Player: p, Move: m, to: 1 << p})
		case m.Kind == ChooseOption:
			h.emit(Event{Kind: EventDecide, Player: p, Move: m, Card: b.act.card})
		case m.Kind == TakeReward || m.Kind == StayIn || m.Kind == Done || m.Kind == Keep ||
			m.Kind == PickToken && b.act.kind == actBarterOwn:
			h.emit(Event{Kind: EventDecide, Player: p, Move: m})
		}
	} else {
		h.logReveals(b, a, &acc)
	}
	if a.turn != b.turn {
		h.emit(Event{Kind: EventTurn, Turn: int(a.turn), Phase: PhaseAuction, Player: -1})
	}
	h.logCards(b, a, p, m, &acc)
	acc.infinites(b, a)
	h.logTokens(b, a, p, m, &acc)
	for q := range a.players {
		if d := int(a.attacks[q]) - int(b.attacks[q]); d != 0 {
			h.emit(Event{Kind: EventAttacks, Player: Player(q), Count: d})
		}
		if a.skip&^b.skip&(1<<q) != 0 {
			h.emit(Event{Kind: EventSkip, Player: Player(q)})
		}
	}
	h.logPaint(b, a, &acc)
	h.logGems(&acc)
	ph := a.Phase()
	if ph != b.Phase() && ph != PhaseAuction {
		h.emit(Event{Kind: EventPhase, Phase: ph, Player: -1})
	}
	if (ph == PhaseAuction || ph == PhaseDevelopment) && (a.round != b.round || ph != b.Phase() || a.turn != b.turn) {
		h.emit(Event{Kind: EventRound, Round: int(a.round), Phase: ph, Player: -1})
	}
	if a.phase == phaseOver && b.phase != phaseOver {
		for q := range a.players {
			for _, c := range a.pyr[q].circleList() {
				if col, ok := a.on.paint(c.Cards[2]).get(); ok {
					h.emit(Event{Kind: EventPaint, Player: Player(q), At: c.Top, Color: col,
						Gems: paintCost(c, col), Slot: 1})
				}
			}
		}
		h.emit(Event{Kind: EventScores, Scores: a.Scores(), Player: -1})
	}
}

// logReveals logs the hidden choices an automatic step revealed.
func (h *History) logReveals(b, a *Game, acc *gemAccount) {
	reveal := func(set uint8, moves func(q uint8) Move) {
		for q := range b.players {
			if set&(1<<q) != 0 {
				if mv := moves(q); mv.Kind != NoMove {
					h.emit(Event{Kind: EventReveal, Player: Player(q), Move: mv})
					if mv.Kind == Bid {
						acc.screen[q][mv.Color]++ // the bid's gem went to the reserve
						acc.reserve[mv.Color]--
					}
				}
			}
		}
	}
	secret := func(q uint8) Move { return b.secret[q] }
	switch {
	case b.phase == phaseStart:
		reveal(b.everyone(), secret)
	case b.phase == phaseAuction && b.sub == subBids:
		reveal(b.inAuction, secret)
		for v := range b.virtual {
			if c, ok := a.vBid[v].get(); ok && b.vIn&(1<<v) != 0 {
				h.emit(Event{Kind: EventVirtualBid, Player: Player(v), Color: c})
			}
		}
	case b.phase == phaseAuction && b.sub == subClaim:
		reveal(b.bidders(Color(b.bidColor)), func(q uint8) Move { return Move{Kind: Claim, Card: b.claim[q]} })
	case b.phase == phaseDevelopment && b.sub == subChoose:
		reveal(b.active, secret)
	}
}

// cardPlace is where a card is, for the log.
type cardPlace struct {
	kind  placeKind
	who   int8   // the player, for a hand, a pyramid or starting cards
	color Color  // the auction colour
	slot  uint8  // the auction slot: 0 base, 1 tip
	at    Place  // the place in a pyramid
	host  CardID // the card it is tucked under
}

type placeKind uint8

const (
	nowhere placeKind = iota
	inLarge
	inSmall
	inLaws
	inAuction
	inHand
	inPyramid
	inTucked
	inDiscard
	inDealt
)

// eventDecks names the decks in events.
var eventDecks = map[placeKind]string{inLarge: "large", inSmall: "small", inLaws: "laws"}

// locate returns where every card of g is.
func locate(g *Game) [NumCards + 1]cardPlace {
	var w [NumCards + 1]cardPlace
	for _, c := range g.chars[g.largeTop:g.largeEnd] {
		w[c] = cardPlace{kind: inLarge}
	}
	for _, c := range g.chars[g.smallTop:g.smallEnd] {
		w[c] = cardPlace{kind: inSmall}
	}
	for _, c := range g.laws[g.lawTop:] {
		w[c] = cardPlace{kind: inLaws}
	}
	for col, pair := range g.auction {
		for i, c := range pair {
			w[c] = cardPlace{kind: inAuction, color: Color(col), slot: uint8(i)}
		}
	}
	for q := range g.players {
		for c := range g.hand[q].all() {
			w[c] = cardPlace{kind: inHand, who: int8(q)}
		}
		for l := 1; l <= MaxLevel; l++ {
			cards, first := g.pyr[q].row(l)
			for i, c := range cards {
				w[c] = cardPlace{kind: inPyramid, who: int8(q), at: Place{int8(l), int8(first + i)}}
			}
		}
		for _, c := range g.dealtNow(Player(q)) {
			w[c] = cardPlace{kind: inDealt, who: int8(q)}
		}
	}
	for c := range g.discarded().all() {
		w[c] = cardPlace{kind: inDiscard}
	}
	for c := CardID(1); c <= NumCards; c++ {
		if host := g.under.host(c); host != 0 {
			w[c] = cardPlace{kind: inTucked, host: host}
		}
	}
	w[0] = cardPlace{}
	return w
}

// logCards logs the cards that moved, in the order the rules move them.
func (h *History) logCards(b, a *Game, p Player, m Move, acc *gemAccount) {
	from, to := locate(b), locate(a)
	type move struct {
		c    CardID
		f, t cardPlace
	}
	var moved []move
	for c := CardID(1); c <= NumCards; c++ {
		if from[c] != to[c] {
			moved = append(moved, move{c, from[c], to[c]})
		}
	}
	// What leaves the auction, then what moves on it, then what comes to it.
	for _, mv := range moved {
		c, f, t := mv.c, mv.f, mv.t
		switch {
		case f.kind == inAuction && t.kind == inDiscard:
			h.emit(Event{Kind: EventDiscard, Player: -1, Card: c, Color: f.color, Slot: int(f.slot)})
		case f.kind == inAuction && t.kind == inHand:
			h.emit(Event{Kind: EventTake, Player: Player(t.who), Card: c, Color: f.color, Slot: int(f.slot)})
		}
	}
	for _, mv := range moved {
		c, f, t := mv.c, mv.f, mv.t
		if f.kind == inAuction && t.kind == inAuction {
			h.emit(Event{Kind: EventShift, Player: -1, Card: c, Color: t.color, Slot: 1})
		}
	}
	var replaced CardID // 65 Succession: the card it takes the place of
	for _, mv := range moved {
		c, f, t := mv.c, mv.f, mv.t
		if f.kind == inPyramid && t.kind == inHand {
			replaced = c
		}
	}
	for _, mv := range moved {
		c, f, t := mv.c, mv.f, mv.t
		who := Player(t.who)
		switch {
		case f.kind == inDealt && t.kind == inHand:
			h.emit(Event{Kind: EventKeepStart, Player: who, Card: c, to: 1 << t.who})
		case f.kind == inDealt && t.kind != inPyramid:
			// Back into the deck, and maybe, shuffled, at once to the auction (below).
			h.emit(Event{Kind: EventReturnStart, Player: Player(f.who), Card: c, to: 1 << f.who})
		case f.kind == inHand && t.kind == inPyramid:
			e := Event{Kind: EventPlace, Player: who, Card: c, At: t.at}
			if c == lawSuccession {
				e.Host = replaced
			}
			h.emit(e)
		case f.kind == inHand && t.kind == inLaws:
			h.emit(Event{Kind: EventPutBack, Player: Player(f.who), Card: c, to: 1 << f.who})
		case f.kind == inHand && t.kind == inDiscard:
			h.emit(Event{Kind: EventDiscard, Player: Player(f.who), Card: c})
		}
	}
	if b.phase == phaseStart && a.phase != phaseStart {
		h.emit(Event{Kind: EventShuffle, Player: -1, Count: int(a.largeEnd) - int(a.largeTop) + 4,
			Slot: a.smallLen()})
	}
	for _, mv := range moved {
		c, f, t := mv.c, mv.f, mv.t
		who := Player(t.who)
		switch {
		case (f.kind == inLarge || f.kind == inSmall || f.kind == inDealt) && t.kind == inAuction:
			deck := eventDecks[f.kind]
			if f.kind == inDealt {
				deck = "large"
			}
			h.emit(Event{Kind: EventAuctionCard, Player: -1, Card: c, Color: t.color, Slot: int(t.slot), Deck: deck})
		case (f.kind == inSmall || f.kind == inLaws) && t.kind == inHand:
			e := Event{Kind: EventDraw, Player: who, Card: c, Deck: eventDecks[f.kind], to: 1 << t.who}
			for v := range a.players {
				if (a.lawSeen[v]&^b.lawSeen[v])&lawBit(c) != 0 {
					e.to |= 1 << v // the player who put it back saw it drawn (70 Council)
				}
			}
			h.emit(e)
		case t.kind == inTucked && f.kind != inTucked: // (a host replaced by 65 Succession: EventPlace)
			e := Event{Kind: EventTuck, Card: c, Host: t.host, Player: Player(f.who)}
			if f.kind == inPyramid {
				e.Slot = 1
				acc.exiled(b, c)
			}
			h.emit(e)
		}
	}
	// A payment finished by this move, and the gems of the circles the card closed.
	if p < 0 {
		return
	}
	var due Gems
	var at Place
	switch {
	case m.Kind == PlaceCard:
		due, at = costAt(b.act.card, int(m.At.Level)), m.At
	case m.Kind == UseInfinite:
		col, _ := b.on.infinite(m.Card).get()
		due, at = b.act.due, b.act.at
		due[col]--
		h.emit(Event{Kind: EventPay, Player: p, Cards: []CardID{m.Card}})
	case m.Kind == PayCost:
		due, at = b.act.due, b.act.at
	default:
		return
	}
	if a.act.kind == actPay && a.act.who == uint8(p) {
		return // the player still decides how to pay
	}
	if due != (Gems{}) {
		h.emit(Event{Kind: EventPay, Player: p, Gems: due})
		acc.screen[p] = acc.screen[p].add(due)
		acc.reserve = acc.reserve.sub(due)
	}
	circle := a.pyr[p].circleGems(at)
	left := b.reserve.Plus(due)
	for c := range circle {
		circle[c] = min(circle[c], left[c])
	}
	if circle != (Gems{}) {
		h.emit(Event{Kind: EventCircleGems, Player: p, Gems: circle})
		acc.screen[p] = acc.screen[p].sub(circle)
		acc.reserve = acc.reserve.add(circle)
	}
	acc.rewards = left.Minus(circle)
}

// logTokens logs the tokens and infinite gems put on cards, and Barter's swaps.
func (h *History) logTokens(b, a *Game, p Player, m Move, acc *gemAccount) {
	skip := cardSet{}
	if m.Kind == PickToken && b.act.kind == actBarterOther {
		q := a.owner(m.Card)
		h.emit(Event{Kind: EventSwap, Player: p, Card: b.act.pick, Slot: int(b.act.slot), Host: m.Card,
			Count: int(m.Choice), Other: q})
		skip.add(b.act.pick)
		skip.add(m.Card)
	}
	for q := range a.players {
		pyr := &a.pyr[q]
		for _, c := range pyr.cells[:pyr.length()] {
			was := b.on.holding(c)
			if c == lawSuccession && !b.pyr[q].has(c) {
				if old := b.pyr[q].At(mustFind(a.pyr[q], c)); old != 0 {
					was = b.on.holding(old) // what lay on the card it replaced lies on it now
				}
			}
			if skip.has(c) {
				continue
			}
			now := a.on.holding(c)
			if added := addedTokens(was.tokens, now.tokens); len(added) > 0 {
				h.emit(Event{Kind: EventTokens, Player: Player(q), Card: c, Tokens: added})
			}
			if col, ok := now.infinite.get(); ok && was.infinite == 0 {
				e := Event{Kind: EventInfinite, Player: Player(q), Card: c, Color: col}
				if acc.fromScreen(col) {
					e.Slot = 1
				}
				h.emit(e)
			}
		}
	}
}

// mustFind returns the place of a card standing in p.
func mustFind(p layout, c CardID) Place {
	at, _ := p.Find(c)
	return at
}

// addedTokens returns the tokens of after that are not in before (as multisets), in order.
func addedTokens(before, after [MaxTokensPerCard]Token) []Token {
	var out []Token
	left := before
	for _, t := range after {
		if t == 0 {
			continue
		}
		if i := slices.Index(left[:], t); i >= 0 {
			left[i] = 0
			continue
		}
		out = append(out, t)
	}
	return out
}

// logPaint logs each circle painted, seen by its painter alone until the game is over.
func (h *History) logPaint(b, a *Game, acc *gemAccount) {
	for q := range a.players {
		for _, c := range a.pyr[q].circleList() {
			col, ok := a.on.paint(c.Cards[2]).get()
			if !ok || b.on.paint(c.Cards[2]) != 0 {
				continue
			}
			cost := paintCost(c, col)
			h.emit(Event{Kind: EventPaint, Player: Player(q), At: c.Top, Color: col, Gems: cost, to: 1 << q})
			acc.screen[q] = acc.screen[q].add(cost)
		}
	}
}

// gemAccount holds the changes of the screens and the reserve that the log has not yet told, as
// signed counts by colour.
type gemAccount struct {
	players int
	screen  [MaxPlayers]signedGems
	reserve signedGems
	parked  signedGems
	owner   Player // of 76 Treasury, who parks
	park    CardID
	// rewards is the reserve when the step's rewards were given: the reserve before the step,
	// unless logCards found a payment in it (the gems paid in, the circles' gems taken out).
	rewards Gems
}

type signedGems [NumColors]int

func (s signedGems) add(g Gems) signedGems {
	for c := range s {
		s[c] += int(g[c])
	}
	return s
}

func (s signedGems) sub(g Gems) signedGems {
	for c := range s {
		s[c] -= int(g[c])
	}
	return s
}

// positive and negative return the parts of s above and below zero.
func (s signedGems) positive() Gems {
	var g Gems
	for c, n := range s {
		g[c] = uint8(max(n, 0))
	}
	return g
}

func (s signedGems) negative() Gems {
	var g Gems
	for c, n := range s {
		g[c] = uint8(max(-n, 0))
	}
	return g
}

func (acc *gemAccount) init(b, a *Game) {
	acc.players = int(a.players)
	for q := range a.players {
		acc.screen[q] = signedGems{}.add(a.screen[q]).sub(b.screen[q])
	}
	acc.reserve = signedGems{}.add(a.reserve).sub(b.reserve)
	acc.parked = signedGems{}.add(a.parked.total()).sub(b.parked.total())
	acc.owner, acc.park = a.owner(lawTreasury), lawTreasury
	acc.rewards = b.reserve
}

// infinites accounts for the infinite gems put on cards in the step from b to a: each from the
// reserve, or from its owner's screen when fromScreen says so.
func (acc *gemAccount) infinites(b, a *Game) {
	for q := range a.players {
		pyr := &a.pyr[q]
		for _, c := range pyr.cells[:pyr.length()] {
			if col, ok := a.on.infinite(c).get(); ok && b.on.infinite(c) == 0 && !(c == lawSuccession && !b.pyr[q].has(c)) {
				if acc.fromScreen(col) {
					acc.screen[q][col]++
				} else {
					acc.reserve[col]++
				}
			}
		}
	}
}

// fromScreen reports whether an infinite gem of colour col put on a card in this step came from
// its owner's screen: it comes from the reserve while the reserve holds a gem of its colour, else
// from the screen (RULES.md 8.5; giveItem, colorInfinite), so from the screen only when the reserve held
// none as the rewards were given. (The reserve before and after the step cannot tell: a gem of the colour paid in
// and taken out again leaves it as it was.)
func (acc *gemAccount) fromScreen(col Color) bool {
	return acc.rewards[col] == 0
}

// exiled accounts for the gems that go back to the reserve with a card exiled from a pyramid.
func (acc *gemAccount) exiled(b *Game, c CardID) {
	if col, ok := b.on.infinite(c).get(); ok {
		acc.reserve[col]--
	}
	if pile := b.parked.on(c); pile != nil {
		acc.reserve = acc.reserve.sub(*pile)
		acc.parked = acc.parked.add(*pile)
	}
}

// logGems logs the gem moves left: parked, given, taken from the reserve, paid to it.
func (h *History) logGems(acc *gemAccount) {
	if park := acc.parked.positive(); park != (Gems{}) && acc.owner >= 0 {
		h.emit(Event{Kind: EventPark, Player: acc.owner, Card: acc.park, Gems: park})
		acc.screen[acc.owner] = acc.screen[acc.owner].add(park)
	}
	// Gems a player lost that another gained, with the reserve unchanged: 67 Barter.
	for q := range acc.players {
		lost := acc.screen[q].negative()
		if lost == (Gems{}) {
			continue
		}
		for r := range acc.players {
			got := acc.screen[r].positive()
			var give Gems
			for c := range give {
				if acc.reserve[c] == 0 {
					give[c] = min(lost[c], got[c])
				}
			}
			if r != q && give != (Gems{}) {
				h.emit(Event{Kind: EventGive, Player: Player(q), Other: Player(r), Gems: give})
				acc.screen[q] = acc.screen[q].add(give)
				acc.screen[r] = acc.screen[r].sub(give)
			}
		}
	}
	for q := range acc.players {
		if got := acc.screen[q].positive(); got != (Gems{}) {
			h.emit(Event{Kind: EventGems, Player: Player(q), Gems: got})
		}
		if lost := acc.screen[q].negative(); lost != (Gems{}) {
			h.emit(Event{Kind: EventPay, Player: Player(q), Gems: lost})
		}
	}
}
