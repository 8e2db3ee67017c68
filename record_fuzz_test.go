package viceroy

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The record fuzzers start from the records of real games, of every mix of humans and virtual
// opponents in both editions, and change them in two ways: as bytes (the fuzzed input, decoded as
// a record), and in their structure (fuzzed numbers that set the config to boundary values, drop,
// duplicate, swap or cut moves, or set a move's fields to boundary values). Whatever comes of it,
// Replay and ReplayHistory never panic: they fail alike with an error wrapping one of the
// package's sentinels, or the game replays, and its record writes and reads back to the same
// record, which replays to the same game.

// realRecords returns the records of random games of every playable config (allMixes).
func realRecords(tb testing.TB) []Record {
	var out []Record
	for i, cfg := range allMixes(0) {
		cfg.Seed = uint64(i + 1)
		rec, _ := randomRecord(tb, cfg, uint64(i))
		out = append(out, rec)
	}
	return out
}

// Boundary values for the fields of a record and its moves.
var (
	edgeInts  = []int{-1, 0, 1, 2, 3, MaxPlayers, MaxPlayers + 1, RulesVersion, math.MinInt, math.MinInt + 1, math.MaxInt - 1, math.MaxInt}
	edgeSeeds = []uint64{0, 1, math.MaxInt64, math.MaxInt64 + 1, math.MaxUint64}
)

// mutateRecord changes r's structure as ops says, four bytes an operation (a kind and three
// numbers), and returns the new record; r is not changed.
func mutateRecord(r Record, ops []byte) Record {
	r.Moves = append([]PlayerMove(nil), r.Moves...)
	edge := func(b byte) int { return edgeInts[int(b)%len(edgeInts)] }
	index := func(b byte) int { return int(b) % (len(r.Moves) + 1) } // len(r.Moves) is past the end
	for ; len(ops) >= 4; ops = ops[4:] {
		op, a, b, c := ops[0]%12, ops[1], ops[2], ops[3]
		i, j := index(a), index(b)
		switch op {
		case 0: // a config field, or the version, to a boundary value
			v := edge(b)
			switch a % 5 {
			case 0:
				r.Config.Players = v
			case 1:
				r.Config.Virtual = v
			case 2:
				r.Config.Edition = Edition(c)
			case 3:
				r.Config.Seed = edgeSeeds[int(c)%len(edgeSeeds)]
			case 4:
				r.Version = v
			}
		case 1: // a config field to another's value
			vals := []int{r.Config.Players, r.Config.Virtual, int(r.Config.Edition), int(r.Config.Seed), r.Version, len(r.Moves)}
			v := vals[int(b)%len(vals)]
			switch a % 4 {
			case 0:
				r.Config.Players = v
			case 1:
				r.Config.Virtual = v
			case 2:
				r.Config.Edition = Edition(v)
			case 3:
				r.Version = v
			}
		case 2: // drop a move
			if i < len(r.Moves) {
				r.Moves = append(r.Moves[:i], r.Moves[i+1:]...)
			}
		case 3: // duplicate a move, next to itself or at j
			if i < len(r.Moves) {
				r.Moves = append(r.Moves[:j], append([]PlayerMove{r.Moves[i]}, r.Moves[j:]...)...)
			}
		case 4: // swap two moves
			if i < len(r.Moves) && j < len(r.Moves) {
				r.Moves[i], r.Moves[j] = r.Moves[j], r.Moves[i]
			}
		case 5: // cut the moves short
			r.Moves = r.Moves[:i]
		case 6: // a move's player
			if i < len(r.Moves) {
				r.Moves[i].Player = Player(edge(b))
			}
		case 7: // a move made by the player of another
			if i < len(r.Moves) && j < len(r.Moves) {
				r.Moves[i].Player = r.Moves[j].Player
			}
		case 8: // a move's field to a boundary value
			if i < len(r.Moves) {
				m := &r.Moves[i].Move
				switch b % 6 {
				case 0:
					m.Kind = MoveKind(edgeBytes[int(c)%len(edgeBytes)]) % (numMoveKinds + 2)
				case 1:
					m.Card = CardID(edgeBytes[int(c)%len(edgeBytes)])
				case 2:
					m.Color = Color(edgeBytes[int(c)%len(edgeBytes)])
				case 3:
					m.At.Level = edgeInt8s[int(c)%len(edgeInt8s)]
				case 4:
					m.At.Col = edgeInt8s[int(c)%len(edgeInt8s)]
				case 5:
					m.Choice = Choice(edgeBytes[int(c)%len(edgeBytes)])
				}
			}
		case 9: // a move's field to any value
			if i < len(r.Moves) {
				m := &r.Moves[i].Move
				switch b % 5 {
				case 0:
					m.Kind = MoveKind(c)
				case 1:
					m.Card = CardID(c)
				case 2:
					m.Color = Color(c)
				case 3:
					m.At = Place{int8(c) >> 4, int8(c<<4) >> 4}
				case 4:
					m.Choice = Choice(c)
				}
			}
		case 10: // a move replaced by another (the player kept)
			if i < len(r.Moves) && j < len(r.Moves) {
				r.Moves[i].Move = r.Moves[j].Move
			}
		case 11: // a move's field taken from another move's
			if i < len(r.Moves) && j < len(r.Moves) {
				m, o := &r.Moves[i].Move, r.Moves[j].Move
				switch c % 4 {
				case 0:
					m.Card = o.Card
				case 1:
					m.Color = o.Color
				case 2:
					m.At = o.At
				case 3:
					m.Choice = o.Choice
				}
			}
		}
	}
	return r
}

// sameRecord reports whether two records are equal, an empty and a nil list of moves alike (as
// cmp.Equal with EquateEmpty, without its cost on records of hundreds of moves).
func sameRecord(a, b Record) bool {
	return a.Version == b.Version && a.Config == b.Config && slices.Equal(a.Moves, b.Moves)
}

// wrapsSentinel reports whether err wraps one of the package's exported sentinel errors.
func wrapsSentinel(err error) bool {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// checkReplays holds Replay and ReplayHistory of r to the fuzzers' property (see above); form
// writes and reads a record in one of its forms.
func checkReplays(t *testing.T, r Record, form recordForm) {
	t.Helper()
	g, err := Replay(r)
	h, herr := ReplayHistory(r)
	switch {
	case (err == nil) != (herr == nil) || (err != nil && err.Error() != herr.Error()):
		t.Fatalf("Replay: %v; ReplayHistory: %v", err, herr)
	case err != nil:
		if !wrapsSentinel(err) {
			t.Fatalf("Replay: %v wraps none of the package's errors", err)
		}
		return
	case h.Game() != g:
		t.Fatalf("ReplayHistory gives another game than Replay")
	}
	back := h.Record()
	if !sameRecord(back, r) {
		t.Fatalf("the History's record differs from the record replayed: %s", cmp.Diff(r, back, cmpopts.EquateEmpty()))
	}
	out, err := form.write(back)
	if err != nil {
		t.Fatalf("a record that replays does not write: %v", err)
	}
	var again Record
	if err := form.read(out, &again); err != nil || !sameRecord(again, back) {
		t.Fatalf("a record that replays writes %q, which reads back as another record (%v)", out, err)
	}
	if g2, err := Replay(again); err != nil || g2 != g {
		t.Fatalf("the record read back replays to another game (%v)", err)
	}
}

// recordForm is one of the written forms of a record.
type recordForm struct {
	name  string
	write func(Record) ([]byte, error)
	read  func([]byte, *Record) error
	// sentinel is the error every refusal of read wraps, for input that is not a record.
	sentinel error
}

var (
	jsonForm = recordForm{"JSON", func(r Record) ([]byte, error) { return json.Marshal(r) },
		func(b []byte, r *Record) error { return json.Unmarshal(b, r) }, ErrBadJSON}
	textForm = recordForm{"text", Record.MarshalText, func(b []byte, r *Record) error { return r.UnmarshalText(b) }, ErrBadValue}
)

// fuzzRecords is the body of the record fuzzers of a form: b is read as a record of the form;
// the real record number which is changed by ops, written in the form and read back.
func fuzzRecords(f *testing.F, form recordForm) {
	records := realRecords(f)
	// The seeds: every real record whole and cut short, unchanged and with a few changes.
	for i, r := range records {
		b, err := form.write(r)
		if err != nil {
			f.Fatal(err)
		}
		cut, err := form.write(mutateRecord(r, []byte{5, 30, 0, 0}))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint8(i), []byte{})
		f.Add(cut, uint8(i), []byte{2, 7, 0, 0, 4, 10, 11, 0})
		f.Add([]byte{}, uint8(i), []byte{0, 1, 11, 0, 8, 40, 0, 14, 6, 3, 0, 0})
	}
	f.Fuzz(func(t *testing.T, b []byte, which uint8, ops []byte) {
		// The fuzzed bytes as a record.
		var r Record
		if err := form.read(b, &r); err == nil {
			checkReplays(t, r, form)
		} else if !errors.Is(err, form.sentinel) && (form.sentinel != ErrBadJSON || json.Valid(b)) {
			// (encoding/json reports bad syntax itself, before the record's decoder sees it.)
			t.Fatalf("reading %q: %v does not wrap %v", b, err, form.sentinel)
		}

		// A real record changed in its structure.
		m := mutateRecord(records[int(which)%len(records)], ops)
		out, err := form.write(m)
		if err != nil {
			if !wrapsSentinel(err) {
				t.Fatalf("writing a changed record: %v wraps none of the package's errors", err)
			}
			// A record without a written form (a move not well formed, a config that cannot be
			// played) does not replay either.
			if _, err := Replay(m); err == nil {
				t.Fatalf("a record that does not write (%v) replays", err)
			}
			if form.name == "text" {
				// Its text, as String writes it anyway, does not read.
				if err := r.UnmarshalText([]byte(m.String())); err == nil {
					t.Fatalf("%s: a record that does not write reads from its String", m.String())
				}
			}
			checkReplays(t, m, form)
			return
		}
		var back Record
		if err := form.read(out, &back); err != nil || !sameRecord(back, m) {
			t.Fatalf("a changed record writes %q, which reads back as another record (%v)", out, err)
		}
		checkReplays(t, back, form)
	})
}

// FuzzRecordJSONMutated: records in JSON, changed as bytes and in their structure.
func FuzzRecordJSONMutated(f *testing.F) { fuzzRecords(f, jsonForm) }

// FuzzRecordTextMutated: records in their text form, changed as bytes and in their structure.
func FuzzRecordTextMutated(f *testing.F) { fuzzRecords(f, textForm) }
