package viceroy

import "fmt"

// Step is the step of the phase under way, as every player sees it.
type Step uint8

// The steps.
const (
	StepStartingCards   Step = iota // setup: everyone chooses starting cards
	StepStartingRewards             // setup: starting rewards, in priority order
	StepBids                        // auction: bids are collected
	StepAttacks                     // auction: attackers take their cards, in priority order
	StepColors                      // auction: bids resolve colour by colour
	StepClaims                      // auction: two bidders on a colour with two cards claim one each
	StepPasses                      // auction: passing players take their pass gems, in priority order
	StepRoundEnd                    // auction: the round is over
	StepChoices                     // development: choices are collected
	StepResolution                  // development: revealed choices resolve in card-number order
	StepPainting                    // the end: everyone paints
	StepOver                        // the game is over
	numSteps
)

var stepNames = [numSteps]string{"starting-cards", "starting-rewards", "bids", "attacks", "colors",
	"claims", "passes", "round-end", "choices", "resolution", "painting", "over"}

// String returns the step's name, e.g. "bids".
func (s Step) String() string {
	if s < numSteps {
		return stepNames[s]
	}
	return fmt.Sprintf("Step(%d)", uint8(s))
}

// MarshalText writes the step's name.
func (s Step) MarshalText() ([]byte, error) {
	if s >= numSteps {
		return nil, fmt.Errorf("%w: no step %d", ErrBadValue, uint8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a step's name.
func (s *Step) UnmarshalText(b []byte) error {
	i := indexOf(stepNames[:], string(b))
	if i == 255 {
		return fmt.Errorf("%w: unknown step %q", ErrBadJSON, b)
	}
	*s = Step(i)
	return nil
}

// Progress is the bookkeeping of the phase under way that every player sees: the step being
// played, who still owes what in it, and the action a player is carrying out. A client can show
// it ("player 2 takes 2 more gems"); Sample needs it to go on from a view.
type Progress struct {
	Step      Step     `json:"step"`
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
	Council      Player  `json:"council"`
	CouncilKnown int     `json:"council_known"`
	Action       *Action `json:"action,omitempty"` // the action under way, if any
}

// Action is a sequential action one player is carrying out: the card being played and paid for,
// its rewards row by row, a law's effect, gems or cards being taken.
type Action struct {
	// Kind is what the action waits for: "take" (a card from the auction), "gems", "draw",
	// "place", "pay", "reward" (level 5); a law's "option", "infinite-color", "archive", "exile",
	// "park", "put-back", "barter-own", "barter-other" or "give"; or, against a virtual opponent,
	// "duel" or "auction-discard".
	Kind   string `json:"kind"`
	Player Player `json:"player"` // who carries it out
	Card   CardID `json:"card"`   // the card being played or rewarded, or the law being resolved (0: none)
	At     Place  `json:"at"`     // where that card stands
	// Color is the auction colour a sole bidder takes a card from ("any" for an attacker), or where
	// a human and a virtual opponent met on two cards (duel).
	Color string `json:"color"`
	Left  int    `json:"left"`  // gems or cards still to take, law cards to put back, gems to park or give
	Rows  []int  `json:"rows"`  // the reward rows still to give, lowest first
	Item  int    `json:"item"`  // the next item of the lowest of those rows
	Due   Gems   `json:"due"`   // the cost still to pay
	Swap  CardID `json:"swap"`  // 67 Barter: the card holding the token the player swaps away
	Slot  int    `json:"slot"`  // 67 Barter: that token's slot on the card
	Other Player `json:"other"` // 67 Barter: the player whose token was taken, who is paid
}

// progress returns the public bookkeeping of g for viewer.
func (g *Game) progress(viewer Player) Progress {
	pr := Progress{Step: g.currentStep(), NextColor: int(g.bidColor), Attackers: playersIn(g.attackers),
		Passers: playersIn(g.passers), Passed: playersIn(g.passedAt), Pending: playersIn(g.pending),
		Skipping: playersIn(g.skip), AuctionDiscards: int(g.vDiscards), Used: nonNil(g.on.used().slice()),
		Patronage: []CardID{}, Council: Player(g.councilWho) - 1, CouncilKnown: int(g.councilKnown)}
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
	if a := g.act; a.kind != actNone {
		pr.Action = &Action{Kind: actionNames[a.kind], Player: Player(a.who), Card: a.card, At: a.at,
			Left: int(a.n), Rows: []int{}, Item: int(a.item), Due: a.due, Swap: a.pick, Slot: int(a.slot),
			Other: Player(a.other)}
		switch {
		case a.kind != actTake && a.kind != actDuel:
		case a.color == anyColor:
			pr.Action.Color = "any"
		default:
			pr.Action.Color = Color(a.color).String()
		}
		for r := range 3 {
			if a.rows&(1<<r) != 0 {
				pr.Action.Rows = append(pr.Action.Rows, r+1)
			}
		}
	}
	return pr
}

// currentStep returns the step of the phase under way.
func (g *Game) currentStep() Step {
	switch g.phase {
	case phaseStart:
		return StepStartingCards
	case phaseStartReward:
		return StepStartingRewards
	case phaseAuction:
		return StepBids + Step(g.sub)
	case phaseDevelopment:
		return StepChoices + Step(g.sub)
	case phasePainting:
		return StepPainting
	}
	return StepOver
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
