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
