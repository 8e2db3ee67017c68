package viceroy

// The "greedy" level values the moves that build the pyramid by the score sheet they lead to: it
// stands the card on a copy of the tableau, pays its cost from a copy of the screen, puts the
// reward's tokens on it, paints the circles with the gems left as the end of the game would, and
// scores the result as the end of the game does (Tableau.Score), plus terms for what the sheet
// cannot show yet: gems that still buy cards, tokens towards a set, science for the pass gems to
// come, attack tokens, cards in hand. The 2026 valuation (situation.plainBids) added up estimates
// of each reward item instead; it is cheaper, and the search's playouts keep it.

// sheetEval holds what the score-sheet valuation works out once per decision.
type sheetEval struct {
	ready  bool
	oppAtt int     // the attack tokens the opponents hold
	base   float64 // the value of the position as it stands
}

// sheet reports whether moves are valued by the score sheet (the "greedy" level) rather than by
// the 2026 estimates.
func (s *situation) sheet() bool { return !s.plainBids }

// sheetReady works out the opponents' attacks and the value of the position, once per decision.
func (s *situation) sheetReady() *sheetEval {
	e := &s.sh
	if !e.ready {
		e.oppAtt = s.opponentsAttacks()
		e.ready = true
		e.base = s.sheetValue(*s.tab, s.screen)
	}
	return e
}

// sheetGem is what a gem behind the screen that paints no circle is worth: it buys cards while
// turns remain.
func (s *situation) sheetGem() float64 { return 0.5 + 0.07*s.turnsLeft() }

// sheetGemTaken is what a gem taken from the reserve (a reward, pass gems) is worth: more than a gem
// kept, as it comes without a card to pay for. (Tournaments chose these figures: with a gem worth
// 0.3 + 0.07 a turn left and 0.3 more taken, greedy won 77% against greedy-2026 and 61% against
// oneply; with 0.5 and 0.5, 84% and 66%.)
func (s *situation) sheetGemTaken() float64 { return s.sheetGem() + 0.5 }

// sheetSetChance is how likely the tokens towards the next set are to complete it in the turns
// left.
func (s *situation) sheetSetChance() float64 { return min(1, 0.2+0.1*s.turnsLeft()) }

// sheetValue is the score sheet of tab with the gems of screen painted at best, plus the terms the
// sheet cannot show yet: gems left that buy cards, tokens towards the next set, and science for the
// pass gems to come.
func (s *situation) sheetValue(tab Tableau, screen Gems) float64 {
	painted, left, err := tab.Paint(tab.BestPainting(screen), screen)
	if err != nil {
		painted, left = tab, screen
	}
	w := float64(painted.Score(s.sh.oppAtt).Total)
	sc := tab.Count(Science)
	lo, mid, hi := sort3(tab.Count(Defense), tab.Count(Magic), sc)
	w += (6*float64(mid-lo) + 2*float64(hi-mid)) * s.sheetSetChance()
	w += float64(left.Total()) * s.sheetGem()
	w += 0.3 * s.turnsLeft() * float64(sc)
	return w
}

// sheetPay returns the screen after paying c's cost at level, the infinite gems paying what it
// lacks, and false if they cannot.
func (s *situation) sheetPay(c CardID, level int) (Gems, bool) {
	cost := botCards[c].cost[level]
	if s.screen.Covers(cost) {
		return s.screen.Minus(cost), true
	}
	short := 0
	var left Gems
	for col := range cost {
		short += int(cost[col] - min(cost[col], s.screen[col]))
		left[col] = s.screen[col] - min(s.screen[col], cost[col])
	}
	return left, short <= s.infiniteGems()+s.unknown
}

// sheetPut puts the reward items on card c of tab, and returns the value of what they give outside
// the tableau: gems, cards and attack tokens.
func (s *situation) sheetPut(tab Tableau, c CardID, items []RewardItem) (Tableau, float64) {
	extra := 0.0
	put := func(k TokenKind, n int, col Color) {
		if tok, err := NewToken(k, n, col); err == nil {
			tab, _ = tab.Put(c, tok)
		}
	}
	for _, it := range items {
		n := int(it.N)
		switch it.Kind {
		case GemsReward:
			extra += float64(n) * s.sheetGemTaken()
		case CardsReward:
			extra += float64(n) * s.sheetDraw()
		case PointsReward:
			put(PowerPoints, n, 0)
		case ScienceReward, MagicReward, DefenseReward:
			for range n {
				put(rewardTokens[it.Kind], 0, 0)
			}
		case AttackReward:
			extra += float64(n) * s.attackWorth()
		case InfiniteReward:
			tab, _ = tab.PutInfinite(c, it.Color)
		case MagicBonusReward:
			put(MagicBonus, n, 0)
		case CircleBonusReward:
			put(CircleBonus, n, it.Color)
		}
	}
	return tab, extra
}

// rewardTokens names the token each of the token rewards puts on the card.
var rewardTokens = map[RewardKind]TokenKind{ScienceReward: Science, MagicReward: Magic, DefenseReward: Defense}

// sheetDraw is what a card drawn into the hand is worth.
func (s *situation) sheetDraw() float64 {
	if s.turnsLeft() == 0 {
		return 0.3
	}
	return 1.5 + 0.1*s.turnsLeft()
}

// sheetRows returns the reward items of c's row at level (1-4).
func sheetRows(c CardID, level int) []RewardItem {
	r := botCards[c].rows[level-1]
	return r.Items()
}

// sheetPlace is what standing c at place at adds to the position's value, its cost paid (unless
// free, as for a starting card) and its reward taken; false if it cannot stand there or be paid.
func (s *situation) sheetPlace(c CardID, at Place, free bool) (float64, bool) {
	e := s.sheetReady()
	tab, err := s.tab.Place(c, at)
	if err != nil {
		return 0, false
	}
	level := int(at.Level)
	if botCards[c].law {
		return s.sheetValue(tab, s.screen) + s.lawEffect(c, level) - e.base, true
	}
	screen := s.screen
	if !free {
		var ok bool
		if screen, ok = s.sheetPay(c, level); !ok {
			return 0, false
		}
	}
	extra := s.circleGems(tab, at)
	if level == MaxLevel {
		return s.sheetTopReward(tab, c, screen) + extra - e.base, true
	}
	tab, x := s.sheetPut(tab, c, sheetRows(c, level))
	return s.sheetValue(tab, screen) + x + extra - e.base, true
}

// circleGems values the gems that the single-coloured circles completed by a card at at give.
func (s *situation) circleGems(tab Tableau, at Place) float64 {
	n := 0
	for range tab.Pyramid.singleColorCircles(at) {
		n++
	}
	return float64(n) * s.sheetGemTaken()
}

// sheetTopReward is the value of the position with c standing at level 5, with the better of its
// two rewards: the rewards of rows 1-3, or 15 points.
func (s *situation) sheetTopReward(tab Tableau, c CardID, screen Gems) float64 {
	rows, extra := tab, 0.0
	for l := 1; l <= 3; l++ {
		var x float64
		rows, x = s.sheetPut(rows, c, sheetRows(c, l))
		extra += x
	}
	fifteen := tab
	if tok, err := NewToken(PowerPoints, 15, 0); err == nil {
		fifteen, _ = tab.Put(c, tok)
	}
	return max(s.sheetValue(rows, screen)+extra, s.sheetValue(fifteen, screen))
}

// lawEffect values what a law does beyond the points its text gives as it stands (which the score
// sheet counts): the best of its options, or the points it may still bring.
func (s *situation) lawEffect(c CardID, level int) float64 {
	if _, ok := optionItems(c); ok {
		return s.lawWorth(c, level)
	}
	left := s.turnsLeft()
	switch c {
	case lawCensus:
		return 0.8 * left
	case lawConcord, lawHarmony:
		return 0.3 * left
	case lawExile:
		return -3
	}
	if c >= lawNeighbours1 {
		return 0.5 * left
	}
	return s.lawWorth(c, level)
}

// sheetPlay is the most c adds played now at any place the screen can pay for; a card that cannot
// be paid anywhere is worth half its best play once gems are found.
func (s *situation) sheetPlay(c CardID) (float64, bool) {
	best, any := -1e9, false
	var buf [2 * MaxLevel]Place
	for _, at := range s.tab.Pyramid.appendPlaces(buf[:0], botCards[c].law) {
		if g, ok := s.sheetPlace(c, at, false); ok {
			best, any = max(best, g), true
		}
	}
	return best, any
}

// sheetLater is what a card the screen cannot pay for now may give once gems are found: its best
// place's gain with what the screen has spent, less a point per gem short.
func (s *situation) sheetLater(c CardID) float64 {
	e := s.sheetReady()
	best := 0.0
	var buf [2 * MaxLevel]Place
	for _, at := range s.tab.Pyramid.appendPlaces(buf[:0], false) {
		level := int(at.Level)
		tab, err := s.tab.Place(c, at)
		if err != nil || level > 4 {
			continue
		}
		cost := botCards[c].cost[level]
		screen, short := s.screen, 0
		for col := range cost {
			short += int(cost[col] - min(cost[col], screen[col]))
			screen[col] -= min(screen[col], cost[col])
		}
		tab, x := s.sheetPut(tab, c, sheetRows(c, level))
		best = max(best, s.sheetValue(tab, screen)+x-e.base-float64(short))
	}
	return best
}

// holdOption is what a card in hand is worth at the start of the game beyond its best play now:
// the levels it may reach later, which a one-ply score sheet cannot see. Tournaments chose it: at
// 2, four greedy bots passed a whole turn's auction 21 times in the 100 games of examples/play
// (seeds 1-100), at 4 twice; against greedy-2026 and oneply it wins as much at 4 as at 2.
const holdOption = 4

// sheetHold is what a card in the hand is worth: its best play now (or half its play once gems are
// found), and the option of playing it elsewhere or later, which shrinks as the game runs out. On
// the last turn's development a card in hand is worth nothing: hands are discarded.
func (s *situation) sheetHold(c CardID) float64 {
	left := s.turnsLeft()
	if left == 0 && s.decision != ChooseBid && s.decision != ChooseClaim && s.decision != ChooseAuctionCard && s.decision != ChooseDuel {
		return 0
	}
	option := holdOption * left / (Turns - 1)
	if g, ok := s.sheetPlay(c); ok {
		return max(0, g) + option
	}
	if left == 0 {
		return option
	}
	return max(0, 0.5*s.sheetLater(c)) + option
}

// sheetMoveWorth values the moves the score sheet values (the second result is false for the
// others, which keep the 2026 valuation).
func (s *situation) sheetMoveWorth(m Move) (float64, bool) {
	switch m.Kind {
	case Play:
		g, ok := s.sheetPlay(m.Card)
		if !ok {
			return -1, true
		}
		return g - 0.5, true
	case Discard:
		return 2*s.sheetGemTaken() - 0.5*s.holdWorth(m.Card), true
	case PlaceCard:
		if s.playing == 0 {
			return 0, false
		}
		g, _ := s.sheetPlace(s.playing, m.At, false)
		return g, true
	case TakeReward:
		return s.sheetLevelFive(m.Choice), true
	case KeepInPyramid:
		return s.sheetStart(m.Card) - s.holdWorth(m.Card), true
	case TakeGem:
		var one Gems
		one[m.Color] = 1
		s.sheetReady()
		return s.sheetValue(*s.tab, s.screen.Plus(one)) + float64(min(1, s.need()[m.Color])), true
	}
	return 0, false
}

// sheetLevelFive values the choice of reward of the card being played at level 5, which stands in
// the tableau already.
func (s *situation) sheetLevelFive(choice uint8) float64 {
	c := s.playing
	if c == 0 || !s.tab.Pyramid.has(c) {
		return 0
	}
	s.sheetReady()
	if choice == FifteenPoints {
		tok, _ := NewToken(PowerPoints, 15, 0)
		tab, _ := s.tab.Put(c, tok)
		return s.sheetValue(tab, s.screen)
	}
	tab, extra := *s.tab, 0.0
	for l := 1; l <= 3; l++ {
		var x float64
		tab, x = s.sheetPut(tab, c, sheetRows(c, l))
		extra += x
	}
	return s.sheetValue(tab, s.screen) + extra
}

// sheetStart is what standing c in the pyramid as the starting card adds: the best level-1 place,
// free of cost, with its reward.
func (s *situation) sheetStart(c CardID) float64 {
	best := 0.0
	var buf [2 * MaxLevel]Place
	for i, at := range s.tab.Pyramid.appendPlaces(buf[:0], false) {
		if g, ok := s.sheetPlace(c, at, true); ok && (i == 0 || g > best) {
			best = g
		}
	}
	return best
}
