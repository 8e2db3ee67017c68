package viceroy

import (
	"testing"

	"pgregory.net/rapid"
)

// TestHoldingCountCountsKinds holds holding.count, which compares the six slots at once, to
// counting them one by one, for any bytes in the slots and every kind.
func TestHoldingCountCountsKinds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var h holding
		for i := range h.tokens {
			h.tokens[i] = Token(rapid.Byte().Draw(t, "token"))
		}
		for k := range TokenKind(8) {
			want := 0
			for _, tok := range h.tokens {
				if tok.Kind() == k {
					want++
				}
			}
			if got := h.count(k); got != want {
				t.Fatalf("%v: count(%v) = %d, want %d", h.tokens, k, got, want)
			}
		}
	})
}
