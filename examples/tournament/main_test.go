package main

import (
	"math"
	"strings"
	"testing"
)

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		s      float64
		n      int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{5, 10, 0.2366, 0.7634},
		{81, 263, 0.2553, 0.3662},
	} {
		lo, hi := wilson(tc.s, tc.n, 1.96)
		if math.Abs(lo-tc.lo) > 1e-3 || math.Abs(hi-tc.hi) > 1e-3 {
			t.Errorf("wilson(%v, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tc.s, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

// A tournament is the same for the same seed, however the games are spread over processors, and
// every game is counted once.
func TestDeterministic(t *testing.T) {
	tour := tournament{Games: 12, Players: 3, Bots: [2]string{"greedy", "random"}, Seed: 4}
	var outs [2]string
	for i := range outs {
		res, err := tour.run(func() {})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.wins[0] + res.wins[1] + res.draws; got != tour.Games {
			t.Errorf("%d outcomes for %d games", got, tour.Games)
		}
		if got := len(res.scores[0]) + len(res.scores[1]); got != tour.Games*tour.Players {
			t.Errorf("%d seat scores for %d games of %d players", got, tour.Games, tour.Players)
		}
		var b strings.Builder
		res.print(&b)
		outs[i] = b.String()
	}
	if outs[0] != outs[1] {
		t.Errorf("two runs differ:\n%s\n%s", outs[0], outs[1])
	}
}

func TestBadTournaments(t *testing.T) {
	for _, tour := range []tournament{
		{Games: 0, Players: 2, Bots: [2]string{"greedy", "random"}},
		{Games: 5, Players: 1, Bots: [2]string{"greedy", "random"}},
		{Games: 5, Players: 2, Bots: [2]string{"greedy", "genius"}},
	} {
		if _, err := tour.run(func() {}); err == nil {
			t.Errorf("%+v: no error", tour)
		}
	}
}
