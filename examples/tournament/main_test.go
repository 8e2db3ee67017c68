package main

import (
	"math"
	"strings"
	"testing"
)

// A tournament is the same for the same seed, however the games are spread over processors, and
// every game is counted once.
func TestDeterministic(t *testing.T) {
	tour := tournament{Games: 12, Players: 3, Bots: [2]string{"greedy", "random"}, Seed: 4}
	var outs [2]string
	for i := range outs {
		tour.Workers = i + 1
		res, err := tour.run(func() {})
		if err != nil {
			t.Fatal(err)
		}
		if res.wins < 0 || res.wins > float64(tour.Games) {
			t.Errorf("%v wins in %d games", res.wins, tour.Games)
		}
		if got := len(res.scores[0]) + len(res.scores[1]); got != tour.Games*tour.Players {
			t.Errorf("%d seat scores for %d games of %d players", got, tour.Games, tour.Players)
		}
		var b strings.Builder
		res.clock = [2]clock{} // times differ from run to run
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
		{Games: 5, Players: 5, Bots: [2]string{"greedy", "basic"}},
	} {
		if _, err := tour.run(func() {}); err == nil {
			t.Errorf("%+v: no error", tour)
		}
	}
}

// With -single, bot A sits in exactly one seat of every game, each seat in turn; without it, the
// seats alternate and swap from game to game.
func TestSeats(t *testing.T) {
	single := tournament{Players: 4, Single: true}
	alternate := tournament{Players: 4}
	for i := range 8 {
		aSeats := 0
		for s := range 4 {
			if single.seatBot(i, s) == 0 {
				aSeats++
				if s != i%4 {
					t.Errorf("-single game %d: A in seat %d", i, s)
				}
			}
			if alternate.seatBot(i, s) == alternate.seatBot(i+1, s) {
				t.Errorf("game %d seat %d: the same bot in the next game", i, s)
			}
		}
		if aSeats != 1 {
			t.Errorf("-single game %d: A in %d seats", i, aSeats)
		}
	}
}

// The rating is 0 for an even score, symmetric, and counts an equal share among n players as even.
func TestElo(t *testing.T) {
	for _, tc := range []struct {
		w      float64
		others int
		want   float64
	}{
		{0.5, 1, 0},
		{0.25, 3, 0},
		{0.76, 1, 200.24},
		{0.24, 1, -200.24},
		{0.5, 3, 190.85},
	} {
		if got := elo(tc.w, tc.others); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("elo(%v, %d) = %.2f, want %.2f", tc.w, tc.others, got, tc.want)
		}
	}
}
