// Command solo lets one person play Viceroy in the terminal against a virtual opponent (the solo
// game of RULES.md section 9), or against bundled bots.
//
// It teaches how a user interface sits on the library: everything shown comes from the player's
// View (turn, auction, screen, hand, pyramid, the decision asked for and its legal moves) and from
// the player's part of the table's log (what happened since the last decision), each legal move is
// described in words by Language.Describe, and everything done is one Move chosen from View.Legal and
// made with History.Play. The interface needs no knowledge of the rules: the game says what may be
// decided now, one small decision at a time, and what each choice does.
//
// The bots (viceroy.NewBot) play the other seats from their own views, as any client would.
//
//	go run ./examples/solo                 # second edition, seed 1
//	go run ./examples/solo -edition 1 -seed 42
//	go run ./examples/solo -bots 2 -level search   # against two search bots instead
//	yes 1 | go run ./examples/solo         # always take the first choice
//
// Type the number of a move and press Enter; "h" asks for a hint (viceroy.Analyse: every move with
// the share of the search's playouts it won, best first, the best marked with a star: the move the
// search would play, viceroy.BestMove); "q" leaves the game. At the end the score sheet is
// printed; a solo game has no winner, only a score.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/laar/viceroy"
)

// main reads the flags and plays one game in the terminal.
func main() {
	edition := flag.Int("edition", 2, "rules edition: 1 or 2")
	seed := flag.Uint64("seed", 1, "seed of the game: the same seed deals the same cards")
	nBots := flag.Int("bots", 0, "play against this many bots (1-3) instead of a virtual opponent")
	level := flag.String("level", "greedy", "the bots' level: "+strings.Join(viceroy.BotLevels(), ", "))
	flag.Parse()

	cfg := viceroy.Config{Players: 1, Virtual: 1, Seed: *seed}
	var bots []viceroy.Bot
	if *nBots > 0 {
		cfg = viceroy.Config{Players: 1 + *nBots, Seed: *seed}
		for i := range *nBots {
			b, err := viceroy.NewBot(*level, *seed+uint64(i)+1)
			if err != nil {
				fmt.Fprintln(os.Stderr, "solo:", err)
				os.Exit(2)
			}
			bots = append(bots, b)
		}
	}
	switch *edition {
	case 1:
		cfg.Edition = viceroy.FirstEdition
	case 2:
		cfg.Edition = viceroy.SecondEdition
	default:
		fmt.Fprintln(os.Stderr, "solo: -edition must be 1 or 2")
		os.Exit(2)
	}
	if err := run(os.Stdin, os.Stdout, cfg, bots...); err != nil {
		fmt.Fprintln(os.Stderr, "solo:", err)
		os.Exit(1)
	}
}

// me is the only human player of a solo game.
const me = viceroy.Player(0)

// errQuit ends the game early at the player's wish or at the end of the input.
var errQuit = errors.New("quit")

// run plays one game, reading the player's choices from in and writing everything to out; bots,
// if any, play players 1 and up. It returns nil when the game ends or the input runs out; an error
// only when the game cannot be set up or output fails.
func run(in io.Reader, out io.Writer, cfg viceroy.Config, bots ...viceroy.Bot) error {
	h, err := viceroy.NewHistory(cfg)
	if err != nil {
		return err
	}
	if len(bots) != cfg.Players-1 {
		return fmt.Errorf("%d bots for %d other players", len(bots), cfg.Players-1)
	}
	ui := &terminal{in: bufio.NewScanner(in), out: out, echo: !isTerminal(in)}
	if len(bots) > 0 {
		fmt.Fprintf(out, "Viceroy, %v, seed %d. You are player 0, against %d bots.\n", cfg.Edition, cfg.Seed, len(bots))
	} else {
		fmt.Fprintf(out, "Viceroy solo, %v, seed %d. You play against a virtual opponent.\n", cfg.Edition, cfg.Seed)
	}
	fmt.Fprintln(out, "Type the number of a move and press Enter (h for a hint, q to quit).")
	seen := 0 // the events of the log already told
	for g := h.Game(); !g.Over(); g = h.Game() {
		if q := botToMove(g); q > me {
			v := g.View(q)
			if err := h.Play(q, bots[q-1].Choose(v, v.Legal)); err != nil {
				return fmt.Errorf("the bot of %v: %w", q, err)
			}
			continue
		}
		v := g.View(me)
		if len(v.Legal) == 0 {
			return fmt.Errorf("the game waits for %v, but player 0 has no legal move", v.ToMove)
		}
		log := h.Log(me)
		ui.tell(log[seen:])
		seen = len(log)
		ui.show(v)
		m, err := ui.choose(g, v)
		if errors.Is(err, errQuit) {
			fmt.Fprintf(out, "\nGame left in turn %d. Goodbye.\n", g.Turn())
			return nil
		}
		if err != nil {
			return err
		}
		if err := h.Play(me, m); err != nil {
			// Never happens for a move from Legal; say so and ask again rather than stop.
			fmt.Fprintln(out, "The game refused that move:", err)
		}
	}
	ui.tell(h.Log(me)[seen:])
	ui.final(h.Game())
	return ui.err
}

// botToMove returns the first player other than me who owes a decision, or me if none does.
func botToMove(g viceroy.Game) viceroy.Player {
	for _, q := range g.ToMove() {
		if q != me {
			return q
		}
	}
	return me
}

// terminal is the text interface: what was last shown, to show only what changed.
type terminal struct {
	in      *bufio.Scanner
	out     io.Writer
	err     error // the first write error
	lastBig string
	echo    bool // repeat each answer, since the input does not show on the screen
}

// isTerminal reports whether r is a terminal, where a typed answer shows by itself.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// printf writes to the output and keeps the first write error.
func (t *terminal) printf(format string, args ...any) {
	if _, err := fmt.Fprintf(t.out, format, args...); err != nil && t.err == nil {
		t.err = err
	}
}

// show prints the view: in full when a new kind of decision begins (a new turn, round or phase),
// and only a short status line during the small steps of one action.
func (t *terminal) show(v viceroy.View) {
	big := fmt.Sprintf("%d/%d/%v", v.Turn, v.Round, v.Decision)
	switch v.Decision {
	case viceroy.ChooseStart, viceroy.ChooseBid, viceroy.ChooseDevelopment, viceroy.ChoosePlace,
		viceroy.ChoosePainting, viceroy.ChooseDuel, viceroy.ChooseAuctionDiscard:
		if big != t.lastBig {
			t.lastBig = big
			t.full(v)
			return
		}
	}
	t.printf("\nScreen: %v. Reserve: %v.\n", v.Screen, v.Reserve)
}

// full prints everything the player may see.
func (t *terminal) full(v viceroy.View) {
	t.printf("\n======== ")
	switch {
	case v.Turn == 0:
		t.printf("Setup")
	default:
		t.printf("Turn %d of %d, round %d", v.Turn, viceroy.Turns, v.Round)
	}
	t.printf(": %v ========\n", v.Decision)
	if len(v.Dealt) > 0 {
		t.printf("Your starting cards:\n")
		for _, c := range v.Dealt {
			t.printf("  %v\n", c.Card())
		}
	}
	if v.Turn > 0 {
		t.printf("Auction (decks: large %d, small %d, laws %d):\n", v.Decks.Large, v.Decks.Small, v.Decks.Laws)
		for col, slots := range v.Auction {
			for i, c := range slots {
				if c != 0 {
					t.printf("  %-6v %-4s %v\n", viceroy.Color(col), []string{"base", "tip"}[i], c.Card())
				}
			}
		}
	}
	t.printf("Reserve: %v\n", v.Reserve)
	mine := v.Players[me]
	t.printf("Your screen: %v; attack tokens: %d\n", v.Screen, mine.Attacks)
	if len(v.Hand) > 0 {
		t.printf("Your hand:\n")
		for _, c := range v.Hand {
			t.printf("  %v\n", c.Card())
		}
	} else {
		t.printf("Your hand is empty.\n")
	}
	if len(mine.Tableau.Pyramid.Cards()) > 0 {
		t.printf("Your pyramid:\n%s\n", indent(mine.Tableau.String()))
	}
	if v.Playing != 0 {
		t.printf("Playing: %v\n", v.Playing.Card())
	}
}

// indent indents every line of s by two spaces.
func indent(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }

// choose lists the legal moves and reads the number of one. Input that is not one of the numbers
// asks again; the end of the input or "q" ends the game. A decision with a single legal move (the
// engine asks for a hidden choice even when it is forced, say a pass with no gem to bid) is made
// without asking.
func (t *terminal) choose(g viceroy.Game, v viceroy.View) (viceroy.Move, error) {
	if len(v.Legal) == 1 {
		t.printf("%s: %s, the only choice.\n", capitalize(v.Decision.String()), viceroy.English.Describe(&g, me, v.Legal[0]))
		return v.Legal[0], t.err
	}
	t.printf("%s:\n", capitalize(v.Decision.String()))
	for i, m := range v.Legal {
		t.printf("  %2d. %s\n", i+1, viceroy.English.Describe(&g, me, m))
	}
	for {
		t.printf("Your choice (1-%d): ", len(v.Legal))
		if t.err != nil {
			return viceroy.Move{}, t.err
		}
		if !t.in.Scan() {
			if err := t.in.Err(); err != nil {
				return viceroy.Move{}, err
			}
			t.printf("\nEnd of input.")
			return viceroy.Move{}, errQuit
		}
		text := strings.TrimSpace(t.in.Text())
		if t.echo {
			t.printf("%s\n", text)
		}
		if text == "q" || text == "quit" {
			return viceroy.Move{}, errQuit
		}
		if text == "h" || text == "hint" {
			t.hint(g, v)
			continue
		}
		n, err := strconv.Atoi(text)
		if err != nil || n < 1 || n > len(v.Legal) {
			t.printf("Please type a number from 1 to %d.\n", len(v.Legal))
			continue
		}
		return v.Legal[n-1], nil
	}
}

// hintPlayouts is the search budget of a hint.
const hintPlayouts = 256

// hintValues searches the decision of the view with the hint's budget: what the search found of
// every legal move, in the order of View.Legal.
func hintValues(v viceroy.View) ([]viceroy.MoveValue, error) {
	return viceroy.Analyse(v, viceroy.SearchOptions{Playouts: hintPlayouts, Seed: uint64(v.Turn)})
}

// hint searches the decision and lists the moves, best first, with the share of the playouts each
// won and how many it had: the more playouts, the surer the figure. The best move, the one the
// search would play (viceroy.BestMove: the most playouts, then the better value), is marked with
// a star.
func (t *terminal) hint(g viceroy.Game, v viceroy.View) {
	values, err := hintValues(v)
	if err != nil {
		t.printf("No hint: %v\n", err)
		return
	}
	best := viceroy.BestMove(values)
	t.printf("Hint (%d playouts from what you can see; * marks the move the search would play):\n", hintPlayouts)
	for _, i := range bestFirst(values) {
		mv := values[i]
		mark := " "
		if mv.Move == best {
			mark = "*"
		}
		if v.Config.Players == 1 {
			t.printf(" %s%2d. %s: mean final score %.1f over %d playouts\n", mark, i+1, viceroy.English.Describe(&g, me, mv.Move),
				mv.Margin, mv.Visits)
			continue
		}
		t.printf(" %s%2d. %s: won %.0f%% of %d playouts, mean margin %+.1f\n", mark, i+1, viceroy.English.Describe(&g, me, mv.Move),
			100*mv.WinRate, mv.Visits, mv.Margin)
	}
}

// bestFirst returns the indexes of values in the order the search ranks the moves: the most
// playouts first, then the better value, then the order of the legal moves.
func bestFirst(values []viceroy.MoveValue) []int {
	order := make([]int, len(values))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		va, vb := values[order[a]], values[order[b]]
		return va.Visits > vb.Visits || va.Visits == vb.Visits && va.Value > vb.Value
	})
	return order
}

// capitalize returns s with its first letter in upper case.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// tell prints what happened at the table since the player last decided, as the player saw it:
// the player's own hidden choices are left out (the player made them), the others' show as "has
// chosen" until revealed.
func (t *terminal) tell(events []viceroy.Event) {
	for _, e := range events {
		switch {
		case e.Kind == viceroy.EventChoose && e.Player == me:
		case e.Kind == viceroy.EventTurn, e.Kind == viceroy.EventRound, e.Kind == viceroy.EventPhase:
			t.printf("-- %s\n", e)
		default:
			t.printf("   %s\n", e)
		}
	}
}

// final prints the end of the game: the pyramid and the score sheet.
func (t *terminal) final(g viceroy.Game) {
	tab := g.Tableau(me)
	t.printf("\n======== The game is over ========\n")
	t.printf("Your pyramid:\n%s\n", indent(tab.String()))
	t.printf("Gems left behind the screen: %v\n\n", g.Screen(me))
	sheet := g.Scores()[me]
	t.printf("Score sheet\n%v\n", sheet)
	t.printf("\nYour solo score: %d points.\n", sheet.Total)
}
