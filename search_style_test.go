package viceroy

import (
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSearch2026Unchanged: the yardstick level "search-2026" finds exactly what the
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
			bots[p] = newBasicBot(cfg.Seed + uint64(p))
		}
		for i := 0; !g.Over(); i++ {
			p := g.ToMove()[0]
			v := g.View(p)
			if len(v.Legal) > 1 && i%17 == 0 {
				// 40 playouts a decision, as the digest was taken with (Playouts counts a game of
				// two; a game of four plays half as many).
				opts := SearchOptions{Level: "search-2026", Playouts: exactly(40, cfg.Players), Seed: 3, Workers: 1}
				values, err := Analyse(v, opts)
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

// TestBothLevelsSameAtAnyWorkerCount: for both search levels, with a budget in playouts, the
// analysis is the same with one goroutine or several.
func TestBothLevelsSameAtAnyWorkerCount(t *testing.T) {
	for _, level := range []string{"search", "search-2026"} {
		for _, v := range decisionViews(t, Config{Players: 3, Seed: 21}, 53) {
			var want []MoveValue
			for _, workers := range []int{1, 2, 5} {
				got, err := Analyse(v, SearchOptions{Level: level, Playouts: 30, Workers: workers, Seed: 4})
				if err != nil {
					t.Fatal(err)
				}
				if want == nil {
					want = got
				} else if d := cmp.Diff(want, got); d != "" {
					t.Fatalf("%s: %d workers differ from 1 (-1 +%d):\n%s", level, workers, workers, d)
				}
			}
		}
	}
}

// TestPlayoutsScaleWithPlayers: the budget counts a game of one or two players; a game of n plays
// Playouts*2/n, at least one; 0 is the level's default.
func TestPlayoutsScaleWithPlayers(t *testing.T) {
	for _, c := range []struct {
		opts    SearchOptions
		players int
		want    int
	}{
		{SearchOptions{}, 2, DefaultPlayouts},
		{SearchOptions{}, 4, DefaultPlayouts / 2},
		{SearchOptions{Level: "search"}, 3, DefaultPlayouts * 2 / 3},
		{SearchOptions{Level: "search-2026"}, 1, 256},
		{SearchOptions{Level: "search-2026"}, 4, 128},
		{SearchOptions{Playouts: 40}, 4, 20},
		{SearchOptions{Playouts: 1}, 4, 1},
	} {
		if got := c.opts.playouts(c.players); got != c.want {
			t.Errorf("%+v with %d players: %d playouts, want %d", c.opts, c.players, got, c.want)
		}
	}
}

// TestUnknownSearchLevelRefused: options that name no search level are refused by Analyse and
// NewSearchBot with an error wrapping ErrBadValue.
func TestUnknownSearchLevelRefused(t *testing.T) {
	v := decisionViews(t, Config{Players: 2, Seed: 1}, 7)[0]
	for _, level := range []string{"greedy", "Search", "search-tree", " search"} {
		if _, err := Analyse(v, SearchOptions{Level: level}); !errors.Is(err, ErrBadValue) {
			t.Errorf("Analyse with level %q: %v, want ErrBadValue", level, err)
		}
		if b, err := NewSearchBot(1, SearchOptions{Level: level}); b != nil || !errors.Is(err, ErrBadValue) {
			t.Errorf("NewSearchBot with level %q: %v, %v, want ErrBadValue", level, b, err)
		}
	}
}

// TestTreeGrowsAndPlaysLegally: the trees of "search" grow below the root moves, several decisions
// deep, every player's: the searching player's one for each root move, and the others' one for
// each root move in two-player games and one for all of them with more players; a playout that
// follows them plays only legal moves, so it goes on to the end of the game or to its horizon;
// and "search-2026" grows no tree.
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
			{
				s, err := newSearch(v, SearchOptions{Playouts: exactly(160, len(v.Players)), Workers: 1, Seed: 2})
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
					t.Errorf("%+v turn %d %v, tree %d deep, %d visits below the root", cfg, v.Turn, v.Decision, depth, visits)
				}
				if others < 2 {
					t.Errorf("%+v turn %d %v, the others' deepest tree has %d levels (0: no tree, 1: no move in it)", cfg, v.Turn, v.Decision, others)
				}
				for p := range v.Players {
					first, last := s.roots[0][p], s.roots[len(s.roots)-1][p]
					if want := Player(p) != v.Player && len(v.Players) > 2; len(s.roots) > 1 && (first == last) != want {
						t.Errorf("%+v turn %d %v, player %d's tree shared by the root moves: %v, want %v", cfg, v.Turn, v.Decision, p, first == last, want)
					}
				}
				for m, roots := range s.roots {
					var path []treeStep
					root := roots[v.Player]
					g, stopped := s.pool[0].playOut(v.Legal[m], uint64(m), roots, &path)
					if !g.Over() && (!stopped || g.Turn() < v.Turn+searchHorizon) {
						t.Errorf("%+v turn %d: a playout in the tree stopped at turn %d (by its horizon: %v)", cfg, v.Turn, g.Turn(), stopped)
					}
					if len(path) == 0 && root.visits > 0 {
						t.Errorf("%+v turn %d: a playout made no move in a tree of %d visits", cfg, v.Turn, root.visits)
					}
				}
			}
			if s, err := newSearch(v, SearchOptions{Level: "search-2026", Playouts: 1, Workers: 1}); err != nil || s.roots != nil {
				t.Errorf("search-2026: a tree (%v)", err)
			}
		}
	}
}

// TestSmallStepsByLevel: a search bot of "search-2026", whatever its budget, leaves the small steps
// to the 2026 heuristic, one of "search" to "greedy".
func TestSmallStepsByLevel(t *testing.T) {
	if b := mustSearchBot(1, SearchOptions{Level: "search-2026", Playouts: 9}); !b.h.plainBids {
		t.Error("a search bot of search-2026 makes its small steps as greedy")
	}
	if b := mustSearchBot(1, SearchOptions{}); b.h.plainBids {
		t.Error("a search bot of search makes its small steps as greedy-2026")
	}
	b, err := NewBot("search-2026", 1)
	if sb, ok := b.(*searchBot); err != nil || !ok || !sb.h.plainBids || !sb.opts.flat() {
		t.Errorf("NewBot(search-2026) = %#v, %v", b, err)
	}
}

// TestHalvingCommonSamples: the sequential halving's first round plays every legal move out on the same
// samples, each as often; the budget is spent whole; the moves kept to the end have more visits
// than the others, and BestMove plays one of them.
func TestHalvingCommonSamples(t *testing.T) {
	for _, cfg := range searchConfigs[:2] {
		for _, v := range decisionViews(t, cfg, 31) {
			if len(v.Legal) < 3 {
				continue
			}
			const budget = 100
			s, err := newSearch(v, SearchOptions{Playouts: exactly(budget, len(v.Players)), Workers: 1, Seed: 5})
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
			s, _ = newSearch(v, SearchOptions{Playouts: exactly(budget, len(v.Players)), Workers: 1, Seed: 5})
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

// TestPlayoutsStopAtTheHorizon: a playout of "search" in a game with a horizon (searchHorizon)
// stops at the first decision of the turn that many turns on (counted from the turn its first move
// leads to), unless the game ends first, and is valued then as every player's chance of winning;
// without one it plays on to the end. The 2026 search plays every playout to the end.
func TestPlayoutsStopAtTheHorizon(t *testing.T) {
	valued := 0
	for _, cfg := range searchConfigs {
		for _, v := range decisionViews(t, cfg, 23) {
			for _, opts := range []SearchOptions{{Playouts: 8, Workers: 1}, {Level: "search-2026", Playouts: 8, Workers: 1}} {
				s, err := newSearch(v, opts)
				if err != nil {
					t.Fatal(err)
				}
				po := s.pool[0]
				var nodes [MaxPlayers]*treeNode
				if s.roots != nil {
					nodes = s.roots[0]
				}
				var path []treeStep
				g, stopped := po.playOut(v.Legal[0], 3, nodes, &path)
				horizon := searchHorizon
				if opts.flat() {
					horizon = 0
				}
				switch {
				case horizon == 0:
					if stopped || !g.Over() {
						t.Fatalf("%+v %s turn %d: a playout without a horizon stopped at turn %d", cfg, opts.Level, v.Turn, g.Turn())
					}
				case g.Over():
					if stopped || g.Turn() > v.Turn+horizon+1 {
						t.Fatalf("%+v turn %d: a playout with horizon %d ran to the end at turn %d (stopped: %v)", cfg, v.Turn, horizon, g.Turn(), stopped)
					}
				case !stopped || g.Turn() != v.Turn+horizon && g.Turn() != v.Turn+horizon+1:
					t.Fatalf("%+v turn %d: a playout with horizon %d stopped at turn %d (by the horizon: %v)", cfg, v.Turn, horizon, g.Turn(), stopped)
				case g.Phase() != PhaseAuction || g.Round() != 1:
					t.Fatalf("%+v turn %d: a playout stopped in phase %v round %d, not at the first decision of the turn", cfg, v.Turn, g.Phase(), g.Round())
				default:
					valued++
					o := po.scoreAhead(&g, 0)
					for q := range v.Players {
						if r := o.rewards[q]; !(r > 0 && r < 1) {
							t.Fatalf("%+v turn %d: player %d's reward %v at the horizon", cfg, v.Turn, q, r)
						}
					}
				}
			}
		}
	}
	if valued == 0 {
		t.Error("no playout stopped at a horizon")
	}
}
