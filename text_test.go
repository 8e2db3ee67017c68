package viceroy

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Every move kind, and every deck and reward of Draw and TakeReward, has a phrase, and every
// phrase starts with a word (ParseMove tries only the phrases of the text's first word).
func TestMoveTextCoversKinds(t *testing.T) {
	for _, mt := range moveTexts {
		if strings.HasPrefix(mt.pattern, "{") {
			t.Errorf("the phrase %q starts with a placeholder", mt.pattern)
		}
	}
	for k := MoveKind(1); k < numMoveKinds; k++ {
		choices := []uint8{0}
		if moveFields[k]&(fDeck|fReward) != 0 {
			choices = []uint8{0, 1}
		}
		for _, c := range choices {
			m := Move{Kind: k, Choice: c}
			if moveFields[k]&fAt != 0 {
				m.At = Place{1, 0}
			}
			if m.wellFormed() != nil {
				continue // a kind that needs a card or an option (0 is well formed for those)
			}
			found := false
			for _, mt := range moveTexts {
				found = found || mt.kind == k && (mt.choice == c || moveFields[k]&(fDeck|fReward) == 0)
			}
			if !found {
				t.Errorf("%v with choice %d has no phrase", k, c)
			}
		}
	}
}

func TestMoveText(t *testing.T) {
	for _, tc := range []struct {
		m    Move
		want string
	}{
		{Move{Kind: KeepInPyramid, Card: 2}, "keep 2 Ambassador in the pyramid"},
		{Move{Kind: KeepInHand, Card: 18}, "keep 18 Grandee in the hand"},
		{Move{Kind: Bid, Color: Red}, "bid red"},
		{Move{Kind: Pass}, "pass"},
		{Move{Kind: Play, Card: 32}, "play 32 Captain"},
		{Move{Kind: PlaceCard, At: Place{2, -1}}, "place at L2 x-1"},
		{Move{Kind: UseInfinite, Card: 1}, "use the infinite gem on 1 Boatswain"},
		{Move{Kind: TakeReward, Choice: RowRewards}, "take the rewards of rows 1-3"},
		{Move{Kind: TakeReward, Choice: FifteenPoints}, "take 15 points"},
		{Move{Kind: TakeGem, Color: Yellow}, "take a yellow gem"},
		{Move{Kind: Draw, Choice: LawDeck}, "draw from the law deck"},
		{Move{Kind: ChooseOption, Choice: 2}, "choose option 2"},
		{Move{Kind: PickToken, Card: 12, Choice: 1}, "pick token 1 on 12 " + CardID(12).Card().Name},
		{Move{Kind: Paint, At: Place{3, 0}, Color: Green}, "paint the circle at L3 x0 green"},
		{Move{Kind: FinishPainting}, "finish painting"},
		{Move{Kind: Play}, "play no card"},
	} {
		if got := tc.m.String(); got != tc.want {
			t.Errorf("%#v prints %q, want %q", tc.m, got, tc.want)
		}
		if back, err := ParseMove(tc.want); err != nil || back != tc.m {
			t.Errorf("ParseMove(%q) = %#v, %v; want %#v", tc.want, back, err, tc.m)
		}
	}
	// People write moves loosely: any case, extra spaces, a card by its number.
	for in, want := range map[string]Move{
		"  Bid   RED ":                    {Kind: Bid, Color: Red},
		"play 32":                         {Kind: Play, Card: 32},
		"PLAY 32 captain":                 {Kind: Play, Card: 32},
		"place at l2 x-1":                 {Kind: PlaceCard, At: Place{2, -1}},
		"Paint the circle at L3 x0 green": {Kind: Paint, At: Place{3, 0}, Color: Green},
	} {
		if got, err := ParseMove(in); err != nil || got != want {
			t.Errorf("ParseMove(%q) = %#v, %v; want %#v", in, got, err, want)
		}
	}
	// A move that is not well formed still prints, and says so.
	if s := (Move{Kind: Bid, Color: Red, Card: 3}).String(); !strings.Contains(s, "not well formed") {
		t.Errorf("an ill-formed move prints %q", s)
	}
}

// Text that is no move is an error wrapping ErrBadValue that says what was wrong.
func TestParseMoveRejects(t *testing.T) {
	for in, why := range map[string]string{
		"":                                "no move",
		"fly":                             "no move",
		"bid purple":                      "purple",
		"bid":                             "bid",
		"play 32 Boatswain":               "32 Captain",
		"play 99":                         "99",
		"play -1":                         "-1",
		"place at L2":                     "place",
		"place at L200 x0":                "place",
		"choose option 256":               "256",
		"draw from the big deck":          "draw",
		"pass now":                        "pass",
		"keep 2 ambassador in the cellar": "keep",
		strings.Repeat("play 32 ", 30):    "too long",
	} {
		m, err := ParseMove(in)
		if !errors.Is(err, ErrBadValue) || !strings.Contains(err.Error(), why) || strings.Count(err.Error(), "viceroy:") != 1 {
			t.Errorf("ParseMove(%q) = %v, %v; want an ErrBadValue naming %q", in, m, err, why)
		}
	}
}

// Every legal move at every decision of random games, in every mix of players and both editions,
// prints and reads back equal.
func TestMoveTextRoundTripInPlay(t *testing.T) {
	for i, cfg := range allMixes(0) {
		cfg.Seed = uint64(i)
		g, r := seededGame(t, cfg, 5)
		for !g.Over() {
			who := g.ToMove()
			for _, p := range who {
				for _, m := range g.Legal(p) {
					if back, err := ParseMove(m.String()); err != nil || back != m {
						t.Fatalf("%+v: %#v prints %q, which reads as %#v (%v)", cfg, m, m.String(), back, err)
					}
				}
			}
			p := who[r.IntN(len(who))]
			moves := g.Legal(p)
			g = mustApply(t, g, p, moves[r.IntN(len(moves))])
		}
	}
}

// Every well-formed move, legal or not, prints and reads back equal.
func TestMoveTextRoundTripAnyMove(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := Move{Kind: MoveKind(rapid.IntRange(1, int(numMoveKinds)-1).Draw(t, "kind"))}
		f := moveFields[m.Kind]
		if f&fCard != 0 {
			m.Card = CardID(rapid.IntRange(0, NumCards).Draw(t, "card"))
		}
		if f&fColor != 0 {
			m.Color = Color(rapid.IntRange(0, NumColors-1).Draw(t, "color"))
		}
		if f&fAt != 0 {
			m.At = Place{int8(rapid.IntRange(1, MaxLevel).Draw(t, "level")), int8(rapid.IntRange(-maxCol, maxCol).Draw(t, "col"))}
		}
		switch {
		case f&(fDeck|fReward) != 0:
			m.Choice = uint8(rapid.IntRange(0, 1).Draw(t, "choice"))
		case f&fOption != 0:
			m.Choice = uint8(rapid.IntRange(0, numLawOptions-1).Draw(t, "choice"))
		case f&fSlot != 0:
			m.Choice = uint8(rapid.IntRange(0, MaxTokensPerCard-1).Draw(t, "choice"))
		}
		if err := m.wellFormed(); err != nil {
			t.Fatalf("the generator made %#v: %v", m, err)
		}
		if back, err := ParseMove(m.String()); err != nil || back != m {
			t.Fatalf("%#v prints %q, which reads as %#v (%v)", m, m.String(), back, err)
		}
	})
}

// FuzzParseMove: ParseMove never panics; what it reads is a well-formed move whose text reads back
// to it, and what it refuses is an error wrapping ErrBadValue.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"bid red", "play 32 Captain", "place at L2 x-1", "pick token 1 on 12",
		"paint the circle at L3 x0 green", "take 15 points", "keep 2 in the hand", "play no card",
		"take a {color} gem", "", "place at L x", "choose option 300"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			if !errors.Is(err, ErrBadValue) {
				t.Fatalf("ParseMove(%q): %v does not wrap ErrBadValue", s, err)
			}
			return
		}
		if err := m.wellFormed(); err != nil {
			t.Fatalf("ParseMove(%q) = %#v, not well formed: %v", s, m, err)
		}
		if back, err := ParseMove(m.String()); err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %#v, printed %q, read back as %#v (%v)", s, m, m.String(), back, err)
		}
	})
}

func TestGameString(t *testing.T) {
	g, err := NewGame(Config{Players: 2, Virtual: 1, Edition: FirstEdition, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	want := "2 players and 1 virtual opponent, first edition: setup; player 0 (choosing starting cards) and player 1 (choosing starting cards) to move"
	if got := g.String(); got != want {
		t.Errorf("a new game prints\n%q, want\n%q", got, want)
	}
	a := atFirstAuction(t, 3, SecondEdition)
	if got, want := a.String(), "3 players, second edition: turn 1, auction round 1; "; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "(bidding) to move") {
		t.Errorf("at the first auction: %q", got)
	}
	over := randomGame(t, Config{Players: 1, Virtual: 1, Seed: 2}, 2)
	if got := over.String(); got != "1 player and 1 virtual opponent, second edition: over" {
		t.Errorf("a solo game over: %q", got)
	}
	over = randomGame(t, Config{Players: 2, Seed: 2}, 2)
	if got := over.String(); !strings.HasPrefix(got, "2 players, second edition: over, won by player ") {
		t.Errorf("a game over: %q", got)
	}
	if got := (Game{}).String(); !strings.Contains(got, "zero Game") {
		t.Errorf("the zero Game: %q", got)
	}
	if n := len(a.String()); n > 200 {
		t.Errorf("a game prints %d characters; a summary should be short", n)
	}
}

// A record's text form reads back to the same record, and replays to the same game; comments and
// blank lines are skipped.
func TestRecordText(t *testing.T) {
	for i, cfg := range []Config{{Players: 2, Seed: 5}, {Players: 1, Virtual: 1, Seed: 6},
		{Players: 3, Virtual: 1, Edition: FirstEdition, Seed: 1 << 63}, {Players: 4, Seed: 8}} {
		rec, g := randomRecord(t, cfg, uint64(i))
		text, err := rec.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Record
		if err := back.UnmarshalText(text); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(rec, back); diff != "" {
			t.Fatalf("record through text (-want +got):\n%s", diff)
		}
		if replayed, err := Replay(back); err != nil || replayed != g {
			t.Fatalf("the record read from text replays differently (%v)", err)
		}
	}
	in := "# a bug report\nversion 1\nplayers 2\nvirtual 0\nedition second\nseed 5\n\n# the first move\n0: keep 59 in the pyramid\n"
	var rec Record
	if err := rec.UnmarshalText([]byte(in)); err != nil {
		t.Fatal(err)
	}
	want := Record{Version: 1, Config: Config{Players: 2, Seed: 5}, Moves: []PlayerMove{{0, Move{Kind: KeepInPyramid, Card: 59}}}}
	if diff := cmp.Diff(want, rec); diff != "" {
		t.Errorf("a record with comments (-want +got):\n%s", diff)
	}
	text, err := want.MarshalText()
	if got := string(text); err != nil || !strings.HasSuffix(got, "\n0: keep "+CardID(59).String()+" in the pyramid\n") || !strings.HasPrefix(got, "version 1\n") {
		t.Errorf("the text form:\n%s", got)
	}
}

func TestRecordTextRejects(t *testing.T) {
	head := "version 1\nplayers 2\nvirtual 0\nedition second\nseed 5\n"
	for _, in := range []string{
		"players 2\nvirtual 0\nedition second\nseed 5\n", // no version
		"",
		"version 1\nplayers 2\nvirtual 0\nedition second\n",
		"version 1\nplayers 2\nedition second\nvirtual 0\nseed 5\n",
		"version x\nplayers 2\nvirtual 0\nedition second\nseed 5\n",
		"version 1\nplayers 2\nvirtual 0\nedition third\nseed 5\n",
		"version 1\nplayers 2\nvirtual 0\nedition second\nseed -5\n",
		head + "0 keep 59 in the pyramid\n",
		head + "x: pass\n",
		head + "0: fly\n",
	} {
		var r Record
		err := r.UnmarshalText([]byte(in))
		if !errors.Is(err, ErrBadValue) {
			t.Errorf("%q read as %+v (error %v)", in, r, err)
		}
		if !strings.HasPrefix(in, "version") && !errors.Is(err, ErrVersion) {
			t.Errorf("%q without a version: %v does not wrap ErrVersion", in, err)
		}
	}
	bad := newRecord(Config{Players: 2})
	bad.Moves = append(bad.Moves, PlayerMove{0, Move{Kind: Pass, Card: 3}})
	if _, err := bad.MarshalText(); !errors.Is(err, ErrBadValue) {
		t.Errorf("a record with an ill-formed move marshals to text: %v", err)
	}
	// The JSON form is unaffected by the text form.
	b, err := json.Marshal(newRecord(Config{Players: 2, Seed: 1}))
	if want := `{"version":2,"config":{"players":2,"virtual":0,"edition":"second","seed":1},"moves":[]}`; err != nil || string(b) != want {
		t.Errorf("a record's JSON: %s (%v), want %s", b, err, want)
	}
}
