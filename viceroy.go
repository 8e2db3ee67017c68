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
// methods take a pointer (the repository's docs/performance.md gives what a game costs). The
// pointer is only a way to the value: no method but Play changes the Game it is
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
	// seed, which is aligned on 8 bytes, would otherwise leave padding.
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
	recall    roundRecall          // the revealed choices of the phase's earlier rounds (knowledge.go)

	// The development phase.
	active  uint8 // players still in this turn's development phase
	pending uint8 // players whose revealed choice of this round is still to resolve

	act action // the sequential action under way, if act.kind != 0

	// Laws.
	// skip, councilWho and councilKnown lie in the first word (see there).
	// patron is the lowest card just taken into the hand, for 78 Patronage's tuck-or-keep, or 0;
	// every such card is marked in under (addPatron).
	patron CardID
	// patronWho is, while patron is not 0, the owner of 78 Patronage, who owes the decision on the
	// cards marked for it (owers reads it at every step of settle), and 0 otherwise: addPatron
	// finds it when it marks the first card, removePatron clears it with the last. Where Patronage
	// stands in no pyramid (a sampled view no game makes) it is 255, and owers finds no one.
	patronWho uint8
	// placeLevels is, while where the character card being played stands is the decision owed
	// (decPlace), the levels p may stand it on (payableLevels, bit l-1 for level l), and 0
	// otherwise: found once, by onlyPlace when settle asks whether the place is forced (or by
	// comeToRest), and read by the list and the check of the move. It lies in what would be
	// padding before lawSeen.
	placeLevels uint8

	// What the table saw (knowledge.go): kept for View and Sample.
	lawSeen [MaxPlayers]lawSet  // by viewer: law cards the viewer put back and saw another player draw
	unseen  [MaxPlayers]fewGems // the 2 gems setup returned from each screen, unseen by the others
	bound   [MaxPlayers]fewGems // the most of each colour those 2 may be, as the others can tell
}

// numPlayers returns the number of human players.
func (g *Game) numPlayers() int { return int(g.players) }

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

// handOf returns the cards in player p's hand, in card order.
func (g *Game) handOf(p Player) []CardID {
	if p < 0 || int(p) >= int(g.players) {
		return nil
	}
	return g.hand[p].slice()
}

// appendHand appends the cards in player p's hand to dst, in card order, and returns it, as Hand
// lists them; it appends nothing for a player who is not one of the game's, and allocates nothing
// when dst has room: for a program that reads hands in a loop, as a bot's playouts do.
func (g *Game) appendHand(dst []CardID, p Player) []CardID {
	if p < 0 || int(p) >= int(g.players) {
		return dst
	}
	for id := range g.hand[p].all() {
		dst = append(dst, id)
	}
	return dst
}

// Screen returns the gems behind player p's screen.
func (g *Game) Screen(p Player) Gems {
	if p < 0 || int(p) >= int(g.players) {
		return Gems{}
	}
	return g.screen[p]
}

// pyramidLevels returns how many levels of player p's pyramid hold a card, as p's Tableau's
// Pyramid counts them, without building the Tableau.
func (g *Game) pyramidLevels(p Player) int {
	if p < 0 || int(p) >= int(g.players) {
		return 0
	}
	return g.pyr[p].levels()
}

// reserveGems returns the gems in the reserve.
func (g *Game) reserveGems() Gems { return g.reserve }

// attacksOf returns the attack tokens behind player p's screen.
func (g *Game) attacksOf(p Player) int {
	if p < 0 || int(p) >= int(g.players) {
		return 0
	}
	return int(g.attacks[p])
}

// auctionCards returns the cards on the auction by colour: index 0 is the card at the base of the
// arrow, 1 the card at its tip; 0 where no card lies.
func (g *Game) auctionCards() [NumColors][2]CardID { return g.auction }

// Tableau returns player p's pyramid with everything lying on it.
func (g *Game) Tableau(p Player) Tableau {
	var t Tableau
	if p < 0 || int(p) >= int(g.players) {
		return t
	}
	covered := g.coveredIn(p)
	t.Pyramid = Pyramid{layout: g.pyr[p], covered: covered}
	for _, id := range t.Pyramid.cells[:t.Pyramid.length()] {
		t.on[id] = g.on.holding(id)
	}
	if !covered.empty() { // the cards are looked at only when one of p's has a card under it
		for id := CardID(1); id <= NumCards; id++ {
			if host := g.under.host(id); host != 0 && covered.has(host) {
				t.under[id] = host
			}
		}
	}
	for _, id := range parkingCards {
		if t.Pyramid.has(id) {
			*t.parked.on(id) = *g.parked.on(id)
		}
	}
	return t
}

// owner returns the player whose pyramid the card stands in, or -1.
func (g *Game) owner(id CardID) Player {
	for p := range g.players {
		if g.pyr[p].has(id) {
			return Player(p)
		}
	}
	return -1
}
