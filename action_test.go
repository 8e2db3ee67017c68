package viceroy

import (
	"os"
	"strings"
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

// TestActionKindsDocumented: the doc of Action.Kind, which is all a client has to go on, lists the
// name of every action kind a view can give.
func TestActionKindsDocumented(t *testing.T) {
	src, err := os.ReadFile("progress.go")
	if err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(string(src), "type Action struct {")
	fieldDoc, _, _ := strings.Cut(after, "\tKind ")
	for k := actKind(1); k < numActKinds; k++ {
		if !strings.Contains(fieldDoc, `"`+actionNames[k]+`"`) {
			t.Errorf("Action.Kind's doc does not list %q", actionNames[k])
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
