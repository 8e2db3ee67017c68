package viceroy

import "testing"

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
