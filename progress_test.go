package viceroy

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestSampleReadsOnlyItsState: Sample refuses, with ErrBadView, a view whose Progress.State is
// missing, of another format's version or not of the format; the view of an older version of the
// library, which wrote the step and the action in the progress, does not read (ErrBadJSON).
func TestSampleReadsOnlyItsState(t *testing.T) {
	v := viewWhere(t, func(v View) bool { return v.Progress.Acting >= 0 && v.Decision != NoDecision })
	if _, err := Sample(v, 1); err != nil {
		t.Fatalf("the real view: %v", err)
	}
	fields := strings.Fields(v.Progress.State)
	for _, state := range []string{"", "v0", "v2 " + strings.Join(fields[1:], " "), strings.Join(fields[:5], " "),
		v.Progress.State + " 0", "v1 nowhere" + strings.TrimPrefix(v.Progress.State, "v1 "+fields[1])} {
		w := v
		w.Progress.State = state
		if _, err := Sample(w, 1); !errors.Is(err, ErrBadView) {
			t.Errorf("state %q: %v, want ErrBadView", state, err)
		}
	}
	old := `{"progress":{"step":"bids","action":{"kind":"gems","player":0,"left":2}}}`
	var back View
	if err := json.Unmarshal([]byte(old), &back); !errors.Is(err, ErrBadJSON) {
		t.Errorf("a view of the older format: %v, want ErrBadJSON", err)
	}
}

// TestSampleAndBotsOnMutatedState: real views whose Progress.State has one of its fields set to
// another number or word are refused by Sample with a sentinel's error or give a game that shows
// the view and plays on; every bundled bot answers a legal move from them, and none panics.
func TestSampleAndBotsOnMutatedState(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		views := realViews()
		var v View
		if err := json.Unmarshal(views[rapid.IntRange(0, len(views)-1).Draw(t, "view")], &v); err != nil {
			t.Fatalf("a real view: %v", err)
		}
		f := strings.Fields(v.Progress.State)
		i := rapid.IntRange(0, len(f)-1).Draw(t, "field")
		f[i] = rapid.SampledFrom(append([]string{"none", "take", "gems", "pay", "duel", "bids", "claims",
			"resolution", "v1", "x"}, boundaryNumbers...)).Draw(t, "value")
		v.Progress.State = strings.Join(f, " ")
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		checkSampleOrRefusal(t, b, seed)
		chooseFromMutatedView(t, b, seed)
	})
}
