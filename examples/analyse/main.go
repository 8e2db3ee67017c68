// Command analyse replays a recorded game and marks each player's worst decisions: those where
// the move made looks worst next to the best move a search finds from what the player could see.
//
// It teaches how to use the library's analysis: replay a Record move by move, take the View of the
// player about to move, and ask viceroy.Analyse for the value of every legal move. The search
// samples the hidden cards from the view alone, so it judges each decision with the knowledge the
// player had, not with hindsight.
//
//	go run ./examples/analyse -record testdata/records/4+0-second-17.txt
//	go run ./examples/analyse -demo 7 -worst 3       # a game of greedy against basic, analysed
//	go run ./examples/analyse -record game.json -playouts 512
//
// A record is read in its text form (Record.MarshalText) or as JSON. Each decision with more than
// one legal move is searched with -playouts playouts; the cost of a move is the value of the best
// move less the value of the move made, where a value (viceroy.MoveValue.Value) is between 0 and 1
// and mixes the chance to win with the score margin. For every player the -worst most costly
// decisions are listed with the search's view of the best move; the "search" level of
// viceroy.NewBot plays the best move of such a search. The analysis is the same for the same record,
// -playouts and -seed. A progress count goes to standard error when it is a terminal.
package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/laar/viceroy"
)

func main() {
	path := flag.String("record", "", "the record to analyse, as text or JSON (- for standard input)")
	demo := flag.Uint64("demo", 0, "instead of a record, analyse a 2-player game of seed N between the greedy and basic bots")
	playouts := flag.Int("playouts", 128, "playouts per decision")
	worst := flag.Int("worst", 5, "decisions to list per player")
	seed := flag.Uint64("seed", 1, "seed of the search")
	flag.Parse()

	var rec viceroy.Record
	var err error
	switch {
	case *demo != 0:
		rec, err = demoRecord(*demo)
	case *path != "":
		rec, err = readRecord(*path)
	default:
		fmt.Fprintln(os.Stderr, "analyse: give -record FILE or -demo SEED")
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "analyse:", err)
		os.Exit(1)
	}
	progress := func(int, int) {}
	if fi, err := os.Stderr.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		progress = func(done, total int) {
			if done < 0 {
				fmt.Fprintln(os.Stderr)
				return
			}
			fmt.Fprintf(os.Stderr, "\rmove %d of %d", done, total)
		}
	}
	a, err := analyse(rec, viceroy.SearchOptions{Playouts: *playouts, Seed: *seed}, progress)
	progress(-1, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "analyse:", err)
		os.Exit(1)
	}
	a.print(os.Stdout, *worst)
}

// readRecord reads a record from a file (or standard input for "-"), as JSON if it starts with a
// brace and as text otherwise.
func readRecord(path string) (viceroy.Record, error) {
	var rec viceroy.Record
	var b []byte
	var err error
	if path == "-" {
		b, err = io.ReadAll(os.Stdin)
	} else {
		b, err = os.ReadFile(path)
	}
	if err != nil {
		return rec, err
	}
	if t := bytes.TrimSpace(b); len(t) > 0 && t[0] == '{' {
		err = json.Unmarshal(t, &rec)
	} else {
		err = rec.UnmarshalText(b)
	}
	return rec, err
}

// demoRecord plays a 2-player game between the greedy (seat 0) and basic (seat 1) bots.
func demoRecord(seed uint64) (viceroy.Record, error) {
	greedy, _ := viceroy.NewBot("greedy", seed)
	basic, _ := viceroy.NewBot("basic", seed)
	h, err := viceroy.PlayHistory(viceroy.Config{Players: 2, Seed: seed}, greedy, basic)
	if err != nil {
		return viceroy.Record{}, err
	}
	return h.Record(), nil
}

// decision is one analysed decision of a player.
type decision struct {
	index  int // the move's number in the record
	player viceroy.Player
	turn   int
	kind   viceroy.Decision
	made   viceroy.Move
	said   string // the move made, in words
	best   viceroy.MoveValue
	bestIs string // the best move, in words
	value  viceroy.MoveValue
	cost   float64
}

// analysis is a whole game's.
type analysis struct {
	cfg       viceroy.Config
	playouts  int
	decisions []decision
	scores    []viceroy.ScoreSheet
}

// analyse replays the record and searches every decision with a choice; progress is told the
// decisions done and their number.
func analyse(rec viceroy.Record, opts viceroy.SearchOptions, progress func(done, total int)) (analysis, error) {
	a := analysis{cfg: rec.Config, playouts: opts.Playouts}
	if _, err := viceroy.Replay(rec); err != nil {
		return a, err
	}
	g, err := viceroy.NewGame(rec.Config)
	if err != nil {
		return a, err
	}
	total := len(rec.Moves)
	for i, pm := range rec.Moves {
		progress(i+1, total)
		v := g.View(pm.Player)
		if len(v.Legal) > 1 {
			d, err := judge(g, v, pm.Move, opts)
			if err != nil {
				return a, fmt.Errorf("move %d: %w", i+1, err)
			}
			d.index = i + 1
			a.decisions = append(a.decisions, d)
		}
		if g, err = g.Apply(pm.Player, pm.Move); err != nil {
			return a, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	if g.Over() {
		a.scores = g.Scores()
	}
	return a, nil
}

// judge searches one decision and compares the move made with the best.
func judge(g viceroy.Game, v viceroy.View, made viceroy.Move, opts viceroy.SearchOptions) (decision, error) {
	opts.Seed ^= uint64(len(v.Legal))<<32 ^ uint64(v.Turn)<<16 ^ uint64(v.Player)
	values, err := viceroy.Analyse(v, opts)
	if err != nil {
		return decision{}, err
	}
	best := viceroy.BestMove(values)
	d := decision{player: v.Player, turn: v.Turn, kind: v.Decision, made: made,
		said: viceroy.English.Describe(&g, v.Player, made)}
	for _, mv := range values {
		if mv.Move == best {
			d.best, d.bestIs = mv, viceroy.English.Describe(&g, v.Player, mv.Move)
		}
		if mv.Move == made {
			d.value = mv
		}
	}
	d.cost = max(0, d.best.Value-d.value.Value)
	return d, nil
}

func (a analysis) print(w io.Writer, worst int) {
	fmt.Fprintf(w, "A game of %d players (%d virtual), %v, seed %d: %d decisions with a choice, %d playouts each.\n",
		a.cfg.Players, a.cfg.Virtual, a.cfg.Edition, a.cfg.Seed, len(a.decisions), a.playouts)
	for p := range viceroy.Player(a.cfg.Players) {
		var mine []decision
		lost := 0.0
		for _, d := range a.decisions {
			if d.player == p {
				mine = append(mine, d)
				lost += d.cost
			}
		}
		fmt.Fprintf(w, "\n%v", p)
		if a.scores != nil {
			fmt.Fprintf(w, ", final score %d", a.scores[p].Total)
		}
		fmt.Fprintf(w, ": %d decisions, value lost %.2f in all.\n", len(mine), lost)
		slices.SortStableFunc(mine, func(x, y decision) int { return cmp.Compare(y.cost, x.cost) })
		for k, d := range mine[:min(worst, len(mine))] {
			if d.cost == 0 {
				break
			}
			fmt.Fprintf(w, "  %d. move %d, turn %d, %v: %s\n", k+1, d.index, d.turn, d.kind, d.said)
			fmt.Fprintf(w, "     value %.2f (%d playouts, won %.0f%%); best: %s, value %.2f (%d playouts, won %.0f%%)\n",
				d.value.Value, d.value.Visits, 100*d.value.WinRate, d.bestIs, d.best.Value, d.best.Visits, 100*d.best.WinRate)
		}
	}
}
