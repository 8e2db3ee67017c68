package viceroy

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestVirtualRoundResolution holds the auction rounds with virtual opponents (RULES.md 9) to a
// model of them: once the humans' choices are fixed, each virtual opponent still in the auction
// draws a gem from the box, its bid, which everyone then sees; the bids of a colour resolve as
// RULES.md 6 says, with virtual bidders as ordinary bidders, but: a virtual opponent that would
// take a card discards it instead (the base card of two) and is done; two virtual opponents alone
// on two cards discard both and are done; one human and one virtual opponent on two cards: the
// human chooses to take the tip card or to stay in; a virtual bid on a colour with no card: it is
// done, and after the humans' cards the human first in priority (of those who do not skip the
// auction) discards a card of their choice from the auction. At every bid decision of random games
// owed by the last human to choose (and no attack made), each of that human's moves is made and
// the game is held to the model up to the first decision the resolution asks for; at every
// attacker's choice, a virtual bid on a colour the attack empties is followed to its end; and
// every duel and every discard for a virtual bid is checked.
func TestVirtualRoundResolution(t *testing.T) {
	cases := map[string]int{}
	games := []playsOf{
		{seedsOf(Config{Players: 1, Virtual: 1}, 1, sized(10, 100)), nil},
		{seedsOf(Config{Players: 1, Virtual: 3}, 2, sized(6, 60)), nil},
		{seedsOf(Config{Players: 2, Virtual: 2}, 3, sized(10, 100)), nil},
		{seedsOf(Config{Players: 2, Virtual: 1}, 4, sized(6, 60)), nil},
		{seedsOf(Config{Players: 3, Virtual: 1, Edition: FirstEdition}, 5, sized(6, 60)), nil},
	}
	for _, gs := range games {
		for _, cfg := range gs.configs {
			h, err := NewHistory(cfg)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(cfg.Seed, 0xB1D))
			for g := h.Game(); !g.Over(); g = h.Game() {
				who := g.ToMove()
				for _, p := range who {
					checkVirtualDecision(t, h, &g, cfg, p, cases)
				}
				p := who[r.IntN(len(who))]
				legal := g.Legal(p)
				if err := h.Play(p, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, name := range []string{"a virtual opponent alone discards", "two virtual opponents alone on two cards",
		"a human and a virtual opponent on two cards", "a virtual bid on a colour with no card",
		"virtual and human bidders collide", "the human takes the tip", "the human stays in", "a discard for a virtual bid",
		"a virtual bid on a colour an attacker emptied"} {
		if cases[name] == 0 {
			t.Errorf("the games never met %q", name)
		}
	}
	t.Logf("cases met: %v", cases)
}

// checkVirtualDecision checks p's decision in g, the game of h, for TestVirtualRoundResolution.
func checkVirtualDecision(t *testing.T, h *History, g *Game, cfg Config, p Player, cases map[string]int) {
	t.Helper()
	legal := g.Legal(p)
	switch g.Decision(p) {
	case ChooseDuel:
		checkDuel(t, g, cfg, p, legal, cases)
		return
	case ChooseAuctionDiscard:
		checkAuctionDiscard(t, g, cfg, p, legal, cases)
		return
	case ChooseAuctionCard:
		if a := actionOf(g, p); g.Phase() == PhaseAuction && a.Color == "any" {
			checkAttackBeforeVirtualBids(t, g, cfg, p, legal, cases)
		}
		return
	case ChooseBid:
	default:
		return
	}
	choice, last := lastBidOf(g, cfg)
	if !last {
		return
	}
	for _, m := range legal {
		choice[p] = m
		if slices.ContainsFunc(mapValues(choice), func(c Move) bool { return c.Kind == Attack }) {
			continue
		}
		// The virtual bids are drawn as the choices are revealed; the log tells them.
		what, err := ReplayHistory(h.Record())
		if err != nil {
			t.Fatal(err)
		}
		n := what.numEvents()
		if err := what.Play(p, m); err != nil {
			t.Fatal(err)
		}
		bids := map[int]Color{}
		for _, e := range what.Log(-1)[n:] {
			if e.Kind == EventVirtualBid {
				bids[int(e.Player)] = e.Color
			}
		}
		next := what.Game()
		checkVirtualRound(t, g, &next, cfg, choice, bids, cases)
	}
}

// checkAttackBeforeVirtualBids: attacks resolve before bids (RULES.md 6), so a virtual opponent
// that bid a colour whose only card an attacker took bid a colour with no card (RULES.md 9): it is
// done, and a human discards a card from the auction for it. At an attacker's choice, for each
// card that is the only one at a colour a virtual opponent bid, the take is made and the round
// played on (first legal moves) to its end.
func checkAttackBeforeVirtualBids(t *testing.T, g *Game, cfg Config, p Player, legal []Move, cases map[string]int) {
	t.Helper()
	v := g.View(p)
	for _, m := range legal {
		var c Color
		for col := range Color(NumColors) {
			if slices.Contains(auctionCardsAt(g, col), m.Card) {
				c = col
			}
		}
		if len(auctionCardsAt(g, c)) != 1 || len(v.Progress.Attackers) > 0 {
			continue
		}
		for i, vv := range v.Virtual {
			if vv.Bid == nil || *vv.Bid != c {
				continue
			}
			next := mustApply(t, *g, p, m)
			discarded := false
			for next.Turn() == g.Turn() && next.Phase() == PhaseAuction && next.Round() == g.Round() {
				q := next.ToMove()[0]
				discarded = discarded || next.Decision(q) == ChooseAuctionDiscard
				next = mustApply(t, next, q, next.Legal(q)[0])
			}
			if next.Turn() == g.Turn() && next.Phase() == PhaseAuction && next.View(p).Virtual[i].InAuction {
				t.Fatalf("%+v: virtual opponent %d bid %v, whose only card %v took by attacking: still in", cfg, i, c, p)
			}
			if !discarded && !auctionEmpty(&next) && next.Phase() == PhaseAuction {
				t.Fatalf("%+v: virtual opponent %d bid %v, emptied by %v's attack: no auction discard", cfg, i, c, p)
			}
			cases["a virtual bid on a colour an attacker emptied"]++
		}
	}
}

func mapValues(m map[Player]Move) []Move {
	var out []Move
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// checkVirtualRound checks next, the game after the last human choice of an auction round of g,
// against the model of TestVirtualRoundResolution.
func checkVirtualRound(t *testing.T, g, next *Game, cfg Config, choice map[Player]Move, bids map[int]Color, cases map[string]int) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%+v turn %d round %d, choices %v: %s", cfg, g.Turn(), g.Round(), choice, fmt.Sprintf(format, args...))
	}
	before, after := g.View(0), next.View(0)
	samePhase := next.Turn() == g.Turn() && next.Phase() == PhaseAuction
	humans := map[Color][]Player{}
	for q, m := range choice {
		if m.Kind == Bid {
			humans[m.Color] = append(humans[m.Color], q)
		}
	}
	virtuals := map[Color][]int{}
	for v, vv := range before.Virtual {
		c, ok := bids[v]
		if ok != vv.InAuction {
			fail("virtual opponent %d, in the auction %v, bid %v %v", v, vv.InAuction, c, ok)
		}
		if ok {
			virtuals[c] = append(virtuals[c], v)
		}
	}
	auction := g.auctionCards()
	inAuction := func(q Player) bool { return after.Players[q].InAuction }
	discards := 0
	for c := range Color(NumColors) {
		h, v := humans[c], virtuals[c]
		var at []CardID
		for _, id := range auction[c] {
			if id != 0 {
				at = append(at, id)
			}
		}
		if len(v) == 0 {
			if len(h) == 1 && len(at) > 0 || len(h) == 2 && len(at) == 2 {
				return // a human take or claim: the auction tests follow it
			}
			continue
		}
		vDone := func(done bool) {
			for _, i := range v {
				if samePhase && after.Virtual[i].InAuction == done {
					fail("virtual opponent %d on %v with %v and humans %v: still in %v", i, c, at, h, !done)
				}
			}
		}
		switch {
		case len(at) == 0:
			vDone(true)
			discards += len(v)
			cases["a virtual bid on a colour with no card"]++
		case len(h) == 0 && len(v) == 1:
			gone := at[0] // the base card, or the only one
			if !discardedCard(next, gone) {
				fail("virtual opponent %d alone on %v with %v: %v not discarded", v[0], c, at, gone)
			}
			vDone(true)
			cases["a virtual opponent alone discards"]++
		case len(h) == 0 && len(v) == 2 && len(at) == 2:
			if !discardedCard(next, at[0]) || !discardedCard(next, at[1]) {
				fail("two virtual opponents alone on %v with %v: not both discarded", c, at)
			}
			vDone(true)
			cases["two virtual opponents alone on two cards"]++
		case len(h) == 1 && len(v) == 1 && len(at) == 2:
			if !samePhase || !cmp.Equal(next.ToMove(), h) || next.Decision(h[0]) != ChooseDuel {
				fail("%v and virtual opponent %d on %v with %v: to move %v, %v", h[0], v[0], c, at, next.ToMove(), next.Decision(h[0]))
			}
			cases["a human and a virtual opponent on two cards"]++
			return
		default: // nobody gets a card; all stay in
			for _, id := range at {
				if samePhase && discardedCard(next, id) {
					fail("%v on %v with %v: %v discarded", v, c, at, id)
				}
			}
			vDone(false)
			for _, q := range h {
				if samePhase && g.Round() < 3 && !inAuction(q) {
					fail("%v, colliding on %v with virtual opponents %v, is out of the auction", q, c, v)
				}
			}
			cases["virtual and human bidders collide"]++
		}
	}
	if discards > 0 && samePhase && !auctionEmpty(next) {
		var open []Player
		for q := range Player(cfg.Players) {
			if !slices.Contains(before.Progress.Skipping, q) {
				open = append(open, q)
			}
		}
		first := byPriority(g, open)[0]
		if !cmp.Equal(next.ToMove(), []Player{first}) || next.Decision(first) != ChooseAuctionDiscard {
			fail("%d discards for virtual bids: to move %v, %v; want %v, first in priority", discards, next.ToMove(),
				next.Decision(next.ToMove()[0]), first)
		}
	}
}

// checkDuel: against a virtual opponent on two cards, the human takes the tip card (the base card
// is discarded, the virtual opponent is done) or stays in (nothing is taken or discarded; both
// stay in).
func checkDuel(t *testing.T, g *Game, cfg Config, p Player, legal []Move, cases map[string]int) {
	t.Helper()
	a := actionOf(g, p)
	var c Color
	for col := range Color(NumColors) {
		if col.String() == a.Color {
			c = col
		}
	}
	pair := g.auctionCards()[c]
	if want := []Move{{Kind: Take, Card: pair[1]}, {Kind: StayIn}}; !cmp.Equal(legal, want) {
		t.Fatalf("%+v: the duel at %v %v: legal %v, want %v", cfg, c, pair, legal, want)
	}
	in := func(v View) (n int) {
		for _, vv := range v.Virtual {
			n += b2i(vv.InAuction)
		}
		return n
	}
	for _, m := range legal {
		next := mustApply(t, *g, p, m)
		if m.Kind == StayIn {
			if next.Phase() == PhaseAuction && next.Turn() == g.Turn() &&
				(slices.Contains(next.handOf(p), pair[1]) || discardedCard(&next, pair[0]) || discardedCard(&next, pair[1])) {
				t.Fatalf("%+v: staying in took or discarded a card: %v", cfg, next.auctionCards())
			}
			if len(g.View(p).Virtual) == 1 && next.Phase() == PhaseAuction && next.Round() == g.Round()+1 &&
				!next.View(p).Virtual[0].InAuction {
				t.Fatalf("%+v: %v stayed in against the virtual opponent, which is out in the next round", cfg, p)
			}
			cases["the human stays in"]++
			continue
		}
		took := handHas(&next, p, pair[1]) || slices.Contains(next.Tableau(p).TuckedUnder(lawPatronage), pair[1])
		samePhase := next.Phase() == PhaseAuction && next.Turn() == g.Turn()
		if !took || !discardedCard(&next, pair[0]) || samePhase && (next.View(p).Players[p].InAuction || in(next.View(p)) >= in(g.View(p))) {
			t.Fatalf("%+v: taking the tip %v of %v: hand %v, auction %v", cfg, pair[1], pair, next.handOf(p), next.auctionCards())
		}
		cases["the human takes the tip"]++
	}
}

// checkAuctionDiscard: the card a human discards for a virtual bid is any card of the auction,
// and it goes out of the game.
func checkAuctionDiscard(t *testing.T, g *Game, cfg Config, p Player, legal []Move, cases map[string]int) {
	t.Helper()
	var cards []CardID
	for _, pair := range g.auctionCards() {
		for _, id := range pair {
			if id != 0 {
				cards = append(cards, id)
			}
		}
	}
	if !cmp.Equal(legal, cardMoves(Discard, cards...)) {
		t.Fatalf("%+v: the auction discard: legal %v, auction %v", cfg, legal, g.auctionCards())
	}
	for _, m := range legal {
		if next := mustApply(t, *g, p, m); !discardedCard(&next, m.Card) || handHas(&next, p, m.Card) {
			t.Fatalf("%+v: %v discarded %v: not out of the game", cfg, p, m.Card)
		}
	}
	cases["a discard for a virtual bid"]++
}

// TestVirtualBidsGoBackToTheBox: a virtual opponent's drawn gem always goes back to the box, never
// to the reserve (RULES.md 9). Through the resolution of every round with virtual bids of random
// games, gems only move between the screens and the reserve (bids in, pass gems out): the reserve
// and the screens hold as many gems together after the humans' last choice as before it.
func TestVirtualBidsGoBackToTheBox(t *testing.T) {
	bids := 0
	for _, cfg := range []Config{{Players: 1, Virtual: 1}, {Players: 2, Virtual: 2}, {Players: 1, Virtual: 3}} {
		for seed := range uint64(sized(4, 20)) {
			cfg.Seed = seed
			g, r := seededGame(t, cfg, 41)
			for !g.Over() {
				who := g.ToMove()
				p := who[r.IntN(len(who))]
				legal := g.Legal(p)
				m := legal[r.IntN(len(legal))]
				next := mustApply(t, g, p, m)
				revealed := 0
				for _, vv := range next.View(0).Virtual {
					revealed += b2i(vv.Bid != nil)
				}
				if revealed > 0 && len(g.ToMove()) == 1 && g.Decision(p) == ChooseBid {
					bids += revealed
					// The humans' bids went to the reserve; nothing else left or reached the
					// humans' gems before the first decision of the resolution, but pass gems.
					var humanBids Gems
					for _, r := range next.View(0).Revealed {
						if r.Move.Kind == Bid {
							humanBids[r.Move.Color]++
						}
					}
					total := func(h *Game) int {
						n := h.reserveGems().Total()
						for q := range Player(cfg.Players) {
							n += h.Screen(q).Total()
						}
						return n
					}
					if total(&next) != total(&g) {
						t.Fatalf("%+v: virtual bids revealed: reserve and screens hold %d gems, were %d", cfg, total(&next), total(&g))
					}
				}
				g = next
			}
		}
	}
	if bids == 0 {
		t.Fatal("no virtual bid revealed")
	}
}

// TestVirtualSkippedAuctionHoldsNoRound: RULES.md 9, "a round is held only while at least one
// human is still in the auction": in a solo game whose human skips the next auction (69
// Privilege), that auction holds no round, so the virtual opponent draws nothing and the base
// cards move to the tips untouched.
func TestVirtualSkippedAuctionHoldsNoRound(t *testing.T) {
	sc := scenario{configs: []Config{{Players: 1, Virtual: 1}}, seeds: 500, choose: keeping(uniform, lawPrivilege),
		want: lawReady(lawPrivilege, func(g *Game, p Player) bool { return g.Turn() < Turns })}.reach(t)
	g := sc.Game
	turn := g.Turn()
	g = mustApply(t, g, 0, Move{Kind: Play, Card: lawPrivilege})
	var bases [NumColors][2]CardID
	for g.Turn() == turn {
		bases = g.auctionCards()
		g = mustApply(t, g, 0, g.Legal(0)[0]) // then passes, whatever is left of the turn
		for g.Turn() == turn && g.Decision(0) == ChooseDevelopment {
			bases = g.auctionCards()
			g = mustApply(t, g, 0, Move{Kind: Pass})
		}
	}
	if g.Phase() != PhaseDevelopment || g.Turn() != turn+1 {
		t.Fatalf("%v: want turn %d's development at once: turn %d, %v", sc, turn+1, g.Turn(), g.Phase())
	}
	for c := range NumColors {
		if got := g.auctionCards()[c][1]; got != bases[c][0] {
			t.Errorf("%v: %v: tip %v, want the untouched base card %v", sc, Color(c), got, bases[c][0])
		}
	}
}

// TestVirtualBidHiddenUntilReveal: DESIGN.md hidden information, RULES.md 9 ("once the
// humans' choices are fixed"): no virtual bid is drawn or shown while humans still choose.
func TestVirtualBidHiddenUntilReveal(t *testing.T) {
	shown := 0
	atEveryDecisionOf(t, []playsOf{{seedsOf(Config{Players: 2, Virtual: 2}, 0, 4), nil}}, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.Decision(p) != ChooseBid {
			return
		}
		for q := range Player(cfg.Players) {
			if v := g.View(q); slices.ContainsFunc(v.Virtual, func(vv VirtualView) bool { return vv.Bid != nil }) || len(v.Revealed) != 0 {
				t.Fatalf("%+v: %v sees a bid before the reveal: %+v %v", cfg, q, v.Virtual, v.Revealed)
			}
		}
		shown++
	})
	if shown == 0 {
		t.Fatal("no bid decision")
	}
}

func TestSoloGame(t *testing.T) {
	for _, ed := range []Edition{SecondEdition, FirstEdition} {
		g := randomGame(t, Config{Players: 1, Virtual: 1, Edition: ed, Seed: 3}, 3)
		if len(g.Scores()) != 1 || g.Winners() != nil {
			t.Fatalf("%v solo: %d sheets, winners %v", ed, len(g.Scores()), g.Winners())
		}
	}
	if _, err := NewGame(Config{Players: 1}); !errors.Is(err, ErrBadConfig) {
		t.Fatalf("solo without a virtual opponent: %v", err)
	}
	if _, err := NewGame(Config{Players: 3, Virtual: 2}); !errors.Is(err, ErrBadConfig) {
		t.Fatalf("5 participants: %v", err)
	}
}
