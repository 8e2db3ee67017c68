package viceroy

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"time"
)

// DefaultPlayouts is the playout budget of a decision of the "search" level of NewBot in a game of
// one or two players. A playout's length grows with the players, so a game of n players gets
// DefaultPlayouts*2/n (709 for three, 532 for four), which keeps the time of a decision about the
// same. The playouts of "search" stop four turns on and are valued there (see Analyse), so that
// each costs about 40% of one played to the end: a decision of this budget takes somewhat more
// time than one of 464 whole playouts, the default before (5-25% more in the repository's
// measurements, docs/bots.md), and is much stronger.
const DefaultPlayouts = 1064

// playouts2026 is the budget of a decision of "search-2026" in a game of one or two players, as in
// the 2026 release. Its playouts read every player's tableau afresh at every step, where those of
// "search" read it once for as long as it stays the same and so take a little more than half the
// time: the two default budgets take about the same time a decision.
const playouts2026 = 256

// The search levels SearchOptions.Level names.
const (
	levelSearch     = "search"
	levelSearch2026 = "search-2026"
)

// searchBatch is how many playouts run side by side: the search chooses the root moves of a whole
// batch from what the earlier batches found, then plays the batch out, one playout per goroutine
// that is free, and adds the results up in playout order. So the search does the same whatever
// the number of goroutines.
const searchBatch = 8

// SearchOptions is a search's level and budget.
type SearchOptions struct {
	// Level is the search: "search" (or "", the same), the level of that name of NewBot; or
	// "search-2026", the search of the 2026 release, kept as a yardstick: a flat search whose
	// playouts read the position afresh at every step, and which leaves the small steps to
	// "greedy-2026". Any other level is refused (ErrBadValue).
	Level string
	// Playouts is the number of games played out for one decision in a game of one or two
	// players; a game of n players plays Playouts*2/n of them (at least one), since its playouts
	// are longer. 0 means the level's default: DefaultPlayouts for "search", 256 for
	// "search-2026".
	Playouts int
	// Time, if positive, also stops the search once that much time has passed since it started
	// (checked between batches of playouts). A search stopped by time depends on the speed of the
	// machine; one stopped by Playouts alone does not.
	Time time.Duration
	// Workers is the number of goroutines that play out; 0 means runtime.GOMAXPROCS(0). It changes
	// how fast the search runs, never what it finds.
	Workers int
	// Seed draws the sampled games and the playouts' tie-breaks.
	Seed uint64
}

// flat reports whether the options name the flat search of the 2026 release.
func (o SearchOptions) flat() bool { return o.Level == levelSearch2026 }

// check returns an error wrapping ErrBadValue if the options name no search level.
func (o SearchOptions) check() error {
	switch o.Level {
	case "", levelSearch, levelSearch2026:
		return nil
	}
	return fmt.Errorf("%w: no search level %q (known: %s, %s)", ErrBadValue, o.Level, levelSearch, levelSearch2026)
}

// playouts returns the budget of a decision in a game of the given number of players.
func (o SearchOptions) playouts(players int) int {
	n := o.Playouts
	if n <= 0 {
		n = DefaultPlayouts
		if o.flat() {
			n = playouts2026
		}
	}
	return max(1, n*2/max(2, players))
}

// MoveValue is what a search found of one legal move.
type MoveValue struct {
	Move Move
	// Visits counts the playouts that began with the move. In the sequential halving of
	// "search" the moves that stayed in to the last round have the most.
	Visits int
	// WinRate is the share of those playouts the player won (a shared win counts as won in the
	// share of the winners: half of a two-way tie), a playout stopped before the end counting as
	// won in its predicted chance of winning (see Analyse). A solo game has no winner: WinRate
	// is 0.
	WinRate float64
	// Margin is the mean final score of the player less the best of the others' (in solo, the
	// player's score), predicted where a playout stopped before the end.
	Margin float64
	// Value is the mean reward the search maximises, between 0 and 1: 0.7 times the win share plus
	// 0.3 times the margin squashed into 0-1 (0.5 for an even game, 0.73 for 15 points ahead),
	// so that a search that cannot change who wins still prefers the bigger margin. In solo it is
	// the squashed score less 60.
	Value float64
}

// Analyse searches the decision of the view's player and returns every legal move once, in the
// order of View.Legal, with what the search found of it: the moves a user interface offers as
// hints, or an analysis tool compares with the move made. The search samples a game from the view
// for every playout (NewSampler), so it never reads what the view hides; it plays the game on with
// the 2026 heuristic's valuation ("greedy-2026"), slightly randomised, for every player. A move
// with more visits is surer; the move to play is the one with the most (see BestMove).
//
// "search", the default level, plays each game on for four turns only, to the first decision of
// the fourth turn after the one searched (or to the end, if that comes first). There it predicts
// every player's final score from a few numbers of where they stand: the score sheet's items as
// they would be if the game ended there, the gems behind the screen, the characters and laws in
// hand, the science, magic and defense tokens and the cards standing, weighed by a least-squares
// fit, one for each turn and number of players, over thousands of games of "greedy" bots, which
// play the rest of a game more as the search's opponents do than the playouts' own "greedy-2026"
// would. A player's predicted margin over the best of the others becomes a chance of winning
// through the fit's error. Such a playout costs about 40% of a whole one, and the search is
// stronger for the playouts this buys.
//
// In "search" the playouts are shared out by sequential halving: the budget is
// split evenly over ⌈log2 k⌉ rounds for k legal moves; in each round every move still in is
// played out on the same new sampled games (common samples), and the half with the better mean
// reward over all its playouts so far stays in, until one is left; the moves of the last round
// played have the most visits (tied, BestMove takes the better Value). The random part of the
// heuristic's choices is drawn afresh at every decision from the playout's seed and the decision
// (turn, round, player, kind), so that two moves played out on one sample make the same choices
// wherever their games agree: the difference of their outcomes then reflects the moves more than
// the luck of the deal, and a comparison needs fewer playouts. With a budget in time alone the
// first round never ends: every move is played out on the same samples until the time is up.
//
// Every player's later decisions in a playout (those a search bot searches) follow a tree of that
// player's while the playout is in it. A node of player p's tree stands for the moves p made at
// such decisions so far in the playout, whatever the others did and the cards drawn (p's own
// information, merged over what p will have seen then); its children are the moves tried there,
// chosen by UCB1 on p's own reward among the moves legal in the sampled game. A node first tries
// the move the heuristic makes, then lets in the others, the ones the heuristic values most first,
// as its playouts grow (1 + √n/2 of them after n playouts: progressive widening); a move tried
// twice gets a node of its own. Below a player's tree the heuristic plays on for that player. So a
// small budget plays much as a flat search does, and a larger one improves the later play in the
// sampled games, the searcher's own and the others', so that its plan is tried against opponents
// who also play better the larger the budget. Each root move has a tree of the searcher's own; the
// others' trees are one for each root move in a two-player game, and with more players one for them
// all. A playout adds to the trees once the batch of playouts it was played in is done.
//
// "search-2026" is the flat search: it spreads the playouts over the moves by the UCB1 rule, so
// that the promising moves get more of them, each on a sample of its own, and the heuristic plays
// every player's every later move to the end of the game, and scores the final sheets.
//
// With a budget in playouts alone, the same view and options give the same result at any number
// of workers. A view that no game can have returns Sample's error; a view with no decision to make
// returns an error wrapping ErrNotYourTurn; options naming no search level, one wrapping
// ErrBadValue.
func Analyse(v View, opts SearchOptions) ([]MoveValue, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	if len(v.Legal) == 0 {
		if v.Over {
			return nil, fmt.Errorf("%w: the game is over", ErrGameOver)
		}
		return nil, fmt.Errorf("%w: %v owes no decision", ErrNotYourTurn, v.Player)
	}
	s, err := newSearch(v, opts)
	if err != nil {
		return nil, err
	}
	s.run()
	return s.values(), nil
}

// BestMove returns the move with the most visits among the values, the best Value breaking a tie;
// for no values, the zero Move, which is never legal.
func BestMove(values []MoveValue) Move {
	if len(values) == 0 {
		return Move{}
	}
	best := 0
	for i, mv := range values {
		b := values[best]
		if mv.Visits > b.Visits || mv.Visits == b.Visits && mv.Value > b.Value {
			best = i
		}
	}
	return values[best].Move
}

// searchBot samples games from its view and plays them out to choose its move (see Analyse). Its
// choices follow from its seed and the decisions it was asked, in order, when its budget is in
// playouts alone. The zero searchBot is the bot of seed 0 with the default budget.
type searchBot struct {
	seed  uint64
	calls uint64
	opts  SearchOptions
	h     *heuristicBot
}

// NewSearchBot returns a search bot of the given level and budget (opts.Seed is ignored: the bot
// draws a seed for each decision from seed). Its choices follow from its seed and the decisions it
// was asked, in order, when its budget is in playouts alone. It searches the decisions that shape
// the game (Decision.Searched) that have more than one legal move, each in the time of its
// budget, and answers the small steps at once as the "greedy" level does (the 2026 heuristic for
// "search-2026"). Options naming no search level return an error wrapping ErrBadValue.
func NewSearchBot(seed uint64, opts SearchOptions) (Bot, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	b := &searchBot{seed: seed, opts: opts, h: newHeuristicBot(seed)}
	if opts.flat() {
		b.h.plainBids = true // the 2026 search's small steps are the 2026 heuristic's
	}
	return b, nil
}

// Choose returns the move the search values most. A decision with one legal move is not searched,
// nor are the small steps of carrying a choice out (which gem to take, which deck to draw from,
// whether to pay with an infinite gem, painting, and the like): the "greedy" level makes those.
//
// A view that no game can have is not searched either: the bot then answers as the "greedy" level
// does. Given no legal move, it returns the zero Move.
func (b *searchBot) Choose(v View, legal []Move) Move {
	switch len(legal) {
	case 0:
		return Move{}
	case 1:
		return legal[0]
	}
	if b.h == nil {
		b.h = newHeuristicBot(b.seed) // the zero searchBot: seed 0, the default budget
	}
	if !searched(v.Decision) {
		return b.h.Choose(v, legal)
	}
	b.calls++
	opts := b.opts
	opts.Seed = mix64(b.seed ^ mix64(b.calls))
	values, err := Analyse(v, opts)
	if err != nil {
		// Not reached for a view a game gave; a bot must still answer.
		return b.h.Choose(v, legal)
	}
	return BestMove(values)
}

// Searched reports whether the search levels search a decision of this kind, when it has more
// than one legal move: the choices that shape a game (the starting cards, bids, claims, the card
// taken, a card played or discarded, where it stands, a law's option, a level-5 reward, a duel, a
// card discarded for a virtual bid). Such a decision takes the time of the search's budget; the
// small steps of carrying a choice out (which gem to take, which deck to draw from, whether to pay
// with an infinite gem, painting) a search bot answers at once. A server that shares its
// processors among many games' bots can queue the searches and let the rest answer at once.
func (d Decision) Searched() bool { return searched(d) }

// searched is Decision.Searched.
func searched(d Decision) bool {
	switch d {
	case ChooseStart, ChooseBid, ChooseClaim, ChooseAuctionCard, ChooseDevelopment, ChoosePlace,
		ChooseReward, ChooseLawOption, ChooseDuel, ChooseAuctionDiscard:
		return true
	}
	return false
}

// mix64 scrambles a 64-bit number (splitmix64's finaliser), to derive independent seeds.
func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// search is one decision's search: the statistics of each root move.
type search struct {
	view   View
	opts   SearchOptions
	legal  []Move
	visits []int
	reward []float64 // sums
	wins   []float64
	margin []float64
	done   int
	pool   []*playouter
	// roots holds, by root move, the trees of later decisions by player ("search"; nil for a
	// player without one); paths the tree steps of each playout of a batch.
	roots [][MaxPlayers]*treeNode
	paths [searchBatch][]treeStep
	// halving is the state of sequential halving ("search"), nil for "search-2026".
	halving *halving
}

// halving is the state of a search's sequential halving: the moves still in, the rounds left,
// and the round under way: its first sample, its samples a move, its playouts and how many of
// them are handed out.
type halving struct {
	alive           []int
	rounds          int
	first           uint64 // the round's samples are first, first+1, ...
	per, size, next int
}

// newSearch prepares the search of a view: a Sampler of it for every worker.
func newSearch(v View, opts SearchOptions) (*search, error) {
	opts.Playouts = opts.playouts(len(v.Players))
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	opts.Workers = min(opts.Workers, searchBatch)
	n := len(v.Legal)
	s := &search{view: v, opts: opts, legal: v.Legal,
		visits: make([]int, n), reward: make([]float64, n), wins: make([]float64, n), margin: make([]float64, n)}
	for range opts.Workers {
		sm, err := NewSampler(v)
		if err != nil {
			return nil, err
		}
		po := newPlayouter(v, sm)
		po.common = !opts.flat()
		if opts.flat() {
			// The 2026 search reads every player's tableau afresh at every step, as it did.
			po.s.as2026 = true
		} else {
			po.s.memo = &tableauMemo{}
			po.horizon = searchHorizon
		}
		s.pool = append(s.pool, po)
	}
	if !opts.flat() {
		s.halving = &halving{}
		s.roots = make([][MaxPlayers]*treeNode, n)
		for p := range v.Players {
			share := Player(p) != v.Player && othersShareTrees(len(v.Players))
			tree := &treeNode{}
			for m := range s.roots {
				if m > 0 && !share {
					tree = &treeNode{} // a tree below each root move
				}
				s.roots[m][p] = tree
			}
		}
	}
	return s, nil
}

// othersShareTrees reports whether, in a game of the given number of players, each of the other
// players grows one tree in the playouts for all the searcher's root moves, rather than one below
// each root move as the searcher does (see search_tree.go): with more than two players. Grown below
// each root move, each of three others' trees got a share of a budget already halved, and a tree
// could answer a root move its player cannot see while it is hidden (a bid, a development
// choice); their exploration blurred the root's estimates more than their play improved them: one
// search against three search-2026 won 26.5% of 100 four-player games (seed 46) with such trees,
// and 36.5% of the same games with none for the others. Shared, one search against three that
// grow none won 28.2% of 200 four-player games (seed 48) and 28.8% of 200 (seed 49), a fair share
// being 25%, its mean score 56.6 and 56.1 against 54.3 and 54.5. In two-player games a shared
// tree for the opponent won as much as one below each root move (51.2% of 200 games, seed 48),
// so the tree below each root move stays there.
func othersShareTrees(players int) bool { return players > 2 }

// outcome is the result of one playout: its root move, the index of its sample (which seeds the
// sampled game and the playout's random choices) and what it scored.
type outcome struct {
	move           int
	sample         uint64
	reward, win, m float64
	rewards        [MaxPlayers]float64 // every player's reward, for the trees
}

// run plays the budget out, batch by batch.
func (s *search) run() {
	start := time.Now()
	var batch [searchBatch]outcome
	for s.done < s.opts.Playouts {
		k := min(searchBatch, s.opts.Playouts-s.done)
		if s.halving != nil {
			if k = s.nextPlanned(batch[:k]); k == 0 {
				break
			}
		} else {
			s.choose(batch[:k])
		}
		s.playBatch(batch[:k])
		for i, o := range batch[:k] {
			if s.roots != nil {
				backUp(s.paths[i], &o.rewards)
			}
			s.visits[o.move]++
			s.reward[o.move] += o.reward
			s.wins[o.move] += o.win
			s.margin[o.move] += o.m
		}
		s.done += k
		if s.opts.Time > 0 && time.Since(start) >= s.opts.Time {
			break
		}
	}
}

// choose picks the root move of each playout of a batch by UCB1, counting the batch's earlier
// picks as visits that scored the move's mean so far.
func (s *search) choose(batch []outcome) {
	extra := make([]int, len(s.legal))
	for i := range batch {
		best, bestU := 0, math.Inf(-1)
		total := s.done + i + 1
		for m := range s.legal {
			n := s.visits[m] + extra[m]
			if n == 0 {
				best = m
				break
			}
			mean := 0.5
			if s.visits[m] > 0 {
				mean = s.reward[m] / float64(s.visits[m])
			}
			u := mean + 0.5*math.Sqrt(2*math.Log(float64(total))/float64(n))
			if u > bestU {
				best, bestU = m, u
			}
		}
		extra[best]++
		batch[i] = outcome{move: best, sample: uint64(s.done + i)}
	}
}

// nextPlanned fills batch with the next playouts of sequential halving, sample by sample and move
// by move within a sample, starting the next round when one is played out, and returns how many
// it filled: 0 once one move is left.
func (s *search) nextPlanned(batch []outcome) int {
	h := s.halving
	if h.next == h.size && !s.nextRound() {
		return 0
	}
	k := min(len(batch), h.size-h.next)
	for i := range k {
		j := h.next + i
		batch[i] = outcome{move: h.alive[j%len(h.alive)], sample: h.first + uint64(j/len(h.alive))}
	}
	h.next += k
	return k
}

// nextRound starts the next round of sequential halving: at first every legal move is in, after
// each round the better half by mean reward (all of them played out on the same samples so far),
// each to be played out on the same new samples; the budget left is shared evenly among the
// rounds left. The move left after the last round gets what remains of the budget (a single
// legal move the whole of it); then nextRound reports false.
func (s *search) nextRound() bool {
	h := s.halving
	if h.alive == nil {
		for m := range s.legal {
			h.alive = append(h.alive, m)
		}
		h.rounds = max(1, bits.Len(uint(len(s.legal)-1))) // ⌈log2 k⌉
	} else {
		if len(h.alive) == 1 {
			return false
		}
		mean := func(m int) float64 { return s.reward[m] / float64(max(1, s.visits[m])) }
		slices.SortStableFunc(h.alive, func(a, b int) int { return cmp.Compare(mean(b), mean(a)) })
		h.alive = h.alive[:(len(h.alive)+1)/2]
		h.rounds = max(1, h.rounds-1)
	}
	if len(h.alive) == 1 {
		h.rounds = 1 // the last: the one move left gets the playouts that did not divide evenly
	}
	per := max(1, (s.opts.Playouts-s.done)/(h.rounds*len(h.alive)))
	h.first += uint64(h.per)
	h.per, h.size, h.next = per, per*len(h.alive), 0
	return true
}

// playBatch plays each playout of the batch, spread over the workers; a playout draws its game
// and its choices from the seed of its sample.
func (s *search) playBatch(batch []outcome) {
	play := func(w, i int) {
		seed := mix64(s.opts.Seed ^ mix64(batch[i].sample+1))
		var nodes [MaxPlayers]*treeNode
		if s.roots != nil {
			nodes = s.roots[batch[i].move]
		}
		s.paths[i] = s.paths[i][:0]
		sample := batch[i].sample
		batch[i] = s.pool[w].play(s.legal[batch[i].move], batch[i].move, seed, nodes, &s.paths[i])
		batch[i].sample = sample
	}
	if len(s.pool) == 1 {
		for i := range batch {
			play(0, i)
		}
		return
	}
	var wg sync.WaitGroup
	for w := range min(len(s.pool), len(batch)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(batch); i += len(s.pool) {
				play(w, i)
			}
		}()
	}
	wg.Wait()
}

// values returns the statistics by move.
func (s *search) values() []MoveValue {
	out := make([]MoveValue, len(s.legal))
	for m, mv := range s.legal {
		out[m].Move = mv
		if n := s.visits[m]; n > 0 {
			out[m].Visits = n
			out[m].WinRate = s.wins[m] / float64(n)
			out[m].Margin = s.margin[m] / float64(n)
			out[m].Value = s.reward[m] / float64(n)
		}
	}
	return out
}

// playouter plays sampled games out; each goroutine of a search has its own.
type playouter struct {
	me      Player
	sm      *Sampler
	playing [MaxPlayers]CardID // the card each player revealed for play before the search began
	s       situation
	rng     *rand.Rand
	pcg     *rand.PCG
	toMove  []Player
	legal   []Move
	// worth is the heuristic's worth of each legal move at a decision in the tree.
	worth []float64
	// common ("search") draws the random part of each choice afresh from the playout's seed
	// and the decision (see decisionSeed), so that playouts of one sample agree where they can.
	common bool
	// horizon, if positive, stops each playout that many turns on (searchHorizon for "search").
	horizon int
	seed    uint64 // the playout's seed
	// last is the last decision's key and repeat how many decisions in a row have had it.
	last   uint64
	repeat uint64
}

func newPlayouter(v View, sm *Sampler) *playouter {
	pcg := rand.NewPCG(0, 0)
	po := &playouter{me: v.Player, sm: sm, pcg: pcg, rng: rand.New(pcg),
		toMove: make([]Player, 0, MaxPlayers), legal: make([]Move, 0, 64)}
	for _, pm := range v.Revealed {
		if pm.Move.Kind == Play && pm.Player >= 0 && pm.Player < MaxPlayers {
			po.playing[pm.Player] = pm.Move.Card
		}
	}
	if v.Playing != 0 {
		po.playing[v.Player] = v.Playing
	}
	return po
}

// playoutNoise is the spread, in points, of the random term added to every move's worth in
// playouts, so that the playouts of one sample differ.
const playoutNoise = 0.5

// play samples a game, makes root move m (index move) in it, plays the game out and scores it.
// A game sampled from a view the engine made always plays on to its end (TestSampleKeepsTheView);
// one that did not would be scored as it stands, so that the bot still answers.
// Below the root, each player's decisions follow the player's tree from nodes[p] while they can
// ("search"; nil for none), and path gets the steps made in the trees.
func (po *playouter) play(m Move, move int, seed uint64, nodes [MaxPlayers]*treeNode, path *[]treeStep) outcome {
	g, stopped := po.playOut(m, seed, nodes, path)
	if stopped {
		return po.scoreAhead(&g, move)
	}
	return po.score(g, move)
}

// playOut samples a game from seed, makes m in it and plays it out, as far as it goes or, with a
// horizon, to the first decision of the turn po.horizon turns after the one m leads to; stopped
// reports that the horizon stopped it.
func (po *playouter) playOut(m Move, seed uint64, nodes [MaxPlayers]*treeNode, path *[]treeStep) (g Game, stopped bool) {
	g = po.sm.Sample(seed)
	po.pcg.Seed(seed, 0x504c4159)
	po.seed, po.last, po.repeat = seed, 0, 0
	playing := po.playing
	if err := g.Play(po.me, m); err != nil {
		return g, false
	}
	po.track(&playing, po.me, m)
	stop := Turns + 1
	if po.horizon > 0 {
		stop = g.Turn() + po.horizon
	}
	for !g.Over() {
		if g.Turn() >= stop {
			return g, true
		}
		po.toMove = g.AppendToMove(po.toMove[:0])
		if len(po.toMove) == 0 {
			return g, false
		}
		p := po.toMove[0]
		po.legal = g.AppendLegal(po.legal[:0], p)
		if len(po.legal) == 0 {
			return g, false
		}
		next := po.legal[0]
		if len(po.legal) > 1 {
			next = po.choose(&g, p, playing[p])
			if node := nodes[p]; node != nil && searched(g.Decision(p)) {
				po.worth = po.worth[:0]
				for _, l := range po.legal {
					po.worth = append(po.worth, po.s.moveWorth(l))
				}
				next = po.treeChoose(node, next, po.worth)
				*path = append(*path, treeStep{node: node, move: next, player: p})
				nodes[p] = nil
				if i := node.find(next); i >= 0 {
					nodes[p] = node.children[i].next
				}
			}
		}
		if err := g.Play(p, next); err != nil {
			return g, false
		}
		po.track(&playing, p, next)
	}
	return g, false
}

// choose picks player p's move among po.legal by the playout policy: the 2026 heuristic,
// slightly randomised (the score sheet's valuation and the auction model cost too much for
// playouts).
func (po *playouter) choose(g *Game, p Player, playing CardID) Move {
	po.s.plainBids = true
	po.s.fromGame(g, p, playing)
	if po.common {
		po.pcg.Seed(po.decisionSeed(g, p), 0x434f4d4d)
	}
	return po.s.best(po.legal, po.rng, playoutNoise)
}

// decisionSeed is the seed of the random part of player p's choice at g's decision: the
// playout's seed mixed with the turn, the round, the player, the kind of decision and how many
// decisions in a row have been of that same key (the gems of one take, say). Two playouts of one
// sample that reach the same decision so draw the same noise, however they got there.
func (po *playouter) decisionSeed(g *Game, p Player) uint64 {
	key := uint64(g.Turn())<<24 | uint64(g.Round())<<16 | uint64(p)<<8 | uint64(g.Decision(p))
	if key == po.last {
		po.repeat++
	} else {
		po.last, po.repeat = key, 0
	}
	return mix64(po.seed ^ mix64(key<<16|po.repeat))
}

// track notes the card a player chose to play, for the decisions of its play.
func (po *playouter) track(playing *[MaxPlayers]CardID, p Player, m Move) {
	if m.Kind == Play {
		playing[p] = m.Card
	}
}

// score turns a finished game into the playout's outcome for the searching player, and the reward
// of every player for the trees.
func (po *playouter) score(g Game, move int) outcome {
	sheets := g.Scores()
	var totals [MaxPlayers]float64
	for q, sh := range sheets {
		totals[q] = float64(sh.Total)
	}
	winners := winnerSet(sheets)
	return po.outcome(move, &totals, len(sheets), func(p Player, _ float64) float64 { return winShare(winners, p) })
}

// outcome is the outcome of a playout of root move number move, whose n players end with the given
// final scores (or their estimates), each player p winning the share win(p, margin) of the game,
// margin being p's score less the best of the others'. A solo playout is worth its score.
func (po *playouter) outcome(move int, scores *[MaxPlayers]float64, n int, win func(p Player, margin float64) float64) outcome {
	o := outcome{move: move}
	if n == 1 {
		o.m = scores[po.me]
		o.reward = soloReward(o.m)
		o.rewards[po.me] = o.reward
		return o
	}
	for q := range n {
		p := Player(q)
		m := scores[q] - bestOther(scores, n, p)
		w := win(p, m)
		o.rewards[q] = playoutReward(w, m)
		if p == po.me {
			o.win, o.m, o.reward = w, m, o.rewards[q]
		}
	}
	return o
}

// winShare returns player p's share of the win: 1 divided among the winners (winnerSet, bit q for
// player q), 0 for a player who is not one of them.
func winShare(winners uint8, p Player) float64 {
	if winners>>p&1 == 0 {
		return 0
	}
	return 1 / float64(bits.OnesCount8(winners))
}

// bestOther returns the highest of the first n values other than player p's.
func bestOther(values *[MaxPlayers]float64, n int, p Player) float64 {
	best := math.Inf(-1)
	for q, v := range values[:n] {
		if Player(q) != p {
			best = max(best, v)
		}
	}
	return best
}

// soloReward is what a playout of a one-player game is worth: the final score (or its estimate)
// squashed into 0-1 around 60 points.
func soloReward(score float64) float64 { return squash(score - 60) }

// playoutReward is what a playout is worth to a player with the given share of the win and score
// margin over the best other player: 0.7 for the win plus 0.3 for the margin squashed into 0-1,
// so that a search that cannot change who wins still prefers the bigger margin (MoveValue.Value).
func playoutReward(win, margin float64) float64 { return 0.7*win + 0.3*squash(margin) }

// squash maps a score margin into 0-1: 0.5 at 0, about 0.73 at +15, 0.27 at -15.
func squash(margin float64) float64 { return 0.5 + 0.5*math.Tanh(margin/30) }
