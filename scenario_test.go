package viceroy

// The scenario builder of the tests. Every position a test needs is reached through the public
// moves (NewGame, ToMove, Legal, Apply), never by writing the Game's fields, so that the tests pin
// what the rules do and not how a Game keeps its state: the engine's storage can change freely.
//
// A scenario plays seeded games, each decision made by a chooser, until a predicate on the game
// holds; the position comes with the record of the moves that lead to it, which replays to it, so
// that a failing test can show how it got there. Choosers bias the games towards what a test needs
// (laws played, tall pyramids, gems kept); the predicate says what the position must hold, and the
// test then plays on from it with moves of its own.
//
// Games of many seeds cost little (a game is a few hundred decisions of well under a microsecond
// each), so a scenario may try hundreds of seeds.
//
// Some positions no game comes to, or so seldom that no search finds them (a pyramid of 40 cards,
// both decks empty, an attacker who finds the auction empty): the checks of their rules are
// written for every position, and hold them wherever games do reach them.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// chooser picks the move of player p, who owes a decision in g, among the legal moves.
type chooser func(g *Game, p Player, legal []Move, r *rand.Rand) Move

// uniform picks a legal move uniformly at random.
func uniform(_ *Game, _ Player, legal []Move, r *rand.Rand) Move { return legal[r.IntN(len(legal))] }

// weighted returns a chooser that picks a legal move with a probability in proportion to its
// weight: the weight of its kind in w (1 for a kind w does not name; 0 never picks it unless
// nothing else is legal).
func weighted(w map[MoveKind]int) chooser {
	return func(_ *Game, _ Player, legal []Move, r *rand.Rand) Move {
		total := 0
		for _, m := range legal {
			total += kindWeight(w, m.Kind)
		}
		if total == 0 {
			return legal[r.IntN(len(legal))]
		}
		n := r.IntN(total)
		for _, m := range legal {
			if n -= kindWeight(w, m.Kind); n < 0 {
				return m
			}
		}
		return legal[len(legal)-1]
	}
}

func kindWeight(w map[MoveKind]int, k MoveKind) int {
	if n, ok := w[k]; ok {
		return n
	}
	return 1
}

// lawPlayer plays a law whenever one can be played, a character card otherwise more often than
// not, and keeps its cards rather than discarding them; every other decision is uniform. Its
// games play many laws, and many law steps with a hand and a pyramid to act on.
func lawPlayer(g *Game, p Player, legal []Move, r *rand.Rand) Move {
	if g.Decision(p) == ChooseDevelopment {
		var laws []Move
		for _, m := range legal {
			if m.Kind == Play && m.Card.IsLaw() {
				laws = append(laws, m)
			}
		}
		if len(laws) > 0 && r.IntN(4) != 0 {
			return laws[r.IntN(len(laws))]
		}
		return weighted(map[MoveKind]int{Play: 6, Discard: 1, Pass: 1})(g, p, legal, r)
	}
	return uniform(g, p, legal, r)
}

// latePlayer keeps its laws until turn 10 and plays them from then on, as lawPlayer does, and
// empties the decks: it draws from the deck with fewer cards left and prefers the law options that
// draw a card. Its laws meet short decks and the last turns.
func latePlayer(g *Game, p Player, legal []Move, r *rand.Rand) Move {
	switch g.Decision(p) {
	case ChooseDevelopment:
		if g.Turn() < 10 {
			kept := slices.DeleteFunc(slices.Clone(legal), func(m Move) bool { return m.Card.IsLaw() })
			return weighted(map[MoveKind]int{Play: 4, Discard: 0, Pass: 1})(g, p, kept, r)
		}
		return lawPlayer(g, p, legal, r)
	case ChooseDeck:
		d := g.View(p).Decks
		if d.Laws <= d.Small && slices.Contains(legal, Move{Kind: Draw, Choice: LawDeck}) {
			return Move{Kind: Draw, Choice: LawDeck}
		}
		return legal[0]
	case ChooseLawOption:
		if r.IntN(3) != 0 {
			return Move{Kind: ChooseOption, Choice: 1}
		}
	}
	return uniform(g, p, legal, r)
}

// builder builds tall pyramids: it places a card as high as it can, plays cards rather than
// passes, and takes cards in the auction rather than pass gems.
func builder(g *Game, p Player, legal []Move, r *rand.Rand) Move {
	best, score := legal[0], -1
	for _, m := range legal {
		s := 0
		switch m.Kind {
		case PlaceCard:
			s = 10 * int(m.At.Level)
		case Play:
			s = 5
		case Bid, Attack, Take, Claim:
			s = 3
		case TakeGem, Draw, UseInfinite, PayCost, TakeReward:
			s = 1
		}
		if s = 10*s + r.IntN(10); s > score {
			best, score = m, s
		}
	}
	return best
}

// keeping returns choose made to keep cards in the hand: it never plays or discards one of them
// while it can do something else.
func keeping(choose chooser, cards ...CardID) chooser {
	return func(g *Game, p Player, legal []Move, r *rand.Rand) Move {
		kept := slices.DeleteFunc(slices.Clone(legal), func(m Move) bool {
			return (m.Kind == Play || m.Kind == Discard || m.Kind == Tuck || m.Kind == PutBack) && slices.Contains(cards, m.Card)
		})
		if len(kept) == 0 {
			kept = legal
		}
		return choose(g, p, kept, r)
	}
}

// scene is a position a scenario reached, with the record of the moves that lead to it.
type scene struct {
	Game
	Record Record
}

// String says how to get the scene: its configuration and the number of moves of its record.
func (s scene) String() string {
	return fmt.Sprintf("%+v after %d moves", s.Record.Config, len(s.Record.Moves))
}

// scenario says which games to play and which position to stop at.
type scenario struct {
	configs []Config           // tried in turn, each with seeds Seed, Seed+1, ..., Seed+seeds-1
	seeds   int                // 0 means 200
	choose  chooser            // the moves; nil means uniform
	want    func(g *Game) bool // the position wanted: checked before every decision
}

// find plays the scenario's games and returns the first position where want holds.
func (s scenario) find() (scene, bool) {
	seeds, choose := s.seeds, s.choose
	if seeds == 0 {
		seeds = 200
	}
	if choose == nil {
		choose = uniform
	}
	var buf []Move
	for _, cfg := range s.configs {
		first := cfg.Seed
		for i := range uint64(seeds) {
			cfg.Seed = first + i
			g, err := NewGame(cfg)
			if err != nil {
				panic(err)
			}
			rec := newRecord(cfg)
			r := rand.New(rand.NewPCG(cfg.Seed, 0x5CE4E))
			for {
				if s.want(&g) {
					return scene{g, rec}, true
				}
				if g.Over() {
					break
				}
				who := g.ToMove()
				p := who[r.IntN(len(who))]
				buf = g.AppendLegal(buf[:0], p)
				m := choose(&g, p, buf, r)
				if err := g.Play(p, m); err != nil {
					panic(fmt.Sprintf("%+v: the chooser's move %v of %v: %v", cfg, m, p, err))
				}
				rec.Moves = append(rec.Moves, PlayerMove{p, m})
			}
		}
	}
	return scene{}, false
}

// reach returns the scenario's position, or fails the test.
func (s scenario) reach(t testing.TB) scene {
	t.Helper()
	sc, ok := s.find()
	if !ok {
		t.Fatalf("no game of %v reached the position wanted", s.configs)
	}
	if g, err := Replay(sc.Record); err != nil || g != sc.Game {
		t.Fatalf("the record of %v does not replay to it: %v", sc, err)
	}
	return sc
}

// seedsOf returns cfg with each seed from first to first+n-1.
func seedsOf(cfg Config, first uint64, n int) []Config {
	out := make([]Config, n)
	for i := range out {
		out[i] = cfg
		out[i].Seed = first + uint64(i)
	}
	return out
}

// playsOf are games to play: configurations and the chooser that makes their moves.
type playsOf struct {
	configs []Config
	choose  chooser
}

// atEveryDecisionOf plays the games and calls check for every player who owes a decision at every
// step, with that player's legal moves; the game it is given is a copy, which check may play on.
func atEveryDecisionOf(t *testing.T, games []playsOf, check func(g *Game, cfg Config, p Player, legal []Move)) {
	t.Helper()
	for _, gs := range games {
		choose := gs.choose
		if choose == nil {
			choose = uniform
		}
		for _, cfg := range gs.configs {
			playSeeded(t, cfg, choose, func(g *Game, p Player, legal []Move) { check(g, cfg, p, legal) })
		}
	}
}

// playSeeded plays the game of cfg to its end, a player drawn from those who owe a decision moving
// at each step by choose, from a generator seeded by cfg.Seed; before each step it calls each, if
// not nil, for every player who owes a decision, on a copy of the game. It returns the game over.
func playSeeded(t *testing.T, cfg Config, choose chooser, each func(g *Game, p Player, legal []Move)) Game {
	t.Helper()
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(cfg.Seed, 0xDEC))
	for !g.Over() {
		who := g.ToMove()
		for _, p := range who {
			if c := g; each != nil {
				each(&c, p, g.Legal(p))
			}
		}
		p := who[r.IntN(len(who))]
		g = mustApply(t, g, p, choose(&g, p, g.Legal(p), r))
	}
	return g
}

// othersPass makes every player but p who owes a hidden choice of bids or of the development
// phase pass, so that the round goes on with p's choice alone.
func othersPass(t testing.TB, g Game, p Player) Game {
	t.Helper()
	for _, q := range g.ToMove() {
		if d := g.Decision(q); q != p && (d == ChooseBid || d == ChooseDevelopment) {
			g = mustApply(t, g, q, Move{Kind: Pass})
		}
	}
	return g
}

// owes reports whether p owes decision d in g.
func owes(g *Game, p Player, d Decision) bool {
	return slices.Contains(g.ToMove(), p) && g.Decision(p) == d
}

// lowestCard returns the lowest-numbered card standing in p's pyramid, which decides priority
// (RULES.md 4).
func lowestCard(g *Game, p Player) CardID {
	return slices.Min(g.Tableau(p).Pyramid.Cards())
}

// byPriority returns the players of set in priority order: the lowest card standing first.
func byPriority(g *Game, set []Player) []Player {
	out := slices.Clone(set)
	slices.SortFunc(out, func(a, b Player) int { return int(lowestCard(g, a)) - int(lowestCard(g, b)) })
	return out
}
