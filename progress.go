package viceroy

import "fmt"

// step is the step of the phase under way, which Progress.State carries for Sample and error
// messages name.
type step uint8

// The steps.
const (
	stepStartingCards   step = iota // setup: everyone chooses starting cards
	stepStartingRewards             // setup: starting rewards, in priority order
	stepBids                        // auction: bids are collected
	stepAttacks                     // auction: attackers take their cards, in priority order
	stepColors                      // auction: bids resolve colour by colour
	stepClaims                      // auction: two bidders on a colour with two cards claim one each
	stepPasses                      // auction: passing players take their pass gems, in priority order
	stepRoundEnd                    // auction: the round is over
	stepChoices                     // development: choices are collected
	stepResolution                  // development: revealed choices resolve in card-number order
	stepPainting                    // the end: everyone paints
	stepOver                        // the game is over
	numSteps
)

var stepNames = [numSteps]string{"starting-cards", "starting-rewards", "bids", "attacks", "colors",
	"claims", "passes", "round-end", "choices", "resolution", "painting", "over"}

// String returns the step's name, e.g. "bids".
func (s step) String() string {
	if s < numSteps {
		return stepNames[s]
	}
	return fmt.Sprintf("step(%d)", uint8(s))
}

// Progress is the bookkeeping of the phase under way that every player sees: who still owes what
// in it, and the action a player is carrying out, one decision after another (the play of a card:
// placing it, paying its cost, taking its rewards; a law's effect; a card taken from the auction;
// pass gems). A client can show it ("player 2 takes 2 more gems", "3 red still to pay").
//
// State is not for clients: it carries what Sample needs to go on from a view that the fields a
// player reads do not give (the step of the phase, where an action stands), in a form that is the
// library's and changes with it. It starts with its format's version, "v1"; Sample refuses a view
// whose State is of another version, or missing, with an error wrapping ErrBadView.
type Progress struct {
	NextColor int      `json:"next_color"` // auction: the colour whose bids resolve next (4 once all have)
	Attackers []Player `json:"attackers"`  // auction: attackers still to take their card this round
	Passers   []Player `json:"passers"`    // players still to take their pass gems (in setup: starting rewards)
	Passed    []Player `json:"passed"`     // players who passed in this turn's auction
	Pending   []Player `json:"pending"`    // development: players whose revealed choice has not resolved
	Skipping  []Player `json:"skipping"`   // players who skip the coming or current auction (69 Privilege)
	// AuctionDiscards counts the cards still to be discarded from the auction for virtual bids.
	AuctionDiscards int `json:"auction_discards"`
	// Used lists the cards whose infinite gem has paid this turn.
	Used []CardID `json:"used"`
	// Patronage lists the cards just taken into the hand of the owner of 78 Patronage, who tucks
	// each under it or keeps it, in card order; 0 stands for a card the viewer has not seen.
	Patronage []CardID `json:"patronage"`
	// Council is the player who last put law cards back on the law deck (70 Council), who knows
	// the top CouncilKnown cards of it; -1 for nobody.
	Council      Player `json:"council"`
	CouncilKnown int    `json:"council_known"`
	// Acting is the player carrying out the action under way, -1 for none; View.Playing is the
	// card being played, rewarded or resolved, if any.
	Acting Player `json:"acting"`
	Due    Gems   `json:"due"`    // the cost of the card being played still to pay
	Left   int    `json:"left"`   // gems or cards still to take, law cards to put back, gems to park or to give
	PayTo  Player `json:"pay_to"` // the player Acting gives gems to (67 Barter); -1 for none
	State  string `json:"state"`  // Sample's, not a client's (see above)
}

// stateVersion starts Progress.State: the version of its format.
const stateVersion = "v1"

// leftKinds are the actions whose counter (action.n) is what is still to take, put back, park or
// give, as Progress.Left gives it; of the others' (a duel's virtual opponent), State tells.
var leftKinds = [numActKinds]bool{actGems: true, actDraw: true, actPutBack: true, actPark: true, actGive: true}

// progress returns the public bookkeeping of g for viewer.
func (g *Game) progress(viewer Player) Progress {
	a := g.act
	pr := Progress{NextColor: int(g.bidColor), Attackers: playersIn(g.attackers),
		Passers: playersIn(g.passers), Passed: playersIn(g.passedAt), Pending: playersIn(g.pending),
		Skipping: playersIn(g.skip), AuctionDiscards: int(g.vDiscards), Used: nonNil(g.on.used().slice()),
		Patronage: []CardID{}, Council: Player(g.councilWho) - 1, CouncilKnown: int(g.councilKnown),
		Acting: -1, Due: a.due, PayTo: -1, State: g.progressState()}
	if g.patron != 0 {
		owner := g.owner(lawPatronage)
		known := g.knownHand(viewer, owner)
		for _, c := range g.under.patrons() {
			if !known.has(c) {
				c = 0
			}
			pr.Patronage = append(pr.Patronage, c)
		}
	}
	if a.kind != actNone {
		pr.Acting = Player(a.who)
	}
	if leftKinds[a.kind] {
		pr.Left = int(a.n)
	}
	if a.kind == actGive {
		pr.PayTo = Player(a.other)
	}
	return pr
}

// progressState writes Progress.State: the version, then the step and the action's kind by name,
// then the action's place (level and column), colour, reward rows, next item, the card and slot of a
// token picked (67 Barter) and the counter that Left does not give, as numbers, separated by
// spaces.
func (g *Game) progressState() string {
	a := g.act
	n := a.n
	if leftKinds[a.kind] {
		n = 0
	}
	return fmt.Sprintf("%s %v %s %d %d %d %d %d %d %d %d", stateVersion, g.currentStep(), actionNames[a.kind],
		a.at.Level, a.at.Col, a.color, a.rows, a.item, a.pick, a.slot, n)
}

// currentStep returns the step of the phase under way.
func (g *Game) currentStep() step {
	switch g.phase {
	case phaseStart:
		return stepStartingCards
	case phaseStartReward:
		return stepStartingRewards
	case phaseAuction:
		return stepBids + step(g.sub)
	case phaseDevelopment:
		return stepChoices + step(g.sub)
	case phasePainting:
		return stepPainting
	}
	return stepOver
}

// playersIn returns the players of a bit set, in order.
func playersIn(set uint8) []Player {
	out := []Player{}
	for p := Player(0); set != 0; p, set = p+1, set>>1 {
		if set&1 != 0 {
			out = append(out, p)
		}
	}
	return out
}
