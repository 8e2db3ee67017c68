package viceroy

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestHeuristicBeatsBasic plays 2-player games, heuristicBot against basicBot (levels "greedy"
// and "basic"), seats alternating, and requires the heuristic to win clearly more often. (The
// README gives the tournament's figure over 1,000 games.)
func TestHeuristicBeatsBasic(t *testing.T) {
	games := float64(sized(100, 300))
	wins := winsOf(t, int(games), 1000,
		func(s uint64) Bot { return newHeuristicBot(s) }, func(s uint64) Bot { return newBasicBot(s) })
	t.Logf("the heuristic won %.1f of %.0f games against basic", wins, games)
	if wins < 0.7*games {
		t.Fatalf("the heuristic won only %.1f of %.0f games against basic", wins, games)
	}
}

// TestBotCardsMatchCatalogue: the heuristic's copy of the card data is the catalogue's.
func TestBotCardsMatchCatalogue(t *testing.T) {
	for _, c := range Cards() {
		bc := botCards[c.ID]
		if bc.law != c.ID.IsLaw() {
			t.Errorf("%v: law %v", c.ID, bc.law)
		}
		for l := 1; l <= MaxLevel; l++ {
			if bc.cost[l] != c.Cost(l) {
				t.Errorf("%v level %d: cost %v, want %v", c.ID, l, bc.cost[l], c.Cost(l))
			}
		}
		for i, r := range c.Rows {
			if bc.rows[i] != r.Reward {
				t.Errorf("%v row %d: %v, want %v", c.ID, i+1, bc.rows[i], r.Reward)
			}
		}
	}
}

// TestSituationSameFromViewAndGame: the heuristic reads the same facts of a player's position from
// the player's View as from the Game (who is still in the auction and the attack tokens to use
// there, which a situation read from a game reads for bids only), so the playouts of a search
// value moves as the heuristic bot does.
func TestSituationSameFromViewAndGame(t *testing.T) {
	for _, cfg := range []Config{{Players: 3, Seed: 4}, {Players: 2, Virtual: 2, Seed: 5}} {
		sameFromViewAndGame(t, cfg)
	}
}

// sameFromViewAndGame plays a game of cfg by heuristic bots, and at every decision compares the
// situations read from the view and from the game.
func sameFromViewAndGame(t *testing.T, cfg Config) {
	t.Helper()
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	bots := []Bot{newHeuristicBot(1), newHeuristicBot(2), newHeuristicBot(3)}
	for n := 0; !g.Over(); n++ {
		p := g.ToMove()[0]
		v := g.View(p)
		var a, b situation
		a.fromView(v)
		b.fromGame(&g, p, a.playing)
		b.readOpponents()
		handA, handB := a.hand, b.hand // the game's hand is read only for the decisions that need it
		if !needsHand(b.decision) {
			handA = nil
		}
		if a.me != b.me || a.turn != b.turn || a.round != b.round || a.decision != b.decision ||
			a.screen != b.screen || a.reserve != b.reserve || *a.tab != *b.tab || a.auction != b.auction ||
			a.attacks != b.attacks || a.defense != b.defense || a.bonus != b.bonus || a.mono != b.mono ||
			a.magicBonus != b.magicBonus || !slices.Equal(handA, handB) && len(handA)+len(handB) > 0 {
			t.Fatalf("%+v, decision %d (%v): the view and the game read differently (hands %v and %v)", cfg, n, v.Decision, handA, handB)
		}
		if b.decision == ChooseBid && (a.inAuct != b.inAuct || a.virtIn != b.virtIn || a.canAtk != b.canAtk) {
			t.Fatalf("%+v, decision %d: in the auction %b and %d virtual, %d attacks from the view; %b, %d, %d from the game",
				cfg, n, a.inAuct, a.virtIn, a.canAtk, b.inAuct, b.virtIn, b.canAtk)
		}
		if g, err = g.Apply(p, bots[p].Choose(v, v.Legal)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTableauMemoAgreesWithTheGame: at every decision of random games of every mix, the facts the
// heuristic reads of a tableau are what the Tableau's methods count; a situation that reads the
// tableaux through a memo kept from game to game reads what one that builds them afresh does, for
// the player to move and for every player's attack and defence tokens; and, by the 2026
// estimates the playouts use, it values holding each card, and standing it at each level, the
// same.
func TestTableauMemoAgreesWithTheGame(t *testing.T) {
	memo := &tableauMemo{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if lightDecision(g.Decision(p)) {
			return // the memo is not read (TestLightDecisionsReadEnough)
		}
		for _, plain := range []bool{false, true} {
			fresh, kept := situation{plainBids: plain}, situation{plainBids: plain, memo: memo}
			fresh.fromGame(g, p, 0)
			kept.fromGame(g, p, 0)
			fresh.readOpponents()
			kept.readOpponents()
			// countedFacts counts what the tableau's methods count but the attack tokens and the
			// infinite gems, which are held to Count and InfiniteGems here.
			want := countedFacts(fresh.tab)
			if diff := cmp.Diff(want, fresh.tableauFacts, cmp.AllowUnexported(tableauFacts{}),
				cmpopts.IgnoreFields(tableauFacts{}, "attack", "infinite")); diff != "" ||
				fresh.tableauFacts.attack != fresh.tab.Count(AttackToken) || fresh.tableauFacts.infinite != len(fresh.tab.infiniteGems()) {
				t.Fatalf("%+v, turn %d, %v: read %+v, counted %+v", cfg, g.Turn(), p, fresh.tableauFacts, want)
			}
			if *fresh.tab != *kept.tab || fresh.tableauFacts != kept.tableauFacts ||
				fresh.attacks != kept.attacks || fresh.defense != kept.defense {
				t.Fatalf("%+v, turn %d, %v: the memo reads %+v, attacks %v, defence %v; the game %+v, %v, %v",
					cfg, g.Turn(), p, kept.tableauFacts, kept.attacks, kept.defense,
					fresh.tableauFacts, fresh.attacks, fresh.defense)
			}
			if !plain {
				continue
			}
			for c := CardID(1); c <= NumCards; c++ {
				if w, want := kept.holdWorth(c), fresh.holdWorth(c); w != want {
					t.Fatalf("%+v, turn %d, %v: holding %v is worth %v through the memo, %v afresh",
						cfg, g.Turn(), p, c, w, want)
				}
				for l := 1; l <= MaxLevel; l++ {
					if w, want := kept.placeWorth(c, l), fresh.placeWorth(c, l); w != want {
						t.Fatalf("%+v, turn %d, %v: standing %v at level %d is worth %v through the memo, %v afresh",
							cfg, g.Turn(), p, c, l, w, want)
					}
				}
			}
		}
	})
}

// TestLightDecisionsReadEnough: at a light decision the playouts read only the hand, the screen,
// the turn and the pyramid's levels (lightDecision), and every legal move is worth what it is worth
// when the whole position is read.
func TestLightDecisionsReadEnough(t *testing.T) {
	memo := &tableauMemo{}
	seen := map[Decision]int{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		d := g.Decision(p)
		if !lightDecision(d) {
			return
		}
		seen[d]++
		whole, light := situation{plainBids: true}, situation{plainBids: true, memo: memo}
		whole.fromGame(g, p, 0)
		light.fromGame(g, p, 0)
		for _, m := range legal {
			if w, want := light.moveWorth(m), whole.moveWorth(m); w != want {
				t.Fatalf("%+v, turn %d, %v at %v: %v is worth %v read lightly, %v read whole",
					cfg, g.Turn(), p, d, m, w, want)
			}
		}
	})
	for _, d := range []Decision{ChooseGem, ChooseDeck, ChoosePayment, ChoosePainting} {
		if seen[d] == 0 {
			t.Errorf("no decision %v was checked", d)
		}
	}
	t.Logf("light decisions checked: %v", seen)
}

// BenchmarkHeuristicChoose measures one decision of heuristicBot from a view, over the decisions of
// a two-player game.
func BenchmarkHeuristicChoose(b *testing.B) {
	views := decisionViews(b, Config{Players: 2, Seed: 5}, 1)
	bot := newHeuristicBot(1)
	b.ResetTimer()
	for i := range b.N {
		v := views[i%len(views)]
		bot.Choose(v, v.Legal)
	}
}

// TestGreedyDuellistsYieldByPriority plays four-player games of four greedy bots and counts the
// duels (two bidders at a colour of two cards) in which both claimed the same card, so that
// neither took one. By the convention of claimByPriority the duellist second in priority yields:
// such duels must be few. (Before the convention, both claimed the same card in about two duels of
// three.)
func TestGreedyDuellistsYieldByPriority(t *testing.T) {
	type duel struct{ turn, round int }
	same, duels := 0, 0
	for seed := range uint64(sized(10, 40)) {
		g, err := NewGame(Config{Players: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var bots [4]Bot
		for p := range bots {
			bots[p] = newHeuristicBot(seed*8 + uint64(p))
		}
		claims := map[duel][]CardID{}
		for !g.Over() {
			p := g.ToMove()[0]
			v := g.View(p)
			m := bots[p].Choose(v, v.Legal)
			if m.Kind == Claim {
				k := duel{v.Turn, v.Round}
				claims[k] = append(claims[k], m.Card)
			}
			if err := g.Play(p, m); err != nil {
				t.Fatal(err)
			}
		}
		for _, cs := range claims {
			if len(cs) == 2 { // one duel that round (two at once are left out)
				duels++
				if cs[0] == cs[1] {
					same++
				}
			}
		}
	}
	t.Logf("%d duels of %d: both claimed the same card", same, duels)
	if duels < 10 || float64(same) > 0.25*float64(duels) {
		t.Fatalf("%d duels of %d: both claimed the same card; want at least 10 duels, at most a quarter of them", same, duels)
	}
}
