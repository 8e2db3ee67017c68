package viceroy

import "testing"

// TestSurelyLegalPlacesLaws checks that surelyLegal answers for the places of a law, which apply
// would otherwise look up in the list of legal moves, and answers exactly for the listed ones:
// TestSurelyLegalAgreesWithLegal holds every answer to the list, this test that the law's places
// are among the answers.
func TestSurelyLegalPlacesLaws(t *testing.T) {
	answered, listed := 0, 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.act.kind != actPlace || !g.act.card.IsLaw() {
			return
		}
		for _, m := range legal {
			if m.Kind != PlaceCard || g.act.card == lawSuccession {
				continue
			}
			listed++
			if !g.surelyLegal(p, &m) {
				t.Fatalf("%+v: surelyLegal(%v, %v) is false for a listed place of law %v", cfg, p, m, g.act.card)
			}
			answered++
		}
	})
	if listed == 0 {
		t.Error("no law was placed in the games played")
	}
	t.Logf("%d places of laws answered", answered)
}
