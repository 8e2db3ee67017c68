package viceroy

import "testing"

// TestPlayoutAllocatesNothing plays whole random 4-player games through the search loop
// (AppendToMove, AppendLegal, then Apply by value or Play in place) and requires that not one
// allocation is made, the end-game painting included. The games must ask for the best painting
// at least once, so that its move is measured too.
func TestPlayoutAllocatesNothing(t *testing.T) {
	for _, inPlace := range []bool{false, true} {
		var who [MaxPlayers]Player
		var buf [256]Move
		seed, paintBest := uint64(0), 0
		rng := uint64(7)
		allocs := testing.AllocsPerRun(20, func() {
			seed++
			g, err := NewGame(Config{Players: 4, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			for {
				toMove := g.AppendToMove(who[:0])
				if len(toMove) == 0 {
					break
				}
				moves := g.AppendLegal(buf[:0], toMove[0])
				rng += 0x9e3779b97f4a7c15
				m := moves[(rng>>33)%uint64(len(moves))]
				if m.Kind == PaintBest {
					paintBest++
				}
				if inPlace {
					err = g.Play(toMove[0], m)
				} else {
					g, err = g.Apply(toMove[0], m)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
		})
		if allocs != 0 {
			t.Errorf("in place %v: %v allocations a game, want 0", inPlace, allocs)
		}
		if paintBest == 0 {
			t.Errorf("in place %v: no game asked for the best painting", inPlace)
		}
	}
}
