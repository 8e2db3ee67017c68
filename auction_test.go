package viceroy

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// auctionLog follows one turn's auction phase through random play.
type auctionLog struct {
	turn    int
	skipped uint8             // humans who skip this auction (69 Privilege)
	screen0 [MaxPlayers]Gems  // screens when the auction began
	bids    [MaxPlayers]int   // bid gems spent
	took    [MaxPlayers]int   // auction cards taken during the auction phase
	science [MaxPlayers]int   // science tokens during the auction (they cannot change in it)
	rounds  int               // highest round seen
	attacks [MaxPlayers]uint8 // attack tokens when the auction began
	atkUsed [MaxPlayers]int   // attack moves made
}

// checkAuctionTurn checks one finished auction phase.
func checkAuctionTurn(l *auctionLog, end Game) error {
	for p := range end.players {
		bit := uint8(1) << p
		passed := end.passedAt&bit != 0
		gained := end.screen[p].Total() - l.screen0[p].Total() + l.bids[p]
		if l.skipped&bit != 0 {
			if passed || l.took[p] != 0 || l.bids[p] != 0 || gained != 0 || l.atkUsed[p] != 0 {
				return fmt.Errorf("turn %d: player %d skips the auction, yet passed %v took %d bid %d gained %d attacked %d",
					l.turn, p, passed, l.took[p], l.bids[p], gained, l.atkUsed[p])
			}
			continue
		}
		n := l.took[p]
		if passed {
			n++
		}
		if n != 1 {
			return fmt.Errorf("turn %d: player %d ends the auction with %d cards taken and passed=%v (want exactly one of the two)",
				l.turn, p, l.took[p], passed)
		}
		if !passed && gained != 0 {
			return fmt.Errorf("turn %d: player %d gained %d gems in the auction without passing", l.turn, p, gained)
		}
		if passed && gained > PassGems(l.science[p]) {
			return fmt.Errorf("turn %d: player %d took %d pass gems, more than %d", l.turn, p, gained, PassGems(l.science[p]))
		}
		if used := int(l.attacks[p]) - int(end.attacks[p]); used < 0 || used > l.atkUsed[p] || used > l.took[p] {
			return fmt.Errorf("turn %d: player %d spent %d attack tokens (attacked %d times, took %d cards)",
				l.turn, p, used, l.atkUsed[p], l.took[p])
		}
	}
	// RULES.md 5: the last 4 cards of the large deck are revealed after the auction of turn 11.
	if want := max(0, 44-4*l.turn); end.largeLen() != want {
		return fmt.Errorf("after the auction of turn %d the large deck holds %d cards, want %d", l.turn, end.largeLen(), want)
	}
	if l.rounds > 3 {
		return fmt.Errorf("turn %d: %d auction rounds", l.turn, l.rounds)
	}
	return nil
}

// auctionEndIn returns the game as the auction phase left it during p's move m on g: the move made,
// then the automatic steps and forced moves one at a time, as History.Play takes them, until the
// phase is no longer the auction. The development phase may then pass without a decision (every
// hand empty), so that the game at rest after the move is already in the next turn.
func auctionEndIn(g Game, p Player, m Move) Game {
	g.do(p, &m)
	for g.phase == phaseAuction {
		if owes := g.owing(); owes != 0 {
			q := Player(bits.TrailingZeros8(owes))
			moves := g.appendLegal(nil, q)
			g.do(q, &moves[0]) // forced: settle makes it
			continue
		}
		g.step()
	}
	return g
}

// playCheckingAuctions plays a random game and checks the auction's bookkeeping after every move.
func playCheckingAuctions(t *testing.T, cfg Config, choices uint64) (skips int) {
	t.Helper()
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	box := g.box
	r := rand.New(rand.NewPCG(choices, 23))
	var l *auctionLog
	checked := 0
	begin := func(prev, g Game) {
		if prev.skip != 0 {
			skips++
		}
		l = &auctionLog{turn: int(g.turn), skipped: prev.skip, screen0: g.screen, attacks: g.attacks}
		for p := range g.players {
			l.science[p] = g.science(Player(p))
		}
	}
	for steps := 0; !g.Over(); steps++ {
		if steps > 20000 {
			t.Fatalf("no end")
		}
		who := g.ToMove()
		p := who[r.IntN(len(who))]
		moves := g.Legal(p)
		m := moves[r.IntN(len(moves))]
		if g.phase == phaseAuction && l != nil && l.skipped&(1<<p) != 0 {
			t.Fatalf("turn %d: player %d skips the auction but owes %v", g.turn, p, g.Decision(p))
		}
		if g.phase == phaseAuction && g.act.kind == actNone && g.patron == 0 && g.sub == subBids {
			for _, mv := range moves {
				if mv.Kind == Bid && (g.cardsAt(mv.Color) == 0 || g.screen[p][mv.Color] == 0) {
					t.Fatalf("bid %v offered with %d cards there and %d gems", mv.Color, g.cardsAt(mv.Color), g.screen[p][mv.Color])
				}
			}
		}
		next, err := g.Apply(p, m)
		if err != nil {
			t.Fatal(err)
		}
		if next.box != box {
			t.Fatalf("the box changed: %v -> %v", box, next.box)
		}
		if l != nil && g.phase == phaseAuction && next.phase == phaseAuction && next.turn != g.turn {
			// The development phase passed without a decision: check the auction as it ended.
			if err := checkAuctionTurn(l, auctionEndIn(g, p, m)); err != nil {
				t.Fatalf("%+v choices %d: %v", cfg, choices, err)
			}
			checked++
			l = nil
		}
		if next.turn != g.turn {
			if l != nil {
				t.Fatalf("turn %d ended without its auction being checked", l.turn)
			}
			begin(g, next)
		}
		if l != nil && g.phase == phaseAuction {
			if g.act.kind == actNone && g.patron == 0 && g.sub == subBids {
				switch m.Kind {
				case Bid:
					l.bids[p]++
				case Attack:
					l.atkUsed[p]++
				}
			}
			for _, col := range g.auction {
				for _, c := range col {
					if c == 0 {
						continue
					}
					for q := range next.players {
						if next.hand[q].has(c) && !g.hand[q].has(c) {
							l.took[q]++
						}
					}
				}
			}
		}
		if l != nil && next.phase == phaseAuction {
			l.rounds = max(l.rounds, int(next.round))
		}
		if l != nil && next.phase != phaseAuction && (g.phase == phaseAuction || next.turn != g.turn) {
			if err := checkAuctionTurn(l, next); err != nil {
				t.Fatalf("%+v choices %d: %v", cfg, choices, err)
			}
			checked++
			l = nil
		}
		g = next
	}
	if checked != Turns {
		t.Fatalf("%+v: %d auctions checked, want %d", cfg, checked, Turns)
	}
	return skips
}

// TestAuctionBookkeepingInRandomGames: in random games, every human who does not skip the auction
// ends it with exactly one auction card or one pass (RULES.md 6: "A player passes at most once per
// turn"; a card taken makes the player done), a skipper (69 Privilege) neither bids, passes nor
// takes gems, pass gems never exceed 3 + science, no more than 3 rounds are held, bids are offered
// only where a card lies, and the box never changes (virtual bids go back to it, RULES.md 9).
func TestAuctionBookkeepingInRandomGames(t *testing.T) {
	skips := 0
	cfgs := []Config{
		{Players: 1, Virtual: 1}, {Players: 1, Virtual: 3}, {Players: 2}, {Players: 2, Virtual: 2},
		{Players: 3, Virtual: 1}, {Players: 4}, {Players: 3, Edition: FirstEdition},
	}
	for i, cfg := range cfgs {
		for s := range uint64(auctionSeeds) {
			cfg.Seed = s*31 + uint64(i)
			skips += playCheckingAuctions(t, cfg, s+7)
		}
	}
	if skips == 0 {
		t.Errorf("no game went through an auction skipped by 69 Privilege; the skip checks never ran")
	}
}

const auctionSeeds = 8

// liftBySearch is the general way to lift a card off the auction: look at every place, colour by
// colour, base before tip, and empty the first that holds the card.
func liftBySearch(a *[NumColors][2]CardID, card CardID) (Color, int) {
	for c := range a {
		for i := range a[c] {
			if a[c][i] == card {
				a[c][i] = 0
				return Color(c), i
			}
		}
	}
	return 0, 0
}

// TestTakeFromAuctionSlotSearches holds takeFromAuctionSlot, which compares the eight places at
// once as the bytes of a word, to the search place by place: on the auction of every decision of
// random games in every mix, for every card on it, a card not on it and 0, which names an empty
// place, both leave the same auction and report the same place.
func TestTakeFromAuctionSlotSearches(t *testing.T) {
	atEveryDecision(t, func(g *Game, cfg Config, p Player, _ []Move) {
		cards := []CardID{0, NumCards}
		for _, pair := range g.auctionCards() {
			cards = append(cards, pair[:]...)
		}
		for _, card := range cards {
			want := g.auctionCards()
			wc, wi := liftBySearch(&want, card)
			c := *g
			gc, gi := c.takeFromAuctionSlot(card)
			if gc != wc || gi != wi || c.auctionCards() != want {
				t.Fatalf("%+v: card %d: took from %d/%d leaving %v, the search takes from %d/%d leaving %v",
					cfg, card, gc, gi, c.auctionCards(), wc, wi, want)
			}
		}
	})
}

// TestBidWordsAgreeWithChoices holds humanBids and virtualBids, which read the bids of a round for
// every colour at once, to the hidden choices and virtual bids they come from, read one player at a
// time, at every decision of random games of every mix (atEveryDecision), and bidders to the byte
// of its colour.
func TestBidWordsAgreeWithChoices(t *testing.T) {
	var humansSeen, virtualsSeen int
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		var humans, virtuals uint32
		for q := range Player(MaxPlayers) {
			if m := g.secret[q]; g.inAuction&(1<<q) != 0 && m.Kind == Bid {
				humans |= 1 << (8*uint(m.Color) + uint(q))
			}
			if c, ok := g.vBid[q].get(); ok && g.vIn&(1<<q) != 0 {
				virtuals |= 1 << (8*uint(c) + 4 + uint(q))
			}
		}
		if got := g.humanBids(); got != humans {
			t.Fatalf("%+v: humanBids = %#08x, the hidden choices %v of players in %04b give %#08x",
				cfg, got, g.secret, g.inAuction, humans)
		}
		if got := g.virtualBids(); got != virtuals {
			t.Fatalf("%+v: virtualBids = %#08x, the bids %v of virtual opponents in %04b give %#08x",
				cfg, got, g.vBid, g.vIn, virtuals)
		}
		for c := range Color(NumColors) {
			if got, want := g.bidders(c), uint8(humans>>(8*c))&0xF; got != want {
				t.Fatalf("%+v: bidders(%v) = %04b, want %04b", cfg, c, got, want)
			}
		}
		humansSeen += b2i(humans != 0)
		virtualsSeen += b2i(virtuals != 0)
	})
	if humansSeen == 0 || virtualsSeen == 0 {
		t.Errorf("bids seen at %d decisions, virtual bids at %d: the test checks nothing", humansSeen, virtualsSeen)
	}
}

// TestPassGemsAsTheGeneralWay holds passGems, which leaves the science tokens uncounted when the
// reserve holds no more than the least a pass gives, to the general way, 3 plus the tokens counted
// always: at every decision of random games in every edition and player mix, the pass gems begun
// for each player either way leave the same game.
func TestPassGemsAsTheGeneralWay(t *testing.T) {
	uncounted := 0 // shortcuts taken for a player with science tokens, where the count would differ
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		for p := range Player(cfg.Players) {
			short, general := *g, *g
			short.startGems(p, short.passGems(p))
			general.startGems(p, PassGems(general.science(p)))
			if short != general {
				t.Fatalf("%+v: %v's pass gems with a reserve of %v and %d science tokens: passGems gives %d, "+
					"which leaves another game than %d:\nscreen %v, action %+v\nthe general way: screen %v, action %+v",
					cfg, p, g.reserve, g.science(p), g.passGems(p), PassGems(g.science(p)),
					short.screen[p], short.act, general.screen[p], general.act)
			}
			if g.passGems(p) != PassGems(g.science(p)) {
				uncounted++
			}
		}
	})
	if uncounted == 0 {
		t.Error("passGems never left science tokens uncounted: the test checks nothing")
	}
}

// TestFewGemsKeepGems checks fewGems against the Gems it packs: every Gems of at most 3 of each
// colour comes back from packFew as it went in, through word and gems alike; distinct Gems pack
// distinctly; and plus adds one gem of its colour, as Gems counts it.
func TestFewGemsKeepGems(t *testing.T) {
	seen := map[fewGems]Gems{}
	for i := range 256 {
		g := Gems{uint8(i & 3), uint8(i >> 2 & 3), uint8(i >> 4 & 3), uint8(i >> 6)}
		f := packFew(gemWord(g))
		if f.gems() != g || f.word() != gemWord(g) {
			t.Fatalf("%v packs to %#x, which gives back %v (word %#x)", g, f, f.gems(), f.word())
		}
		if other, ok := seen[f]; ok {
			t.Fatalf("%v and %v both pack to %#x", g, other, f)
		}
		seen[f] = g
		for c := range Color(NumColors) {
			if g[c] < 3 {
				want := g
				want[c]++
				if got := f.plus(c).gems(); got != want {
					t.Fatalf("%v plus a %v gem: %v, want %v", g, c, got, want)
				}
			}
		}
	}
}

// TestSampleRefusesMoreThanTwoPossible: a view that gives a player's unknown gems more than 2
// possible of a colour shows what no game can (setup returns 2 gems of the 8 with 2 of each
// colour), and Sample refuses it (ErrBadView), as the game keeps those bounds in 2 bits a colour.
// The view moves one possible red gem of one player to the other's, and one yellow back, so that
// every count of gems still agrees.
func TestSampleRefusesMoreThanTwoPossible(t *testing.T) {
	g, err := NewGame(Config{Players: 3, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(0)
	if _, err := Sample(v, 1); err != nil {
		t.Fatalf("the game's own view: %v", err)
	}
	a, b := v.Players[1], v.Players[2]
	if a.Possible != (Gems{2, 2, 2, 2}) || b.Possible != (Gems{2, 2, 2, 2}) {
		t.Fatalf("at the start every colour is possible twice: %v and %v", a.Possible, b.Possible)
	}
	bad := v
	bad.Players = append([]PlayerView(nil), v.Players...)
	bad.Players[1].Possible = Gems{Red: 3, Green: 2, Blue: 2, Yellow: 1}
	bad.Players[2].Possible = Gems{Red: 1, Green: 2, Blue: 2, Yellow: 3}
	_, err = Sample(bad, 1)
	if !errors.Is(err, ErrBadView) || !strings.Contains(err.Error(), "possible") {
		t.Fatalf("3 possible of a colour: %v, want ErrBadView for it", err)
	}
}

// auctionCardsAt returns the cards lying at colour c of the auction, base first.
func auctionCardsAt(g *Game, c Color) []CardID {
	var out []CardID
	for _, id := range g.auctionCards()[c] {
		if id != 0 {
			out = append(out, id)
		}
	}
	return out
}

// auctionEmpty reports whether no card lies on the auction.
func auctionEmpty(g *Game) bool { return g.auctionCards() == [NumColors][2]CardID{} }

// TestAuctionBidChoices: a player in the auction may bid a gem of a colour from the screen where a
// card lies, use an attack token from the screen while a card lies anywhere, or pass (RULES.md 6);
// an infinite gem never pays a bid (8.4), and an attack token on a law cannot be used to bid (cards
// README). At every bid decision of random games of every mix, the choices are exactly those.
func TestAuctionBidChoices(t *testing.T) {
	attacks, onLaws := 0, 0
	atEveryDecisionOf(t, devGames, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.Decision(p) != ChooseBid {
			return
		}
		var want []Move
		for c := range Color(NumColors) {
			if g.Screen(p)[c] > 0 && len(auctionCardsAt(g, c)) > 0 {
				want = append(want, Move{Kind: Bid, Color: c})
			}
		}
		if g.attacksOf(p) > 0 && !auctionEmpty(g) {
			want = append(want, Move{Kind: Attack})
			attacks++
		}
		if g.Tableau(p).Count(AttackToken) > 0 {
			onLaws++
		}
		want = append(want, Move{Kind: Pass})
		if diff := cmp.Diff(want, legal); diff != "" {
			t.Fatalf("%+v: %v with screen %v and %d attack tokens, auction %v (-want +got):\n%s",
				cfg, p, g.Screen(p), g.attacksOf(p), g.auctionCards(), diff)
		}
	})
	if attacks == 0 || onLaws == 0 {
		t.Errorf("attacks offered %d times, attack tokens on a pyramid met %d times", attacks, onLaws)
	}
}

// TestAuctionClaims: two bidders alone on a colour with two cards claim one each, simultaneously
// and hidden (RULES.md 6.2): different claims take the claimed cards and are done; the same claim
// gets neither a card, and both stay in. Until both have claimed, nothing the others see depends
// on the claim made; once both have, everyone sees both claims (View.Revealed). At every claim of
// random games, every pair of claims is made.
func TestAuctionClaims(t *testing.T) {
	same, different := 0, 0
	atEveryDecisionOf(t, devGames, func(g *Game, cfg Config, p Player, legal []Move) {
		who := g.ToMove()
		if g.Decision(p) != ChooseClaim || len(who) != 2 || p != who[0] {
			return // not a claim, or one of the two has claimed already
		}
		a, b := who[0], who[1]
		if diff := cmp.Diff(legal, g.Legal(b)); diff != "" || len(legal) != 2 {
			t.Fatalf("%+v: the two bidders claim different cards: %v and %v", cfg, legal, g.Legal(b))
		}
		var c Color
		for col := range Color(NumColors) {
			if slices.Contains(auctionCardsAt(g, col), legal[0].Card) {
				c = col
			}
		}
		if !slices.Equal(cardMoves(Claim, auctionCardsAt(g, c)...), legal) {
			t.Fatalf("%+v: claims %v, cards at %v %v", cfg, legal, c, auctionCardsAt(g, c))
		}
		var hidden [2][]byte // what a third player, or b, sees after a's claim
		for i, ma := range legal {
			after := mustApply(t, *g, a, ma)
			hidden[i] = viewJSON(t, after.View(b))
			for _, mb := range legal {
				next := mustApply(t, after, b, mb)
				va := next.View(a)
				inA, inB := va.Players[a].InAuction, va.Players[b].InAuction
				revealed := 0
				for _, r := range va.Revealed {
					if r.Move.Kind == Claim {
						revealed++
					}
				}
				if revealed != 2 && next.Phase() == PhaseAuction && next.Round() == g.Round() && next.Turn() == g.Turn() {
					t.Fatalf("%+v: after both claims %v sees claims %v", cfg, a, va.Revealed)
				}
				if ma.Card == mb.Card {
					if handHas(&next, a, ma.Card) || handHas(&next, b, ma.Card) || !slices.Contains(auctionCardsAt(&next, c), ma.Card) ||
						next.Turn() == g.Turn() && next.Phase() == PhaseAuction && g.Round() < 3 && (!inA || !inB) {
						t.Fatalf("%+v turn %d round %d: the same claim of %v by %v and %v: hands %v %v, auction %v, still in %v %v (then %v %v in round %d)",
							cfg, g.Turn(), g.Round(), ma.Card, a, b, next.handOf(a), next.handOf(b), next.auctionCards(), inA, inB,
							next.ToMove(), next.Decision(next.ToMove()[0]), next.Round())
					}
					same++
					continue
				}
				took := func(q Player, id CardID) bool {
					return handHas(&next, q, id) || slices.Contains(next.Tableau(q).TuckedUnder(lawPatronage), id)
				}
				if !took(a, ma.Card) || !took(b, mb.Card) || len(auctionCardsAt(&next, c)) != 0 && next.Phase() == PhaseAuction || inA || inB {
					t.Fatalf("%+v: claims %v by %v and %v by %v: hands %v %v, auction %v, still in %v %v", cfg, ma.Card, a,
						mb.Card, b, next.handOf(a), next.handOf(b), next.auctionCards(), inA, inB)
				}
				different++
			}
		}
		if string(hidden[0]) != string(hidden[1]) {
			t.Fatalf("%+v: %v's view depends on %v's hidden claim", cfg, b, a)
		}
	})
	if same == 0 || different == 0 {
		t.Errorf("%d pairs of the same claim and %d of different claims: the test checks too little", same, different)
	}
}

// TestAuctionGemPicks: gems taken from the reserve (pass gems, rewards, a law's 4 gems) are of
// colours the reserve holds, one at a time; when the picks left are as many as the gems left, or
// more, all of them are taken, and when one colour is left the picks are taken of it, without a
// choice (RULES.md 6, 8.5: "as many as it holds"; an empty colour cannot be taken).
func TestAuctionGemPicks(t *testing.T) {
	all, one := 0, 0
	atEveryDecisionOf(t, append(devGames, lawGames...), func(g *Game, cfg Config, p Player, legal []Move) {
		a := actionOf(g, p)
		if g.Decision(p) != ChooseGem || a == nil || a.Kind != "gems" {
			return
		}
		if diff := cmp.Diff(colorMoves(TakeGem, g.reserveGems()), legal); diff != "" {
			t.Fatalf("%+v: reserve %v (-want +got):\n%s", cfg, g.reserveGems(), diff)
		}
		for _, m := range legal {
			next := mustApply(t, *g, p, m)
			rest := g.reserveGems()
			rest[m.Color]--
			left := a.Left - 1
			want := g.Screen(p)
			want[m.Color]++
			switch colors := colorMoves(TakeGem, rest); {
			case left == 0:
			case left >= rest.Total():
				want = want.Plus(rest)
				all++
			case len(colors) == 1:
				want[colors[0].Color] += uint8(left)
				one++
			default:
				if na := actionOf(&next, p); next.Decision(p) != ChooseGem || na == nil || na.Left != left {
					t.Fatalf("%+v: %v with %d picks left of %v: %v", cfg, m, left, rest, next.Decision(p))
				}
			}
			got := next.Screen(p)
			if a.Card.IsCharacter() && left == 0 || len(a.Rows) > 0 {
				continue // the reward goes on: TestDevelopmentPlayResolves follows it
			}
			if got != want {
				t.Fatalf("%+v: %v with %d picks left and the reserve %v: screen %v -> %v, want %v", cfg, m, a.Left, g.reserveGems(), g.Screen(p), got, want)
			}
		}
	})
	if one == 0 {
		t.Errorf("picks taken of the one colour left %d times", one)
	}
	t.Logf("the rest taken all at once %d times (an action that starts with no more gems than picks takes them at once: TestDevelopmentPlayResolves)", all)
}

// TestAuctionPassGemsInPriorityOrder: passers take their pass gems one after another in priority
// order (RULES.md 4, 6.3): the player whose pyramid holds the lowest-numbered standing card first
// (tucked cards do not count); a passer's whole action completes before the next one starts. Pass
// gems are 3 + the science tokens in the pyramid, as far as the reserve holds them. At every pass
// gem pick of random games the picker comes before every passer still waiting.
func TestAuctionPassGemsInPriorityOrder(t *testing.T) {
	checked, tucked := 0, 0
	atEveryDecisionOf(t, append(devGames, lawGames...), func(g *Game, cfg Config, p Player, legal []Move) {
		a := actionOf(g, p)
		pr := g.View(p).Progress
		if g.Phase() != PhaseAuction || g.Decision(p) != ChooseGem || a == nil || !slices.Contains(pr.Passed, p) {
			return
		}
		for _, q := range pr.Passers {
			if q == p {
				continue
			}
			if lowestCard(g, q) < lowestCard(g, p) {
				t.Fatalf("%+v: %v (lowest card %v) takes pass gems before %v (lowest card %v)", cfg, p, lowestCard(g, p), q, lowestCard(g, q))
			}
			withTucked := func(r Player) CardID { return slices.Min(append(g.Tableau(r).Tucked(), lowestCard(g, r))) }
			if withTucked(q) < withTucked(p) {
				tucked++ // counting tucked cards would have put q first
			}
			checked++
		}
		if a.Left > PassGems(g.Tableau(p).Count(Science)) {
			t.Fatalf("%+v: %v takes %d pass gems with %d science tokens", cfg, p, a.Left, g.Tableau(p).Count(Science))
		}
	})
	if checked == 0 || tucked == 0 {
		t.Errorf("priority checked %d times, with a tucked card that would have changed it %d times", checked, tucked)
	}
}

// TestAuctionRoundResolution holds the resolution of an auction round (RULES.md 6) to a model of
// it: attacks first, each attacker in priority order taking any card there is (keeping the token
// and staying in when there is none); then the bids colour by colour: every bid gem goes to the
// reserve; with n cards now at the colour and k bidders, n = 0 gives nothing and all stay in; a
// sole bidder takes one of the cards (the only one without a choice) and is done; two bidders on
// two cards claim; anything else gives nothing and all stay in. At every bid decision of random
// games (without virtual opponents) owed by the last player to choose, each of that player's
// moves is made, the others' choices read from their views, and the game is held to the model up
// to the first decision the resolution asks for. Every take by an attacker or a sole bidder is
// checked too.
func TestAuctionRoundResolution(t *testing.T) {
	cases := map[string]int{}
	games := []playsOf{
		{seedsOf(Config{Players: 2}, 1, sized(20, 100)), nil},
		{seedsOf(Config{Players: 3}, 2, sized(20, 100)), nil},
		{seedsOf(Config{Players: 4}, 3, sized(20, 100)), nil},
		{seedsOf(Config{Players: 4, Edition: FirstEdition}, 4, sized(10, 50)), lawPlayer},
		{seedsOf(Config{Players: 4}, 5, sized(30, 150)), weighted(map[MoveKind]int{Attack: 50, Pass: 0, Discard: 0})},
	}
	atEveryDecisionOf(t, games, func(g *Game, cfg Config, p Player, legal []Move) {
		switch g.Decision(p) {
		case ChooseAuctionCard:
			if g.Phase() == PhaseAuction {
				checkAuctionTake(t, g, cfg, p, legal, cases)
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
			next := mustApply(t, *g, p, m)
			checkRound(t, g, &next, cfg, choice, cases)
		}
	})
	// An attacker who finds one card, or none, is held to the model too, but no game comes to it: a
	// round holds at least as many cards as humans still in the auction (each took at most one),
	// and only virtual opponents' discards take cards away, which games with attacks in them did
	// not meet.
	for _, name := range []string{"a sole bidder takes the only card", "attackers in priority order",
		"a sole bidder chooses", "two bidders claim", "nobody gets a card", "bidders on a colour emptied by an attack",
		"an attacker's choice", "a sole bidder's choice"} {
		if cases[name] == 0 {
			t.Errorf("the games never met %q", name)
		}
	}
	t.Logf("cases met: %v", cases)
}

// checkRound checks next, the game after the last choice of an auction round of g, against the
// model of TestAuctionRoundResolution.
func checkRound(t *testing.T, g, next *Game, cfg Config, choice map[Player]Move, cases map[string]int) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%+v turn %d round %d, choices %v: %s", cfg, g.Turn(), g.Round(), choice, fmt.Sprintf(format, args...))
	}
	auction := g.auctionCards()
	cards := func() (n int) {
		for _, pair := range auction {
			n += b2i(pair[0] != 0) + b2i(pair[1] != 0)
		}
		return n
	}
	var attackers, passers []Player
	bidders := map[Color][]Player{}
	var bids Gems
	for q, m := range choice {
		switch m.Kind {
		case Attack:
			attackers = append(attackers, q)
		case Bid:
			bidders[m.Color] = append(bidders[m.Color], q)
			bids[m.Color]++
		case Pass:
			passers = append(passers, q)
		}
	}
	inAuction := func(q Player) bool { return next.View(q).Players[q].InAuction }
	took := func(q Player, id CardID) bool {
		return handHas(next, q, id) || slices.Contains(next.Tableau(q).TuckedUnder(lawPatronage), id)
	}
	samePhase := next.Phase() == PhaseAuction && next.Turn() == g.Turn()
	// Attacks, in priority order.
	for _, q := range byPriority(g, attackers) {
		switch cards() {
		case 0:
			if next.attacksOf(q) != g.attacksOf(q) || samePhase && g.Round() < 3 && !inAuction(q) {
				fail("%v attacks an empty auction: tokens %d -> %d, still in %v", q, g.attacksOf(q), next.attacksOf(q), inAuction(q))
			}
			cases["an attacker finds nothing"]++
			continue
		case 1:
			for c := range auction {
				for i, id := range auction[c] {
					if id != 0 {
						if !took(q, id) || next.attacksOf(q) != g.attacksOf(q)-1 {
							fail("%v attacks with %v alone on the auction: hand %v, tokens %d", q, id, next.handOf(q), next.attacksOf(q))
						}
						auction[c][i] = 0
					}
				}
			}
			cases["an attacker takes"]++
			continue
		}
		if !cmp.Equal(next.ToMove(), []Player{q}) || next.Decision(q) != ChooseAuctionCard ||
			next.attacksOf(q) != g.attacksOf(q)-1 || inAuction(q) {
			fail("%v, first attacker to choose, is not asked: to move %v, %v, tokens %d -> %d", q, next.ToMove(),
				next.Decision(q), g.attacksOf(q), next.attacksOf(q))
		}
		return
	}
	// Bids, colour by colour; every bid gem goes to the reserve (in round 3, those still in pass
	// after it and may take pass gems at once: their screens are not compared).
	for q, m := range choice {
		if g.Round() == 3 {
			break
		}
		var bid Gems
		bid[m.Color] = 1
		if m.Kind == Bid && next.Screen(q) != g.Screen(q).Minus(bid) {
			fail("%v bid %v: screen %v -> %v", q, m.Color, g.Screen(q), next.Screen(q))
		}
	}
	for c := range Color(NumColors) {
		k := bidders[c]
		var at []CardID
		for _, id := range auction[c] {
			if id != 0 {
				at = append(at, id)
			}
		}
		switch {
		case len(k) == 0:
			continue
		case len(at) == 0:
			cases["bidders on a colour emptied by an attack"]++
		case len(k) == 1 && len(at) == 1:
			if !took(k[0], at[0]) || samePhase && inAuction(k[0]) {
				fail("%v alone on %v with %v: hand %v, still in %v", k[0], c, at[0], next.handOf(k[0]), inAuction(k[0]))
			}
			cases["a sole bidder takes the only card"]++
			continue
		case len(k) == 1:
			if !cmp.Equal(next.ToMove(), k) || next.Decision(k[0]) != ChooseAuctionCard || !cmp.Equal(next.Legal(k[0]), cardMoves(Take, at...)) {
				fail("%v alone on %v with %v: to move %v, %v, legal %v", k[0], c, at, next.ToMove(), next.Decision(k[0]), next.Legal(k[0]))
			}
			cases["a sole bidder chooses"]++
			return
		case len(k) == 2 && len(at) == 2:
			if !cmp.Equal(next.ToMove(), sortedPlayers(k)) || next.Decision(k[0]) != ChooseClaim {
				fail("%v on %v with %v: to move %v, %v", k, c, at, next.ToMove(), next.Decision(k[0]))
			}
			cases["two bidders claim"]++
			return
		default:
			cases["nobody gets a card"]++
		}
		for _, q := range k { // nobody gets a card; all stay in
			for _, id := range at {
				if took(q, id) {
					fail("%v of %v bidders on %v with %v got %v", q, len(k), c, at, id)
				}
			}
			if samePhase && g.Round() < 3 && !inAuction(q) {
				fail("%v of %v bidders on %v with %v is out of the auction", q, len(k), c, at)
			}
		}
	}
	if samePhase && len(passers) > 0 && next.Decision(next.ToMove()[0]) == ChooseGem {
		first := byPriority(g, passers)[0]
		if q := next.ToMove()[0]; q != first && slices.Contains(passers, q) {
			fail("%v takes pass gems before %v", q, first)
		}
	}
}

func sortedPlayers(s []Player) []Player {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// checkAuctionTake: an attacker takes any card of the auction, and the attack token goes back to
// the supply; a sole bidder takes one of the cards at the colour bid (RULES.md 6.1, 6.2). Either is
// then done for the phase.
func checkAuctionTake(t *testing.T, g *Game, cfg Config, p Player, legal []Move, cases map[string]int) {
	t.Helper()
	a := actionOf(g, p)
	var want []CardID
	for c, pair := range g.auctionCards() {
		for _, id := range pair {
			if id != 0 && (a.Color == "any" || a.Color == Color(c).String()) {
				want = append(want, id)
			}
		}
	}
	if !cmp.Equal(legal, cardMoves(Take, want...)) {
		t.Fatalf("%+v: %v takes from %q: legal %v, want %v", cfg, p, a.Color, legal, want)
	}
	for _, q := range g.View(p).Progress.Attackers { // attackers take in priority order
		if a.Color == "any" && lowestCard(g, q) < lowestCard(g, p) {
			t.Fatalf("%+v: attacker %v takes before %v, who comes first in priority", cfg, p, q)
		}
		cases["attackers in priority order"]++
	}
	for _, m := range legal {
		next := mustApply(t, *g, p, m)
		// An attacker's token went back to the supply when the take began (TestAuctionRoundResolution).
		if !handHas(&next, p, m.Card) && !slices.Contains(next.Tableau(p).TuckedUnder(lawPatronage), m.Card) ||
			next.attacksOf(p) != g.attacksOf(p) || next.View(p).Players[p].InAuction {
			t.Fatalf("%+v: %v takes %v: hand %v, tokens %d -> %d, still in %v", cfg, p, m.Card, next.handOf(p),
				g.attacksOf(p), next.attacksOf(p), next.View(p).Players[p].InAuction)
		}
	}
	cases[map[bool]string{true: "an attacker's choice", false: "a sole bidder's choice"}[a.Color == "any"]]++
	if a.Color != "any" || len(g.View(p).Progress.Attackers) > 0 {
		return
	}
	// The last attacker's take: a colour it emptied gives its bidders nothing; they stay in.
	for _, m := range legal {
		c := -1
		for col, pair := range g.auctionCards() {
			if (pair[0] == m.Card || pair[1] == m.Card) && len(auctionCardsAt(g, Color(col))) == 1 {
				c = col
			}
		}
		if c < 0 {
			continue
		}
		next := mustApply(t, *g, p, m)
		for _, r := range g.View(p).Revealed {
			if r.Move.Kind != Bid || r.Move.Color != Color(c) || next.Phase() != PhaseAuction || g.Round() == 3 {
				continue
			}
			if !next.View(r.Player).Players[r.Player].InAuction {
				t.Fatalf("%+v: %v bid %v, emptied by %v's attack: out of the auction", cfg, r.Player, Color(c), p)
			}
			cases["bidders on a colour emptied by an attack"]++
		}
	}
}

// roundOneBids reports whether every human still in g's auction owes a bid of round 1 (no hidden
// choice made yet), no virtual opponent is in the game, and no 78 Patronage stands.
func roundOneBids(g *Game) bool {
	if g.Over() || g.Phase() != PhaseAuction || g.Round() != 1 || g.Config().Virtual != 0 || ownerOf(g, lawPatronage) >= 0 {
		return false
	}
	for q := range Player(g.numPlayers()) {
		if g.Decision(q) != ChooseBid || len(g.View(q).Chosen) != 0 {
			return false
		}
	}
	return true
}

// finishAuction plays g to the end of its auction phase: every bid decision a pass, every other
// decision the first legal move. It returns the game at the first decision after the phase and
// the players in the order they took pass gems.
func finishAuction(t *testing.T, g Game) (Game, []Player) {
	t.Helper()
	var order []Player
	turn := g.Turn()
	for !g.Over() && g.Turn() == turn && g.Phase() == PhaseAuction {
		p := g.ToMove()[0]
		m := g.Legal(p)[0]
		switch g.Decision(p) {
		case ChooseBid:
			m = Move{Kind: Pass}
		case ChooseGem:
			if len(order) == 0 || order[len(order)-1] != p {
				order = append(order, p)
			}
		}
		g = mustApply(t, g, p, m)
	}
	return g, order
}

// TestAuctionPassGems: a player who passes takes 3 gems plus one per science token in the
// pyramid, of colours of the player's choice (RULES.md 6; 12: "4 science tokens: a pass gives 7
// gems"). The position: the first bids of a turn, a player with science tokens, and a reserve
// that holds every pass gem owed; everyone passes.
func TestAuctionPassGems(t *testing.T) {
	for _, most := range []int{4, 1} {
		science := func(g *Game, q Player) int { return g.Tableau(q).Count(Science) }
		owed := func(g *Game) (n int) {
			for q := range Player(g.numPlayers()) {
				n += PassGems(science(g, q))
			}
			return n
		}
		sc, ok := scenario{configs: []Config{{Players: 2}, {Players: 3}}, seeds: 500, choose: builder,
			want: func(g *Game) bool {
				return roundOneBids(g) && science(g, 0) >= most && g.reserveGems().Total() >= owed(g)
			}}.find()
		if !ok {
			t.Logf("no game met a player with %d science tokens", most)
			continue
		}
		g := sc.Game
		n, screen := science(&g, 0), g.Screen(0)
		g, _ = finishAuction(t, g)
		if got := g.Screen(0).Total() - screen.Total(); got != 3+n || n == 4 && got != 7 {
			t.Errorf("%v: %d science tokens: a pass gave %d gems, want %d", sc, n, got, 3+n)
		}
		return
	}
	t.Fatal("no game met a player with science tokens")
}

// TestAuctionRoundThreePassOrder: those who pass in round 3 take their pass gems (RULES.md 6.3)
// before those passed automatically after it (6.4), whatever their priority, each group in
// priority order; the auction's cards not taken move from the base to the tip (6, end of the
// phase). The position: the first bids of a turn of 3 players, a colour with one card there, and
// gems of that colour for everyone to bid it in every round (the last in priority in two). All
// bid it twice; then the last in priority passes, and the others collide on it again.
func TestAuctionRoundThreePassOrder(t *testing.T) {
	var c Color
	pick := func(g *Game) bool {
		if g.numPlayers() != 3 || !roundOneBids(g) {
			return false
		}
		order := byPriority(g, []Player{0, 1, 2})
		for col := range Color(NumColors) {
			if at := auctionCardsAt(g, col); len(at) == 1 && g.auctionCards()[col][0] != 0 &&
				g.Screen(order[0])[col] >= 3 && g.Screen(order[1])[col] >= 3 && g.Screen(order[2])[col] >= 2 {
				c = col
				return true
			}
		}
		return false
	}
	sc := scenario{configs: []Config{{Players: 3}}, seeds: 500, want: pick}.reach(t)
	g := sc.Game
	pick(&g)
	order := byPriority(&g, []Player{0, 1, 2})
	card := g.auctionCards()[c][0]
	for range 2 {
		g = applyAll(t, g, bid(0, c), bid(1, c), bid(2, c))
	}
	g = applyAll(t, g, pass(order[2]), bid(order[0], c), bid(order[1], c))
	g, gems := finishAuction(t, g)
	if want := []Player{order[2], order[0], order[1]}; !cmp.Equal(gems, want) {
		t.Errorf("%v: pass gems taken in the order %v, want %v", sc, gems, want)
	}
	if g.auctionCards()[c][1] != card {
		t.Errorf("%v: %v, not taken at %v, is not at the tip: %v", sc, card, c, g.auctionCards())
	}
}

// TestEndOfAuctionMovesCards: at the end of the auction phase the cards at the tips are
// discarded, the cards at the bases move to the tips, and 4 new cards from the large deck go to the
// bases (RULES.md 6). The position: the first bids of a turn with a card at a tip; everyone passes.
func TestEndOfAuctionMovesCards(t *testing.T) {
	sc := scenario{configs: []Config{{Players: 3}}, want: func(g *Game) bool {
		return roundOneBids(g) && g.auctionCards()[Red][1] != 0 && g.auctionCards()[Red][0] != 0
	}}.reach(t)
	g := sc.Game
	before, large := g.auctionCards(), g.View(0).Decks.Large
	g, _ = finishAuction(t, g)
	after := g.auctionCards()
	for c := range before {
		if tip := before[c][1]; tip != 0 && !discardedCard(&g, tip) {
			t.Errorf("%v: %v at the tip of %v is not discarded", sc, tip, Color(c))
		}
		if after[c][1] != before[c][0] {
			t.Errorf("%v: the base of %v, %v, did not move to the tip: %v", sc, Color(c), before[c][0], after[c])
		}
		if after[c][0] == 0 {
			t.Errorf("%v: %v got no new card", sc, Color(c))
		}
	}
	if got := g.View(0).Decks.Large; got != large-4 {
		t.Errorf("%v: 4 new cards from the large deck: %d -> %d", sc, large, got)
	}
}

// TestAuctionTakesLogged: every card that goes from the auction into a hand during the auction
// phase, whether the player chose it (an attacker, a sole bidder on two cards, a claim) or it was
// the sole bidder's only card, taken without a decision, is told in every player's log as a take
// (EventTake) by that player, of that card, from where it lay, by the move that took it.
func TestAuctionTakesLogged(t *testing.T) {
	taken := 0
	for seed := range uint64(sized(2, 6)) {
		for _, cfg := range []Config{{Players: 2, Seed: seed}, {Players: 3, Seed: seed}, {Players: 4, Seed: seed},
			{Players: 2, Virtual: 2, Seed: seed}, {Players: 1, Virtual: 1, Seed: seed}} {
			seen := make([]int, cfg.Players)
			randomHistory(t, cfg, seed, func(h *History, before Game, mover Player, m Move) {
				g := h.Game()
				for p := range Player(cfg.Players) {
					log := h.Log(p)
					fresh := log[seen[p]:]
					seen[p] = len(log)
					if before.Phase() != PhaseAuction {
						continue
					}
					for c, pair := range before.auctionCards() {
						for slot, id := range pair {
							for q := range Player(cfg.Players) {
								if id == 0 || handHas(&before, q, id) || !handHas(&g, q, id) && !slices.Contains(g.Tableau(q).TuckedUnder(lawPatronage), id) {
									continue
								}
								want := Event{Kind: EventTake, Player: q, Card: id, Color: Color(c), Slot: slot}
								if !slices.ContainsFunc(fresh, func(e Event) bool {
									return e.Kind == want.Kind && e.Player == q && e.Card == id && e.Color == want.Color && e.Slot == slot
								}) {
									t.Fatalf("%+v: %v %v took %v into %v's hand; %v's log tells %v", cfg, mover, m, id, q, p, fresh)
								}
								taken++
							}
						}
					}
				}
			})
		}
	}
	if taken == 0 {
		t.Fatal("no card taken from the auction")
	}
}

// lastBidOf returns the choices of a round of bids that the players other than the one still to
// choose have made (as their views show them to themselves), when one player alone is still to
// choose; false when more are, or when 78 Patronage may step in after the round (laws_test.go
// checks that).
func lastBidOf(g *Game, cfg Config) (map[Player]Move, bool) {
	if len(g.ToMove()) != 1 || ownerOf(g, lawPatronage) >= 0 {
		return nil, false
	}
	choice := map[Player]Move{}
	for q := range Player(cfg.Players) {
		if chosen := g.View(q).Chosen; len(chosen) == 1 {
			choice[q] = chosen[0]
		}
	}
	return choice, true
}
