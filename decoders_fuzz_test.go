package viceroy

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// decodable are the package's types that read JSON, each with a function that makes a new one.
var decodable = []func() any{
	func() any { return new(Event) }, func() any { return new(Card) }, func() any { return new(Token) },
	func() any { return new(Reward) }, func() any { return new(RewardItem) }, func() any { return new(PlayerMove) },
	func() any { return new(Place) }, func() any { return new(Gems) }, func() any { return new(Config) },
	func() any { return new(View) }, func() any { return new(Tableau) }, func() any { return new(Move) },
	func() any { return new(Record) }, func() any { return new(CardID) }, func() any { return new(Color) },
	func() any { return new(Phase) }, func() any { return new(Step) }, func() any { return new(Decision) },
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
		if h.Len()%40 == 0 {
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
		if c.IsLaw() {
			seeds = append(seeds, c)
			continue
		}
		seeds = append(seeds, c, c.Rows[0].Reward, c.Rows[0].Reward[0])
	}
	tok, _ := NewToken(PowerPoints, 4, 0)
	seeds = append(seeds, h.Record(), Place{2, -1}, CardID(5), Red, PhaseAuction, StepClaims, ChooseBid,
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
