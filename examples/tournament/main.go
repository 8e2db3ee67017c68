// Command tournament plays many games between two kinds of bot and reports how often each wins,
// with a 95% confidence interval, and its mean score.
//
// It teaches how to use the library for analysis: a whole game is viceroy.PlayGame with one Bot
// per seat, games are independent values, so they run in parallel, and every game follows from
// its seed, so a tournament is repeatable. Seats rotate from game to game, so that neither bot
// keeps the seats that move first in priority.
//
//	go run ./examples/tournament                       # 200 games, 2 players, greedy vs random
//	go run ./examples/tournament -games 1000 -players 4 -a greedy -b greedy -seed 9
//
// Bot A sits in the even seats and bot B in the odd ones in even games, and the other way round in
// odd games. A game counts as a win for a bot when all its winners are that bot's seats, and as a
// draw when the winners sit on both sides; the win rate counts a draw as half a win. The interval
// is the Wilson score interval. A progress bar goes to standard error, the results to standard
// output.
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/laar/viceroy"
)

func main() {
	games := flag.Int("games", 200, "number of games")
	players := flag.Int("players", 2, "players in each game (2-4)")
	a := flag.String("a", "greedy", "bot A: greedy or random")
	b := flag.String("b", "random", "bot B: greedy or random")
	edition := flag.Int("edition", 2, "rules edition: 1 or 2")
	seed := flag.Uint64("seed", 1, "seed of the tournament: the games and the bots follow from it")
	flag.Parse()

	t := tournament{Games: *games, Players: *players, Bots: [2]string{*a, *b}, Seed: *seed}
	switch *edition {
	case 1:
		t.Edition = viceroy.FirstEdition
	case 2:
		t.Edition = viceroy.SecondEdition
	default:
		fmt.Fprintln(os.Stderr, "tournament: -edition must be 1 or 2")
		os.Exit(2)
	}
	res, err := t.run(progressBar(os.Stderr, *games))
	if err != nil {
		fmt.Fprintln(os.Stderr, "tournament:", err)
		os.Exit(1)
	}
	res.print(os.Stdout)
}

// tournament is what to play.
type tournament struct {
	Games, Players int
	Bots           [2]string // the kinds of bot A and bot B
	Edition        viceroy.Edition
	Seed           uint64
}

// result is one game's outcome for bots A (0) and B (1).
type result struct {
	outcome int      // 0: A won, 1: B won, 2: a draw
	scores  [2][]int // the totals of each bot's seats
	err     error
}

// results are the tournament's totals.
type results struct {
	t      tournament
	wins   [2]int
	draws  int
	scores [2][]int
}

// seatBot returns which bot (0 for A, 1 for B) sits in seat s of game i.
func seatBot(i, s int) int { return (i + s) % 2 }

// splitmix derives independent seeds from the tournament's seed.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func newBot(kind string, seed uint64) (viceroy.Bot, error) {
	switch kind {
	case "greedy":
		return viceroy.NewGreedyBot(seed), nil
	case "random":
		return viceroy.NewRandomBot(seed), nil
	}
	return nil, fmt.Errorf("unknown bot %q (want greedy or random)", kind)
}

// play plays game i.
func (t tournament) play(i int) result {
	gameSeed := splitmix(t.Seed ^ splitmix(uint64(i)))
	cfg := viceroy.Config{Players: t.Players, Edition: t.Edition, Seed: gameSeed}
	bots := make([]viceroy.Bot, t.Players)
	for s := range bots {
		bot, err := newBot(t.Bots[seatBot(i, s)], splitmix(gameSeed+uint64(s)+1))
		if err != nil {
			return result{err: err}
		}
		bots[s] = bot
	}
	g, err := viceroy.PlayGame(cfg, bots...)
	if err != nil {
		return result{err: fmt.Errorf("game %d (seed %d): %w", i, gameSeed, err)}
	}
	var r result
	for _, sheet := range g.Scores() {
		side := seatBot(i, int(sheet.Player))
		r.scores[side] = append(r.scores[side], sheet.Total)
	}
	var won [2]bool
	for _, w := range g.Winners() {
		won[seatBot(i, int(w))] = true
	}
	switch {
	case won[0] && won[1]:
		r.outcome = 2
	case won[0]:
		r.outcome = 0
	default:
		r.outcome = 1
	}
	return r
}

// run plays the games on every processor and adds them up in game order, so the totals do not
// depend on which game finishes first. done is called after each game.
func (t tournament) run(done func()) (results, error) {
	res := results{t: t}
	switch {
	case t.Games < 1:
		return res, fmt.Errorf("-games %d: want at least 1", t.Games)
	case t.Players < 2 || t.Players > viceroy.MaxPlayers:
		return res, fmt.Errorf("-players %d: want 2-%d (a solo game has no winner)", t.Players, viceroy.MaxPlayers)
	}
	for _, kind := range t.Bots {
		if _, err := newBot(kind, 0); err != nil {
			return res, err
		}
	}
	out := make([]result, t.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = t.play(i)
				mu.Lock()
				done()
				mu.Unlock()
			}
		}()
	}
	for i := range t.Games {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, r := range out {
		if r.err != nil {
			return res, r.err
		}
		switch r.outcome {
		case 2:
			res.draws++
		default:
			res.wins[r.outcome]++
		}
		for side := range 2 {
			res.scores[side] = append(res.scores[side], r.scores[side]...)
		}
	}
	return res, nil
}

// wilson returns the Wilson score interval for a proportion of successes out of n at z standard
// deviations (1.96 for 95%).
func wilson(successes float64, n int, z float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	nf := float64(n)
	p := successes / nf
	z2 := z * z
	center := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / (1 + z2/nf)
	return max(0, center-half), min(1, center+half)
}

// meanAndSE returns the mean of xs and its standard error.
func meanAndSE(xs []int) (mean, se float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += float64(x)
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range xs {
		ss += (float64(x) - mean) * (float64(x) - mean)
	}
	return mean, math.Sqrt(ss / float64(len(xs)-1) / float64(len(xs)))
}

func (r results) print(w io.Writer) {
	t := r.t
	fmt.Fprintf(w, "%d games of %d players, %v, seed %d; seats rotate between A and B.\n\n",
		t.Games, t.Players, t.Edition, t.Seed)
	fmt.Fprintf(w, "%-12s %5s %5s %5s %6s  %8s  %-17s  %s\n", "bot", "games", "wins", "draws", "losses",
		"win rate", "95% interval", "mean score (± s.e.)")
	for side, label := range []string{"A", "B"} {
		wins, losses := r.wins[side], r.wins[1-side]
		rate := (float64(wins) + float64(r.draws)/2) / float64(t.Games)
		lo, hi := wilson(float64(wins)+float64(r.draws)/2, t.Games, 1.96)
		mean, se := meanAndSE(r.scores[side])
		fmt.Fprintf(w, "%-12s %5d %5d %5d %6d  %7.1f%%  [%5.1f%%, %5.1f%%]   %6.1f (± %.1f)\n",
			label+" "+t.Bots[side], t.Games, wins, r.draws, losses, 100*rate, 100*lo, 100*hi, mean, se)
	}
	fmt.Fprintln(w, "\nA draw counts as half a win. Mean scores are per seat.")
}

// progressBar returns a function that advances a bar of total steps drawn on w.
func progressBar(w io.Writer, total int) func() {
	const width = 40
	n := 0
	return func() {
		n++
		filled := n * width / max(total, 1)
		fmt.Fprintf(w, "\r[%s%s] %d/%d", strings.Repeat("#", filled), strings.Repeat(".", width-filled), n, total)
		if n == total {
			fmt.Fprintln(w)
		}
	}
}
