package viceroy

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Sample returns a game that the viewer of v cannot tell from the real one: its View for v.Player
// equals v, and everything v does not show is drawn at random, with the frequencies the rules give
// it, among the possibilities consistent with v:
//
//   - the cards the viewer has not seen are shuffled into the places hidden from the viewer: the
//     other players' unseen hand cards (characters and laws apart, as their backs show), their
//     starting cards while these are chosen, and the decks (the law cards the viewer put back stay
//     on top, in the order the viewer knows);
//   - the 2 gems setup returned unseen from each other player's screen are drawn among those the
//     open flows of gems leave possible (View.Players[q].Possible), as drawn at setup, and among
//     those that leave a player deciding a step of an action more than one legal move, as the
//     game asks only such decisions (a single legal move is made at once);
//   - the other players' choices made but not yet revealed are drawn among their legal moves, and
//     a player who has finished painting paints the best painting;
//   - all chance still to come (the decks' order, virtual bids) comes from seed.
//
// This is how a bot searches without seeing hidden information: sample games from its view, play
// them out, and choose the move that does best over the samples (determinization). The same view
// and seed always give the same game. The game's Config has Seed 0, and it has no Record: it was
// not played from its start.
//
// A view that no game can have (edited by hand, or cut short) returns an error wrapping
// ErrBadView; the view of a finished game, in which nothing is left to decide, an error wrapping
// ErrGameOver; an onlooker's view an error wrapping ErrNoSuchPlayer, as an onlooker knows no hand
// and makes no decision.
func Sample(v View, seed uint64) (Game, error) {
	var s sampler
	if err := s.build(v, seed); err != nil {
		return Game{}, err
	}
	if err := s.g.audit(); err != nil {
		return Game{}, fmt.Errorf("%w: no game is so: %w", ErrBadView, err)
	}
	if err := s.check(v); err != nil {
		return Game{}, err
	}
	return s.g, nil
}

// A Sampler draws games from one view again and again, for a search that samples at every
// iteration: NewSampler checks the view once, as Sample does, and Sampler.Sample draws the hidden
// facts anew without checking again, at a fraction of the cost. The games it gives are those
// Sample gives for the same view and seed.
type Sampler struct {
	view View
}

// NewSampler checks that a game can have view v, as Sample does, and returns a Sampler of it; it
// returns Sample's errors.
func NewSampler(v View) (*Sampler, error) {
	if _, err := Sample(v, 0); err != nil {
		return nil, err
	}
	return &Sampler{view: v}, nil
}

// Sample returns a game drawn from the view, as Sample(view, seed) does. A Sampler that NewSampler
// did not make (the zero Sampler) has no view, and gives the zero Game, which is no game.
func (sm *Sampler) Sample(seed uint64) Game {
	var s sampler
	if err := s.build(sm.view, seed); err != nil {
		// Not reached for a view NewSampler took: drawing again changes only hidden facts, which
		// the view does not constrain beyond what building it once showed. Check in full.
		g, _ := Sample(sm.view, seed)
		return g
	}
	return s.g
}

// sampler builds a game from a view.
type sampler struct {
	g      Game
	viewer Player
}

// build makes s.g from v: the open state and the viewer's own, then the hidden facts drawn.
func (s *sampler) build(v View, seed uint64) error {
	cfg := v.Config
	cfg.Seed = 0
	switch err := cfg.validate(); {
	case err != nil:
		return fmt.Errorf("%w: %w", ErrBadView, err)
	case v.Over:
		return fmt.Errorf("%w: the game is over, nothing is left to sample", ErrGameOver)
	case v.Player < 0 || int(v.Player) >= cfg.Players:
		return fmt.Errorf("%w: %d: an onlooker's view (the game has %d players)", ErrNoSuchPlayer, v.Player, cfg.Players)
	case len(v.Players) != cfg.Players || len(v.Virtual) != cfg.Virtual:
		return fmt.Errorf("%w: %d players and %d virtual opponents in a game of %d and %d", ErrBadView,
			len(v.Players), len(v.Virtual), cfg.Players, cfg.Virtual)
	}
	s.viewer = v.Player
	g := &s.g
	*g = Game{players: uint8(cfg.Players), virtual: uint8(cfg.Virtual), edition: cfg.Edition,
		rng: seed ^ 0x5a3c_96e1_0f2d_b487}
	if err := s.setOpen(v); err != nil {
		return err
	}
	if err := s.setProgress(v.Progress, v.Playing); err != nil {
		return err
	}
	if err := s.setRecalled(v); err != nil {
		return err
	}
	if err := s.dealHidden(v); err != nil {
		return err
	}
	if err := s.setScreens(v); err != nil {
		return err
	}
	if err := s.checkAction(v); err != nil {
		return err
	}
	if err := s.setChoices(v); err != nil {
		return err
	}
	if err := s.fillBox(); err != nil {
		return err
	}
	g.comeToRest()
	return nil
}

// setOpen copies what everyone sees, and the viewer's own hand and starting cards.
func (s *sampler) setOpen(v View) error {
	g := &s.g
	if v.Turn < 0 || v.Turn > Turns || v.Round < 0 || v.Round > 3 {
		return fmt.Errorf("%w: turn %d, round %d", ErrBadView, v.Turn, v.Round)
	}
	g.turn, g.round = uint8(v.Turn), uint8(v.Round)
	g.reserve, g.auction = v.Reserve, v.Auction
	for _, c := range v.Discarded {
		if !c.Valid() {
			return fmt.Errorf("%w: card %d out of the game", ErrBadView, c)
		}
		g.under.discard(c)
	}
	for q, pv := range v.Players {
		t := pv.Tableau
		g.pyr[q] = t.Pyramid.layout
		for _, id := range t.Pyramid.cells[:t.Pyramid.length()] {
			if !g.on.set(id, t.on[id]) {
				return fmt.Errorf("%w: %v and %v both hold more than %d tokens, as no game has them (only the card 66 Endowment doubled does)",
					ErrBadView, g.on.spillCard, id, packedSlots)
			}
		}
		for id, host := range t.under {
			if host != 0 && hostCode(host) == tuckOther && (CardID(id) != lawEndowment || !host.IsCharacter()) {
				return fmt.Errorf("%w: %v tucked under %v: under a card other than the laws 65, 72, 74 and 78 lies only 66 Endowment, under a character",
					ErrBadView, CardID(id), host)
			}
			if host != 0 && !g.under.tuck(CardID(id), host) {
				return fmt.Errorf("%w: cards tucked under %v and under %v, as no game has them (only 65, 72, 74, 78 and the character under 66 Endowment have cards under them)",
					ErrBadView, g.under.other, host)
			}
		}
		for _, id := range parkingCards {
			if t.Pyramid.has(id) {
				*g.parked.on(id) = *t.parked.on(id)
			}
		}
		if pv.Attacks < 0 || pv.Attacks > 255 {
			return fmt.Errorf("%w: %d attack tokens", ErrBadView, pv.Attacks)
		}
		g.attacks[q] = uint8(pv.Attacks)
		if pv.InAuction {
			g.inAuction |= 1 << q
		}
		if pv.Active {
			g.active |= 1 << q
		}
		for _, c := range pv.Hand {
			if !c.Valid() {
				return fmt.Errorf("%w: card %d in player %d's hand", ErrBadView, c, q)
			}
			g.hand[q].add(c)
			if Player(q) != s.viewer {
				g.under.show(c) // the viewer saw it: to the viewer's eyes, everyone did
			}
		}
	}
	for i, vv := range v.Virtual {
		if vv.InAuction {
			g.vIn |= 1 << i
		}
		if vv.Bid != nil {
			g.vBid[i] = someColor(*vv.Bid)
		}
	}
	if len(v.Dealt) > 4 {
		return fmt.Errorf("%w: %d starting cards", ErrBadView, len(v.Dealt))
	}
	return nil
}

// setProgress copies the phase's bookkeeping, the action under way with the card being played
// (View.Playing) among it.
func (s *sampler) setProgress(pr Progress, playing CardID) error {
	g := &s.g
	st, err := s.readState(pr, playing)
	if err != nil {
		return err
	}
	switch {
	case st == stepStartingCards:
		g.phase = phaseStart
	case st == stepStartingRewards:
		g.phase = phaseStartReward
	case st >= stepBids && st <= stepRoundEnd:
		g.phase, g.sub = phaseAuction, uint8(st-stepBids)
	case st == stepChoices || st == stepResolution:
		g.phase, g.sub = phaseDevelopment, uint8(st-stepChoices)
	case st == stepPainting:
		g.phase = phasePainting
	default:
		return fmt.Errorf("%w: step %v", ErrBadView, st)
	}
	if g.phase == phaseStart && g.auction != ([NumColors][2]CardID{}) {
		// The auction's first cards are revealed once the starting cards are chosen (RULES.md 3,
		// steps 2-4): a view of that choice with cards in the auction is of no game, and its cards
		// would be dealt over.
		return fmt.Errorf("%w: cards in the auction while the starting cards are chosen, before it is dealt", ErrBadView)
	}
	if pr.NextColor < 0 || pr.NextColor > NumColors || pr.AuctionDiscards < 0 || pr.AuctionDiscards > NumColors*2 ||
		pr.CouncilKnown < 0 || pr.CouncilKnown > NumLaws || pr.Council < -1 || int(pr.Council) >= int(g.players) {
		return fmt.Errorf("%w: progress %+v", ErrBadView, pr)
	}
	if pr.CouncilKnown > 0 && pr.Council < 0 {
		return fmt.Errorf("%w: %d law cards known on top of the law deck, to nobody", ErrBadView, pr.CouncilKnown)
	}
	g.bidColor, g.vDiscards = uint8(pr.NextColor), uint8(pr.AuctionDiscards)
	g.councilWho, g.councilKnown = uint8(pr.Council+1), uint8(pr.CouncilKnown)
	sets := []struct {
		dst *uint8
		src []Player
	}{{&g.attackers, pr.Attackers}, {&g.passers, pr.Passers}, {&g.passedAt, pr.Passed},
		{&g.pending, pr.Pending}, {&g.skip, pr.Skipping}}
	for _, set := range sets {
		for _, p := range set.src {
			if p < 0 || int(p) >= int(g.players) {
				return fmt.Errorf("%w: no player %d", ErrBadView, p)
			}
			*set.dst |= 1 << p
		}
	}
	for _, c := range pr.Used {
		if !c.Valid() {
			return fmt.Errorf("%w: card %d", ErrBadView, c)
		}
		g.on.useInfinite(c)
	}
	for _, c := range pr.Patronage {
		if c != 0 {
			if !c.Valid() {
				return fmt.Errorf("%w: card %d", ErrBadView, c)
			}
			if !g.addPatron(c) {
				return fmt.Errorf("%w: card %d, owed to Patronage, lies out of every hand", ErrBadView, c)
			}
		}
	}
	return nil
}

// readState reads Progress.State, with the action's fields a player reads (Acting, Due, Left,
// PayTo and the card being played), into the game's action, and returns the step it names.
func (s *sampler) readState(pr Progress, playing CardID) (step, error) {
	// The fields go into an array, as Sampler.Sample reads the state at every draw: one more than
	// a state has, to tell a longer one.
	var fields [12]string
	f := fields[:0]
	for field := range strings.FieldsSeq(pr.State) {
		if len(f) == len(fields) {
			break
		}
		f = append(f, field)
	}
	switch {
	case len(f) == 0:
		return 0, fmt.Errorf("%w: the view carries no state (Progress.State), which Sample reads in format %s", ErrBadView, stateVersion)
	case f[0] != stateVersion:
		return 0, fmt.Errorf("%w: the view's state is of format %q; this package reads %s", ErrBadView, f[0], stateVersion)
	case len(f) != 11:
		return 0, fmt.Errorf("%w: state %q", ErrBadView, pr.State)
	}
	st, kind := indexOf(stepNames[:], f[1]), indexOf(actionNames[:], f[2])
	var num [8]int // level, column, colour, rows, item, swap, slot, counter
	for i := range num {
		n, err := strconv.Atoi(f[3+i])
		if err != nil || n < math.MinInt8 || n > math.MaxUint8 {
			return 0, fmt.Errorf("%w: state %q", ErrBadView, pr.State)
		}
		num[i] = n
	}
	level, col, color, rows, item, swap, slot, n := num[0], num[1], num[2], num[3], num[4], num[5], num[6], num[7]
	left, payTo := pr.Left, pr.PayTo
	switch {
	case st == 255 || kind == 255:
		return 0, fmt.Errorf("%w: state %q", ErrBadView, pr.State)
	case level > math.MaxInt8 || col > math.MaxInt8 || color > anyColor || rows >= 1<<(MaxLevel-1) || item > MaxRewardItems ||
		swap < 0 || swap > NumCards || slot < 0 || slot >= MaxTokensPerCard || n < 0 || left < 0 || left > 255:
		return 0, fmt.Errorf("%w: state %q, %d left", ErrBadView, pr.State, left)
	case (pr.Acting < 0) != (kind == int(actNone)) || pr.Acting >= Player(s.g.players) ||
		payTo < -1 || payTo >= MaxPlayers || (payTo >= 0) != (kind == int(actGive)):
		return 0, fmt.Errorf("%w: player %d acting in state %q, paying player %d", ErrBadView, pr.Acting, pr.State, payTo)
	case leftKinds[kind] && n != 0 || !leftKinds[kind] && left != 0:
		return 0, fmt.Errorf("%w: %d left in state %q", ErrBadView, left, pr.State)
	}
	if leftKinds[kind] {
		n = left
	}
	if kind == int(actNone) {
		return step(st), nil
	}
	act := action{kind: actKind(kind), who: uint8(pr.Acting), card: playing, at: Place{int8(level), int8(col)},
		color: uint8(color), n: uint8(n), rows: uint8(rows), item: uint8(item), due: pr.Due,
		pick: CardID(swap), slot: uint8(slot)}
	if payTo >= 0 {
		act.other = uint8(payTo)
	}
	s.g.act = act
	return step(st), nil
}

// dealtTo names where unseen cards are dealt, for the error when too few are left: player
// player's what ("hand", "starting cards"), or, for player -1, what alone (a deck). The words are
// put together only for an error, as Sampler.Sample deals at every draw.
type dealtTo struct {
	what   string
	player int
}

// String returns e.g. "player 1's hand" or "the law deck".
func (d dealtTo) String() string {
	if d.player < 0 {
		return d.what
	}
	return fmt.Sprintf("player %d's %s", d.player, d.what)
}

// dealHidden shuffles the cards the viewer has not seen into the places hidden from the viewer.
func (s *sampler) dealHidden(v View) error {
	g := &s.g
	var seen cardSet
	see := func(c CardID) error {
		if !c.Valid() || seen.has(c) {
			return fmt.Errorf("%w: card %d is in two places, or does not exist", ErrBadView, c)
		}
		seen.add(c)
		return nil
	}
	for _, pair := range g.auction {
		for _, c := range pair {
			if c != 0 {
				if err := see(c); err != nil {
					return err
				}
			}
		}
	}
	for q := range g.players {
		pyr := &g.pyr[q]
		for _, c := range pyr.cells[:pyr.length()] {
			if err := see(c); err != nil {
				return err
			}
		}
		for c := range g.hand[q].all() {
			if err := see(c); err != nil {
				return err
			}
		}
	}
	for _, l := range [][]CardID{v.Discarded, v.Dealt, v.LawsKnown} {
		for _, c := range l {
			if err := see(c); err != nil {
				return err
			}
		}
	}
	for id := CardID(1); id <= NumCards; id++ {
		if g.under.host(id) != 0 {
			if err := see(id); err != nil {
				return err
			}
		}
	}
	if v.Player != Player(g.councilWho)-1 && len(v.LawsKnown) > 0 {
		return fmt.Errorf("%w: laws known to a player who put none back", ErrBadView)
	}

	// The unseen cards, characters and laws apart.
	var charCards [NumCharacters]CardID
	var lawCards [NumLaws]CardID
	chars, laws := charCards[:0], lawCards[:0]
	for c := CardID(1); c <= NumCards; c++ {
		switch {
		case seen.has(c):
		case c.IsCharacter():
			chars = append(chars, c)
		default:
			laws = append(laws, c)
		}
	}
	s.shuffle(chars)
	s.shuffle(laws)
	take := func(pool *[]CardID, n int, what dealtTo) ([]CardID, error) {
		if n < 0 || n > len(*pool) {
			return nil, fmt.Errorf("%w: %d unseen cards for %v, %d left", ErrBadView, n, what, len(*pool))
		}
		out := (*pool)[:n]
		*pool = (*pool)[n:]
		return out, nil
	}

	// Hands of the others.
	for q, pv := range v.Players {
		if Player(q) == s.viewer {
			if pv.HandSize != g.hand[q].len() {
				return fmt.Errorf("%w: the viewer's hand holds %d cards, not %d", ErrBadView, g.hand[q].len(), pv.HandSize)
			}
			continue
		}
		knownLaws := lawCount(g.hand[q])
		knownChars := g.hand[q].len() - knownLaws
		cs, err := take(&chars, pv.HandSize-pv.HandLaws-knownChars, dealtTo{"hand", q})
		if err != nil {
			return err
		}
		ls, err := take(&laws, pv.HandLaws-knownLaws, dealtTo{"hand", q})
		if err != nil {
			return err
		}
		for _, c := range cs {
			g.hand[q].add(c)
		}
		for _, c := range ls {
			g.hand[q].add(c)
		}
		if g.phase == phaseStart {
			d, err := take(&chars, g.startingCards(), dealtTo{"starting cards", q})
			if err != nil {
				return err
			}
			copy(g.dealt(Player(q)), d)
		}
	}

	// The decks: the large deck first, then the small one, each drawn from the front.
	large, err := take(&chars, v.Decks.Large, dealtTo{"the large deck", -1})
	if err != nil {
		return err
	}
	small, err := take(&chars, v.Decks.Small, dealtTo{"the small deck", -1})
	if err != nil {
		return err
	}
	front := 0 // the dealt cards lie before the decks (dealt)
	if g.phase == phaseStart {
		front = g.startingCards() * int(g.players)
		if len(v.Dealt) > g.startingCards() {
			return fmt.Errorf("%w: %d starting cards", ErrBadView, len(v.Dealt))
		}
		copy(g.dealt(s.viewer), v.Dealt)
	} else if len(v.Dealt) > 0 {
		return fmt.Errorf("%w: starting cards after the setup", ErrBadView)
	}
	if front+len(large)+len(small) > NumCharacters {
		return fmt.Errorf("%w: %d cards in the decks", ErrBadView, len(large)+len(small))
	}
	n := front + copy(g.chars[front:], large)
	copy(g.chars[n:], small)
	g.largeTop, g.largeEnd = uint8(front), uint8(n)
	g.smallTop, g.smallEnd = uint8(n), uint8(n+len(small))
	if g.phase == phaseStart {
		g.smallTop, g.smallEnd = NumCharacters, NumCharacters
		if len(small) > 0 {
			return fmt.Errorf("%w: a small deck before the setup is done", ErrBadView)
		}
	}
	if v.Decks.Laws < len(v.LawsKnown) || v.Decks.Laws < int(g.councilKnown) || v.Decks.Laws > NumLaws {
		return fmt.Errorf("%w: a law deck of %d cards", ErrBadView, v.Decks.Laws)
	}
	rest, err := take(&laws, v.Decks.Laws-len(v.LawsKnown), dealtTo{"the law deck", -1})
	if err != nil {
		return err
	}
	g.lawTop = uint8(NumLaws - v.Decks.Laws)
	known := copy(g.laws[g.lawTop:], v.LawsKnown)
	copy(g.laws[int(g.lawTop)+known:], rest)
	if len(chars)+len(laws) > 0 {
		return fmt.Errorf("%w: %d cards are nowhere", ErrBadView, len(chars)+len(laws))
	}

	// Cards just taken under 78 Patronage that the viewer has not seen: some of the owner's.
	if hidden := len(v.Progress.Patronage) - len(g.under.patrons()); hidden > 0 {
		owner := g.owner(lawPatronage)
		if owner < 0 {
			return fmt.Errorf("%w: cards owed to Patronage, which stands in no pyramid", ErrBadView)
		}
		var pick []CardID
		for c := range g.hand[owner].all() {
			if !g.under.patronHas(c) && !g.under.isShown(c) {
				pick = append(pick, c)
			}
		}
		s.shuffle(pick)
		if len(pick) < hidden {
			return fmt.Errorf("%w: %d unseen cards owed to Patronage", ErrBadView, hidden)
		}
		for _, c := range pick[:hidden] {
			g.addPatron(c) // a card of the hand
		}
	}
	if g.patron != 0 {
		owner := g.owner(lawPatronage)
		for _, c := range g.under.patrons() {
			if owner < 0 || !g.hand[owner].has(c) {
				return fmt.Errorf("%w: %v is owed to Patronage, and the hand of Patronage's owner lacks it", ErrBadView, c)
			}
		}
	}
	return nil
}

// setScreens sets the viewer's screen, and draws the 2 gems setup returned unseen from each other
// screen: each pair as setup draws it, 2 of the 8 starting gems, among those its player's view
// leaves possible, all together the gems View.Returned gives.
func (s *sampler) setScreens(v View) error {
	g := &s.g
	for q, pv := range v.Players {
		if pv.Unknown < 0 || pv.Gems != pv.Screen.Total()+pv.Unknown {
			return fmt.Errorf("%w: player %d has %d gems, not %v and %d more", ErrBadView, q, pv.Gems, pv.Screen, pv.Unknown)
		}
		if Player(q) == s.viewer && (pv.Screen != v.Screen || pv.Unknown != 0) {
			return fmt.Errorf("%w: the viewer's screen is %v and %v", ErrBadView, v.Screen, pv.Screen)
		}
		// Those are 2 gems of the 8 setup drew from, so no more than 2 of a colour are possible.
		if Player(q) != s.viewer && pv.Unknown > 0 && (pv.Possible.Total()-pv.Unknown != 2 || !(Gems{2, 2, 2, 2}).Covers(pv.Possible)) {
			return fmt.Errorf("%w: player %d: %d unknown gems of %v possible", ErrBadView, q, pv.Unknown, pv.Possible)
		}
	}
	// The others' screens hold, together, every gem that is nowhere else (RULES.md 3.1: 4 of each
	// colour per player come out of the box).
	x := s.setupPair()
	g.screen[s.viewer], g.unseen[s.viewer], g.bound[s.viewer] = v.Screen, packFew(gemWord(x)), twoOfEach
	var others Gems
	for c := range others {
		n := 4*int(g.players) - int(g.inPlay()[c]) - int(v.Screen[c])
		if n < 0 {
			return fmt.Errorf("%w: %d %v gems too many", ErrBadView, -n, Color(c))
		}
		others[c] = uint8(n)
	}
	// Screens known exactly take what they hold; the others hold the rest but for their returned
	// gems, drawn among the ways that fit.
	var open []Player
	var need Gems // what the open screens' returned gems come to
	for q, pv := range v.Players {
		switch {
		case Player(q) == s.viewer:
		case pv.Unknown == 0:
			g.screen[q] = pv.Screen
			if !others.Covers(pv.Screen) {
				return fmt.Errorf("%w: player %d's screen %v is more than there is", ErrBadView, q, pv.Screen)
			}
			others = others.Minus(pv.Screen)
		default:
			open = append(open, Player(q))
			need = need.Plus(pv.Screen).Plus(pv.Possible)
		}
	}
	if !need.Covers(others) {
		return fmt.Errorf("%w: the open screens cannot hold %v", ErrBadView, others)
	}
	need = need.Minus(others)
	// The returned gems of the open screens are drawn together among the ways that come to need,
	// each as likely as setup makes it. A way that leaves the decision of an action under way with
	// a single legal move is drawn again: settle makes such a move at once, so in the real game,
	// where the player was asked, the screen allows more (a payment from the screen alone, say,
	// beside an infinite gem's). Should every way do so, the first drawn is kept.
	var pairs [MaxPlayers]returnPairs
	for i, q := range open {
		pairs[i] = pairsWithin(v.Players[q].Possible)
	}
	w := returnWays{need: need, pairs: pairs[:len(open)]}
	w.find(0, Gems{}, 0, 1)
	if w.total == 0 {
		return fmt.Errorf("%w: no screens hold %v", ErrBadView, others)
	}
	first := -1
	for w.total > 0 {
		i := w.pick(g.intn(w.total))
		if first < 0 {
			first = i
		}
		s.setReturned(v, open, w.pairs, w.fits[i])
		if !s.actionForced() {
			first = -1
			break
		}
		w.total -= int(w.fits[i].weight)
		w.fits[i].weight = 0
	}
	if first >= 0 {
		s.setReturned(v, open, w.pairs, w.fits[first])
	}
	// The returned gems of the screens known exactly are what View.Returned leaves: their split
	// among those players shows in no view of the viewer's.
	if !v.Returned.Covers(need) {
		return fmt.Errorf("%w: returned gems %v, yet %v of the open screens", ErrBadView, v.Returned, need)
	}
	rest := v.Returned.Minus(need)
	for q, pv := range v.Players {
		if Player(q) == s.viewer || pv.Unknown > 0 {
			continue
		}
		var x Gems
		for c := range rest {
			for rest[c] > 0 && x.Total() < 2 {
				rest[c]--
				x[c]++
			}
		}
		g.unseen[q], g.bound[q] = packFew(gemWord(x)), packFew(gemWord(x))
	}
	if rest != (Gems{}) {
		return fmt.Errorf("%w: returned gems %v left over", ErrBadView, rest)
	}
	return nil
}

// returnPair is a pair of gems setup may have returned from a screen, as colours, and the number
// of the 28 pairs of its 8 starting gems (2 of each colour) that give it: 1 for two of a colour,
// 4 for two colours.
type returnPair struct {
	gems Gems
	ways uint8
}

// returnPairs are the returnPairs a screen's possible gems cover: at most 10.
type returnPairs struct {
	pair [10]returnPair
	n    int
}

// pairsWithin returns the returnPairs that possible covers.
func pairsWithin(possible Gems) returnPairs {
	var out returnPairs
	for a := range Color(NumColors) {
		for b := a; b < NumColors; b++ {
			var x Gems
			x[a]++
			x[b]++
			if possible.Covers(x) {
				out.pair[out.n] = returnPair{x, 1 + 3*b2u(a != b)}
				out.n++
			}
		}
	}
	return out
}

// maxWays bounds the ways 3 open screens can have returned their pairs (10 pairs each).
const maxWays = 10 * 10 * 10

// returnWay is one way the open screens returned their pairs: the index of each screen's pair in
// its returnPairs (4 bits a screen), and how many ways of drawing the gems give it.
type returnWay struct {
	picks  uint16
	weight uint8
}

// returnWays lists the ways the open screens' pairs come to need.
type returnWays struct {
	need  Gems
	pairs []returnPairs // by open screen
	fits  [maxWays]returnWay
	n     int
	total int // the sum of the weights of fits[:n]
}

// find lists in fits every way of taking one pair from each screen's pairs, from screen i on, that
// comes to need with sum.
func (w *returnWays) find(i int, sum Gems, picks uint16, weight int) {
	if i == len(w.pairs) {
		if sum == w.need {
			w.fits[w.n] = returnWay{picks, uint8(weight)}
			w.n++
			w.total += weight
		}
		return
	}
	ps := &w.pairs[i]
	for k, p := range ps.pair[:ps.n] {
		if next := sum.Plus(p.gems); w.need.Covers(next) {
			w.find(i+1, next, picks|uint16(k)<<(4*i), weight*int(p.ways))
		}
	}
}

// pick returns the index of the way that r, from 0 to total less one, falls on.
func (w *returnWays) pick(r int) int {
	for i, f := range w.fits[:w.n] {
		if r < int(f.weight) {
			return i
		}
		r -= int(f.weight)
	}
	return w.n - 1 // not reached: r is below total
}

// setReturned sets the screens of the open players, and what the others know of them, as way f
// has them return their pairs.
func (s *sampler) setReturned(v View, open []Player, pairs []returnPairs, f returnWay) {
	g := &s.g
	for i, q := range open {
		pv := v.Players[q]
		x := pairs[i].pair[f.picks>>(4*i)&0xF].gems
		g.unseen[q], g.bound[q] = packFew(gemWord(x)), packFew(gemWord(pv.Possible))
		g.screen[q] = pv.Screen.Plus(pv.Possible).Minus(x)
	}
}

// actionForced reports whether the decision of the action under way, if any, has fewer than two
// legal moves in the game drawn so far, which no game leaves at rest. The moves are counted on the
// decision's list, with what the list reads found as at rest (comeToRest: placeLevels), rather
// than asked of the entry's forced move: a decision that is never forced (neverForced) is so only
// because the game makes the move before it comes to rest when it is no choice, as 67 Barter's
// payment does (giveRest), and a screen drawn here may leave it none.
func (s *sampler) actionForced() bool {
	g := &s.g
	if g.act.kind == actNone || g.patron != 0 {
		return false
	}
	g.comeToRest() // again once the game is built (build)
	var buf [64]Move
	return len(g.listMoves(g.dec, buf[:0], Player(g.act.who))) < 2
}

// inPlay counts the gems that are neither behind a screen nor in the box: in the reserve, parked,
// infinite gems on cards, and on painted circles.
func (g *Game) inPlay() Gems {
	used := g.reserve.Plus(g.parked.total())
	for q := range g.players {
		pyr, painted := &g.pyr[q], false
		for _, id := range pyr.cells[:pyr.size()] {
			if c, ok := g.on.infinite(id).get(); ok {
				used[c]++
			}
			painted = painted || g.on.paint(id) != 0
		}
		if painted { // only at the end of the game: the circles are read from a Tableau
			used = used.Plus(g.Tableau(Player(q)).paintGems())
		}
	}
	return used
}

// setupPair draws the 2 gems setup returns from a screen: 2 of its 8 starting gems, each pair of
// them as likely.
func (s *sampler) setupPair() Gems {
	all := pairsWithin(Gems{2, 2, 2, 2}) // the 28 pairs of gems, as colours with their counts
	r := s.g.intn(28)
	for _, p := range all.pair[:all.n] {
		if r < int(p.ways) {
			return p.gems
		}
		r -= int(p.ways)
	}
	return Gems{} // not reached: the counts come to 28
}

// setChoices sets who owes a decision, the choices revealed, the viewer's hidden choices, and
// draws the others' hidden choices among their legal moves.
func (s *sampler) setChoices(v View) error {
	g := &s.g
	var toMove uint8
	for _, p := range v.ToMove {
		if p < 0 || int(p) >= int(g.players) {
			return fmt.Errorf("%w: no player %d", ErrBadView, p)
		}
		toMove |= 1 << p
	}
	for _, pm := range v.Revealed {
		if pm.Player < 0 || int(pm.Player) >= int(g.players) {
			return fmt.Errorf("%w: no player %d", ErrBadView, pm.Player)
		}
		if pm.Move.Kind == Claim {
			g.claim[pm.Player] = pm.Move.Card
		} else {
			g.secret[pm.Player] = pm.Move
		}
		// A revealed choice still to resolve names a card everyone knows is in the hand.
		if g.phase == phaseDevelopment && g.pending&(1<<pm.Player) != 0 && !slices.Contains(v.Players[pm.Player].Hand, pm.Move.Card) {
			return fmt.Errorf("%w: player %d revealed %v, and the hand the view shows lacks the card", ErrBadView, pm.Player, pm.Move)
		}
	}
	// The others' hidden choices are drawn by playing them: the state must be sound first.
	for _, check := range []func() error{g.checkPending, g.checkClaims} {
		if err := check(); err != nil {
			return fmt.Errorf("%w: no game is so: %w", ErrBadView, err)
		}
	}
	if !g.collecting() {
		return nil
	}
	// Who takes part in the choice being collected.
	d := g.decisionOwed()
	if d == decClaim && g.bidColor >= NumColors {
		return fmt.Errorf("%w: claims on no colour", ErrBadView)
	}
	set := g.takingPart(d)
	if toMove&^set != 0 {
		return fmt.Errorf("%w: players to move who take no part in the %v", ErrBadView, g.currentStep())
	}
	// The viewer's own choices are made again, each checked as Apply checks it. (The viewer's
	// painting shows on the viewer's own pyramid, not among the choices.)
	g.waiting = toMove
	if g.phase != phasePainting {
		g.waiting |= set & (1 << s.viewer)
	}
	for _, m := range v.Chosen {
		if g.waiting&(1<<s.viewer) == 0 {
			if g.phase == phaseStart && m.Kind == KeepInHand {
				continue // first edition: the card not kept for the pyramid goes to the hand
			}
			return fmt.Errorf("%w: the viewer's choice %v after the viewer's choice was made", ErrBadView, m)
		}
		if err := g.checkListed(s.viewer, m); err != nil {
			return fmt.Errorf("%w: the viewer's choice: %w", ErrBadView, err)
		}
		g.do(s.viewer, &m)
	}
	if g.waiting&(1<<s.viewer) != toMove&(1<<s.viewer) {
		return fmt.Errorf("%w: the viewer's choices %v do not make the viewer's decision (%v)", ErrBadView, v.Chosen, g.currentStep())
	}
	var buf [64]Move
	for q := range g.players {
		if set&^toMove&(1<<q) == 0 || Player(q) == s.viewer {
			continue
		}
		// q has chosen, unseen: draw q's choice (in setup and painting, one at a time until done).
		g.waiting |= 1 << q
		for i := 0; g.waiting&(1<<q) != 0; i++ {
			moves := g.appendLegal(buf[:0], Player(q))
			if len(moves) == 0 || i > 64 {
				return fmt.Errorf("%w: player %d has no choice to have made", ErrBadView, q)
			}
			m := moves[g.intn(len(moves))]
			if g.phase == phasePainting {
				m = moves[len(moves)-1] // finish; with a circle to paint, the best painting comes before
				if len(moves) > 1 {
					m = moves[len(moves)-2]
				}
			}
			g.do(Player(q), &m)
		}
	}
	return nil
}

// fillBox puts in the box the gems that never came out of it, and checks that every gem is in
// one place.
func (s *sampler) fillBox() error {
	g := &s.g
	used := g.inPlay()
	for q := range g.players {
		used = used.Plus(g.screen[q])
	}
	for c := range used {
		g.box[c] = GemsPerColor - 4*g.players // RULES.md 3.1: 4 of each colour per player come out
		if int(used[c])+int(g.box[c]) != GemsPerColor {
			return fmt.Errorf("%w: %d %v gems in play", ErrBadView, used[c], Color(c))
		}
	}
	return nil
}

// check holds the sampled game to the view: its view must be v, byte for byte in JSON.
func (s *sampler) check(v View) error {
	want, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadView, err)
	}
	got, err := json.Marshal(s.g.View(s.viewer))
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadView, err)
	}
	if string(got) != string(want) {
		return fmt.Errorf("%w: no game gives this view (%s)", ErrBadView, firstDifference(got, want))
	}
	return nil
}

// firstDifference shows where two JSON texts part.
func firstDifference(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-60)
	return fmt.Sprintf("a game shows ...%s..., the view ...%s...", a[from:min(len(a), i+40)], b[from:min(len(b), i+40)])
}

// shuffle shuffles s with the game's generator.
func (s *sampler) shuffle(cards []CardID) { s.g.shuffleCards(cards) }

// checkAction holds the action under way, as the view gives it, to what the game's own steps make
// of an action: each kind in the phases that have it, with the fields it uses and no other, the
// card being played in the player's hand, and the card being rewarded or the law being resolved
// standing where the action says, in the player's own pyramid. What it checks of a hand it checks
// of the hand cards the view shows, never of the cards drawn for the hidden part: whether a view is
// taken must not depend on the seed.
func (s *sampler) checkAction(v View) error {
	g := &s.g
	a := g.act
	if a.kind == actNone {
		return nil
	}
	p := Player(a.who)
	bad := func(why string, args ...any) error {
		return fmt.Errorf("%w: player %d's action %q: %s", ErrBadView, p, actionNames[a.kind], fmt.Sprintf(why, args...))
	}
	standing := a.card.Valid() && g.pyr[p].at(a.at) == a.card
	law, isLawStep := lawOfAction[a.kind]
	reward := a.kind == actReward || a.kind == actGems || a.kind == actDraw
	switch {
	case g.phase == phaseStart || g.phase == phasePainting:
		return bad("in the %v", g.currentStep())
	case a.due != (Gems{}) && a.kind != actPay:
		return bad("a cost due")
	case (a.pick != 0 || a.slot != 0) && a.kind != actBarterOther && a.kind != actGive:
		return bad("a token picked")
	case a.other != 0 && a.kind != actGive:
		return bad("a player to pay")
	case a.color != 0 && a.kind != actTake && a.kind != actDuel:
		return bad("a colour")
	case (a.rows != 0 || a.item != 0) && (!reward || !a.card.IsCharacter() || !standing):
		return bad("reward rows of no character card standing")
	case a.rows >= 1<<(MaxLevel-1) || int(a.item) > MaxRewardItems:
		return bad("reward rows %03b, item %d", a.rows, a.item)
	case isLawStep && (!standing || law != 0 && a.card != law || law == 0 && !hasLawOptions[a.card]):
		return bad("the law %v at %v", a.card, a.at)
	}
	switch a.kind {
	case actTake:
		if a.color > anyColor || a.card != 0 && (a.card != lawPrivilege || !standing) || a.card == 0 && a.at != (Place{}) {
			return bad("colour %d, card %v", a.color, a.card)
		}
	case actDuel:
		if a.color >= NumColors || a.card != 0 || a.n >= g.virtual || g.vIn&(1<<a.n) == 0 {
			return bad("colour %d, virtual opponent %d", a.color, a.n)
		}
	case actAuctionDiscard:
		if a.card != 0 || a.at != (Place{}) || a.n != 0 {
			return bad("card %v", a.card)
		}
	case actPlace:
		// The card being placed was revealed from the hand: everyone knows it is there.
		if !a.card.Valid() || !slices.Contains(v.Players[p].Hand, a.card) || a.at != (Place{}) || a.n != 0 {
			return bad("card %v, which the hand the view shows does not hold", a.card)
		}
	case actPay:
		if !standing || !a.card.IsCharacter() || !costAt(a.card, int(a.at.Level)).Covers(a.due) || a.n != 0 {
			return bad("%v due for %v at %v", a.due, a.card, a.at)
		}
	case actReward:
		if !standing || a.n != 0 || a.rows == 0 && a.at.Level != MaxLevel {
			return bad("rows %03b of %v at %v", a.rows, a.card, a.at)
		}
	case actGems, actDraw:
		if a.n == 0 || a.card != 0 && !standing || a.card == 0 && a.at != (Place{}) {
			return bad("%d left, card %v at %v", a.n, a.card, a.at)
		}
	case actPutBack:
		if a.n == 0 || a.n > 2 {
			return bad("%d left", a.n)
		}
	case actPark:
		if a.n == 0 || a.n > 8 {
			return bad("%d left", a.n)
		}
	case actGive:
		if a.n == 0 || a.n > 3 || Player(a.other) == p || a.other >= g.players {
			return bad("%d gems left to player %d", a.n, a.other)
		}
	}
	if a.pick != 0 {
		if !a.pick.Valid() || a.slot >= MaxTokensPerCard || g.on.token(a.pick, int(a.slot)) == 0 || g.owner(a.pick) != p {
			return bad("token %d on %v", a.slot, a.pick)
		}
	}
	return nil
}
