package viceroy

import (
	"fmt"
	"strconv"
)

// MoveKind says what a [Move] does. Each kind belongs to one kind of decision; [Game.Legal] lists
// the moves a player may make now.
//
// A move has one canonical text form, which [Move.String] writes and [ParseMove] reads, like a
// chess engine's notation; the JSON form names the kind and its fields ({"kind":"bid",
// "color":"red"}). The kinds, with the fields each uses, and their text forms:
//
//	kind            fields       text form, e.g.
//	KeepInPyramid   Card         keep 32 Captain in the pyramid
//	KeepInHand      Card         keep 5 Scout in the hand
//	Bid             Color        bid blue
//	Attack                       attack
//	Pass                         pass
//	Take            Card         take 40 Admiral
//	Claim           Card         claim 24 Agent
//	StayIn                       stay in
//	Play            Card         play 20 Recruiter
//	Discard         Card         discard 20 Recruiter
//	PlaceCard       At           place at L1 x-1
//	UseInfinite     Card         use the infinite gem on 73 Bastion
//	PayCost                      pay the cost
//	TakeReward      Choice       take the rewards of rows 1-3; take 15 points
//	TakeGem         Color        take a blue gem
//	Draw            Choice       draw from the small deck; draw from the law deck
//	ChooseOption    Choice       choose option 0
//	InfiniteColor   Color        make the infinite gem blue
//	Tuck            Card         tuck 2 Ambassador
//	TuckUnder       Card         tuck under 6 Chancellor
//	Keep                         keep the card
//	Done                         done
//	Park            Color        park a blue gem
//	PutBack         Card         put back 67 Barter
//	PickToken       Card, Choice pick token 0 on 46 Saboteur
//	GiveGem         Color        give a blue gem
//	Paint           At, Color    paint the circle at L2 x-2 blue
//	PaintBest                    accept the best painting
//	FinishPainting               finish painting
//
// A card is written by its number and name, or by its number alone ("play 20"); a place by its
// level and column ("L2 x-1"; see [Place]); a colour by its name. Letter case and runs of spaces
// do not matter.
type MoveKind uint8

// The move kinds. The zero MoveKind is no move: the zero Move is never legal.
const (
	NoMove MoveKind = iota

	// Setup (RULES.md 3.2).
	KeepInPyramid // Card: the starting card that goes to the pyramid
	KeepInHand    // Card: the starting card that goes to the hand (second edition)

	// Auction (RULES.md 6).
	Bid    // Color: bid one gem of that colour
	Attack // use an attack token instead of a bid
	Pass   // pass: in the auction (pass gems follow), or in the development phase
	Take   // Card: the card an attacker or a sole bidder takes from the auction
	Claim  // Card: which of two cards at a colour a bidder claims (simultaneous with the other bidder)
	StayIn // against a virtual opponent on two cards: take nothing and stay in the auction

	// Development (RULES.md 7).
	Play        // Card: play this card from the hand
	Discard     // Card: discard this card for 2 gems (second edition)
	PlaceCard   // At: where the card being played stands
	UseInfinite // Card: pay one gem of the cost with the infinite gem lying on this card
	PayCost     // pay the rest of the cost from the screen
	TakeReward  // Choice: at level 5, RowRewards or FifteenPoints

	// Rewards and passes.
	TakeGem // Color: take one gem of that colour from the reserve
	Draw    // Choice: SmallDeck or LawDeck

	// Laws (RULES.md 10, cards/laws.tsv).
	ChooseOption  // Choice: which of a law's three options (0, 1 or 2, in the order of its text)
	InfiniteColor // Color: the colour of an infinite gem put on a law (73 Bastion, 83 Mysticism)
	Tuck          // Card: tuck this card (72 Archive from the hand, 74 Exile a free card, 78 Patronage the card just taken)
	TuckUnder     // Card: the character card 66 Endowment is tucked under
	Keep          // keep the card just taken in the hand instead of tucking it (78 Patronage)
	Done          // stop: tuck no more (72 Archive), park no more (76 Treasury), or do not swap (67 Barter)
	Park          // Color: put a gem of that colour from the screen on 76 Treasury
	PutBack       // Card: put this law card from the hand back on top of the law deck (70 Council)
	PickToken     // Card, Choice: the token in slot Choice on that card (67 Barter: first your own, then the other player's)
	GiveGem       // Color: give a gem of that colour from the screen to the other player (67 Barter)

	// End of the game (RULES.md 11.2).
	Paint          // At, Color: paint the circle closed by the card at At in Color
	PaintBest      // accept the best painting of the remaining circles, and finish
	FinishPainting // paint nothing more

	numMoveKinds
)

var moveKindNames = [numMoveKinds]string{
	NoMove: "none", KeepInPyramid: "keep-in-pyramid", KeepInHand: "keep-in-hand", Bid: "bid",
	Attack: "attack", Pass: "pass", Take: "take", Claim: "claim", StayIn: "stay-in", Play: "play",
	Discard: "discard", PlaceCard: "place", UseInfinite: "use-infinite", PayCost: "pay",
	TakeReward: "take-reward", TakeGem: "take-gem", Draw: "draw", ChooseOption: "choose-option",
	InfiniteColor: "infinite-color", Tuck: "tuck", TuckUnder: "tuck-under", Keep: "keep", Done: "done",
	Park: "park", PutBack: "put-back", PickToken: "pick-token", GiveGem: "give-gem", Paint: "paint",
	PaintBest: "paint-best", FinishPainting: "finish-painting",
}

// String returns the kind's name as used in a move's JSON, e.g. "take-gem".
func (k MoveKind) String() string {
	if k < numMoveKinds {
		return moveKindNames[k]
	}
	return "MoveKind(" + strconv.Itoa(int(k)) + ")"
}

// The choices.
const (
	SmallDeck     = 0 // Draw: from the small deck of characters
	LawDeck       = 1 // Draw: from the law deck
	RowRewards    = 0 // TakeReward: the rewards of rows 1, 2 and 3, in that order
	FifteenPoints = 1 // TakeReward: a 15-point token on the card
)

// Move is one decision of a player. Only the fields its Kind names are used; the others must be
// zero. A Move is a small comparable value. A well-formed Move (a known kind, no field set that the
// kind does not use, and a value that exists in each field it uses: a card up to NumCards, a colour
// below NumColors, a place a pyramid can have, a deck or reward choice of 0 or 1, a law's option of
// 0, 1 or 2, a token slot below MaxTokensPerCard) round-trips through encoding/json (see
// [Move.MarshalJSON]) and through its text (see [Move.String] and [ParseMove]) and reads back
// equal (==); every legal move is well formed. The readers of both forms read only well-formed
// moves, so a move read from one form has the other.
type Move struct {
	Kind   MoveKind
	Card   CardID
	Color  Color
	At     Place
	Choice uint8 // a numbered option: the deck, the level-5 reward, a law's option, a token's slot
}

// numLawOptions is the number of options of a law that offers a choice: a ChooseOption move's
// Choice is 0 to numLawOptions-1.
const numLawOptions = 3

// wellFormed returns nil if m is well formed (see Move). Otherwise it says what is wrong, wrapping
// ErrBadValue. A move that is not well formed is never legal. It is the one definition of a move
// that the JSON and text forms have: MarshalJSON and String write only a well-formed move, and
// UnmarshalJSON and ParseMove read only one.
func (m Move) wellFormed() error {
	if m.Kind == NoMove || m.Kind >= numMoveKinds {
		if m == (Move{}) {
			return fmt.Errorf("%w: the zero Move is no move", ErrBadValue)
		}
		return fmt.Errorf("%w: no move kind %d", ErrBadValue, m.Kind)
	}
	uses := moveFields[m.Kind]
	var set moveField
	if m.Card != 0 {
		set |= fCard
	}
	if m.Color != 0 {
		set |= fColor
	}
	if m.At != (Place{}) {
		set |= fAt
	}
	if m.Choice != 0 {
		set |= uses & (fDeck | fReward | fOption | fSlot)
		if set&(fDeck|fReward|fOption|fSlot) == 0 {
			set |= fOption // a choice on a kind that takes none
		}
	}
	switch {
	case set&^uses != 0:
		return fmt.Errorf("%w: a %s move does not use %s (it uses %s)", ErrBadValue, m.Kind, set&^uses, uses)
	case m.Card > NumCards:
		return fmt.Errorf("%w: card %d does not exist", ErrBadValue, m.Card)
	case !m.Color.Valid():
		return fmt.Errorf("%w: %v is no colour", ErrBadValue, m.Color)
	case uses&fAt != 0 && !m.At.possible():
		return fmt.Errorf("%w: no pyramid has a place %v (levels 1-%d, columns %d to %d)", ErrBadValue,
			m.At, MaxLevel, -maxCol, maxCol)
	case uses&(fDeck|fReward) != 0 && m.Choice > 1:
		return fmt.Errorf("%w: %s has no choice %d", ErrBadValue, m.Kind, m.Choice)
	case uses&fOption != 0 && m.Choice >= numLawOptions:
		return fmt.Errorf("%w: a law has no option %d (options are 0-%d)", ErrBadValue, m.Choice, numLawOptions-1)
	case uses&fSlot != 0 && m.Choice >= MaxTokensPerCard:
		return fmt.Errorf("%w: a card has no token slot %d (slots are 0-%d)", ErrBadValue, m.Choice, MaxTokensPerCard-1)
	}
	return nil
}

// allWellFormed reports whether every move of moves is well formed.
func allWellFormed(moves []Move) bool {
	for _, m := range moves {
		if m.wellFormed() != nil {
			return false
		}
	}
	return true
}
