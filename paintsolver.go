package viceroy

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
)

// keptScore returns what circle c scores when it is left as it is: its level plus the bonus of its
// colour when it is single-coloured, nothing otherwise (RULES.md 11.3.1).
func keptScore(c Circle, bonus [NumColors]int) int {
	if k, ok := c.singleColor(); ok && k.Valid() {
		return c.level() + bonus[k]
	}
	return 0
}

// How BestPainting works. (A plain comment: the documentation states the contract.)
//
// The problem.
//
// Circles are independent and only whole-circle paintings score, so each circle either stays as
// it is or is painted whole in one colour k, which costs gems of k only (PaintCost). The colours
// that would add score to a circle are its options. The search maximises the worth of a painting:
// the sum over the painted circles of gain*unit - cost, where gain is the score added, cost the
// gems spent, and unit is more than all the gems that could ever be spent. Comparing worths
// compares scores first and then prefers fewer gems, so the tie rule is part of the objective.
//
// How it stays exact.
//
// The search is a dynamic programme over the circles, one layer per circle, whose states are the
// gems left in each colour. Without pruning it is the plain exact DP (up to 17^4 states a layer).
// Three rules drop states, and none can lose the optimum:
//
//  1. Merging: of two partial paintings leaving the same gems, only the one of greater worth is
//     kept: both can be finished in exactly the same ways.
//  2. Dominance: more generally, a state is dropped when another state of its layer is worth at
//     least as much and leaves at least as many gems of every colour: that one can be finished in
//     every way the dropped one can, for at least as much.
//  3. Bounding: a state is dropped when its worth plus an upper bound on what the circles not yet
//     decided can add, with the gems it has left, is no more than the worth of the best complete
//     painting in hand (the incumbent): it can only lead to paintings no better than that one.
//     So at the end either some state beats the incumbent, and the best of them is optimal, or
//     none does, and the incumbent is.
//
// The upper bound is a Lagrangian relaxation. Give each circle a price p >= 0. The worth of any
// painting is the sum, over colours, of the reduced worths (worth - p) of the circles painted
// that colour, plus the prices of the painted circles. Letting each colour choose its circles on
// its own (a 0/1 knapsack over its gems, on reduced worths) can only do better on the first part,
// and counting the prices of all circles can only do better on the second, as a circle is painted
// at most once and prices are not negative. So "all the prices + the four knapsack optima" bounds
// the optimum whatever the prices are: they decide how tight the bound is, never whether it is
// valid. The search uses the least of three such bounds: for prices tuned by subgradient descent
// (tunePrices), for zero prices (each colour's knapsack alone) and for prices equal to each
// circle's best worth (the sum of the best worths). Knapsack tables over every suffix of the
// circles give them for any state in a few look-ups. The search takes the circles by
// decreasing tuned price, so that the contested ones are decided first and the bound on the rest
// is tight. Its first incumbent is the best of the paintings met while tuning (each round turns
// the knapsacks' choices into one) and of a narrow beam search guided by the bound.
//
// Cost.
//
// A problem of at most 1,024 paintings (each circle that some painting would improve left as it
// is or painted in one of its colours) is solved by trying them all, at some 15 ns a painting
// (about 9 µs for 4 circles of 4 options each, 625 paintings). Nearly every painting problem of a
// real game is this small, and takes about a microsecond. Larger ones go to the search.
//
// For n circles and at most 16 gems a colour, the fixed part is startSteps+priceRounds rounds of
// four knapsacks (about 4*17*n steps a round), two sets of suffix tables (4*17*n steps each) and
// the beam (at most 5*beamWidth states a layer). The exact search then costs a few operations per
// state and option, plus a bit-set test against the states already kept in the layer (a word per
// 64 of them). How many states survive depends on how tight the bound is, and there is no small
// guarantee: a layer never holds more states than the plain DP, the product over colours of
// (gems + 1), but it can come near. For random circles with 16 gems of every colour and bonuses
// of 1 to 20, the states number some hundreds, sometimes a few thousand, and a call takes about
// 0.05 to 0.7 ms on average for 4 to 36 circles, rarely above 2 ms (see painting_bench_test.go).
// Inputs where very many paintings score within a point or two of the best (several colours of
// equal or no bonus) are the hard case: the worst one an automated search found keeps some 10^5
// states and takes about 17 ms. Real games are far from that, as no player holds every gem: on the
// painting problems of 200 played games a call takes some microseconds, and under 50 µs at worst
// (BenchmarkPaintingInPlay).

// bestPainting returns a painting of the given circles that maximises the score of single-coloured
// circles (the sum, over the circles single-coloured after painting, of Level + bonus[colour]),
// spending only the gems in g, and that score. Circles that need no gems (single-coloured already
// and kept so) are not listed. Among paintings of the best score it returns one that spends the
// fewest gems; among those, one picked by a fixed rule that depends only on the input. Each
// circle is either kept as it is or painted whole in one colour, which costs gems of that colour
// only (see [PaintCost]).
//
// The answer is exact. A problem of at most 1,024 possible paintings is solved by trying each; a
// larger one by a search over the circles whose states are the gems left, pruned by dominance and
// by an upper bound. For n circles its cost is at most that of the plain dynamic programme, some
// n*17^4 states times the options of a circle, and in practice far less: nearly every painting
// problem of a real game is of the small kind. The package's benchmarks (BenchmarkPainting,
// BenchmarkPaintingInPlay) measure both kinds.
func bestPainting(circles []Circle, bonus [NumColors]int, g Gems) (Painting, int) {
	pr, base := newPaintProblem(circles, bonus, g)
	if len(pr.items) == 0 {
		return nil, base
	}
	if pr.paintings() <= enumerateLimit {
		return pr.enumerate(circles, base)
	}
	return pr.solve(circles, base)
}

// solve finds the painting of greatest worth by the bounded search described at BestPainting, and
// returns it with its score (base plus its gains).
func (pr *paintProblem) solve(circles []Circle, base int) (Painting, int) {
	prices, incumbent := pr.tunePrices()
	pr.sortByPrice(prices, incumbent)
	sb := pr.newSuffixBound(prices)
	if b := pr.beam(sb, beamWidth); pr.worth(b) > pr.worth(incumbent) {
		incumbent = b
	}
	choice := pr.search(sb, incumbent)

	painted := make([]*paintOption, len(circles))
	for i, it := range pr.items {
		if choice[i] >= 0 {
			painted[it.circle] = &pr.opts(it)[choice[i]]
		}
	}
	var out Painting
	score := base
	for i, o := range painted {
		if o != nil {
			out = append(out, PaintedCircle{Top: circles[i].Top, Color: o.color})
			score += o.gain
		}
	}
	return out, score
}

// enumerateLimit is the most paintings BestPainting tries one by one rather than searching. Below
// it, trying them all costs less than setting up the search's bounds and tables. The painting
// problems of real games are nearly all this small: one to three circles that some painting
// would improve.
const enumerateLimit = 1 << 10

// paintings returns how many paintings the problem has (every item left as it is or painted in one
// of its options, whatever the gems), or a number above enumerateLimit once it passes it.
func (pr *paintProblem) paintings() int {
	n := 1
	for _, it := range pr.items {
		n *= len(pr.opts(it)) + 1
		if n > enumerateLimit {
			break
		}
	}
	return n
}

// maxEnumerated is the most items a problem of at most enumerateLimit paintings has: each item
// has at least two ways (left as it is, or painted).
const maxEnumerated = 10

// enumeration is the state of a search that tries every painting of a small problem.
type enumeration struct {
	pr        *paintProblem
	cur, best [maxEnumerated]int8
	bestWorth int
}

// enumerate tries every painting within the budget and returns the one of greatest worth, with its
// score (base plus its gains). Of paintings of equal worth it keeps the first it meets: each item
// is first left as it is, then painted in its options in colour order. The items must be in
// circle order, as newPaintProblem lists them, and number at most maxEnumerated.
func (pr *paintProblem) enumerate(circles []Circle, base int) (Painting, int) {
	e := enumeration{pr: pr, bestWorth: -1}
	e.try(0, pr.budget, 0)
	var out Painting
	score := base
	for i, it := range pr.items {
		if c := e.best[i]; c >= 0 {
			o := pr.opts(it)[c]
			out = append(out, PaintedCircle{Top: circles[it.circle].Top, Color: o.color})
			score += o.gain
		}
	}
	return out, score
}

// try decides items t, t+1, ... in every way the gems left allow, having decided the items
// before t for worth so far.
func (e *enumeration) try(t int, left [NumColors]int, worth int) {
	if t == len(e.pr.items) {
		if worth > e.bestWorth {
			e.bestWorth, e.best = worth, e.cur
		}
		return
	}
	e.cur[t] = -1
	e.try(t+1, left, worth)
	for j, o := range e.pr.opts(e.pr.items[t]) {
		if o.cost <= left[o.color] {
			left[o.color] -= o.cost
			e.cur[t] = int8(j)
			e.try(t+1, left, worth+o.worth)
			left[o.color] += o.cost
		}
	}
}

// Tuning constants of BestPainting. They change its speed, never its result.
const (
	startSteps  = 8  // values of theta tried for the first prices
	priceRounds = 25 // rounds of subgradient descent on the prices
	stallRounds = 3  // rounds without a better bound before the step factor is halved
	beamWidth   = 16 // states a layer of the beam search keeps
)

// paintOption is one way to paint a circle whole.
type paintOption struct {
	color Color
	cost  int // gems of color needed
	gain  int // score added over leaving the circle as it is
	worth int // gain*unit - cost: see BestPainting
}

// paintItem is a circle that some painting would improve, with its options: the problem's
// options[first:first+n] (see paintProblem.opts).
type paintItem struct {
	circle   int // index in the circles given to BestPainting
	first, n int
}

// paintProblem is the input of BestPainting reduced to what the search needs.
type paintProblem struct {
	items   []paintItem
	options []paintOption // the options of every item, item after item
	// budget is the gems that can be spent in each colour: the player's, but no more than all
	// the options of that colour together could use (smaller budgets make smaller tables).
	budget [NumColors]int
	// unit is the worth of one point of score. It is more than the sum of the budgets, so a
	// painting of higher score is always worth more, whatever it spends.
	unit int
}

// opts returns the options of item it.
func (pr *paintProblem) opts(it paintItem) []paintOption {
	return pr.options[it.first : it.first+it.n : it.first+it.n]
}

// paintChoice holds, for each item of a paintProblem, the index of its chosen option or -1.
type paintChoice []int8

// newPaintProblem lists the options that would add score, within the gems g, and returns the
// problem and the score of the circles as they are.
func newPaintProblem(circles []Circle, bonus [NumColors]int, g Gems) (paintProblem, int) {
	return newPaintProblemIn(circles, bonus, g, make([]paintOption, 0, NumColors*len(circles)),
		make([]paintItem, 0, len(circles)))
}

// newPaintProblemIn is newPaintProblem building the options in all and the items in items. With
// buffers of the caller's, with room for NumColors options and one item a circle, it allocates
// nothing.
func newPaintProblemIn(circles []Circle, bonus [NumColors]int, g Gems, all []paintOption,
	items []paintItem) (paintProblem, int) {
	pr := paintProblem{items: items[:0]}
	base := 0
	var demand [NumColors]int
	all = all[:0]
	for i, c := range circles {
		kept := keptScore(c, bonus)
		base += kept
		first := len(all)
		for k := range Color(NumColors) {
			cost := int(paintCost(c, k)[k])
			gain := c.level() + bonus[k] - kept
			if cost == 0 || cost > int(g[k]) || gain <= 0 {
				continue
			}
			all = append(all, paintOption{color: k, cost: cost, gain: gain})
			demand[k] += cost
		}
		if len(all) > first {
			pr.items = append(pr.items, paintItem{circle: i, first: first, n: len(all) - first})
		}
	}
	pr.unit = 1
	for k := range pr.budget {
		pr.budget[k] = min(int(g[k]), demand[k])
		pr.unit += pr.budget[k]
	}
	for j := range all {
		all[j].worth = all[j].gain*pr.unit - all[j].cost
	}
	pr.options = all
	return pr, base
}

// worth returns the total worth of the chosen options.
func (pr *paintProblem) worth(ch paintChoice) int {
	w := 0
	for i, c := range ch {
		if c >= 0 {
			w += pr.opts(pr.items[i])[c].worth
		}
	}
	return w
}

// start returns the gems left before any item is decided: the whole budget.
func (pr *paintProblem) start() [NumColors]uint8 {
	var left [NumColors]uint8
	for k, b := range pr.budget {
		left[k] = uint8(b)
	}
	return left
}

// Price tuning.

// tunePrices chooses the item prices of the Lagrangian bound (see BestPainting) and returns the
// prices that gave the lowest bound on the whole problem, with the best painting met on the way.
//
// It starts from the best prices of the form max(0, best worth of the item - theta), among a few
// values of theta: theta = 0 prices each item at its best worth, which makes the bound the sum of
// the best worths (right when gems are plentiful); a large theta makes all prices zero and the
// bound the sum of the colours' knapsacks (right when circles are plentiful). It then follows the
// subgradient: an item wanted by m knapsacks is used m-1 times too often, so its price moves by
// m-1 times a step (Polyak's step: the gap between the bound and the best painting, over the
// squared length of the subgradient, times a factor halved whenever the bound stalls).
func (pr *paintProblem) tunePrices() ([]int, paintChoice) {
	n := len(pr.items)
	wanted := make([]uint8, n) // bit k of wanted[i]: colour k's knapsack takes item i
	ks := newKnapsack(pr)
	prices := pr.startPrices(ks, wanted)
	best := slices.Clone(prices)

	incumbent := make(paintChoice, n)
	for i := range incumbent {
		incumbent[i] = -1
	}
	pr.fillGreedily(incumbent, pr.budget)
	lower := pr.worth(incumbent)
	trial := make(paintChoice, n)

	bestBound := math.MaxInt
	factor, stalled := 1.0, 0
	for range priceRounds {
		bound := ks.bound(prices, wanted)
		if bound < bestBound {
			bestBound, stalled = bound, 0
			copy(best, prices)
		} else if stalled++; stalled == stallRounds {
			factor, stalled = factor/2, 0
		}
		pr.repair(trial, wanted)
		if w := pr.worth(trial); w > lower {
			lower = w
			copy(incumbent, trial)
		}
		if bestBound <= lower {
			break // the incumbent is optimal
		}

		// The subgradient. (An item wanted by no knapsack is used once too little, which can
		// only lower a positive price.)
		norm := 0
		for i, m := range wanted {
			if d := bits.OnesCount8(m) - 1; d > 0 || prices[i] > 0 {
				norm += d * d
			}
		}
		if norm == 0 {
			break // the knapsacks agree: the bound is reached
		}
		step := factor * float64(bound-lower) / float64(norm)
		for i, m := range wanted {
			d := float64(bits.OnesCount8(m) - 1)
			prices[i] = max(0, prices[i]+int(math.Round(step*d)))
		}
	}
	return best, incumbent
}

// startPrices returns the prices max(0, best worth of the item - theta) giving the lowest bound,
// for theta from 0 to the greatest worth of an option in startSteps equal steps.
func (pr *paintProblem) startPrices(ks *knapsack, wanted []uint8) []int {
	bestWorth := make([]int, len(pr.items))
	top := 0
	for i, it := range pr.items {
		for _, o := range pr.opts(it) {
			bestWorth[i] = max(bestWorth[i], o.worth)
		}
		top = max(top, bestWorth[i])
	}
	prices := make([]int, len(pr.items))
	setPrices := func(theta int) {
		for i, w := range bestWorth {
			prices[i] = max(0, w-theta)
		}
	}
	bestBound, bestTheta := math.MaxInt, 0
	for s := 0; s <= startSteps; s++ {
		theta := top * s / startSteps
		setPrices(theta)
		if b := ks.bound(prices, wanted); b < bestBound {
			bestBound, bestTheta = b, theta
		}
	}
	setPrices(bestTheta)
	return prices
}

// repair turns the knapsacks' wishes into a painting in ch: an item wanted by several colours
// takes the one of greatest worth, which keeps every colour within its budget, then the gems left
// are used greedily on the items not painted.
func (pr *paintProblem) repair(ch paintChoice, wanted []uint8) {
	left := pr.budget
	for i, it := range pr.items {
		ch[i] = -1
		for j, o := range pr.opts(it) {
			if wanted[i]&(1<<o.color) != 0 && (ch[i] < 0 || o.worth > pr.opts(it)[ch[i]].worth) {
				ch[i] = int8(j)
			}
		}
		if ch[i] >= 0 {
			o := pr.opts(it)[ch[i]]
			left[o.color] -= o.cost
		}
	}
	pr.fillGreedily(ch, left)
}

// fillGreedily paints each item not painted in ch, in order, with its option of greatest worth
// that the gems left can pay.
func (pr *paintProblem) fillGreedily(ch paintChoice, left [NumColors]int) {
	for i, it := range pr.items {
		if ch[i] >= 0 {
			continue
		}
		for j, o := range pr.opts(it) {
			if o.cost <= left[o.color] && (ch[i] < 0 || o.worth > pr.opts(it)[ch[i]].worth) {
				ch[i] = int8(j)
			}
		}
		if ch[i] >= 0 {
			o := pr.opts(it)[ch[i]]
			left[o.color] -= o.cost
		}
	}
}

// knapsack solves the colours' 0/1 knapsacks of the bound, reusing its space.
type knapsack struct {
	budget  [NumColors]int
	byColor [NumColors][]knapsackItem // the options of each colour, in item order
	best    []int                     // best[b]: best total so far within b gems
	took    []uint64                  // bit b of row j: candidate j improved best[b]
	words   int                       // words in a row of took
}

// knapsackItem is an item's option of one colour.
type knapsackItem struct {
	item, cost, worth int
}

func newKnapsack(pr *paintProblem) *knapsack {
	ks := &knapsack{budget: pr.budget}
	for i, it := range pr.items {
		for _, o := range pr.opts(it) {
			ks.byColor[o.color] = append(ks.byColor[o.color], knapsackItem{i, o.cost, o.worth})
		}
	}
	maxBudget := slices.Max(pr.budget[:])
	ks.best = make([]int, maxBudget+1)
	ks.words = maxBudget/64 + 1
	ks.took = make([]uint64, len(pr.items)*ks.words)
	return ks
}

// bound returns the Lagrangian bound for the prices, the sum of the prices and of the colours'
// knapsacks, and sets wanted[i] to the colours whose knapsack takes item i.
func (ks *knapsack) bound(prices []int, wanted []uint8) int {
	b := 0
	for _, p := range prices {
		b += p
	}
	clear(wanted)
	for k := range Color(NumColors) {
		b += ks.solve(k, prices, wanted)
	}
	return b
}

// solve picks, among the items whose option of colour k is worth more than their price, those of
// greatest total reduced worth (worth - price) that colour k's budget can pay. It returns that
// total and sets bit k of wanted[i] for each item picked.
func (ks *knapsack) solve(k Color, prices []int, wanted []uint8) int {
	budget := ks.budget[k]
	best := ks.best[:budget+1]
	clear(best)
	cands := ks.byColor[k]
	took := ks.took[:len(cands)*ks.words]
	clear(took)
	for j, c := range cands {
		red := c.worth - prices[c.item]
		if red <= 0 {
			continue
		}
		row := took[j*ks.words : (j+1)*ks.words]
		// From the top down, so that best[b-cost] does not include candidate j yet.
		for b := budget; b >= c.cost; b-- {
			if v := best[b-c.cost] + red; v > best[b] {
				best[b] = v
				row[b/64] |= 1 << (b % 64)
			}
		}
	}
	// Walk back from the last candidate to find those taken for the whole budget.
	b := budget
	for j := len(cands) - 1; j >= 0; j-- {
		if took[j*ks.words+b/64]&(1<<(b%64)) != 0 {
			wanted[cands[j].item] |= 1 << k
			b -= cands[j].cost
		}
	}
	return best[budget]
}

// sortByPrice puts the items, with their prices and their choices in the incumbent, in order of
// decreasing price, then decreasing best worth, then input order. The search meets the most
// contested circles first, so those left at each layer compete less and their bound is tighter.
func (pr *paintProblem) sortByPrice(prices []int, incumbent paintChoice) {
	type entry struct {
		item   paintItem
		price  int
		best   int
		choice int8
	}
	es := make([]entry, len(pr.items))
	for i, it := range pr.items {
		es[i] = entry{item: it, price: prices[i], choice: incumbent[i]}
		for _, o := range pr.opts(it) {
			es[i].best = max(es[i].best, o.worth)
		}
	}
	slices.SortStableFunc(es, func(a, b entry) int {
		if a.price != b.price {
			return cmp.Compare(b.price, a.price)
		}
		return cmp.Compare(b.best, a.best)
	})
	for i, e := range es {
		pr.items[i], prices[i], incumbent[i] = e.item, e.price, e.choice
	}
}

// Bounds.

// suffixBound bounds the worth that the items from t on can add with the gems left: it is the
// least of the Lagrangian bounds (see BestPainting) for three price vectors, each valid.
type suffixBound struct {
	tuned *priceBound // for the prices of tunePrices
	zero  *priceBound // for zero prices: each colour's knapsack alone, tight when gems are few
	// bestSum[t] is the bound for prices equal to the items' best worths, the knapsacks then
	// being empty: the sum of the best worths of items t, t+1, ..., tight when gems are many.
	bestSum []int
}

func (pr *paintProblem) newSuffixBound(tuned []int) suffixBound {
	n := len(pr.items)
	sb := suffixBound{
		tuned:   pr.newPriceBound(tuned),
		zero:    pr.newPriceBound(make([]int, n)),
		bestSum: make([]int, n+1),
	}
	for t := n - 1; t >= 0; t-- {
		best := 0
		for _, o := range pr.opts(pr.items[t]) {
			best = max(best, o.worth)
		}
		sb.bestSum[t] = sb.bestSum[t+1] + best
	}
	return sb
}

// at returns the bound for the items from t on with the gems left.
func (sb suffixBound) at(t int, left [NumColors]uint8) int {
	return min(sb.tuned.at(t, left), sb.zero.at(t, left), sb.bestSum[t])
}

// priceBound is the Lagrangian bound for one price vector: for the items from t on, the sum of
// their prices plus, for each colour, the best reduced worth of a knapsack over them.
type priceBound struct {
	priceSum []int // priceSum[t]: prices of items t, t+1, ...
	table    []int // table[t*width+offset[k]+b]: colour k's knapsack over items t.. with b gems
	width    int
	offset   [NumColors]int
}

func (pr *paintProblem) newPriceBound(prices []int) *priceBound {
	n := len(pr.items)
	pb := &priceBound{priceSum: make([]int, n+1)}
	for k, b := range pr.budget {
		pb.offset[k] = pb.width
		pb.width += b + 1
	}
	pb.table = make([]int, (n+1)*pb.width)
	for t := n - 1; t >= 0; t-- {
		pb.priceSum[t] = pb.priceSum[t+1] + prices[t]
		next := pb.table[(t+1)*pb.width : (t+2)*pb.width]
		cur := pb.table[t*pb.width : (t+1)*pb.width]
		copy(cur, next)
		for _, o := range pr.opts(pr.items[t]) {
			red := o.worth - prices[t]
			if red <= 0 {
				continue
			}
			off := pb.offset[o.color]
			for b := o.cost; b <= pr.budget[o.color]; b++ {
				cur[off+b] = max(cur[off+b], next[off+b-o.cost]+red)
			}
		}
	}
	return pb
}

// at returns the bound for the items from t on with the gems left.
func (pb *priceBound) at(t int, left [NumColors]uint8) int {
	row := pb.table[t*pb.width : (t+1)*pb.width]
	return pb.priceSum[t] + row[pb.offset[0]+int(left[0])] + row[pb.offset[1]+int(left[1])] +
		row[pb.offset[2]+int(left[2])] + row[pb.offset[3]+int(left[3])]
}

// Search.

// searchState is a partial painting of the items before some layer.
type searchState struct {
	left  [NumColors]uint8 // gems left in each colour
	step  int32            // its entry in the search's record of steps
	worth int
}

// searchStep records how a state was reached: from the state of the previous layer whose entry
// is parent, by choice for the item (one of its options, or -1 to leave it).
type searchStep struct {
	parent int32
	choice int8
}

// trace follows the steps back from entry j, a state of the last layer, and returns the choices
// that led to it.
func (pr *paintProblem) trace(steps []searchStep, j int32) paintChoice {
	ch := make(paintChoice, len(pr.items))
	for t := len(ch) - 1; t >= 0; t-- {
		ch[t] = steps[j].choice
		j = steps[j].parent
	}
	return ch
}

// beam follows, item by item, the width partial paintings of greatest worth plus bound, and
// returns the best complete one it reaches. It is a heuristic: it only gives search a good
// incumbent.
func (pr *paintProblem) beam(sb suffixBound, width int) paintChoice {
	steps := []searchStep{{parent: -1}}
	layer := []searchState{{left: pr.start()}}
	var next []searchState
	var keys []int // worth plus bound of the states in next, in decreasing order
	for t, it := range pr.items {
		next, keys = next[:0], keys[:0]
		for _, s := range layer {
			for j := -1; j < len(pr.opts(it)); j++ {
				n := s
				if j >= 0 {
					o := pr.opts(it)[j]
					if int(n.left[o.color]) < o.cost {
						continue
					}
					n.left[o.color] -= uint8(o.cost)
					n.worth += o.worth
				}
				key := n.worth + sb.at(t+1, n.left)
				if len(next) == width && key <= keys[width-1] {
					continue // width states are as promising
				}
				// Insert n by decreasing key, unless a state as promising leaves the same
				// gems.
				pos := len(next)
				for pos > 0 && keys[pos-1] < key {
					pos--
				}
				if sameLeft(next[:pos], n.left) >= 0 {
					continue
				}
				if i := sameLeft(next[pos:], n.left); i >= 0 {
					next, keys = slices.Delete(next, pos+i, pos+i+1), slices.Delete(keys, pos+i, pos+i+1)
				} else if len(next) == width {
					next, keys = next[:width-1], keys[:width-1]
				}
				n.step = int32(len(steps))
				steps = append(steps, searchStep{parent: s.step, choice: int8(j)})
				next, keys = slices.Insert(next, pos, n), slices.Insert(keys, pos, key)
			}
		}
		layer, next = next, layer
	}
	best := layer[0]
	for _, s := range layer {
		if s.worth > best.worth {
			best = s
		}
	}
	return pr.trace(steps, best.step)
}

// sameLeft returns the position in states of a state leaving left, or -1.
func sameLeft(states []searchState, left [NumColors]uint8) int {
	for i, s := range states {
		if s.left == left {
			return i
		}
	}
	return -1
}

// search returns an optimal choice: the best one worth more than the incumbent if there is any,
// the incumbent otherwise. It is the dynamic programme of BestPainting with its three rules.
func (pr *paintProblem) search(sb suffixBound, incumbent paintChoice) paintChoice {
	lower := pr.worth(incumbent)
	start := pr.start()
	if sb.at(0, start) <= lower {
		return incumbent
	}
	steps := []searchStep{{parent: -1}}
	layer := []searchState{{left: start}} // sorted by decreasing worth
	var next []searchState
	var runs [1 + NumColors][]searchState
	var dom dominance
	for t, it := range pr.items {
		// Run 0 leaves item t as it is and run j+1 takes its option j, for the states that
		// rule 3 keeps. Each run follows the order of layer, so it is sorted by decreasing
		// worth too.
		for r := range runs {
			runs[r] = runs[r][:0]
		}
		for _, s := range layer {
			if s.worth+sb.at(t+1, s.left) > lower {
				runs[0] = append(runs[0], s)
			}
			for j, o := range pr.opts(it) {
				if int(s.left[o.color]) < o.cost {
					continue
				}
				n := s
				n.left[o.color] -= uint8(o.cost)
				n.worth += o.worth
				if n.worth+sb.at(t+1, n.left) > lower {
					runs[j+1] = append(runs[j+1], n)
				}
			}
		}
		// Merge the runs by decreasing worth, keeping the states that no state kept before
		// dominates (rules 1 and 2).
		total := 0
		for _, run := range runs {
			total += len(run)
		}
		dom.reset(total, pr.budget)
		next = next[:0]
		var head [1 + NumColors]int
		for {
			r := -1
			for q, run := range runs {
				if head[q] < len(run) && (r < 0 || run[head[q]].worth > runs[r][head[r]].worth) {
					r = q
				}
			}
			if r < 0 {
				break
			}
			s := runs[r][head[r]]
			head[r]++
			if dom.dominated(s.left) {
				continue
			}
			dom.add(s.left)
			steps = append(steps, searchStep{parent: s.step, choice: int8(r - 1)})
			s.step = int32(len(steps) - 1)
			next = append(next, s)
		}
		if len(next) == 0 {
			return incumbent // no state can beat the incumbent
		}
		layer, next = next, layer
	}
	return pr.trace(steps, layer[0].step)
}

// dominance tells, for a state of the layer being built, whether a state kept before it leaves at
// least as many gems of every colour. States come by decreasing worth, so such a state dominates
// it (rule 2 of BestPainting; rule 1 is the case of equal gems).
type dominance struct {
	// bits holds, for each colour k and count v, a bit set over the kept states: bit j is set
	// when the j-th kept state leaves at least v gems of colour k. A kept state dominates left
	// when its bit is set in the four sets (k, left[k]). Word w of set (k, v) is at
	// first[k] + w*stride[k] + v, so that adding a state writes adjacent words.
	bits   []uint64
	first  [NumColors]int
	stride [NumColors]int // budget[k]+1, the number of sets of colour k
	kept   int
}

// reset empties the sets, for a layer of up to n states.
func (d *dominance) reset(n int, budget [NumColors]int) {
	words := (n + 63) / 64
	d.kept = 0
	size := 0
	for k, b := range budget {
		d.first[k], d.stride[k] = size, b+1
		size += (b + 1) * words
	}
	if cap(d.bits) < size {
		d.bits = make([]uint64, size)
	} else {
		d.bits = d.bits[:size]
		clear(d.bits)
	}
}

// dominated reports whether a kept state leaves at least left.
func (d *dominance) dominated(left [NumColors]uint8) bool {
	a, b, c, e := d.first[0]+int(left[0]), d.first[1]+int(left[1]), d.first[2]+int(left[2]), d.first[3]+int(left[3])
	for w := 0; w*64 < d.kept; w++ {
		if d.bits[a]&d.bits[b]&d.bits[c]&d.bits[e] != 0 {
			return true
		}
		a, b, c, e = a+d.stride[0], b+d.stride[1], c+d.stride[2], e+d.stride[3]
	}
	return false
}

// add keeps a state leaving left.
func (d *dominance) add(left [NumColors]uint8) {
	w, bit := d.kept/64, uint64(1)<<(d.kept%64)
	for k, u := range left {
		sets := d.bits[d.first[k]+w*d.stride[k]:][:int(u)+1] // word w of sets (k, 0), ..., (k, u)
		for v := range sets {
			sets[v] |= bit
		}
	}
	d.kept++
}
