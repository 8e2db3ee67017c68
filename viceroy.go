package viceroy

import (
	"fmt"
	"math/bits"
	"strconv"
)

// MaxPlayers is the largest number of participants, humans and virtual opponents together.
const MaxPlayers = 4

// Turns is the number of turns of a game (RULES.md 5).
const Turns = 12

// Player numbers the human players of a game, 0 to Players-1.
type Player int

// String returns e.g. "player 2".
func (p Player) String() string { return "player " + strconv.Itoa(int(p)) }

// Edition selects the printing whose rules apply (RULES.md 2).
type Edition uint8

// The editions. The zero Edition is the second edition.
const (
	SecondEdition Edition = iota // 4 starting cards; discard for 2 gems in the development phase
	FirstEdition                 // 2 starting cards; no discard
)

// String returns "second edition" or "first edition".
func (e Edition) String() string {
	switch e {
	case SecondEdition:
		return "second edition"
	case FirstEdition:
		return "first edition"
	}
	return "Edition(" + strconv.Itoa(int(e)) + ")"
}

// Config is how a game is set up.
//
// Every mix of 1 to 4 human players with virtual opponents, up to 4 participants, can be played,
// except a human alone. RULES.md 9 describes solo as one human against one virtual opponent and
// adds virtual opponents to games of 2 or 3 humans; it does not rule out one human against 2 or 3
// virtual opponents, so the library allows that too: each virtual opponent follows the same rules
// as in any other game, and with a single human the game has no winner, as in solo.
type Config struct {
	Players int     // human players, 1-4
	Virtual int     // virtual opponents (RULES.md 9); Players+Virtual <= 4; solo is 1+1
	Edition Edition // the zero value is SecondEdition
	Seed    uint64  // all chance (shuffles, random gems, virtual bids) comes from this seed
}

// validate explains why a config cannot be played, wrapping ErrBadConfig. Every function that
// makes a game from a Config, or reads or writes one in a Record, asks it first.
func (c Config) validate() error {
	switch {
	case c.Players < 1 || c.Players > MaxPlayers:
		return fmt.Errorf("%w: %d players, want 1-%d", ErrBadConfig, c.Players, MaxPlayers)
	case c.Virtual < 0:
		return fmt.Errorf("%w: %d virtual opponents", ErrBadConfig, c.Virtual)
	case c.Virtual > MaxPlayers-c.Players: // Players is 1-4 here: no overflow, as Players+Virtual could
		return fmt.Errorf("%w: %d players and %d virtual opponents are more than %d", ErrBadConfig,
			c.Players, c.Virtual, MaxPlayers)
	case c.Players == 1 && c.Virtual == 0:
		return fmt.Errorf("%w: a solo game needs a virtual opponent (Virtual: 1)", ErrBadConfig)
	case c.Edition != SecondEdition && c.Edition != FirstEdition:
		return fmt.Errorf("%w: unknown edition %d", ErrBadConfig, c.Edition)
	}
	return nil
}

// phase is the part of the game being played.
type gamePhase uint8

const (
	phaseStart       gamePhase = iota // starting cards are being chosen
	phaseStartReward                  // starting rewards, in priority order
	phaseAuction
	phaseDevelopment
	phasePainting
	phaseOver
)

// Game is the whole state of a game of Viceroy: a comparable value with no pointers, slices, maps
// or interfaces inside. Apply never changes the Game it is called on; it returns a new one. Copying
// a Game is assignment, comparing two is ==, and a Game can be a map key.
//
// A game is a sequence of decisions: ToMove says who owes one, Legal lists the choices, Apply makes
// one. Simultaneous decisions (starting cards, bids, claims, development choices, painting) are
// collected one player at a time and stay hidden until the last one arrives. Any other decision
// with only one possible choice is made automatically; a simultaneous one is always asked, even
// when Legal offers a single move, so that nobody learns from its speed that it was forced.
//
// Only NewGame and Replay make games: the zero Game is not one (it is not Over, and nobody is to
// move). A Game has no JSON form of its own; to save or send a game, write its Record (the
// config and the moves), or a player's View.
//
// A Game is about 1 KB, and Go copies a value receiver at every call, inlined or not, so its
// methods take a pointer: the loop a user writes, for !g.Over() with a random one of the players
// to move, costs about 180,000 instructions a 4-player game with Play where value receivers cost
// 232,000. The pointer is only a way to the value: no method but Play changes the Game it is
// called on, and Apply returns a new one. String and MarshalJSON keep value receivers, so that a
// Game printed or marshalled as a value (not only through a pointer) still says what it is. A
// method needs an addressable Game: write g := h.Game() before g.Over(), not h.Game().Over().
type Game struct {
	players, virtual uint8
	edition          Edition
	// owes is the players who owe a decision, as owing finds them, and dec the kind of decision
	// they owe, as decisionOwed finds it: both set whenever a game comes to rest at a decision
	// (settle, Sample, History), so that the calls of a search loop read them.
	owes uint8
	dec  decision

	// Laws. These three bytes fill the first word after the five above, where
	// seed, which is aligned on 8 bytes, would otherwise leave padding (TestGameSize).
	skip         uint8 // players who skip the next auction phase, or the one under way (69 Privilege)
	councilWho   uint8 // player+1 who put law cards back on the law deck (70 Council), or 0
	councilKnown uint8 // how many top cards of the law deck councilWho knows

	seed uint64
	rng  uint64 // splitmix64 state: every chance event draws from it

	phase gamePhase
	sub   uint8 // the step within the phase (auction.go, development.go)
	turn  uint8 // 1-12
	round uint8 // auction or development round, 1-3

	reserve, box Gems
	parked       parkedGems // gems parked by 76 Treasury, by the card they lie on
	screen       [MaxPlayers]Gems
	attacks      [MaxPlayers]uint8 // attack tokens behind each screen
	hand         [MaxPlayers]cardSet
	pyr          [MaxPlayers]layout
	on           holdings // what lies on each standing card (holdings.go)
	under        tucks    // for each tucked card, the card it is tucked under; cards out of the game, shown, owed to Patronage (holdings.go)

	// Decks. The character deck is chars[largeTop:largeEnd] (the large deck) followed by
	// chars[smallTop:smallEnd] (the small deck); both are drawn from the front. During setup
	// chars[largeTop:largeEnd] is the undealt deck, the small deck is empty, and chars[:largeTop]
	// holds the starting cards dealt and not yet placed (dealt, in view.go).
	chars              [NumCharacters]CardID
	largeTop, largeEnd uint8
	smallTop, smallEnd uint8
	laws               [NumLaws]CardID // the law deck is laws[lawTop:]
	lawTop             uint8
	auction            [NumColors][2]CardID // by colour: the card at the base (0) and the tip (1)

	// Simultaneous decisions.
	waiting uint8              // players whose hidden choice is still owed (bit p)
	secret  [MaxPlayers]Move   // hidden choices made, revealed when waiting is empty
	claim   [MaxPlayers]CardID // two-card claims

	// The auction.
	inAuction uint8                // players still in this turn's auction
	attackers uint8                // attackers still to take their card this round
	bidColor  uint8                // next colour whose bids are resolved this round (4 = done)
	passers   uint8                // players still to take their pass gems
	passedAt  uint8                // players who passed this turn
	vIn       uint8                // virtual opponents still in this turn's auction (bit v)
	vBid      [MaxPlayers]optColor // their bids this round, once drawn
	vDiscards uint8                // auction discards owed for virtual bids on empty colours

	// The development phase.
	active  uint8 // players still in this turn's development phase
	pending uint8 // players whose revealed choice of this round is still to resolve

	act action // the sequential action under way, if act.kind != 0

	// Laws.
	// skip, councilWho and councilKnown lie in the first word (see there).
	// patron is the lowest card just taken into the hand, for 78 Patronage's tuck-or-keep, or 0;
	// every such card is marked in under (addPatron).
	patron CardID

	// What the table saw (knowledge.go): kept for View and Sample.
	lawSeen [MaxPlayers]lawSet  // by viewer: law cards the viewer put back and saw another player draw
	unseen  [MaxPlayers]fewGems // the 2 gems setup returned from each screen, unseen by the others
	bound   [MaxPlayers]fewGems // the most of each colour those 2 may be, as the others can tell
}

// NumPlayers returns the number of human players.
func (g *Game) NumPlayers() int { return int(g.players) }

// Config returns the configuration the game was created with.
func (g *Game) Config() Config {
	return Config{Players: int(g.players), Virtual: int(g.virtual), Edition: g.edition, Seed: g.seed}
}

// Turn returns the current turn, 1-12 (0 while starting cards are chosen).
func (g *Game) Turn() int { return int(g.turn) }

// characterOrder and lawOrder are the character and law cards in card order, the decks before
// they are shuffled.
var characterOrder, lawOrder = func() (chars [NumCharacters]CardID, laws [NumLaws]CardID) {
	for i := range chars {
		chars[i] = CardID(i + 1)
	}
	for i := range laws {
		laws[i] = FirstLaw + CardID(i)
	}
	return chars, laws
}()

// everyone returns the bit set of all human players.
func (g *Game) everyone() uint8 { return 1<<g.players - 1 }

// drawLarge takes the top card of the large deck (0 when empty).
func (g *Game) drawLarge() CardID { return g.drawChar(&g.largeTop, g.largeEnd) }

// drawSmall takes the top card of the small deck (0 when empty).
func (g *Game) drawSmall() CardID { return g.drawChar(&g.smallTop, g.smallEnd) }

// drawChar takes the card at *top of the character deck chars[*top:end] (0 when empty).
func (g *Game) drawChar(top *uint8, end uint8) CardID {
	if *top >= end {
		return 0
	}
	c := g.chars[*top]
	g.chars[*top] = 0
	*top++
	return c
}

// drawLaw takes the top card of the law deck (0 when empty) for player p.
func (g *Game) drawLaw(p Player) CardID {
	if int(g.lawTop) >= NumLaws {
		return 0
	}
	c := g.laws[g.lawTop]
	g.laws[g.lawTop] = 0
	g.lawTop++
	if g.councilKnown > 0 {
		g.councilKnown--
		if who := Player(g.councilWho) - 1; who != p {
			g.lawSeen[who] |= lawBit(c) // the player who put it back saw who drew it
		}
	}
	return c
}

// Deck sizes.
func (g *Game) largeLen() int { return int(g.largeEnd) - int(g.largeTop) }
func (g *Game) smallLen() int { return int(g.smallEnd) - int(g.smallTop) }
func (g *Game) lawLen() int   { return NumLaws - int(g.lawTop) }

// rand returns the next number of the game's splitmix64 generator.
func (g *Game) rand() uint64 {
	g.rng += golden
	return mix(g.rng)
}

// golden is the step of the splitmix64 generator's state.
const golden = 0x9e3779b97f4a7c15

// mix is splitmix64's output function of the generator's state.
func mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// intn returns a number in [0, n) (multiply-shift; the bias is below n/2^64).
func (g *Game) intn(n int) int {
	hi, _ := bits.Mul64(g.rand(), uint64(n))
	return int(hi)
}

// shuffleCards shuffles cards with the game's generator.
func (g *Game) shuffleCards(s []CardID) { shuffle(&g.rng, s) }

// shuffleColors shuffles colours with the game's generator.
func (g *Game) shuffleColors(s []Color) { shuffle(&g.rng, s) }

// shuffle shuffles s (Fisher-Yates, drawing as intn does) with the splitmix64 generator whose
// state is *rng, held in a local while it runs.
func shuffle[E CardID | Color](rng *uint64, s []E) {
	r := *rng
	for i := len(s) - 1; i > 0; i-- {
		r += golden
		hi, _ := bits.Mul64(mix(r), uint64(i+1))
		s[i], s[hi] = s[hi], s[i]
	}
	*rng = r
}

// first returns the player of set who comes first in priority: the one whose pyramid holds the
// lowest-numbered standing card (RULES.md 4); false when set is empty.
func (g *Game) first(set uint8) (Player, bool) {
	if set == 0 {
		return 0, false
	}
	best := Player(bits.TrailingZeros8(set))
	if set&(set-1) == 0 {
		return best, true // a single player: no pyramid to look at
	}
	low := g.pyr[best].lowest()
	for set &= set - 1; set != 0; set &= set - 1 {
		p := Player(bits.TrailingZeros8(set))
		if l := g.pyr[p].lowest(); l < low {
			best, low = p, l
		}
	}
	return best, true
}

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

// Legal returns every legal move of player p now; empty if p owes no decision.
func (g *Game) Legal(p Player) []Move {
	return g.AppendLegal(nil, p)
}

// AppendLegal appends the legal moves of p to dst and returns it; it appends nothing when p owes
// no decision, and allocates nothing when dst has room. It never changes *g.
func (g *Game) AppendLegal(dst []Move, p Player) []Move {
	if !g.owesDecision(p) {
		return dst
	}
	switch g.dec {
	case decGems:
		return g.appendGemPicks(dst)
	case decBids:
		return g.appendBids(dst, p)
	case decDevelop:
		return g.appendDevelopmentMoves(dst, p)
	}
	return g.appendLegal(dst, p)
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

// apply makes move *m for player p if it is legal now, and returns nil; otherwise it returns the
// error that says why not, and leaves g unchanged. It takes the move by pointer, as the functions
// it calls do, so that the move is not passed in six registers and stored again.
func (g *Game) apply(p Player, m *Move) error {
	if !g.owesDecision(p) {
		return g.notOwed(p, *m)
	}
	switch g.dec {
	case decGems:
		if g.canTakeGem(m) {
			if g.pickFollows(m.Color) {
				g.takeGem(p, m.Color)
			} else {
				g.do(p, m)
				g.settle()
			}
			return nil
		}
	case decBids:
		if g.bidsColor(p, m) || g.attacksAuction(p, m) { // canBid, its first check inlined
			if g.record(p, m) {
				g.settle()
			}
			return nil
		}
	case decDevelop:
		if g.passesOrDiscards(p, m) || g.playsFromScreen(p, m) || g.plays(p, m) { // canDevelop, inlined in part
			if g.record(p, m) {
				g.settle()
			}
			return nil
		}
	}
	if !g.surelyLegal(p, m) {
		if err := g.checkListed(p, *m); err != nil {
			return err
		}
	}
	g.do(p, m)
	g.settle()
	return nil
}

// canTakeGem reports whether m is one of the gem picks appendGemPicks offers, in a game at rest at
// a gem pick (decGems), the most frequent decision of all: a colour the reserve has.
func (g *Game) canTakeGem(m *Move) bool {
	c := m.Color
	return *m == Move{Kind: TakeGem, Color: c} && c.Valid() && g.reserve[c] > 0
}

// pickFollows reports whether, after a gem pick of colour c (which canTakeGem found legal),
// another pick with a choice of colours follows: the pick is not the action's last; giveRewards
// would take every gem left at once were as many picks left as gems, or more; settle would make
// the pick for the player were one colour left. apply then makes the pick with takeGem, without
// going through do and settle; otherwise, the general way. The two are kept apart, and small
// enough to be inlined into apply: the most frequent decision of all then makes no call.
func (g *Game) pickFollows(c Color) bool {
	r := gemWord(g.reserve) - 1<<(8*c)
	n := uint32(g.act.n)
	return n >= 2 && n-1 < gemTotal(r) && twoColors(r)
}

// takeGem makes p's gem pick of colour c when pickFollows: a gem from the reserve to the screen.
func (g *Game) takeGem(p Player, c Color) {
	g.reserve[c]--
	g.screen[p][c]++
	g.act.n--
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

// checkListed returns nil if m is one of the legal moves of p (who owes a decision), or an error
// saying why not. A move is legal exactly when it is one of p's legal moves; apply asks here only
// for a move surelyLegal does not know.
func (g *Game) checkListed(p Player, m Move) error {
	var buf [64]Move
	for _, l := range g.appendLegal(buf[:0], p) {
		if l == m {
			return nil
		}
	}
	if err := m.wellFormed(); err != nil {
		return fmt.Errorf("%w: %v: %s (%s)", ErrIllegalMove, p, within(err), g.decisionName(p))
	}
	return fmt.Errorf("%w: %s (%s)", ErrIllegalMove, g.whyIllegal(p, m, g.appendLegal(buf[:0], p)), g.decisionName(p))
}

// surelyLegal reports, without listing p's legal moves, that m is one of them, for the moves of
// the most frequent decisions but gem picks and the hidden choices of the auction and the
// development phase (canTakeGem, canBid and canDevelop check those): a card taken from the
// auction, a character or law placed, a draw, a claim in the auction, a starting card, a law's
// option, a payment or an infinite gem used for one, painting, 78 Patronage's tuck or keep, and
// the steps of 76 Treasury, 72 Archive, 70 Council, 67 Barter's gift and of choosing an infinite
// gem's colour. It mirrors appendLegal; false means only "not known", and checkListed then looks
// m up in the list. TestSurelyLegalAgreesWithLegal holds it to the list.
func (g *Game) surelyLegal(p Player, pm *Move) bool {
	m := *pm
	if g.patron != 0 {
		return m == Move{Kind: Keep} || m == Move{Kind: Tuck, Card: g.patron}
	}
	// Dispatched on the kind of the move, the most frequent first: each case then checks that the
	// decision owed is the one that move answers.
	a := &g.act
	switch m.Kind {
	case PlaceCard:
		if a.kind != actPlace || m != (Move{Kind: PlaceCard, At: m.At}) {
			return false
		}
		pyr := &g.pyr[p]
		if !a.card.IsCharacter() {
			// A law costs nothing, and appendLawPlaces offers every place of a law but for 65
			// Succession (which takes a card's place) and 66 Endowment (which is tucked under one).
			return a.card != lawSuccession && a.card != lawEndowment && pyr.canPlace(m.At, true)
		}
		return pyr.canPlace(m.At, false) && g.canPay(p, costAt(a.card, int(m.At.Level)))
	case Take:
		if a.kind != actTake || m != (Move{Kind: Take, Card: m.Card}) || m.Card == 0 {
			return false
		}
		for c, cards := range g.auction {
			if a.takesFrom(Color(c)) && (cards[0] == m.Card || cards[1] == m.Card) {
				return true
			}
		}
	case Claim:
		if a.kind != actNone || g.phase != phaseAuction || g.sub != subClaim {
			return false
		}
		on := g.auction[g.bidColor]
		return m == Move{Kind: Claim, Card: m.Card} && m.Card != 0 && (on[0] == m.Card || on[1] == m.Card)
	case Draw:
		return a.kind == actDraw && (m == Move{Kind: Draw, Choice: SmallDeck} && g.smallLen() > 0 ||
			m == Move{Kind: Draw, Choice: LawDeck} && g.lawLen() > 0)
	case KeepInPyramid, KeepInHand:
		return a.kind == actNone && g.phase == phaseStart && g.surelyStarts(p, pm)
	case ChooseOption:
		// Every law with options offers its three (appendLawMoves).
		return a.kind == actOption && m == Move{Kind: ChooseOption, Choice: m.Choice} && m.Choice < 3
	case PayCost:
		return a.kind == actPay && m == Move{Kind: PayCost} && g.screen[p].Covers(a.due)
	case UseInfinite:
		return a.kind == actPay && m == Move{Kind: UseInfinite, Card: m.Card} && m.Card.Valid() &&
			g.pyr[p].has(m.Card) && g.canUseInfinite(m.Card, a.due)
	case PaintBest:
		// appendPaintMoves offers it when some unpainted circle can be painted.
		if a.kind != actNone || g.phase != phasePainting || m != (Move{Kind: PaintBest}) {
			return false
		}
		screen := gemWord(g.screen[p])
		if screen == 0 {
			return false
		}
		for c := range g.pyr[p].circles() {
			if !g.painted(c) && paintable(c, screen) != 0 {
				return true
			}
		}
		return false
	case FinishPainting:
		return a.kind == actNone && g.phase == phasePainting && m == Move{Kind: FinishPainting}
	case Park: // 76 Treasury: a gem the screen holds
		return a.kind == actPark && m == Move{Kind: Park, Color: m.Color} && m.Color.Valid() &&
			g.screen[p][m.Color] > 0
	case Done: // stopping 76 Treasury or 72 Archive, or declining 67 Barter
		return (a.kind == actPark || a.kind == actArchive || a.kind == actBarterOwn) && m == Move{Kind: Done}
	case PutBack: // 70 Council: a law card in the hand
		return a.kind == actPutBack && m == Move{Kind: PutBack, Card: m.Card} && m.Card.IsLaw() &&
			g.hand[p].has(m.Card)
	case Tuck: // 72 Archive: a card in the hand (78 Patronage's tuck is answered above)
		return a.kind == actArchive && m == Move{Kind: Tuck, Card: m.Card} && m.Card.Valid() &&
			g.hand[p].has(m.Card)
	case GiveGem: // 67 Barter: a gem the screen holds
		return a.kind == actGive && m == Move{Kind: GiveGem, Color: m.Color} && m.Color.Valid() &&
			g.screen[p][m.Color] > 0
	case InfiniteColor: // 73 Bastion, 83 Mysticism: a colour the reserve or the screen has
		return a.kind == actInfColor && m == Move{Kind: InfiniteColor, Color: m.Color} && m.Color.Valid() &&
			(g.reserve[m.Color] > 0 || g.screen[p][m.Color] > 0)
	case Paint:
		if a.kind != actNone || g.phase != phasePainting || m != (Move{Kind: Paint, At: m.At, Color: m.Color}) {
			return false
		}
		c, ok := g.pyr[p].circleAt(m.At)
		return ok && g.canPaintCircle(p, c, m.Color)
	}
	return false
}

// surelyStarts is surelyLegal for the starting choices: appendStartMoves offers the dealt cards,
// first for the pyramid, then, but the one chosen for it, for the hand.
func (g *Game) surelyStarts(p Player, pm *Move) bool {
	m := *pm
	chosen := g.secret[p]
	switch m {
	case Move{Kind: KeepInPyramid, Card: m.Card}:
		if chosen.Kind != NoMove {
			return false
		}
	case Move{Kind: KeepInHand, Card: m.Card}:
		if chosen.Kind == NoMove || m.Card == chosen.Card {
			return false
		}
	default:
		return false
	}
	return m.Card != 0 && g.wasDealt(p, m.Card)
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
		// here, without the call to surelyChooses (which answers the same).
		if g.act.kind == actGems && g.gemChoice() {
			g.owes, g.dec = owes, decGems
			return
		}
		p := Player(bits.TrailingZeros8(owes))
		if g.surelyChooses(p) || !g.makeForcedMove(p) {
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

// onlyMove returns p's legal move if p has exactly one, and whether so. For the frequent actions
// (taking gems, taking a card, drawing) it counts without listing; TestOnlyMoveAgreesWithLegal
// holds it to the list.
func (g *Game) onlyMove(p Player) (Move, bool) {
	if g.patron == 0 {
		switch a := &g.act; a.kind {
		case actGems:
			var m Move
			n := 0
			for c, k := range g.reserve {
				if k > 0 {
					m, n = Move{Kind: TakeGem, Color: Color(c)}, n+1
				}
			}
			return m, n == 1
		case actTake:
			var m Move
			n := 0
			for c, cards := range g.auction {
				if a.takesFrom(Color(c)) {
					for _, card := range cards {
						if card != 0 {
							m, n = Move{Kind: Take, Card: card}, n+1
						}
					}
				}
			}
			return m, n == 1
		case actDraw:
			small, law := g.smallLen() > 0, g.lawLen() > 0
			if small == law {
				return Move{}, false
			}
			if small {
				return Move{Kind: Draw, Choice: SmallDeck}, true
			}
			return Move{Kind: Draw, Choice: LawDeck}, true
		}
	}
	var buf [64]Move
	moves := g.appendLegal(buf[:0], p)
	if len(moves) != 1 {
		return Move{}, false
	}
	return moves[0], true
}

// surelyChooses reports, without listing them, that p has at least two legal moves in the most
// frequent decisions of an action: taking a gem with gems of two colours in the reserve, taking one
// of two cards from the auction, drawing with both decks non-empty, the level-5 reward, a law's
// options, placing a character in a pyramid that has a level 1, and the steps of 76 Treasury and
// 72 Archive (a gem or card, or stop), 67 Barter's gift (gems of two colours) and 70 Council (two
// law cards in the hand); for a payment (the cost, or an infinite gem to use) and an infinite
// gem's colour, it counts the moves. When it says false, settle lists the moves to find out.
// (Hidden choices are never made for a player, so settle does not ask about them.)
func (g *Game) surelyChooses(p Player) bool {
	if g.patron != 0 {
		return false
	}
	switch g.act.kind {
	case actPlace:
		// A character that could be played, or a law that stands, can go at either end of level
		// 1, and a character costs least there (playable).
		card, n := g.act.card, g.pyr[p].size()
		if n == 0 || n >= MaxPyramidCards || card == lawSuccession || card == lawEndowment {
			return false
		}
		return card.IsLaw() || g.canPay(p, costOf[card][1])
	case actGems:
		return g.gemChoice()
	case actDraw:
		return g.smallLen() > 0 && g.lawLen() > 0
	case actReward, actOption: // rows 1-3 or 15 points; a law's three options
		return true
	case actPark: // 76 Treasury: a gem to park, or stop
		return g.screen[p] != Gems{}
	case actArchive: // 72 Archive: a card to tuck, or stop
		return !g.hand[p].empty()
	case actGive: // 67 Barter: a gem of one colour or another to give
		return twoColors(gemWord(g.screen[p]))
	case actPutBack: // 70 Council: one law card or another to put back
		return g.lawsInHand(p) >= 2
	case actInfColor: // 73 Bastion, 83 Mysticism: a colour the reserve or the screen has, or another
		return twoColors(gemWord(g.reserve) | gemWord(g.screen[p]))
	case actPay: // the payment, or an infinite gem to use, and another
		n, due := b2i(g.screen[p].Covers(g.act.due)), g.act.due
		pyr := &g.pyr[p]
		for _, id := range pyr.cells[:pyr.size()] {
			if g.canUseInfinite(id, due) {
				if n++; n >= 2 {
					return true
				}
			}
		}
		return false
	case actTake: // a sole bidder takes from the colour bid, an attacker from any colour
		if c := g.act.color; c != anyColor {
			return g.cardsAt(Color(c)) == 2
		}
		n := 0
		for c := range Color(NumColors) {
			n += g.cardsAt(c)
		}
		return n >= 2
	}
	return false
}

// gemChoice reports whether the reserve holds gems of two colours or more: a choice for a gem pick.
func (g *Game) gemChoice() bool {
	return twoColors(gemWord(g.reserve))
}

// Hand returns the cards in player p's hand, in card order.
func (g *Game) Hand(p Player) []CardID {
	if p < 0 || int(p) >= int(g.players) {
		return nil
	}
	return g.hand[p].slice()
}

// Screen returns the gems behind player p's screen.
func (g *Game) Screen(p Player) Gems {
	if p < 0 || int(p) >= int(g.players) {
		return Gems{}
	}
	return g.screen[p]
}

// Reserve returns the gems in the reserve.
func (g *Game) Reserve() Gems { return g.reserve }

// Attacks returns the attack tokens behind player p's screen.
func (g *Game) Attacks(p Player) int {
	if p < 0 || int(p) >= int(g.players) {
		return 0
	}
	return int(g.attacks[p])
}

// Auction returns the cards on the auction by colour: index 0 is the card at the base of the
// arrow, 1 the card at its tip; 0 where no card lies.
func (g *Game) Auction() [NumColors][2]CardID { return g.auction }

// Tableau returns player p's pyramid with everything lying on it.
func (g *Game) Tableau(p Player) Tableau {
	var t Tableau
	if p < 0 || int(p) >= int(g.players) {
		return t
	}
	t.Pyramid = Pyramid{layout: g.pyr[p], covered: g.coveredIn(p)}
	for _, id := range t.Pyramid.cells[:t.Pyramid.Len()] {
		t.on[id] = g.on.holding(id)
	}
	for id := CardID(1); id <= NumCards; id++ {
		if host := g.under.host(id); host != 0 && g.owner(host) == p {
			t.under[id] = host
		}
	}
	for _, id := range parkingCards {
		if t.Pyramid.Has(id) {
			*t.parked.on(id) = *g.parked.on(id)
		}
	}
	return t
}

// owner returns the player whose pyramid the card stands in, or -1.
func (g *Game) owner(id CardID) Player {
	for p := range g.players {
		if g.pyr[p].Has(id) {
			return Player(p)
		}
	}
	return -1
}
