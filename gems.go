package viceroy

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
)

// The four colours, and gems counted by colour. Counts of the four colours are also packed into one
// word, a colour a byte (gemWord), so that sums, comparisons and tests of all four are made at once.

// Color is one of the four colours of gems, card sectors and auction arrows.
// The order Blue, Red, Green, Yellow is the fixed order of the auction arrows.
type Color uint8

// The four colours.
const (
	Blue Color = iota
	Red
	Green
	Yellow
)

// NumColors is the number of colours.
const NumColors = 4

// Colors lists the four colours in auction order, for ranging over.
var Colors = [NumColors]Color{Blue, Red, Green, Yellow}

var colorNames = [NumColors]string{Blue: "blue", Red: "red", Green: "green", Yellow: "yellow"}

// String returns the colour's lower-case English name, e.g. "blue".
func (c Color) String() string {
	if c < NumColors {
		return colorNames[c]
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// Valid reports whether c is one of the four colours.
func (c Color) Valid() bool { return c < NumColors }

// parseColor parses a colour name as written by String ("blue", "red", "green", "yellow"); any
// other string returns an error wrapping ErrBadValue.
func parseColor(s string) (Color, error) {
	for i, n := range colorNames {
		if n == s {
			return Color(i), nil
		}
	}
	return 0, fmt.Errorf("%w: unknown colour %q", ErrBadValue, s)
}

// Gems counts gems by colour: Gems[Red] is the number of red gems. There are 16 gems of each
// colour in the game, so every count fits a byte.
type Gems [NumColors]uint8

// gemWord packs gems into a word, one colour a byte, so that sums and comparisons of all colours
// are made at once: a colour holds at most 16 gems, so the sum of two never leaves its byte.
func gemWord(g Gems) uint32 { return binary.LittleEndian.Uint32(g[:]) }

// covers reports whether the gems have (a gemWord) cover cost, colour by colour: adding 128 to
// each byte of have before taking cost leaves the byte's top bit set exactly where have is at
// least cost, and, as no byte is above 127, no borrow crosses into the next byte.
func covers(have, cost uint32) bool {
	const tops = 0x80808080
	return ((have|tops)-cost)&tops == tops
}

// lesser returns, colour by colour, the lesser of two gemWords: the top bits found as in covers,
// spread over their bytes, pick b where a is at least b, else a.
func lesser(a, b uint32) uint32 {
	const tops = 0x80808080
	pickB := (((a | tops) - b) & tops) >> 7 * 0xff
	return b&pickB | a&^pickB
}

// gemColors returns, of the gemWord w, the top bit of each byte whose colour holds a gem: adding
// 127 to the low seven bits of a byte sets its top bit unless they are all 0 (and never carries
// into the next byte), and the byte's own top bit counts too. As a set of colours it has as many
// members as colorsOf, which it costs less to find.
func gemColors(w uint32) uint32 {
	const low, tops = 0x7f7f7f7f, 0x80808080
	return ((w & low) + low | w) & tops
}

// colorsOf returns the colours the gemWord w holds gems of, bit c for colour c: gemColors, its
// four top bits gathered by a multiply, each to its own bit of the top nibble.
func colorsOf(w uint32) uint32 {
	return (gemColors(w) >> 7) * (1<<28 | 1<<21 | 1<<14 | 1<<7) >> 28
}

// gemTotal returns the number of gems of the gemWord w: the multiplication adds the four bytes into
// the top one, and the sum of at most 16 gems a colour never leaves it.
func gemTotal(w uint32) uint32 { return w * 0x01010101 >> 24 }

// GemsPerColor is how many gems of each colour exist in the game.
const GemsPerColor = 16

// Total returns the number of gems of all colours.
func (g Gems) Total() int {
	return int(g[0]) + int(g[1]) + int(g[2]) + int(g[3])
}

// Plus returns the colour-wise sum g + h.
func (g Gems) Plus(h Gems) Gems {
	// The four colours are added at once, as the bytes of a word (gemWord): the low seven bits of
	// each byte are added, then the top bits put in apart, so that no carry crosses into the next
	// colour and each byte wraps as a uint8 does. A payment adds to the reserve at every card played.
	a, b := gemWord(g), gemWord(h)
	return gemsOf((a&^gemTops + b&^gemTops) ^ (a^b)&gemTops)
}

// gemTops are the top bits of the bytes of a gemWord.
const gemTops = 0x80808080

// gemsOf unpacks a gemWord.
func gemsOf(w uint32) Gems {
	var g Gems
	binary.LittleEndian.PutUint32(g[:], w)
	return g
}

// Covers reports whether g holds at least h of every colour.
func (g Gems) Covers(h Gems) bool {
	for i := range g {
		if g[i] < h[i] {
			return false
		}
	}
	return true
}

// Minus returns g - h; h must not exceed g in any colour (see Covers): a colour that would go
// below zero wraps, as a uint8 does.
func (g Gems) Minus(h Gems) Gems {
	// As in Plus, four colours at once: the top bit of each byte of a is set before the low seven
	// bits of b are taken, so that no borrow crosses into the next colour, then the top bits are
	// put right; each byte wraps as a uint8 does.
	a, b := gemWord(g), gemWord(h)
	return gemsOf((a | gemTops - b&^gemTops) ^ (a^^b)&gemTops)
}

// String lists the non-zero counts, e.g. "2 blue, 1 yellow", or "none".
func (g Gems) String() string {
	var parts []string
	for c, n := range g {
		if n > 0 {
			parts = append(parts, strconv.Itoa(int(n))+" "+colorNames[c])
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}
