package viceroy

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
)

// PaintedCircle paints the circle closed by the card at Top in Color: every sector of it that is
// not already Color gets a gem of Color (RULES.md 11.2).
type PaintedCircle struct {
	Top   Place
	Color Color
}

// Painting is a set of circles to paint, in the order of the circles given to BestPainting.
type Painting []PaintedCircle

// PaintCost returns the gems needed to paint circle c entirely in colour k: one gem of k for each
// sector that is not k already, so zero when the circle is all k. It is zero for an invalid colour.
func PaintCost(c Circle, k Color) Gems {
	var g Gems
	if !k.Valid() {
		return g
	}
	for _, s := range c.Sectors {
		if s != k {
			g[k]++
		}
	}
	return g
}

// Cost returns the gems the painting spends on the given circles. An entry whose Top closes none
// of the circles costs nothing.
func (p Painting) Cost(circles []Circle) Gems {
	var g Gems
	for _, pc := range p {
		for _, c := range circles {
			if c.Top == pc.Top {
				g = g.Plus(PaintCost(c, pc.Color))
				break
			}
		}
	}
	return g
}

// keptScore returns what circle c scores when it is left as it is: its level plus the bonus of its
// colour when it is single-coloured, nothing otherwise (RULES.md 11.3.1).
func keptScore(c Circle, bonus [NumColors]int) int {
	if k, ok := c.SingleColor(); ok && k.Valid() {
		return c.Level() + bonus[k]
	}
	return 0
}

// BestPainting returns a painting of the given circles that maximises the score of single-coloured
// circles (the sum, over the circles single-coloured after painting, of Level + bonus[colour]),
// spending only the gems in g, and that score. Circles that need no gems (single-coloured already
// and kept so) are not listed. Among paintings of the best score it returns one that spends the
// fewest gems; among those, the first the search below meets, which depends only on the input.
//
// # The problem
//
// Circles are independent and only whole-circle paintings score, so each circle either stays as
// it is or is painted whole in one colour k, which costs gems of k only (PaintCost). A circle's
// options are the colours that would add score. The search maximises the worth of a painting:
// the sum over painted circles of gain*unit - cost, where gain is the score added, cost the gems
// spent and unit is more than all the gems that could ever be spent. Comparing worths compares
// scores first and then prefers fewer gems, so the tie rule is part of the objective.
//
// # How it stays exact
//
// The search is a dynamic programme over the circles, one layer per circle, whose states are the
// gems left in each colour. Without pruning it is the plain exact DP (up to 17^4 states a layer).
// Three rules drop states, none of which can lose the optimum:
//
//  1. Merging: of two partial paintings leaving the same gems, only the one of greater worth is
//     kept, since both can be finished in exactly the same ways.
//  2. Dominance: more generally, a state is dropped when another state of its layer is worth at
//     least as much and leaves at least as many gems of every colour: that one can be finished in
//     every way the dropped one can, for at least as much.
//  3. Bounding: a state is dropped when its worth plus an upper bound on what the remaining circles
//     can add with its gems cannot beat the best complete painting already in hand (the
//     incumbent). It can only lead to paintings no better than the incumbent. At the end, either
//     some state beats the incumbent, and the best of them is optimal, or none does, and the
//     incumbent is.
//
// The upper bound is a Lagrangian relaxation. Give each circle a price p >= 0. The worth of any
// painting is the sum over colours of the reduced worths (worth - p) of the circles painted that
// colour, plus the prices of the painted circles. Letting each colour choose its circles on its own
// (a 0/1 knapsack over its gems, on reduced worths) can only do better on the first part, and
// adding the prices of all circles can only do better on the second, as a circle is painted at
// most once and prices are not negative. So "all prices + the four knapsack optima" bounds the
// optimum for any prices: the prices decide how tight the bound is, never whether it is valid.
// They are tuned by a few rounds of subgradient descent (a circle wanted by several colours'
// knapsacks gets dearer, one wanted by none cheaper), each round also turning the knapsacks'
// choice into a real painting for the incumbent. Knapsack tables over every suffix of the circles
// then give the bound of any state in four look-ups. The circles are searched in order of
// decreasing price, so the contested ones are decided first and the bound of what remains is
// tight; and a narrow beam search along the bound finds a strong incumbent before the exact search.
//
// # Cost
//
// With n circles and at most 16 gems a colour: tuning the prices takes priceRounds rounds of four
// knapsacks over n circles (about 4*17*n steps each); the suffix tables 4*17*n steps; the beam
// about 5*beamWidth*n states. The exact search does a few operations per state and option, plus a
// bit-set test per state for dominance. Its worst case is that of the plain DP, about 5*n*17^4
// steps, if the bound and dominance pruned nothing; in practice they leave tens to a few thousand
// states in all, and 36 circles with every colour binding take a few hundred microseconds (see
// painting_bench_test.go, which includes instances built to be hard).
func BestPainting(circles []Circle, bonus [NumColors]int, g Gems) (Painting, int) {
	pr, base := newPaintProblem(circles, bonus, g)
	if len(pr.items) == 0 {
		return nil, base
	}
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
			painted[it.circle] = &it.options[choice[i]]
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

// Tuning constants of BestPainting; they change its speed, never its result.
const (
	priceRounds = 30 // most rounds of subgradient descent on the prices
	staleRounds = 3  // rounds without a better bound before the step is halved
	beamWidth   = 8  // states a layer of the beam search keeps
)

// paintOption is one way to paint a circle whole.
type paintOption struct {
	color Color
	cost  int // gems of color needed
	gain  int // score added over leaving the circle as it is
	worth int // gain*unit - cost: see BestPainting
}

// paintItem is a circle that some painting would improve, with its options.
type paintItem struct {
	circle  int // index in the circles given to BestPainting
	options []paintOption
}

// paintProblem is the input of BestPainting reduced to what the search needs.
type paintProblem struct {
	items []paintItem
	// budget is the gems that can be spent in each colour: the player's, but no more than all
	// the options of that colour together could use (a smaller budget means smaller tables).
	budget [NumColors]int
	// unit is the worth of one point of score; it is more than the sum of the budgets, so a
	// painting of higher score is always worth more, whatever it spends.
	unit int
}

// paintChoice holds, for each item of a paintProblem, the index of its chosen option or -1.
type paintChoice []int8

// newPaintProblem lists the options that would add score, within the gems g, and returns the
// problem and the score of the circles left as they are.
func newPaintProblem(circles []Circle, bonus [NumColors]int, g Gems) (paintProblem, int) {
	var pr paintProblem
	base := 0
	var demand [NumColors]int
	all := make([]paintOption, 0, NumColors*len(circles)) // never grows: items share it
	for i, c := range circles {
		kept := keptScore(c, bonus)
		base += kept
		first := len(all)
		for k := range Color(NumColors) {
			cost := int(PaintCost(c, k)[k])
			gain := c.Level() + bonus[k] - kept
			if cost == 0 || cost > int(g[k]) || gain <= 0 {
				continue
			}
			all = append(all, paintOption{color: k, cost: cost, gain: gain})
			demand[k] += cost
		}
		if len(all) > first {
			pr.items = append(pr.items, paintItem{circle: i, options: all[first:len(all):len(all)]})
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
	return pr, base
}

// worth returns the total worth of the chosen options.
func (pr *paintProblem) worth(ch paintChoice) int {
	w := 0
	for i, c := range ch {
		if c >= 0 {
			w += pr.items[i].options[c].worth
		}
	}
	return w
}

// start returns the state before any item: all the budget left.
func (pr *paintProblem) start() [NumColors]uint8 {
	var left [NumColors]uint8
	for k, b := range pr.budget {
		left[k] = uint8(b)
	}
	return left
}

// Price tuning.

// tunePrices chooses the circle prices of the Lagrangian bound (see BestPainting) by subgradient
// descent. It returns the prices giving the lowest bound of the whole problem, together with the
// best painting met on the way.
func (pr *paintProblem) tunePrices() ([]int, paintChoice) {
	n := len(pr.items)
	prices := make([]int, n)
	best := make([]int, n)
	wanted := make([]uint8, n) // bit k of wanted[i]: colour k's knapsack takes item i
	ks := newKnapsack(pr)

	incumbent := make(paintChoice, n)
	for i := range incumbent {
		incumbent[i] = -1
	}
	pr.fillGreedily(incumbent, pr.budget)
	lower := pr.worth(incumbent)
	trial := make(paintChoice, n)

	bestBound := math.MaxInt
	step := 1.0 // fraction of the Polyak step, halved when the bound stops improving
	stale := 0
	step = stepInit
	for round := range maxRounds {
		_ = round
		bound := 0
		for _, p := range prices {
			bound += p
		}
		clear(wanted)
		for k := range Color(NumColors) {
			bound += ks.solve(k, prices, wanted)
		}
		if bound < bestBound {
			bestBound, stale = bound, 0
			copy(best, prices)
		} else if stale++; stale == staleN {
			step, stale = step/2, 0
		}

		pr.repair(trial, wanted)
		if w := pr.worth(trial); w > lower {
			lower = w
			copy(incumbent, trial)
		}
		if bestBound <= lower {
			break // the incumbent is optimal
		}

		// Move each price along the subgradient: an item wanted by m knapsacks is used m-1
		// times too often (-1: once too few, which lowers a positive price only).
		norm := 0
		for i, m := range wanted {
			if d := bits.OnesCount8(m) - 1; d > 0 || prices[i] > 0 {
				norm += d * d
			}
		}
		if norm == 0 {
			break // every item is wanted at most once, and priced ones exactly once: optimal
		}
		target := lower
		switch strategy {
		case 1:
			target = max(lower, bestBound-max(pr.unit, (bestBound-lower)/4))
		case 2:
			target = max(lower, bestBound-pr.unit)
		}
		t := step * float64(bound-target) / float64(norm)
		if strategy == 3 {
			t = step * float64(pr.unit) * 4 * math.Pow(0.9, float64(round)) / math.Sqrt(float64(norm))
		}
		for i, m := range wanted {
			d := float64(bits.OnesCount8(m) - 1)
			prices[i] = max(0, prices[i]+int(math.Round(t*d)))
		}
	}
	return best, incumbent
}

// repair turns the knapsacks' wishes into a painting in ch: an item wanted by several colours
// takes the one of its options of greatest worth, which keeps every colour within its budget;
// then the gems left are used greedily on the items not painted.
func (pr *paintProblem) repair(ch paintChoice, wanted []uint8) {
	left := pr.budget
	for i, it := range pr.items {
		ch[i] = -1
		for j, o := range it.options {
			if wanted[i]&(1<<o.color) != 0 && (ch[i] < 0 || o.worth > it.options[ch[i]].worth) {
				ch[i] = int8(j)
			}
		}
		if ch[i] >= 0 {
			o := it.options[ch[i]]
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
		for j, o := range it.options {
			if o.cost <= left[o.color] && (ch[i] < 0 || o.worth > it.options[ch[i]].worth) {
				ch[i] = int8(j)
			}
		}
		if ch[i] >= 0 {
			o := it.options[ch[i]]
			left[o.color] -= o.cost
		}
	}
}

// knapsack solves the colours' 0/1 knapsacks of the bound, reusing its space.
type knapsack struct {
	budget  [NumColors]int
	byColor [NumColors][]knapsackItem // the options of each colour, in item order
	best    []int                     // best[b]: best total so far within b gems
	took    []uint64                  // bit b of row j: candidate j improved best[b] when added
	words   int                       // words in a row of took
}

// knapsackItem is an item's option of one colour.
type knapsackItem struct {
	item, cost, worth int
}

func newKnapsack(pr *paintProblem) *knapsack {
	ks := &knapsack{budget: pr.budget}
	for i, it := range pr.items {
		for _, o := range it.options {
			ks.byColor[o.color] = append(ks.byColor[o.color], knapsackItem{i, o.cost, o.worth})
		}
	}
	maxB := slices.Max(pr.budget[:])
	ks.best = make([]int, maxB+1)
	ks.words = maxB/64 + 1
	ks.took = make([]uint64, len(pr.items)*ks.words)
	return ks
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
		if red <= 0 || c.cost > budget {
			continue
		}
		row := took[j*ks.words : (j+1)*ks.words]
		// Compare best[b] with best[b-cost]+red for b from the top down, so that best[b-cost]
		// still excludes candidate j.
		for b := budget; b >= c.cost; b-- {
			v := best[b-c.cost] + red
			better := v > best[b]
			best[b] = max(best[b], v)
			if better {
				row[b>>6] |= 1 << (b & 63)
			}
		}
	}
	// Walk back from the last candidate to find those taken for the full budget.
	b := budget
	for j := len(cands) - 1; j >= 0; j-- {
		if took[j*ks.words+b/64]&(1<<(b%64)) != 0 {
			wanted[cands[j].item] |= 1 << k
			b -= cands[j].cost
		}
	}
	return best[budget]
}

// sortByPrice puts the items, with their prices and their choice in the incumbent, in order of
// decreasing price, then decreasing best worth, then input order. The search meets the most
// contested circles first, so the circles left after each layer compete less and their bound is
// tighter.
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
		for _, o := range it.options {
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

// suffixBound bounds the worth that the items from t on can add with the gems left: for the prices
// it was built with, the sum of their prices plus, for each colour, the best reduced worth of a
// knapsack over them (see BestPainting).
type suffixBound struct {
	pairs    []pairBound
	priceSum []int // priceSum[t]: prices of items t, t+1, ...
	table    []int // table[t*width+offset[k]+b]: colour k's knapsack over items t.. in b gems
	width    int
	offset   [NumColors]int
}

func (pr *paintProblem) newSuffixBound(prices []int) *suffixBound {
	n := len(pr.items)
	sb := &suffixBound{priceSum: make([]int, n+1)}
	for k, b := range pr.budget {
		sb.offset[k] = sb.width
		sb.width += b + 1
	}
	sb.table = make([]int, (n+1)*sb.width)
	for t := n - 1; t >= 0; t-- {
		sb.priceSum[t] = sb.priceSum[t+1] + prices[t]
		next := sb.table[(t+1)*sb.width : (t+2)*sb.width]
		cur := sb.table[t*sb.width : (t+1)*sb.width]
		copy(cur, next)
		for _, o := range pr.items[t].options {
			red := o.worth - prices[t]
			if red <= 0 {
				continue
			}
			row := cur[sb.offset[o.color] : sb.offset[o.color]+pr.budget[o.color]+1]
			src := next[sb.offset[o.color]:][:len(row)-o.cost]
			for b, v := range src {
				row[b+o.cost] = max(row[b+o.cost], v+red)
			}
		}
	}
	return sb
}

// at returns the bound for the items from t on with the gems left.
func (sb *suffixBound) at(t int, left [NumColors]uint8) int {
	row := sb.table[t*sb.width : (t+1)*sb.width]
	v := sb.priceSum[t] + row[sb.offset[0]+int(left[0])] + row[sb.offset[1]+int(left[1])] +
		row[sb.offset[2]+int(left[2])] + row[sb.offset[3]+int(left[3])]
	for i := range sb.pairs {
		p := &sb.pairs[i]
		u := sb.priceSum[t] + p.ab[t*p.sab+int(left[p.a])*p.wb+int(left[p.b])] + p.cd[t*p.scd+int(left[p.c])*p.wd+int(left[p.d])]
		v = min(v, u)
	}
	return v
}

type pairBound struct {
	a, b, c, d Color
	ab, cd     []int
	wb, wd     int
	sab, scd   int
}

func (pr *paintProblem) pairSuffix(prices []int, a, b Color) ([]int, int, int) {
	n := len(pr.items)
	wa, wb := pr.budget[a]+1, pr.budget[b]+1
	sz := wa * wb
	tab := make([]int, (n+1)*sz)
	for t := n - 1; t >= 0; t-- {
		next := tab[(t+1)*sz : (t+2)*sz]
		cur := tab[t*sz : (t+1)*sz]
		copy(cur, next)
		for _, o := range pr.items[t].options {
			if o.color != a && o.color != b {
				continue
			}
			red := o.worth - prices[t]
			if red <= 0 {
				continue
			}
			if o.color == a {
				for x := o.cost; x < wa; x++ {
					for y := 0; y < wb; y++ {
						cur[x*wb+y] = max(cur[x*wb+y], next[(x-o.cost)*wb+y]+red)
					}
				}
			} else {
				for x := 0; x < wa; x++ {
					for y := o.cost; y < wb; y++ {
						cur[x*wb+y] = max(cur[x*wb+y], next[x*wb+y-o.cost]+red)
					}
				}
			}
		}
	}
	return tab, wb, sz
}

func (pr *paintProblem) addPair(sb *suffixBound, prices []int, a, b, c, d Color) {
	var p pairBound
	p.a, p.b, p.c, p.d = a, b, c, d
	p.ab, p.wb, p.sab = pr.pairSuffix(prices, a, b)
	p.cd, p.wd, p.scd = pr.pairSuffix(prices, c, d)
	sb.pairs = append(sb.pairs, p)
}

// Search.

// searchState is a partial painting of the items before some layer t. Layers are stored one after
// the other in one slice, and parent is the index there of the state this one came from.
type searchState struct {
	left   [NumColors]uint8 // gems left in each colour
	parent int32
	worth  int
	choice int8 // option taken for item t-1, or -1
}

// successor returns the state reached from s, the state at index parent, by taking option j of
// item it (or leaving it, for j = -1), and whether the gems left allow it.
func successor(s searchState, parent int, it paintItem, j int) (searchState, bool) {
	next := searchState{left: s.left, parent: int32(parent), worth: s.worth, choice: int8(j)}
	if j >= 0 {
		o := it.options[j]
		if int(s.left[o.color]) < o.cost {
			return next, false
		}
		next.left[o.color] -= uint8(o.cost)
		next.worth += o.worth
	}
	return next, true
}

// trace returns the choices leading to states[j], a state of the last layer.
func (pr *paintProblem) trace(states []searchState, j int) paintChoice {
	ch := make(paintChoice, len(pr.items))
	for t := len(ch) - 1; t >= 0; t-- {
		ch[t] = states[j].choice
		j = int(states[j].parent)
	}
	return ch
}

// beam follows, item by item, the width partial paintings of greatest worth plus bound and returns
// the best complete one it reaches. It is a heuristic: it only gives search a good incumbent.
func (pr *paintProblem) beam(sb *suffixBound, width int) paintChoice {
	type candidate struct {
		state searchState
		key   int // worth plus bound
	}
	states := []searchState{{left: pr.start(), parent: -1, choice: -1}}
	from := 0 // the layer being extended is states[from:]
	var cands []candidate
	for t, it := range pr.items {
		cands = cands[:0]
		for p := from; p < len(states); p++ {
			for j := -1; j < len(it.options); j++ {
				if next, ok := successor(states[p], p, it, j); ok {
					cands = append(cands, candidate{next, next.worth + sb.at(t+1, next.left)})
				}
			}
		}
		slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(b.key, a.key) })
		from = len(states)
	next:
		for _, c := range cands {
			if len(states)-from == width {
				break
			}
			for _, s := range states[from:] {
				if s.left == c.state.left {
					continue next // a state leaving the same gems is kept already
				}
			}
			states = append(states, c.state)
		}
	}
	best := from
	for j := from; j < len(states); j++ {
		if states[j].worth > states[best].worth {
			best = j
		}
	}
	return pr.trace(states, best)
}

// search returns an optimal choice: the best one worth more than the incumbent if there is any,
// the incumbent otherwise. It runs the dynamic programme of BestPainting with its three rules.
func (pr *paintProblem) searchFloor(sb *suffixBound, lower int) paintChoice {
	return pr.searchLower(sb, nil, lower)
}

func (pr *paintProblem) search(sb *suffixBound, incumbent paintChoice) paintChoice {
	return pr.searchLower(sb, incumbent, pr.worth(incumbent))
}

func (pr *paintProblem) searchLower(sb *suffixBound, incumbent paintChoice, lower int) paintChoice {
	start := pr.start()
	if sb.at(0, start) <= lower {
		return incumbent
	}
	statStates = 0
	// Layer t is states[from[t]:from[t+1]], sorted by decreasing worth.
	states := make([]searchState, 1, 256)
	states[0] = searchState{left: start, parent: -1, choice: -1}
	from := make([]int, 2, len(pr.items)+2)
	from[1] = 1
	var runs [1 + NumColors][]searchState
	var dom dominance
	for t, it := range pr.items {
		// Run 0 leaves item t as it is, run j+1 takes its option j. Each run follows the order
		// of the layer it comes from, so it is sorted by decreasing worth too.
		prev, total := states[from[t]:from[t+1]], 0
		for r := 0; r <= len(it.options); r++ {
			run := runs[r][:0]
			for p, s := range prev {
				s.parent, s.choice = int32(from[t]+p), int8(r-1)
				if r > 0 {
					o := it.options[r-1]
					if int(s.left[o.color]) < o.cost {
						continue
					}
					s.left[o.color] -= uint8(o.cost)
					s.worth += o.worth
				}
				if s.worth+sb.at(t+1, s.left) > lower { // rule 3
					run = append(run, s)
				}
			}
			runs[r] = run
			total += len(run)
		}
		statCands += total
		// Merge the runs by decreasing worth, keeping the states no kept state dominates
		// (rules 1 and 2).
		dom.reset(total, pr.budget)
		states = slices.Grow(states, total)
		var head [1 + NumColors]int
		for {
			r, worth := -1, math.MinInt
			for q := 0; q <= len(it.options); q++ {
				if h := head[q]; h < len(runs[q]) && runs[q][h].worth > worth {
					r, worth = q, runs[q][h].worth
				}
			}
			if r < 0 {
				break
			}
			s := runs[r][head[r]]
			head[r]++
			if !dom.dominated(s.left) {
				dom.add(s.left)
				states = append(states, s)
			}
		}
		from = append(from, len(states))
		statStates += from[t+2] - from[t+1]
		if from[t+2] == from[t+1] {
			return incumbent // no state can beat the incumbent
		}
	}
	return pr.trace(states, from[len(pr.items)])
}

// dominance finds, for a state of the layer being built, whether a state kept before it leaves at
// least as many gems of every colour. States come by decreasing worth, so such a state dominates
// it (rule 2 of BestPainting; rule 1 is the case of equal gems).
type dominance struct {
	// bits holds, for each colour k and count v, a bit set over the kept states: bit j is set
	// when the j-th kept state leaves at least v gems of colour k. A kept state dominates left
	// when its bit is set in the four sets (k, left[k]). Word w of set (k, v) is at
	// first[k] + w*(budget[k]+1) + v, so that adding a state writes adjacent words.
	bits   []uint64
	first  [NumColors]int
	stride [NumColors]int // budget[k]+1
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
	for w := 0; w < d.kept; w += 64 {
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
		set := d.bits[d.first[k]+w*d.stride[k]:][:u+1] // word w of sets (k, 0..u)
		for v := range set {
			set[v] |= bit
		}
	}
	d.kept++
}

var statStates, statCands int

var strategy = 0
var stepInit = 1.0
var staleN = 3
var maxRounds = 30
