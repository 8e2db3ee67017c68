// Command play plays one whole game of Viceroy between bots and tells it, the same way every time
// for the same flags and seed.
//
// By default it tells the game in short, for a first look: the starting cards; for every turn, a
// line for each player with the cards taken at the auction (or the gems got for passing) and the
// cards played into the pyramid or discarded; the cards that left the auction unclaimed; how many
// circles each player painted; and the score sheets side by side, with the winners. A four-player
// game takes about a hundred lines.
//
// With -full it prints the table's log as an onlooker saw it, turn by turn (the cards that come to
// the auction, every bid and pass once revealed, who took which card, every card played with what
// it cost and what it gave, what the laws did, the painting), then every player's pyramid, the
// score sheets by category and the winners.
//
// It shows two things. First, the library's main loop: ask the game who owes a decision
// (Game.ToMove), let that player's bot choose among the legal moves of its View, and make the move,
// until the game is over. Second, the table's log: a History keeps the game with its record and
// its events, and History.Log gives them as one player (here, an onlooker) saw them, as typed
// Event values that a program can sum up (the short telling) or print in words (Event.String, the
// full one). An onlooker sees a hidden choice only once it is revealed, and never the cards dealt
// or drawn from a deck.
//
//	go run ./examples/play                          # 4 greedy bots, second edition, seed 1
//	go run ./examples/play -full                    # the same game, every event
//	go run ./examples/play -players 3 -seed 7 -edition 1
//	go run ./examples/play -players 2 -virtual 2 -bots mixed
//	go run ./examples/play -players 2 -bots search  # the searching bot, a few seconds a game
//	go run ./examples/play -players 1               # solo: one bot against a virtual opponent
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/laar/viceroy"
)

// main reads the flags, plays the game and tells it on the standard output.
func main() {
	players := flag.Int("players", 4, "human players, each played by a bot (1-4)")
	virtual := flag.Int("virtual", 0, "virtual opponents (a solo game, -players 1, gets 1 unless set)")
	edition := flag.Int("edition", 2, "rules edition: 1 or 2")
	seed := flag.Uint64("seed", 1, "seed of the game and of the bots' choices")
	bots := flag.String("bots", "greedy", "the bots: a level of viceroy.BotLevels() ("+
		strings.Join(viceroy.BotLevels(), ", ")+"), or mixed (greedy and random seats alternate)")
	full := flag.Bool("full", false, "tell every event of the table's log, and draw every pyramid")
	flag.Parse()

	cfg := viceroy.Config{Players: *players, Virtual: *virtual, Seed: *seed}
	virtualSet := false
	flag.Visit(func(f *flag.Flag) { virtualSet = virtualSet || f.Name == "virtual" })
	if cfg.Players == 1 && !virtualSet {
		cfg.Virtual = 1
	}
	switch *edition {
	case 1:
		cfg.Edition = viceroy.FirstEdition
	case 2:
		cfg.Edition = viceroy.SecondEdition
	default:
		fmt.Fprintln(os.Stderr, "play: -edition must be 1 or 2")
		os.Exit(2)
	}
	if err := run(os.Stdout, cfg, *bots, *full); err != nil {
		fmt.Fprintln(os.Stderr, "play:", err)
		os.Exit(1)
	}
}

// newBots returns one bot per player and its name. Every bot's choices follow from the seed, so a
// game is repeatable.
func newBots(kind string, players int, seed uint64) ([]viceroy.Bot, []string, error) {
	var bots []viceroy.Bot
	var names []string
	for p := range players {
		botSeed := seed*1_000_003 + uint64(p)
		k := kind
		if kind == "mixed" {
			k = []string{"greedy", "random"}[p%2]
		}
		b, err := viceroy.NewBot(k, botSeed)
		if err != nil {
			return nil, nil, fmt.Errorf("unknown bots %q (want a level of %s, or mixed)", kind,
				strings.Join(viceroy.BotLevels(), ", "))
		}
		bots = append(bots, b)
		names = append(names, k)
	}
	return bots, names, nil
}

// playGame plays a whole game of cfg with bots of botKind and returns its history and the bots'
// names.
func playGame(cfg viceroy.Config, botKind string) (*viceroy.History, []string, error) {
	bots, botNames, err := newBots(botKind, cfg.Players, cfg.Seed)
	if err != nil {
		return nil, nil, err
	}
	h, err := viceroy.NewHistory(cfg)
	if err != nil {
		return nil, nil, err
	}
	for g := h.Game(); !g.Over(); g = h.Game() {
		to := g.ToMove()
		if len(to) == 0 {
			return nil, nil, errors.New("the game is not over, but nobody owes a decision")
		}
		p := to[0]
		v := g.View(p)
		if err := h.Play(p, bots[p].Choose(v, v.Legal)); err != nil {
			return nil, nil, fmt.Errorf("the %s bot of %v: %w", botNames[p], p, err)
		}
	}
	return h, botNames, nil
}

// run plays the game and writes it to w: the short telling, or with full the whole log, the
// pyramids and the score sheets.
func run(w io.Writer, cfg viceroy.Config, botKind string, full bool) error {
	h, botNames, err := playGame(cfg, botKind)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "Viceroy, %v, %d player%s (%s)", cfg.Edition, cfg.Players, plural(cfg.Players),
		strings.Join(botNames, ", "))
	if cfg.Virtual > 0 {
		fmt.Fprintf(w, " and %d virtual opponent%s", cfg.Virtual, plural(cfg.Virtual))
	}
	fmt.Fprintf(w, ", seed %d.\n", cfg.Seed)
	if full {
		narrate(w, h.Log(-1))
		finish(w, h.Game())
		return nil
	}
	fmt.Fprintln(w, "One line per player per turn: the auction, then the cards played. Run with -full for every event.")
	summarize(w, h.Log(-1), cfg.Players)
	scoreTable(w, h.Game())
	return nil
}

// narrate writes the log: a heading for each turn, each phase and each round, the other events
// indented, with a player's gems taken one at a time told together. A heading with nothing under
// it is left out; the painting, hidden from the table until the game is over, is told in the
// painting phase.
func narrate(w io.Writer, log []viceroy.Event) {
	var pending []string // headings waiting for an event to stand over
	flush := func() {
		for _, h := range pending {
			fmt.Fprint(w, h)
		}
		pending = pending[:0]
	}
	for i := 0; i < len(log); i++ {
		e := log[i]
		switch e.Kind {
		case viceroy.EventDeal, viceroy.EventChoose:
			continue // an onlooker sees only that cards were dealt and choices made
		case viceroy.EventTurn:
			pending = append(pending[:0], fmt.Sprintf("\nTurn %d.\n", e.Turn))
			continue
		case viceroy.EventRound:
			if n := len(pending); n > 0 && strings.HasPrefix(pending[n-1], "  ") {
				pending = pending[:n-1] // the previous round told nothing
			}
			pending = append(pending, fmt.Sprintf("  %v round %d:\n", e.Phase, e.Round))
			continue
		case viceroy.EventPhase:
			if e.Phase == viceroy.PhaseOver {
				// The painting is revealed now; tell it under the painting's heading.
				for i+1 < len(log) && log[i+1].Kind == viceroy.EventPaint {
					i++
					flush()
					fmt.Fprintf(w, "    %s\n", log[i])
				}
				pending = pending[:0]
				fmt.Fprintf(w, "\n%s.\n", capitalize(e.String()))
				continue
			}
			for len(pending) > 0 && !strings.HasPrefix(pending[len(pending)-1], "\nTurn") {
				pending = pending[:len(pending)-1] // a phase that told nothing
			}
			pending = append(pending, fmt.Sprintf("\n%s.\n", capitalize(e.String())))
			continue
		case viceroy.EventPaint:
			if e.Hidden {
				continue // told once the game is over
			}
		case viceroy.EventGems:
			for i+1 < len(log) && log[i+1].Kind == viceroy.EventGems && log[i+1].Player == e.Player {
				i++
				e.Gems = e.Gems.Plus(log[i].Gems)
			}
		case viceroy.EventKeepStart, viceroy.EventReturnStart, viceroy.EventDraw:
			flush()
			i = tellTogether(w, log, i)
			continue
		}
		flush()
		fmt.Fprintf(w, "    %s\n", e)
	}
}

// tellTogether tells the run of setup choices and draws that starts at log[i], each line once in
// the order it first comes, with how many times it came (as a player drawing three unseen law
// cards), and returns the index of the run's last event.
func tellTogether(w io.Writer, log []viceroy.Event, i int) int {
	var lines []string
	times := map[string]int{}
	for ; i < len(log); i++ {
		switch log[i].Kind {
		case viceroy.EventKeepStart, viceroy.EventReturnStart, viceroy.EventDraw:
			line := log[i].String()
			if times[line] == 0 {
				lines = append(lines, line)
			}
			times[line]++
			continue
		}
		break
	}
	for _, line := range lines {
		if n := times[line]; n > 1 {
			line += fmt.Sprintf(" (%d times)", n)
		}
		fmt.Fprintf(w, "    %s\n", line)
	}
	return i - 1
}

// finish writes every pyramid, the score sheets and the winners.
func finish(w io.Writer, g viceroy.Game) {
	fmt.Fprintln(w)
	for p := range viceroy.Player(g.Config().Players) {
		fmt.Fprintf(w, "%v's pyramid:\n%s\n\n", p, g.Tableau(p))
	}
	for _, s := range g.Scores() {
		fmt.Fprintln(w, s)
	}
	fmt.Fprintln(w)
	tellWinners(w, g)
}

// tellWinners writes who won, with how many points, or a solo game's score.
func tellWinners(w io.Writer, g viceroy.Game) {
	winners := g.Winners()
	if len(winners) == 0 {
		fmt.Fprintf(w, "Solo game: %v scores %d.\n", viceroy.Player(0), g.Scores()[0].Total)
		return
	}
	names := make([]string, len(winners))
	for i, p := range winners {
		names[i] = p.String()
	}
	fmt.Fprintf(w, "Winner%s: %s with %d points.\n", plural(len(names)), strings.Join(names, " and "),
		g.Scores()[winners[0]].Total)
}

// plural returns the ending of a noun counted n times: "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// capitalize returns s with its first letter in upper case.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
