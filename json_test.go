package viceroy

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestMoveJSONShape(t *testing.T) {
	tests := []struct {
		m    Move
		want string
	}{
		{Move{Kind: Bid, Color: Red}, `{"kind":"bid","color":"red"}`},
		{Move{Kind: Pass}, `{"kind":"pass"}`},
		{Move{Kind: Play, Card: 32}, `{"kind":"play","card":32}`},
		{Move{Kind: PlaceCard, At: Place{2, -1}}, `{"kind":"place","at":{"level":2,"col":-1}}`},
		{Move{Kind: Draw, Choice: LawDeck}, `{"kind":"draw","deck":"law"}`},
		{Move{Kind: Draw, Choice: SmallDeck}, `{"kind":"draw","deck":"small"}`},
		{Move{Kind: TakeReward, Choice: FifteenPoints}, `{"kind":"take-reward","reward":"15-points"}`},
		{Move{Kind: ChooseOption, Choice: 2}, `{"kind":"choose-option","option":2}`},
		{Move{Kind: PickToken, Card: 12, Choice: 1}, `{"kind":"pick-token","card":12,"slot":1}`},
		{Move{Kind: Paint, At: Place{3, 0}, Color: Yellow}, `{"kind":"paint","color":"yellow","at":{"level":3,"col":0}}`},
	}
	for _, tc := range tests {
		b, err := json.Marshal(tc.m)
		if err != nil {
			t.Fatalf("%v: %v", tc.m, err)
		}
		if string(b) != tc.want {
			t.Errorf("%v: %s, want %s", tc.m, b, tc.want)
		}
		var back Move
		if err := json.Unmarshal(b, &back); err != nil || back != tc.m {
			t.Errorf("%s: back to %v, %v", b, back, err)
		}
	}
}

func TestMoveJSONRejects(t *testing.T) {
	for _, in := range []string{
		``, `null`, `[]`, `{}`, `{"kind":"fly"}`, `{"kind":"bid"}`, `{"kind":"bid","color":"purple"}`,
		`{"kind":"bid","color":"red","card":3}`, `{"kind":"pass","color":"red"}`,
		`{"kind":"draw","deck":"big"}`, `{"kind":"take-reward","reward":"all"}`,
		`{"kind":"place","at":{"level":"2"}}`, `{"kind":"play","card":300}`, `{"kind":"play","card":-1}`,
		`{"kind":"pick-token","card":3}`, `{"kind":"none"}`,
		`{"kind":"bid","color":"red","extra":1}`, `{"kind":"bid","colour":"red"}`,
		`{"kind":"place","at":{"level":2,"col":0,"row":1}}`,
	} {
		var m Move
		err := json.Unmarshal([]byte(in), &m)
		var syntax *json.SyntaxError
		if !errors.Is(err, ErrBadJSON) && !errors.As(err, &syntax) { // encoding/json checks the syntax first
			t.Errorf("%s decoded to %v (error %v)", in, m, err)
		}
	}
	// A Move that is not well formed has no JSON form: written, it would read back as another move.
	for _, m := range []Move{
		{}, {Kind: numMoveKinds}, {Kind: Bid, Color: Red, Card: 3}, {Kind: Pass, Color: Red},
		{Kind: Draw, Choice: 7}, {Kind: TakeReward, Choice: 2}, {Kind: Play, Card: NumCards + 1},
		{Kind: PlaceCard, At: Place{2, 0}, Choice: 1}, {Kind: Bid, Color: 9},
	} {
		if b, err := json.Marshal(m); !errors.Is(err, ErrBadValue) {
			t.Errorf("%#v marshalled to %s (error %v)", m, b, err)
		}
	}
}

// A misspelt or unknown key anywhere in a record or a tableau is refused, not read as zero: a
// record with a misspelt seed would replay another game.
func TestJSONRefusesUnknownKeys(t *testing.T) {
	for _, in := range []string{
		`{"config":{"players":2,"sed":5},"moves":[]}`,
		`{"config":{"players":2},"moves":[{"player":0,"mvoe":{"kind":"pass"}}]}`,
		`{"config":{"players":2},"moves":[],"comment":"x"}`,
	} {
		var r Record
		if err := json.Unmarshal([]byte(in), &r); !errors.Is(err, ErrBadJSON) {
			t.Errorf("record %s decoded to %+v (error %v)", in, r, err)
		}
	}
	for _, in := range []string{
		`{"cards":[{"card":1,"at":{"level":1,"col":0}}],"tuckd":[]}`,
		`{"cards":[{"card":1,"at":{"level":1,"col":0},"token":[]}]}`,
		`{"cards":[{"card":72,"at":{"level":1,"col":0}}],"tucked":[{"card":3,"undr":72}]}`,
	} {
		var tab Tableau
		if err := json.Unmarshal([]byte(in), &tab); !errors.Is(err, ErrBadJSON) {
			t.Errorf("tableau %s decoded (error %v)", in, err)
		}
	}
	var tok Token
	if err := json.Unmarshal([]byte(`{"kind":"points","valu":3}`), &tok); !errors.Is(err, ErrBadJSON) {
		t.Errorf("token with a misspelt value decoded to %v (error %v)", tok, err)
	}
	// The message names the field, once, without repeating the package's prefix.
	var m Move
	err := json.Unmarshal([]byte(`{"kind":"bid","colour":"red"}`), &m)
	if err == nil || !strings.Contains(err.Error(), `"colour"`) || strings.Count(err.Error(), "viceroy:") != 1 {
		t.Errorf("error for a misspelt key: %v", err)
	}
	err = json.Unmarshal([]byte(`{"kind":"bid","color":"purple"}`), &m)
	if err == nil || strings.Count(err.Error(), "viceroy:") != 1 || !strings.Contains(err.Error(), "purple") {
		t.Errorf("error for an unknown colour: %v", err)
	}
}

func TestConfigAndGemsJSON(t *testing.T) {
	cfg := Config{Players: 3, Virtual: 1, Edition: FirstEdition, Seed: 7}
	b, _ := json.Marshal(cfg)
	if want := `{"players":3,"virtual":1,"edition":"first","seed":7}`; string(b) != want {
		t.Errorf("config: %s, want %s", b, want)
	}
	var back Config
	if err := json.Unmarshal(b, &back); err != nil || back != cfg {
		t.Errorf("config back: %+v %v", back, err)
	}
	g := Gems{1, 0, 3, 2}
	b, _ = json.Marshal(g)
	var gb Gems
	if err := json.Unmarshal(b, &gb); err != nil || gb != g {
		t.Errorf("gems %s back: %v %v", b, gb, err)
	}
	if err := json.Unmarshal([]byte(`{"pink":1}`), &gb); err == nil {
		t.Error("unknown colour accepted")
	}
}

// TestRecordReplay plays random games and checks that every move survives JSON unchanged, and that
// the record, itself through JSON, replays to the identical game.
func TestRecordReplay(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		cfg := Config{Players: 2 + int(seed%3), Edition: Edition(seed % 2), Seed: seed}
		rec, g := randomRecord(t, cfg, seed)
		for _, pm := range rec.Moves {
			b, err := json.Marshal(pm.Move)
			if err != nil {
				t.Fatal(err)
			}
			var back Move
			if err := json.Unmarshal(b, &back); err != nil || back != pm.Move {
				t.Fatalf("%v through JSON %s: %v, %v", pm.Move, b, back, err)
			}
		}
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		var rec2 Record
		if err := json.Unmarshal(b, &rec2); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(rec, rec2); diff != "" {
			t.Fatalf("record through JSON (-want +got):\n%s", diff)
		}
		replayed, err := Replay(rec2)
		if err != nil {
			t.Fatal(err)
		}
		if replayed != g {
			t.Fatalf("seed %d: the replayed game differs", seed)
		}
	}
}

func TestReplayRejectsBadRecord(t *testing.T) {
	rec := newRecord(Config{Players: 2})
	rec.Moves = []PlayerMove{{0, Move{Kind: Bid, Color: Red}}}
	if _, err := Replay(rec); !errors.Is(err, ErrIllegalMove) {
		t.Fatalf("a bid during setup: %v", err)
	}
	if _, err := Replay(newRecord(Config{Players: 9})); !errors.Is(err, ErrBadConfig) {
		t.Fatalf("9 players: %v", err)
	}
}

// A record of another rules version, or of none, is refused with ErrVersion, never replayed as
// another game; a record read from JSON without a version is refused as it is read.
func TestReplayRefusesOtherVersion(t *testing.T) {
	rec, _ := randomRecord(t, Config{Players: 2, Seed: 3}, 3)
	for _, v := range []int{0, RulesVersion - 1, RulesVersion + 1} {
		old := rec
		old.Version = v
		if _, err := Replay(old); !errors.Is(err, ErrVersion) {
			t.Errorf("version %d replayed (error %v)", v, err)
		}
	}
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	noVersion := strings.Replace(string(b), fmt.Sprintf(`"version":%d,`, RulesVersion), "", 1)
	err = json.Unmarshal([]byte(noVersion), &back)
	if !errors.Is(err, ErrVersion) || !errors.Is(err, ErrBadJSON) {
		t.Errorf("a record without a version: %v, want ErrBadJSON and ErrVersion", err)
	}
	otherVersion := strings.Replace(string(b), fmt.Sprintf(`"version":%d,`, RulesVersion), `"version":7,`, 1)
	if err := json.Unmarshal([]byte(otherVersion), &back); err != nil {
		t.Fatalf("a record of version 7 does not decode: %v", err)
	}
	if _, err := Replay(back); !errors.Is(err, ErrVersion) || !strings.Contains(err.Error(), "7") {
		t.Errorf("a record of version 7 replays: %v", err)
	}
}

// Every key the writer writes is required: a config without players, or a record whose config has
// no seed, is refused rather than read as zero.
func TestJSONRequiresKeys(t *testing.T) {
	for _, in := range []string{
		`{"players":2}`,
		`{"virtual":0,"edition":"second","seed":7}`,
		`{"players":2,"edition":"second","seed":7}`,
		`{"players":2,"virtual":0,"seed":7}`,
		`{"players":2,"virtual":0,"edition":"second"}`,
		`{"players":null,"virtual":0,"edition":"second","seed":7}`,
	} {
		var c Config
		if err := json.Unmarshal([]byte(in), &c); !errors.Is(err, ErrBadJSON) {
			t.Errorf("config %s decoded to %+v (error %v)", in, c, err)
		}
	}
	for _, in := range []string{
		`{"version":1,"config":{"players":2,"virtual":0,"edition":"second"},"moves":[]}`,
		`{"version":1,"moves":[]}`,
		`{"version":1,"config":{"players":2,"virtual":0,"edition":"second","seed":7}}`,
		`{"version":1,"config":{"players":2,"virtual":0,"edition":"second","seed":7},"moves":null}`,
		`{"version":1,"config":{"players":2,"virtual":0,"edition":"second","seed":7},"moves":[{"move":{"kind":"pass"}}]}`,
		`{"version":1,"config":{"players":2,"virtual":0,"edition":"second","seed":7},"moves":[{"player":0}]}`,
	} {
		var r Record
		if err := json.Unmarshal([]byte(in), &r); !errors.Is(err, ErrBadJSON) {
			t.Errorf("record %s decoded to %+v (error %v)", in, r, err)
		}
	}
	for _, in := range []string{`{"level":2}`, `{"col":0}`} {
		var p Place
		if err := json.Unmarshal([]byte(in), &p); !errors.Is(err, ErrBadJSON) {
			t.Errorf("place %s decoded to %v (error %v)", in, p, err)
		}
	}
	var g Gems
	if err := json.Unmarshal([]byte(`{"blue":1,"red":0,"green":2}`), &g); !errors.Is(err, ErrBadJSON) {
		t.Errorf("gems without yellow decoded to %v (error %v)", g, err)
	}
	var m Move
	if err := json.Unmarshal([]byte(`{"color":"red"}`), &m); !errors.Is(err, ErrBadJSON) || !strings.Contains(err.Error(), `"kind"`) {
		t.Errorf("a move without a kind: %v", err)
	}
}

// A Game has no JSON form: marshalling it is an error that points to Record and View, and decoding
// into one is an error too.
func TestGameHasNoJSON(t *testing.T) {
	g, err := NewGame(Config{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []any{g, &g, struct{ G Game }{g}} {
		b, err := json.Marshal(v)
		if !errors.Is(err, ErrBadValue) || !strings.Contains(err.Error(), "Record") || !strings.Contains(err.Error(), "View") {
			t.Errorf("json.Marshal(%T) = %s, %v", v, b, err)
		}
	}
	before := g
	if err := json.Unmarshal([]byte(`{}`), &g); !errors.Is(err, ErrBadJSON) || g != before {
		t.Errorf("json.Unmarshal into a Game: %v", err)
	}
}

// FuzzMoveJSON: decoding arbitrary bytes never panics, and whatever decodes encodes back to the
// same move.
func FuzzMoveJSON(f *testing.F) {
	for _, s := range []string{`{"kind":"bid","color":"red"}`, `{"kind":"place","at":{"level":2,"col":-1}}`,
		`{"kind":"draw","deck":"law"}`, `{"kind":"pick-token","card":12,"slot":1}`, `{}`, `[`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var m Move
		if err := json.Unmarshal(b, &m); err != nil {
			return
		}
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("%s decoded to %v, which does not encode: %v", b, m, err)
		}
		var back Move
		if err := json.Unmarshal(out, &back); err != nil || back != m {
			t.Fatalf("%s: %v -> %s -> %v (%v)", b, m, out, back, err)
		}
	})
}

// FuzzRecordJSON: decoding arbitrary bytes as a record never panics, and replaying whatever
// decodes either fails with an error or gives a game that replays the same way twice; a record
// that replays encodes and decodes back to itself. Besides small hand-written records, the seeds
// are the records of real games cut at several lengths, so that mutations reach deep decisions.
func FuzzRecordJSON(f *testing.F) {
	f.Add([]byte(`{"version":2,"config":{"players":2,"virtual":0,"edition":"second","seed":1},"moves":[{"player":0,"move":{"kind":"keep-in-pyramid","card":5}}]}`))
	f.Add([]byte(`{"version":2,"config":{"players":1,"virtual":1,"edition":"first","seed":9},"moves":[]}`))
	f.Add([]byte(`{"version":1,"config":{"players":9},"moves":null}`))
	for _, cfg := range []Config{{Players: 2, Seed: 5}, {Players: 1, Virtual: 1, Seed: 6}, {Players: 3, Virtual: 1, Edition: FirstEdition, Seed: 7}} {
		rec, _ := randomRecord(f, cfg, 7)
		for _, n := range []int{20, len(rec.Moves) / 2, len(rec.Moves)} {
			b, err := json.Marshal(Record{Version: rec.Version, Config: rec.Config, Moves: rec.Moves[:n]})
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var rec Record
		if err := json.Unmarshal(b, &rec); err != nil {
			return
		}
		g1, err1 := Replay(rec)
		g2, err2 := Replay(rec)
		if (err1 == nil) != (err2 == nil) || g1 != g2 {
			t.Fatalf("replaying %s twice gave different results", b)
		}
		if err1 != nil {
			return
		}
		out, err := json.Marshal(rec)
		if err != nil {
			t.Fatalf("%s replays but does not encode: %v", b, err)
		}
		var back Record
		if err := json.Unmarshal(out, &back); err != nil || !cmp.Equal(back, rec, cmpopts.EquateEmpty()) {
			t.Fatalf("%s -> %s -> a different record (%v)", b, out, err)
		}
	})
}

// randomRecord plays a whole game of cfg, each move by a player drawn from those to move and drawn
// from their legal moves with a PRNG seeded with seed, and returns its record and the game.
func randomRecord(tb testing.TB, cfg Config, seed uint64) (Record, Game) {
	g, err := NewGame(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	rec := newRecord(cfg)
	r := rand.New(rand.NewPCG(seed, 8))
	for !g.Over() {
		who := g.ToMove()
		p := who[r.IntN(len(who))]
		moves := g.Legal(p)
		m := moves[r.IntN(len(moves))]
		rec.Moves = append(rec.Moves, PlayerMove{Player: p, Move: m})
		if g, err = g.Apply(p, m); err != nil {
			tb.Fatal(err)
		}
	}
	return rec, g
}

// FuzzTableauJSON: decoding arbitrary bytes as a tableau never panics, and a tableau that decodes
// is legal and encodes back to the same tableau.
func FuzzTableauJSON(f *testing.F) {
	f.Add([]byte(`{"cards":[{"card":9,"at":{"level":1,"col":0}},{"card":33,"at":{"level":1,"col":1}},{"card":53,"at":{"level":2,"col":0},"tokens":[{"kind":"points","value":5}],"infinite":"red","painted":"green"}],"parked":{}}`))
	f.Add([]byte(`{"cards":[{"card":76,"at":{"level":1,"col":0},"parked":{"red":2}},{"card":65,"at":{"level":1,"col":1},"parked":{"blue":1}}],"tucked":[{"card":3,"under":76}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var tab Tableau
		if err := json.Unmarshal(b, &tab); err != nil {
			return
		}
		if err := checkPyramidLegal(tab.Pyramid); err != nil {
			t.Fatalf("%s decoded to an illegal pyramid: %v", b, err)
		}
		out, err := json.Marshal(tab)
		if err != nil {
			t.Fatalf("%s decoded but does not encode: %v", b, err)
		}
		var back Tableau
		if err := json.Unmarshal(out, &back); err != nil || back != tab {
			t.Fatalf("%s -> %s -> different tableau (%v)", b, out, err)
		}
	})
}

// Values that name nothing return errors that wrap ErrBadValue; a card's holding marshals whether
// or not it has an infinite gem.
func TestBadValuesAndHoldingJSON(t *testing.T) {
	if _, err := parseColor("purple"); !errors.Is(err, ErrBadValue) {
		t.Errorf("ParseColor(purple): %v", err)
	}
	for _, tc := range []struct {
		k     TokenKind
		value int
		c     Color
	}{{PowerPoints, 0, 0}, {MagicBonus, 32, 0}, {CircleBonus, 1, 7}, {NoToken, 1, 0}} {
		if _, err := NewToken(tc.k, tc.value, tc.c); !errors.Is(err, ErrBadValue) {
			t.Errorf("NewToken(%v, %d, %d): %v", tc.k, tc.value, tc.c, err)
		}
	}
	var tab Tableau
	tab, _ = tab.Place(1, Place{1, 0})
	tab, _ = tab.Place(2, Place{1, 1})
	tab, _ = tab.PutInfinite(2, Green)
	for id, want := range map[CardID]Holding{1: {Card: 1}, 2: {Card: 2, Infinite: Green, HasGem: true}, 3: {Card: 3}} {
		h := tab.Holding(id)
		if !cmp.Equal(h, want, cmpopts.EquateEmpty()) {
			t.Errorf("Holding(%v) = %+v, want %+v", id, h, want)
		}
		if _, err := json.Marshal(h); err != nil {
			t.Errorf("Holding(%v) does not marshal: %v", id, err)
		}
	}
}

// decodable are the package's types that read JSON, each with a function that makes a new one.
var decodable = []func() any{
	func() any { return new(Event) }, func() any { return new(Token) },
	func() any { return new(PlayerMove) },
	func() any { return new(Place) }, func() any { return new(Gems) }, func() any { return new(Config) },
	func() any { return new(View) }, func() any { return new(Tableau) }, func() any { return new(Move) },
	func() any { return new(Record) }, func() any { return new(CardID) }, func() any { return new(Color) },
	func() any { return new(Phase) }, func() any { return new(Decision) },
}

// FuzzDecoders: every type of the package that reads JSON reads a JSON text either into a value
// that writes and reads back the same, or refuses it with an error wrapping a sentinel. The seeds are
// the JSON of real values of each type: events and views of a game, the catalogue, a record.
func FuzzDecoders(f *testing.F) {
	h, err := NewHistory(Config{Players: 3, Virtual: 1, Seed: 9})
	if err != nil {
		f.Fatal(err)
	}
	r := rand.New(rand.NewPCG(9, 9))
	var seeds []any
	for g := h.Game(); !g.Over(); g = h.Game() {
		who := g.ToMove()
		p := who[r.IntN(len(who))]
		moves := g.Legal(p)
		m := moves[r.IntN(len(moves))]
		if h.numEvents()%40 == 0 {
			v := g.View(p)
			seeds = append(seeds, v, v.Players[0].Tableau, m, PlayerMove{p, m}, v.Reserve, v.Config)
		}
		if err := h.Play(p, m); err != nil {
			f.Fatal(err)
		}
	}
	for _, e := range h.Log(0)[:40] {
		seeds = append(seeds, e)
	}
	for _, c := range slices.Concat(Cards()[50:58], Cards()[64:72]) {
		if c.ID.IsLaw() {
			seeds = append(seeds, c)
			continue
		}
		seeds = append(seeds, c, c.Rows[0].Reward, c.Rows[0].Reward[0])
	}
	tok, _ := NewToken(PowerPoints, 4, 0)
	seeds = append(seeds, h.Record(), Place{2, -1}, CardID(5), Red, PhaseAuction, ChooseBid,
		tok)
	for _, s := range seeds {
		b, err := json.Marshal(s)
		if err != nil {
			f.Fatal(err)
		}
		for k, make := range decodable {
			if reflect.TypeOf(make()).Elem() == reflect.TypeOf(s) {
				f.Add(uint8(k), b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, kind uint8, b []byte) {
		if !json.Valid(b) {
			return // encoding/json refuses it before any decoder of the package sees it
		}
		v := decodable[int(kind)%len(decodable)]()
		if err := json.Unmarshal(b, v); err != nil {
			var typeErr *json.UnmarshalTypeError
			if _, own := v.(json.Unmarshaler); !own && errors.As(err, &typeErr) {
				return // a type read from a JSON string only: encoding/json refuses any other value
			}
			if !wrapsSentinel(err) {
				t.Fatalf("%T: %v wraps no sentinel", v, err)
			}
			return
		}
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%T read %s but does not write: %v", v, b, err)
		}
		back := reflect.New(reflect.TypeOf(v).Elem()).Interface()
		if err := json.Unmarshal(out, back); err != nil {
			t.Fatalf("%T wrote %s, which does not read back: %v", v, out, err)
		}
		// An empty list and none are the same to every reader: the writer leaves both out.
		if diff := cmp.Diff(v, back, cmpopts.EquateEmpty(), cmp.Exporter(func(reflect.Type) bool { return true })); diff != "" {
			t.Fatalf("%T: %s, written %s, reads back otherwise (-read +read back):\n%s", v, b, out, diff)
		}
	})
}
