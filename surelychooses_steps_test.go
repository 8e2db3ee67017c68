package viceroy

import "testing"

// TestSurelyChoosesPaymentsAndColors holds surelyChooses to the list for a payment (the cost, or
// an infinite gem to use) and for the colour of an infinite gem: it counts those moves exactly,
// so it says true exactly when two or more are listed. A game at rest never shows such a decision
// with a single move (settle makes it), so each is also cut down and asked again: for a payment,
// with the screen emptied, the infinite gems used, or both; for a colour, with the reserve and
// the screen each emptied of every set of colours.
func TestSurelyChoosesPaymentsAndColors(t *testing.T) {
	asked := map[actKind]map[bool]int{actPay: {}, actInfColor: {}}
	check := func(g *Game, cfg Config, p Player) {
		t.Helper()
		legal := g.appendLegal(nil, p)
		sure := g.surelyChooses(p)
		if sure != (len(legal) >= 2) {
			t.Fatalf("%+v: action kind %d: surelyChooses(%v) = %v, but the legal moves are %v",
				cfg, g.act.kind, p, sure, legal)
		}
		asked[g.act.kind][sure]++
	}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.patron != 0 {
			return
		}
		switch g.act.kind {
		case actPay:
			for v := range 4 {
				h := *g
				if v&1 != 0 {
					h.screen[p] = Gems{}
				}
				if v&2 != 0 {
					for _, id := range h.pyr[p].cells[:h.pyr[p].size()] {
						h.on.useInfinite(id)
					}
				}
				check(&h, cfg, p)
			}
		case actInfColor:
			for keep := range 1 << (2 * NumColors) {
				h := *g
				for c := range NumColors {
					if keep&(1<<c) == 0 {
						h.reserve[c] = 0
					}
					if keep&(1<<(NumColors+c)) == 0 {
						h.screen[p][c] = 0
					}
				}
				check(&h, cfg, p)
			}
		}
	})
	for k, n := range asked {
		if n[true] == 0 || n[false] == 0 {
			t.Errorf("action kind %d: surelyChooses said true %d times, false %d times", k, n[true], n[false])
		}
	}
	t.Logf("asked: %v", asked)
}
