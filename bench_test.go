package viceroy

import (
	"encoding/json"
	"fmt"
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
// with a seeded PRNG through the public AppendToMove, AppendLegal and Apply, as a bot would.
func BenchmarkRandomGame(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	var who [MaxPlayers]Player
	var buf [256]Move
	decisions := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g, _ := NewGame(Config{Players: 4, Seed: uint64(i)})
		for {
			toMove := g.AppendToMove(who[:0])
			if len(toMove) == 0 {
				break
			}
			p := toMove[0]
			moves := g.AppendLegal(buf[:0], p)
			g, _ = g.Apply(p, moves[r.IntN(len(moves))])
			decisions++
		}
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// BenchmarkRandomGamePlay is BenchmarkRandomGame with the moves made in place by Play: the same
// games, without copying the Game at each move.
func BenchmarkRandomGamePlay(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	var who [MaxPlayers]Player
	var buf [256]Move
	decisions := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g, _ := NewGame(Config{Players: 4, Seed: uint64(i)})
		for {
			toMove := g.AppendToMove(who[:0])
			if len(toMove) == 0 {
				break
			}
			p := toMove[0]
			moves := g.AppendLegal(buf[:0], p)
			if err := g.Play(p, moves[r.IntN(len(moves))]); err != nil {
				b.Fatal(err)
			}
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

// BenchmarkPlay makes, in place with Play, the move BenchmarkApply makes; each op starts from a
// copy of the game, as Play changes it.
func BenchmarkPlay(b *testing.B) {
	g := midGame(b, 150)
	p := g.ToMove()[0]
	m := g.Legal(p)[0]
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkGame = g
		if err := sinkGame.Play(p, m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkView builds the view of the player to move at a typical mid-game decision.
func BenchmarkView(b *testing.B) {
	g := midGame(b, 150)
	p := g.ToMove()[0]
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkView = g.View(p)
	}
}

// BenchmarkReplay replays the record of a whole random 4-player game.
func BenchmarkReplay(b *testing.B) {
	rec, _ := randomRecord(b, Config{Players: 4, Seed: 3}, 3)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Replay(rec); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRecordJSON writes the record of a whole random 4-player game as JSON and reads it back.
func BenchmarkRecordJSON(b *testing.B) {
	rec, _ := randomRecord(b, Config{Players: 4, Seed: 3}, 3)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		data, err := json.Marshal(rec)
		if err != nil {
			b.Fatal(err)
		}
		var back Record
		if err := json.Unmarshal(data, &back); err != nil {
			b.Fatal(err)
		}
	}
}

var (
	sinkGame Game
	sinkView View
)

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

// BenchmarkLegalBySize lists the legal places of a card being played into pyramids of growing
// size (the decision whose cost grows with the pyramid), to show how Legal scales.
func BenchmarkLegalBySize(b *testing.B) {
	for _, n := range []int{5, 10, 20, 36} {
		b.Run(fmt.Sprintf("cards=%d", n), func(b *testing.B) {
			g := midGame(b, 0)
			for g.phase != phaseDevelopment {
				p := g.ToMove()[0]
				g, _ = g.Apply(p, g.Legal(p)[0])
			}
			// A wide pyramid: rows of n/2, then shrinking levels, from cards kept out of play.
			var cards []CardID
			for id := CardID(1); id <= NumCharacters && len(cards) < n; id++ {
				if !g.hand[0].has(id) && id != 32 {
					cards = append(cards, id)
				}
			}
			g.pyr[0] = layout{}
			for _, id := range cards {
				var buf [maxPlaces]Place
				places := g.pyr[0].appendPlaces(buf[:0], false)
				g.pyr[0].insert(id, places[len(places)-1])
			}
			g.hand[0] = cardSet{}
			g.hand[0].add(32)
			g.screen[0] = Gems{4, 4, 4, 4}
			g.act = action{kind: actPlace, who: 0, card: 32}
			g.comeToRest()
			var buf [256]Move
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_ = g.AppendLegal(buf[:0], 0)
			}
		})
	}
}
