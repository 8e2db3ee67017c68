package viceroy

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A move's two written forms, JSON and text, and Apply hold one definition of a well-formed move
// (Move.wellFormed): every move one of them reads, the other reads back equal, or none reads.

// Values at the boundaries of each field of a Move: zero, the last valid value, one past it, and
// the type's extremes.
var (
	edgeBytes = []uint8{0, 1, 2, numLawOptions - 1, numLawOptions, MaxTokensPerCard - 1, MaxTokensPerCard,
		NumColors - 1, NumColors, NumCards, NumCards + 1, 127, 128, 254, 255}
	edgeInt8s = []int8{0, 1, -1, MaxLevel, MaxLevel + 1, maxCol, maxCol + 1, -maxCol, -maxCol - 1, math.MaxInt8,
		math.MinInt8}
)

// anyMove draws a Move of kind k with every field arbitrary: a boundary value often, any value
// otherwise; a field the kind does not use is most often zero, as in a move that is nearly right.
func anyMove(k MoveKind) *rapid.Generator[Move] {
	u8 := rapid.OneOf(rapid.SampledFrom(edgeBytes), rapid.Uint8())
	i8 := rapid.OneOf(rapid.SampledFrom(edgeInt8s), rapid.Int8())
	var uses moveField
	if k < numMoveKinds {
		uses = moveFields[k]
	}
	return rapid.Custom(func(t *rapid.T) Move {
		m := Move{Kind: k}
		set := func(f moveField, name string) bool {
			return rapid.IntRange(0, 7).Draw(t, name+"?") == 0 || (uses&f != 0 && rapid.IntRange(0, 7).Draw(t, name+" zero?") != 0)
		}
		if set(fCard, "card") {
			m.Card = CardID(u8.Draw(t, "card"))
		}
		if set(fColor, "color") {
			m.Color = Color(u8.Draw(t, "color"))
		}
		if set(fAt, "at") {
			m.At = Place{i8.Draw(t, "level"), i8.Draw(t, "col")}
		}
		if set(fDeck|fReward|fOption|fSlot, "choice") {
			m.Choice = uint8(u8.Draw(t, "choice"))
		}
		return m
	})
}

// moveKinds are the kinds TestMoveFormsAgree tries: every kind, no kind, and kinds past the last.
func moveKinds() []MoveKind {
	var out []MoveKind
	for k := range numMoveKinds + 1 {
		out = append(out, k)
	}
	return append(out, 128, 255)
}

// throughJSON encodes m and decodes the JSON; ok is whether that gives m back.
func throughJSON(m Move) (back Move, ok bool, err error) {
	b, err := json.Marshal(m)
	if err != nil {
		return Move{}, false, err
	}
	if err := json.Unmarshal(b, &back); err != nil {
		return Move{}, false, fmt.Errorf("%s does not read back: %w", b, err)
	}
	return back, back == m, nil
}

// throughText writes m as text and parses it; ok is whether that gives m back.
func throughText(m Move) (back Move, ok bool, err error) {
	back, err = ParseMove(m.String())
	return back, err == nil && back == m, err
}

// TestMoveFormsAgree: for any Move value, well formed ⇔ its JSON reads back equal ⇔ its text reads
// back equal; a move that is not well formed has no JSON (ErrBadValue) and is never legal.
func TestMoveFormsAgree(t *testing.T) {
	g, err := NewGame(Config{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range moveKinds() {
		t.Run(k.String(), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				m := anyMove(k).Draw(t, "move")
				wf := m.wellFormed()
				_, viaJSON, jsonErr := throughJSON(m)
				_, viaText, textErr := throughText(m)
				if (wf == nil) != viaJSON || (wf == nil) != viaText {
					t.Fatalf("%#v: wellFormed %v; through JSON %v (%v); through text %q %v (%v)", m, wf, viaJSON, jsonErr,
						m.String(), viaText, textErr)
				}
				if wf == nil {
					return
				}
				if !errors.Is(wf, ErrBadValue) || !errors.Is(jsonErr, ErrBadValue) || !errors.Is(textErr, ErrBadValue) {
					t.Fatalf("%#v: errors %v, %v, %v; want all wrapping ErrBadValue", m, wf, jsonErr, textErr)
				}
				for p := range Player(2) {
					if _, err := g.Apply(p, m); !errors.Is(err, ErrIllegalMove) {
						t.Fatalf("%#v, not well formed, applied: %v", m, err)
					}
				}
			})
		})
	}
}

// edgeTexts are the texts of the boundary values of the numbers in a move's phrase.
var edgeTexts = []string{"0", "1", "2", "3", "5", "6", "39", "40", "-39", "-40", "88", "89", "127", "128", "-128",
	"-129", "255", "256", "-1"}

// fillPhrase fills the placeholders of pattern with the texts next gives for each field.
func fillPhrase(pattern string, next func(field string) string) string {
	for _, f := range []string{"card", "color", "at", "n"} {
		if strings.Contains(pattern, "{"+f+"}") {
			pattern = strings.ReplaceAll(pattern, "{"+f+"}", next(f))
		}
	}
	return pattern
}

// checkPhrase: if ParseMove reads s, the move reads back equal through JSON.
func checkPhrase(t testing.TB, s string) {
	if m, err := ParseMove(s); err == nil {
		if back, ok, err := throughJSON(m); !ok {
			t.Fatalf("ParseMove(%q) = %#v, which through JSON is %#v (%v)", s, m, back, err)
		}
	} else if !errors.Is(err, ErrBadValue) {
		t.Fatalf("ParseMove(%q): %v", s, err)
	}
}

// TestMoveFormsReadAlike: a move read from either form, written by hand with any values in its
// fields, reads back equal through the other form; the forms never disagree about a move. The
// phrases are tried with every boundary value in each number; the JSON objects are drawn.
func TestMoveFormsReadAlike(t *testing.T) {
	for _, mt := range moveTexts {
		for _, a := range edgeTexts {
			for _, b := range edgeTexts {
				checkPhrase(t, fillPhrase(mt.pattern, func(f string) string {
					switch f {
					case "color":
						return "red"
					case "at":
						return "L" + a + " x" + b
					case "card":
						return b
					}
					return a
				}))
			}
		}
	}
	for _, k := range moveKinds()[1:numMoveKinds] {
		rapid.Check(t, func(t *rapid.T) {
			// A kind with any of the fields, each with any value, those it uses most often.
			obj := map[string]any{"kind": k.String()}
			uses := moveFields[k]
			for i, f := range []string{"card", "color", "at", "deck", "reward", "option", "slot"} {
				if uses&(1<<i) == 0 && rapid.IntRange(0, 7).Draw(t, f+"?") != 0 {
					continue
				}
				switch f {
				case "color":
					obj[f] = rapid.SampledFrom([]string{"blue", "red", "green", "yellow", "purple", "Color(4)"}).Draw(t, f)
				case "at":
					obj[f] = map[string]int{"level": rapid.IntRange(-130, 130).Draw(t, "level"), "col": rapid.IntRange(-130, 130).Draw(t, "col")}
				case "deck", "reward":
					obj[f] = rapid.SampledFrom([]string{"small", "law", "rows", "15-points", "big"}).Draw(t, f)
				default:
					obj[f] = rapid.OneOf(rapid.SampledFrom([]int{0, 1, 2, 3, 5, 6, 88, 89, 255, 256, -1}), rapid.IntRange(-2, 300)).Draw(t, f)
				}
			}
			b, err := json.Marshal(obj)
			if err != nil {
				t.Fatal(err)
			}
			var m Move
			if err := json.Unmarshal(b, &m); err == nil {
				if back, ok, err := throughText(m); !ok {
					t.Fatalf("%s reads as %#v, which through text (%q) is %#v (%v)", b, m, m.String(), back, err)
				}
			} else if !errors.Is(err, ErrBadJSON) {
				t.Fatalf("%s: %v", b, err)
			}
		})
	}
}

// Each form refuses what the other cannot write: the hand-picked cases the forms once disagreed on.
func TestMoveFormsRefuse(t *testing.T) {
	for _, s := range []string{"choose option 255", "choose option 3", "pick token 6 on 12", "pick token 255 on 12",
		"place at L0 x0", "place at L6 x0", "place at L1 x127", "place at L1 x-128", "paint the circle at L9 x0 red"} {
		if m, err := ParseMove(s); !errors.Is(err, ErrBadValue) {
			t.Errorf("ParseMove(%q) = %#v, %v; want an error wrapping ErrBadValue", s, m, err)
		}
	}
	for _, s := range []string{`{"kind":"choose-option","option":255}`, `{"kind":"choose-option","option":3}`,
		`{"kind":"pick-token","card":12,"slot":6}`, `{"kind":"place","at":{"level":0,"col":0}}`,
		`{"kind":"place","at":{"level":1,"col":-128}}`, `{"kind":"draw","deck":"big"}`, `{"kind":"take-reward","reward":"all"}`} {
		var m Move
		if err := json.Unmarshal([]byte(s), &m); !errors.Is(err, ErrBadJSON) {
			t.Errorf("%s reads as %#v, %v; want an error wrapping ErrBadJSON", s, m, err)
		}
	}
	for _, m := range []Move{{Kind: ChooseOption, Choice: 3}, {Kind: PickToken, Card: 12, Choice: MaxTokensPerCard},
		{Kind: Bid, Color: NumColors}, {Kind: PlaceCard}, {Kind: Paint, At: Place{2, maxCol + 1}}} {
		if b, err := json.Marshal(m); !errors.Is(err, ErrBadValue) {
			t.Errorf("%#v encodes as %s, %v; want an error wrapping ErrBadValue", m, b, err)
		}
		if s := m.String(); !strings.HasSuffix(s, "(not well formed)") {
			t.Errorf("%#v writes as %q", m, s)
		}
	}
}

// FuzzMoveForms: any input read as a move's text reads back equal through JSON, and any read as
// its JSON reads back equal through text; neither panics, and what they refuse wraps their
// sentinel.
func FuzzMoveForms(f *testing.F) {
	for _, s := range []string{"bid red", "choose option 2", "choose option 255", "pick token 5 on 12", "pick token 6 on 12",
		"place at L5 x-39", "place at L1 x40", "paint the circle at L3 x0 green", "draw from the law deck",
		"take 15 points", "play no card",
		`{"kind":"choose-option","option":2}`, `{"kind":"choose-option","option":255}`, `{"kind":"pick-token","card":12,"slot":5}`,
		`{"kind":"place","at":{"level":2,"col":-1}}`, `{"kind":"draw","deck":"law"}`, `{"kind":"take-reward","reward":"15-points"}`,
		`{"kind":"paint","at":{"level":3,"col":0},"color":"green"}`, `{"kind":"bid","color":"red"}`, `{"kind":"play","card":0}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if m, err := ParseMove(s); err == nil {
			if back, ok, err := throughJSON(m); !ok {
				t.Fatalf("ParseMove(%q) = %#v, which through JSON is %#v (%v)", s, m, back, err)
			}
		} else if !errors.Is(err, ErrBadValue) {
			t.Fatalf("ParseMove(%q): %v does not wrap ErrBadValue", s, err)
		}
		var m Move
		if err := json.Unmarshal([]byte(s), &m); err == nil {
			if back, ok, err := throughText(m); !ok {
				t.Fatalf("%s reads as %#v, which through text (%q) is %#v (%v)", s, m, m.String(), back, err)
			}
		}
	})
}
