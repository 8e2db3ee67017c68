// Command tournament plays many games between two levels of the bundled bots and reports how
// often each wins, with a 95% confidence interval, an Elo-style rating difference, the mean score
// and the time each bot takes to decide.
//
// It teaches how to use the library for analysis: a whole game is one Bot per seat playing from
// its View, games are independent values, so they run in parallel, and every game follows from its
// seed, so a tournament is repeatable (a bot whose budget is in time is not; the bundled levels'
// budgets are in playouts). Seats rotate from game to game, so that neither bot keeps the seats
// that move first in priority.
//
//	go run ./examples/tournament                       # 200 games, 2 players, greedy vs basic
//	go run ./examples/tournament -games 400 -a search -b greedy -workers 1
//	go run ./examples/tournament -players 4 -single -a search -b greedy
//	go run ./examples/tournament -a search -b search-2026 -time 60ms   # equal time a decision
//	go run ./examples/tournament -a 'search*16' -b 'search*4'
//	go run ./examples/tournament -ladder random,basic,greedy,search -games 100   # ratings (ladder.go)
//	go run ./examples/tournament -a exec:/tmp/mybot -b greedy   # a program of one's own (execBot)
//
// A search level may be given a budget of its own: "search*4" has four times the level's
// playouts a decision, "search-2026@50ms" a budget of 50ms a decision (the search stops between
// batches of playouts once the time has passed), and -time gives every search without a time of
// its own that budget, so that both sides of a match spend the same time a decision. Such a search
// plays out on one goroutine; a budget in time makes a tournament depend on the machine's speed
// and load, so compare both sides within one run.
//
// The levels are those of viceroy.NewBot (viceroy.BotLevels()). Without -single, bot A sits in the
// even seats and bot B in the odd ones in even games, and the other way round in odd games; a game
// counts as a win for a bot when all its winners are that bot's seats, and as a draw when the
// winners sit on both sides. With -single, bot A sits alone in one seat, which moves round the
// table from game to game, and B in all the others; A wins when it is among the winners (a shared
// win counts in the share of the winners), and its fair share of wins is 1/players.
//
// The win rate counts a draw as half a win; the interval is the Wilson score interval. The rating
// is A's Elo difference over B: 400·log10(w/(1-w)) for a win rate w between two sides, and
// 400·log10(w(n-1)/(1-w)) with -single among n players (the Bradley-Terry model of one player
// against n-1 equal ones); its interval is the same formula at the ends of the win rate's interval.
// The time per decision is the mean wall-clock time of each bot's decisions that had more than one
// legal move; it depends on the machine and on what else it runs: -workers 1 plays one game at a
// time. A progress bar goes to standard error when it is a terminal; the results go to standard
// output.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/laar/viceroy"
	"github.com/laar/viceroy/examples/tournament/measure"
)

func main() {
	games := flag.Int("games", 200, "number of games")
	players := flag.Int("players", 2, "players in each game (2-4)")
	a := flag.String("a", "greedy", "bot A: "+strings.Join(levels(), ", ")+"; a search level may add *factor (playouts) and @duration (a decision)")
	b := flag.String("b", "basic", "bot B, as bot A")
	single := flag.Bool("single", false, "bot A plays alone against players-1 copies of bot B")
	edition := flag.Int("edition", 2, "rules edition: 1 or 2")
	seed := flag.Uint64("seed", 1, "seed of the tournament: the games and the bots follow from it")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "games played at the same time")
	auction := flag.Bool("auction", false, "also count the cards won at the auction, and the turns in which none was")
	perMove := flag.Duration("time", 0, "a time budget a decision for each search bot without one of its own (equal-time matches)")
	ladderBots := flag.String("ladder", "", "a round robin of these bots, comma-separated, weakest first: -games games a pair, and a rating each (-a, -b, -single and -auction do not apply)")
	flag.Parse()

	t := tournament{Games: *games, Players: *players, Bots: [2]string{*a, *b}, Single: *single,
		Seed: *seed, Workers: *workers, Auction: *auction, Time: *perMove}
	switch *edition {
	case 1:
		t.Edition = viceroy.FirstEdition
	case 2:
		t.Edition = viceroy.SecondEdition
	default:
		fmt.Fprintln(os.Stderr, "tournament: -edition must be 1 or 2")
		os.Exit(2)
	}
	if *ladderBots != "" {
		runLadder(*ladderBots, t)
		return
	}
	done := func() {}
	if isTerminal(os.Stderr) {
		done = progressBar(os.Stderr, *games)
	}
	res, err := t.run(done)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tournament:", err)
		os.Exit(1)
	}
	res.print(os.Stdout)
}

// runLadder plays the ladder of the bots listed in list, with t's games, players, edition, seed,
// workers and time budget, and prints it.
func runLadder(list string, t tournament) {
	bots, err := parseLadder(list)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tournament:", err)
		os.Exit(2)
	}
	l := ladder{Bots: bots, Games: t.Games, Players: t.Players, Edition: t.Edition, Seed: t.Seed,
		Workers: t.Workers, Time: t.Time}
	done := func() {}
	if isTerminal(os.Stderr) {
		pairs := len(bots) * (len(bots) - 1) / 2
		done = progressBar(os.Stderr, t.Games*pairs)
	}
	res, err := l.run(done)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tournament:", err)
		os.Exit(1)
	}
	res.print(os.Stdout)
}

// isTerminal reports whether f is a terminal (a character device), where a progress bar belongs.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// tournament is what to play.
type tournament struct {
	Games, Players int
	Bots           [2]string // the levels of bot A and bot B
	Single         bool      // A in one seat, B in the others
	Edition        viceroy.Edition
	Seed           uint64
	Workers        int  // games at the same time; 0 for GOMAXPROCS
	Auction        bool // count the cards taken at the auction (from the table's log)
	// Time, if positive, is the time budget a decision of each search bot whose spec has none.
	Time time.Duration
}

// result is one game's outcome for bots A (0) and B (1).
type result struct {
	win    float64  // A's share of the win: 1, 0, or a share of a tie
	scores [2][]int // the totals of each bot's seats
	clock  [2]clock
	won    int // cards taken from the auction (with -auction)
	empty  int // turns in which nobody took a card from the auction (with -auction)
	err    error
}

// clock adds up a bot's thinking time over its decisions that had a choice: the wall-clock time,
// and the processor time of the thread that decided (cpu; cpuOK where the system tells it). The
// search levels play out on the deciding goroutine (Workers 1), so cpu is all their work, and
// it does not grow when other programs share the machine.
type clock struct {
	decisions  int
	spent      time.Duration
	longest    time.Duration
	cpu        time.Duration
	cpuLongest time.Duration // the processor time of the longest decision
	cpuOK      bool
}

func (c *clock) add(d clock) {
	c.decisions += d.decisions
	c.spent += d.spent
	c.longest = max(c.longest, d.longest)
	c.cpu += d.cpu
	c.cpuLongest = max(c.cpuLongest, d.cpuLongest)
	c.cpuOK = c.cpuOK || d.cpuOK
}

// timed is a bot that clocks the decisions of another.
type timed struct {
	bot   viceroy.Bot
	clock *clock
}

func (t timed) Choose(v viceroy.View, legal []viceroy.Move) viceroy.Move {
	if len(legal) == 1 {
		return t.bot.Choose(v, legal)
	}
	var tc measure.Clock
	tc.Start()
	start := time.Now()
	m := t.bot.Choose(v, legal)
	d := time.Since(start)
	cpu, ok := tc.Stop()
	t.clock.decisions++
	t.clock.spent += d
	t.clock.longest = max(t.clock.longest, d)
	t.clock.cpu += cpu
	t.clock.cpuLongest = max(t.clock.cpuLongest, cpu)
	t.clock.cpuOK = t.clock.cpuOK || ok
	return m
}

// results are the tournament's totals.
type results struct {
	t      tournament
	wins   float64   // A's wins, shared wins in part
	games  []float64 // A's share of the win in each game, in game order
	draws  int       // games whose win went to both sides (without -single)
	scores [2][]int
	clock  [2]clock
	// With -auction: cards taken at the auction, turns with none taken, and games with such a turn.
	won, empty, emptyGames int
}

// seatBot returns which bot (0 for A, 1 for B) sits in seat s of game i.
func (t tournament) seatBot(i, s int) int { return measure.Side(i, s, t.Players, t.Single) }

// levels lists the bots a tournament knows: the library's levels and this command's yardstick.
func levels() []string {
	return append(append([]string(nil), viceroy.BotLevels()...), "oneply")
}

// specs reads the specs of bots A and B, with the tournament's time budget given to the searches
// that have none.
func (t tournament) specs() ([2]spec, error) {
	var out [2]spec
	for side, s := range t.Bots {
		sp, err := parseSpec(s)
		if err != nil {
			return out, err
		}
		if t.Time > 0 {
			sp = sp.withTime(t.Time)
		}
		if _, err := sp.newBot(0); err != nil {
			return out, err
		}
		out[side] = sp
	}
	return out, nil
}

// play plays game i.
func (t tournament) play(i int) result {
	gameSeed := measure.Seed(t.Seed ^ measure.Seed(uint64(i)))
	cfg := viceroy.Config{Players: t.Players, Edition: t.Edition, Seed: gameSeed}
	var r result
	specs, err := t.specs()
	if err != nil {
		return result{err: err}
	}
	bots := make([]viceroy.Bot, t.Players)
	for s := range bots {
		side := t.seatBot(i, s)
		bot, err := specs[side].newBot(measure.Seed(gameSeed + uint64(s) + 1))
		if err != nil {
			return result{err: err}
		}
		bots[s] = timed{bot: bot, clock: &r.clock[side]}
	}
	var g viceroy.Game
	if t.Auction {
		g, r.won, r.empty, err = playCounting(cfg, bots)
	} else {
		g, err = viceroy.PlayGame(cfg, bots...)
	}
	for _, b := range bots {
		if p, ok := b.(timed).bot.(*execBot); ok {
			if perr := p.Close(); perr != nil {
				err = perr
			}
		}
	}
	if err != nil {
		return result{err: fmt.Errorf("game %d (seed %d): %w", i, gameSeed, err)}
	}
	for _, sheet := range g.Scores() {
		side := t.seatBot(i, int(sheet.Player))
		r.scores[side] = append(r.scores[side], sheet.Total)
	}
	winners := g.Winners()
	var sides [2]int
	for _, w := range winners {
		sides[t.seatBot(i, int(w))]++
	}
	r.win = measure.WinShare(sides, t.Single)
	return r
}

// playCounting plays a game as viceroy.PlayGame does, keeping its History, and counts the cards
// taken from the auction and the turns in which none was.
func playCounting(cfg viceroy.Config, bots []viceroy.Bot) (viceroy.Game, int, int, error) {
	h, err := viceroy.NewHistory(cfg)
	if err != nil {
		return viceroy.Game{}, 0, 0, err
	}
	for g := h.Game(); !g.Over(); g = h.Game() {
		p := g.ToMove()[0]
		v := g.View(p)
		if err := h.Play(p, bots[p].Choose(v, v.Legal)); err != nil {
			return g, 0, 0, fmt.Errorf("bot of %v: %w", p, err)
		}
	}
	var perTurn [viceroy.Turns + 1]int
	turn := 0
	for _, e := range h.Log(-1) {
		switch e.Kind {
		case viceroy.EventTurn:
			turn = min(e.Turn, viceroy.Turns)
		case viceroy.EventTake:
			perTurn[turn]++
		}
	}
	won, empty := 0, 0
	for t := 1; t <= viceroy.Turns; t++ {
		won += perTurn[t]
		if perTurn[t] == 0 {
			empty++
		}
	}
	return h.Game(), won, empty, nil
}

// run plays the games on the workers and adds them up in game order, so the totals do not depend
// on which game finishes first. done is called after each game.
func (t tournament) run(done func()) (results, error) {
	res := results{t: t}
	switch {
	case t.Games < 1:
		return res, fmt.Errorf("-games %d: want at least 1", t.Games)
	case t.Players < 2 || t.Players > viceroy.MaxPlayers:
		return res, fmt.Errorf("-players %d: want 2-%d (a solo game has no winner)", t.Players, viceroy.MaxPlayers)
	}
	if _, err := t.specs(); err != nil {
		return res, err
	}
	workers := t.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]result, t.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range workers {
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
	var errs []error
	for _, r := range out {
		if r.err != nil {
			errs = append(errs, r.err)
			continue
		}
		res.wins += r.win
		res.games = append(res.games, r.win)
		res.won += r.won
		res.empty += r.empty
		if r.empty > 0 {
			res.emptyGames++
		}
		if !t.Single && r.win == 0.5 {
			res.draws++
		}
		for side := range 2 {
			res.scores[side] = append(res.scores[side], r.scores[side]...)
			res.clock[side].add(r.clock[side])
		}
	}
	return res, errors.Join(errs...)
}

// elo returns the rating difference of a side that wins a share w of the games against others
// players-1 of equal strength (1 for two sides): the Bradley-Terry strength ratio w(others)/(1-w)
// on Elo's scale. It is infinite at w = 0 or 1.
func elo(w float64, others int) float64 {
	return 400 * math.Log10(w*float64(others)/(1-w))
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

// names returns the specs of bots A and B as played, the tournament's time budget included.
func (t tournament) names() [2]string {
	names := t.Bots
	if specs, err := t.specs(); err == nil {
		names = [2]string{specs[0].String(), specs[1].String()}
	}
	return names
}

func (r results) print(w io.Writer) {
	t := r.t
	t.Bots = t.names()
	if t.Single {
		fmt.Fprintf(w, "%d games of %d players, %v, seed %d: A (%s) alone against %d of B (%s), its seat rotating.\n",
			t.Games, t.Players, t.Edition, t.Seed, t.Bots[0], t.Players-1, t.Bots[1])
		fmt.Fprintf(w, "An equal share of the wins is %.1f%% for A. ", 100/float64(t.Players))
	} else {
		fmt.Fprintf(w, "%d games of %d players, %v, seed %d; seats rotate between A (%s) and B (%s).\n",
			t.Games, t.Players, t.Edition, t.Seed, t.Bots[0], t.Bots[1])
		fmt.Fprintf(w, "%d games were drawn, each counted as half a win. ", r.draws)
	}
	fmt.Fprintln(w, "Intervals are 95%.")
	fmt.Fprintln(w)
	others := 1
	if t.Single {
		others = t.Players - 1
	}
	rate := r.wins / float64(t.Games)
	lo, hi := measure.Wilson(r.wins, t.Games, 1.96)
	rating := [2][3]float64{
		{elo(rate, others), elo(lo, others), elo(hi, others)},
		{-elo(rate, others), -elo(hi, others), -elo(lo, others)},
	}
	wins := [2]float64{r.wins, float64(t.Games) - r.wins}
	fmt.Fprintf(w, "%-22s %5s %7s %8s  %-16s  %-20s  %-15s  %11s  %10s  %7s  %11s\n", "bot", "seats", "wins", "win rate",
		"interval", "Elo over the other", "mean score", "ms/decision", "longest ms", "cpu ms", "longest cpu")
	for side, label := range []string{"A", "B"} {
		lo, hi := measure.Wilson(wins[side], t.Games, 1.96)
		mean, se := meanAndSE(r.scores[side])
		c := r.clock[side]
		ms, cpu := c.perDecision()
		longestCPU := "-"
		if c.cpuOK {
			longestCPU = fmt.Sprintf("%.1f", float64(c.cpuLongest.Microseconds())/1000)
		}
		fmt.Fprintf(w, "%-22s %5d %7.1f %7.1f%%  [%5.1f%%, %5.1f%%]  %+5.0f [%+5.0f, %+5.0f]  %5.1f (± %.1f)  %11.3f  %10.1f  %7s  %11s\n",
			label+" "+t.Bots[side], len(r.scores[side]), wins[side], 100*wins[side]/float64(t.Games), 100*lo, 100*hi,
			rating[side][0], rating[side][1], rating[side][2], mean, se, ms, float64(c.longest.Microseconds())/1000, cpu, longestCPU)
	}
	if t.Auction {
		fmt.Fprintf(w, "\nCards won at the auction: %.2f a game (%d in %d games); turns in which no card was won: %d, in %d games.\n",
			float64(r.won)/float64(t.Games), r.won, t.Games, r.empty, r.emptyGames)
	}
	fmt.Fprintln(w, "\nWins are games won (shared wins in part); mean scores are per seat; ms/decision is the mean")
	fmt.Fprintln(w, "time of a decision with more than one legal move, and longest the longest such decision;")
	fmt.Fprintln(w, "cpu ms is the mean processor time of such a decision, which other programs on the machine")
	fmt.Fprintln(w, "do not inflate (the search levels play out on one goroutine), and longest cpu the longest one's.")
	if ratio, ok := r.cpuRatio(); ok {
		fmt.Fprintf(w, "A's decisions cost %.2f times B's in processor time.\n", ratio)
	}
}

// perDecision returns the mean wall-clock time of a decision in milliseconds, and the mean
// processor time written out ("-" where unknown).
func (c clock) perDecision() (float64, string) {
	if c.decisions == 0 {
		return 0, "-"
	}
	ms := float64(c.spent.Microseconds()) / 1000 / float64(c.decisions)
	if !c.cpuOK {
		return ms, "-"
	}
	return ms, fmt.Sprintf("%.3f", float64(c.cpu.Microseconds())/1000/float64(c.decisions))
}

// cpuRatio is the mean processor time of A's decisions over B's, if both are known.
func (r results) cpuRatio() (float64, bool) {
	a, b := r.clock[0], r.clock[1]
	if !a.cpuOK || !b.cpuOK || a.decisions == 0 || b.decisions == 0 || b.cpu == 0 {
		return 0, false
	}
	return (float64(a.cpu) / float64(a.decisions)) / (float64(b.cpu) / float64(b.decisions)), true
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
