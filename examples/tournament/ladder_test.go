package main

import (
	"math"
	"strings"
	"testing"
)

// games returns n games of which a share w went to bot a.
func games(n int, w float64) []float64 {
	out := make([]float64, n)
	for i := range int(math.Round(w * float64(n))) {
		out[i] = 1
	}
	return out
}

// The fit gives the Bradley-Terry rating of a score: 75.5 of 101 games (one added draw) is
// 400·log10(75.5/25.5) over the floor; bots that score alike against the same opponents rate alike,
// and a bot that wins every game still has a finite rating.
func TestFitRatings(t *testing.T) {
	r := fitRatings(2, []match{{a: 0, b: 1, wins: games(100, 0.25)}})
	if want := 400 * math.Log10(75.5/25.5); r[0] != 0 || math.Abs(r[1]-want) > 1e-6 {
		t.Errorf("two bots: %v, want [0 %.3f]", r, want)
	}
	r = fitRatings(3, []match{
		{a: 0, b: 1, wins: games(100, 0.25)},
		{a: 0, b: 2, wins: games(100, 0.25)},
		{a: 1, b: 2, wins: games(100, 0.5)},
	})
	if math.Abs(r[1]-r[2]) > 1e-6 || r[1] < 150 {
		t.Errorf("two equal bots over a floor: %v", r)
	}
	r = fitRatings(2, []match{{a: 0, b: 1, wins: games(50, 0)}})
	if math.IsInf(r[1], 0) || math.IsNaN(r[1]) || r[1] < 400 {
		t.Errorf("a bot that won all 50 games: %v", r)
	}
}

// The bootstrap's interval holds the fitted rating, and narrows with more games.
func TestBootstrapIntervals(t *testing.T) {
	width := func(n int) float64 {
		m := []match{{a: 0, b: 1, wins: games(n, 0.3)}}
		lo, hi, stepLo, stepHi := bootstrap(2, m, 7, 400)
		r := fitRatings(2, m)
		if !(lo[1] <= r[1] && r[1] <= hi[1]) || lo[0] != 0 || hi[0] != 0 || stepLo[1] != lo[1] || stepHi[1] != hi[1] {
			t.Errorf("%d games: rating %.1f outside [%.1f, %.1f]", n, r[1], lo[1], hi[1])
		}
		return hi[1] - lo[1]
	}
	if small, large := width(40), width(400); !(large < small/2) {
		t.Errorf("interval %.1f wide at 40 games, %.1f at 400", small, large)
	}
}

func TestParseLadder(t *testing.T) {
	if bots, err := parseLadder("random, basic,search*2"); err != nil || strings.Join(bots, "|") != "random|basic|search*2" {
		t.Errorf("parseLadder: %q, %v", bots, err)
	}
	for _, bad := range []string{"greedy", "greedy,greedy", "greedy,nobody", "greedy*2,basic", ""} {
		if bots, err := parseLadder(bad); err == nil {
			t.Errorf("parseLadder(%q) = %q, want an error", bad, bots)
		}
	}
}

// A small ladder plays every pair and prints a row a bot, the stronger above the floor.
func TestLadderRuns(t *testing.T) {
	l := ladder{Bots: []string{"random", "greedy"}, Games: 6, Players: 2, Seed: 3, Workers: 2}
	res, err := l.run(func() {})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.matches) != 1 || len(res.matches[0].wins) != 6 || res.rating[1] <= 0 {
		t.Errorf("matches %v, ratings %v", res.matches, res.rating)
	}
	var b strings.Builder
	res.print(&b)
	for _, want := range []string{"random ", "greedy ", "against"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, b.String())
		}
	}
}
