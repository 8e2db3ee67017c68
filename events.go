package viceroy

import (
	"fmt"
	"strings"
)

// EventKind says what an Event of the table's log reports.
type EventKind uint8

// The kinds of event. Each says which of Event's fields it uses and what it does to the game as
// everyone sees it, so that a client can follow the game from the log alone.
const (
	NoEvent EventKind = iota
	// EventDeal: Player is dealt Count starting cards: Cards, for that player only.
	EventDeal
	// EventChoose: Player makes a hidden choice: Move, for that player only. It is revealed with
	// the others' (EventReveal), or, while painting, when the game is over (EventPaint).
	EventChoose
	// EventReveal: Player's hidden choice, Move, is revealed: a starting card for the pyramid, a
	// bid (its gem goes to the reserve), an attack, a pass, a claim, a card to play or discard.
	EventReveal
	// EventVirtualBid: virtual opponent Player (numbered 0 up among the virtual opponents) drew
	// a gem of Color from the box as its bid; the gem goes back.
	EventVirtualBid
	// EventDecide: Player decides Move, a decision with no other trace in the log (a law's option,
	// a level-5 reward, staying in, stopping, keeping a card, picking a token).
	EventDecide
	// EventTurn: turn Turn begins, with its auction phase (Phase); EventRound: round Round of
	// Phase begins; EventPhase: Phase begins (development, painting, or the end of the game).
	EventTurn
	EventRound
	EventPhase
	// EventShuffle: the setup is done: the characters not chosen are shuffled and split into
	// the large deck, of Count cards, and the small deck, of Slot cards; the laws are shuffled.
	EventShuffle
	// EventAuctionCard: Card is drawn from Deck to the auction at Color, Slot (0 base, 1 tip):
	// from the large deck, or the small deck when 69 Privilege fills the gap it made.
	EventAuctionCard
	// EventShift: Card moves from the base of Color to its tip, as the auction phase ends.
	EventShift
	// EventTake: Player takes Card from the auction at Color, Slot into the hand, for all to see.
	EventTake
	// EventDiscard: Card goes out of the game: from the auction at Color, Slot (Player -1), or
	// from Player's hand.
	EventDiscard
	// EventDraw: Player draws Card from Deck ("small" or "laws") into the hand; Card is 0 for
	// those who do not see it.
	EventDraw
	// EventKeepStart: Player keeps starting card Card in the hand; EventReturnStart: Player puts
	// starting card Card back into the deck. Card is 0 for the other players.
	EventKeepStart
	EventReturnStart
	// EventPlace: Player places Card from the hand (or, in setup, the starting card) at At. With
	// Host set (65 Succession), Card takes the place of Host, which goes back to Player's hand,
	// and everything lying on Host, tucked cards included, now lies on Card.
	EventPlace
	// EventPay: Player pays Gems from the screen to the reserve, and Cards are the cards whose
	// infinite gem paid a gem of the cost (once each this turn).
	EventPay
	// EventGems: Player takes Gems from the reserve: a reward, pass gems, gems for a discard,
	// a law's option.
	EventGems
	// EventCircleGems: Player takes Gems from the reserve for the single-colour circles the card
	// just placed completes or is part of.
	EventCircleGems
	// EventTokens: Tokens are put on Card, which stands in Player's pyramid.
	EventTokens
	// EventAttacks: Player's attack tokens change by Count: up for a reward, down by 1 for an
	// attack.
	EventAttacks
	// EventInfinite: an infinite gem of Color is put on Card, in Player's pyramid: from the
	// reserve, or (Slot 1) from Player's screen.
	EventInfinite
	// EventTuck: Player tucks Card under Host: from the hand (72 Archive, 78 Patronage, 66
	// Endowment), or (Slot 1) from the pyramid (74 Exile), when its tokens go back to the supply
	// and its infinite gem and the gems parked on it to the reserve.
	EventTuck
	// EventPark: Player parks Gems from the screen on Card (76 Treasury).
	EventPark
	// EventPutBack: Player puts law card Card from the hand on top of the law deck (70 Council);
	// Card is 0 for the other players.
	EventPutBack
	// EventSwap: Player swaps the token in slot Slot of Card (in Player's pyramid) with the token
	// in slot Count of Host (in Other's pyramid) (67 Barter).
	EventSwap
	// EventGive: Player gives Gems from the screen to Other (67 Barter).
	EventGive
	// EventSkip: Player will skip the next auction phase (69 Privilege).
	EventSkip
	// EventPaint: Player paints the circle whose top card stands at At in Color, paying Gems from
	// the screen onto it. While players paint it is seen by Player alone (the others get an
	// EventChoose). Once the game is over every painting is shown to all again, with Slot 1: the
	// painter has seen it already.
	EventPaint
	// EventScores: the game is over; Scores are the score sheets.
	EventScores
	numEventKinds
)

var eventKindNames = [numEventKinds]string{"none", "deal", "choose", "reveal", "virtual-bid", "decide",
	"turn", "round", "phase", "shuffle", "auction-card", "shift", "take", "discard", "draw", "keep-start",
	"return-start", "place", "pay", "gems", "circle-gems", "tokens", "attacks", "infinite", "tuck",
	"park", "put-back", "swap", "give", "skip", "paint", "scores"}

// String returns the kind's name as used in JSON, e.g. "take".
func (k EventKind) String() string {
	if k < numEventKinds {
		return eventKindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// MarshalText writes the kind's name.
func (k EventKind) MarshalText() ([]byte, error) {
	if k >= numEventKinds {
		return nil, fmt.Errorf("%w: no event kind %d", ErrBadValue, uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads a kind's name.
func (k *EventKind) UnmarshalText(b []byte) error {
	i := indexOf(eventKindNames[:], string(b))
	if i == 255 {
		return fmt.Errorf("%w: unknown event kind %q", ErrBadJSON, b)
	}
	*k = EventKind(i)
	return nil
}

// Event is one thing that happened at the table, as one player saw it: an entry of the table's
// log (History.Log). Kind says what happened and which fields it uses (see the EventKind
// constants); the others are zero. Hidden says that the viewer does not see part of it: the card
// drawn by another player, another player's choice before the reveal.
//
// An Event marshals with encoding/json: {"kind":"take","player":1,"card":32,...}; fields a kind
// does not use are left out where they are zero.
type Event struct {
	Kind   EventKind    `json:"kind"`
	Player Player       `json:"player"`
	Other  Player       `json:"other,omitempty"`
	Move   Move         `json:"move,omitzero"`
	Card   CardID       `json:"card,omitempty"`
	Host   CardID       `json:"host,omitempty"`
	At     Place        `json:"at,omitzero"`
	Color  Color        `json:"color,omitempty"`
	Slot   int          `json:"slot,omitempty"`
	Count  int          `json:"count,omitempty"`
	Deck   string       `json:"deck,omitempty"` // "large", "small" or "laws"
	Turn   int          `json:"turn,omitempty"`
	Round  int          `json:"round,omitempty"`
	Phase  Phase        `json:"phase,omitempty"`
	Gems   Gems         `json:"gems,omitzero"`
	Cards  []CardID     `json:"cards,omitempty"`
	Tokens []Token      `json:"tokens,omitempty"`
	Scores []ScoreSheet `json:"scores,omitempty"`
	Hidden bool         `json:"hidden,omitempty"`

	to uint8 // the players who see the hidden part (bit p), for kinds that have one
}

// String tells the event in words, e.g. "player 1 takes 32 Captain from the auction (red base)".
func (e Event) String() string {
	who := e.Player.String()
	slot := func() string {
		if e.Slot == 1 {
			return e.Color.String() + " tip"
		}
		return e.Color.String() + " base"
	}
	card := func(c CardID, hidden string) string {
		if c == 0 {
			return hidden
		}
		return c.String()
	}
	switch e.Kind {
	case EventDeal:
		if e.Hidden {
			return fmt.Sprintf("%s is dealt %d starting cards", who, e.Count)
		}
		return fmt.Sprintf("%s is dealt %s", who, cardList(e.Cards))
	case EventChoose:
		if e.Hidden {
			return who + " has chosen"
		}
		return fmt.Sprintf("%s chooses, hidden from the others: %s", who, describeMove(e.Move, e.Card))
	case EventReveal:
		return fmt.Sprintf("%s reveals: %s", who, describeMove(e.Move, e.Card))
	case EventVirtualBid:
		return fmt.Sprintf("virtual opponent %d bids %v", int(e.Player), e.Color)
	case EventDecide:
		return fmt.Sprintf("%s: %s", who, describeMove(e.Move, e.Card))
	case EventTurn:
		return fmt.Sprintf("turn %d begins", e.Turn)
	case EventRound:
		return fmt.Sprintf("%v round %d", e.Phase, e.Round)
	case EventPhase:
		if e.Phase == PhaseOver {
			return "the game is over"
		}
		return fmt.Sprintf("the %v phase begins", e.Phase)
	case EventShuffle:
		return fmt.Sprintf("the decks are shuffled: %d cards in the large deck, %d in the small deck", e.Count, e.Slot)
	case EventAuctionCard:
		return fmt.Sprintf("%v comes to the auction from the %s deck (%s)", e.Card, e.Deck, slot())
	case EventShift:
		return fmt.Sprintf("%v moves to the %v tip", e.Card, e.Color)
	case EventTake:
		return fmt.Sprintf("%s takes %v from the auction (%s)", who, e.Card, slot())
	case EventDiscard:
		if e.Player < 0 {
			return fmt.Sprintf("%v is discarded from the auction (%s)", e.Card, slot())
		}
		return fmt.Sprintf("%s discards %v", who, e.Card)
	case EventDraw:
		deck := "the small deck"
		if e.Deck == "laws" {
			deck = "the law deck"
		}
		return fmt.Sprintf("%s draws %s from %s", who, card(e.Card, "a card"), deck)
	case EventKeepStart:
		return fmt.Sprintf("%s keeps %s in hand", who, card(e.Card, "a starting card"))
	case EventReturnStart:
		return fmt.Sprintf("%s puts %s back into the deck", who, card(e.Card, "a starting card"))
	case EventPlace:
		if e.Host != 0 {
			return fmt.Sprintf("%s places %v at %v in the place of %v, which goes back to the hand", who, e.Card, e.At, e.Host)
		}
		return fmt.Sprintf("%s places %v at %v", who, e.Card, e.At)
	case EventPay:
		infinite := "the infinite gem on "
		if len(e.Cards) > 1 {
			infinite = "the infinite gems on "
		}
		switch {
		case len(e.Cards) == 0:
			return fmt.Sprintf("%s pays %v", who, e.Gems)
		case e.Gems == Gems{}:
			return fmt.Sprintf("%s pays with %s%s", who, infinite, cardList(e.Cards))
		}
		return fmt.Sprintf("%s pays %v and %s%s", who, e.Gems, infinite, cardList(e.Cards))
	case EventGems:
		return fmt.Sprintf("%s takes %v", who, e.Gems)
	case EventCircleGems:
		return fmt.Sprintf("%s takes %v for single-colour circles", who, e.Gems)
	case EventTokens:
		parts := make([]string, len(e.Tokens))
		for i, t := range e.Tokens {
			parts[i] = t.String()
		}
		return fmt.Sprintf("%v gets %s", e.Card, strings.Join(parts, ", "))
	case EventAttacks:
		if e.Count < 0 {
			return fmt.Sprintf("%s uses an attack token", who)
		}
		return fmt.Sprintf("%s gets %d attack token%s", who, e.Count, plural(e.Count))
	case EventInfinite:
		return fmt.Sprintf("%v gets an infinite %v gem", e.Card, e.Color)
	case EventTuck:
		if e.Slot == 1 {
			return fmt.Sprintf("%s exiles %v under %v", who, e.Card, e.Host)
		}
		return fmt.Sprintf("%s tucks %v under %v", who, e.Card, e.Host)
	case EventPark:
		return fmt.Sprintf("%s parks %v on %v", who, e.Gems, e.Card)
	case EventPutBack:
		return fmt.Sprintf("%s puts %s back on the law deck", who, card(e.Card, "a law card"))
	case EventSwap:
		return fmt.Sprintf("%s swaps a token of %v for one of %v (%v)", who, e.Card, e.Host, e.Other)
	case EventGive:
		return fmt.Sprintf("%s gives %v to %v", who, e.Gems, e.Other)
	case EventSkip:
		return fmt.Sprintf("%s will skip the next auction phase", who)
	case EventPaint:
		if e.Hidden {
			return who + " paints"
		}
		return fmt.Sprintf("%s paints the circle at %v %v", who, e.At, e.Color)
	case EventScores:
		parts := make([]string, len(e.Scores))
		for i, s := range e.Scores {
			parts[i] = fmt.Sprintf("%v %d", s.Player, s.Total)
		}
		return "final scores: " + strings.Join(parts, ", ")
	}
	return e.Kind.String()
}

// cardList writes cards as "1 Boatswain, 32 Captain".
func cardList(cards []CardID) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}

func plural(n int) string {
	if n == 1 || n == -1 {
		return ""
	}
	return "s"
}

// seenBy returns the event as viewer sees it: what is hidden from the viewer left out.
func (e Event) seenBy(viewer Player) Event {
	if viewer >= 0 && viewer < MaxPlayers && e.to&(1<<viewer) != 0 {
		return e
	}
	switch e.Kind {
	case EventDeal:
		e.Cards, e.Hidden = nil, true
	case EventChoose:
		e.Move, e.Hidden = Move{}, true
	case EventDraw, EventKeepStart, EventReturnStart, EventPutBack:
		e.Card, e.Hidden = 0, true
	case EventPaint:
		if e.Slot == 0 {
			e = Event{Kind: EventPaint, Player: e.Player, Hidden: true}
		}
	}
	return e
}

// UnmarshalJSON reads the shape MarshalJSON writes, strictly: an unknown key is an error wrapping
// ErrBadJSON.
func (e *Event) UnmarshalJSON(b []byte) error {
	type plain Event
	if err := decodeStrict(b, (*plain)(e)); err != nil {
		return badJSON("event", err)
	}
	return nil
}
