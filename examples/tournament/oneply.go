package main

import (
	"math/rand/v2"

	"github.com/laar/viceroy"
)

// onePly is a yardstick written from the library's documentation alone, as an outsider would
// write a first bot: it values each move by the score sheet of the tableau the move leads to (the
// card placed with Tableau.Place, its reward put on it with Put and PutInfinite, the gems left
// painted with BestPainting, all scored with Score), plus small terms for cards in hand, progress
// towards sets, attack tokens and gems that can still buy cards. It looks at nothing beyond the
// move itself: a bid is worth the best card it could win, whoever else bids. It is the level
// "oneply" of this command, not a level of the library.
//
// Its small terms are tuned so that it is as strong as a bot of this kind gets (an outsider's bot
// of the kind won 61% against greedy-2026): a card in hand is worth its best play plus the option
// of playing it later, and tokens towards a set count for what a completed set would give, as
// likely as the turns left allow. Without those two terms it won 37% against greedy-2026, with
// them 70% (400 games, seed 1).
type onePly struct {
	rng *rand.Rand
}

func newOnePly(seed uint64) *onePly {
	return &onePly{rng: rand.New(rand.NewPCG(seed, 0x4f4e45))}
}

// Choose returns the legal move of highest value, ties broken at random.
func (b *onePly) Choose(v viceroy.View, legal []viceroy.Move) viceroy.Move {
	if len(legal) == 0 {
		return viceroy.Move{}
	}
	if len(legal) == 1 || v.Player < 0 || int(v.Player) >= len(v.Players) {
		return legal[0]
	}
	e := newPlyEval(v)
	best, bestW := legal[0], -1e18
	for _, m := range legal {
		w := e.move(m) + 1e-6*b.rng.Float64()
		if w > bestW {
			best, bestW = m, w
		}
	}
	return best
}

// plyEval is the position the bot values moves from.
type plyEval struct {
	v         viceroy.View
	tab       viceroy.Tableau
	screen    viceroy.Gems
	oppAtt    int
	myAtt     int
	turnsLeft float64
	base      float64 // the value of the position as it stands
}

func newPlyEval(v viceroy.View) *plyEval {
	e := &plyEval{v: v, tab: v.Players[v.Player].Tableau, screen: v.Screen}
	for q, pv := range v.Players {
		n := pv.Attacks + pv.Tableau.Count(viceroy.AttackToken)
		if viceroy.Player(q) == v.Player {
			e.myAtt = n
		} else {
			e.oppAtt += n
		}
	}
	e.turnsLeft = float64(max(0, viceroy.Turns-max(v.Turn, 1)))
	e.base = e.value(e.tab, e.screen)
	return e
}

// gemValue is what a gem that is not painting a circle is worth: it buys cards while turns remain.
func (e *plyEval) gemValue() float64 { return 0.3 + 0.07*e.turnsLeft }

// cardValue is what a card drawn into the hand is worth.
func (e *plyEval) cardValue() float64 {
	if e.turnsLeft == 0 {
		return 0.3
	}
	return 1.5 + 0.1*e.turnsLeft
}

// value is the score sheet of tab with the screen's gems painted at best, plus the small terms:
// gems not needed for painting still buy cards, progress towards the next set (6 points for each
// token of the two smaller kinds beyond the smallest, 2 for the largest, as likely as setChance),
// and science for the pass gems to come.
func (e *plyEval) value(tab viceroy.Tableau, screen viceroy.Gems) float64 {
	painted, left, err := tab.Paint(tab.BestPainting(screen), screen)
	if err != nil {
		painted, left = tab, screen
	}
	w := float64(painted.Score(e.oppAtt).Total)
	lo, mid, hi := sort3(tab.Count(viceroy.Defense), tab.Count(viceroy.Magic), tab.Count(viceroy.Science))
	w += (6*float64(mid-lo) + 2*float64(hi-mid)) * e.setChance()
	w += float64(left.Total()) * e.gemValue()
	w += 0.3 * e.turnsLeft * float64(tab.Count(viceroy.Science))
	return w
}

func sort3(a, b, c int) (int, int, int) {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return a, b, c
}

// placeGain is what standing card c at place at, paying its cost and taking its reward, adds to
// the position's value; ok is false if the screen cannot pay for it (infinite gems aside).
func (e *plyEval) placeGain(c viceroy.CardID, at viceroy.Place) (float64, bool) {
	tab, err := e.tab.Place(c, at)
	if err != nil {
		return 0, false
	}
	screen := e.screen
	extra := 0.0
	level := int(at.Level)
	if c.IsLaw() {
		extra += 2 // the law's effect, beyond its points
		return e.value(tab, screen) + extra - e.base, true
	}
	card := c.Card()
	cost := card.Cost(level)
	if !screen.Covers(cost) {
		short := 0
		for col := range cost {
			if cost[col] > screen[col] {
				short += int(cost[col] - screen[col])
			}
		}
		if short > infiniteGems(e.tab) {
			return 0, false
		}
		screen = viceroy.Gems{}
		for col := range cost {
			screen[col] = e.screen[col] - min(e.screen[col], cost[col])
		}
	} else {
		screen = screen.Minus(cost)
	}
	if level == viceroy.MaxLevel {
		withRows, extraRows := e.reward(tab, c, card.Rows[0].Reward, 1)
		for l := 2; l <= 3; l++ {
			var x float64
			withRows, x = e.reward(withRows, c, card.Rows[l-1].Reward, l)
			extraRows += x
		}
		rows := e.value(withRows, screen) + extraRows
		fifteen := tab
		if tok, err := viceroy.NewToken(viceroy.PowerPoints, 15, 0); err == nil {
			fifteen, _ = tab.Put(c, tok)
		}
		return max(rows, e.value(fifteen, screen)) - e.base, true
	}
	tab, x := e.reward(tab, c, card.Rows[level-1].Reward, level)
	return e.value(tab, screen) + x - e.base, true
}

// reward puts a reward's tokens on card c of tab, and returns the terms it adds outside the
// tableau (gems, cards, attack tokens).
func (e *plyEval) reward(tab viceroy.Tableau, c viceroy.CardID, r viceroy.Reward, level int) (viceroy.Tableau, float64) {
	extra := 0.0
	put := func(k viceroy.TokenKind, n int, col viceroy.Color) {
		if tok, err := viceroy.NewToken(k, n, col); err == nil {
			tab, _ = tab.Put(c, tok)
		}
	}
	for _, it := range r.Items() {
		n := int(it.N)
		switch it.Kind {
		case viceroy.GemsReward:
			extra += float64(n) * (e.gemValue() + 0.3)
		case viceroy.CardsReward:
			extra += float64(n) * e.cardValue()
		case viceroy.PointsReward:
			put(viceroy.PowerPoints, n, 0)
		case viceroy.ScienceReward, viceroy.MagicReward, viceroy.DefenseReward:
			kind := map[viceroy.RewardKind]viceroy.TokenKind{viceroy.ScienceReward: viceroy.Science,
				viceroy.MagicReward: viceroy.Magic, viceroy.DefenseReward: viceroy.Defense}[it.Kind]
			for range n {
				put(kind, 0, 0)
			}
		case viceroy.AttackReward:
			extra += 3 * float64(n)
		case viceroy.InfiniteReward:
			tab, _ = tab.PutInfinite(c, it.Color)
		case viceroy.MagicBonusReward:
			put(viceroy.MagicBonus, n, 0)
		case viceroy.CircleBonusReward:
			put(viceroy.CircleBonus, n, it.Color)
		}
	}
	return tab, extra
}

// playValue is the most a card adds when played now at any place the screen can pay for; a card
// that cannot be paid anywhere is worth a part of its best play, for later.
func (e *plyEval) playValue(c viceroy.CardID) float64 {
	if !c.Valid() {
		return 0
	}
	best, any := -1e9, false
	for _, at := range e.tab.Pyramid.Places(c.IsLaw()) {
		if g, ok := e.placeGain(c, at); ok {
			best, any = max(best, g), true
		}
	}
	if !any {
		if e.turnsLeft == 0 {
			return 0
		}
		return 0.5 * e.laterValue(c)
	}
	return best
}

// laterValue is what a card the screen cannot pay for now may give once gems are found: its best
// level's score gain with the gems counted as spent, less 1 per gem short.
func (e *plyEval) laterValue(c viceroy.CardID) float64 {
	best := 0.0
	card := c.Card()
	for _, at := range e.tab.Pyramid.Places(false) {
		tab, err := e.tab.Place(c, at)
		if err != nil || int(at.Level) > 4 {
			continue
		}
		cost := card.Cost(int(at.Level))
		short := 0
		screen := e.screen
		for col := range cost {
			if cost[col] > screen[col] {
				short += int(cost[col] - screen[col])
			}
			screen[col] -= min(screen[col], cost[col])
		}
		tab, x := e.reward(tab, c, card.Rows[at.Level-1].Reward, int(at.Level))
		best = max(best, e.value(tab, screen)+x-e.base-float64(short))
	}
	return best
}

// holdValue is what a card in the hand is worth: its best play now, or a part of it for later, and
// the option of playing it elsewhere or later (optionValue).
func (e *plyEval) holdValue(c viceroy.CardID) float64 {
	if e.turnsLeft == 0 && e.v.Phase != viceroy.PhaseAuction {
		return 0
	}
	return max(0, e.playValue(c)) + e.optionValue()
}

// optionValue is what a card in the hand is worth beyond its best play now: the other places and
// turns it may be played in, which shrink to nothing as the game runs out.
func (e *plyEval) optionValue() float64 { return 2 * e.turnsLeft / (viceroy.Turns - 1) }

// setChance is how likely the tokens towards the next set are to complete it in the turns left.
func (e *plyEval) setChance() float64 { return min(1, 0.2+0.1*e.turnsLeft) }

// auctionBest is the best card's value at colour col, or anywhere for col < 0.
func (e *plyEval) auctionBest(col int) float64 {
	best := 0.0
	for k, pair := range e.v.Auction {
		if col >= 0 && k != col {
			continue
		}
		for _, c := range pair {
			if c != 0 {
				best = max(best, e.holdValue(c))
			}
		}
	}
	return best
}

// move values one legal move.
func (e *plyEval) move(m viceroy.Move) float64 {
	switch m.Kind {
	case viceroy.KeepInPyramid:
		var at viceroy.Place
		if places := e.tab.Pyramid.Places(false); len(places) > 0 {
			at = places[0]
		}
		g, _ := e.placeGain(m.Card, at)
		return g
	case viceroy.KeepInHand, viceroy.Take, viceroy.Claim:
		return e.holdValue(m.Card)
	case viceroy.Bid:
		return e.auctionBest(int(m.Color)) - e.gemValue()
	case viceroy.Attack:
		return e.auctionBest(-1) - 4
	case viceroy.Pass:
		if e.v.Decision == viceroy.ChooseBid {
			return float64(viceroy.PassGems(e.tab.Count(viceroy.Science))) * (e.gemValue() + 0.3)
		}
		return 0
	case viceroy.Play:
		return e.playValue(m.Card) - 0.5
	case viceroy.Discard:
		return 2*(e.gemValue()+0.3) - 0.5*e.holdValue(m.Card)
	case viceroy.PlaceCard:
		g, _ := e.placeGain(e.v.Playing, m.At)
		return g
	case viceroy.TakeReward:
		if m.Choice == viceroy.FifteenPoints {
			return 15
		}
		return 14.5
	case viceroy.TakeGem:
		var one viceroy.Gems
		one[m.Color] = 1
		w := e.value(e.tab, e.screen.Plus(one))
		for _, c := range e.v.Hand {
			if !c.IsLaw() {
				lvl := min(pyramidLevels(e.tab.Pyramid)+1, 4)
				if c.Card().Cost(lvl)[m.Color] > e.screen[m.Color] {
					w += 1
				}
			}
		}
		return w
	case viceroy.Draw:
		if m.Choice == viceroy.SmallDeck {
			return 2
		}
		return 1.8
	case viceroy.ChooseOption:
		return 3 - float64(m.Choice)/2
	case viceroy.PaintBest:
		return 100
	case viceroy.UseInfinite:
		return 1
	}
	return 0
}

// infiniteGems counts the infinite gems lying on the tableau's cards.
func infiniteGems(t viceroy.Tableau) int {
	n := 0
	for _, id := range t.Pyramid.Cards() {
		if t.Holding(id).HasGem {
			n++
		}
	}
	return n
}

// pyramidLevels returns how many levels of the pyramid hold a card.
func pyramidLevels(p viceroy.Pyramid) int {
	top := 0
	for _, id := range p.Cards() {
		at, _ := p.Find(id)
		top = max(top, int(at.Level))
	}
	return top
}
