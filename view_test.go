package viceroy

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestViewHidesHiddenFacts plays random games and, at random decisions, checks what a player's
// view must keep from them: another player's hidden choice, until it is revealed (every choice the
// other player could make leaves the view byte for byte the same); everything a game sampled from
// the view may hold otherwise (the order of the decks, the other players' cards and gems that the
// table did not see: Sample draws them afresh, and the sampled game shows the same view); and of
// another player's hand, no more than cards that are in it.
func TestViewHidesHiddenFacts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := Config{Players: rapid.IntRange(2, 4).Draw(t, "players"), Seed: rapid.Uint64().Draw(t, "seed"),
			Edition: Edition(rapid.IntRange(0, 1).Draw(t, "edition"))}
		cfg.Virtual = rapid.IntRange(0, MaxPlayers-cfg.Players).Draw(t, "virtual")
		r := rand.New(rand.NewPCG(cfg.Seed, 31))
		g, err := NewGame(cfg)
		if err != nil {
			t.Fatalf("%v", err)
		}
		hidden := map[Decision]bool{ChooseStart: true, ChooseBid: true, ChooseDevelopment: true, ChooseClaim: true, ChoosePainting: true}
		for !g.Over() {
			p := Player(r.IntN(cfg.Players))
			if r.IntN(8) == 0 {
				v := g.View(p)
				want := viewJSON(t, v)
				for q := range Player(cfg.Players) {
					if q == p {
						continue
					}
					for _, c := range v.Players[q].Hand {
						if !handHas(&g, q, c) {
							t.Fatalf("%v's view shows %v in %v's hand, which does not hold it", p, c, q)
						}
					}
					legal := g.Legal(q)
					if !hidden[g.Decision(q)] || len(legal) < 2 || len(g.ToMove()) < 2 {
						continue // no hidden choice, or the last one: revealed at once
					}
					if g.Decision(q) == ChoosePainting {
						// Painting is a sequence of decisions (one circle at a time); the moves
						// that end it are compared: the others see nothing of the painting.
						legal = slices.DeleteFunc(legal, func(m Move) bool { return m.Kind == Paint })
					}
					var first []byte
					for i, m := range legal {
						next, err := g.Apply(q, m)
						if err != nil {
							t.Fatalf("%v %v: %v", q, m, err)
						}
						got := viewJSON(t, next.View(p))
						if i == 0 {
							first = got
						} else if !bytes.Equal(got, first) {
							t.Fatalf("%v's view depends on %v's hidden %v:\n%s\n%s", p, q, m, got, first)
						}
					}
				}
				s, err := Sample(v, r.Uint64())
				if err != nil {
					t.Fatalf("%v's view: %v", p, err)
				}
				if got := viewJSON(t, s.View(p)); !bytes.Equal(got, want) {
					t.Fatalf("a game sampled from %v's view shows another:\n%s\n%s", p, want, got)
				}
			}
			who := g.ToMove()
			q := who[r.IntN(len(who))]
			moves := g.Legal(q)
			g, _ = g.Apply(q, moves[r.IntN(len(moves))])
		}
	})
}

// TestViewJSONRoundTrip: views survive encoding/json, tableaux included, at every decision of a
// game with and without virtual opponents.
func TestViewJSONRoundTrip(t *testing.T) {
	for _, cfg := range []Config{{Players: 3, Seed: 9}, {Players: 2, Virtual: 2, Seed: 9}} {
		g, err := NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(cfg.Seed, 3))
		for !g.Over() {
			viewRoundTrip(t, g)
			p := g.ToMove()[0]
			moves := g.Legal(p)
			g = mustApply(t, g, p, moves[r.IntN(len(moves))])
		}
		viewRoundTrip(t, g)
	}
}

// viewRoundTrip checks that every player's view of g survives encoding/json.
func viewRoundTrip(t *testing.T, g Game) {
	t.Helper()
	for p := range int(g.players) {
		v := g.View(Player(p))
		b := viewJSON(t, v)
		var back View
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !bytes.Equal(viewJSON(t, back), b) {
			t.Fatalf("view changed through JSON")
		}
		for q, pv := range back.Players {
			if pv.Tableau != v.Players[q].Tableau {
				t.Fatalf("player %d's tableau changed through JSON", q)
			}
		}
	}
}

// TestTableauJSONParked: gems parked on Treasury and on a Succession that replaced it are written
// on their cards and read back there.
func TestTableauJSONParked(t *testing.T) {
	in := `{"cards":[{"card":76,"at":{"level":1,"col":0},"parked":{"blue":0,"green":0,"red":2,"yellow":0}},` +
		`{"card":65,"at":{"level":1,"col":1},"parked":{"blue":1,"green":0,"red":0,"yellow":0}}]}`
	var tab Tableau
	if err := json.Unmarshal([]byte(in), &tab); err != nil {
		t.Fatal(err)
	}
	got := [3]Gems{tab.Holding(lawTreasury).Parked, tab.Holding(lawSuccession).Parked, tab.parkedGems()}
	if want := [3]Gems{{Red: 2}, {Blue: 1}, {Blue: 1, Red: 2}}; got != want {
		t.Errorf("parked on Treasury, on Succession, in all: %v, want %v", got, want)
	}
	if pts := tab.lawPoints(lawTreasury); pts != 4 {
		t.Errorf("Treasury scores %d, want 4 for its own 2 gems", pts)
	}
	if out, err := json.Marshal(tab); err != nil || string(out) != in {
		t.Errorf("encodes to %s (%v), want %s", out, err, in)
	}
}

func TestTableauJSONRejects(t *testing.T) {
	for _, in := range []string{
		`{"cards":[{"card":1,"at":{"level":2,"col":0}}]}`,                                         // nothing below
		`{"cards":[{"card":1,"at":{"level":1,"col":0}},{"card":2,"at":{"level":1,"col":2}}]}`,     // gap
		`{"cards":[{"card":1,"at":{"level":1,"col":0}},{"card":1,"at":{"level":1,"col":1}}]}`,     // twice
		`{"cards":[{"card":99,"at":{"level":1,"col":0}}]}`,                                        // no card
		`{"cards":[{"card":1,"at":{"level":1,"col":0},"painted":"red"}]}`,                         // no circle
		`{"cards":[{"card":1,"at":{"level":1,"col":0}}],"tucked":[{"card":5,"under":9}]}`,         // host absent
		`{"cards":[{"card":1,"at":{"level":1,"col":0},"tokens":[{"kind":"points","value":99}]}]}`, // bad token
		`{"cards":[{"card":1,"at":{"level":1,"col":0},"parked":{"red":1}}]}`,                      // parked off Treasury
		`{"cards":[{"card":66,"at":{"level":1,"col":0}}]}`,                                        // Endowment never stands
	} {
		var tab Tableau
		if err := json.Unmarshal([]byte(in), &tab); err == nil {
			t.Errorf("%s accepted", in)
		}
	}
}

// TestViewHidesForcedChoices: a player whose hidden choice has a single legal move (a bid that can
// only be a pass, say) is still asked for it, as every player who owes the choice is. Were it made
// at once, the others would see before choosing that it was forced, which depends on what is hidden
// (the colours behind the screen). At every bid decision of random games, every human in the
// auction who has not chosen and does not skip it is to move.
func TestViewHidesForcedChoices(t *testing.T) {
	forced := 0
	atEveryDecisionOf(t, devGames, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.Decision(p) != ChooseBid || p != g.ToMove()[0] {
			return
		}
		for q := range Player(cfg.Players) {
			v := g.View(q)
			owed := v.Players[q].InAuction && len(v.Chosen) == 0 && !slices.Contains(v.Progress.Skipping, q)
			if owed != slices.Contains(g.ToMove(), q) {
				t.Fatalf("%+v: %v in the auction %v, chose %v: to move %v", cfg, q, v.Players[q].InAuction, v.Chosen, g.ToMove())
			}
			if owed && len(g.Legal(q)) == 1 {
				forced++
			}
		}
	})
	if forced == 0 {
		t.Error("no player with a single bid was met")
	}
}

// TestViewShowsRevealedFacts: once an auction round's choices are revealed, everyone sees every
// human's choice and every virtual opponent's bid, and the cards put out of the game.
func TestViewShowsRevealedFacts(t *testing.T) {
	t.Run("auction", func(t *testing.T) {
		g, err := NewGame(Config{Players: 2, Virtual: 1, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		for g.Phase() != PhaseAuction {
			p := g.ToMove()[0]
			g = mustApply(t, g, p, g.Legal(p)[0])
		}
		v := g.View(0)
		if v.Revealed != nil || len(v.Virtual) != 1 || !v.Virtual[0].InAuction || v.Virtual[0].Bid != nil || len(v.Discarded) != 0 {
			t.Fatalf("before the reveal: revealed %v, virtual %+v, discarded %v", v.Revealed, v.Virtual, v.Discarded)
		}
		// Both humans pass; the virtual opponent, alone on its colour, discards the base card
		// there, and the humans take their pass gems.
		g = applyAll(t, g, pass(0), pass(1))
		v = g.View(1)
		if want := []PlayerMove{{0, Move{Kind: Pass}}, {1, Move{Kind: Pass}}}; !cmp.Equal(v.Revealed, want) {
			t.Errorf("revealed %v, want both passes", v.Revealed)
		}
		if len(v.Virtual) != 1 || v.Virtual[0].Bid == nil || v.Virtual[0].InAuction {
			t.Fatalf("virtual opponent %+v: want its revealed bid, and out of the auction", v.Virtual)
		}
		if bid := *v.Virtual[0].Bid; len(v.Discarded) != 1 || !discardedCard(&g, v.Discarded[0]) {
			t.Errorf("the virtual opponent's %v bid discarded %v", bid, v.Discarded)
		}
	})
	t.Run("development", func(t *testing.T) {
		g := atDevelopment(t, 2, SecondEdition)
		card := g.handOf(0)[0]
		g = applyAll(t, g, pm{0, Move{Kind: Discard, Card: card}}, pass(1))
		v := g.View(1)
		if want := []PlayerMove{{0, Move{Kind: Discard, Card: card}}, {1, Move{Kind: Pass}}}; !cmp.Equal(v.Revealed, want) {
			t.Errorf("revealed %v, want %v", v.Revealed, want)
		}
		if !slices.Contains(v.Discarded, card) || g.Decision(0) != ChooseGem {
			t.Errorf("player 0 discarded %v and takes 2 gems: discarded %v, decision %v", card, v.Discarded, g.Decision(0))
		}
	})
	t.Run("a revealed card stays known in the hand", func(t *testing.T) {
		// Both players discard; the lower card resolves first, and while it does the other's
		// revealed card is known to be in its player's hand (Sample must keep it there).
		g := atDevelopment(t, 2, SecondEdition)
		a, b := g.handOf(0)[0], g.handOf(1)[0]
		g = applyAll(t, g, pm{0, Move{Kind: Discard, Card: a}}, pm{1, Move{Kind: Discard, Card: b}})
		later, who := max(a, b), Player(1)
		if later == a {
			who = 0
		}
		v := g.View(1 - who)
		if !slices.Contains(v.Players[who].Hand, later) {
			t.Errorf("%v revealed a discard of %v, still to resolve: the other's view of the hand is %v",
				who, later, v.Players[who].Hand)
		}
		s, err := Sample(v, 1)
		if err != nil || !handHas(&s, who, later) {
			t.Errorf("a sample of the view: %v; %v's hand holds %v: %v", err, who, later, handHas(&s, who, later))
		}
	})
}

// TestViewHidesLastHands: hands are discarded face down at the end, so while players paint no view
// shows another player's last hand among the cards out of the game; once the game is over the
// hands are out of the game.
func TestViewHidesLastHands(t *testing.T) {
	seen := 0
	for seed := range uint64(20) {
		g, err := NewGame(Config{Players: 3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 5))
		for g.Phase() != PhasePainting {
			p := g.ToMove()[0]
			moves := g.Legal(p)
			g = mustApply(t, g, p, moves[r.IntN(len(moves))])
		}
		for p := range 3 {
			v := g.View(Player(p))
			for q := range 3 {
				for _, c := range g.handOf(Player(q)) {
					seen++
					if q != p && slices.Contains(v.Discarded, c) {
						t.Fatalf("seed %d: player %d sees %v of player %d's hand among the discarded cards", seed, p, c, q)
					}
				}
			}
		}
		for !g.Over() {
			g = mustApply(t, g, g.ToMove()[0], Move{Kind: FinishPainting})
		}
		for q := range 3 {
			if len(g.handOf(Player(q))) != 0 {
				t.Fatalf("seed %d: player %d still holds %v after the game", seed, q, g.handOf(Player(q)))
			}
		}
	}
	if seen == 0 {
		t.Fatal("no game ended with a card in hand")
	}
}

// A view's lists are JSON arrays, never null, and a number that is no player of the game gets what
// an onlooker may see: every public fact, no hand, screen or decision.
func TestViewOfOnlooker(t *testing.T) {
	g, err := NewGame(Config{Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	playOn := func(g Game, n int) Game {
		for i := 0; i < n && !g.Over(); i++ {
			p := g.ToMove()[0]
			moves := g.Legal(p)
			g = mustApply(t, g, p, moves[r.IntN(len(moves))])
		}
		return g
	}
	g = playOn(g, 60)
	for _, p := range []Player{-1, 3, 9} {
		v := g.View(p)
		if len(v.Hand) != 0 || len(v.Legal) != 0 || v.Screen != (Gems{}) || v.Decision != NoDecision ||
			len(v.Chosen) != 0 || len(v.LawsKnown) != 0 || len(v.Dealt) != 0 {
			t.Errorf("onlooker %d sees private facts: %+v", p, v)
		}
		public := g.View(0)
		if len(v.Players) != 3 || !reflect.DeepEqual(v.Players[1:], public.Players[1:]) || v.Reserve != public.Reserve ||
			v.Auction != public.Auction || !slices.Equal(v.ToMove, public.ToMove) || v.Decks != public.Decks {
			t.Errorf("onlooker %d does not see the public facts:\n%+v\nplayer 0 sees\n%+v", p, v, public)
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte("null")) {
			t.Errorf("onlooker %d's view has a null list: %s", p, b)
		}
	}
	over := playOn(g, 1<<20)
	for p := range Player(3) {
		b, err := json.Marshal(over.View(p))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte("null")) {
			t.Errorf("player %d's view of the finished game has a null list: %s", p, b)
		}
	}
}
