package viceroy

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The tests here pin whole games, as a chess engine's perft pins its move generator: for fixed
// configurations and a fixed chooser, the number of decisions a game takes and a checksum of every
// move and of the outcome. A change to any rule, to the order of any list of legal moves, to who
// owes a decision, or to a draw of chance changes them. The engine's storage can change freely:
// the games are played through the public API only.

// perftGame plays the game of cfg to its end, the players to move and their moves chosen by a PCG
// stream seeded with cfg.Seed, and returns the number of decisions made and a checksum (FNV-64a)
// of every move, with its player, and of the final score sheets.
func perftGame(t *testing.T, cfg Config) (decisions int, sum uint64) {
	t.Helper()
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(cfg.Seed, 0x7065726674)) // "perft"
	h := fnv.New64a()
	for !g.Over() {
		who := g.ToMove()
		p := who[r.IntN(len(who))]
		legal := g.Legal(p)
		m := legal[r.IntN(len(legal))]
		if err := g.Play(p, m); err != nil {
			t.Fatalf("%+v: decision %d: %v %v: %v", cfg, decisions, p, m, err)
		}
		fmt.Fprintf(h, "%d %v\n", p, m)
		decisions++
	}
	for _, s := range g.Scores() {
		fmt.Fprintf(h, "%+v\n", s)
	}
	fmt.Fprintf(h, "winners %v\n", g.Winners())
	return decisions, h.Sum64()
}

// TestPerft pins the decisions and the checksum of one game of each configuration.
func TestPerft(t *testing.T) {
	type result struct {
		Decisions int
		Sum       uint64
	}
	for _, tc := range []struct {
		cfg  Config
		want result
	}{
		{Config{Players: 4, Seed: 1}, result{276, 0x8253e1a5c1d0ebc1}},
		{Config{Players: 4, Seed: 2, Edition: FirstEdition}, result{368, 0xc0db651ca97014fa}},
		{Config{Players: 3, Seed: 3}, result{188, 0x0c729b5c19a0d3dd}},
		{Config{Players: 3, Virtual: 1, Seed: 4}, result{234, 0x8c1978857dadcd1f}},
		{Config{Players: 2, Seed: 5}, result{151, 0x99367ea368572464}},
		{Config{Players: 2, Virtual: 2, Seed: 6, Edition: FirstEdition}, result{194, 0x88f489288212c19d}},
		{Config{Players: 2, Virtual: 1, Seed: 7}, result{159, 0x5bdf067ec0f58a32}},
		{Config{Players: 1, Virtual: 1, Seed: 8}, result{67, 0x31ae8225648c243a}},
		{Config{Players: 1, Virtual: 3, Seed: 9, Edition: FirstEdition}, result{82, 0x183432d851128f58}},
		{Config{Players: 4, Seed: 1 << 40}, result{273, 0xced1b978232fc740}},
	} {
		var got result
		got.Decisions, got.Sum = perftGame(t, tc.cfg)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%+v (-want +got):\n%s", tc.cfg, diff)
		}
	}
}

// splitmix64 is the generator cmd/playouts draws its choices from.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// playouts is the loop of cmd/playouts, through the public API only: games of 4 players with
// seeds 0, 1, ..., one splitmix64 stream (seeded 1) drawing the choices of all of them: with
// anyPlayer a random one of the players to move, else the first, then a random legal move. It
// returns the decisions made and the sum over the games of a checksum of the final screens.
func playouts(t *testing.T, games int, inPlace, anyPlayer bool) (decisions, sum int) {
	t.Helper()
	rng := splitmix64(1)
	var who [MaxPlayers]Player
	var buf [256]Move
	for i := range games {
		g, err := NewGame(Config{Players: 4, Seed: uint64(i)})
		if err != nil {
			t.Fatal(err)
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
				t.Fatalf("game %d: %v", i, err)
			}
			decisions++
		}
		for p := range Player(4) {
			for c, n := range g.Screen(p) {
				sum += (c + 1) * int(n)
			}
		}
	}
	return decisions, sum
}

// TestPlayoutsChecksums pins the figures `go run ./cmd/playouts -games 200` prints, which the
// project quotes with its instruction counts: checksum 24443 with the first player to move
// deciding (-who first), 24337 with a random one of them (-who random), by Apply and by Play
// alike.
func TestPlayoutsChecksums(t *testing.T) {
	for _, tc := range []struct {
		anyPlayer      bool
		decisions, sum int
	}{
		{false, 57122, 24443},
		{true, 57528, 24337},
	} {
		for _, inPlace := range []bool{false, true} {
			decisions, sum := playouts(t, 200, inPlace, tc.anyPlayer)
			if decisions != tc.decisions || sum != tc.sum {
				t.Errorf("any player %v, in place %v: %d decisions, checksum %d; want %d and %d",
					tc.anyPlayer, inPlace, decisions, sum, tc.decisions, tc.sum)
			}
		}
	}
}
