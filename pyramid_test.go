package viceroy

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// pyramidTB is what the pyramid helpers need of a *testing.T, *testing.B or *rapid.T.
type pyramidTB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// assertPyramidLegal fails the test when p is not a legal pyramid.
func assertPyramidLegal(t pyramidTB, p Pyramid) {
	t.Helper()
	if err := checkPyramidLegal(p); err != nil {
		t.Fatalf("illegal pyramid: %v\n%v", err, p)
	}
}

func plc(level, col int) Place { return Place{int8(level), int8(col)} }

// pyrStep is one card placed while building a pyramid.
type pyrStep struct {
	id CardID
	at Place
}

// buildPyramid places the cards in order; every placement must succeed.
func buildPyramid(t pyramidTB, steps ...pyrStep) Pyramid {
	t.Helper()
	var p Pyramid
	for _, s := range steps {
		var err error
		if p, err = p.with(s.id, s.at); err != nil {
			t.Fatalf("placing %v at %v: %v\n%v", s.id, s.at, err, p)
		}
	}
	assertPyramidLegal(t, p)
	return p
}

// Four cards on level 1 at columns 0-3, three on level 2, two on level 3.
func threeLevels(t pyramidTB) Pyramid {
	return buildPyramid(t,
		pyrStep{10, plc(1, 0)}, pyrStep{11, plc(1, 1)}, pyrStep{12, plc(1, 2)}, pyrStep{13, plc(1, 3)},
		pyrStep{20, plc(2, 0)}, pyrStep{21, plc(2, 1)}, pyrStep{22, plc(2, 2)},
		pyrStep{30, plc(3, 0)}, pyrStep{31, plc(3, 1)})
}

// Five levels: 5, 4, 3, 2 and 1 cards, columns from 0.
func fiveLevels(t pyramidTB) Pyramid {
	var steps []pyrStep
	id := CardID(1)
	for l := 1; l <= MaxLevel; l++ {
		for x := 0; x <= MaxLevel-l; x++ {
			steps = append(steps, pyrStep{id, plc(l, x)})
			id++
		}
	}
	return buildPyramid(t, steps...)
}

// fullPyramid stands MaxPyramidCards cards on level 1.
func fullPyramid(t pyramidTB) Pyramid {
	var steps []pyrStep
	for i := range MaxPyramidCards {
		steps = append(steps, pyrStep{CardID(i + 1), plc(1, i)})
	}
	return buildPyramid(t, steps...)
}

func TestPyramidPlaces(t *testing.T) {
	tests := []struct {
		name      string
		steps     []pyrStep
		character []Place // Places(false)
		law       []Place // Places(true); nil: the same as for a character
	}{
		{name: "empty", character: []Place{plc(1, 0)}},
		{name: "one card", steps: []pyrStep{{5, plc(1, 0)}}, character: []Place{plc(1, -1), plc(1, 1)}},
		{
			name:      "two cards",
			steps:     []pyrStep{{5, plc(1, 0)}, {6, plc(1, -1)}},
			character: []Place{plc(1, -2), plc(1, 1), plc(2, -1)},
		},
		{
			name:      "three on level 1",
			steps:     []pyrStep{{5, plc(1, 0)}, {6, plc(1, -1)}, {7, plc(1, 1)}},
			character: []Place{plc(1, -2), plc(1, 2), plc(2, -1), plc(2, 0)},
		},
		{
			name:      "level-2 card on the left",
			steps:     []pyrStep{{5, plc(1, 0)}, {6, plc(1, -1)}, {7, plc(1, 1)}, {8, plc(2, -1)}},
			character: []Place{plc(1, -2), plc(1, 2), plc(2, 0)},
		},
		{
			name:      "level-2 card on the right",
			steps:     []pyrStep{{5, plc(1, 0)}, {6, plc(1, -1)}, {7, plc(1, 1)}, {8, plc(2, 0)}},
			character: []Place{plc(1, -2), plc(1, 2), plc(2, -1)},
		},
		{
			name:      "level 2 empty above four cards",
			steps:     []pyrStep{{70, plc(1, 0)}, {71, plc(1, 1)}, {72, plc(1, 2)}, {73, plc(1, 3)}},
			character: []Place{plc(1, -1), plc(1, 4), plc(2, 0), plc(2, 1), plc(2, 2)},
		},
		{
			name: "three levels",
			steps: []pyrStep{{10, plc(1, 0)}, {11, plc(1, 1)}, {12, plc(1, 2)}, {13, plc(1, 3)},
				{20, plc(2, 1)}, {21, plc(2, 2)}, {30, plc(3, 1)}},
			character: []Place{plc(1, -1), plc(1, 4), plc(2, 0)},
		},
		{
			name: "level 4 full: a character may go on level 5, a law may not",
			steps: []pyrStep{{1, plc(1, 0)}, {2, plc(1, 1)}, {3, plc(1, 2)}, {4, plc(1, 3)}, {5, plc(1, 4)},
				{6, plc(2, 0)}, {7, plc(2, 1)}, {8, plc(2, 2)}, {9, plc(2, 3)},
				{10, plc(3, 0)}, {11, plc(3, 1)}, {12, plc(3, 2)},
				{13, plc(4, 0)}, {65, plc(4, 1)}},
			character: []Place{plc(1, -1), plc(1, 5), plc(5, 0)},
			law:       []Place{plc(1, -1), plc(1, 5)},
		},
		{
			name: "five levels: nothing above level 5",
			steps: []pyrStep{{1, plc(1, 0)}, {2, plc(1, 1)}, {3, plc(1, 2)}, {4, plc(1, 3)}, {5, plc(1, 4)},
				{6, plc(2, 0)}, {7, plc(2, 1)}, {8, plc(2, 2)}, {9, plc(2, 3)},
				{10, plc(3, 0)}, {11, plc(3, 1)}, {12, plc(3, 2)},
				{13, plc(4, 0)}, {14, plc(4, 1)}, {15, plc(5, 0)}},
			character: []Place{plc(1, -1), plc(1, 5)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := buildPyramid(t, tt.steps...)
			law := tt.law
			if law == nil {
				law = tt.character
			}
			if diff := cmp.Diff(tt.character, p.Places(false)); diff != "" {
				t.Errorf("Places(false) (-want +got):\n%s\n%v", diff, p)
			}
			if diff := cmp.Diff(law, p.Places(true)); diff != "" {
				t.Errorf("Places(true) (-want +got):\n%s\n%v", diff, p)
			}
			for _, at := range tt.character {
				if !p.canPlace(at, false) {
					t.Errorf("CanPlace(%v, false) is false", at)
				}
			}
		})
	}
	if got := fullPyramid(t).Places(false); len(got) != 0 {
		t.Errorf("a full pyramid offers %v", got)
	}
}

func TestPyramidPlaceRejects(t *testing.T) {
	one := func(t pyramidTB) Pyramid { return buildPyramid(t, pyrStep{5, plc(1, 0)}) }
	two := func(t pyramidTB) Pyramid { return buildPyramid(t, pyrStep{5, plc(1, 0)}, pyrStep{6, plc(1, 1)}) }
	fourLevels := func(t pyramidTB) Pyramid {
		return buildPyramid(t,
			pyrStep{1, plc(1, 0)}, pyrStep{2, plc(1, 1)}, pyrStep{3, plc(1, 2)}, pyrStep{4, plc(1, 3)}, pyrStep{5, plc(1, 4)},
			pyrStep{6, plc(2, 0)}, pyrStep{7, plc(2, 1)}, pyrStep{8, plc(2, 2)}, pyrStep{9, plc(2, 3)},
			pyrStep{10, plc(3, 0)}, pyrStep{11, plc(3, 1)}, pyrStep{12, plc(3, 2)},
			pyrStep{13, plc(4, 0)}, pyrStep{14, plc(4, 1)})
	}
	empty := func(pyramidTB) Pyramid { return Pyramid{} }
	tests := []struct {
		name  string
		build func(pyramidTB) Pyramid
		id    CardID
		at    Place
	}{
		{"empty: not at (1,0)", empty, 5, plc(1, 1)},
		{"empty: on level 2", empty, 5, plc(2, 0)},
		{"empty: level 0", empty, 5, plc(0, 0)},
		{"gap on the right of level 1", one, 7, plc(1, 2)},
		{"gap on the left of level 1", one, 7, plc(1, -2)},
		{"on the card already there", one, 7, plc(1, 0)},
		{"level 2 on one card", one, 7, plc(2, 0)},
		{"level 2 hanging off the left", two, 7, plc(2, -1)},
		{"level 2 hanging off the right", two, 7, plc(2, 1)},
		{"level 3 on nothing", two, 7, plc(3, 0)},
		{"gap on level 2", gapBelow, 40, plc(2, 2)},
		{"gap on level 2, further", gapBelow, 40, plc(2, 3)},
		{"level 6", fiveLevels, 40, plc(6, 0)},
		{"level 6 anywhere", fiveLevels, 40, plc(6, -1)},
		{"the level-5 card's place", fiveLevels, 40, plc(5, 0)},
		{"level 5 on one card", fiveLevels, 40, plc(5, 1)},
		{"negative level", fiveLevels, 40, plc(-1, 0)},
		{"a law on level 5", fourLevels, 70, plc(5, 0)},
		{"card 0", one, 0, plc(1, 1)},
		{"card 89", one, 89, plc(1, 1)},
		{"card 255", one, 255, plc(1, 1)},
		{"a card already standing", two, 5, plc(1, 2)},
		{"a card already standing, on level 2", two, 6, plc(2, 0)},
		{"full pyramid, left", fullPyramid, 80, plc(1, -1)},
		{"full pyramid, above", fullPyramid, 80, plc(2, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.build(t)
			before := p
			got, err := p.with(tt.id, tt.at)
			if !errors.Is(err, ErrIllegalPlace) {
				t.Errorf("Place(%v, %v) error %v, want ErrIllegalPlace", tt.id, tt.at, err)
			}
			if got != before || p != before {
				t.Errorf("a rejected Place changed the pyramid:\n%v", got)
			}
		})
	}
	// The control: the character that may not go where the law was refused.
	p := fourLevels(t)
	if _, err := p.with(40, plc(5, 0)); err != nil {
		t.Errorf("a character on level 5: %v", err)
	}
	if _, err := p.with(70, plc(1, 5)); err != nil {
		t.Errorf("a law on level 1: %v", err)
	}
}

// Level 1 at columns 0-4 and one level-2 card at (2,0): (2,2) and (2,3) have support but would
// leave a gap on level 2.
func gapBelow(t pyramidTB) Pyramid {
	return buildPyramid(t, pyrStep{10, plc(1, 0)}, pyrStep{11, plc(1, 1)}, pyrStep{12, plc(1, 2)},
		pyrStep{13, plc(1, 3)}, pyrStep{14, plc(1, 4)}, pyrStep{20, plc(2, 0)})
}

func TestPyramidBasics(t *testing.T) {
	var empty Pyramid
	if empty.length() != 0 || empty.levels() != 0 || empty.lowest() != 0 || empty.Cards() != nil ||
		empty.Free() != nil || empty.circleList() != nil || empty.String() != "(empty pyramid)" {
		t.Errorf("the zero pyramid is not empty: %v", empty)
	}
	if _, ok := empty.Find(0); ok {
		t.Errorf("Find(0) found something")
	}
	p := threeLevels(t)
	if got, want := p.Cards(), []CardID{10, 11, 12, 13, 20, 21, 22, 30, 31}; !slices.Equal(got, want) {
		t.Errorf("Cards() = %v, want %v", got, want)
	}
	if p.length() != 9 || p.levels() != 3 || p.lowest() != 10 {
		t.Errorf("Len %d, Levels %d, Lowest %v", p.length(), p.levels(), p.lowest())
	}
	if _, ok := p.Find(0); ok || p.has(0) {
		t.Errorf("card 0 found in %v", p)
	}
	if _, ok := p.Find(14); ok || p.has(14) {
		t.Errorf("card 14 found in %v", p)
	}
	row, first := p.row(2)
	if !slices.Equal(row, []CardID{20, 21, 22}) || first != 0 {
		t.Errorf("Row(2) = %v, %d", row, first)
	}
	row[0] = 99 // Row returns a copy
	if p.At(plc(2, 0)) != 20 {
		t.Errorf("changing Row's slice changed the pyramid")
	}
	want := "L3:     [30][31]\nL2:   [20][21][22]\nL1: [10][11][12][13]"
	if got := p.String(); got != want {
		t.Errorf("String():\n%s\nwant\n%s", got, want)
	}
}

func TestPyramidAdjacent(t *testing.T) {
	p := threeLevels(t)
	tests := []struct {
		at   Place
		want []CardID
	}{
		{plc(2, 1), []CardID{20, 22, 11, 12, 30, 31}}, // the middle: left, right, below, above
		{plc(2, 0), []CardID{21, 10, 11, 30}},
		{plc(2, 2), []CardID{21, 12, 13, 31}},
		{plc(1, 0), []CardID{11, 20}},
		{plc(1, 1), []CardID{10, 12, 20, 21}},
		{plc(3, 0), []CardID{31, 20, 21}},
		{plc(3, 1), []CardID{30, 21, 22}},
		{plc(1, 2), []CardID{11, 13, 21, 22}}, // level 1: nothing below
		{plc(1, 3), []CardID{12, 22}},         // the right end of level 1
		{plc(1, 4), []CardID{13}},             // an empty place
		{plc(2, 3), []CardID{22, 13}},         // an empty place on level 2
		{plc(2, -1), []CardID{20, 10}},        // empty, left of level 2
		{plc(4, 0), []CardID{30, 31}},         // the empty place on top
		{plc(4, 1), []CardID{31}},             // empty, above-right
		{plc(0, 1), []CardID{10, 11}},         // below level 1, the cards "above"
		{plc(1, 7), nil},                      // far away
		{plc(5, 0), nil},                      // nothing near level 5
		{plc(6, 0), nil},                      // above the top level
	}
	for _, tt := range tests {
		if got := slices.Collect(p.adjacent(tt.at)); !slices.Equal(got, tt.want) {
			t.Errorf("Adjacent(%v) = %v, want %v", tt.at, got, tt.want)
		}
	}
}

func TestPyramidFree(t *testing.T) {
	tests := []struct {
		name    string
		steps   []pyrStep
		covered []CardID
		want    []CardID
	}{
		{name: "empty"},
		{name: "one card", steps: []pyrStep{{5, plc(1, 0)}}, want: []CardID{5}},
		{name: "one covered card", steps: []pyrStep{{5, plc(1, 0)}}, covered: []CardID{5}},
		{
			name:  "three in a row: only the ends",
			steps: []pyrStep{{5, plc(1, 0)}, {6, plc(1, 1)}, {7, plc(1, 2)}},
			want:  []CardID{5, 7},
		},
		{
			name:  "a card resting on the ends",
			steps: []pyrStep{{10, plc(1, 0)}, {11, plc(1, 1)}, {20, plc(2, 0)}},
			want:  []CardID{20},
		},
		{
			name: "level 2 in the middle of level 1",
			steps: []pyrStep{{10, plc(1, 0)}, {11, plc(1, 1)}, {12, plc(1, 2)}, {13, plc(1, 3)},
				{14, plc(1, 4)}, {20, plc(2, 1)}, {21, plc(2, 2)}},
			want: []CardID{10, 14, 20, 21},
		},
		{
			name: "the same, a level-1 end covered",
			steps: []pyrStep{{10, plc(1, 0)}, {11, plc(1, 1)}, {12, plc(1, 2)}, {13, plc(1, 3)},
				{14, plc(1, 4)}, {20, plc(2, 1)}, {21, plc(2, 2)}},
			covered: []CardID{14},
			want:    []CardID{10, 20, 21},
		},
		{
			name: "the same, a middle card covered changes nothing",
			steps: []pyrStep{{10, plc(1, 0)}, {11, plc(1, 1)}, {12, plc(1, 2)}, {13, plc(1, 3)},
				{14, plc(1, 4)}, {20, plc(2, 1)}, {21, plc(2, 2)}},
			covered: []CardID{12},
			want:    []CardID{10, 14, 20, 21},
		},
		{
			name: "three levels: only the top two",
			steps: []pyrStep{{10, plc(1, 0)}, {11, plc(1, 1)}, {12, plc(1, 2)}, {13, plc(1, 3)},
				{20, plc(2, 0)}, {21, plc(2, 1)}, {22, plc(2, 2)}, {30, plc(3, 0)}, {31, plc(3, 1)}},
			want: []CardID{30, 31},
		},
		{
			name:  "level 2 to the left, level-1 right end free",
			steps: []pyrStep{{10, plc(1, 0)}, {11, plc(1, 1)}, {12, plc(1, 2)}, {20, plc(2, 0)}},
			want:  []CardID{12, 20},
		},
		{
			name: "three levels, top covered",
			steps: []pyrStep{{10, plc(1, 0)}, {11, plc(1, 1)}, {12, plc(1, 2)}, {13, plc(1, 3)},
				{20, plc(2, 0)}, {21, plc(2, 1)}, {22, plc(2, 2)}, {30, plc(3, 0)}, {31, plc(3, 1)}},
			covered: []CardID{30, 31},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := buildPyramid(t, tt.steps...)
			for _, id := range tt.covered {
				p.covered.add(id)
			}
			if got := p.Free(); !slices.Equal(got, tt.want) {
				t.Errorf("Free() = %v, want %v\n%v", got, tt.want, p)
			}
			if got := referenceFree(p); !slices.Equal(got, tt.want) {
				t.Errorf("the rules give %v, the table %v", got, tt.want)
			}
			for _, s := range tt.steps {
				if got, want := isFreeAt(p, s.at), slices.Contains(tt.want, s.id); got != want {
					t.Errorf("IsFree(%v) = %v", s.at, got)
				}
				if got, want := p.hasTucked(s.id), slices.Contains(tt.covered, s.id); got != want {
					t.Errorf("HasTucked(%v) = %v", s.id, got)
				}
			}
			if isFreeAt(p, plc(1, 100)) || isFreeAt(p, plc(0, 0)) || isFreeAt(p, plc(6, 0)) {
				t.Errorf("an empty place is free")
			}
		})
	}
}

// referenceFree lists the free cards by the words of RULES.md 8.1, through public methods only.
func referenceFree(p Pyramid) []CardID {
	var out []CardID
	for l := 1; l <= MaxLevel; l++ {
		row, first := p.row(l)
		for k, id := range row {
			x := first + k
			end := k == 0 || k == len(row)-1
			above := p.At(plc(l+1, x-1)) != 0 || p.At(plc(l+1, x)) != 0
			if end && !above && !p.hasTucked(id) {
				out = append(out, id)
			}
		}
	}
	return out
}

// Cards whose sectors are all one colour, and others chosen for one sector.
func TestCardSectorsUsedByCircleTests(t *testing.T) {
	const (
		r, b, g, y = Red, Blue, Green, Yellow
	)
	want := map[CardID][4]Color{
		1: {r, r, r, r}, 4: {b, b, b, b}, 53: {g, g, g, g}, 56: {y, y, y, y},
		2: {b, b, y, y}, 3: {r, r, g, g}, 5: {r, y, r, r}, 8: {b, g, b, b}, 9: {r, g, r, r},
		13: {r, b, r, r}, 20: {b, b, r, r}, 32: {b, r, r, r}, 37: {g, g, y, y}, 38: {y, y, g, g},
		65: {g, g, r, r},
	}
	for id, s := range want {
		if got := id.Card().Sectors; got != s {
			t.Errorf("card %v sectors %v, the circle tests assume %v", id, got, s)
		}
	}
}

func TestPyramidCircleSingleColour(t *testing.T) {
	tests := []struct {
		name             string
		left, right, top CardID
		mono             bool
		colour           Color
		sectors          [4]Color
	}{
		{"red", 1, 3, 32, true, Red, [4]Color{Red, Red, Red, Red}},
		{"blue", 4, 2, 8, true, Blue, [4]Color{Blue, Blue, Blue, Blue}},
		{"green", 53, 37, 3, true, Green, [4]Color{Green, Green, Green, Green}},
		{"yellow", 56, 38, 2, true, Yellow, [4]Color{Yellow, Yellow, Yellow, Yellow}},
		{"all-red card on top", 3, 5, 1, true, Red, [4]Color{Red, Red, Red, Red}},
		{"a law on top", 1, 3, 65, true, Red, [4]Color{Red, Red, Red, Red}},
		{"four colours", 1, 4, 53, false, 0, [4]Color{Red, Blue, Green, Green}},
		{"one sector off", 1, 4, 32, false, 0, [4]Color{Red, Blue, Red, Red}},
		{"top off", 1, 3, 2, false, 0, [4]Color{Red, Red, Yellow, Yellow}},
		// The top-left of the lower-left card and the top-right of the lower-right one are not in
		// the circle: Captain's blue top-left is outside it.
		{"outer sectors ignored", 32, 1, 13, true, Red, [4]Color{Red, Red, Red, Red}},
		{"outer sectors matter not, mixed inside", 4, 1, 32, false, 0, [4]Color{Blue, Red, Red, Red}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := buildPyramid(t, pyrStep{tt.left, plc(1, 0)}, pyrStep{tt.right, plc(1, 1)}, pyrStep{tt.top, plc(2, 0)})
			want := Circle{Top: plc(2, 0), Cards: [3]CardID{tt.left, tt.right, tt.top}, Sectors: tt.sectors}
			if diff := cmp.Diff([]Circle{want}, p.circleList()); diff != "" {
				t.Fatalf("Circles() (-want +got):\n%s", diff)
			}
			c := p.circleList()[0]
			if c.level() != 2 {
				t.Errorf("Level() = %d, want 2", c.level())
			}
			colour, mono := c.singleColor()
			if mono != tt.mono || (mono && colour != tt.colour) {
				t.Errorf("SingleColor() = %v, %v; want %v, %v", colour, mono, tt.colour, tt.mono)
			}
			var wantCircles []Circle
			var wantGems Gems
			if tt.mono {
				wantCircles = []Circle{want}
				wantGems[tt.colour] = 1
			}
			// The circle is completed by the top card, and the two below are part of it.
			for _, at := range []Place{plc(2, 0), plc(1, 0), plc(1, 1)} {
				if diff := cmp.Diff(wantCircles, slices.Collect(p.singleColorCircles(at))); diff != "" {
					t.Errorf("SingleColorCircles(%v) (-want +got):\n%s", at, diff)
				}
				if got := p.circleGems(at); got != wantGems {
					t.Errorf("circleGems(%v) = %v, want %v", at, got, wantGems)
				}
			}
			for _, at := range []Place{plc(1, -1), plc(1, 2), plc(3, 0), plc(2, 1)} {
				if got := slices.Collect(p.singleColorCircles(at)); got != nil {
					t.Errorf("SingleColorCircles(%v) = %v, want none", at, got)
				}
				if got := p.circleGems(at); got != (Gems{}) {
					t.Errorf("circleGems(%v) = %v", at, got)
				}
			}
		})
	}
}

// A red pyramid: level 1 Herbalist, Boatswain, Scout; level 2 Captain and Gunner; level 3
// Arcanist. All three circles are red.
func redPyramid(t pyramidTB) Pyramid {
	return buildPyramid(t,
		pyrStep{3, plc(1, 0)}, pyrStep{1, plc(1, 1)}, pyrStep{5, plc(1, 2)},
		pyrStep{32, plc(2, 0)}, pyrStep{9, plc(2, 1)}, pyrStep{13, plc(3, 0)})
}

func TestPyramidCirclesThroughACard(t *testing.T) {
	p := redPyramid(t)
	red := [4]Color{Red, Red, Red, Red}
	c20 := Circle{Top: plc(2, 0), Cards: [3]CardID{3, 1, 32}, Sectors: red}
	c21 := Circle{Top: plc(2, 1), Cards: [3]CardID{1, 5, 9}, Sectors: red}
	c30 := Circle{Top: plc(3, 0), Cards: [3]CardID{32, 9, 13}, Sectors: red}
	if diff := cmp.Diff([]Circle{c20, c21, c30}, p.circleList()); diff != "" {
		t.Fatalf("Circles() (-want +got):\n%s", diff)
	}
	if c30.level() != 3 {
		t.Errorf("level-3 circle has Level %d", c30.level())
	}
	if got, want := c30.String(), "L3 x0 circle [red red red red]"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	tests := []struct {
		at   Place
		want []Circle
	}{
		{plc(1, 0), []Circle{c20}},
		{plc(1, 1), []Circle{c20, c21}}, // Boatswain is part of both level-2 circles
		{plc(1, 2), []Circle{c21}},
		{plc(2, 0), []Circle{c20, c30}}, // its own, and the one closed above it
		{plc(2, 1), []Circle{c21, c30}},
		{plc(3, 0), []Circle{c30}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, slices.Collect(p.singleColorCircles(tt.at))); diff != "" {
			t.Errorf("SingleColorCircles(%v) (-want +got):\n%s", tt.at, diff)
		}
		if got, want := p.circleGems(tt.at), (Gems{Red: uint8(len(tt.want))}); got != want {
			t.Errorf("circleGems(%v) = %v, want %v", tt.at, got, want)
		}
	}
}

// 65 Succession: replace keeps the structure, moves the covered mark, and the circles follow the
// new card's colours.
func TestPyramidReplace(t *testing.T) {
	p := redPyramid(t)
	p.covered.add(32)
	q := p
	// Recruiter (blue top-right, red bottom) instead of Captain: its own circle stays red, the
	// level-3 circle above it now has a blue sector.
	if old := q.replace(plc(2, 0), 20); old != 32 {
		t.Fatalf("replace returned %v, want 32", old)
	}
	assertPyramidLegal(t, q)
	if q.At(plc(2, 0)) != 20 || q.has(32) || q.length() != p.length() {
		t.Errorf("after replace:\n%v", q)
	}
	if q.hasTucked(32) || !q.hasTucked(20) {
		t.Errorf("the covered mark did not pass from 32 to 20")
	}
	if !p.hasTucked(32) || p.At(plc(2, 0)) != 32 {
		t.Errorf("replace on a copy changed the original")
	}
	want := []Circle{{Top: plc(2, 0), Cards: [3]CardID{3, 1, 20}, Sectors: [4]Color{Red, Red, Red, Red}}}
	if diff := cmp.Diff(want, slices.Collect(q.singleColorCircles(plc(2, 0)))); diff != "" {
		t.Errorf("SingleColorCircles after replace (-want +got):\n%s", diff)
	}
	if got := q.circleGems(plc(2, 0)); got != (Gems{Red: 1}) {
		t.Errorf("circleGems after replace = %v", got)
	}
	c, _ := q.circleAt(plc(3, 0))
	if c.Sectors != [4]Color{Blue, Red, Red, Red} {
		t.Errorf("level-3 circle after replace: %v", c)
	}

	// A card without a covered mark passes none on; replacing a level-1 card keeps the level-2
	// cards standing.
	r := p
	if old := r.replace(plc(1, 1), 4); old != 1 {
		t.Fatalf("replace returned %v, want 1", old)
	}
	assertPyramidLegal(t, r)
	if r.hasTucked(4) || !r.hasTucked(32) {
		t.Errorf("covered marks wrong after replacing an unmarked card")
	}
	if got := r.circleGems(plc(1, 1)); got != (Gems{}) {
		t.Errorf("a blue Mentor between red cards closes %v", got)
	}
}

// 74 Exile: removing a free card keeps the pyramid legal and the other cards where they were.
func TestPyramidRemove(t *testing.T) {
	p := redPyramid(t)
	var err error
	for _, s := range []pyrStep{{17, plc(1, -1)}, {19, plc(1, 3)}} {
		if p, err = p.with(s.id, s.at); err != nil {
			t.Fatal(err)
		}
	}
	free := p.Free()
	if !slices.Equal(free, []CardID{17, 19, 13}) {
		t.Fatalf("Free() = %v", free)
	}
	for _, id := range free {
		q := p
		at, _ := q.Find(id)
		if got := q.remove(at); got != id {
			t.Errorf("remove(%v) returned %v, want %v", at, got, id)
		}
		assertPyramidLegal(t, q)
		if q.has(id) || q.length() != p.length()-1 {
			t.Errorf("after removing %v:\n%v", id, q)
		}
		for _, other := range p.Cards() {
			if other == id {
				continue
			}
			if was, _ := p.Find(other); q.At(was) != other {
				t.Errorf("removing %v moved %v", id, other)
			}
		}
		if len(q.circleList()) != len(p.circleList())-len(slices.Collect(p.singleColorCircles(at))) {
			t.Errorf("removing %v left circles %v", id, q.circleList())
		}
	}
	// Removing every card, always a free one, ends with the empty pyramid.
	q := p
	for q.length() > 0 {
		free := q.Free()
		if len(free) == 0 {
			t.Fatalf("no free card in\n%v", q)
		}
		at, _ := q.Find(free[len(free)-1])
		q.remove(at)
		assertPyramidLegal(t, q)
	}
	if q != (Pyramid{}) {
		t.Errorf("emptied pyramid is not the zero Pyramid: %#v", q)
	}
}

// allCardIDs lists 1-88.
func allCardIDs() []CardID {
	ids := make([]CardID, NumCards)
	for i := range ids {
		ids[i] = CardID(i + 1)
	}
	return ids
}

// standingCardIDs lists the cards that can stand in a pyramid: all but 66 Endowment, which is only
// ever tucked under a character.
func standingCardIDs() []CardID {
	return slices.DeleteFunc(allCardIDs(), func(id CardID) bool { return id == lawEndowment })
}

// drawPyramid builds a pyramid of random distinct cards, each placed at a random place that
// Places offers, and returns the cards and places in order.
func drawPyramid(t *rapid.T) (Pyramid, []pyrStep) {
	n := rapid.IntRange(0, MaxPyramidCards).Draw(t, "n")
	ids := rapid.Permutation(standingCardIDs()).Draw(t, "cards")
	var p Pyramid
	var steps []pyrStep
	for _, id := range ids[:n] {
		places := p.Places(id.IsLaw())
		if len(places) == 0 {
			t.Fatalf("no place for card %d of %d:\n%v", len(steps)+1, n, p)
		}
		at := places[rapid.IntRange(0, len(places)-1).Draw(t, "place")]
		next, err := p.with(id, at)
		if err != nil {
			t.Fatalf("Place(%v, %v), a place from Places: %v\n%v", id, at, err, p)
		}
		p = next
		steps = append(steps, pyrStep{id, at})
	}
	return p, steps
}

// legalByRules decides from RULES.md 8.1 alone, through At and Len, whether a new card may stand
// at at.
func legalByRules(p Pyramid, at Place, law bool) bool {
	l, x := int(at.Level), int(at.Col)
	top := MaxLevel
	if law {
		top = MaxLevel - 1
	}
	if p.length() >= MaxPyramidCards || l < 1 || l > top || p.At(at) != 0 {
		return false
	}
	if l > 1 && (p.At(plc(l-1, x)) == 0 || p.At(plc(l-1, x+1)) == 0) {
		return false
	}
	row, _ := p.row(l)
	if len(row) == 0 {
		return l > 1 || x == 0
	}
	return p.At(plc(l, x-1)) != 0 || p.At(plc(l, x+1)) != 0
}

// (1) Placing cards at places Places offers always gives a legal pyramid.
func TestPyramidPlacementsStayLegal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, steps := drawPyramid(t)
		assertPyramidLegal(t, p)
		if p.length() != len(steps) {
			t.Fatalf("Len = %d after %d placements", p.length(), len(steps))
		}
		for _, s := range steps {
			at, ok := p.Find(s.id)
			if !ok || at != s.at {
				t.Fatalf("Find(%v) = %v, %v; it was placed at %v", s.id, at, ok, s.at)
			}
			if p.At(at) != s.id {
				t.Fatalf("At(Find(%v)) = %v", s.id, p.At(at))
			}
		}
		if p.levels() > MaxLevel {
			t.Fatalf("%d levels", p.levels())
		}
		if got := p.Free(); !slices.Equal(got, referenceFree(p)) {
			t.Fatalf("Free() = %v, the rules give %v\n%v", got, referenceFree(p), p)
		}
		if got, want := len(p.circleList()), p.length()-len(rowOf(p, 1)); got != want {
			t.Fatalf("%d circles, want one per card above level 1 (%d)", got, want)
		}
	})
}

func rowOf(p Pyramid, l int) []CardID {
	row, _ := p.row(l)
	return row
}

// (2) Places reports exactly the places the rules allow: Place accepts each of them, and rejects
// every other place near the pyramid with ErrIllegalPlace, leaving the pyramid unchanged.
func TestPyramidPlacesAreExactlyTheLegalOnes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, steps := drawPyramid(t)
		used := map[CardID]bool{}
		for _, s := range steps {
			used[s.id] = true
		}
		var unused []CardID
		for _, id := range standingCardIDs() {
			if !used[id] {
				unused = append(unused, id)
			}
		}
		id := rapid.SampledFrom(unused).Draw(t, "new card")
		law := id.IsLaw()
		places := p.Places(law)
		var window []Place
		row, first := p.row(1)
		for l := 0; l <= MaxLevel+1; l++ {
			for x := first - 3; x <= first+len(row)-1+3; x++ {
				window = append(window, plc(l, x))
			}
		}
		var byRules []Place
		for _, at := range window {
			if legalByRules(p, at, law) {
				byRules = append(byRules, at)
			}
		}
		if diff := cmp.Diff(byRules, places); diff != "" {
			t.Fatalf("Places(%v) (-rules +got):\n%s\n%v", law, diff, p)
		}
		for _, at := range window {
			if got := p.canPlace(at, law); got != slices.Contains(places, at) {
				t.Fatalf("CanPlace(%v, %v) = %v, Places gives %v", at, law, got, places)
			}
			before := p
			q, err := p.with(id, at)
			if p != before {
				t.Fatalf("Place changed its receiver")
			}
			if slices.Contains(places, at) {
				if err != nil {
					t.Fatalf("Place(%v, %v): %v", id, at, err)
				}
				assertPyramidLegal(t, q)
				if q.At(at) != id || q.length() != p.length()+1 {
					t.Fatalf("Place(%v, %v) gave\n%v", id, at, q)
				}
				continue
			}
			if !errors.Is(err, ErrIllegalPlace) {
				t.Fatalf("Place(%v, %v) error %v, want ErrIllegalPlace", id, at, err)
			}
			if q != p {
				t.Fatalf("rejected Place(%v, %v) returned a changed pyramid", id, at)
			}
		}
		// A card already standing is refused everywhere.
		if len(steps) > 0 {
			s := rapid.SampledFrom(steps).Draw(t, "standing card")
			for _, at := range places {
				if q, err := p.with(s.id, at); !errors.Is(err, ErrIllegalPlace) || q != p {
					t.Fatalf("Place of the standing %v at %v: %v", s.id, at, err)
				}
			}
		}
	})
}

// (3) Place does not change the pyramid it is called on: Pyramid is a value.
func TestPyramidPlaceValueSemantics(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, steps := drawPyramid(t)
		snapshot := p
		cards := p.Cards()
		id := rapid.SampledFrom(allCardIDs()).Draw(t, "card")
		var at Place
		if places := p.Places(id.IsLaw()); len(places) > 0 && rapid.Bool().Draw(t, "legal") {
			at = rapid.SampledFrom(places).Draw(t, "place")
		} else {
			at = plc(rapid.IntRange(-1, 7).Draw(t, "level"), rapid.IntRange(-45, 45).Draw(t, "col"))
		}
		q, err := p.with(id, at)
		if p != snapshot || !slices.Equal(p.Cards(), cards) {
			t.Fatalf("Place(%v, %v) changed the old pyramid", id, at)
		}
		if err == nil {
			if q == p || q.length() != len(steps)+1 {
				t.Fatalf("Place(%v, %v) succeeded but the new pyramid is\n%v", id, at, q)
			}
			if p.has(id) || !q.has(id) {
				t.Fatalf("Has(%v): old %v, new %v", id, p.has(id), q.has(id))
			}
		} else if q != p {
			t.Fatalf("failed Place(%v, %v) returned a changed pyramid", id, at)
		}
	})
}

// (4) Removing a free card (74 Exile) keeps the pyramid legal, and every other card where it was.
func TestPyramidRemoveFreeStaysLegal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, steps := drawPyramid(t)
		for _, s := range steps {
			if rapid.IntRange(0, 9).Draw(t, "cover") == 0 {
				p.covered.add(s.id)
			}
		}
		free := p.Free()
		if !slices.Equal(free, referenceFree(p)) {
			t.Fatalf("Free() = %v, the rules give %v", free, referenceFree(p))
		}
		if len(free) == 0 {
			return
		}
		id := rapid.SampledFrom(free).Draw(t, "exiled")
		at, _ := p.Find(id)
		if !isFreeAt(p, at) {
			t.Fatalf("%v is in Free() but IsFree(%v) is false", id, at)
		}
		q := p
		if got := q.remove(at); got != id {
			t.Fatalf("remove(%v) returned %v, want %v", at, got, id)
		}
		assertPyramidLegal(t, q)
		if q.length() != p.length()-1 || q.has(id) {
			t.Fatalf("after removing %v:\n%v", id, q)
		}
		for _, s := range steps {
			if s.id == id {
				continue
			}
			if got, ok := q.Find(s.id); !ok || got != s.at {
				t.Fatalf("removing %v moved %v from %v to %v", id, s.id, s.at, got)
			}
			if q.hasTucked(s.id) != p.hasTucked(s.id) {
				t.Fatalf("removing %v changed whether %v is covered", id, s.id)
			}
		}
		// The pyramid goes on: what Places offers now is still what the rules allow.
		for _, law := range []bool{false, true} {
			for _, np := range q.Places(law) {
				if !legalByRules(q, np, law) {
					t.Fatalf("after removing %v, Places(%v) offers %v\n%v", id, law, np, q)
				}
			}
		}
	})
}

// Pyramid.Place says why a place is refused: a level that does not exist, or a place taken.
func TestPyramidPlaceErrorsExplain(t *testing.T) {
	var p Pyramid
	p, _ = p.with(1, Place{1, 0})
	for _, tc := range []struct {
		at   Place
		want string
	}{{Place{6, 0}, "levels are 1-5"}, {Place{0, 0}, "levels are 1-5"}, {Place{1, 0}, "taken by 1"}} {
		if _, err := p.with(2, tc.at); !errors.Is(err, ErrIllegalPlace) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Place(2, %v): %v, want ErrIllegalPlace saying %q", tc.at, err, tc.want)
		}
	}
}

// TestCircleColorIsSingleColorCircle holds circleColor, which the engine asks for the circle gems
// of every card played, to circleAt and Circle.singleColor, at every place of the pyramids of
// random finished games.
func TestCircleColorIsSingleColorCircle(t *testing.T) {
	mono := 0
	for seed := range uint64(20) {
		g, err := NewGame(Config{Players: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := seed
		for !g.Over() {
			p := g.ToMove()[0]
			moves := g.Legal(p)
			r = r*6364136223846793005 + 1442695040888963407
			if err := g.Play(p, moves[(r>>33)%uint64(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		for p := range g.pyr {
			pyr := &g.pyr[p]
			for l := int8(0); l <= MaxLevel+1; l++ {
				for x := int8(-12); x <= 12; x++ {
					at := Place{l, x}
					col, ok := pyr.circleColor(at)
					c, closed := pyr.circleAt(at)
					want, wantOK := c.singleColor()
					if ok != (closed && wantOK) || ok && col != want {
						t.Fatalf("seed %d, %v at %v: circleColor %v, %v; the circle %v", seed, Player(p), at, col, ok, c)
					}
					if ok {
						mono++
					}
				}
			}
		}
	}
	if mono == 0 {
		t.Error("no single-coloured circle was met")
	}
}

// TestCircleGemsAgreesWithSingleColorCircles holds circleGems, which looks for the circles above a
// place only when cards stand on the level above, to the general way (SingleColorCircles, which
// looks at every circle through the place), for every card of every pyramid at every decision of
// random games. It also checks that the games reach gems from circles both closed by the card and
// closed above it.
func TestCircleGemsAgreesWithSingleColorCircles(t *testing.T) {
	var own, above int
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		for q := range Player(cfg.Players) {
			pyr := &g.pyr[q]
			for _, id := range pyr.cells[:pyr.size()] {
				at, _ := pyr.Find(id)
				var want Gems
				for c := range pyr.singleColorCircles(at) {
					col, _ := c.singleColor()
					want[col]++
					if c.Top == at {
						own++
					} else {
						above++
					}
				}
				if got := pyr.circleGems(at); got != want {
					t.Fatalf("%+v: player %v, %v at %v: circleGems = %v, want %v\n%v", cfg, q, id, at, got, want, pyr)
				}
			}
		}
	})
	if own == 0 || above == 0 {
		t.Errorf("the games never put circleGems to the test: %d circles closed by the card, %d above it", own, above)
	}
}

// TestCirclesAgreesWithCircleAt holds circles, which finds the cards of each circle by their
// index in cells, to circleAt, which finds them by place: for every pyramid at every decision of
// random games, circles yields circleAt of every card above level 1, level by level from the
// bottom, left to right.
func TestCirclesAgreesWithCircleAt(t *testing.T) {
	seen := 0
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		for q := range Player(cfg.Players) {
			pyr := &g.pyr[q]
			var want []Circle
			for l := 2; l <= MaxLevel; l++ {
				row, first := pyr.row(l)
				for k := range row {
					c, ok := pyr.circleAt(Place{int8(l), int8(first + k)})
					if !ok {
						t.Fatalf("%+v: player %v: no circle at L%d x%d of\n%v", cfg, q, l, first+k, pyr)
					}
					want = append(want, c)
				}
			}
			var got []Circle
			for c := range pyr.circles() {
				got = append(got, c)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%+v: player %v: circles = %v, want %v\n%v", cfg, q, got, want, pyr)
			}
			seen += len(want)
		}
	})
	if seen == 0 {
		t.Error("the games never stood a card above level 1")
	}
}

// TestPyramidCanPlaceFull checks that a full pyramid offers no place to CanPlace either: not
// beside its run on level 1, where a pyramid with room would take a card, nor on two of its cards.
func TestPyramidCanPlaceFull(t *testing.T) {
	full := fullPyramid(t)
	row, first := full.row(1)
	roomy, err := pyramidFrom(row[:len(row)-1], placesOfRow(1, first, len(row)-1))
	if err != nil {
		t.Fatal(err)
	}
	n := len(row)
	for _, law := range []bool{false, true} {
		for _, at := range []Place{plc(1, first-1), plc(1, first+n), plc(2, first)} {
			if full.canPlace(at, law) {
				t.Errorf("full pyramid: CanPlace(%v, %v) is true", at, law)
			}
		}
		for _, at := range []Place{plc(1, first-1), plc(1, first+n-1), plc(2, first)} {
			if !roomy.canPlace(at, law) {
				t.Errorf("pyramid of %d cards: CanPlace(%v, %v) is false", roomy.length(), at, law)
			}
		}
	}
}

// placesOfRow returns the places of n cards side by side on level l from column first.
func placesOfRow(l, first, n int) []Place {
	out := make([]Place, n)
	for k := range out {
		out[k] = plc(l, first+k)
	}
	return out
}

// standsIn reports whether card id stands in pyramid p.
func standsIn(p Pyramid, id CardID) bool {
	_, ok := p.Find(id)
	return ok
}

// isFreeAt reports whether a card stands at at in p and is one of its free cards.
func isFreeAt(p Pyramid, at Place) bool {
	id := p.At(at)
	return id != 0 && slices.Contains(p.Free(), id)
}
