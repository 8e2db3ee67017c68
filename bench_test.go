package viceroy

import (
	"math/rand/v2"
	"testing"
)

// midGame returns a 4-player second-edition game after n random decisions.
func midGame(b *testing.B, n int) Game {
	g, err := NewGame(Config{Players: 4, Seed: 3})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	var buf []Move
	for i := 0; i < n && !g.Over(); i++ {
		p := g.ToMove()[0]
		buf = g.AppendLegal(buf[:0], p)
		g, _ = g.Apply(p, buf[r.IntN(len(buf))])
	}
	return g
}

// BenchmarkRandomGame plays one whole random 4-player second-edition game per op, choosing moves
// with a seeded PRNG through AppendLegal and Apply as a bot would.
func BenchmarkRandomGame(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	var buf [256]Move
	decisions := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g, _ := NewGame(Config{Players: 4, Seed: uint64(i)})
		for !g.Over() {
			owes := g.owing()
			p := Player(lowestBit(owes))
			moves := g.AppendLegal(buf[:0], p)
			g, _ = g.Apply(p, moves[r.IntN(len(moves))])
			decisions++
		}
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// BenchmarkLegal lists the legal moves at a typical mid-game decision.
func BenchmarkLegal(b *testing.B) {
	g := midGame(b, 150)
	p := g.ToMove()[0]
	var buf [256]Move
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = g.AppendLegal(buf[:0], p)
	}
}

// BenchmarkApply applies one legal move at a typical mid-game decision.
func BenchmarkApply(b *testing.B) {
	g := midGame(b, 150)
	p := g.ToMove()[0]
	m := g.Legal(p)[0]
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := g.Apply(p, m); err != nil {
			b.Fatal(err)
		}
	}
}

var sinkGame Game

// BenchmarkCopy copies a Game value.
func BenchmarkCopy(b *testing.B) {
	g := midGame(b, 150)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkGame = g
	}
}

// BenchmarkScore draws up the score sheets of a finished 4-player game.
func BenchmarkScore(b *testing.B) {
	g := midGame(b, 1<<20)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = g.Scores()
	}
}
