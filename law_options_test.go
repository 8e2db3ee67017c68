package viceroy

import "testing"

// TestHasLawOptionsMatchesTheMap holds hasLawOptions, which resolveLaw reads, to lawOptions for
// every card number.
func TestHasLawOptionsMatchesTheMap(t *testing.T) {
	for id := range CardID(NumCards + 1) {
		if _, want := lawOptions[id]; hasLawOptions[id] != want {
			t.Errorf("hasLawOptions[%d] = %v, want %v", id, hasLawOptions[id], want)
		}
	}
}
