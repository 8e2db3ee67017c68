package main

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/laar/viceroy"
	"github.com/laar/viceroy/examples/tournament/measure"
)

// A ladder is a round robin: every pair of its bots plays a match of Games games, seats rotating
// as in a tournament, and one rating a bot is fitted to all the matches at once. The first bot is
// the ladder's floor, rated 0.
//
//	go run ./examples/tournament -ladder random,basic,greedy,search -games 100
//
// The ratings are the Bradley-Terry model's on Elo's scale: bot i scores against bot j a share
// 1/(1+10^((r_j-r_i)/400)) of their games, a draw counting half. They are the maximum-likelihood
// fit to the scores of all the matches, with one drawn game added to each match, so that a bot
// that won every game has a finite rating. Their 95% intervals come from a bootstrap: the games
// of each match drawn again with replacement, 1,000 times, and the ratings fitted to each draw;
// so does the interval of each bot's rise over the bot listed before it, which says whether the
// ladder rises at that step.
type ladder struct {
	Bots           []string
	Games, Players int
	Edition        viceroy.Edition
	Seed           uint64
	Workers        int
	Time           time.Duration // as tournament.Time
}

// match is the outcome of one pair's games: bot a's share of the win in each game against bot b,
// and both bots' clocks.
type match struct {
	a, b  int
	wins  []float64
	clock [2]clock
}

// ladderResult is a ladder's matches and the ratings fitted to them.
type ladderResult struct {
	l       ladder
	matches []match
	rating  []float64
	lo, hi  []float64 // the 95% interval of each rating
	// stepLo and stepHi are the 95% interval of each bot's rating less the one's before it in the
	// ladder (0 for the first): whether the ladder rises at each step.
	stepLo, stepHi []float64
}

// parseLadder reads a comma-separated list of two or more bots, each as tournament's -a takes it.
func parseLadder(s string) ([]string, error) {
	bots := strings.Split(s, ",")
	if len(bots) < 2 {
		return nil, fmt.Errorf("-ladder %q: want two bots or more, separated by commas", s)
	}
	for i, b := range bots {
		bots[i] = strings.TrimSpace(b)
		sp, err := parseSpec(bots[i])
		if err != nil {
			return nil, err
		}
		if _, err := sp.newBot(0); err != nil {
			return nil, err
		}
		if slices.Contains(bots[:i], bots[i]) {
			return nil, fmt.Errorf("-ladder %q: %s twice", s, bots[i])
		}
	}
	return bots, nil
}

// run plays every match, one after the other, each on the workers, and fits the ratings.
func (l ladder) run(done func()) (ladderResult, error) {
	res := ladderResult{l: l}
	k := 0
	for a := range l.Bots {
		for b := a + 1; b < len(l.Bots); b++ {
			t := tournament{Games: l.Games, Players: l.Players, Bots: [2]string{l.Bots[a], l.Bots[b]},
				Edition: l.Edition, Seed: measure.Seed(l.Seed ^ measure.Seed(uint64(k))), Workers: l.Workers, Time: l.Time}
			r, err := t.run(done)
			if err != nil {
				return res, fmt.Errorf("%s against %s: %w", l.Bots[a], l.Bots[b], err)
			}
			res.matches = append(res.matches, match{a: a, b: b, wins: r.games, clock: r.clock})
			k++
		}
	}
	res.rating = fitRatings(len(l.Bots), res.matches)
	res.lo, res.hi, res.stepLo, res.stepHi = bootstrap(len(l.Bots), res.matches, l.Seed, 1000)
	return res, nil
}

// fitRatings returns the Bradley-Terry ratings of n bots, on Elo's scale with bot 0 at 0, that
// make the matches' scores most likely, one drawn game added to each match. It iterates Zermelo's
// (minorisation-maximisation) update of the strengths until they settle.
func fitRatings(n int, matches []match) []float64 {
	score := make([]float64, n)   // each bot's points, the added draws included
	games := make([][]float64, n) // games between each pair
	for i := range games {
		games[i] = make([]float64, n)
	}
	for _, m := range matches {
		var won float64
		for _, w := range m.wins {
			won += w
		}
		played := float64(len(m.wins)) + 1
		score[m.a] += won + 0.5
		score[m.b] += played - won - 0.5
		games[m.a][m.b] += played
		games[m.b][m.a] += played
	}
	strength := make([]float64, n)
	for i := range strength {
		strength[i] = 1
	}
	next := make([]float64, n)
	for range 10_000 {
		change := 0.0
		for i := range n {
			var d float64
			for j := range n {
				if games[i][j] > 0 {
					d += games[i][j] / (strength[i] + strength[j])
				}
			}
			next[i] = strength[i]
			if d > 0 {
				next[i] = score[i] / d
			}
		}
		for i := range n {
			next[i] /= next[0]
			change = max(change, math.Abs(math.Log(next[i]/strength[i])))
		}
		copy(strength, next)
		if change < 1e-10 {
			break
		}
	}
	rating := make([]float64, n)
	for i, s := range strength {
		rating[i] = 400 * math.Log10(s)
	}
	return rating
}

// bootstrap returns the 2.5% and 97.5% points of each bot's rating, and of its rating less the
// bot's before it, over draws of the matches: each match's games drawn again, as many, with
// replacement.
func bootstrap(n int, matches []match, seed uint64, draws int) (lo, hi, stepLo, stepHi []float64) {
	rng := rand.New(rand.NewPCG(seed, 0x424f4f54))
	samples, steps := make([][]float64, n), make([][]float64, n)
	again := make([]match, len(matches))
	for range draws {
		for k, m := range matches {
			wins := make([]float64, len(m.wins))
			for i := range wins {
				wins[i] = m.wins[rng.IntN(len(m.wins))]
			}
			again[k] = match{a: m.a, b: m.b, wins: wins}
		}
		r := fitRatings(n, again)
		for i := range r {
			samples[i] = append(samples[i], r[i])
			steps[i] = append(steps[i], r[i]-r[max(i-1, 0)])
		}
	}
	lo, hi = percentiles(samples)
	stepLo, stepHi = percentiles(steps)
	return lo, hi, stepLo, stepHi
}

// percentiles returns the 2.5% and 97.5% points of each list of samples.
func percentiles(samples [][]float64) (lo, hi []float64) {
	lo, hi = make([]float64, len(samples)), make([]float64, len(samples))
	for i, s := range samples {
		slices.Sort(s)
		lo[i], hi[i] = s[int(0.025*float64(len(s)))], s[int(0.975*float64(len(s)))-1]
	}
	return lo, hi
}

// clocks returns each bot's clock over all its matches.
func (r ladderResult) clocks() []clock {
	out := make([]clock, len(r.l.Bots))
	for _, m := range r.matches {
		out[m.a].add(m.clock[0])
		out[m.b].add(m.clock[1])
	}
	return out
}

func (r ladderResult) print(w io.Writer) {
	l := r.l
	fmt.Fprintf(w, "A ladder of %d bots, %d games of %d players for each of %d pairs, %v, seed %d; seats rotate.\n",
		len(l.Bots), l.Games, l.Players, len(r.matches), l.Edition, l.Seed)
	fmt.Fprintf(w, "Ratings are Bradley-Terry on Elo's scale, %s at 0; intervals are 95%% (bootstrap).\n\n", l.Bots[0])
	fmt.Fprintf(w, "%-22s %7s  %-16s  %-26s  %7s  %11s  %14s\n", "bot", "rating", "interval", "over the one before",
		"score", "cpu ms", "longest cpu ms")
	clocks := r.clocks()
	for i, bot := range l.Bots {
		var won, played float64
		for _, m := range r.matches {
			for _, x := range m.wins {
				switch i {
				case m.a:
					won += x
				case m.b:
					won += 1 - x
				default:
					continue
				}
				played++
			}
		}
		_, cpu := clocks[i].perDecision()
		step := "-"
		if i > 0 {
			step = fmt.Sprintf("%+5.0f [%+5.0f, %+5.0f]", r.rating[i]-r.rating[i-1], r.stepLo[i], r.stepHi[i])
		}
		longest := "-"
		if clocks[i].cpuOK {
			longest = fmt.Sprintf("%.1f", float64(clocks[i].cpuLongest.Microseconds())/1000)
		}
		fmt.Fprintf(w, "%-22s %+7.0f  [%+6.0f, %+6.0f]  %-26s  %6.1f%%  %11s  %14s\n", bot, r.rating[i], r.lo[i], r.hi[i],
			step, 100*won/max(played, 1), cpu, longest)
	}
	fmt.Fprintln(w, "\nMatches (A's share of the wins against B):")
	for _, m := range r.matches {
		var won float64
		for _, x := range m.wins {
			won += x
		}
		lo, hi := measure.Wilson(won, len(m.wins), 1.96)
		fmt.Fprintf(w, "  %-18s against %-18s %6.1f%%  [%5.1f%%, %5.1f%%]\n", l.Bots[m.a], l.Bots[m.b],
			100*won/float64(len(m.wins)), 100*lo, 100*hi)
	}
	fmt.Fprintln(w, "\nscore is a bot's share of the wins over all its games; cpu ms the mean processor time of a")
	fmt.Fprintln(w, "decision with more than one legal move, and longest cpu ms that of the longest such decision.")
}
