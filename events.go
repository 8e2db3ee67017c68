package viceroy

import (
	"encoding/json"
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
// An Event marshals with encoding/json: {"kind":"take","player":1,"card":32,"color":"blue","slot":0}.
// The fields its kind uses are always written, even where their value is the zero one (the colour
// blue, the base slot 0, player 0); the others are left out where they are zero.
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

// String tells the event in English words, e.g. "player 1 takes 32 Captain from the auction (red
// base)"; [Language.Say] tells it in Spanish or French.
func (e Event) String() string { return English.event(e) }

// event tells e in words of l.
func (l Language) event(e Event) string {
	key, args := e.words(l)
	if key == "" {
		return e.Kind.String()
	}
	return l.text(key, args...)
}

// words returns the key of the phrase that tells e, and its values; those that need words
// themselves (a move, a slot of the auction, a deck) are told in l.
func (e Event) words(l Language) (string, []any) {
	who := any(e.Player)
	switch e.Kind {
	case EventDeal:
		if e.Hidden {
			return "event.deal.hidden", []any{"player", who, "n", e.Count}
		}
		return "event.deal", []any{"player", who, "cards", l.cardList(e.Cards)}
	case EventChoose:
		if e.Hidden {
			return "event.choose.hidden", []any{"player", who}
		}
		return "event.choose", []any{"player", who, "move", describeMove(l, e.Move, e.Card)}
	case EventReveal:
		return "event.reveal", []any{"player", who, "move", describeMove(l, e.Move, e.Card)}
	case EventVirtualBid:
		return "event.virtual-bid", []any{"n", int(e.Player), "color", e.Color}
	case EventDecide:
		return "event.decide", []any{"player", who, "move", describeMove(l, e.Move, e.Card)}
	case EventTurn:
		return "event.turn", []any{"n", e.Turn}
	case EventRound:
		if e.Phase == PhaseDevelopment {
			return "event.round.development", []any{"n", e.Round}
		}
		return "event.round.auction", []any{"n", e.Round}
	case EventPhase:
		if e.Phase == PhaseOver {
			return "event.over", nil
		}
		if int(e.Phase) < len(phaseNames) {
			return "event.phase." + phaseNames[e.Phase], nil
		}
		return "event.phase.development", nil
	case EventShuffle:
		return "event.shuffle", []any{"n", e.Count, "small", e.Slot}
	case EventAuctionCard:
		return "event.auction-card", []any{"card", e.Card, "deck", l.text("from." + deckKey(e.Deck)), "slot", l.slot(e)}
	case EventShift:
		return "event.shift", []any{"card", e.Card, "color", e.Color}
	case EventTake:
		return "event.take", []any{"player", who, "card", e.Card, "slot", l.slot(e)}
	case EventDiscard:
		if e.Player < 0 {
			return "event.discard.auction", []any{"card", e.Card, "slot", l.slot(e)}
		}
		return "event.discard", []any{"player", who, "card", e.Card}
	case EventDraw:
		return e.hiddenCard("event.draw"), []any{"player", who, "card", e.Card, "deck", l.text("from." + deckKey(e.Deck))}
	case EventKeepStart:
		return e.hiddenCard("event.keep-start"), []any{"player", who, "card", e.Card}
	case EventReturnStart:
		return e.hiddenCard("event.return-start"), []any{"player", who, "card", e.Card}
	case EventPlace:
		if e.Host != 0 {
			return "event.place.succession", []any{"player", who, "card", e.Card, "at", e.At, "host", e.Host}
		}
		return "event.place", []any{"player", who, "card", e.Card, "at", e.At}
	case EventPay:
		args := []any{"player", who, "gems", e.Gems, "n", len(e.Cards), "cards", l.cardList(e.Cards)}
		switch {
		case len(e.Cards) == 0:
			return "event.pay", args
		case e.Gems == Gems{}:
			return "event.pay.infinite", args
		}
		return "event.pay.both", args
	case EventGems:
		return "event.gems", []any{"player", who, "gems", e.Gems}
	case EventCircleGems:
		return "event.circle-gems", []any{"player", who, "gems", e.Gems}
	case EventTokens:
		parts := make([]string, len(e.Tokens))
		for i, t := range e.Tokens {
			parts[i] = l.token(t)
		}
		return "event.tokens", []any{"card", e.Card, "tokens", strings.Join(parts, l.text("list.comma"))}
	case EventAttacks:
		if e.Count < 0 {
			return "event.attack-used", []any{"player", who}
		}
		return "event.attacks", []any{"player", who, "n", e.Count}
	case EventInfinite:
		return "event.infinite", []any{"card", e.Card, "color", e.Color}
	case EventTuck:
		if e.Slot == 1 {
			return "event.exile", []any{"player", who, "card", e.Card, "host", e.Host}
		}
		return "event.tuck", []any{"player", who, "card", e.Card, "host", e.Host}
	case EventPark:
		return "event.park", []any{"player", who, "gems", e.Gems, "card", e.Card}
	case EventPutBack:
		return e.hiddenCard("event.put-back"), []any{"player", who, "card", e.Card}
	case EventSwap:
		return "event.swap", []any{"player", who, "card", e.Card, "host", e.Host, "other", e.Other}
	case EventGive:
		return "event.give", []any{"player", who, "gems", e.Gems, "other", e.Other}
	case EventSkip:
		return "event.skip", []any{"player", who}
	case EventPaint:
		if e.Hidden {
			return "event.paint.hidden", []any{"player", who}
		}
		return "event.paint", []any{"player", who, "at", e.At, "color", e.Color}
	case EventScores:
		parts := make([]string, len(e.Scores))
		for i, s := range e.Scores {
			parts[i] = l.text("event.score", "player", s.Player, "n", s.Total)
		}
		return "event.scores", []any{"scores", strings.Join(parts, l.text("list.comma"))}
	}
	return "", nil
}

// hiddenCard returns key, or key+".hidden" when the event's card is hidden from its viewer.
func (e Event) hiddenCard(key string) string {
	if e.Card == 0 {
		return key + ".hidden"
	}
	return key
}

// slot tells the place of the auction an event names: the base or the tip of its colour.
func (l Language) slot(e Event) string {
	if e.Slot == 1 {
		return l.text("slot.tip", "color", e.Color)
	}
	return l.text("slot.base", "color", e.Color)
}

// deckKey returns the key of a deck's name in an Event, "large", "small" or "laws".
func deckKey(deck string) string {
	switch deck {
	case "large", "laws":
		return deck
	}
	return "small"
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

// eventField is a field of Event whose zero value means something: blue, slot 0, a count of 0,
// player 0.
type eventField uint8

const (
	evColor eventField = 1 << iota
	evSlot
	evCount
	evOther
)

// eventFields are the fields each kind uses among those whose zero value means something (see the
// kinds' doc comments). An EventDiscard from the auction (Player -1) uses Color and Slot.
var eventFields = [numEventKinds]eventField{EventVirtualBid: evColor, EventShuffle: evCount | evSlot,
	EventAuctionCard: evColor | evSlot, EventShift: evColor | evSlot, EventTake: evColor | evSlot,
	EventAttacks: evCount, EventInfinite: evColor | evSlot, EventTuck: evSlot,
	EventSwap: evSlot | evCount | evOther, EventGive: evOther, EventPaint: evColor | evSlot}

// MarshalJSON writes the event with every field its kind uses, zero or not, and the others where
// they are not zero.
func (e Event) MarshalJSON() ([]byte, error) {
	type plain Event
	// The outer fields hide the plain ones of the same key, so that these four are written
	// whenever they are set here.
	w := struct {
		plain
		Color *Color  `json:"color,omitempty"`
		Slot  *int    `json:"slot,omitempty"`
		Count *int    `json:"count,omitempty"`
		Other *Player `json:"other,omitempty"`
	}{plain: plain(e)}
	var uses eventField
	if e.Kind < numEventKinds {
		uses = eventFields[e.Kind]
	}
	if e.Kind == EventDiscard && e.Player < 0 {
		uses = evColor | evSlot
	}
	if uses&evColor != 0 || e.Color != 0 {
		w.Color = &e.Color
	}
	if uses&evSlot != 0 || e.Slot != 0 {
		w.Slot = &e.Slot
	}
	if uses&evCount != 0 || e.Count != 0 {
		w.Count = &e.Count
	}
	if uses&evOther != 0 || e.Other != 0 {
		w.Other = &e.Other
	}
	return json.Marshal(w)
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
