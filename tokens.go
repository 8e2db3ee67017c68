package viceroy

import (
	"fmt"
	"math/bits"
	"strconv"
)

// TokenKind is the kind of a token. Gems are not tokens (cards README, "Readings decided for the
// laws"): an infinite gem or a parked gem is held separately.
type TokenKind uint8

// The token kinds. The zero TokenKind is no token.
const (
	NoToken     TokenKind = iota
	PowerPoints           // a power-point token with a value
	Science
	Magic
	Defense
	AttackToken // an attack token lying on a card: put on 71 Levy or 77 Conscription, moved by 67 Barter
	MagicBonus  // a magic bonus token with a value
	CircleBonus // a circle bonus token with a colour and a value
)

var tokenKindNames = [...]string{"none", "points", "science", "magic", "defense", "attack",
	"magic-bonus", "circle-bonus"}

// String returns the kind's name, e.g. "magic-bonus".
func (k TokenKind) String() string {
	if int(k) < len(tokenKindNames) {
		return tokenKindNames[k]
	}
	return "TokenKind(" + strconv.Itoa(int(k)) + ")"
}

// Token is one token lying on a card, packed in a byte: a kind, and for power points and bonuses a
// value (and a colour for circle bonuses). Tokens keep their individual values (RULES.md 1).
// The zero Token is no token.
type Token uint8

const (
	tokenKindShift = 5
	tokenValueMask = 1<<tokenKindShift - 1
	maxTokenValue  = tokenValueMask // power points and magic bonuses go up to 31
	maxCircleBonus = 7
)

// NewToken returns a token of kind k. value is the power-point value or bonus (ignored for
// science, magic, defense and attack); c is the colour of a circle bonus. It returns an error
// wrapping ErrBadValue for values the token cannot hold.
func NewToken(k TokenKind, value int, c Color) (Token, error) {
	switch k {
	case Science, Magic, Defense, AttackToken:
		return Token(k) << tokenKindShift, nil
	case PowerPoints, MagicBonus:
		if value < 1 || value > maxTokenValue {
			return 0, fmt.Errorf("%w: %s token value %d not in 1-%d", ErrBadValue, k, value, maxTokenValue)
		}
		return Token(k)<<tokenKindShift | Token(value), nil
	case CircleBonus:
		if value < 1 || value > maxCircleBonus || !c.Valid() {
			return 0, fmt.Errorf("%w: circle bonus %s +%d is not a token", ErrBadValue, c, value)
		}
		return Token(k)<<tokenKindShift | Token(c)<<3 | Token(value), nil
	}
	return 0, fmt.Errorf("%w: no token of kind %v", ErrBadValue, k)
}

// token builds a token from values known to be valid (the card data and the laws).
func token(k TokenKind, value int, c Color) Token {
	t, err := NewToken(k, value, c)
	if err != nil {
		panic(err)
	}
	return t
}

// Kind returns the token's kind.
func (t Token) Kind() TokenKind { return TokenKind(t >> tokenKindShift) }

// Value returns the power-point value or bonus of the token; 1 for science, magic, defense and
// attack tokens; 0 for no token.
func (t Token) Value() int {
	switch t.Kind() {
	case NoToken:
		return 0
	case PowerPoints, MagicBonus:
		return int(t & tokenValueMask)
	case CircleBonus:
		return int(t & 7)
	}
	return 1
}

// Color returns the colour of a circle bonus token (Blue for other kinds).
func (t Token) Color() Color {
	if t.Kind() == CircleBonus {
		return Color(t>>3) & 3
	}
	return Blue
}

// String describes the token, e.g. "5 points", "science", "magic bonus +3", "red circle bonus +2".
func (t Token) String() string {
	switch t.Kind() {
	case NoToken:
		return "no token"
	case PowerPoints:
		return strconv.Itoa(t.Value()) + " points"
	case MagicBonus:
		return "magic bonus +" + strconv.Itoa(t.Value())
	case CircleBonus:
		return t.Color().String() + " circle bonus +" + strconv.Itoa(t.Value())
	}
	return t.Kind().String()
}

// MaxTokensPerCard is how many tokens one card can hold. A character's rows put at most three
// tokens on it (a level-5 card with the rewards of rows 1-3), Endowment (66) doubles them, and
// Barter (67) swaps one for one, so six is enough; a test checks the catalogue against it.
const MaxTokensPerCard = 6

// optColor is a colour or none: 0 is none, c+1 is colour c.
type optColor uint8

func someColor(c Color) optColor { return optColor(c + 1) }

func (o optColor) get() (Color, bool) { return Color(o - 1), o != 0 }

// holding is everything lying on one card of a pyramid: its tokens, its infinite gem, and the
// colour its circle was painted at the end of the game (for a card at level 2 or more). It is
// Tableau's form, with room for MaxTokensPerCard tokens on every card; a Game keeps the same
// packed in holdings (holdings.go) and converts to and from this form.
type holding struct {
	tokens   [MaxTokensPerCard]Token
	infinite optColor
	paint    optColor
}

// add puts t on the first free slot; it reports false when the card is full.
func (h *holding) add(t Token) bool {
	for i, old := range h.tokens {
		if old == 0 {
			h.tokens[i] = t
			return true
		}
	}
	return false
}

// count returns the number of tokens of kind k (of free slots for NoToken).
func (h *holding) count(k TokenKind) int {
	// The six slots are compared at once, as the bytes of a word: a byte of y is zero exactly
	// where the kind (the top three bits of a token) is k, and bit 0 of each byte of nonzero is
	// set where it is not. It is asked for every card of a pyramid, e.g. for the science tokens
	// of every pass.
	t := &h.tokens
	x := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 | uint64(t[4])<<32 | uint64(t[5])<<40
	const kinds, ones = 0xE0E0E0E0E0E0, 0x010101010101
	y := x&kinds ^ uint64(k)<<tokenKindShift*ones
	nonzero := (y>>5 | y>>6 | y>>7) & ones
	return MaxTokensPerCard - bits.OnesCount64(nonzero)
}

// Holding is the public, read-only account of what lies on one card of a pyramid.
type Holding struct {
	Card     CardID
	Tokens   []Token
	Infinite Color // the infinite gem's colour, when HasGem; otherwise the zero Color
	HasGem   bool  // the card holds an infinite gem
	Parked   Gems  // gems parked on the card: on 76 Treasury, or on 65 Succession that replaced it
}

// parkedGems are the gems parked by 76 Treasury, kept by the card they lie on. Treasury parks them
// on itself. 65 Succession, when it replaces Treasury, takes everything lying on it, these gems
// included (cards/laws.tsv), and Treasury, back in the hand, may be played again and park a new
// pile on itself. So two cards, and only these two, can hold parked gems, both at once; Treasury
// scores only the gems on itself.
type parkedGems struct {
	treasury, succession Gems
}

// parkingCards are the two cards that can hold parked gems.
var parkingCards = [...]CardID{lawTreasury, lawSuccession}

// on returns the gems parked on card id, or nil for a card that cannot hold any.
func (pg *parkedGems) on(id CardID) *Gems {
	switch id {
	case lawTreasury:
		return &pg.treasury
	case lawSuccession:
		return &pg.succession
	}
	return nil
}

// total returns all the parked gems.
func (pg *parkedGems) total() Gems { return pg.treasury.Plus(pg.succession) }

func (h holding) public(id CardID) Holding {
	out := Holding{Card: id}
	for _, t := range h.tokens {
		if t != 0 {
			out.Tokens = append(out.Tokens, t)
		}
	}
	if c, ok := h.infinite.get(); ok {
		out.Infinite, out.HasGem = c, true
	}
	return out
}
