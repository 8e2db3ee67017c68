// Command solo lets one person play Viceroy in the terminal against a virtual opponent (the solo
// game of RULES.md section 9).
//
// It teaches how a user interface sits on the library: everything shown comes from the player's
// View (turn, auction, screen, hand, pyramid, the decision asked for and its legal moves), and
// everything done is one Move chosen from View.Legal and passed to Game.Apply. The interface needs
// no knowledge of the rules: the game says what may be decided now, one small decision at a time.
//
//	go run ./examples/solo                 # second edition, seed 1
//	go run ./examples/solo -edition 1 -seed 42
//	yes 1 | go run ./examples/solo         # always take the first choice
//
// Type the number of a move and press Enter; "q" leaves the game. At the end the score sheet is
// printed; a solo game has no winner, only a score.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/laar/viceroy"
)

func main() {
	edition := flag.Int("edition", 2, "rules edition: 1 or 2")
	seed := flag.Uint64("seed", 1, "seed of the game: the same seed deals the same cards")
	flag.Parse()

	cfg := viceroy.Config{Players: 1, Virtual: 1, Seed: *seed}
	switch *edition {
	case 1:
		cfg.Edition = viceroy.FirstEdition
	case 2:
		cfg.Edition = viceroy.SecondEdition
	default:
		fmt.Fprintln(os.Stderr, "solo: -edition must be 1 or 2")
		os.Exit(2)
	}
	if err := run(os.Stdin, os.Stdout, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "solo:", err)
		os.Exit(1)
	}
}

// me is the only human player of a solo game.
const me = viceroy.Player(0)

// errQuit ends the game early at the player's wish or at the end of the input.
var errQuit = errors.New("quit")

// run plays one game, reading the player's choices from in and writing everything to out. It
// returns nil when the game ends or the input runs out; an error only when the game cannot be set
// up or output fails.
func run(in io.Reader, out io.Writer, cfg viceroy.Config) error {
	g, err := viceroy.NewGame(cfg)
	if err != nil {
		return err
	}
	ui := &terminal{in: bufio.NewScanner(in), out: out, echo: !isTerminal(in)}
	fmt.Fprintf(out, "Viceroy solo, %v, seed %d. You play against a virtual opponent.\n", cfg.Edition, cfg.Seed)
	fmt.Fprintln(out, "Type the number of a move and press Enter (q to quit).")
	for !g.Over() {
		v := g.View(me)
		if len(v.Legal) == 0 {
			return fmt.Errorf("the game waits for %v, but player 0 has no legal move", v.ToMove)
		}
		ui.show(v)
		m, err := ui.choose(v)
		if errors.Is(err, errQuit) {
			fmt.Fprintf(out, "\nGame left in turn %d. Goodbye.\n", g.Turn())
			return nil
		}
		if err != nil {
			return err
		}
		next, err := g.Apply(me, m)
		if err != nil {
			// Never happens for a move from Legal; say so and ask again rather than stop.
			fmt.Fprintln(out, "The game refused that move:", err)
			continue
		}
		ui.report(g, next, m)
		g = next
	}
	ui.final(g)
	return ui.err
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
	if mine.Tableau.Pyramid.Len() > 0 {
		t.printf("Your pyramid:\n%s\n", indent(mine.Tableau.String()))
	}
	if v.Playing != 0 {
		t.printf("Playing: %v\n", v.Playing.Card())
	}
}

func indent(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }

// choose lists the legal moves and reads the number of one. Input that is not one of the numbers
// asks again; the end of the input or "q" ends the game. A decision with a single legal move (the
// engine asks for a hidden choice even when it is forced, say a pass with no gem to bid) is made
// without asking.
func (t *terminal) choose(v viceroy.View) (viceroy.Move, error) {
	if len(v.Legal) == 1 {
		t.printf("%s: %s, the only choice.\n", capitalize(v.Decision.String()), describe(v, v.Legal[0]))
		return v.Legal[0], t.err
	}
	t.printf("%s:\n", capitalize(v.Decision.String()))
	for i, m := range v.Legal {
		t.printf("  %2d. %s\n", i+1, describe(v, m))
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
		n, err := strconv.Atoi(text)
		if err != nil || n < 1 || n > len(v.Legal) {
			t.printf("Please type a number from 1 to %d.\n", len(v.Legal))
			continue
		}
		return v.Legal[n-1], nil
	}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// describe explains a move with what the player needs to decide on it: the cost and reward of a
// place, the cards at a colour, the card behind a number.
func describe(v viceroy.View, m viceroy.Move) string {
	switch m.Kind {
	case viceroy.KeepInPyramid:
		r := m.Card.Card().Rows[0].Reward
		return fmt.Sprintf("put %v in the pyramid (reward now: %v)", m.Card, r)
	case viceroy.KeepInHand:
		return fmt.Sprintf("keep %v in the hand", m.Card)
	case viceroy.Bid:
		var cards []string
		for _, c := range v.Auction[m.Color] {
			if c != 0 {
				cards = append(cards, c.String())
			}
		}
		return fmt.Sprintf("bid a %v gem (for %s)", m.Color, strings.Join(cards, " or "))
	case viceroy.Attack:
		return "attack: use an attack token to take any card"
	case viceroy.Pass:
		if v.Decision == viceroy.ChooseBid {
			science := v.Players[me].Tableau.Count(viceroy.Science)
			return fmt.Sprintf("pass (take %d gems)", viceroy.PassGems(science))
		}
		return "pass (play nothing more this turn)"
	case viceroy.Discard:
		if v.Decision == viceroy.ChooseAuctionDiscard {
			return fmt.Sprintf("discard %v from the auction", m.Card)
		}
		return fmt.Sprintf("discard %v for 2 gems", m.Card)
	case viceroy.PlaceCard:
		c := v.Playing
		if c == 0 || c.IsLaw() {
			return fmt.Sprintf("place at %v", m.At)
		}
		level := int(m.At.Level)
		reward := "rows 1-3 or 15 points"
		if level < viceroy.MaxLevel {
			reward = c.Card().Rows[level-1].Reward.String()
		}
		return fmt.Sprintf("place at %v: cost %v, reward %s", m.At, c.Card().Cost(level), reward)
	case viceroy.TakeGem:
		return fmt.Sprintf("take a %v gem (the reserve has %d)", m.Color, v.Reserve[m.Color])
	case viceroy.StayIn:
		return "stay in the auction (take nothing now, bid again next round)"
	case viceroy.Take:
		if v.Decision == viceroy.ChooseDuel {
			for col, slots := range v.Auction {
				if slots[1] == m.Card {
					return fmt.Sprintf("take the %v tip card %v (the virtual opponent's bid discards the base card %v)",
						viceroy.Color(col), m.Card, slots[0])
				}
			}
		}
	case viceroy.PaintBest:
		return "paint the best way with the gems left, and finish"
	}
	return m.String()
}

// report tells what the move changed for the player, comparing the game before and after.
func (t *terminal) report(before, after viceroy.Game, m viceroy.Move) {
	var news, arrived []string
	for _, c := range after.Hand(me) {
		if !slices.Contains(before.Hand(me), c) {
			arrived = append(arrived, c.String())
		}
	}
	if len(arrived) > 0 {
		news = append(news, fmt.Sprintf("into your hand: %s", strings.Join(arrived, ", ")))
	}
	bp, ap := before.Tableau(me).Pyramid, after.Tableau(me).Pyramid
	for _, c := range ap.Cards() {
		if !bp.Has(c) {
			at, _ := ap.Find(c)
			news = append(news, fmt.Sprintf("%v now stands at %v", c, at))
		}
	}
	for col, slots := range before.Auction() {
		for _, c := range slots {
			if c != 0 && !onAuction(after.Auction(), c) && !slices.Contains(after.Hand(me), c) &&
				!ap.Has(c) && !slices.Contains(after.Tableau(me).Tucked(), c) {
				news = append(news, fmt.Sprintf("%v leaves the auction (%v)", c, viceroy.Color(col)))
			}
		}
	}
	sb, sa := before.Screen(me), after.Screen(me)
	if sb != sa {
		news = append(news, fmt.Sprintf("screen now %v", sa))
	}
	if after.Turn() != before.Turn() && after.Turn() > 0 {
		news = append(news, fmt.Sprintf("turn %d begins", after.Turn()))
	}
	if len(news) > 0 {
		t.printf("-> %s.\n", strings.Join(news, "; "))
	}
}

func onAuction(a [viceroy.NumColors][2]viceroy.CardID, c viceroy.CardID) bool {
	for _, slots := range a {
		if slots[0] == c || slots[1] == c {
			return true
		}
	}
	return false
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
