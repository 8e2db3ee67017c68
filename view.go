package viceroy

import "fmt"

// Decision names what a player is being asked to decide, for messages and user interfaces.
type Decision uint8

// The decisions.
const (
	NoDecision           Decision = iota
	ChooseStart                   // which starting card goes to the pyramid, then which to the hand
	ChooseBid                     // bid, attack or pass in an auction round
	ChooseClaim                   // which of two cards to claim
	ChooseAuctionCard             // which card to take from the auction
	ChooseGem                     // the colour of the next gem taken from the reserve
	ChooseDeck                    // the deck of the next card drawn
	ChooseDevelopment             // play, discard or pass in a development round
	ChoosePlace                   // where the card being played stands
	ChoosePayment                 // whether to pay with an infinite gem
	ChooseReward                  // at level 5: rows 1-3 or 15 points
	ChoosePainting                // which circle to paint, or to finish
	ChooseLawOption               // which of a law's three options
	ChooseInfiniteColor           // the colour of an infinite gem put on a law
	ChooseTuck                    // which card to tuck (72 Archive, 74 Exile)
	ChoosePatronage               // tuck the card just taken under 78 Patronage, or keep it
	ChoosePark                    // which gem to park on 76 Treasury, or to stop
	ChoosePutBack                 // which law card to put back on the law deck (70 Council)
	ChooseToken                   // which token to swap (67 Barter)
	ChooseGift                    // which gem to pay the other player (67 Barter)
	ChooseDuel                    // against a virtual opponent on two cards: take the tip card or stay in
	ChooseAuctionDiscard          // which card to discard from the auction for a virtual opponent
)

var decisionNames = [...]string{"no decision", "choosing starting cards", "bidding",
	"claiming one of two cards", "taking a card from the auction", "taking gems",
	"choosing a deck to draw from", "choosing a development action", "placing a card",
	"paying a cost", "choosing a level-5 reward", "painting", "choosing a law's option",
	"choosing an infinite gem's colour", "tucking a card", "tucking or keeping a card",
	"parking gems", "putting law cards back", "choosing a token to swap", "paying gems", "taking the tip card or staying in",
	"discarding a card from the auction"}

// String describes the decision, e.g. "taking gems".
func (d Decision) String() string {
	if int(d) < len(decisionNames) {
		return decisionNames[d]
	}
	return "unknown decision"
}

// Decision returns what player p is being asked to decide now (NoDecision if p owes nothing): the
// name of the decision's entry in the table of decisions.
func (g *Game) Decision(p Player) Decision {
	d := g.decisionOwed()
	if p < 0 || int(p) >= int(g.players) || g.owers(d)&(1<<p) == 0 {
		return NoDecision
	}
	return decisions[d].name
}

// Phase is the part of the game being played.
type Phase uint8

// The phases.
const (
	PhaseSetup       Phase = iota // starting cards are chosen and starting rewards taken
	PhaseAuction                  // the auction phase of a turn
	PhaseDevelopment              // the development phase of a turn
	PhasePainting                 // the end of the game: players paint
	PhaseOver                     // the game is over
)

var phaseNames = [...]string{"setup", "auction", "development", "painting", "over"}

// String returns the phase's name, e.g. "auction".
func (ph Phase) String() string {
	if int(ph) < len(phaseNames) {
		return phaseNames[ph]
	}
	return "unknown phase"
}

// MarshalText writes the phase's name.
func (ph Phase) MarshalText() ([]byte, error) { return []byte(ph.String()), nil }

// UnmarshalText reads a phase's name.
func (ph *Phase) UnmarshalText(b []byte) error {
	if i := indexOf(phaseNames[:], string(b)); i != 255 {
		*ph = Phase(i)
		return nil
	}
	return fmt.Errorf("%w: unknown phase %q", ErrBadJSON, b)
}

// Phase returns the part of the game being played.
func (g *Game) Phase() Phase {
	switch g.phase {
	case phaseAuction:
		return PhaseAuction
	case phaseDevelopment:
		return PhaseDevelopment
	case phasePainting:
		return PhasePainting
	case phaseOver:
		return PhaseOver
	}
	return PhaseSetup
}

// Round returns the round of the auction or development phase, 1-3 (0 during setup).
func (g *Game) Round() int { return int(g.round) }

// decisionName describes p's decision for an error message.
func (g *Game) decisionName(p Player) string {
	return "the decision now is " + g.Decision(p).String()
}

// View is one player's information state: everything that player was shown since the deal, and
// nothing else. It holds the viewer's own hand, screen and hidden choices; every pyramid with what
// lies on it; the auction, the reserve and the cards out of the game; deck sizes but never deck
// order, except the law cards the viewer put back (70 Council); of the other players what the table
// saw: hand sizes and the hand cards everyone saw them take, their screens as far as the open flows
// of gems show them, attack tokens, and their choices of a round once revealed, which the view
// keeps (Recalled) until the auction or development phase ends; the virtual opponents and their
// revealed bids; and the bookkeeping of the phase under way (Progress). What happened on the way
// there, turn by turn, is the table's log (History.Log).
//
// A view is what a game server sends to a client, and what a bot decides from; Sample turns it
// back into a game for search. It marshals with encoding/json and reads back, and its lists are
// written as arrays, never null, except those marked omitempty, which are left out when empty.
//
// Cards tucked under a card of a pyramid (72 Archive, 78 Patronage, 66 Endowment) are shown face
// up with it, even those that came from a hand or a deck: the rules do not say that they lie
// hidden, and the library reads them as part of the pyramid, which is open to all.
//
// A view never carries the game's seed: every shuffle and draw comes from it, so whoever knows it
// can work out the order of the decks and the other players' cards and gems. Config.Seed is 0.
type View struct {
	Player    Player               `json:"player"`
	Config    Config               `json:"config"` // the game's configuration, with Seed 0
	Phase     Phase                `json:"phase"`
	Turn      int                  `json:"turn"`
	Round     int                  `json:"round"`
	Decision  Decision             `json:"decision"`             // what the viewer is asked to decide now
	Legal     []Move               `json:"legal"`                // the viewer's legal moves now
	ToMove    []Player             `json:"to_move"`              // everyone who owes a decision now
	Hand      []CardID             `json:"hand"`                 // the viewer's hand
	Dealt     []CardID             `json:"dealt,omitempty"`      // during setup: the viewer's starting cards
	Screen    Gems                 `json:"screen"`               // the gems behind the viewer's screen
	Chosen    []Move               `json:"chosen,omitempty"`     // the viewer's hidden choices not yet revealed
	LawsKnown []CardID             `json:"laws_known,omitempty"` // top of the law deck, top first, put back by the viewer
	Playing   CardID               `json:"playing,omitempty"`    // the revealed card whose play or effect is being resolved
	Revealed  []PlayerMove         `json:"revealed,omitempty"`   // this round's choices and claims, from their reveal to the round's end
	Recalled  [][]PlayerMove       `json:"recalled,omitempty"`   // the phase's earlier rounds' Revealed, round 1 first, until the phase ends
	Reserve   Gems                 `json:"reserve"`
	Auction   [NumColors][2]CardID `json:"auction"`   // by colour: base, tip (0: none)
	Discarded []CardID             `json:"discarded"` // the cards out of the game, in card order
	Decks     Decks                `json:"decks"`
	Players   []PlayerView         `json:"players"`
	Virtual   []VirtualView        `json:"virtual,omitempty"` // the virtual opponents
	Returned  Gems                 `json:"returned"`          // the gems the other players returned unseen at setup, together
	Progress  Progress             `json:"progress"`
	Over      bool                 `json:"over"`
	Scores    []ScoreSheet         `json:"scores,omitempty"` // once the game is over
}

// Decks gives the sizes of the three decks.
type Decks struct {
	Large int `json:"large"`
	Small int `json:"small"`
	Laws  int `json:"laws"`
}

// VirtualView is what every player may see of one virtual opponent (RULES.md 9).
type VirtualView struct {
	InAuction bool    `json:"in_auction"`
	Bid       *Color  `json:"bid,omitempty"`       // the gem it drew as its bid this auction round, once revealed
	PastBids  []Color `json:"past_bids,omitempty"` // its bids of the auction's earlier rounds, in order, until the auction ends
}

// PlayerView is what the viewer knows of one player: everything of their own; of another player,
// what the table saw.
type PlayerView struct {
	Player   Player   `json:"player"`
	Tableau  Tableau  `json:"tableau"`
	HandSize int      `json:"hand_size"`
	HandLaws int      `json:"hand_laws"` // law cards among them (their backs differ from characters')
	Hand     []CardID `json:"hand"`      // the cards of the hand the viewer knows, in card order
	Gems     int      `json:"gems"`      // gems behind the screen
	// Screen holds the gems behind the screen whose colours the viewer knows: all of them for the
	// viewer's own. Unknown more lie there whose colours the viewer does not know (2 gems of the
	// starting 8 went back to the reserve unseen at setup); each colour has at most Possible of
	// them, and Possible.Total()-Unknown of Possible are the gems that went back.
	Screen    Gems `json:"screen"`
	Unknown   int  `json:"unknown"`
	Possible  Gems `json:"possible"`
	Attacks   int  `json:"attacks"` // attack tokens behind the screen
	InAuction bool `json:"in_auction"`
	Active    bool `json:"active"` // still playing cards in this development phase
}

// View returns what player p may see of the game now. While players paint, each sees the others'
// pyramids and gem counts as they were before painting, until the game is over. For a p that is
// not one of the game's players, View returns what an onlooker may see: the public facts only,
// with no hand, screen or decision.
func (g *Game) View(p Player) View {
	cfg := g.Config()
	cfg.Seed = 0 // the seed would give away every hidden fact
	v := View{Player: p, Config: cfg, Phase: g.Phase(), Turn: int(g.turn), Round: int(g.round),
		ToMove: nonNil(g.ToMove()), Revealed: g.revealedChoices(), Recalled: g.pastRounds(), Reserve: g.reserve,
		Auction: g.auction, Discarded: nonNil(g.discarded().slice()), Decks: Decks{g.largeLen(), g.smallLen(), g.lawLen()},
		Virtual: g.virtualViews(), Over: g.Over(), Playing: g.act.card, Hand: []CardID{}, Legal: []Move{}}
	if p >= 0 && int(p) < int(g.players) {
		v.Decision, v.Hand, v.Screen, v.Legal = g.Decision(p), nonNil(g.handOf(p)), g.screen[p], nonNil(g.Legal(p))
		v.Chosen, v.Dealt = g.hiddenChoices(p), g.dealtCards(p)
		if g.councilWho == uint8(p)+1 {
			v.LawsKnown = append([]CardID(nil), g.laws[g.lawTop:int(g.lawTop)+int(g.councilKnown)]...)
		}
	}
	v.Players = make([]PlayerView, 0, g.players)
	for q := range g.players {
		v.Players = append(v.Players, g.playerView(p, Player(q)))
	}
	v.Progress, v.Returned = g.progress(p), g.returnedBy(p)
	if v.Over {
		v.Scores = g.Scores()
	}
	return v
}

// playerView returns what viewer knows of player q. While players paint, the others see q's
// pyramid and screen as they were before painting, until the game is over.
func (g *Game) playerView(viewer, q Player) PlayerView {
	hand := g.hand[q]
	pv := PlayerView{Player: q, Tableau: g.Tableau(q), HandSize: hand.len(), HandLaws: lawCount(hand),
		Hand: nonNil(g.knownHand(viewer, q).slice()), Attacks: int(g.attacks[q]),
		InAuction: g.isInAuction(q),
		Active:    g.phase == phaseDevelopment && g.active&(1<<q) != 0}
	screen := g.screen[q]
	if g.phase == phasePainting && q != viewer {
		screen = screen.Plus(pv.Tableau.paintGems())
		pv.Tableau = pv.Tableau.unpainted()
	}
	pv.Gems = screen.Total()
	if q == viewer {
		pv.Screen = screen
	} else {
		pv.Screen, pv.Unknown, pv.Possible = screenKnowledge(screen, g.unseen[q].gems(), g.bound[q].gems())
	}
	return pv
}

// nonNil returns s, or an empty slice for nil, so that JSON writes [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// isInAuction reports whether player p is still in the auction under way (RULES.md 6): p has not
// left it this turn by passing, attacking or taking a card, and does not skip it (69 Privilege).
// It is what PlayerView.InAuction says of p: false outside an auction phase, and for a player who
// is not one of the game's.
func (g *Game) isInAuction(p Player) bool {
	return g.phase == phaseAuction && p >= 0 && int(p) < int(g.players) && g.inAuction&(1<<p) != 0
}

// virtualInAuction reports whether virtual opponent v (0 to Config().Virtual-1) is still in the
// auction under way (RULES.md 9); false outside an auction phase.
func (g *Game) virtualInAuction(v int) bool {
	return g.phase == phaseAuction && v >= 0 && v < int(g.virtual) && g.vIn&(1<<v) != 0
}

// revealedChoices returns the choices of the auction or development round under way once they are
// revealed: everyone's bid, attack or pass, or play, discard or pass, in player order; then, in
// player order, the claims of two bidders on two cards once both have claimed (RULES.md 6.2: the
// claims are compared, so both are seen). They stay public until the next round begins.
func (g *Game) revealedChoices() []PlayerMove {
	switch {
	case g.phase == phaseAuction && g.sub != subBids:
	case g.phase == phaseDevelopment && g.sub != subChoose:
	default:
		return nil
	}
	var out []PlayerMove
	for p := range g.players {
		if m := g.secret[p]; m.Kind != NoMove {
			out = append(out, PlayerMove{Player: Player(p), Move: m})
		}
	}
	for p := range g.players {
		if c := g.claim[p]; c != 0 && !g.claiming(Player(p)) {
			out = append(out, PlayerMove{Player: Player(p), Move: Move{Kind: Claim, Card: c}})
		}
	}
	return out
}

// claiming reports whether p is one of the two players whose claim is being collected now: until
// both have claimed, a claim is hidden.
func (g *Game) claiming(p Player) bool {
	return g.phase == phaseAuction && g.sub == subClaim && g.bidders(Color(g.bidColor))&(1<<p) != 0
}

// virtualViews returns what everyone sees of the virtual opponents.
func (g *Game) virtualViews() []VirtualView {
	var out []VirtualView
	for v := range g.virtual {
		vv := VirtualView{InAuction: g.virtualInAuction(int(v)), PastBids: g.pastVirtualBids(int(v))}
		if c, ok := g.vBid[v].get(); ok && g.phase == phaseAuction {
			vv.Bid = &c
		}
		out = append(out, vv)
	}
	return out
}

// hiddenChoices returns p's own choices made but not yet revealed.
func (g *Game) hiddenChoices(p Player) []Move {
	var out []Move
	switch {
	case g.phase == phaseStart && g.secret[p].Kind != NoMove:
		out = append(out, g.secret[p])
		if g.waiting&(1<<p) == 0 {
			out = append(out, Move{Kind: KeepInHand, Card: g.dealt(p)[1]})
		}
	case g.claiming(p) && g.claim[p] != 0:
		out = append(out, Move{Kind: Claim, Card: g.claim[p]})
	case (g.phase == phaseAuction && g.sub == subBids || g.phase == phaseDevelopment && g.sub == subChoose) &&
		g.secret[p].Kind != NoMove:
		out = append(out, g.secret[p])
	}
	return out
}
