package viceroy

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
)

// paintBenchInput is one input of BestPainting.
type paintBenchInput struct {
	circles []Circle
	bonus   [NumColors]int
	gems    Gems
}

// paintBenchInputs returns count inputs of n circles, the same ones on every run: random sectors
// and levels, 16 gems of every colour and random bonuses from 1 to 20, so that every colour is
// worth painting and, with enough circles, every colour's gems run short.
func paintBenchInputs(n, count int) []paintBenchInput {
	rng := rand.New(rand.NewPCG(uint64(n), 2))
	inputs := make([]paintBenchInput, count)
	for i := range inputs {
		in := &inputs[i]
		in.circles = make([]Circle, n)
		for j := range in.circles {
			c := &in.circles[j]
			c.Top = Place{Level: int8(2 + rng.IntN(MaxLevel-1)), Col: int8(j)}
			for s := range c.Sectors {
				c.Sectors[s] = Color(rng.IntN(NumColors))
			}
		}
		for k := range in.bonus {
			in.bonus[k] = 1 + rng.IntN(20)
		}
		in.gems = Gems{GemsPerColor, GemsPerColor, GemsPerColor, GemsPerColor}
	}
	return inputs
}

// paintWorstCircles are the 36 circles of the hardest input we know, as level:sectors with the
// sectors' colours numbered (0 blue, 1 red, 2 green, 3 yellow). A hill-climbing search found it,
// starting from random inputs and changing one sector, level, bonus or gem count at a time to make
// the search of BestPainting keep more states. With 16 gems of every colour and bonuses 0, 0, 13,
// 0 (paintWorstInput), very many paintings score within a point or two of the best one, and the
// bound cannot tell them apart.
const paintWorstCircles = `3:3011 2:3300 2:0220 4:0011 4:3030 2:3103 3:2002 3:3111 3:2002 3:0010
	5:0213 3:2233 4:3223 3:3031 3:0220 3:1323 2:1323 2:2313 3:2002 2:3131 3:3322 3:2121 3:2020
	3:3003 3:3113 3:2333 2:2032 2:1122 2:3231 2:2300 5:2122 2:3002 2:1202 3:0120 4:3012 3:1121`

// paintWorstInput returns the input of paintWorstCircles.
func paintWorstInput() paintBenchInput {
	in := paintBenchInput{
		bonus: [NumColors]int{Green: 13},
		gems:  Gems{GemsPerColor, GemsPerColor, GemsPerColor, GemsPerColor},
	}
	for i, f := range strings.Fields(paintWorstCircles) {
		level, sectors, _ := strings.Cut(f, ":")
		c := Circle{Top: Place{Level: int8(level[0] - '0'), Col: int8(i)}}
		for s := range c.Sectors {
			c.Sectors[s] = Color(sectors[s] - '0')
		}
		in.circles = append(in.circles, c)
	}
	return in
}

// BenchmarkPainting times BestPainting on inputs of 4 to 36 circles (each op is one input, taken
// in turn from 64 of that size) and on paintWorstInput.
func BenchmarkPainting(b *testing.B) {
	for _, n := range []int{4, 8, 16, 24, 36} {
		b.Run("circles="+strconv.Itoa(n), func(b *testing.B) {
			solveInTurn(b, paintBenchInputs(n, 64))
		})
	}
	b.Run("worst", func(b *testing.B) {
		in := paintWorstInput()
		b.ReportAllocs()
		for b.Loop() {
			BestPainting(in.circles, in.bonus, in.gems)
		}
	})
}

// paintInputsInPlay returns the painting problems of real end games: every player's unpainted
// circles, bonuses and screen when the painting phase begins, in 4-player games of random moves
// and of greedy bots.
func paintInputsInPlay(tb testing.TB, games int) []paintBenchInput {
	var inputs []paintBenchInput
	for i := range games {
		cfg := Config{Players: 4, Seed: uint64(i)}
		g, err := NewGame(cfg)
		if err != nil {
			tb.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 9))
		greedy := NewGreedyBot(uint64(i))
		for g.phase != phasePainting {
			p := g.ToMove()[0]
			var m Move
			if i%2 == 0 {
				legal := g.Legal(p)
				m = legal[rng.IntN(len(legal))]
			} else {
				v := g.View(p)
				m = greedy.Choose(v, v.Legal)
			}
			g = mustApply(tb, g, p, m)
		}
		for p := range Player(g.players) {
			t := g.Tableau(p)
			inputs = append(inputs, paintBenchInput{circles: t.unpaintedCircles(), bonus: t.paintBonus(), gems: g.screen[p]})
		}
	}
	return inputs
}

// BenchmarkPaintingInPlay times BestPainting on the painting problems of 200 end games (half of
// random moves, half of greedy bots; 800 problems). Each op is one problem, taken in turn; the
// time of the slowest problem (the fastest of three runs of it) is reported as max-µs.
func BenchmarkPaintingInPlay(b *testing.B) {
	inputs := paintInputsInPlay(b, 200)
	slowest := time.Duration(0)
	for _, in := range inputs {
		fastest := time.Hour // of three runs, so that a pause of the machine does not count
		for range 3 {
			start := time.Now()
			BestPainting(in.circles, in.bonus, in.gems)
			fastest = min(fastest, time.Since(start))
		}
		slowest = max(slowest, fastest)
	}
	solveInTurn(b, inputs)
	b.ReportMetric(float64(slowest.Microseconds()), "max-µs")
}

// solveInTurn runs BestPainting once per op on the inputs, taken in turn.
func solveInTurn(b *testing.B, inputs []paintBenchInput) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		in := inputs[i%len(inputs)]
		BestPainting(in.circles, in.bonus, in.gems)
		i++
	}
}
