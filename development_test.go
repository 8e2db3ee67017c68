package viceroy

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The development phase (RULES.md 7, 8) is checked at every development decision of games played
// through the public API: the choices offered, the places and their costs, the payment, the
// single-colour circles' gems and the rewards, each held to an independent statement of the rules
// (oracles_test.go and the reward model below). Tests after them play out what a rule says in a
// position found by a scenario.

// devGames are the games whose development decisions the tests below check: every mix, random
// play, play that keeps its cards and builds tall pyramids (level 5 included), and play that
// plays laws.
var devGames = []playsOf{
	{seedsOf(Config{Players: 2}, 10, sized(12, 60)), nil},
	{seedsOf(Config{Players: 4, Edition: FirstEdition}, 20, sized(6, 30)), nil},
	{seedsOf(Config{Players: 1, Virtual: 1}, 30, sized(8, 40)), nil},
	{seedsOf(Config{Players: 3, Virtual: 1}, 40, sized(6, 30)), lawPlayer},
	{seedsOf(Config{Players: 2}, 50, sized(30, 150)), builder},
	{seedsOf(Config{Players: 1, Virtual: 1}, 60, sized(30, 150)), builder},
	{seedsOf(Config{Players: 3}, 70, sized(16, 80)), builder},
}

// devChecks counts the checks and the cases the development tests met, by name.
type devChecks struct {
	t     *testing.T
	cfg   Config
	cases map[string]int
}

func (c *devChecks) seen(name string) { c.cases[name]++ }

func (c *devChecks) fatalf(g *Game, p Player, format string, args ...any) {
	c.t.Helper()
	c.t.Fatalf("%+v turn %d round %d, %v (%v): %s", c.cfg, g.Turn(), g.Round(), p, g.Decision(p), fmt.Sprintf(format, args...))
}

// require fails the test for each case named that the games never met.
func (c *devChecks) require(names ...string) {
	c.t.Helper()
	for _, n := range names {
		if c.cases[n] == 0 {
			c.t.Errorf("the games never met %q (met: %v)", n, c.cases)
		}
	}
	c.t.Logf("cases met: %v", c.cases)
}

// sortedMoves returns the moves in a fixed order, for comparing sets.
func sortedMoves(ms []Move) []Move {
	out := slices.Clone(ms)
	slices.SortFunc(out, func(a, b Move) int { return strings.Compare(a.String(), b.String()) })
	return out
}

// TestDevelopmentChoices: in a development round a player may play a card from the hand, discard
// one (second edition only) or pass (RULES.md 2, 7). A character card is playable when its
// level-1 cost can be paid, from the screen with the infinite gems that have not paid this turn
// (RULES.md 8.3, 8.4: every higher level costs more), and the pyramid has a place; a law as
// laws_test.go states.
func TestDevelopmentChoices(t *testing.T) {
	c := &devChecks{t: t, cases: map[string]int{}}
	atEveryDecisionOf(t, devGames, func(g *Game, cfg Config, p Player, legal []Move) {
		c.cfg = cfg
		if g.Decision(p) != ChooseDevelopment {
			return
		}
		tab, screen, inf := g.Tableau(p), g.Screen(p), usableInfinite(g, p)
		want := []Move{{Kind: Pass}}
		for _, id := range g.handOf(p) {
			if cfg.Edition == SecondEdition {
				want = append(want, Move{Kind: Discard, Card: id})
			}
			if id.IsLaw() {
				if slices.Contains(legal, Move{Kind: Play, Card: id}) {
					want = append(want, Move{Kind: Play, Card: id}) // laws_test.go holds them to their rule
				}
				continue
			}
			cost := oracleCost(id, 1)
			switch {
			case len(oraclePlaces(tab.Pyramid, false)) == 0:
			case oraclePayable(cost, screen, Gems{}):
				want = append(want, Move{Kind: Play, Card: id})
			case oraclePayable(cost, screen, inf):
				want = append(want, Move{Kind: Play, Card: id})
				c.seen("playable only with an infinite gem")
			default:
				c.seen("a character the player cannot pay for")
				if oraclePayable(cost, screen, inf.Plus(usedInfinite(g, p))) {
					c.seen("payable with an infinite gem that paid this turn")
				}
			}
		}
		if diff := cmp.Diff(sortedMoves(want), sortedMoves(legal)); diff != "" {
			c.fatalf(g, p, "hand %v, screen %v, unused infinite gems %v: choices (-want +got):\n%s", g.handOf(p), screen, inf, diff)
		}
		for _, m := range legal {
			if _, err := g.Apply(p, m); err != nil {
				c.fatalf(g, p, "%v listed and refused: %v", m, err)
			}
		}
	})
	c.require("playable only with an infinite gem", "a character the player cannot pay for",
		"payable with an infinite gem that paid this turn")
}

// usedInfinite returns, by colour, the infinite gems of p's pyramid that have paid this turn.
func usedInfinite(g *Game, p Player) Gems {
	var all Gems
	for _, inf := range g.Tableau(p).infiniteGems() {
		all[inf.Color]++
	}
	return all.Minus(usableInfinite(g, p))
}

// TestDevelopmentPlaces: a character card goes to any legal place (RULES.md 8.1) whose level's cost
// (RULES.md 8.3) the screen, with the unused infinite gems, can pay (RULES.md 7: "A card may not be
// played at a level whose cost the player cannot pay").
func TestDevelopmentPlaces(t *testing.T) {
	c := &devChecks{t: t, cases: map[string]int{}}
	atEveryDecisionOf(t, devGames, func(g *Game, cfg Config, p Player, legal []Move) {
		c.cfg = cfg
		a := actionOf(g, p)
		if g.Decision(p) != ChoosePlace || a == nil || a.Card == lawSuccession || a.Card == lawEndowment {
			return
		}
		if a.Card.IsLaw() { // laws cost nothing and never stand on level 5 (RULES.md 7)
			if diff := cmp.Diff(placeMoves(oraclePlaces(g.Tableau(p).Pyramid, true)), legal); diff != "" {
				c.fatalf(g, p, "places for %v (-want +got):\n%s", a.Card, diff)
			}
			if slices.ContainsFunc(oraclePlaces(g.Tableau(p).Pyramid, false), func(at Place) bool { return at.Level == MaxLevel }) {
				c.seen("a law where a character could stand on level 5")
			}
			return
		}
		var want []Place
		for _, at := range oraclePlaces(g.Tableau(p).Pyramid, false) {
			if oraclePayable(oracleCost(a.Card, int(at.Level)), g.Screen(p), usableInfinite(g, p)) {
				want = append(want, at)
			} else {
				c.seen(fmt.Sprintf("a level-%d place too dear", at.Level))
			}
			c.seen(fmt.Sprintf("a level-%d place", at.Level))
		}
		if diff := cmp.Diff(placeMoves(want), legal); diff != "" {
			c.fatalf(g, p, "places for %v with screen %v (-want +got):\n%s", a.Card, g.Screen(p), diff)
		}
	})
	c.require("a level-1 place", "a level-2 place", "a level-3 place", "a level-4 place", "a level-5 place",
		"a level-2 place too dear", "a level-5 place too dear", "a law where a character could stand on level 5")
}

// reward is the reward model: what placing a character card and carrying out its action gives,
// step by step, as RULES.md 8.2-8.5 say, until the player owes a decision.
type reward struct {
	card    CardID
	screen  Gems
	reserve Gems
	tokens  []Token // put on the card
	attacks int     // put behind the screen
	inf     *Color  // the infinite gem put on the card
	small   int     // the decks
	laws    int
	drawn   int  // cards drawn into the hand
	patron  bool // 78 Patronage stands in the player's pyramid: every card drawn is offered first
}

// items gives the reward items of the rows, from item of the first row on, until a decision is
// owed (which it returns) or none is left (NoDecision).
func (r *reward) items(rows []int, item int) Decision {
	for i, row := range rows {
		its := r.card.Card().Rows[row-1].Reward.Items()
		for k := item * b2i(i == 0); k < len(its); k++ {
			it := its[k]
			switch it.Kind {
			case GemsReward:
				if d := r.gems(int(it.N)); d != NoDecision {
					return d
				}
			case CardsReward:
				if d := r.draws(int(it.N)); d != NoDecision {
					return d
				}
			case PointsReward:
				r.tokens = append(r.tokens, token(PowerPoints, int(it.N), 0))
			case ScienceReward, MagicReward, DefenseReward:
				kind := map[RewardKind]TokenKind{ScienceReward: Science, MagicReward: Magic, DefenseReward: Defense}[it.Kind]
				for range it.N {
					r.tokens = append(r.tokens, token(kind, 1, 0))
				}
			case MagicBonusReward:
				r.tokens = append(r.tokens, token(MagicBonus, int(it.N), 0))
			case CircleBonusReward:
				r.tokens = append(r.tokens, token(CircleBonus, int(it.N), it.Color))
			case AttackReward:
				r.attacks += int(it.N)
			case InfiniteReward: // from the reserve, else from the screen, else none
				switch c := it.Color; {
				case r.reserve[c] > 0:
					r.reserve[c]--
					r.inf = &c
				case r.screen[c] > 0:
					r.screen[c]--
					r.inf = &c
				}
			}
		}
	}
	return NoDecision
}

// gems takes n gems of the player's choice from the reserve: all there are when they are no more
// than n, n of the only colour there is, else a choice.
func (r *reward) gems(n int) Decision {
	colors := len(colorMoves(TakeGem, r.reserve))
	switch {
	case n == 0 || colors == 0:
	case n >= r.reserve.Total():
		r.screen, r.reserve = r.screen.Plus(r.reserve), Gems{}
	case colors == 1:
		c := colorMoves(TakeGem, r.reserve)[0].Color
		r.screen[c] += uint8(n)
		r.reserve[c] -= uint8(n)
	default:
		return ChooseGem
	}
	return NoDecision
}

// draws draws n cards, each from the small deck or the law deck: from the only one left without a
// choice, none from none.
func (r *reward) draws(n int) Decision {
	for range n {
		switch {
		case r.small == 0 && r.laws == 0:
			return NoDecision
		case r.small > 0 && r.laws > 0:
			return ChooseDeck
		case r.small > 0:
			r.small--
		default:
			r.laws--
		}
		r.drawn++
		if r.patron {
			return ChoosePatronage
		}
	}
	return NoDecision
}

// newReward starts the model from p's position in g, for card.
func newReward(g *Game, p Player, card CardID) *reward {
	d := g.View(p).Decks
	return &reward{card: card, screen: g.Screen(p), reserve: g.reserveGems(), small: d.Small, laws: d.Laws,
		patron: standsIn(g.Tableau(p).Pyramid, lawPatronage)}
}

// payments returns the payment moves while due is owed (RULES.md 8.4): an infinite gem of each
// card whose gem has not paid this turn and whose colour is due, in the order the pyramid lists
// its infinite gems; paying the rest from the screen when it can.
func payments(g *Game, p Player, due Gems, used []CardID) []Move {
	var out []Move
	for _, inf := range g.Tableau(p).infiniteGems() {
		if due[inf.Color] > 0 && !slices.Contains(used, inf.Card) {
			out = append(out, Move{Kind: UseInfinite, Card: inf.Card})
		}
	}
	if g.Screen(p).Covers(due) {
		out = append(out, Move{Kind: PayCost})
	}
	return out
}

// devStep checks p's move m at a decision of the action of playing a character card: the model
// says what the move and everything that follows it without a choice do, and next must show it.
func (c *devChecks) devStep(g *Game, p Player, a *shownAction, m Move) {
	c.t.Helper()
	next, err := g.Apply(p, m)
	if err != nil {
		c.fatalf(g, p, "legal move %v refused: %v", m, err)
	}
	r := newReward(g, p, a.Card)
	at, due, used := a.At, a.Due, slices.Clone(g.View(p).Progress.Used)
	rows, item := a.Rows, a.Item
	var want Decision
	rest := func() Decision { // the circles and the rewards of the level, once paid
		pyr := g.Tableau(p).Pyramid
		if !pyr.has(a.Card) {
			pyr, _ = pyr.with(a.Card, at)
		}
		gems := oracleCircleGems(pyr, a.Card, r.reserve)
		if gems != (Gems{}) {
			c.seen("a single-colour circle's gem")
		}
		r.screen, r.reserve = r.screen.Plus(gems), r.reserve.Minus(gems)
		if at.Level == MaxLevel {
			return ChooseReward
		}
		return r.items([]int{int(at.Level)}, 0)
	}
	payAll := func() Decision {
		r.screen, r.reserve = r.screen.Minus(due), r.reserve.Plus(due)
		due = Gems{}
		return rest()
	}
	pay := func() Decision { // pays what is due: infinite gems without a choice, else the player chooses
		for due != (Gems{}) {
			moves := payments(g, p, due, used)
			if len(moves) != 1 {
				return ChoosePayment
			}
			if moves[0].Kind == PayCost {
				break
			}
			c.seen("an infinite gem pays without a choice")
			used = append(used, moves[0].Card)
			due[colorOfInfinite(g, p, moves[0].Card)]--
		}
		return payAll()
	}
	switch m.Kind {
	case PlaceCard:
		at, due = m.At, oracleCost(a.Card, int(m.At.Level))
		want = pay()
	case UseInfinite:
		used = append(used, m.Card)
		due[colorOfInfinite(g, p, m.Card)]--
		want = pay()
		c.seen("an infinite gem pays by choice")
	case PayCost:
		want = payAll()
	case TakeReward:
		if m.Choice == FifteenPoints {
			r.tokens = append(r.tokens, token(PowerPoints, 15, 0))
			c.seen("level 5: 15 points")
		} else {
			want = r.items([]int{1, 2, 3}, 0)
			c.seen("level 5: rows 1-3")
		}
	case TakeGem:
		r.screen[m.Color]++
		r.reserve[m.Color]--
		if want = r.gems(a.Left - 1); want == NoDecision {
			want = r.items(rows, item)
		}
	case Draw:
		if m.Choice == SmallDeck {
			r.small--
		} else {
			r.laws--
		}
		r.drawn++
		want = ChoosePatronage
		if !r.patron {
			if want = r.draws(a.Left - 1); want == NoDecision {
				want = r.items(rows, item)
			}
		}
	}
	got := NoDecision
	if na := actionOf(&next, p); na != nil && na.Card == a.Card || next.Decision(p) == ChoosePatronage {
		got = next.Decision(p)
	}
	if got != want {
		c.fatalf(g, p, "%v playing %v: next %v, the rules say %v", m, a.Card, got, want)
	}
	if next.Screen(p) != r.screen || got != NoDecision && next.reserveGems() != r.reserve {
		c.fatalf(g, p, "%v playing %v: screen %v, reserve %v; the rules say %v and %v", m, a.Card,
			next.Screen(p), next.reserveGems(), r.screen, r.reserve)
	}
	h := next.Tableau(p).Holding(a.Card)
	wantTokens := slices.Concat(sortedTokens(g.Tableau(p), a.Card), r.tokens)
	slices.Sort(wantTokens)
	if toks := sortedTokens(next.Tableau(p), a.Card); !slices.Equal(toks, wantTokens) {
		c.fatalf(g, p, "%v playing %v: tokens on it %v, the rules say %v", m, a.Card, toks, wantTokens)
	}
	if r.inf != nil && (!h.HasGem || h.Infinite != *r.inf) {
		c.fatalf(g, p, "%v playing %v: %+v, the rules say an infinite %v gem", m, a.Card, h, *r.inf)
	}
	if next.attacksOf(p) != g.attacksOf(p)+r.attacks || len(next.handOf(p)) != len(g.handOf(p))+r.drawn-b2i(m.Kind == PlaceCard) {
		c.fatalf(g, p, "%v playing %v: attacks %d -> %d, hand %v -> %v; the rules say %d more attacks, %d cards drawn",
			m, a.Card, g.attacksOf(p), next.attacksOf(p), g.handOf(p), next.handOf(p), r.attacks, r.drawn)
	}
	if nu := next.View(p).Progress.Used; next.Turn() == g.Turn() && next.Phase() == PhaseDevelopment && !cmp.Equal(sortedCards(nu), sortedCards(used)) {
		c.fatalf(g, p, "%v playing %v: infinite gems used %v, the rules say %v", m, a.Card, nu, used)
	}
	if r.inf != nil && r.reserve == next.reserveGems() && g.reserveGems()[*r.inf] == 0 {
		c.seen("an infinite gem from the screen")
	}
	if r.drawn > 0 {
		c.seen("a card drawn")
	}
	if m.Kind == PlaceCard && g.reserveGems().Total() < 5 {
		c.seen("a card played with few gems in the reserve")
	}
}

// colorOfInfinite returns the colour of the infinite gem on card id of p's pyramid.
func colorOfInfinite(g *Game, p Player, id CardID) Color { return g.Tableau(p).Holding(id).Infinite }

func sortedCards(s []CardID) []CardID {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// TestDevelopmentPlayResolves: playing a character card (RULES.md 7) pays the cost of the level
// from the screen to the reserve, an infinite gem paying one gem of its colour once a turn as the
// player chooses (8.3, 8.4); then every single-coloured circle the card completes or is part of
// gives a gem of its colour from the reserve, if any (8.2); then the reward of the level, and only
// that one: tokens on the card, attack tokens behind the screen, an infinite gem from the reserve
// or else the screen, gems of the player's choice as far as the reserve holds them, cards from the
// deck of the player's choice as far as the decks hold them; at level 5 the rewards of rows 1-3 or
// 15 points (8.5). Every move of every decision of the action is held to the model, with what
// follows it without a choice.
func TestDevelopmentPlayResolves(t *testing.T) {
	c := &devChecks{t: t, cases: map[string]int{}}
	atEveryDecisionOf(t, devGames, func(g *Game, cfg Config, p Player, legal []Move) {
		c.cfg = cfg
		a := actionOf(g, p)
		if a == nil || !a.Card.IsCharacter() || g.Decision(p) == ChoosePatronage {
			return
		}
		switch g.Decision(p) {
		case ChoosePayment:
			if diff := cmp.Diff(payments(g, p, a.Due, g.View(p).Progress.Used), legal); diff != "" {
				c.fatalf(g, p, "payment of %v for %v (-want +got):\n%s", a.Due, a.Card, diff)
			}
		case ChooseReward:
			c.wantLegal(g, p, []Move{{Kind: TakeReward, Choice: RowRewards}, {Kind: TakeReward, Choice: FifteenPoints}}, legal)
		case ChooseGem:
			c.wantLegal(g, p, colorMoves(TakeGem, g.reserveGems()), legal)
		case ChooseDeck:
			c.wantLegal(g, p, []Move{{Kind: Draw, Choice: SmallDeck}, {Kind: Draw, Choice: LawDeck}}, legal)
		case ChoosePlace:
		default:
			return
		}
		for _, m := range legal {
			c.devStep(g, p, a, m)
		}
	})
	c.require("a single-colour circle's gem", "an infinite gem pays by choice", "an infinite gem pays without a choice",
		"level 5: 15 points", "level 5: rows 1-3", "a card drawn", "an infinite gem from the screen",
		"a card played with few gems in the reserve")
}

func (c *devChecks) wantLegal(g *Game, p Player, want, legal []Move) {
	c.t.Helper()
	if diff := cmp.Diff(want, legal); diff != "" {
		c.fatalf(g, p, "legal moves (-want +got):\n%s", diff)
	}
}

// TestDevelopmentRounds: up to three development rounds a turn; a pass ends the player's
// development for the turn (RULES.md 7): a player who passed is not asked again that turn, and the
// phase ends after the third round or when every player has passed. At the first choice of every
// development phase, every player asked passes in a copy, which is played on (first legal moves)
// to the end of the turn; and the real game, as played, is followed too.
func TestDevelopmentRounds(t *testing.T) {
	checked := 0
	atEveryDecisionOf(t, devGames[:3], func(g *Game, cfg Config, p Player, legal []Move) {
		if g.Decision(p) != ChooseDevelopment {
			return
		}
		if r := g.Round(); r < 1 || r > 3 {
			t.Fatalf("%+v turn %d: development round %d", cfg, g.Turn(), r)
		}
		if !g.View(p).Players[p].Active {
			t.Fatalf("%+v turn %d: %v is asked but not active", cfg, g.Turn(), p)
		}
		if g.Round() != 1 || p != g.ToMove()[0] {
			return
		}
		all, passed := *g, map[Player]bool{}
		for _, q := range g.ToMove() {
			all = mustApply(t, all, q, Move{Kind: Pass})
			passed[q] = true
		}
		for all.Turn() == g.Turn() && !all.Over() {
			q := all.ToMove()[0]
			if all.Decision(q) == ChooseDevelopment && passed[q] {
				t.Fatalf("%+v turn %d: %v passed, and is asked again in round %d", cfg, g.Turn(), q, all.Round())
			}
			if all.Phase() == PhaseDevelopment && all.Round() > 3 {
				t.Fatalf("%+v turn %d: development round %d", cfg, g.Turn(), all.Round())
			}
			all = mustApply(t, all, q, all.Legal(q)[0])
		}
		checked++
	})
	if checked == 0 {
		t.Fatal("no development phase checked")
	}
}

// TestDevelopmentUsedInfiniteGemsResetEachTurn: an infinite gem pays once per turn (RULES.md 8.4),
// and a turn boundary resets them (RULES.md 5): when a turn's auction begins no gem has paid.
func TestDevelopmentUsedInfiniteGemsResetEachTurn(t *testing.T) {
	used, reset := 0, 0
	atEveryDecisionOf(t, devGames, func(g *Game, cfg Config, p Player, legal []Move) {
		u := g.View(p).Progress.Used
		used += len(u)
		if g.Phase() == PhaseAuction && g.Round() == 1 && g.Decision(p) == ChooseBid {
			if len(u) != 0 {
				t.Fatalf("%+v turn %d: infinite gems %v still used as the auction begins", cfg, g.Turn(), u)
			}
			reset++
		}
	})
	if used == 0 || reset == 0 {
		t.Errorf("used infinite gems seen %d times, auctions begun %d", used, reset)
	}
}

// TestDevelopmentResolvesInCardOrder: "the played and discarded cards resolve one at a time in
// increasing card number", not by priority (RULES.md 4, 7). The position: two players each
// choosing a development action, the one first in priority with a higher card to play or discard
// than the other's.
func TestDevelopmentResolvesInCardOrder(t *testing.T) {
	for _, kind := range []MoveKind{Play, Discard} {
		t.Run(kind.String(), func(t *testing.T) {
			var first, second Player
			var high, low CardID
			pick := func(g *Game) bool {
				who := g.ToMove()
				if len(who) < 2 || g.Decision(who[0]) != ChooseDevelopment {
					return false
				}
				order := byPriority(g, who)
				first, second = order[0], order[1]
				high, low = 0, 0
				for _, m := range g.Legal(first) {
					if m.Kind == kind {
						high = max(high, m.Card)
					}
				}
				for _, m := range g.Legal(second) {
					if m.Kind == Play && m.Card < high && (low == 0 || m.Card < low) {
						low = m.Card
					}
				}
				return high != 0 && low != 0
			}
			sc := scenario{configs: []Config{{Players: 2}, {Players: 3}}, want: pick}.reach(t)
			g := sc.Game
			pick(&g)
			g = mustApply(t, g, first, Move{Kind: kind, Card: high})
			g = mustApply(t, g, second, Move{Kind: Play, Card: low})
			g = othersPass(t, g, -1)
			if v := g.View(second); v.Playing != low || slices.Contains(g.ToMove(), first) {
				t.Fatalf("%v: %v's %v (first in priority) and %v's card %v: playing %v, to move %v",
					sc, first, high, second, low, v.Playing, g.ToMove())
			}
		})
	}
}

// TestDevelopmentDiscard: in the second edition a discarded card leaves the game and gives 2 gems
// of the player's choice from the reserve, as many as it holds (RULES.md 2, 7). The positions: a
// development choice of player 0 in the second edition with a card in the hand, and one with at
// most one gem in the reserve; player 0 discards the card, the others pass.
func TestDevelopmentDiscard(t *testing.T) {
	for _, short := range []bool{false, true} {
		sc := scenario{configs: []Config{{Players: 2}, {Players: 1, Virtual: 1}},
			choose: weighted(map[MoveKind]int{Pass: 3, Discard: 0}),
			want: func(g *Game) bool {
				return owes(g, 0, ChooseDevelopment) && len(g.handOf(0)) > 0 && (!short || g.reserveGems().Total() <= 1)
			}}.reach(t)
		g := sc.Game
		card := g.handOf(0)[0]
		screen, reserve := g.Screen(0), g.reserveGems()
		g = othersPass(t, mustApply(t, g, 0, Move{Kind: Discard, Card: card}), 0)
		for g.Decision(0) == ChooseGem {
			g = mustApply(t, g, 0, g.Legal(0)[0])
		}
		took := g.Screen(0).Minus(screen)
		if !discardedCard(&g, card) || handHas(&g, 0, card) || took.Total() != min(2, reserve.Total()) || !reserve.Covers(took) {
			t.Fatalf("%v: discarding %v with the reserve %v: out of the game %v, hand %v, took %v",
				sc, card, reserve, discardedCard(&g, card), g.handOf(0), took)
		}
	}
}

// TestFirstEditionStartIsOneChoice: in the first edition the card kept for the pyramid is the
// whole starting choice; the other of the two cards goes to the hand without being asked for.
func TestFirstEditionStartIsOneChoice(t *testing.T) {
	for pick := range 2 {
		g, err := NewGame(Config{Players: 2, Edition: FirstEdition, Seed: 4})
		if err != nil {
			t.Fatal(err)
		}
		dealt := g.dealtCards(0)
		if len(dealt) != 2 {
			t.Fatalf("dealt %v, want 2 cards", dealt)
		}
		g = applyAll(t, g, pm{0, Move{Kind: KeepInPyramid, Card: dealt[pick]}})
		if g.Decision(0) != NoDecision || !cmp.Equal(g.ToMove(), []Player{1}) {
			t.Fatalf("keeping %v: player 0 still owes %v (to move %v)", dealt[pick], g.Decision(0), g.ToMove())
		}
		if want := (Move{Kind: KeepInHand, Card: dealt[1-pick]}); !slices.Contains(g.View(0).Chosen, want) {
			t.Fatalf("keeping %v: chosen %v, want %v among them", dealt[pick], g.View(0).Chosen, want)
		}
		g = playForced(t, applyAll(t, g, pm{1, g.Legal(1)[0]}))
		if !standsIn(g.Tableau(0).Pyramid, dealt[pick]) || !handHas(&g, 0, dealt[1-pick]) {
			t.Fatalf("pyramid %v, hand %v; want %v in the pyramid and %v in the hand", g.Tableau(0).Pyramid.Cards(), g.handOf(0), dealt[pick], dealt[1-pick])
		}
	}
}
