package viceroy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// This file gives the public values a stable JSON shape with readable names:
//
//	{"kind":"bid","color":"red"}
//	{"kind":"place","at":{"level":2,"col":-1}}
//	{"kind":"draw","deck":"law"}
//	{"version":1,"config":{"players":3,"virtual":0,"edition":"second","seed":7},"moves":[{"player":0,"move":{...}}]}
//
// Decoding is strict: an unknown kind, colour or name, a missing field the kind needs, a field it
// does not use, a key that is none of the shape's field names (encoding/json alone would skip it),
// or a missing key that the writer always writes is an error wrapping ErrBadJSON, never a panic.
// Keys that the writer leaves out when empty (a card's tokens, a tableau's tucked cards) may be
// left out. Keys match whatever their case, as in encoding/json.
//
// Writing a value that names nothing of the game (an invalid colour, a Move that is not well
// formed, a Game) is an error wrapping ErrBadValue.

// badJSON returns an error wrapping ErrBadJSON that says what was being read and why it failed,
// without repeating the sentinel messages err may carry. An err of a config that cannot be played
// keeps wrapping ErrBadConfig.
func badJSON(what string, err error) error {
	out := fmt.Errorf("%w: %s: %s", ErrBadJSON, what, within(err))
	if errors.Is(err, ErrBadConfig) {
		return alsoWraps(out, ErrBadConfig)
	}
	return out
}

// key is a JSON key and whether it was present.
type key struct {
	name    string
	present bool
}

// required returns an error wrapping ErrBadJSON that names the first key of what that is missing.
func required(what string, keys ...key) error {
	for _, k := range keys {
		if !k.present {
			return fmt.Errorf("%w: %s without %q", ErrBadJSON, what, k.name)
		}
	}
	return nil
}

// decodeStrict decodes the JSON object b into v, a pointer to a struct with json tags, refusing a
// key that is none of the tags: encoding/json alone would skip it, so that a misspelt field would
// silently read as zero. (Keys match the tags whatever their case, as in encoding/json.)
func decodeStrict(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	return d.Decode(v)
}

// MarshalJSON writes the card's number. (Without it, encoding/json would write a []CardID, such
// as a hand, as base64 text, since CardID is a byte.)
func (id CardID) MarshalJSON() ([]byte, error) {
	return []byte(strconv.Itoa(int(id))), nil
}

// UnmarshalJSON reads a card number, 0 (no card) to 88.
func (id *CardID) UnmarshalJSON(b []byte) error {
	n, err := strconv.Atoi(string(b))
	if err != nil || n < 0 || n > NumCards {
		return fmt.Errorf("%w: card %s", ErrBadJSON, b)
	}
	*id = CardID(n)
	return nil
}

// MarshalText writes the colour's name.
func (c Color) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("%w: colour %d", ErrBadValue, uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a colour's name.
func (c *Color) UnmarshalText(b []byte) error {
	v, err := parseColor(string(b))
	if err != nil {
		return badJSON("colour", err)
	}
	*c = v
	return nil
}

// MarshalJSON writes the counts by colour name, e.g. {"blue":2,"green":1,"red":0,"yellow":0}
// (encoding/json sorts the names).
func (g Gems) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]uint8{"blue": g[Blue], "red": g[Red], "green": g[Green], "yellow": g[Yellow]})
}

// UnmarshalJSON reads counts by colour name; all four colours are required.
func (g *Gems) UnmarshalJSON(b []byte) error {
	var m map[string]uint8
	if err := json.Unmarshal(b, &m); err != nil {
		return badJSON("gems", err)
	}
	var out Gems
	var seen [NumColors]bool
	for name, n := range m {
		c, err := parseColor(name)
		if err != nil {
			return badJSON("gems", err)
		}
		out[c], seen[c] = n, true
	}
	for c, ok := range seen {
		if !ok {
			return fmt.Errorf("%w: gems without %q", ErrBadJSON, Color(c))
		}
	}
	*g = out
	return nil
}

var editionNames = map[Edition]string{SecondEdition: "second", FirstEdition: "first"}

// MarshalText writes "second" or "first".
func (e Edition) MarshalText() ([]byte, error) {
	if n, ok := editionNames[e]; ok {
		return []byte(n), nil
	}
	return nil, fmt.Errorf("%w: edition %d", ErrBadValue, uint8(e))
}

// UnmarshalText reads "second" or "first". Another name is an error wrapping [ErrBadJSON] and
// [ErrBadConfig] (no game has that edition).
func (e *Edition) UnmarshalText(b []byte) error {
	for ed, n := range editionNames {
		if n == string(b) {
			*e = ed
			return nil
		}
	}
	return alsoWraps(fmt.Errorf("%w: unknown edition %q", ErrBadJSON, b), ErrBadConfig)
}

// configJSON is Config's shape; a nil field is a key that was missing.
type configJSON struct {
	Players *int     `json:"players"`
	Virtual *int     `json:"virtual"`
	Edition *Edition `json:"edition"`
	Seed    *uint64  `json:"seed"`
}

// MarshalJSON writes {"players":3,"virtual":0,"edition":"second","seed":7}.
func (c Config) MarshalJSON() ([]byte, error) {
	return json.Marshal(configJSON{&c.Players, &c.Virtual, &c.Edition, &c.Seed})
}

// UnmarshalJSON reads the shape MarshalJSON writes; every key is required, so that a config never
// silently reads as another (a missing seed as seed 0).
func (c *Config) UnmarshalJSON(b []byte) error {
	var j configJSON
	if err := decodeStrict(b, &j); err != nil {
		return badJSON("config", err)
	}
	err := required("config", key{"players", j.Players != nil}, key{"virtual", j.Virtual != nil},
		key{"edition", j.Edition != nil}, key{"seed", j.Seed != nil})
	if err != nil {
		return err
	}
	*c = Config{Players: *j.Players, Virtual: *j.Virtual, Edition: *j.Edition, Seed: *j.Seed}
	return nil
}

// placeJSON is Place's shape; a nil field is a key that was missing.
type placeJSON struct {
	Level *int8 `json:"level"`
	Col   *int8 `json:"col"`
}

// MarshalJSON writes {"level":2,"col":-1}.
func (p Place) MarshalJSON() ([]byte, error) { return json.Marshal(placeJSON{&p.Level, &p.Col}) }

// UnmarshalJSON reads the shape MarshalJSON writes; both keys are required.
func (p *Place) UnmarshalJSON(b []byte) error {
	var j placeJSON
	if err := decodeStrict(b, &j); err != nil {
		return badJSON("place", err)
	}
	if err := required("place", key{"level", j.Level != nil}, key{"col", j.Col != nil}); err != nil {
		return err
	}
	*p = Place{*j.Level, *j.Col}
	return nil
}

// MarshalJSON returns an error wrapping [ErrBadValue]: a Game has no JSON form, since it holds the
// seed and every hidden card and gem. To save or replay a game, write its [Record]; to send a
// player what they may know, write [Game.View].
func (g Game) MarshalJSON() ([]byte, error) {
	return nil, fmt.Errorf("%w: a Game has no JSON form; write its Record (to save or replay it) or a player's View (to send it)", ErrBadValue)
}

// UnmarshalJSON returns an error wrapping [ErrBadJSON]: a Game has no JSON form. Decode a
// [Record] and [Replay] it.
func (g *Game) UnmarshalJSON([]byte) error {
	return fmt.Errorf("%w: a Game has no JSON form; decode a Record and Replay it", ErrBadJSON)
}

// moveField is a field of a move's JSON.
type moveField uint8

const (
	fCard moveField = 1 << iota
	fColor
	fAt
	fDeck
	fReward
	fOption
	fSlot
)

// moveFields says which fields each move kind uses.
var moveFields = [numMoveKinds]moveField{
	KeepInPyramid: fCard, KeepInHand: fCard, Bid: fColor, Take: fCard, Claim: fCard,
	Play: fCard, Discard: fCard, PlaceCard: fAt, UseInfinite: fCard, TakeReward: fReward,
	TakeGem: fColor, Draw: fDeck, ChooseOption: fOption, InfiniteColor: fColor, Tuck: fCard,
	TuckUnder: fCard, Park: fColor, PutBack: fCard, PickToken: fCard | fSlot, GiveGem: fColor,
	Paint: fAt | fColor,
}

var (
	deckNames   = [2]string{SmallDeck: "small", LawDeck: "law"}
	rewardNames = [2]string{RowRewards: "rows", FifteenPoints: "15-points"}
)

type moveJSON struct {
	Kind   string  `json:"kind"`
	Card   *CardID `json:"card,omitempty"`
	Color  *Color  `json:"color,omitempty"`
	At     *Place  `json:"at,omitempty"`
	Deck   string  `json:"deck,omitempty"`
	Reward string  `json:"reward,omitempty"`
	Option *uint8  `json:"option,omitempty"`
	Slot   *uint8  `json:"slot,omitempty"`
}

// MarshalJSON writes the move's kind by name and the fields that kind uses. A Move that is not well
// formed (see Move) has no JSON form: it returns an error wrapping ErrBadValue, rather than JSON
// that would read back as another move.
func (m Move) MarshalJSON() ([]byte, error) {
	if err := m.wellFormed(); err != nil {
		return nil, err
	}
	j := moveJSON{Kind: m.Kind.String()}
	f := moveFields[m.Kind]
	if f&fCard != 0 {
		j.Card = &m.Card
	}
	if f&fColor != 0 {
		j.Color = &m.Color
	}
	if f&fAt != 0 {
		j.At = &m.At
	}
	choice := uint8(m.Choice)
	switch {
	case f&fDeck != 0:
		j.Deck = deckNames[m.Choice]
	case f&fReward != 0:
		j.Reward = rewardNames[m.Choice]
	case f&fOption != 0:
		j.Option = &choice
	case f&fSlot != 0:
		j.Slot = &choice
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads the shape MarshalJSON writes, strictly, and only a well-formed move (see
// [Move]): any other is an error wrapping [ErrBadJSON].
func (m *Move) UnmarshalJSON(b []byte) error {
	var j moveJSON
	if err := decodeStrict(b, &j); err != nil {
		return badJSON("move", err)
	}
	if j.Kind == "" {
		return required("move", key{"kind", false})
	}
	var out Move
	for k := MoveKind(1); k < numMoveKinds; k++ {
		if k.String() == j.Kind {
			out.Kind = k
		}
	}
	if out.Kind == NoMove {
		return fmt.Errorf("%w: unknown move kind %q", ErrBadJSON, j.Kind)
	}
	want := moveFields[out.Kind]
	var have moveField
	if j.Card != nil {
		have |= fCard
		out.Card = *j.Card
	}
	if j.Color != nil {
		have |= fColor
		out.Color = *j.Color
	}
	if j.At != nil {
		have |= fAt
		out.At = *j.At
	}
	if j.Deck != "" {
		have |= fDeck
		i := indexOf(deckNames[:], j.Deck)
		if i == 255 {
			return fmt.Errorf("%w: unknown deck %q", ErrBadJSON, j.Deck)
		}
		out.Choice = uint8(i)
	}
	if j.Reward != "" {
		have |= fReward
		i := indexOf(rewardNames[:], j.Reward)
		if i == 255 {
			return fmt.Errorf("%w: unknown reward %q", ErrBadJSON, j.Reward)
		}
		out.Choice = uint8(i)
	}
	if j.Option != nil {
		have |= fOption
		out.Choice = uint8(*j.Option)
	}
	if j.Slot != nil {
		have |= fSlot
		out.Choice = uint8(*j.Slot)
	}
	if have != want {
		return fmt.Errorf("%w: a %q move has fields %s, want %s", ErrBadJSON, j.Kind, have, want)
	}
	if err := out.wellFormed(); err != nil {
		return badJSON("move", err) // the one definition of a move: what MarshalJSON and ParseMove accept
	}
	*m = out
	return nil
}

// indexOf returns the index of s in names, or 255.
func indexOf(names []string, s string) int {
	for i, n := range names {
		if n == s {
			return i
		}
	}
	return 255
}

// String lists the field names, e.g. "card, slot".
func (f moveField) String() string {
	names := []string{"card", "color", "at", "deck", "reward", "option", "slot"}
	s := ""
	for i, n := range names {
		if f&(1<<i) != 0 {
			if s != "" {
				s += ", "
			}
			s += n
		}
	}
	if s == "" {
		return "none"
	}
	return s
}

// decisionKeys are the decisions' names in JSON.
var decisionKeys = [...]string{NoDecision: "none", ChooseStart: "start", ChooseBid: "bid",
	ChooseClaim: "claim", ChooseAuctionCard: "auction-card", ChooseGem: "gem", ChooseDeck: "deck",
	ChooseDevelopment: "development", ChoosePlace: "place", ChoosePayment: "payment",
	ChooseReward: "reward", ChoosePainting: "painting", ChooseLawOption: "law-option",
	ChooseInfiniteColor: "infinite-color", ChooseTuck: "tuck", ChoosePatronage: "patronage",
	ChoosePark: "park", ChoosePutBack: "put-back", ChooseToken: "token", ChooseGift: "gift",
	ChooseDuel: "duel", ChooseAuctionDiscard: "auction-discard"}

// MarshalText writes the decision's short name, e.g. "bid".
func (d Decision) MarshalText() ([]byte, error) {
	if int(d) < len(decisionKeys) {
		return []byte(decisionKeys[d]), nil
	}
	return nil, fmt.Errorf("%w: decision %d", ErrBadValue, d)
}

// UnmarshalText reads a decision's short name.
func (d *Decision) UnmarshalText(b []byte) error {
	if i := indexOf(decisionKeys[:], string(b)); i != 255 {
		*d = Decision(i)
		return nil
	}
	return fmt.Errorf("%w: unknown decision %q", ErrBadJSON, b)
}

type tokenJSON struct {
	Kind  string `json:"kind"`
	Value int    `json:"value,omitempty"`
	Color *Color `json:"color,omitempty"`
}

// MarshalJSON writes e.g. {"kind":"points","value":5}, {"kind":"science"},
// {"kind":"circle-bonus","value":2,"color":"red"}.
func (t Token) MarshalJSON() ([]byte, error) {
	j := tokenJSON{Kind: t.Kind().String()}
	switch t.Kind() {
	case NoToken:
		return nil, fmt.Errorf("%w: the zero Token is no token", ErrBadValue)
	case PowerPoints, MagicBonus:
		j.Value = t.Value()
	case CircleBonus:
		c := t.Color()
		j.Value, j.Color = t.Value(), &c
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads the shape MarshalJSON writes.
func (t *Token) UnmarshalJSON(b []byte) error {
	var j tokenJSON
	if err := decodeStrict(b, &j); err != nil {
		return badJSON("token", err)
	}
	k := TokenKind(indexOf(tokenKindNames[:], j.Kind))
	var c Color
	if j.Color != nil {
		c = *j.Color
	}
	if (j.Color != nil) != (k == CircleBonus) {
		return fmt.Errorf("%w: token %s", ErrBadJSON, b)
	}
	v, err := NewToken(k, j.Value, c)
	if err != nil {
		return badJSON("token", err)
	}
	*t = v
	return nil
}

type cardJSON struct {
	Card     CardID  `json:"card"`
	At       Place   `json:"at"`
	Tokens   []Token `json:"tokens,omitempty"`
	Infinite *Color  `json:"infinite,omitempty"`
	Painted  *Color  `json:"painted,omitempty"` // the colour the circle this card closes was painted
	Parked   *Gems   `json:"parked,omitempty"`  // gems parked on 76 Treasury, or on 65 Succession
}

type tuckJSON struct {
	Card  CardID `json:"card"`
	Under CardID `json:"under"`
}

type tableauJSON struct {
	Cards  []cardJSON `json:"cards"`
	Tucked []tuckJSON `json:"tucked,omitempty"`
}

// MarshalJSON writes the standing cards level by level with what lies on them (tokens, infinite
// gem, painted colour, parked gems), then the tucked cards.
func (t Tableau) MarshalJSON() ([]byte, error) {
	j := tableauJSON{Cards: []cardJSON{}}
	for _, id := range t.Pyramid.cells[:t.Pyramid.length()] {
		at, _ := t.Pyramid.Find(id)
		h := t.on[id]
		cj := cardJSON{Card: id, At: at, Tokens: t.Holding(id).Tokens}
		if c, ok := h.infinite.get(); ok {
			cj.Infinite = &c
		}
		if c, ok := h.paint.get(); ok {
			cj.Painted = &c
		}
		if pile := t.parked.on(id); pile != nil && pile.Total() > 0 {
			cj.Parked = pile
		}
		j.Cards = append(j.Cards, cj)
	}
	for _, id := range t.Tucked() {
		j.Tucked = append(j.Tucked, tuckJSON{id, t.under[id]})
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads the shape MarshalJSON writes. The cards must form a legal pyramid, each card
// at most once, tokens within MaxTokensPerCard, parked gems only on 76 Treasury and 65 Succession,
// tucked cards under standing cards.
func (t *Tableau) UnmarshalJSON(b []byte) error {
	var j tableauJSON // one strict decoder checks the keys of the cards and tucked cards too
	if err := decodeStrict(b, &j); err != nil {
		return badJSON("tableau", err)
	}
	var out Tableau
	places := make([]Place, 0, len(j.Cards))
	cards := make([]CardID, 0, len(j.Cards))
	for _, cj := range j.Cards {
		places, cards = append(places, cj.At), append(cards, cj.Card)
	}
	p, err := pyramidFrom(cards, places)
	if err != nil {
		return badJSON("tableau", err)
	}
	out.Pyramid = p
	for _, cj := range j.Cards {
		if len(cj.Tokens) > MaxTokensPerCard {
			return fmt.Errorf("%w: %v holds %d tokens", ErrBadJSON, cj.Card, len(cj.Tokens))
		}
		for _, tok := range cj.Tokens {
			out.on[cj.Card].add(tok)
		}
		if cj.Infinite != nil {
			out.on[cj.Card].infinite = someColor(*cj.Infinite)
		}
		if cj.Painted != nil {
			if cj.At.Level < 2 {
				return fmt.Errorf("%w: %v closes no circle to paint", ErrBadJSON, cj.Card)
			}
			out.on[cj.Card].paint = someColor(*cj.Painted)
		}
		if cj.Parked != nil && cj.Parked.Total() > 0 {
			pile := out.parked.on(cj.Card)
			if pile == nil {
				return fmt.Errorf("%w: %v cannot hold parked gems (only Treasury and Succession can)", ErrBadJSON, cj.Card)
			}
			*pile = *cj.Parked
		}
	}
	for _, tj := range j.Tucked {
		if !tj.Card.Valid() || out.Pyramid.has(tj.Card) || !out.Pyramid.has(tj.Under) || out.under[tj.Card] != 0 {
			return fmt.Errorf("%w: %v cannot be tucked under %v", ErrBadJSON, tj.Card, tj.Under)
		}
		out.under[tj.Card] = tj.Under
		out.Pyramid.covered.add(tj.Under)
	}
	*t = out
	return nil
}

// The card catalogue's JSON: [Cards] marshals to the whole catalogue, one object a card, e.g.
//
//	{"card":32,"name":"Captain","printed":"КАПИТАН","kind":"character",
//	 "sectors":{"top_left":"blue","top_right":"red","bottom_left":"red","bottom_right":"red"},
//	 "rows":[{"cost":"green","reward":[{"kind":"cards","amount":1}]},...]}
//	{"card":73,"name":"Bastion","kind":"law","sectors":{...},"when":"now","text":"Choose one: ..."}
//
// A character has four rows, for levels 1 to 4; a law has a timing and a text instead. A reward is
// a list of its items, each a kind, an amount (a count or a value) and for "infinite" and
// "circle-bonus" a colour: {"kind":"infinite","color":"green"} (one infinite gem),
// {"kind":"circle-bonus","color":"red","amount":2}.

// catalogueCardJSON is Card's shape; a nil field is a key that was missing.
type catalogueCardJSON struct {
	Card    *CardID      `json:"card"`
	Name    *string      `json:"name"`
	Printed string       `json:"printed,omitempty"`
	Kind    *string      `json:"kind"`
	Sectors *sectorsJSON `json:"sectors"`
	Rows    []rowJSON    `json:"rows,omitempty"`
	When    *LawTiming   `json:"when,omitempty"`
	Text    string       `json:"text,omitempty"`
}

// sectorsJSON is the shape of a card's four sectors.
type sectorsJSON struct {
	TopLeft     *Color `json:"top_left"`
	TopRight    *Color `json:"top_right"`
	BottomLeft  *Color `json:"bottom_left"`
	BottomRight *Color `json:"bottom_right"`
}

// rowJSON is the shape of a character's row.
type rowJSON struct {
	Cost   *Color  `json:"cost"`
	Reward *Reward `json:"reward"`
}

// MarshalJSON writes the card as the catalogue's JSON shows it (see [Cards]): number, names,
// "character" or "law", the sector colours, and a character's four rows or a law's timing and
// text. The zero Card, which is no card, is an error wrapping [ErrBadValue].
func (c Card) MarshalJSON() ([]byte, error) {
	if !c.ID.Valid() {
		return nil, fmt.Errorf("%w: the zero Card is no card", ErrBadValue)
	}
	kind := "character"
	s := c.Sectors
	j := catalogueCardJSON{Card: &c.ID, Name: &c.Name, Printed: c.Printed, Kind: &kind,
		Sectors: &sectorsJSON{&s[TopLeft], &s[TopRight], &s[BottomLeft], &s[BottomRight]}}
	if c.ID.IsLaw() {
		kind, j.When, j.Text = "law", &c.When, c.Text
	} else {
		for i := range c.Rows {
			j.Rows = append(j.Rows, rowJSON{&c.Rows[i].Cost, &c.Rows[i].Reward})
		}
	}
	return json.Marshal(j)
}

// rewardItemJSON is RewardItem's shape.
type rewardItemJSON struct {
	Kind   RewardKind `json:"kind"`
	Color  *Color     `json:"color,omitempty"`
	Amount *uint8     `json:"amount,omitempty"`
}

// MarshalJSON writes the item's kind, its amount, and for infinite gems and circle bonuses its
// colour: {"kind":"gems","amount":3}, {"kind":"infinite","color":"green"},
// {"kind":"circle-bonus","color":"red","amount":2}. The zero item (no reward) is an error
// wrapping [ErrBadValue].
func (it RewardItem) MarshalJSON() ([]byte, error) {
	j := rewardItemJSON{Kind: it.Kind}
	if it.Kind == InfiniteReward || it.Kind == CircleBonusReward {
		j.Color = &it.Color
	}
	if it.Kind != InfiniteReward {
		j.Amount = &it.N
	}
	return json.Marshal(j)
}

// MarshalJSON writes the reward's items in order, e.g. [{"kind":"attack","amount":1},{"kind":"gems","amount":2}];
// a reward of nothing is [].
func (r Reward) MarshalJSON() ([]byte, error) {
	return json.Marshal(nonNil(r.Items()))
}

// MarshalText writes the kind's name, e.g. "magic-bonus"; NoReward is an error wrapping
// [ErrBadValue].
func (k RewardKind) MarshalText() ([]byte, error) {
	if k == NoReward || int(k) >= len(rewardKindNames) {
		return nil, fmt.Errorf("%w: reward kind %d", ErrBadValue, uint8(k))
	}
	return []byte(k.String()), nil
}

// MarshalText writes the timing as in the card data, e.g. "now+end".
func (t LawTiming) MarshalText() ([]byte, error) {
	if t < LawNow || t > LawAlwaysEnd {
		return nil, fmt.Errorf("%w: law timing %d", ErrBadValue, uint8(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalJSON reads a view as View's fields give it, refusing keys that are none of them. Every
// error wraps ErrBadJSON, whether the text is not JSON, a value has the wrong type, or a name or
// number names nothing of the game. A view that reads may still be one that no game shows: Sample
// tells.
func (v *View) UnmarshalJSON(b []byte) error {
	type plain View // View's fields without this method
	var out plain
	if err := decodeStrict(b, &out); err != nil {
		return badJSON("view", err)
	}
	if err := checkRecalledJSON(View(out)); err != nil {
		return err
	}
	*v = View(out)
	return nil
}

// checkRecalledJSON refuses recalled rounds (View.Recalled, VirtualView.PastBids) that name no
// choice of a round: more rounds than a phase has before its last, or a choice that is not a bid,
// an attack, a pass, a claim, a play or a discard. Whether they are the rounds a game played,
// Sample tells.
func checkRecalledJSON(v View) error {
	if len(v.Recalled) > 2 {
		return fmt.Errorf("%w: view: %d earlier rounds, more than 2", ErrBadJSON, len(v.Recalled))
	}
	for _, round := range v.Recalled {
		for _, pm := range round {
			switch pm.Move.Kind {
			case Bid, Attack, Pass, Claim, Play, Discard:
			default:
				return fmt.Errorf("%w: view: %v recalled in a round", ErrBadJSON, pm.Move)
			}
		}
	}
	for i, vv := range v.Virtual {
		if len(vv.PastBids) > 2 {
			return fmt.Errorf("%w: view: virtual opponent %d's %d earlier bids, more than 2", ErrBadJSON, i, len(vv.PastBids))
		}
	}
	return nil
}
