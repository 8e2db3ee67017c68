package viceroy

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var update = flag.Bool("update", false, "write anew what tests check against: the golden records of testdata/records, value_fits.go")

// goldenConfigs are the games kept as golden records, one of each edition.
var goldenConfigs = []Config{
	{Players: 3, Virtual: 1, Edition: FirstEdition, Seed: 2026},
	{Players: 4, Seed: 17},
}

// goldenResult sums up a finished game for a golden record: its summary and every score sheet.
func goldenResult(g Game) string {
	lines := []string{"# result: " + g.String()}
	for _, s := range g.Scores() {
		lines = append(lines, fmt.Sprintf("# %v: circles %d, infinite gems %d, laws %d, power points %d, magic %d, sets %d, attacks %d, total %d",
			s.Player, s.Circles, s.InfiniteGems, s.Laws, s.PowerPoints, s.Magic, s.Sets, s.Attacks, s.Total))
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestGoldenRecords replays the golden records of testdata/records, random games kept as text with
// their result, and checks that they still end the same way. A record replays only in the
// RulesVersion that made it: if this test fails, the decisions a game asks have changed, so
// RulesVersion must grow, and the golden records be written anew with
// "go test -run TestGoldenRecords -update".
func TestGoldenRecords(t *testing.T) {
	for _, cfg := range goldenConfigs {
		name := filepath.Join("testdata", "records", fmt.Sprintf("%d+%d-%s-%d.txt", cfg.Players, cfg.Virtual,
			strings.Fields(cfg.Edition.String())[0], cfg.Seed))
		if *update {
			rec, g := randomRecord(t, cfg, cfg.Seed)
			text, err := rec.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, append(text, goldenResult(g)...), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var rec Record
		if err := rec.UnmarshalText(b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, err := Replay(rec)
		if err != nil {
			t.Fatalf("%s no longer replays (%v): if the decisions changed, RulesVersion must grow; then run go test -run TestGoldenRecords -update", name, err)
		}
		_, want, _ := strings.Cut(string(b), "# result: ")
		if got := goldenResult(g); !g.Over() || got != "# result: "+want {
			t.Errorf("%s ends differently: if the rules changed, RulesVersion must grow; then run go test -run TestGoldenRecords -update\ngot:\n%swant:\n# result: %s", name, got, want)
		}
	}
}

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
					m.Choice = uint8(edgeBytes[int(c)%len(edgeBytes)])
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
					m.Choice = uint8(c)
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

// clip shortens s for a failure message: a fuzzing worker that writes a long one can stall.
func clip(s string) string {
	if len(s) > 400 {
		return s[:200] + " ... " + s[len(s)-200:]
	}
	return s
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

// checkReplays holds Replay and ReplayHistory of r to the fuzzers' property (see above): they
// fail alike, with an error wrapping a sentinel, or give the same game and the History's record
// is r. It reports whether r replays.
func checkReplays(t *testing.T, r Record) bool {
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
		return false
	case h.Game() != g:
		t.Fatalf("ReplayHistory gives another game than Replay")
	case !sameRecord(h.Record(), r):
		t.Fatalf("the History's record differs from the record replayed: %s", clip(cmp.Diff(r, h.Record(), cmpopts.EquateEmpty())))
	}
	return true
}

// checkRoundTrip: r, a record read from the input or one that replays, writes in form and reads
// back equal (and so replays alike).
func checkRoundTrip(t *testing.T, r Record, form recordForm) {
	t.Helper()
	out, err := form.write(r)
	if err != nil {
		t.Fatalf("a record that was read, or that replays, does not write: %v", err)
	}
	var back Record
	if err := form.read(out, &back); err != nil || !sameRecord(back, r) {
		t.Fatalf("a record writes %q, which reads back as another record (%v)", clip(string(out)), err)
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
	// The seeds: the start of every real record, with no change and with a few. The whole record
	// is changed through ops; as fuzzed bytes it would be too long: the fuzzing engine shrinks
	// every new input, trying some n² shorter ones for n bytes, and would spend its time there.
	for i, r := range records {
		start, err := form.write(mutateRecord(r, []byte{5, 4, 0, 0}))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(start, uint8(i), []byte{})
		f.Add(start, uint8(i), []byte{2, 7, 0, 0, 4, 10, 11, 0})
		f.Add([]byte{}, uint8(i), []byte{0, 1, 11, 0, 8, 40, 0, 14, 6, 3, 0, 0})
	}
	f.Fuzz(func(t *testing.T, b []byte, which uint8, ops []byte) {
		checkRecordInput(t, form, records, b, which, ops)
	})
}

// checkRecordInput is the property of the record fuzzers for one input: b read in form, and the
// real record records[which] changed by ops.
func checkRecordInput(t *testing.T, form recordForm, records []Record, b []byte, which uint8, ops []byte) {
	var r Record
	if err := form.read(b, &r); err == nil {
		checkRoundTrip(t, r, form)
		checkReplays(t, r)
	} else if !errors.Is(err, form.sentinel) && (form.sentinel != ErrBadJSON || json.Valid(b)) {
		// (encoding/json reports bad syntax itself, before the record's decoder sees it.)
		t.Fatalf("reading %q: %v does not wrap %v", clip(string(b)), err, form.sentinel)
	}
	if len(ops) < 4 {
		return // the real records as they are are the seeds' (and every other test's)
	}
	// The changed record depends only on which and ops, and checking it costs a whole game's
	// replay and written form. While the fuzzing engine shrinks an input it runs thousands that
	// differ only in b: the (which, ops) checked last, which passed, is not checked again.
	key := form.name + string([]byte{which}) + string(ops)
	lastChanged.Lock()
	same := lastChanged.key == key
	lastChanged.Unlock()
	if same {
		return
	}
	m := mutateRecord(records[int(which)%len(records)], ops)
	if checkReplays(t, m) {
		checkRoundTrip(t, m, form)
	} else if out, err := form.write(m); err != nil && !wrapsSentinel(err) {
		t.Fatalf("writing a record: %v wraps none of the package's errors", err)
	} else if err == nil {
		// It writes, so it reads back, as the same record, which does not replay either.
		var back Record
		if err := form.read(out, &back); err != nil || !sameRecord(back, m) {
			t.Fatalf("a record writes %q, which reads back as another record (%v)", clip(string(out)), err)
		}
	}
	lastChanged.Lock()
	lastChanged.key = key
	lastChanged.Unlock()
}

// lastChanged is the form, which and ops of the last changed record that passed
// checkRecordInput.
var lastChanged struct {
	sync.Mutex
	key string
}

// FuzzRecordJSONMutated: records in JSON, changed as bytes and in their structure.
func FuzzRecordJSONMutated(f *testing.F) { fuzzRecords(f, jsonForm) }

// FuzzRecordTextMutated: records in their text form, changed as bytes and in their structure.
func FuzzRecordTextMutated(f *testing.F) { fuzzRecords(f, textForm) }
