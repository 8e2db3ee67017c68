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

// hideFrom returns g changed only in facts hidden from player p: the order of every deck (but the
// law cards p put back on top), which cards the other players hold (swapped with deck cards), the
// colours of their gems, and their hidden choices.
func hideFrom(g Game, p Player, r *rand.Rand) Game {
	shuffle := func(s []CardID) { r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] }) }
	g.seed, g.rng = r.Uint64(), r.Uint64() // the seed and the generator decide every hidden draw
	if g.phase == phaseStart {
		shuffle(g.chars[g.largeTop:g.largeEnd]) // the undealt deck, not yet split
		return g
	}
	shuffle(g.chars[g.largeTop:g.largeEnd])
	shuffle(g.chars[g.smallTop:g.smallEnd])
	known := 0
	if g.councilWho == uint8(p)+1 {
		known = int(g.councilKnown)
	}
	shuffle(g.laws[int(g.lawTop)+known:])
	for q := range g.players {
		if Player(q) == p {
			continue
		}
		// Swap each character in q's hand that p did not see q take with a random card of the
		// large deck.
		for c := range g.hand[q].all() {
			if !c.IsCharacter() || g.largeLen() == 0 || g.patron.has(c) || g.under.codeOf(c) == tuckShown {
				continue
			}
			i := int(g.largeTop) + r.IntN(g.largeLen())
			d := g.chars[i]
			g.chars[i] = c
			g.hand[q].remove(c)
			g.hand[q].add(d)
		}
		// Change q's hidden bid to another colour.
		if g.phase == phaseAuction && g.sub == subBids && g.secret[q].Kind == Bid {
			g.secret[q].Color = Color(r.IntN(NumColors))
		}
	}
	redealReturnedGems(&g, p, r)
	return g
}

// redealReturnedGems deals the gems that setup returned unseen from the screens of the players
// other than p again among them, 2 each, as far as what the table saw leaves it possible: the
// screens change with them, and the gems they returned together stay the same.
func redealReturnedGems(g *Game, p Player, r *rand.Rand) {
	var pool []Color
	for q := range g.players {
		if Player(q) == p {
			continue
		}
		for c, n := range g.unseen[q].gems() {
			for range n {
				pool = append(pool, Color(c))
			}
		}
	}
	for range 1000 {
		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		next, rest, ok := *g, pool, true
		for q := range g.players {
			if Player(q) == p {
				continue
			}
			base := g.screen[q].Plus(g.unseen[q].gems())
			var x Gems
			for _, c := range rest[:2] {
				x[c]++
			}
			rest = rest[2:]
			if !g.bound[q].gems().Covers(x) || !base.Covers(x) {
				ok = false
				break
			}
			next.screen[q], next.unseen[q] = base.Minus(x), packFew(gemWord(x))
		}
		if ok {
			*g = next
			return
		}
	}
}

func viewJSON(t interface{ Fatalf(string, ...any) }, v View) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal view: %v", err)
	}
	return b
}

// TestViewHidesHiddenFacts plays random games and, at random decisions, checks that changing only
// facts hidden from a player leaves that player's view byte for byte the same, and that a view
// never shows another player's hand.
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
		for !g.Over() {
			p := Player(r.IntN(cfg.Players))
			if r.IntN(8) == 0 {
				v := g.View(p)
				for q := range g.players {
					if Player(q) == p {
						continue
					}
					for _, c := range v.Hand {
						if g.hand[q].has(c) {
							t.Fatalf("%v's view shows %v from %d's hand", p, c, q)
						}
					}
				}
				h := hideFrom(g, p, r)
				if a, b := viewJSON(t, v), viewJSON(t, h.View(p)); !bytes.Equal(a, b) {
					t.Fatalf("hidden facts changed %v's view:\n%s\n%s", p, a, b)
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
	got := [3]Gems{tab.Holding(lawTreasury).Parked, tab.Holding(lawSuccession).Parked, tab.Parked()}
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

// TestViewHidesForcedChoices: a player whose hidden bid can only be a pass is still asked for it.
// Were it made at once, the others would see before bidding that the player cannot bid, which
// depends on the colours behind the screen. Two games that differ only in which of two opponents
// holds which colours must look the same to player 0.
func TestViewHidesForcedChoices(t *testing.T) {
	noBid, canBid := Gems{Green: 3, Yellow: 3}, Gems{Red: 1, Green: 2, Yellow: 3}
	var views [2][]byte
	for i, screens := range [2][2]Gems{{noBid, canBid}, {canBid, noBid}} {
		g := atFirstAuction(t, 3, SecondEdition)
		// Cards only at blue and red; player 0 holds the screen it had, the others the two
		// screens above (counts and colour totals the same either way).
		g.setAuction([NumColors][2]CardID{Blue: {g.auction[Blue][0], 0}, Red: {g.auction[Red][0], 0}})
		g.box = g.box.Plus(g.screen[1]).Plus(g.screen[2]).Minus(noBid).Minus(canBid)
		g.screen[1], g.screen[2] = screens[0], screens[1]
		// Setup returned, unseen, 2 gems from each screen that make both the same to the others:
		// blue and red from the one that cannot bid, blue and green from the one that can.
		for q, s := range screens {
			g.unseen[q+1], g.bound[q+1] = packFew(gemWord(Gems{Blue: 1, Red: 1})), packFew(gemWord(Gems{2, 2, 2, 2}))
			if s == canBid {
				g.unseen[q+1] = packFew(gemWord(Gems{Blue: 1, Green: 1}))
			}
		}
		g.attacks = [MaxPlayers]uint8{}
		g.settle()
		if got := gemTotals(g); got != (Gems{GemsPerColor, GemsPerColor, GemsPerColor, GemsPerColor}) {
			t.Fatalf("gems: %v", got)
		}
		forced := Player(1 + i)
		if !cmp.Equal(g.Legal(forced), []Move{{Kind: Pass}}) {
			t.Fatalf("case %d: %v's legal moves %v, want only a pass, still asked", i, forced, g.Legal(forced))
		}
		views[i] = viewJSON(t, g.View(0))
	}
	if !bytes.Equal(views[0], views[1]) {
		t.Fatalf("player 0 tells the cases apart:\n%s\n%s", views[0], views[1])
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
		for g.phase != phaseAuction {
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
		if bid := *v.Virtual[0].Bid; len(v.Discarded) != 1 || g.discarded().slice()[0] != v.Discarded[0] {
			t.Errorf("the virtual opponent's %v bid discarded %v", bid, v.Discarded)
		}
	})
	t.Run("development", func(t *testing.T) {
		g := atDevelopment(t, 2, SecondEdition)
		card := g.hand[0].first()
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
		a, b := g.hand[0].first(), g.hand[1].first()
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
		if err != nil || !s.hand[who].has(later) {
			t.Errorf("a sample of the view: %v; %v's hand holds %v: %v", err, who, later, s.hand[who].has(later))
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
		for g.phase != phasePainting {
			p := g.ToMove()[0]
			moves := g.Legal(p)
			g = mustApply(t, g, p, moves[r.IntN(len(moves))])
		}
		for p := range 3 {
			v := g.View(Player(p))
			for q := range 3 {
				for _, c := range g.Hand(Player(q)) {
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
			if len(g.Hand(Player(q))) != 0 {
				t.Fatalf("seed %d: player %d still holds %v after the game", seed, q, g.Hand(Player(q)))
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
