//go:build release

// Command release plays this library's bots against a release of it from before: the yardstick
// of a strength measured at equal processor time, which only the old code run at its own speed
// gives (a level kept inside the library would share today's engine and heuristic).
//
// It is not built with the module: release.sh builds it beside a copy of the old release under
// another module path (github.com/laar/viceroyold), and runs it. Each game is played twice in
// lockstep, by today's engine and by the old one from the same seed: a seat of today's bot chooses
// from today's view, a seat of the old bot from the old engine's view, and every move is made in
// both games. The two engines must play the same rules: a move one of them refuses, or a final
// score on which they disagree, stops the run.
//
// Seats, seeds and the report follow examples/tournament's -single (A alone in one seat, moving
// round the table) or its rotating seats, with one game at a time and each decision's processor
// time measured on its thread.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"time"

	viceroy "github.com/laar/viceroy"
	"github.com/laar/viceroy/examples/tournament/measure"
	old "github.com/laar/viceroyold"
)

func main() {
	games := flag.Int("games", 200, "number of games")
	players := flag.Int("players", 2, "players in each game (2-4)")
	seed := flag.Uint64("seed", 1, "the tournament's seed, as examples/tournament's")
	single := flag.Bool("single", false, "A alone in one seat, against B in the others")
	times := flag.Float64("a-times", 1, "A's playouts as a multiple of its default (DefaultPlayouts)")
	playouts := flag.Int("playouts", 0, "if positive, both sides' playouts a decision in a game of two (a quick check)")
	flag.Parse()
	r := run{players: *players, single: *single, times: *times, playouts: *playouts}
	for i := range *games {
		if err := r.play(i, *seed); err != nil {
			fmt.Fprintln(os.Stderr, "release:", err)
			os.Exit(1)
		}
	}
	r.report(os.Stdout, *games, *seed)
}

// run is a tournament of today's search (A) against the old release's (B).
type run struct {
	players  int
	single   bool
	times    float64
	playouts int        // both sides' budget, if positive (-playouts)
	wins     float64    // A's wins, shared wins in part
	scores   [2][]int   // each side's seats' totals
	cpu      [2]float64 // each side's processor time, in ms, of its decisions with a choice
	n        [2]int     // and how many there were
}

// side returns which bot (0 for A, 1 for B) sits in seat s of game i, as examples/tournament seats
// them.
func (r *run) side(i, s int) int { return measure.Side(i, s, r.players, r.single) }

// play plays game i in both engines.
func (r *run) play(i int, seed uint64) error {
	t, err := r.newTable(i, measure.Seed(seed^measure.Seed(uint64(i))))
	if err != nil {
		return err
	}
	for !t.g.Over() {
		p := t.g.ToMove()[0]
		if op := t.og.ToMove(); len(op) == 0 || int(op[0]) != int(p) {
			return fmt.Errorf("game %d: the engines disagree on who moves (%v, %v)", i, p, op)
		}
		var clock measure.Clock
		clock.Start()
		m, choices, err := t.choose(p)
		d, _ := clock.Stop()
		if err != nil {
			return err
		}
		if side := r.side(i, int(p)); choices > 1 {
			r.cpu[side] += float64(d) / float64(time.Millisecond)
			r.n[side]++
		}
		if err := t.apply(p, m); err != nil {
			return fmt.Errorf("game %d: %w", i, err)
		}
	}
	return r.count(i, t)
}

// table is one game played in both engines, and the bots at its seats: today's search at A's
// seats (bots), the release's at B's (obots).
type table struct {
	g     viceroy.Game
	og    old.Game
	bots  []viceroy.Bot
	obots []old.Bot
}

// newTable starts game i, of seed gameSeed, in both engines and seats the bots, with seeds as
// examples/tournament gives them.
func (r *run) newTable(i int, gameSeed uint64) (*table, error) {
	cfg := viceroy.Config{Players: r.players, Seed: gameSeed}
	var ocfg old.Config
	if err := convert(cfg, &ocfg); err != nil {
		return nil, err
	}
	t := &table{bots: make([]viceroy.Bot, r.players), obots: make([]old.Bot, r.players)}
	var err error
	if t.g, err = viceroy.NewGame(cfg); err != nil {
		return nil, err
	}
	if t.og, err = old.NewGame(ocfg); err != nil {
		return nil, err
	}
	for s := range r.players {
		botSeed := measure.Seed(gameSeed + uint64(s) + 1)
		if r.side(i, s) == 1 {
			// The release's search as its tournament built it: the default style and budget.
			t.obots[s] = old.NewSearchBot(botSeed, old.SearchOptions{Workers: 1, Playouts: r.playouts * 2 / r.players})
			continue
		}
		opts := viceroy.SearchOptions{Workers: 1, Playouts: int(math.Round(r.times * viceroy.DefaultPlayouts))}
		if r.playouts > 0 {
			opts.Playouts = r.playouts
		}
		if t.bots[s], err = viceroy.NewSearchBot(botSeed, opts); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// choose asks the bot at seat p for its move, from the view of its own engine, and says how many
// legal moves it chose from.
func (t *table) choose(p viceroy.Player) (m viceroy.Move, choices int, err error) {
	if b := t.bots[p]; b != nil {
		v := t.g.View(p)
		return b.Choose(v, v.Legal), len(v.Legal), nil
	}
	v := t.og.View(old.Player(p))
	err = convert(t.obots[p].Choose(v, v.Legal), &m)
	return m, len(v.Legal), err
}

// apply makes p's move m in both engines.
func (t *table) apply(p viceroy.Player, m viceroy.Move) error {
	var om old.Move
	if err := convert(m, &om); err != nil {
		return err
	}
	var err error
	if t.g, err = t.g.Apply(p, m); err != nil {
		return fmt.Errorf("today's engine: %w", err)
	}
	if t.og, err = t.og.Apply(old.Player(p), om); err != nil {
		return fmt.Errorf("the old engine: %w", err)
	}
	return nil
}

// count adds game i's scores and A's share of its win, once both engines agree on the scores.
func (r *run) count(i int, t *table) error {
	sheets, osheets := t.g.Scores(), t.og.Scores()
	for q, sh := range sheets {
		if sh.Total != osheets[q].Total {
			return fmt.Errorf("game %d: the engines disagree on player %d's score (%d, %d)", i, q, sh.Total, osheets[q].Total)
		}
		r.scores[r.side(i, q)] = append(r.scores[r.side(i, q)], sh.Total)
	}
	var sides [2]int
	for _, w := range t.g.Winners() {
		sides[r.side(i, int(w))]++
	}
	r.wins += measure.WinShare(sides, r.single)
	return nil
}

// report prints A's win rate with its 95% Wilson interval, the mean scores and the processor time
// of a decision.
func (r *run) report(w *os.File, games int, seed uint64) {
	lo, hi := measure.Wilson(r.wins, games, 1.96)
	fmt.Fprintf(w, "%d games of %d players, seed %d", games, r.players, seed)
	if r.single {
		fmt.Fprintf(w, ", A alone against %d of B", r.players-1)
	}
	fmt.Fprintf(w, "\nA (today's search, %gx its playouts) won %.1f: %.1f%% [%.1f%%, %.1f%%]\n",
		r.times, r.wins, 100*r.wins/float64(games), 100*lo, 100*hi)
	for side, name := range []string{"A today's search", "B the release's search"} {
		fmt.Fprintf(w, "%-24s mean score %.1f, %.2f cpu ms a decision (%d decisions)\n",
			name, mean(r.scores[side]), r.cpu[side]/float64(max(1, r.n[side])), r.n[side])
	}
}

// convert copies a value of one engine into the other's type through their JSON, which both
// write alike.
func convert(from, to any) error {
	b, err := json.Marshal(from)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, to)
}

// mean returns the mean of xs, 0 for none.
func mean(xs []int) float64 {
	t := 0
	for _, x := range xs {
		t += x
	}
	return float64(t) / float64(max(1, len(xs)))
}
