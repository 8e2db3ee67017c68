package viceroy

import (
	"slices"
	"testing"
)

// TestAppendPaintMovesAsTheGeneralWay holds appendPaintMoves, which lists only the finish for an
// empty screen and counts a circle's cost with sectorsNot, to the general way: a Paint move for
// each unpainted circle and colour whose PaintCost is not zero and is on the screen, then
// PaintBest when there is one, then FinishPainting. It checks every painting decision of random
// games, with the screen as it is and replaced by none, one and three gems of each colour and by
// gems of one colour only.
func TestAppendPaintMovesAsTheGeneralWay(t *testing.T) {
	screens := []Gems{{}, {1, 1, 1, 1}, {3, 3, 3, 3}, {0, 0, 4, 0}, {2, 0, 0, 1}}
	checked := 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, _ []Move) {
		if g.phase != phasePainting {
			return
		}
		h := *g
		for _, s := range append([]Gems{g.screen[p]}, screens...) {
			h.screen[p] = s
			var want []Move
			for _, c := range h.pyr[p].Circles() {
				if h.painted(c) {
					continue
				}
				for _, col := range Colors {
					if need := PaintCost(c, col)[col]; need > 0 && s[col] >= need {
						want = append(want, Move{Kind: Paint, At: c.Top, Color: col})
					}
				}
			}
			if len(want) > 0 {
				want = append(want, Move{Kind: PaintBest})
			}
			want = append(want, Move{Kind: FinishPainting})
			if got := h.appendPaintMoves(nil, p); !slices.Equal(got, want) {
				t.Fatalf("%+v: player %v, screen %v: appendPaintMoves = %v, want %v", cfg, p, s, got, want)
			}
			checked++
		}
	})
	if checked == 0 {
		t.Fatal("no painting decision was checked")
	}
}

// TestPaintableAsCanPayPainting holds paintable, which answers for the four colours at once, to
// canPayPainting colour by colour, for every circle of four sectors drawn from the colours and
// values no card has, and screens of none to all the gems of a colour.
func TestPaintableAsCanPayPainting(t *testing.T) {
	values := []Color{Blue, Red, Green, Yellow, NumColors, 0xff}
	amounts := []uint8{0, 1, 2, 3, 4, GemsPerColor}
	var g Game
	for _, a := range values {
		for _, b := range values {
			for _, c := range values {
				for _, d := range values {
					circle := Circle{Sectors: [4]Color{a, b, c, d}}
					for _, x := range amounts {
						for _, y := range amounts {
							g.screen[0] = Gems{x, y, GemsPerColor - x, 4 - y%5}
							got := paintable(circle, gemWord(g.screen[0]))
							for _, col := range Colors {
								want := g.canPayPainting(0, circle, col)
								if has := got>>(8*col+7)&1 == 1; has != want {
									t.Fatalf("sectors %v, screen %v, colour %v: paintable says %v, canPayPainting %v",
										circle.Sectors, g.screen[0], col, has, want)
								}
							}
						}
					}
				}
			}
		}
	}
}
