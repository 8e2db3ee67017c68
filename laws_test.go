package viceroy

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The laws (RULES.md 10, cards/laws.tsv, with the readings of cards/README.md) are checked step by
// step wherever games played through the public API reach them: at every decision of a law's
// action, every legal move is made, and what it did is held to the law's text, read through the
// public API (the tableaux, screens, reserve, hands, decks and views). The games are played by
// lawPlayer, which plays a law whenever it can, in every player mix. The checks are written from
// the texts, independently of the engine (oracles_test.go); TestLawSteps counts how often each ran
// and fails if one never did.

// lawGames are the games whose law steps TestLawSteps checks.
var lawGames = []playsOf{
	{seedsOf(Config{Players: 2}, 100, sized(24, 120)), lawPlayer},
	{seedsOf(Config{Players: 3}, 200, sized(16, 80)), lawPlayer},
	{seedsOf(Config{Players: 4}, 300, sized(12, 60)), lawPlayer},
	{seedsOf(Config{Players: 4, Edition: FirstEdition}, 400, sized(8, 40)), lawPlayer},
	{seedsOf(Config{Players: 1, Virtual: 1}, 500, sized(16, 80)), lawPlayer},
	{seedsOf(Config{Players: 2, Virtual: 1}, 600, sized(12, 60)), lawPlayer},
	{seedsOf(Config{Players: 2, Virtual: 2, Edition: FirstEdition}, 700, sized(8, 40)), lawPlayer},
	{seedsOf(Config{Players: 4}, 800, sized(16, 80)), latePlayer},
	{seedsOf(Config{Players: 2}, 900, sized(16, 80)), latePlayer},
}

// lawChecks counts the checks TestLawSteps made, by name.
type lawChecks struct {
	t     *testing.T
	cfg   Config
	runs  map[string]int
	cases map[string]int
}

func (c *lawChecks) ran(name string) { c.runs[name]++ }

// seen counts a case that the games may or may not reach: TestLawSteps logs how often they did.
func (c *lawChecks) seen(name string) { c.cases[name]++ }

func (c *lawChecks) fatalf(g *Game, p Player, format string, args ...any) {
	c.t.Helper()
	c.t.Fatalf("%+v turn %d round %d, %v (%v): %s", c.cfg, g.Turn(), g.Round(), p, g.Decision(p), fmt.Sprintf(format, args...))
}

// wantLegal fails unless legal is want.
func (c *lawChecks) wantLegal(g *Game, p Player, what string, want, legal []Move) {
	c.t.Helper()
	if diff := cmp.Diff(want, legal); diff != "" {
		c.fatalf(g, p, "%s: legal moves (-want +got):\n%s", what, diff)
	}
}

// TestLawSteps checks every step of every law reached in lawGames, and the end-game points of
// every law standing at the end of them.
func TestLawSteps(t *testing.T) {
	c := &lawChecks{t: t, runs: map[string]int{}, cases: map[string]int{}}
	atEveryDecisionOf(t, lawGames, func(g *Game, cfg Config, p Player, legal []Move) {
		c.cfg = cfg
		c.check(g, p, legal)
	})
	// The end-game points of the laws, in the finished games.
	for _, gs := range lawGames {
		for _, cfg := range gs.configs {
			g := playToEnd(t, cfg, gs.choose)
			c.cfg = cfg
			c.endPoints(&g)
		}
	}
	for _, name := range lawCheckNames {
		if c.runs[name] == 0 {
			t.Errorf("the games never reached %q", name)
		}
	}
	t.Logf("checks made: %v", c.runs)
	t.Logf("cases seen: %v", c.cases)
}

// lawCheckNames are the checks TestLawSteps must make at least once.
var lawCheckNames = []string{
	"play a law", "place a law", "65 Succession", "66 Endowment", "67 Barter offered",
	"67 Barter declined", "67 Barter own token", "67 Barter other token", "67 Barter gift",
	"69 Privilege take", "70 Council draws", "70 Council puts back", "option tokens", "option gems",
	"option card", "option infinite gem", "infinite colour", "72 Archive tuck", "72 Archive done",
	"74 Exile", "74 Exile nothing free", "76 Treasury park", "76 Treasury done",
	"78 Patronage tuck", "78 Patronage keep", "78 Patronage offers a card taken", "law points", "68 Census", "72 Archive points",
	"74 Exile points", "75 Concord", "76 Treasury points", "78 Patronage points", "79 Harmony",
	"85-88 Good Neighbours", "attack token on a law",
}

// playToEnd plays the game of cfg to its end with choose, as atEveryDecisionOf plays it.
func playToEnd(t *testing.T, cfg Config, choose chooser) Game {
	t.Helper()
	return playSeeded(t, cfg, choose, nil)
}

// check checks p's decision in g if it is a law's.
func (c *lawChecks) check(g *Game, p Player, legal []Move) {
	c.t.Helper()
	c.patronTrigger(g, p, legal)
	a := actionOf(g, p)
	switch d := g.Decision(p); {
	case d == ChooseDevelopment:
		c.playLaw(g, p, legal)
	case d == ChoosePatronage:
		c.patronage(g, p, legal)
	case a == nil:
	case d == ChoosePlace && a.Card == lawSuccession:
		c.succession(g, p, legal)
	case d == ChoosePlace && a.Card == lawEndowment:
		c.endowment(g, p, legal)
	case d == ChoosePlace && a.Card.IsLaw():
		c.placeLaw(g, p, a.Card, legal)
	case d == ChooseLawOption:
		c.option(g, p, a.Card, legal)
	case d == ChooseInfiniteColor:
		c.infiniteColor(g, p, a.Card, legal)
	case d == ChooseTuck && a.Kind == "archive":
		c.archive(g, p, legal)
	case d == ChooseTuck && a.Kind == "exile":
		c.exile(g, p, legal)
	case d == ChoosePark:
		c.treasury(g, p, a, legal)
	case d == ChoosePutBack:
		c.putBack(g, p, a, legal)
	case d == ChooseToken && a.Kind == "barter-own":
		c.barterOwn(g, p, legal)
	case d == ChooseToken && a.Kind == "barter-other":
		c.barterOther(g, p, a, legal)
	case d == ChooseGift:
		c.gift(g, p, a, legal)
	case d == ChooseAuctionCard && a.Card == lawPrivilege:
		c.privilegeTake(g, p, legal)
	}
}

// apply makes p's move m on a copy of g.
func (c *lawChecks) apply(g *Game, p Player, m Move) Game {
	c.t.Helper()
	next, err := g.Apply(p, m)
	if err != nil {
		c.fatalf(g, p, "legal move %v refused: %v", m, err)
	}
	return next
}

// lawOver reports whether the law p resolves in g is over in next: p carries out no action of
// law any more and owes no decision on 78 Patronage.
func lawOver(next *Game, p Player, law CardID) bool {
	a := actionOf(next, p)
	return (a == nil || a.Card != law) && next.Decision(p) != ChoosePatronage
}

// stillActing reports whether p still carries out an action in next, so that nobody else has
// moved gems since: the reserve can be compared.
func stillActing(next *Game, p Player) bool { return actionOf(next, p) != nil }

// playLaw: a law can be played (RULES.md 7, cards README) when it has somewhere to go: 65
// Succession a card on levels 1-4 to replace, 66 Endowment a character card to go under, any
// other law a place below level 5.
func (c *lawChecks) playLaw(g *Game, p Player, legal []Move) {
	c.t.Helper()
	tab := g.Tableau(p)
	for _, law := range g.handOf(p) {
		if !law.IsLaw() {
			continue
		}
		var want bool
		switch law {
		case lawSuccession:
			want = slices.ContainsFunc(tab.Pyramid.Cards(), func(id CardID) bool {
				at, _ := tab.Pyramid.Find(id)
				return at.Level < MaxLevel
			})
		case lawEndowment:
			want = slices.ContainsFunc(tab.Pyramid.Cards(), CardID.IsCharacter)
		default:
			want = len(oraclePlaces(tab.Pyramid, true)) > 0
		}
		if !want {
			c.seen("a law with nowhere to go: " + law.String())
		}
		if got := slices.Contains(legal, Move{Kind: Play, Card: law}); got != want {
			c.fatalf(g, p, "playing %v offered %v, want %v (pyramid %v)", law, got, want, tab.Pyramid)
		}
		c.ran("play a law")
	}
}

// placeLaw: a law other than 65 Succession and 66 Endowment goes to any legal place below level 5
// and costs nothing; the single-coloured circles it completes or is part of give their gems; then
// the law resolves as its text says.
func (c *lawChecks) placeLaw(g *Game, p Player, law CardID, legal []Move) {
	c.t.Helper()
	before := g.Tableau(p)
	c.wantLegal(g, p, "placing "+law.String(), placeMoves(oraclePlaces(before.Pyramid, true)), legal)
	for _, m := range legal {
		next := c.apply(g, p, m)
		after := next.Tableau(p)
		exiled := law == lawExile && len(after.TuckedUnder(lawExile)) == 1 // the only other free card
		if after.Pyramid.At(m.At) != law || after.Pyramid.length() != before.Pyramid.length()+1-b2i(exiled) {
			c.fatalf(g, p, "%v at %v: the pyramid is %v", law, m.At, after.Pyramid)
		}
		placed, err := before.Pyramid.with(law, m.At)
		if err != nil {
			c.fatalf(g, p, "%v at %v: %v", law, m.At, err)
		}
		gems := oracleCircleGems(placed, law, g.reserveGems())
		if got := next.Screen(p).Minus(g.Screen(p)); next.Screen(p) != g.Screen(p).Plus(gems) {
			c.fatalf(g, p, "%v at %v: the screen gained %v, want the circle gems %v", law, m.At, got, gems)
		}
		if stillActing(&next, p) && next.reserveGems() != g.reserveGems().Minus(gems) {
			c.fatalf(g, p, "%v at %v: reserve %v -> %v, want %v less", law, m.At, g.reserveGems(), next.reserveGems(), gems)
		}
		c.ran("place a law")
		c.resolved(g, &next, p, law)
	}
}

// resolved checks how law, just placed by p in g, begins to resolve in next.
func (c *lawChecks) resolved(g, next *Game, p Player, law CardID) {
	c.t.Helper()
	if next.Decision(p) == ChoosePatronage {
		return // 70 Council's draws, 69 Privilege's card: 78 Patronage asks first
	}
	a := actionOf(next, p)
	tab := next.Tableau(p)
	kind := ""
	if a != nil && a.Card == law {
		kind = a.Kind
	}
	switch law {
	case lawLevy, lawBastion, lawConscription, lawGarrison, lawAcademy, lawScholarship, lawMysticism, lawArcana:
		if kind != "option" {
			c.fatalf(g, p, "%v placed: action %q, want the choice of option", law, kind)
		}
	case lawBarter:
		own := len(distinctTokenPicks(tab)) > 0
		other := false
		for q := range Player(next.numPlayers()) {
			other = other || q != p && len(distinctTokenPicks(next.Tableau(q))) > 0
		}
		want := next.Screen(p).Total() >= 3 && own && other
		if (kind == "barter-own") != want {
			c.fatalf(g, p, "67 Barter placed with screen %v, own tokens %v, others' %v: action %q", next.Screen(p), own, other, kind)
		}
		c.ran(map[bool]string{true: "67 Barter offered", false: "67 Barter not offered"}[want])
	case lawPrivilege:
		skipping := slices.Contains(next.View(p).Progress.Skipping, p)
		if skipping != (g.Turn() < Turns) && next.Turn() == g.Turn() {
			c.fatalf(g, p, "69 Privilege in turn %d: skipping the next auction %v", g.Turn(), skipping)
		}
		var cards []CardID
		for _, pair := range g.auctionCards() {
			for _, id := range pair {
				if id != 0 {
					cards = append(cards, id)
				}
			}
		}
		if g.Turn() == Turns {
			c.seen("69 Privilege in the last turn")
		}
		if g.View(p).Decks.Small == 0 {
			c.seen("69 Privilege with the small deck empty")
		}
		switch len(cards) {
		case 0:
			c.seen("69 Privilege with the auction empty")
			if kind != "" || len(next.handOf(p)) != len(g.handOf(p))-1 {
				c.fatalf(g, p, "69 Privilege with the auction empty: action %q, hand %v -> %v", kind, g.handOf(p), next.handOf(p))
			}
		case 1: // the only card is taken without a choice
			if kind != "" || !handHas(next, p, cards[0]) {
				c.fatalf(g, p, "69 Privilege with %v alone on the auction: action %q, hand %v", cards[0], kind, next.handOf(p))
			}
		default:
			if kind != "take" {
				c.fatalf(g, p, "69 Privilege with the auction %v: action %q", g.auctionCards(), kind)
			}
		}
	case lawCouncil:
		decks := g.View(p).Decks.Laws
		drawn := min(3, decks)
		if decks < 3 {
			c.seen("70 Council with a short law deck")
		}
		hand := slices.DeleteFunc(g.handOf(p), func(id CardID) bool { return id == lawCouncil })
		laws := drawn
		for _, id := range hand {
			laws += b2i(id.IsLaw())
		}
		added := slices.DeleteFunc(next.handOf(p), func(id CardID) bool { return slices.Contains(hand, id) })
		nd := next.View(p).Decks.Laws
		switch {
		case laws >= 2:
			if kind != "put-back" || len(added) != drawn || slices.ContainsFunc(added, CardID.IsCharacter) || nd != decks-drawn {
				c.fatalf(g, p, "70 Council draws %d: action %q, drew %v, law deck %d -> %d", drawn, kind, added, decks, nd)
			}
			c.ran("70 Council draws")
		case laws == 1: // the only law card goes back without a choice
			c.seen("70 Council with one law card")
			if kind != "" || nd != decks-drawn+1 || len(next.handOf(p)) != len(hand)+drawn-1 {
				c.fatalf(g, p, "70 Council with one law card: action %q, hand %v -> %v, law deck %d -> %d", kind, g.handOf(p), next.handOf(p), decks, nd)
			}
		default:
			if kind != "" || nd != decks || len(next.handOf(p)) != len(hand) {
				c.fatalf(g, p, "70 Council with no law card: action %q", kind)
			}
		}
	case lawArchive:
		if len(next.handOf(p)) == 0 {
			c.seen("72 Archive with an empty hand")
		}
		if (kind == "archive") != (len(next.handOf(p)) > 0) {
			c.fatalf(g, p, "72 Archive with hand %v: action %q", next.handOf(p), kind)
		}
	case lawExile:
		targets := slices.DeleteFunc(oracleFree(tab), func(id CardID) bool { return id == lawExile })
		before := g.Tableau(p)
		free := slices.DeleteFunc(oracleFree(before), func(id CardID) bool { return id == lawExile })
		switch {
		case kind == "exile":
			if len(targets) < 2 {
				c.fatalf(g, p, "74 Exile asks with free cards %v", targets)
			}
		case len(tab.TuckedUnder(lawExile)) == 1: // the only other free card, tucked without a choice
			c.seen("74 Exile with one other free card")
			if id := tab.TuckedUnder(lawExile)[0]; !slices.Contains(free, id) && !slices.Contains(targets, id) {
				c.fatalf(g, p, "74 Exile tucked %v, which was not free", id)
			}
		default:
			if len(targets) != 0 {
				c.fatalf(g, p, "74 Exile with free cards %v: action %q", targets, kind)
			}
			c.ran("74 Exile nothing free")
		}
	case lawTreasury:
		if (kind == "park") != (next.Screen(p).Total() > 0) {
			c.fatalf(g, p, "76 Treasury with screen %v: action %q", next.Screen(p), kind)
		}
	default: // laws that only score at the end
		if kind != "" {
			c.fatalf(g, p, "%v placed: action %q, want none", law, kind)
		}
	}
}

// distinctTokenPicks returns a PickToken move for each distinct token on each card of tab, level
// by level from the bottom (cards README: identical tokens on one card are one choice).
func distinctTokenPicks(tab Tableau) []Move {
	var out []Move
	for l := 1; l <= MaxLevel; l++ {
		row, _ := tab.Pyramid.row(l)
		for _, id := range row {
			toks := tab.Holding(id).Tokens
			for i, tok := range toks {
				if !slices.Contains(toks[:i], tok) {
					out = append(out, Move{Kind: PickToken, Card: id, Choice: uint8(i)})
				}
			}
		}
	}
	return out
}

// succession: 65 Succession takes the place of any card of the pyramid below level 5; that card
// goes back to the hand, and everything lying on it (tokens, gems) moves onto the law; cards
// tucked under it stay, under the law; placing it is playing it, so the single-coloured circles it
// completes or is part of give gems.
func (c *lawChecks) succession(g *Game, p Player, legal []Move) {
	c.t.Helper()
	before := g.Tableau(p)
	var want []Move
	for l := 1; l < MaxLevel; l++ {
		row, first := before.Pyramid.row(l)
		for i := range row {
			want = append(want, Move{Kind: PlaceCard, At: Place{int8(l), int8(first + i)}})
		}
	}
	c.wantLegal(g, p, "65 Succession", want, legal)
	used := g.View(p).Progress.Used
	for _, m := range legal {
		old := before.Pyramid.At(m.At)
		next := c.apply(g, p, m)
		after := next.Tableau(p)
		for _, id := range before.Pyramid.Cards() {
			at, _ := before.Pyramid.Find(id)
			if want := map[bool]CardID{true: lawSuccession, false: id}[id == old]; after.Pyramid.At(at) != want {
				c.fatalf(g, p, "Succession in the place of %v: %v stands at %v, want %v", old, after.Pyramid.At(at), at, want)
			}
		}
		if after.Pyramid.length() != before.Pyramid.length() || !handHas(&next, p, old) {
			c.fatalf(g, p, "Succession in the place of %v: pyramid %v, hand %v", old, after.Pyramid, next.handOf(p))
		}
		wantOn := before.Holding(old)
		wantOn.Card = lawSuccession
		if diff := cmp.Diff(wantOn, after.Holding(lawSuccession)); diff != "" {
			c.fatalf(g, p, "what lay on %v moves onto Succession (-want +got):\n%s", old, diff)
		}
		if got := after.TuckedUnder(lawSuccession); !slices.Equal(got, before.TuckedUnder(old)) {
			c.fatalf(g, p, "tucked under Succession %v, want what lay under %v: %v", got, old, before.TuckedUnder(old))
		}
		if slices.Contains(used, old) && !slices.Contains(next.View(p).Progress.Used, lawSuccession) {
			c.fatalf(g, p, "the infinite gem of %v paid this turn: on Succession it has paid too", old)
		}
		if h := before.Holding(old); len(h.Tokens) > 0 || h.HasGem || h.Parked != (Gems{}) {
			c.seen("65 Succession moves what lies on a card")
		}
		if len(before.TuckedUnder(old)) > 0 {
			c.seen("65 Succession takes over tucked cards")
		}
		if old.IsLaw() {
			c.seen("65 Succession replaces a law")
		}
		if before.Pyramid.levels() == MaxLevel {
			c.seen("65 Succession with a level-5 card standing")
		}
		gems := oracleCircleGems(after.Pyramid, lawSuccession, g.reserveGems())
		if gems != (Gems{}) {
			c.seen("65 Succession's circle gems")
		}
		if next.Screen(p) != g.Screen(p).Plus(gems) {
			c.fatalf(g, p, "Succession in the place of %v: screen %v -> %v, want the circle gems %v", old, g.Screen(p), next.Screen(p), gems)
		}
		c.ran("65 Succession")
	}
}

// endowment: 66 Endowment is tucked under any character card of the pyramid, which is no longer
// free; every token on that card gets one more of the same kind and value; the infinite gem, and
// everything else, stays as it was.
func (c *lawChecks) endowment(g *Game, p Player, legal []Move) {
	c.t.Helper()
	before := g.Tableau(p)
	characters := slices.DeleteFunc(before.Pyramid.Cards(), CardID.IsLaw)
	slices.Sort(characters)
	got := slices.Clone(legal)
	slices.SortFunc(got, func(a, b Move) int { return int(a.Card) - int(b.Card) })
	c.wantLegal(g, p, "66 Endowment", cardMoves(TuckUnder, characters...), got)
	for _, m := range legal {
		next := c.apply(g, p, m)
		after := next.Tableau(p)
		want := slices.Concat(sortedTokens(before, m.Card), sortedTokens(before, m.Card))
		slices.Sort(want)
		if got := sortedTokens(after, m.Card); !slices.Equal(got, want) {
			c.fatalf(g, p, "Endowment under %v: tokens %v, want %v", m.Card, got, want)
		}
		wantOn, gotOn := before.Holding(m.Card), after.Holding(m.Card)
		if gotOn.HasGem != wantOn.HasGem || gotOn.Infinite != wantOn.Infinite || gotOn.Parked != wantOn.Parked {
			c.fatalf(g, p, "Endowment under %v: holding %+v, was %+v", m.Card, gotOn, wantOn)
		}
		if !slices.Equal(after.Pyramid.Cards(), before.Pyramid.Cards()) || after.Pyramid.has(lawEndowment) ||
			!slices.Contains(after.TuckedUnder(m.Card), lawEndowment) || slices.Contains(after.Pyramid.Free(), m.Card) ||
			next.Screen(p) != g.Screen(p) || next.reserveGems() != g.reserveGems() {
			c.fatalf(g, p, "Endowment under %v: pyramid %v, under it %v, free %v", m.Card, after.Pyramid, after.TuckedUnder(m.Card), after.Pyramid.Free())
		}
		c.ran("66 Endowment")
	}
}

// lawOptionTokens are the tokens the first two options of the three-option laws put on the law
// (cards/laws.tsv); nil where the option does something else.
var lawOptionTokens = map[CardID][2][]Token{
	lawLevy:         {{token(AttackToken, 1, 0)}, {token(PowerPoints, 6, 0)}},
	lawBastion:      {{token(Defense, 1, 0)}, nil},
	lawConscription: {{token(AttackToken, 1, 0)}, nil},
	lawGarrison:     {{token(Defense, 1, 0)}, {token(PowerPoints, 6, 0)}},
	lawAcademy:      {{token(Magic, 1, 0)}, {token(Science, 1, 0)}},
	lawScholarship:  {{token(Science, 1, 0)}, nil},
	lawMysticism:    {{token(Magic, 1, 0), token(MagicBonus, 2, 0)}, nil},
	lawArcana:       {{token(MagicBonus, 3, 0)}, nil},
}

// option: every three-option law offers all three options; tokens go on the law; the draw option
// takes one card from the small deck or the law deck, of the player's choice; the infinite gem
// option a gem of a colour the reserve or the screen has; the third option 4 gems of the player's
// choice from the reserve, as many as it holds.
func (c *lawChecks) option(g *Game, p Player, law CardID, legal []Move) {
	c.t.Helper()
	c.wantLegal(g, p, law.String(), []Move{{Kind: ChooseOption, Choice: 0}, {Kind: ChooseOption, Choice: 1},
		{Kind: ChooseOption, Choice: 2}}, legal)
	before := g.Tableau(p)
	decks := g.View(p).Decks
	for i, m := range legal {
		next := c.apply(g, p, m)
		after := next.Tableau(p)
		switch {
		case i < 2 && lawOptionTokens[law][i] != nil:
			want := slices.Concat(sortedTokens(before, law), lawOptionTokens[law][i])
			slices.Sort(want)
			if got := sortedTokens(after, law); !slices.Equal(got, want) {
				c.fatalf(g, p, "%v option %d: tokens %v, want %v", law, i, got, want)
			}
			if next.Screen(p) != g.Screen(p) || !slices.Equal(next.handOf(p), g.handOf(p)) || after.Holding(law).HasGem {
				c.fatalf(g, p, "%v option %d puts tokens and nothing else", law, i)
			}
			c.ran("option tokens")
		case i == 2:
			reserve := g.reserveGems()
			switch took := next.Screen(p).Minus(g.Screen(p)); {
			case reserve.Total() <= 4:
				c.seen("option gems from a short reserve")
				if took != reserve || !lawOver(&next, p, law) {
					c.fatalf(g, p, "%v's 4 gems from a reserve of %v: took %v", law, reserve, took)
				}
			case len(colorMoves(TakeGem, reserve)) == 1:
				if took.Total() != 4 || !reserve.Covers(took) {
					c.fatalf(g, p, "%v's 4 gems from a reserve of one colour, %v: took %v", law, reserve, took)
				}
			default:
				if next.Decision(p) != ChooseGem || actionOf(&next, p).Left != 4 || took != (Gems{}) {
					c.fatalf(g, p, "%v's 4 gems: %v, took %v", law, next.Decision(p), took)
				}
			}
			c.ran("option gems")
		case law == lawBastion || law == lawMysticism:
			avail := g.reserveGems().Plus(g.Screen(p))
			switch n := len(colorMoves(InfiniteColor, avail)); {
			case n == 0:
				if after.Holding(law).HasGem || !lawOver(&next, p, law) {
					c.fatalf(g, p, "%v's infinite gem with none anywhere: %+v", law, after.Holding(law))
				}
			case n == 1:
				if !after.Holding(law).HasGem {
					c.fatalf(g, p, "%v's infinite gem of the only colour there is: %+v", law, after.Holding(law))
				}
			default:
				if next.Decision(p) != ChooseInfiniteColor {
					c.fatalf(g, p, "%v's infinite gem: %v, want a colour to choose", law, next.Decision(p))
				}
			}
			c.ran("option infinite gem")
		default: // a card from the small deck or the law deck
			hand := len(next.handOf(p)) - len(g.handOf(p))
			nd := next.View(p).Decks
			switch {
			case decks.Small == 0 && decks.Laws == 0:
				c.seen("option card with both decks empty")
				if hand != 0 || !lawOver(&next, p, law) {
					c.fatalf(g, p, "%v's card with both decks empty: hand %v -> %v", law, g.handOf(p), next.handOf(p))
				}
			case decks.Small == 0 || decks.Laws == 0:
				c.seen("option card with one deck empty")
				if hand != 1 || nd.Small+nd.Laws != decks.Small+decks.Laws-1 {
					c.fatalf(g, p, "%v's card from the only deck left: hand %v -> %v, decks %+v -> %+v", law, g.handOf(p), next.handOf(p), decks, nd)
				}
			default:
				c.wantLegal(&next, p, law.String()+"'s card", []Move{{Kind: Draw, Choice: SmallDeck}, {Kind: Draw, Choice: LawDeck}}, next.Legal(p))
				for _, d := range next.Legal(p) {
					drawn := c.apply(&next, p, d)
					dd := drawn.View(p).Decks
					added := slices.DeleteFunc(drawn.handOf(p), func(id CardID) bool { return handHas(&next, p, id) })
					if len(added) != 1 || added[0].IsLaw() != (d.Choice == LawDeck) ||
						dd.Small != nd.Small-b2i(d.Choice == SmallDeck) || dd.Laws != nd.Laws-b2i(d.Choice == LawDeck) {
						c.fatalf(g, p, "%v's card by %v: drew %v, decks %+v -> %+v", law, d, added, nd, dd)
					}
				}
			}
			c.ran("option card")
		}
	}
}

// infiniteColor: the infinite gem of 73 Bastion or 83 Mysticism is of a colour the reserve or the
// screen holds; it comes from the reserve, or from the screen when the reserve has none.
func (c *lawChecks) infiniteColor(g *Game, p Player, law CardID, legal []Move) {
	c.t.Helper()
	c.wantLegal(g, p, law.String()+"'s infinite gem", colorMoves(InfiniteColor, g.reserveGems().Plus(g.Screen(p))), legal)
	for _, m := range legal {
		next := c.apply(g, p, m)
		h := next.Tableau(p).Holding(law)
		var from Gems
		from[m.Color] = 1
		wantReserve, wantScreen := g.reserveGems().Minus(from), g.Screen(p)
		if g.reserveGems()[m.Color] == 0 {
			wantReserve, wantScreen = g.reserveGems(), g.Screen(p).Minus(from)
			c.seen("an infinite gem from the screen")
		}
		if !h.HasGem || h.Infinite != m.Color || next.Screen(p) != wantScreen ||
			stillActing(&next, p) && next.reserveGems() != wantReserve {
			c.fatalf(g, p, "%v %v: %+v, screen %v -> %v, reserve %v -> %v", law, m, h, g.Screen(p), next.Screen(p), g.reserveGems(), next.reserveGems())
		}
		c.ran("infinite colour")
	}
}

// archive: 72 Archive tucks any number of cards from the hand under it, until Done or the hand is
// empty.
func (c *lawChecks) archive(g *Game, p Player, legal []Move) {
	c.t.Helper()
	c.wantLegal(g, p, "72 Archive", append(cardMoves(Tuck, g.handOf(p)...), Move{Kind: Done}), legal)
	before := g.Tableau(p)
	for _, m := range legal {
		next := c.apply(g, p, m)
		after := next.Tableau(p)
		if m.Kind == Done {
			if !slices.Equal(next.handOf(p), g.handOf(p)) || !slices.Equal(after.Tucked(), before.Tucked()) || !lawOver(&next, p, lawArchive) {
				c.fatalf(g, p, "Archive done: hand %v -> %v", g.handOf(p), next.handOf(p))
			}
			c.ran("72 Archive done")
			continue
		}
		want := append(before.TuckedUnder(lawArchive), m.Card)
		slices.Sort(want)
		if handHas(&next, p, m.Card) || !slices.Equal(after.TuckedUnder(lawArchive), want) || len(next.handOf(p)) != len(g.handOf(p))-1 {
			c.fatalf(g, p, "Archive tucks %v: hand %v, under Archive %v", m.Card, next.handOf(p), after.TuckedUnder(lawArchive))
		}
		if len(next.handOf(p)) == 0 && !lawOver(&next, p, lawArchive) {
			c.fatalf(g, p, "Archive goes on with an empty hand")
		}
		c.ran("72 Archive tuck")
	}
}

// exile: 74 Exile tucks a free card of the pyramid other than itself under it: the card leaves the
// pyramid's structure, its tokens go back to the supply and its gems (an infinite gem, parked
// gems) to the reserve.
func (c *lawChecks) exile(g *Game, p Player, legal []Move) {
	c.t.Helper()
	before := g.Tableau(p)
	targets := slices.DeleteFunc(oracleFree(before), func(id CardID) bool { return id == lawExile })
	c.wantLegal(g, p, "74 Exile", cardMoves(Tuck, targets...), legal)
	for _, m := range legal {
		next := c.apply(g, p, m)
		after := next.Tableau(p)
		at, _ := before.Pyramid.Find(m.Card)
		for _, id := range before.Pyramid.Cards() {
			where, _ := before.Pyramid.Find(id)
			if id != m.Card && after.Pyramid.At(where) != id {
				c.fatalf(g, p, "Exile of %v moved %v", m.Card, id)
			}
		}
		if after.Pyramid.has(m.Card) || after.Pyramid.At(at) != 0 || !slices.Contains(after.TuckedUnder(lawExile), m.Card) {
			c.fatalf(g, p, "Exile of %v: pyramid %v, under Exile %v", m.Card, after.Pyramid, after.TuckedUnder(lawExile))
		}
		h := before.Holding(m.Card)
		back := h.Parked
		if h.HasGem {
			back[h.Infinite]++
		}
		if next.Screen(p) != g.Screen(p) || stillActing(&next, p) && next.reserveGems() != g.reserveGems().Plus(back) {
			c.fatalf(g, p, "Exile of %v holding %+v: reserve %v -> %v", m.Card, h, g.reserveGems(), next.reserveGems())
		}
		if back != (Gems{}) {
			c.seen("74 Exile returns gems")
		}
		if len(h.Tokens) > 0 {
			c.seen("74 Exile returns tokens")
		}
		if len(after.Holding(m.Card).Tokens) != 0 || len(oracleCircles(after.Pyramid, m.Card)) != 0 {
			c.fatalf(g, p, "Exile of %v: its tokens and circles stay", m.Card)
		}
		c.ran("74 Exile")
	}
}

// treasury: 76 Treasury parks up to 8 gems from the screen, a colour the screen holds at a time,
// until Done.
func (c *lawChecks) treasury(g *Game, p Player, a *shownAction, legal []Move) {
	c.t.Helper()
	c.wantLegal(g, p, "76 Treasury", append(colorMoves(Park, g.Screen(p)), Move{Kind: Done}), legal)
	parked := g.Tableau(p).Holding(lawTreasury).Parked
	if a.Left < 1 || a.Left > 8 || parked.Total()+a.Left > 8 {
		c.fatalf(g, p, "Treasury parks %d more on %v", a.Left, parked)
	}
	for _, m := range legal {
		next := c.apply(g, p, m)
		got := next.Tableau(p).Holding(lawTreasury).Parked
		if m.Kind == Done {
			if got != parked || next.Screen(p) != g.Screen(p) || !lawOver(&next, p, lawTreasury) {
				c.fatalf(g, p, "Treasury done: parked %v -> %v", parked, got)
			}
			c.ran("76 Treasury done")
			continue
		}
		var one Gems
		one[m.Color] = 1
		if got != parked.Plus(one) || next.Screen(p) != g.Screen(p).Minus(one) {
			c.fatalf(g, p, "Treasury parks %v: parked %v -> %v, screen %v -> %v", m.Color, parked, got, g.Screen(p), next.Screen(p))
		}
		if a.Left == 1 {
			c.seen("76 Treasury parks its eighth gem")
		}
		if over := a.Left == 1 || next.Screen(p).Total() == 0; over != lawOver(&next, p, lawTreasury) {
			c.fatalf(g, p, "Treasury with %d left to park and screen %v: over %v", a.Left-1, next.Screen(p), !over)
		}
		c.ran("76 Treasury park")
	}
}

// putBack: 70 Council puts 2 law cards from the hand (as many as it holds) back on top of the law
// deck, in the order the player chooses; the player knows that order.
func (c *lawChecks) putBack(g *Game, p Player, a *shownAction, legal []Move) {
	c.t.Helper()
	laws := slices.DeleteFunc(g.handOf(p), CardID.IsCharacter)
	c.wantLegal(g, p, "70 Council", cardMoves(PutBack, laws...), legal)
	for _, m := range legal {
		next := c.apply(g, p, m)
		v := next.View(p)
		rest := slices.DeleteFunc(slices.Clone(laws), func(id CardID) bool { return id == m.Card })
		want := []CardID{m.Card} // the law deck's top, the last put back first
		if a.Left > 1 && len(rest) == 1 {
			want = []CardID{rest[0], m.Card} // the only law card left goes back without a choice
		}
		if handHas(&next, p, m.Card) || v.Decks.Laws != g.View(p).Decks.Laws+len(want) || len(v.LawsKnown) < len(want) ||
			!slices.Equal(v.LawsKnown[:len(want)], want) {
			c.fatalf(g, p, "Council puts back %v: hand %v, law deck %d, known %v", m.Card, next.handOf(p), v.Decks.Laws, v.LawsKnown)
		}
		if over := a.Left == 1 || len(rest) <= 1; over != lawOver(&next, p, lawCouncil) {
			c.fatalf(g, p, "Council with %d to put back and laws %v: over %v", a.Left-1, rest, !over)
		}
		c.ran("70 Council puts back")
	}
}

// barterOwn: 67 Barter, offered, lets the player pick a token on a card of their own pyramid, or
// decline (Done), which changes nothing.
func (c *lawChecks) barterOwn(g *Game, p Player, legal []Move) {
	c.t.Helper()
	c.wantLegal(g, p, "67 Barter's own token", append(distinctTokenPicks(g.Tableau(p)), Move{Kind: Done}), legal)
	for _, m := range legal {
		next := c.apply(g, p, m)
		if m.Kind == Done {
			c.ran("67 Barter declined")
			for q := range Player(g.numPlayers()) {
				if next.Screen(q) != g.Screen(q) || tableauText(c.t, next.Tableau(q)) != tableauText(c.t, g.Tableau(q)) {
					c.fatalf(g, p, "declining Barter changed player %v", q)
				}
			}
			continue
		}
		var others []Move
		for q := range Player(g.numPlayers()) {
			if q != p {
				others = append(others, distinctTokenPicks(g.Tableau(q))...)
			}
		}
		if len(others) > 1 { // a single one is picked without a choice
			c.wantLegal(&next, p, "67 Barter's other token", others, next.Legal(p))
		} else if next.Decision(p) == ChooseToken {
			c.fatalf(g, p, "67 Barter asks for the only token %v", others)
		}
		c.ran("67 Barter own token")
	}
}

// barterOther: the token picked on another human player's pyramid is swapped with the player's
// own; then the player pays that player 3 gems of their choice from the screen (without a choice
// when the screen holds 3 or one colour).
func (c *lawChecks) barterOther(g *Game, p Player, a *shownAction, legal []Move) {
	c.t.Helper()
	mine := g.Tableau(p).Holding(a.Swap).Tokens[a.Slot]
	for _, m := range legal {
		q := ownerOf(g, m.Card)
		theirs := g.Tableau(q).Holding(m.Card).Tokens[m.Choice]
		next := c.apply(g, p, m)
		if got := next.Tableau(p).Holding(a.Swap).Tokens[a.Slot]; got != theirs {
			c.fatalf(g, p, "Barter: %v's slot %d holds %v, want %v", a.Swap, a.Slot, got, theirs)
		}
		if got := next.Tableau(q).Holding(m.Card).Tokens[m.Choice]; got != mine {
			c.fatalf(g, p, "Barter: %v's slot %d holds %v, want %v", m.Card, m.Choice, got, mine)
		}
		paid := g.Screen(p).Minus(next.Screen(p))
		switch screen := g.Screen(p); {
		case screen.Total() == 3 || len(colorMoves(GiveGem, screen)) == 1:
			if paid.Total() != 3 || next.Screen(q) != g.Screen(q).Plus(paid) {
				c.fatalf(g, p, "Barter pays 3 gems without a choice from %v: paid %v", screen, paid)
			}
		default:
			if paid != (Gems{}) || next.Decision(p) != ChooseGift || actionOf(&next, p).Left != 3 {
				c.fatalf(g, p, "Barter's payment from %v: %v, paid %v", screen, next.Decision(p), paid)
			}
		}
		c.ran("67 Barter other token")
	}
}

// gift: the Barter payment goes a gem at a time, a colour the screen holds, to the other player;
// when the rest is no choice, it goes at once.
func (c *lawChecks) gift(g *Game, p Player, a *shownAction, legal []Move) {
	c.t.Helper()
	c.wantLegal(g, p, "67 Barter's payment", colorMoves(GiveGem, g.Screen(p)), legal)
	q := a.Other
	for _, m := range legal {
		next := c.apply(g, p, m)
		paid := g.Screen(p).Minus(next.Screen(p))
		if paid[m.Color] == 0 || next.Screen(q) != g.Screen(q).Plus(paid) {
			c.fatalf(g, p, "Barter gives %v: paid %v, %v's screen %v -> %v", m.Color, paid, q, g.Screen(q), next.Screen(q))
		}
		rest := g.Screen(p)
		rest[m.Color]--
		switch {
		case a.Left == 1:
			if paid.Total() != 1 {
				c.fatalf(g, p, "the last gem of the Barter: paid %v", paid)
			}
		case rest.Total() == a.Left-1 || len(colorMoves(GiveGem, rest)) == 1:
			if paid.Total() != a.Left {
				c.fatalf(g, p, "the rest of the Barter is no choice: paid %v of %d", paid, a.Left)
			}
		default:
			if paid.Total() != 1 || next.Decision(p) != ChooseGift {
				c.fatalf(g, p, "the Barter goes on: paid %v, %v", paid, next.Decision(p))
			}
		}
		c.ran("67 Barter gift")
	}
}

// ownerOf returns the player whose pyramid the card stands in.
func ownerOf(g *Game, id CardID) Player {
	for q := range Player(g.numPlayers()) {
		if standsIn(g.Tableau(q).Pyramid, id) {
			return q
		}
	}
	return -1
}

// privilegeTake: 69 Privilege takes any one card of the auction into the hand, and the top card
// of the small deck takes its place; with the small deck empty the gap stays.
func (c *lawChecks) privilegeTake(g *Game, p Player, legal []Move) {
	c.t.Helper()
	auction := g.auctionCards()
	var cards []CardID
	for _, pair := range auction {
		for _, id := range pair {
			if id != 0 {
				cards = append(cards, id)
			}
		}
	}
	c.wantLegal(g, p, "69 Privilege", cardMoves(Take, cards...), legal)
	small := g.View(p).Decks.Small
	for _, m := range legal {
		next := c.apply(g, p, m)
		if next.Turn() != g.Turn() || next.Phase() != PhaseDevelopment {
			continue // the turn ended with the law: the auction moved on
		}
		after := next.auctionCards()
		for col, pair := range auction {
			for i, id := range pair {
				switch {
				case id != m.Card && after[col][i] != id:
					c.fatalf(g, p, "Privilege takes %v: %v moved (auction %v -> %v)", m.Card, id, auction, after)
				case id == m.Card && (after[col][i] == 0) != (small == 0):
					c.fatalf(g, p, "Privilege takes %v with %d cards in the small deck: the place holds %v", m.Card, small, after[col][i])
				}
			}
		}
		if !handHas(&next, p, m.Card) || next.View(p).Decks.Small != max(0, small-1) {
			c.fatalf(g, p, "Privilege takes %v: hand %v, small deck %d -> %d", m.Card, next.handOf(p), small, next.View(p).Decks.Small)
		}
		c.ran("69 Privilege take")
	}
}

// patronage: the owner of 78 Patronage, taking a card into the hand, tucks it under the law or
// keeps it.
func (c *lawChecks) patronage(g *Game, p Player, legal []Move) {
	c.t.Helper()
	cards := g.View(p).Progress.Patronage
	if len(cards) == 0 || !standsIn(g.Tableau(p).Pyramid, lawPatronage) {
		c.fatalf(g, p, "a Patronage decision for %v, owner of Patronage %v", cards, standsIn(g.Tableau(p).Pyramid, lawPatronage))
	}
	card := cards[0]
	c.wantLegal(g, p, "78 Patronage", []Move{{Kind: Tuck, Card: card}, {Kind: Keep}}, legal)
	before := g.Tableau(p).TuckedUnder(lawPatronage)
	for _, m := range legal {
		next := c.apply(g, p, m)
		under := next.Tableau(p).TuckedUnder(lawPatronage)
		if m.Kind == Keep {
			// Kept in the hand; under 70 Council it may then go back on the law deck at once.
			kept := handHas(&next, p, card) || slices.Contains(next.View(p).LawsKnown, card)
			if !kept || !slices.Equal(under, before) {
				c.fatalf(g, p, "Patronage keeps %v: hand %v, under Patronage %v", card, next.handOf(p), under)
			}
			c.ran("78 Patronage keep")
			continue
		}
		if handHas(&next, p, card) || !slices.Contains(under, card) || len(under) != len(before)+1 {
			c.fatalf(g, p, "Patronage tucks %v: hand %v, under Patronage %v", card, next.handOf(p), under)
		}
		c.ran("78 Patronage tuck")
	}
}

// patronTrigger: 78 Patronage, from the moment it stands in a pyramid and as long as it does,
// lets its owner tuck every card they take into their hand, however they take it: whatever move p
// makes, every card that comes into the owner's hand is offered, and nobody else is asked.
func (c *lawChecks) patronTrigger(g *Game, p Player, legal []Move) {
	c.t.Helper()
	owner := ownerOf(g, lawPatronage)
	if owner < 0 || g.Decision(owner) == ChoosePatronage {
		return
	}
	for _, m := range legal {
		next := c.apply(g, p, m)
		for q := range Player(g.numPlayers()) {
			stands := standsIn(next.Tableau(q).Pyramid, lawPatronage) && q == owner
			taken := slices.DeleteFunc(next.handOf(q), func(id CardID) bool { return handHas(g, q, id) })
			offered := next.View(q).Progress.Patronage
			switch {
			case !stands && next.Decision(q) == ChoosePatronage:
				c.fatalf(g, p, "%v by %v: %v, who has no Patronage standing, decides on it", m, p, q)
			case stands && len(taken) > 0:
				for _, id := range taken {
					if !slices.Contains(offered, id) {
						c.fatalf(g, p, "%v by %v: %v took %v into the hand with Patronage standing; offered %v", m, p, q, id, offered)
					}
				}
				if next.Decision(q) != ChoosePatronage {
					c.fatalf(g, p, "%v by %v: %v took %v, and decides %v", m, p, q, taken, next.Decision(q))
				}
				c.ran("78 Patronage offers a card taken")
			}
		}
	}
}

// endPoints checks the end-game points of every law standing in a finished game (cards/laws.tsv),
// and the attack tokens on laws in the attack category (cards README: an attack token on 71 Levy
// or 77 Conscription counts against the opponents like one behind the screen).
func (c *lawChecks) endPoints(g *Game) {
	c.t.Helper()
	sheets := g.Scores()
	attacks := make([]int, g.numPlayers())
	for q := range Player(g.numPlayers()) {
		attacks[q] = g.attacksOf(q) + g.Tableau(q).Count(AttackToken)
	}
	for p := range Player(g.numPlayers()) {
		tab := g.Tableau(p)
		var want []LawScore
		total := 0
		for _, id := range tab.Pyramid.Cards() {
			if !id.IsLaw() || id.Card().When == LawNow {
				continue
			}
			at, _ := tab.Pyramid.Find(id)
			pts := 0
			switch {
			case id == lawCensus:
				pts = tab.Pyramid.length() + len(tab.Tucked())
				c.ran("68 Census")
			case id == lawArchive:
				pts = 5 * len(tab.TuckedUnder(id))
				c.ran("72 Archive points")
			case id == lawExile:
				pts = 3 * int(at.Level)
				c.ran("74 Exile points")
			case id == lawConcord:
				pts = 3 * min(tab.Count(Defense), tab.Count(Magic), tab.Count(Science))
				c.ran("75 Concord")
			case id == lawTreasury:
				pts = 2 * tab.Holding(id).Parked.Total()
				c.ran("76 Treasury points")
			case id == lawPatronage:
				pts = 4 * len(tab.TuckedUnder(id))
				c.ran("78 Patronage points")
			case id == lawHarmony:
				pts = len(tab.infiniteGems())
				for _, circle := range tab.Circles() {
					if _, ok := circle.singleColor(); ok {
						pts++
					}
				}
				c.ran("79 Harmony")
			case id >= lawNeighbours1:
				for _, n := range oracleAdjacent(tab.Pyramid, at) {
					pts += 2 * b2i(n.IsCharacter())
				}
				c.ran("85-88 Good Neighbours")
			}
			want = append(want, LawScore{Law: id, Points: pts})
			total += pts
		}
		slices.SortFunc(want, func(a, b LawScore) int { return int(a.Law) - int(b.Law) })
		s := sheets[p]
		if !cmp.Equal(s.LawPoints, want) || s.Laws != total {
			c.fatalf(g, p, "law points %v (category %d), want %v (%d)\n%v", s.LawPoints, s.Laws, want, total, tab)
		}
		c.ran("law points")
		opp := 0
		for q := range attacks {
			if Player(q) != p {
				opp += attacks[q]
			}
		}
		if s.Attacks != -4*max(0, opp-tab.Count(Defense)) {
			c.fatalf(g, p, "attacks category %d with %d opposing tokens and %d defense", s.Attacks, opp, tab.Count(Defense))
		}
		for q := range Player(g.numPlayers()) {
			if g.Tableau(q).Count(AttackToken) > 0 {
				c.ran("attack token on a law")
			}
		}
	}
}

// TestLawsPlayedInRandomGames plays random games of 2-4 players in both editions (and, every
// fourth game, with virtual opponents) with every invariant checked after every move
// (playChecked), and checks that random play exercises every law: each one is played at least
// once across the games. A law counts as played when it stands in a pyramid at the end (the only
// way in is playing it) or, for 66 Endowment, lies under a card.
func TestLawsPlayedInRandomGames(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 100
	}
	withVirtual := [][2]int{{1, 1}, {2, 1}, {2, 2}, {3, 1}}
	var played [NumCards + 1]int
	for i := range games {
		cfg := Config{Players: 2 + i%3, Edition: Edition(i / 3 % 2), Seed: uint64(i) * 7919}
		if i%4 == 3 {
			v := withVirtual[i/4%len(withVirtual)]
			cfg.Players, cfg.Virtual = v[0], v[1]
		}
		choices := rand.New(rand.NewPCG(uint64(i), 23))
		g := playChecked(t, cfg, choices.IntN, rand.New(rand.NewPCG(uint64(i), 29)))
		for p := range g.numPlayers() {
			tab := g.Tableau(Player(p))
			for _, c := range tab.Pyramid.Cards() {
				if c.IsLaw() {
					played[c]++
				}
			}
			if slices.Contains(tab.Tucked(), lawEndowment) {
				played[lawEndowment]++
			}
		}
	}
	for law := FirstLaw; law <= NumCards; law++ {
		if played[law] == 0 {
			t.Errorf("%v was never played in %d random games", law, games)
		}
	}
	t.Logf("games in which each law stands at the end, 65-88: %v", played[FirstLaw:])
}

// The public Pyramid/Tableau builders let 66 Endowment stand at a place, which README's reading
// ("occupies no position") says never happens. Low severity: outside game play (hand-built
// positions only). This test fails while they accept it.
func TestEndowmentNeverStands(t *testing.T) {
	var tab Tableau
	tab, _ = tab.Place(10, Place{1, 0})
	if _, err := tab.Place(lawEndowment, Place{1, 1}); err == nil {
		t.Errorf("Tableau.Place stands 66 Endowment at a place")
	}
}

// TestHasLawOptionsMatchesTheMap holds hasLawOptions, which resolveLaw reads, to lawOptions for
// every card number.
func TestHasLawOptionsMatchesTheMap(t *testing.T) {
	for id := range CardID(NumCards + 1) {
		if _, want := lawOptions[id]; hasLawOptions[id] != want {
			t.Errorf("hasLawOptions[%d] = %v, want %v", id, hasLawOptions[id], want)
		}
	}
}

// lawReady returns a predicate for scenario: some player to move is choosing a development
// action, can play law, and cond holds for them.
func lawReady(law CardID, cond func(g *Game, p Player) bool) func(g *Game) bool {
	return func(g *Game) bool { return lawPlayerReady(g, law, cond) >= 0 }
}

// lawPlayerReady returns the player of lawReady, or -1.
func lawPlayerReady(g *Game, law CardID, cond func(g *Game, p Player) bool) Player {
	for _, p := range g.ToMove() {
		if g.Decision(p) == ChooseDevelopment && isLegal(*g, p, Move{Kind: Play, Card: law}) && cond(g, p) {
			return p
		}
	}
	return -1
}

// deckEmptier plays as latePlayer, and draws from the deck named, which it empties.
func deckEmptier(deck uint8) chooser {
	return func(g *Game, p Player, legal []Move, r *rand.Rand) Move {
		if g.Decision(p) == ChooseDeck && slices.Contains(legal, Move{Kind: Draw, Choice: deck}) {
			return Move{Kind: Draw, Choice: deck}
		}
		return latePlayer(g, p, legal, r)
	}
}

// TestLawCornerCases plays laws in positions that lawGames seldom reach, found by scenarios: the
// player plays the law, the others pass, and every decision of the law's action is checked as
// TestLawSteps checks it (the first legal move is then made); then what the case is about.
func TestLawCornerCases(t *testing.T) {
	c := &lawChecks{t: t, runs: map[string]int{}, cases: map[string]int{}}
	auctionCards := func(g *Game) int {
		n := 0
		for _, pair := range g.auctionCards() {
			n += b2i(pair[0] != 0) + b2i(pair[1] != 0)
		}
		return n
	}
	lawsInHand := func(g *Game, p Player) int {
		n := 0
		for _, id := range g.handOf(p) {
			n += b2i(id.IsLaw())
		}
		return n
	}
	mixes := []Config{{Players: 4}, {Players: 3}, {Players: 2}}
	for _, tc := range []struct {
		name   string
		law    CardID
		choose chooser
		cond   func(g *Game, p Player) bool
		option uint8 // the option taken, for a law that offers three
		then   func(t *testing.T, before, g *Game, p Player)
	}{
		{"69 Privilege in the last turn skips nothing", lawPrivilege, keeping(uniform, lawPrivilege),
			func(g *Game, p Player) bool { return g.Turn() == Turns }, 0,
			func(t *testing.T, before, g *Game, p Player) {
				if slices.Contains(g.View(p).Progress.Skipping, p) {
					t.Errorf("%v skips an auction after the last turn", p)
				}
			}},
		{"69 Privilege with the small deck empty leaves the gap", lawPrivilege, keeping(deckEmptier(SmallDeck), lawPrivilege),
			func(g *Game, p Player) bool { return g.View(p).Decks.Small == 0 && auctionCards(g) >= 2 }, 0,
			func(t *testing.T, before, g *Game, p Player) {
				if g.Turn() == before.Turn() && auctionCards(g) != auctionCards(before)-1 {
					t.Errorf("auction %v -> %v: one card fewer", before.auctionCards(), g.auctionCards())
				}
			}},
		{"69 Privilege in the last turn with at most one card on the auction", lawPrivilege, keeping(uniform, lawPrivilege),
			func(g *Game, p Player) bool { return auctionCards(g) <= 1 && g.Turn() == Turns }, 0,
			func(t *testing.T, before, g *Game, p Player) {
				refill := b2i(before.View(p).Decks.Small > 0 && auctionCards(before) == 1)
				taken := len(g.handOf(p)) + len(g.Tableau(p).TuckedUnder(lawPatronage)) -
					(len(before.handOf(p)) - 1 + len(before.Tableau(p).TuckedUnder(lawPatronage)))
				if auctionCards(g) != refill || taken != auctionCards(before) || slices.Contains(g.View(p).Progress.Skipping, p) {
					t.Errorf("auction %v -> %v, hand %v -> %v: the card there, if any, is taken, and nothing skipped",
						before.auctionCards(), g.auctionCards(), before.handOf(p), g.handOf(p))
				}
			}},
		{"70 Council with a short law deck", lawCouncil, keeping(deckEmptier(LawDeck), lawCouncil),
			func(g *Game, p Player) bool { return g.View(p).Decks.Laws < 3 }, 0, nil},
		{"70 Council with at most one law card to put back", lawCouncil, keeping(deckEmptier(LawDeck), lawCouncil),
			func(g *Game, p Player) bool { return g.View(p).Decks.Laws+lawsInHand(g, p)-1 <= 1 }, 0, nil},
		{"82 Scholarship's card with one deck empty", lawScholarship, keeping(deckEmptier(SmallDeck), lawScholarship),
			func(g *Game, p Player) bool { d := g.View(p).Decks; return (d.Small == 0) != (d.Laws == 0) }, 1, nil},
		{"65 Succession never replaces a level-5 card", lawSuccession, keeping(builder, lawSuccession),
			func(g *Game, p Player) bool { return g.Tableau(p).Pyramid.levels() == MaxLevel }, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			sc := scenario{configs: mixes, seeds: 300, choose: tc.choose, want: lawReady(tc.law, tc.cond)}.reach(t)
			g := sc.Game
			c.cfg = sc.Record.Config
			p := lawPlayerReady(&g, tc.law, tc.cond)
			before := g
			c.check(&g, p, g.Legal(p))
			g = othersPass(t, mustApply(t, g, p, Move{Kind: Play, Card: tc.law}), p)
			for a := actionOf(&g, p); a != nil && a.Card == tc.law || g.Decision(p) == ChoosePatronage; a = actionOf(&g, p) {
				legal := g.Legal(p)
				c.check(&g, p, legal)
				m := legal[0]
				if g.Decision(p) == ChooseLawOption {
					m = Move{Kind: ChooseOption, Choice: tc.option}
				}
				g = mustApply(t, g, p, m)
			}
			if tc.then != nil {
				tc.then(t, &before, &g, p)
			}
		})
	}
	t.Logf("checks made: %v", c.runs)
	t.Logf("cases seen: %v", c.cases)
}
