// Command playouts plays seeded random 4-player games through the public search loop, for
// measuring what a game costs in instructions (see callgrind.sh beside it).
//
// Each game is NewGame with seed i; at each decision a player of AppendToMove chooses among
// AppendLegal (both into buffers reused across games) with a splitmix64 generator, in a loop of
// `for !g.Over()`. With -loop apply the move is made with Apply, with -loop play in place with
// Play. With -who first the first player to move decides; with -who random (the loop a user
// writes) a random one of the players to move. It prints the number of games, the decisions made and a checksum of the final
// screens, so that both loops can be seen to play the same games.
//
// With -kind, the loop a user writes (Play, a random one of the players to move) lists and plays
// the decisions of the kinds named through functions of their own, which callgrind then charges
// apart from the rest: bykind.sh beside it prints what each kind of decision costs.
//
//	go run ./cmd/playouts -games 200 -loop play -who random
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/laar/viceroy"
)

// splitmix64 is the generator that draws the choices.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func main() {
	games := flag.Int("games", 200, "number of games to play")
	loop := flag.String("loop", "apply", "apply (Apply by value) or play (Play in place)")
	who := flag.String("who", "first", "first (the first player to move) or random (any of them, for !g.Over())")
	kind := flag.String("kind", "", "decisions (short names as in JSON, comma-separated) to list and play apart, for bykind.sh; the loop is then Play with a random player to move, whatever -loop and -who say")
	flag.Parse()
	if *kind != "" {
		kinds, err := parseKinds(*kind)
		if err != nil {
			fmt.Fprintln(os.Stderr, "playouts:", err)
			os.Exit(2)
		}
		decisions, measured, err := runByKind(*games, &kinds)
		if err != nil {
			fmt.Fprintln(os.Stderr, "playouts:", err)
			os.Exit(1)
		}
		fmt.Printf("games %d decisions %d measured %d\n", *games, decisions, measured)
		return
	}
	if *loop != "apply" && *loop != "play" || *who != "first" && *who != "random" {
		fmt.Fprintf(os.Stderr, "playouts: -loop %q -who %q: want apply or play, and first or random\n", *loop, *who)
		os.Exit(2)
	}
	decisions, sum, err := run(*games, *loop == "play", *who == "random")
	if err != nil {
		fmt.Fprintln(os.Stderr, "playouts:", err)
		os.Exit(1)
	}
	fmt.Printf("games %d decisions %d checksum %d\n", *games, decisions, sum)
}

// run plays the games and returns the decisions made and a checksum of the final screens: for
// !g.Over(), the first of the players to move decides, or with anyPlayer a random one of them.
func run(games int, inPlace, anyPlayer bool) (decisions, sum int, err error) {
	rng := splitmix64(1)
	var who [viceroy.MaxPlayers]viceroy.Player
	var buf [256]viceroy.Move
	for i := range games {
		g, err := viceroy.NewGame(viceroy.Config{Players: 4, Seed: uint64(i)})
		if err != nil {
			return decisions, sum, err
		}
		for !g.Over() {
			toMove := g.AppendToMove(who[:0])
			p := toMove[0]
			if anyPlayer {
				p = toMove[rng.next()%uint64(len(toMove))]
			}
			moves := g.AppendLegal(buf[:0], p)
			m := moves[rng.next()%uint64(len(moves))]
			if inPlace {
				err = g.Play(p, m)
			} else {
				g, err = g.Apply(p, m)
			}
			if err != nil {
				return decisions, sum, fmt.Errorf("game %d: %v", i, err)
			}
			decisions++
		}
		sum += screens(g)
	}
	return decisions, sum, nil
}

// screens returns a checksum of the final screens of g.
func screens(g viceroy.Game) (sum int) {
	for p := range viceroy.Player(4) {
		for c, n := range g.Screen(p) {
			sum += (c + 1) * int(n)
		}
	}
	return sum
}

// kindSet holds the decisions measured apart: kindSet[d] for decision d.
type kindSet [256]bool

// parseKinds reads -kind: decisions by their short names (Decision.MarshalText), comma-separated.
func parseKinds(s string) (kindSet, error) {
	var kinds kindSet
	for _, name := range strings.Split(s, ",") {
		var d viceroy.Decision
		if err := d.UnmarshalText([]byte(name)); err != nil || d == viceroy.NoDecision {
			return kindSet{}, fmt.Errorf("-kind: no decision %q (the short names are those of Decision.MarshalText: bid, gem, development, ...)", name)
		}
		kinds[d] = true
	}
	return kinds, nil
}

// runByKind plays the games of run with Play and a random one of the players to move, and lists
// and plays each decision of kinds through listKind and playKind. It returns the decisions made
// and how many of them were of kinds. The games are run's: the kind is asked (Game.Decision)
// outside the two functions, and nothing else differs. It is a loop of its own, not an option of
// run's, so that the loops callgrind.sh measures carry no test of the kind.
func runByKind(games int, kinds *kindSet) (decisions, measured int, err error) {
	rng := splitmix64(1)
	var who [viceroy.MaxPlayers]viceroy.Player
	var buf [256]viceroy.Move
	for i := range games {
		g, err := viceroy.NewGame(viceroy.Config{Players: 4, Seed: uint64(i)})
		if err != nil {
			return decisions, measured, err
		}
		for !g.Over() {
			toMove := g.AppendToMove(who[:0])
			p := toMove[rng.next()%uint64(len(toMove))]
			apart := kinds[g.Decision(p)]
			var moves []viceroy.Move
			if apart {
				moves = listKind(&g, buf[:0], p)
			} else {
				moves = g.AppendLegal(buf[:0], p)
			}
			m := moves[rng.next()%uint64(len(moves))]
			if apart {
				err = playKind(&g, p, m)
				measured++
			} else {
				err = g.Play(p, m)
			}
			if err != nil {
				return decisions, measured, fmt.Errorf("game %d: %v", i, err)
			}
			decisions++
		}
	}
	return decisions, measured, nil
}

// listKind is AppendLegal for a decision of the kinds measured: callgrind charges it apart.
//
//go:noinline
func listKind(g *viceroy.Game, dst []viceroy.Move, p viceroy.Player) []viceroy.Move {
	return g.AppendLegal(dst, p)
}

// playKind is Play for a decision of the kinds measured, with the game run on to the next
// decision that asks for a choice: callgrind charges it apart.
//
//go:noinline
func playKind(g *viceroy.Game, p viceroy.Player, m viceroy.Move) error {
	return g.Play(p, m)
}
