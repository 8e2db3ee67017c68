package viceroy

import (
	"slices"
	"testing"
)

// TestActionNamesComplete: every action kind has a name of its own, which reads back as that kind.
func TestActionNamesComplete(t *testing.T) {
	seen := map[string]actKind{}
	for k := range numActKinds {
		name := actionNames[k]
		if name == "" {
			t.Errorf("action kind %d has no name", k)
		}
		if other, dup := seen[name]; dup {
			t.Errorf("action kinds %d and %d are both named %q", other, k, name)
		}
		seen[name] = k
		if got := indexOf(actionNames[:], name); got != int(k) {
			t.Errorf("%q reads back as kind %d, not %d", name, got, k)
		}
	}
}

// documentedActionKinds are the action kinds Progress.State names (actionNames, action.go).
var documentedActionKinds = []string{"take", "gems", "draw", "place", "pay", "reward", "option",
	"infinite-color", "archive", "exile", "park", "put-back", "barter-own", "barter-other", "give",
	"duel", "auction-discard"}

// TestActionKindsDocumented: every action a view shows, at every decision of the games of the
// development and law tests (every mix) and for every player, is of a kind of this list; and the
// games show every kind it lists.
func TestActionKindsDocumented(t *testing.T) {
	seen := map[string]int{}
	atEveryDecisionOf(t, append(devGames, lawGames...), func(g *Game, cfg Config, _ Player, _ []Move) {
		for q := range Player(cfg.Players) {
			a := actionOf(g, q)
			if a == nil {
				continue
			}
			if !slices.Contains(documentedActionKinds, a.Kind) {
				t.Fatalf("%+v: %v's view shows an action of kind %q, which the list lacks", cfg, q, a.Kind)
			}
			seen[a.Kind]++
		}
	})
	for _, k := range documentedActionKinds {
		if seen[k] == 0 {
			t.Errorf("no view showed an action of kind %q", k)
		}
	}
}

// TestLawStepsNameTheirLaw: every step of a law names the law that opens it, and no other kind
// of action does.
func TestLawStepsNameTheirLaw(t *testing.T) {
	for k := range numActKinds {
		_, named := lawOfAction[k]
		if lawStep := k >= actOption && k <= actGive; named != lawStep {
			t.Errorf("action %q: names a law %v, is a law's step %v", actionNames[k], named, lawStep)
		}
	}
}
