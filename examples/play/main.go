// Command play plays one whole game of Viceroy between bots and prints it as a narrated log: for
// every turn the cards on the auction, what each player revealed in each auction round, who took
// which card, who passed for which gems, then the development rounds (cards played, where, for
// what, with which circle gems and rewards, and what the laws did); at the end the painting, every
// player's pyramid, the score sheets by category and the winners.
//
// It teaches two things. First, the library's main loop: ask the game who owes a decision
// (Game.ToMove), let that player's bot choose among the legal moves of its View, apply the move
// (Game.Apply), until Game.Over. Second, how to tell a story from game values alone: since Apply
// returns a new Game and leaves the old one as it was, the log compares the game before and after
// every move (screens, hands, pyramids, the auction) and reports the differences. Hidden choices
// (bids, development choices) are printed only once every player has chosen and they are revealed.
//
//	go run ./examples/play                          # 4 greedy bots, second edition, seed 1
//	go run ./examples/play -players 3 -seed 7 -edition 1
//	go run ./examples/play -players 2 -virtual 2 -bots mixed
//	go run ./examples/play -players 1               # solo: one bot against a virtual opponent
//
// The same flags and seed always print the same game.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/laar/viceroy"
)

func main() {
	players := flag.Int("players", 4, "human players, each played by a bot (1-4)")
	virtual := flag.Int("virtual", 0, "virtual opponents (a solo game, -players 1, gets 1 unless set)")
	edition := flag.Int("edition", 2, "rules edition: 1 or 2")
	seed := flag.Uint64("seed", 1, "seed of the game and of the bots' choices")
	bots := flag.String("bots", "greedy", "the bots: greedy, random, or mixed (greedy and random seats alternate)")
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
	if err := run(os.Stdout, cfg, *bots); err != nil {
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
		switch k {
		case "greedy":
			bots = append(bots, viceroy.NewGreedyBot(botSeed))
		case "random":
			bots = append(bots, viceroy.NewRandomBot(botSeed))
		default:
			return nil, nil, fmt.Errorf("unknown bots %q (want greedy, random or mixed)", kind)
		}
		names = append(names, k)
	}
	return bots, names, nil
}

// run plays the game and writes its log to w.
func run(w io.Writer, cfg viceroy.Config, botKind string) error {
	bots, botNames, err := newBots(botKind, cfg.Players, cfg.Seed)
	if err != nil {
		return err
	}
	g, err := viceroy.NewGame(cfg)
	if err != nil {
		return err
	}
	n := newNarrator(w, g, botNames)
	for !g.Over() {
		to := g.ToMove()
		if len(to) == 0 {
			return errors.New("the game is not over, but nobody owes a decision")
		}
		p := to[0]
		v := g.View(p)
		m := bots[p].Choose(v, v.Legal)
		next, err := g.Apply(p, m)
		if err != nil {
			return fmt.Errorf("the %s bot of %v: %w", botNames[p], p, err)
		}
		n.step(g, next, p, m)
		g = next
	}
	n.finish(g)
	return nil
}
