package viceroy

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// decisionViews plays a game of cfg with heuristic bots and returns the view of every k-th
// decision that offers a choice.
func decisionViews(t testing.TB, cfg Config, k int) []View {
	t.Helper()
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]Bot, cfg.Players)
	for p := range bots {
		bots[p] = newHeuristicBot(cfg.Seed + uint64(p))
	}
	var views []View
	for i := 0; !g.Over(); i++ {
		p := g.ToMove()[0]
		v := g.View(p)
		if len(v.Legal) > 1 && i%k == 0 {
			views = append(views, v)
		}
		if g, err = g.Apply(p, bots[p].Choose(v, v.Legal)); err != nil {
			t.Fatal(err)
		}
	}
	return views
}

// The configurations the search tests play: every player count, virtual opponents, both editions.
var searchConfigs = []Config{
	{Players: 2, Seed: 5},
	{Players: 4, Seed: 6},
	{Players: 1, Virtual: 1, Seed: 7},
	{Players: 2, Virtual: 2, Edition: FirstEdition, Seed: 8},
	{Players: 3, Virtual: 1, Seed: 9},
}

// TestAnalyseListsEveryLegalMoveOnce: the analysis has one entry per legal move, in the order of
// View.Legal; the visits add up to the budget; rates and values lie in 0-1; the best move is one
// of them.
func TestAnalyseListsEveryLegalMoveOnce(t *testing.T) {
	const playouts = 24
	for _, cfg := range searchConfigs {
		for _, v := range decisionViews(t, cfg, 37) {
			values, err := Analyse(v, SearchOptions{Playouts: exactly(playouts, len(v.Players)), Seed: 1})
			if err != nil {
				t.Fatalf("%+v turn %d %v: %v", cfg, v.Turn, v.Decision, err)
			}
			if len(values) != len(v.Legal) {
				t.Fatalf("%d values for %d legal moves", len(values), len(v.Legal))
			}
			visits := 0
			for i, mv := range values {
				if mv.Move != v.Legal[i] {
					t.Errorf("value %d is of %v, want %v", i, mv.Move, v.Legal[i])
				}
				if mv.WinRate < 0 || mv.WinRate > 1 || mv.Value < 0 || mv.Value > 1 {
					t.Errorf("%v: win rate %v, value %v out of 0-1", mv.Move, mv.WinRate, mv.Value)
				}
				if cfg.Players == 1 && mv.WinRate != 0 {
					t.Errorf("solo: %v has win rate %v", mv.Move, mv.WinRate)
				}
				if len(v.Legal) <= playouts && mv.Visits == 0 {
					t.Errorf("%v was never tried in %d playouts", mv.Move, playouts)
				}
				visits += mv.Visits
			}
			if visits != playouts {
				t.Errorf("%d visits for %d playouts", visits, playouts)
			}
			best := BestMove(values)
			if !containsMove(v.Legal, best) {
				t.Errorf("best move %v is not legal", best)
			}
		}
	}
}

func containsMove(moves []Move, m Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// TestSearchSamplesKeepTheView: every game the search plays out shows its player exactly the view
// it was given, so the search knows nothing the view hides. The search draws the games it plays
// out from a Sampler of the view (playOut), one per playout seed: at the decision views of the
// search tests, the games a Sampler draws for many seeds show the view.
func TestSearchSamplesKeepTheView(t *testing.T) {
	for _, cfg := range searchConfigs {
		for _, v := range decisionViews(t, cfg, 23) {
			sm, err := NewSampler(v)
			if err != nil {
				t.Fatal(err)
			}
			for seed := range uint64(8) {
				g := sm.Sample(seed)
				if d := cmp.Diff(v, g.View(v.Player), cmpopts.EquateComparable(Tableau{})); d != "" {
					t.Fatalf("%+v turn %d %v: a sampled game shows another view (-given +sampled):\n%s",
						cfg, v.Turn, v.Decision, d)
				}
			}
		}
	}
}

// TestAnalyseSameAtAnyWorkerCount: with a budget in playouts, the analysis is the same with one
// goroutine or several.
func TestAnalyseSameAtAnyWorkerCount(t *testing.T) {
	for _, cfg := range searchConfigs[:2] {
		for _, v := range decisionViews(t, cfg, 41) {
			var want []MoveValue
			for _, workers := range []int{1, 2, 3, 8} {
				got, err := Analyse(v, SearchOptions{Playouts: 30, Workers: workers, Seed: 9})
				if err != nil {
					t.Fatal(err)
				}
				if want == nil {
					want = got
					continue
				}
				if d := cmp.Diff(want, got); d != "" {
					t.Fatalf("%d workers differ from 1 (-1 +%d):\n%s", workers, workers, d)
				}
			}
		}
	}
}

// TestBotsAreDeterministic: a game between bots of fixed seeds (and playout budgets) is the same
// game every time, whatever the number of goroutines the search bot plays out on.
func TestBotsAreDeterministic(t *testing.T) {
	play := func(workers int) Record {
		h, err := NewHistory(Config{Players: 3, Seed: 12})
		if err != nil {
			t.Fatal(err)
		}
		bots := []Bot{mustSearchBot(1, SearchOptions{Playouts: 6, Workers: workers}), newHeuristicBot(2), newBasicBot(3)}
		for g := h.Game(); !g.Over(); g = h.Game() {
			p := g.ToMove()[0]
			v := g.View(p)
			if err := h.Play(p, bots[p].Choose(v, v.Legal)); err != nil {
				t.Fatal(err)
			}
		}
		return h.Record()
	}
	want := play(1)
	for _, workers := range []int{1, 3} {
		if d := cmp.Diff(want, play(workers)); d != "" {
			t.Fatalf("a game with %d workers differs from one with 1:\n%s", workers, d)
		}
	}
}

// TestBotsChooseOnlyLegalMoves: from any position that random play reaches, in any configuration,
// every bundled bot returns one of the legal moves (and does not panic).
func TestBotsChooseOnlyLegalMoves(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		players := rapid.IntRange(1, 4).Draw(rt, "players")
		virtual := rapid.IntRange(0, MaxPlayers-players).Draw(rt, "virtual")
		if players == 1 && virtual == 0 {
			virtual = 1
		}
		cfg := Config{Players: players, Virtual: virtual, Seed: rapid.Uint64().Draw(rt, "seed"),
			Edition: Edition(rapid.IntRange(0, 1).Draw(rt, "edition"))}
		g, err := NewGame(cfg)
		if err != nil {
			rt.Fatal(err)
		}
		steps := rapid.IntRange(0, 400).Draw(rt, "steps")
		random := newRandomBot(cfg.Seed)
		for range steps {
			if g.Over() {
				break
			}
			p := g.ToMove()[0]
			v := g.View(p)
			if g, err = g.Apply(p, random.Choose(v, v.Legal)); err != nil {
				rt.Fatal(err)
			}
		}
		if g.Over() {
			return
		}
		for _, p := range g.ToMove() {
			v := g.View(p)
			for _, b := range []Bot{newBasicBot(1), newHeuristicBot(1), mustSearchBot(1, SearchOptions{Playouts: 6})} {
				if m := b.Choose(v, v.Legal); !containsMove(v.Legal, m) {
					rt.Fatalf("%T chose %v, not among %v", b, m, v.Legal)
				}
			}
		}
	})
}

// TestSearchGoesOnAfterStuckSamples: testdata/views/sampled-screen-cannot-pay.json is a view of a
// four-player game (player 2 placing a card) in which player 3 revealed a play of 60 and player 1
// a discard of 65, both still to resolve. Sample once shuffled such cards out of their hands, so
// that another player could take 60 and the sampled game stopped at a decision with no legal move
// (with the playout seed below). The view now lists both cards in their hands, as the engine's
// views do, and Sample keeps them there: that playout finishes its first game. A view that lacks
// them is refused. (The view was saved before views recalled earlier rounds; the plays of round 1
// it recalls are read from the pyramids: each player's starting card stands at column 0.)
func TestSearchGoesOnAfterStuckSamples(t *testing.T) {
	b, err := os.ReadFile("testdata/views/sampled-screen-cannot-pay.json")
	if err != nil {
		t.Fatal(err)
	}
	var v View
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	s, err := newSearch(v, SearchOptions{Playouts: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	const stuckSeed = 12627419134866722835
	o := s.pool[0].play(v.Legal[1], 1, stuckSeed, [MaxPlayers]*treeNode{}, nil)
	if o.reward <= 0 || o.reward > 1 {
		t.Errorf("outcome %+v, want a finished game", o)
	}
	// The game the playout sampled (a Sampler's, for the playout's seed) plays on to its end.
	sm, err := NewSampler(v)
	if err != nil {
		t.Fatal(err)
	}
	g := sm.Sample(stuckSeed)
	if err := g.Play(v.Player, v.Legal[1]); err != nil {
		t.Fatal(err)
	}
	if err := playOut(g, rand.New(rand.NewPCG(stuckSeed, 1))); err != nil {
		t.Errorf("the game sampled for the stuck seed: %v", err)
	}
	values, err := Analyse(v, SearchOptions{Playouts: 64, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(values) != len(v.Legal) {
		t.Errorf("%d values for %d moves", len(values), len(v.Legal))
	}
	v.Players[3].Hand = nil
	if _, err := Sample(v, 1); !errors.Is(err, ErrBadView) {
		t.Errorf("a view whose revealed play of 60 is in no hand: %v, want ErrBadView", err)
	}
}

func TestAnalyseRefusesViewsWithoutDecision(t *testing.T) {
	g, err := PlayGame(Config{Players: 2, Seed: 1}, newHeuristicBot(1), newHeuristicBot(2))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Analyse(g.View(0), SearchOptions{Playouts: 4}); !errors.Is(err, ErrGameOver) {
		t.Errorf("a finished game: %v, want ErrGameOver", err)
	}
	g = atFirstAuction(t, 2, SecondEdition)
	g = mustApply(t, g, 0, g.Legal(0)[0])
	if _, err := Analyse(g.View(0), SearchOptions{Playouts: 4}); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("a player who has bid: %v, want ErrNotYourTurn", err)
	}
	v := g.View(1)
	v.Players = v.Players[:1]
	if _, err := Analyse(v, SearchOptions{Playouts: 4}); !errors.Is(err, ErrBadView) {
		t.Errorf("a view cut short: %v, want ErrBadView", err)
	}
}

// TestSearchStopsOnTime: a budget in time ends a search whose playout budget it could not finish.
func TestSearchStopsOnTime(t *testing.T) {
	v := decisionViews(t, Config{Players: 2, Seed: 2}, 5)[0]
	start := time.Now()
	values, err := Analyse(v, SearchOptions{Playouts: 1 << 30, Time: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	visits := 0
	for _, mv := range values {
		visits += mv.Visits
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second || visits == 0 || visits >= 1<<30 {
		t.Fatalf("%d playouts in %v for a budget of 20ms", visits, elapsed)
	}
}

// BenchmarkSearchDecision measures one decision of the "search" level (DefaultPlayouts) on one
// goroutine, over the searched decisions of a two-player game.
func BenchmarkSearchDecision(b *testing.B) {
	var views []View
	for _, v := range decisionViews(b, Config{Players: 2, Seed: 5}, 1) {
		if searched(v.Decision) {
			views = append(views, v)
		}
	}
	b.ResetTimer()
	for i := range b.N {
		if _, err := Analyse(views[i%len(views)], SearchOptions{Workers: 1, Seed: uint64(i)}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*DefaultPlayouts), "ns/playout")
}

// TestBotsNeverPanicOnBadViews: a view no game can have, or no legal move, gets an answer from
// every bundled bot, never a panic: one of the legal moves, or the zero Move when there is none.
func TestBotsNeverPanicOnBadViews(t *testing.T) {
	good := decisionViews(t, Config{Players: 2, Seed: 3}, 29)[2]
	edits := map[string]func(v *View){
		"player out of range":   func(v *View) { v.Player = 7 },
		"negative player":       func(v *View) { v.Player = -1 },
		"no players":            func(v *View) { v.Players = nil },
		"a hand of no card":     func(v *View) { v.Hand = []CardID{200} },
		"an auction of no card": func(v *View) { v.Auction[0][0] = 99 },
		"playing no card":       func(v *View) { v.Playing = 250 },
		"too many players": func(v *View) {
			for len(v.Players) <= MaxPlayers {
				v.Players = append(v.Players, v.Players[0])
			}
		},
	}
	bots := []Bot{newRandomBot(1), newBasicBot(1), newHeuristicBot(1), mustSearchBot(1, SearchOptions{Playouts: 4})}
	for name, edit := range edits {
		v := good
		v.Players = append([]PlayerView(nil), good.Players...)
		edit(&v)
		for _, b := range bots {
			if m := b.Choose(v, v.Legal); !containsMove(v.Legal, m) {
				t.Errorf("%s: %T chose %v, not among %v", name, b, m, v.Legal)
			}
		}
	}
	for _, b := range bots {
		if m := b.Choose(good, nil); m != (Move{}) {
			t.Errorf("%T chose %v from no legal move", b, m)
		}
	}
	if m := BestMove(nil); m != (Move{}) {
		t.Errorf("BestMove(nil) = %v", m)
	}
}

// mustSearchBot returns NewSearchBot's bot of options the test knows to be good.
func mustSearchBot(seed uint64, opts SearchOptions) *searchBot {
	b, err := NewSearchBot(seed, opts)
	if err != nil {
		panic(err)
	}
	return b.(*searchBot)
}

// exactly is the Playouts that makes a search of a game of the given players play n playouts.
func exactly(n, players int) int { return n * max(2, players) / 2 }
