package viceroy

import (
	"testing"

	"pgregory.net/rapid"
)

// TestHoldingCountCountsKinds holds the count of tokens of a kind (Tableau.Count, which compares
// a card's six slots at once) to counting the tokens a card holds one by one (Holding), for any
// tokens on a card: up to six, of any kind, value and colour a token can have (NewToken), put on
// it through Tableau.Put.
func TestHoldingCountCountsKinds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tab, err := Tableau{}.Place(12, Place{1, 0})
		if err != nil {
			t.Fatal(err)
		}
		for range rapid.IntRange(0, MaxTokensPerCard).Draw(t, "tokens") {
			k := TokenKind(rapid.IntRange(int(PowerPoints), int(CircleBonus)).Draw(t, "kind"))
			tok, err := NewToken(k, rapid.IntRange(0, 31).Draw(t, "value"), Color(rapid.IntRange(0, NumColors-1).Draw(t, "color")))
			if err != nil {
				continue
			}
			if tab, err = tab.Put(12, tok); err != nil {
				t.Fatalf("putting %v: %v", tok, err)
			}
		}
		toks := tab.Holding(12).Tokens
		for k := PowerPoints; k <= CircleBonus; k++ {
			want := 0
			for _, tok := range toks {
				if tok.Kind() == k {
					want++
				}
			}
			if got := tab.Count(k); got != want {
				t.Fatalf("%v: Count(%v) = %d, want %d", toks, k, got, want)
			}
		}
	})
}
