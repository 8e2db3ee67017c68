package viceroy

import (
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSearch2026Unchanged: the yardstick level "search-2026" (Style2026) finds exactly what the
// search of the 2026 release found (commit 8c7b2db, before the default style changed), on the
// views of a two- and a four-player game between basic bots (a level unchanged since). The digest
// was taken with that commit's Analyse. If it fails after a change to the heuristic's valuation,
// the yardstick moved with it.
func TestSearch2026Unchanged(t *testing.T) {
	const want uint64 = 0x7b0ffbe545f3909
	h := fnv.New64a()
	for _, cfg := range []Config{{Players: 2, Seed: 5}, {Players: 4, Seed: 6}} {
		g, err := NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]Bot, cfg.Players)
		for p := range bots {
			bots[p] = NewBasicBot(cfg.Seed + uint64(p))
		}
		for i := 0; !g.Over(); i++ {
			p := g.ToMove()[0]
			v := g.View(p)
			if len(v.Legal) > 1 && i%17 == 0 {
				values, err := Analyse(v, SearchOptions{Playouts: 40, Seed: 3, Workers: 1, Style: Style2026})
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(h, "%v\n", values)
			}
			g = mustApply(t, g, p, bots[p].Choose(v, v.Legal))
		}
	}
	if got := h.Sum64(); got != want {
		t.Errorf("digest of the 2026 search's analyses %#x, want %#x", got, want)
	}
}

// TestBothStylesSameAtAnyWorkerCount: for every style, with a budget in playouts, the analysis is
// the same with one goroutine or several, and a bot's game is the same game.
func TestBothStylesSameAtAnyWorkerCount(t *testing.T) {
	for _, style := range []SearchStyle{StyleHalving, StyleTree, StyleHorizon, Style2026} {
		for _, v := range decisionViews(t, Config{Players: 3, Seed: 21}, 53) {
			var want []MoveValue
			for _, workers := range []int{1, 2, 5} {
				got, err := Analyse(v, SearchOptions{Playouts: 20, Workers: workers, Seed: 4, Style: style})
				if err != nil {
					t.Fatal(err)
				}
				if want == nil {
					want = got
				} else if d := cmp.Diff(want, got); d != "" {
					t.Fatalf("style %d: %d workers differ from 1 (-1 +%d):\n%s", style, workers, workers, d)
				}
			}
		}
	}
}

// TestHorizonPlayoutsStop: a playout of the horizon style stops at the first decision of the turn
// searchHorizon turns on, or at the end of the game, never before; the 2026 style plays to the end.
func TestHorizonPlayoutsStop(t *testing.T) {
	for _, cfg := range searchConfigs[:2] {
		for _, v := range decisionViews(t, cfg, 29) {
			for _, style := range []SearchStyle{StyleHorizon, Style2026} {
				s, err := newSearch(v, SearchOptions{Playouts: 1, Workers: 1, Style: style})
				if err != nil {
					t.Fatal(err)
				}
				g := s.pool[0].playOut(v.Legal[0], 7, [MaxPlayers]*treeNode{}, nil)
				stop := v.Turn + searchHorizon
				switch {
				case style == Style2026 && !g.Over():
					t.Errorf("%+v turn %d: a 2026 playout stopped at turn %d", cfg, v.Turn, g.Turn())
				case style == StyleHorizon && !g.Over() && g.Turn() != stop:
					t.Errorf("%+v turn %d: a playout stopped at turn %d, want %d", cfg, v.Turn, g.Turn(), stop)
				case style == StyleHorizon && g.Over() && stop <= Turns:
					t.Errorf("%+v turn %d: a playout went on to the end past turn %d", cfg, v.Turn, stop)
				}
			}
		}
	}
}

// TestWinChance: an even position is an even chance; a lead is more than even, and surer the
// fewer turns are left; the chance stays within 0-1.
func TestWinChance(t *testing.T) {
	if got := winChance(0, 5); got != 0.5 {
		t.Errorf("winChance(0, 5) = %v, want 0.5", got)
	}
	for turns := 0; turns < Turns; turns++ {
		a, b := winChance(5, turns), winChance(5, turns+1)
		if !(a > b && b > 0.5 && a < 1) || math.Abs(winChance(-5, turns)-(1-a)) > 1e-12 {
			t.Errorf("a lead of 5 with %d and %d turns left: %v, %v", turns, turns+1, a, b)
		}
	}
}

// TestTreeGrowsAndPlaysLegally: the trees of StyleTree and StyleHalving grow below the root
// moves, several decisions deep, the searching player's and, in two-player games only, the
// other's; a playout that follows them plays only legal moves, so it goes on to the end of the
// game; and the other styles grow no tree.
func TestTreeGrowsAndPlaysLegally(t *testing.T) {
	var deepest func(n *treeNode) int
	deepest = func(n *treeNode) int {
		d := 0
		for _, c := range n.children {
			d = max(d, 1)
			if c.next != nil {
				d = max(d, 1+deepest(c.next))
			}
		}
		return d
	}
	for _, cfg := range searchConfigs[:2] {
		views := decisionViews(t, cfg, 37)
		for _, v := range views[:len(views)/2] {
			if !searched(v.Decision) {
				continue
			}
			for _, style := range []SearchStyle{StyleTree, StyleHalving} {
				s, err := newSearch(v, SearchOptions{Playouts: 160, Workers: 1, Seed: 2, Style: style})
				if err != nil {
					t.Fatal(err)
				}
				s.run()
				depth, visits, others := 0, 0, 0
				for _, root := range s.roots {
					depth = max(depth, deepest(root[v.Player]))
					visits += root[v.Player].visits
					for p := range v.Players {
						if Player(p) != v.Player && root[p] != nil {
							others = max(others, 1+deepest(root[p]))
						}
					}
				}
				if depth < 2 || visits == 0 || visits > 160 {
					t.Errorf("%+v turn %d %v, style %d: tree %d deep, %d visits below the root", cfg, v.Turn, v.Decision, style, depth, visits)
				}
				if grow := othersGrowTrees(len(v.Players)); grow && others < 2 || !grow && others > 0 {
					t.Errorf("%+v turn %d %v, style %d: the others' deepest tree has %d levels (0: no tree, 1: no move in it)", cfg, v.Turn, v.Decision, style, others)
				}
				for m, roots := range s.roots {
					var path []treeStep
					root := roots[v.Player]
					g := s.pool[0].playOut(v.Legal[m], uint64(m), roots, &path)
					if !g.Over() {
						t.Errorf("%+v turn %d: a playout in the tree stopped at turn %d", cfg, v.Turn, g.Turn())
					}
					if len(path) == 0 && root.visits > 0 {
						t.Errorf("%+v turn %d: a playout made no move in a tree of %d visits", cfg, v.Turn, root.visits)
					}
				}
			}
			for _, style := range []SearchStyle{Style2026, StyleHorizon} {
				if s, err := newSearch(v, SearchOptions{Playouts: 1, Workers: 1, Style: style}); err != nil || s.roots != nil {
					t.Errorf("style %d: a tree (%v)", style, err)
				}
			}
		}
	}
}

// TestSmallStepsByStyle: a SearchBot of Style2026 (the level "search-2026", whatever its budget)
// leaves the small steps to the 2026 heuristic, one of the default style to "greedy".
func TestSmallStepsByStyle(t *testing.T) {
	if b := NewSearchBot(1, SearchOptions{Style: Style2026, Playouts: 9}); !b.h.plainBids {
		t.Error("a SearchBot of Style2026 makes its small steps as greedy")
	}
	if b := NewSearchBot(1, SearchOptions{}); b.h.plainBids {
		t.Error("a SearchBot of the default style makes its small steps as greedy-2026")
	}
	b, err := NewBot("search-2026", 1)
	if sb, ok := b.(*SearchBot); err != nil || !ok || !sb.h.plainBids || sb.opts.Style != Style2026 {
		t.Errorf("NewBot(search-2026) = %#v, %v", b, err)
	}
}

// TestHalvingCommonSamples: StyleHalving's first round plays every legal move out on the same
// samples, each as often; the budget is spent whole; the moves kept to the end have more visits
// than the others, and BestMove plays one of them.
func TestHalvingCommonSamples(t *testing.T) {
	for _, cfg := range searchConfigs[:2] {
		for _, v := range decisionViews(t, cfg, 31) {
			if len(v.Legal) < 3 {
				continue
			}
			const budget = 100
			s, err := newSearch(v, SearchOptions{Playouts: budget, Workers: 1, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			var batch [searchBatch]outcome
			seen := map[int]map[uint64]bool{}
			for s.halving.rounds == 0 || s.halving.next < s.halving.size {
				k := s.nextPlanned(batch[:])
				for _, o := range batch[:k] {
					if seen[o.move] == nil {
						seen[o.move] = map[uint64]bool{}
					}
					seen[o.move][o.sample] = true
				}
			}
			if len(seen) != len(v.Legal) {
				t.Fatalf("%+v turn %d: the first round played %d of %d moves", cfg, v.Turn, len(seen), len(v.Legal))
			}
			for m := range seen {
				if d := cmp.Diff(seen[0], seen[m]); d != "" {
					t.Fatalf("%+v turn %d: moves 0 and %d on different samples:\n%s", cfg, v.Turn, m, d)
				}
			}
			s, _ = newSearch(v, SearchOptions{Playouts: budget, Workers: 1, Seed: 5})
			s.run()
			values := s.values()
			total, in := 0, map[int]bool{}
			for _, m := range s.halving.alive {
				in[m] = true
			}
			for m, mv := range values {
				total += mv.Visits
				for a := range in {
					if !in[m] && mv.Visits >= values[a].Visits {
						t.Errorf("%+v turn %d: move %d, out, has %d visits, move %d, kept, %d", cfg, v.Turn, m, mv.Visits, a, values[a].Visits)
					}
				}
			}
			best := BestMove(values)
			if total != budget || !in[slices.IndexFunc(values, func(mv MoveValue) bool { return mv.Move == best })] {
				t.Errorf("%+v turn %d: %d visits for %d playouts; best %v not among the kept %v", cfg, v.Turn, total, budget, best, s.halving.alive)
			}
		}
	}
}

// TestBackUpRewardsEachPlayer: a playout's steps in the trees are each rewarded with the reward of
// the player whose step it was, and a move tried treeExpand times gets a node of its own.
func TestBackUpRewardsEachPlayer(t *testing.T) {
	mine, theirs := &treeNode{}, &treeNode{}
	bid := Move{Kind: Bid, Color: Red}
	path := []treeStep{{node: mine, move: Move{Kind: Pass}, player: 0}, {node: theirs, move: bid, player: 1}}
	rewards := [MaxPlayers]float64{0.25, 0.75}
	for range treeExpand {
		backUp(path, &rewards)
	}
	want := []treeChild{{move: Move{Kind: Pass}, visits: treeExpand, reward: 0.25 * treeExpand, next: &treeNode{}}}
	if d := cmp.Diff(want, mine.children, cmp.AllowUnexported(treeChild{}, treeNode{})); d != "" || mine.visits != treeExpand {
		t.Errorf("the searcher's node (-want +got):\n%s", d)
	}
	want = []treeChild{{move: bid, visits: treeExpand, reward: 0.75 * treeExpand, next: &treeNode{}}}
	if d := cmp.Diff(want, theirs.children, cmp.AllowUnexported(treeChild{}, treeNode{})); d != "" || theirs.visits != treeExpand {
		t.Errorf("the other's node (-want +got):\n%s", d)
	}
}
