package viceroy

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// allMixes returns every playable mix of humans and virtual opponents in both editions: 9 mixes,
// 18 configurations.
func allMixes(seed uint64) []Config {
	var out []Config
	for players := 1; players <= MaxPlayers; players++ {
		for virtual := 0; players+virtual <= MaxPlayers; virtual++ {
			if players == 1 && virtual == 0 {
				continue
			}
			for _, ed := range []Edition{SecondEdition, FirstEdition} {
				out = append(out, Config{Players: players, Virtual: virtual, Edition: ed, Seed: seed})
			}
		}
	}
	return out
}

// playOut plays g to its end with random legal moves and reports the first error.
func playOut(g Game, r *rand.Rand) error {
	var buf []Move
	for steps := 0; !g.Over(); steps++ {
		if steps > 5000 {
			return errors.New("the game does not end")
		}
		who := g.ToMove()
		if len(who) == 0 {
			return errors.New("nobody is to move in a game that is not over")
		}
		p := who[r.IntN(len(who))]
		buf = g.AppendLegal(buf[:0], p)
		if len(buf) == 0 {
			return errors.New("a player to move has no legal move")
		}
		var err error
		if g, err = g.Apply(p, buf[r.IntN(len(buf))]); err != nil {
			return err
		}
	}
	if len(g.Scores()) != int(g.players) {
		return errors.New("no score sheets")
	}
	return nil
}

// TestSampleKeepsTheView: for random games of all 18 player mixes, at every decision and for every
// player, a game sampled from the player's view shows the player that view, reads the same from
// the view's JSON, and plays on legally to a scored end.
func TestSampleKeepsTheView(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	for _, cfg := range allMixes(0) {
		for i := range games {
			cfg.Seed = uint64(100*i + 7)
			g, err := NewGame(cfg)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(cfg.Seed, 1))
			for step := 0; !g.Over(); step++ {
				for p := range Player(cfg.Players) {
					v := g.View(p)
					s, err := Sample(v, uint64(step))
					if err != nil {
						t.Fatalf("%+v, decision %d, %v: %v", cfg, step, p, err)
					}
					if step%3 == 0 {
						// A Sampler draws the games Sample draws, each showing the view.
						sm, err := NewSampler(v)
						if err != nil {
							t.Fatal(err)
						}
						want, _ := json.Marshal(v)
						for k := range uint64(2) {
							g2 := sm.Sample(uint64(step) + k)
							if g3, _ := Sample(v, uint64(step)+k); g2 != g3 {
								t.Fatalf("%+v, decision %d, %v: the Sampler's game is not Sample's", cfg, step, p)
							}
							if got, _ := json.Marshal(g2.View(p)); string(got) != string(want) {
								t.Fatalf("%+v, decision %d, %v: a Sampler's game shows another view", cfg, step, p)
							}
						}
					}
					if step%7 == 0 {
						b, _ := json.Marshal(v)
						var back View
						if err := json.Unmarshal(b, &back); err != nil {
							t.Fatal(err)
						}
						if _, err := Sample(back, uint64(step)); err != nil {
							t.Fatalf("%+v, decision %d, %v: from JSON: %v", cfg, step, p, err)
						}
					}
					if err := checkInvariants(s); err != nil {
						t.Fatalf("%+v, decision %d, %v: the sampled game: %v", cfg, step, p, err)
					}
					if step%5 == 0 {
						if err := playOut(s, r); err != nil {
							t.Fatalf("%+v, decision %d, %v: the sampled game: %v", cfg, step, p, err)
						}
					}
				}
				who := g.ToMove()
				p := who[r.IntN(len(who))]
				moves := g.Legal(p)
				g = mustApply(t, g, p, moves[r.IntN(len(moves))])
			}
		}
	}
}

// TestSampleIsFair: over many samples of one view, each card its viewer has not seen lands in
// each hidden place as often as a fair shuffle puts it there: a chi-square test of the counts
// against the sizes of the places (another player's hand, the top of the large deck, the rest of
// the large deck, the small deck), at the 0.1% level, with fixed seeds.
func TestSampleIsFair(t *testing.T) {
	g, err := NewGame(Config{Players: 3, Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(21, 2))
	for g.Turn() < 4 {
		who := g.ToMove()
		p := who[r.IntN(len(who))]
		moves := g.Legal(p)
		g = mustApply(t, g, p, moves[r.IntN(len(moves))])
	}
	v := g.View(0)
	place := func(s Game, c CardID) int {
		switch {
		case s.hand[1].has(c):
			return 0
		case s.hand[2].has(c):
			return 1
		case s.chars[s.largeTop] == c:
			return 2
		case slices.Contains(s.chars[s.largeTop+1:s.largeEnd], c):
			return 3
		case slices.Contains(s.chars[s.smallTop:s.smallEnd], c):
			return 4
		}
		return -1
	}
	// The hidden places and their sizes, as the view gives them.
	hiddenChars := func(q int) int {
		pv := v.Players[q]
		known := 0
		for _, c := range pv.Hand {
			if c.IsCharacter() {
				known++
			}
		}
		return pv.HandSize - pv.HandLaws - known
	}
	sizes := []int{hiddenChars(1), hiddenChars(2), 1, v.Decks.Large - 1, v.Decks.Small}
	total := 0
	for _, n := range sizes {
		total += n
	}
	// The characters the viewer has not seen: in a sample, they are wherever a character is hidden.
	first, err := Sample(v, 0)
	if err != nil {
		t.Fatal(err)
	}
	var unseen []CardID
	for c := CardID(1); c <= NumCharacters && len(unseen) < 8; c++ {
		if place(first, c) >= 0 && !slices.Contains(v.Players[1].Hand, c) && !slices.Contains(v.Players[2].Hand, c) {
			unseen = append(unseen, c)
		}
	}
	const n = 3000
	counts := make([][5]int, len(unseen))
	for i := range n {
		s, err := Sample(v, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		for k, c := range unseen {
			at := place(s, c)
			if at < 0 {
				t.Fatalf("sample %d: unseen card %v is in no hidden place", i, c)
			}
			counts[k][at]++
		}
	}
	chi2, df := 0.0, 0
	for k := range unseen {
		for at, size := range sizes {
			if size == 0 {
				if counts[k][at] != 0 {
					t.Fatalf("%v landed in an empty place %d", unseen[k], at)
				}
				continue
			}
			want := float64(n*size) / float64(total)
			d := float64(counts[k][at]) - want
			chi2 += d * d / want
			df++
		}
		df--
	}
	// The 99.9th percentile of chi-square with df degrees of freedom, by the Wilson-Hilferty
	// approximation (z = 3.09).
	z, f := 3.09, float64(df)
	limit := f * math.Pow(1-2/(9*f)+z*math.Sqrt(2/(9*f)), 3)
	t.Logf("%d unseen characters over places of sizes %v: chi-square %.1f, df %d, limit %.1f", len(unseen), sizes, chi2, df, limit)
	if chi2 > limit {
		t.Errorf("chi-square %.1f with %d degrees of freedom is above %.1f: counts %v", chi2, df, limit, counts)
	}
}

// FuzzSample: a view read from any JSON either gives an error wrapping ErrBadView, ErrGameOver or
// ErrNoSuchPlayer, or a game that shows the view's player that very view, never a panic. The seeds
// are views of real games at several points.
func FuzzSample(f *testing.F) {
	for _, cfg := range []Config{{Players: 3, Seed: 1}, {Players: 2, Virtual: 1, Seed: 2, Edition: FirstEdition}, {Players: 1, Virtual: 1, Seed: 3}} {
		g, err := NewGame(cfg)
		if err != nil {
			f.Fatal(err)
		}
		r := rand.New(rand.NewPCG(cfg.Seed, 4))
		for step := 0; !g.Over(); step++ {
			p := g.ToMove()[0]
			if step%60 == 0 {
				b, _ := json.Marshal(g.View(p))
				f.Add(b, uint64(step))
			}
			moves := g.Legal(p)
			g, _ = g.Apply(p, moves[r.IntN(len(moves))])
		}
	}
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		var v View
		if json.Unmarshal(b, &v) != nil {
			return
		}
		g, err := Sample(v, seed)
		if err != nil {
			if !errors.Is(err, ErrBadView) && !errors.Is(err, ErrGameOver) && !errors.Is(err, ErrNoSuchPlayer) {
				t.Fatalf("%v wraps none of the sentinels", err)
			}
			return
		}
		got, _ := json.Marshal(g.View(v.Player))
		want, _ := json.Marshal(v)
		if string(got) != string(want) {
			t.Fatalf("the sampled game shows another view:\n%s\n%s", got, want)
		}
	})
}

// BenchmarkSample: a game sampled from a 4-player view in the middle of the game.
func BenchmarkSample(b *testing.B) {
	g, err := NewGame(Config{Players: 4, Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 5))
	for g.Turn() < 6 {
		p := g.ToMove()[0]
		moves := g.Legal(p)
		g, _ = g.Apply(p, moves[r.IntN(len(moves))])
	}
	v := g.View(g.ToMove()[0])
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := Sample(v, uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSampler: the same, drawn again from a Sampler.
func BenchmarkSampler(b *testing.B) {
	g, err := NewGame(Config{Players: 4, Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 5))
	for g.Turn() < 6 {
		p := g.ToMove()[0]
		moves := g.Legal(p)
		g, _ = g.Apply(p, moves[r.IntN(len(moves))])
	}
	s, err := NewSampler(g.View(g.ToMove()[0]))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.Sample(uint64(i))
	}
}
