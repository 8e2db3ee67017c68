package viceroy

import (
	"math/rand/v2"
	"testing"
)

// atFirstAuction returns a game of n players at the first bid of turn 1, reached by making the
// first legal move of every setup decision.
func atFirstAuction(t testing.TB, n int, ed Edition) Game {
	t.Helper()
	g, err := NewGame(Config{Players: n, Edition: ed, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	for g.phase != phaseAuction {
		p := g.ToMove()[0]
		g = mustApply(t, g, p, g.Legal(p)[0])
	}
	return g
}

// mustApply applies a move that must be legal.
func mustApply(t testing.TB, g Game, p Player, m Move) Game {
	t.Helper()
	next, err := g.Apply(p, m)
	if err != nil {
		t.Fatalf("%v %v: %v (legal: %v)", p, m, err, g.Legal(p))
	}
	return next
}

// applyAll applies moves in order, each by its player.
func applyAll(t testing.TB, g Game, moves ...pm) Game {
	t.Helper()
	for _, x := range moves {
		g = mustApply(t, g, x.p, x.m)
	}
	return g
}

// playForced makes every hidden choice that has a single legal move, as long as there is one:
// the engine asks for those (only its other forced decisions are made automatically).
func playForced(t testing.TB, g Game) Game {
	t.Helper()
	for again := true; again; {
		again = false
		for _, p := range g.ToMove() {
			if moves := g.Legal(p); len(moves) == 1 {
				g, again = mustApply(t, g, p, moves[0]), true
				break
			}
		}
	}
	return g
}

// pm is a move by a player.
type pm struct {
	p Player
	m Move
}

func bid(p Player, c Color) pm     { return pm{p, Move{Kind: Bid, Color: c}} }
func pass(p Player) pm             { return pm{p, Move{Kind: Pass}} }
func attack(p Player) pm           { return pm{p, Move{Kind: Attack}} }
func take(p Player, c CardID) pm   { return pm{p, Move{Kind: Take, Card: c}} }
func claim(p Player, c CardID) pm  { return pm{p, Move{Kind: Claim, Card: c}} }
func gem(p Player, c Color) pm     { return pm{p, Move{Kind: TakeGem, Color: c}} }
func play(p Player, c CardID) pm   { return pm{p, Move{Kind: Play, Card: c}} }
func place(p Player, l, x int8) pm { return pm{p, Move{Kind: PlaceCard, At: Place{l, x}}} }

// setAuction lays out the auction: cards[c] = {base, tip}. Cards come from wherever they are
// (tests here do not check card conservation).
func (g *Game) setAuction(cards [NumColors][2]CardID) { g.auction = cards }

// setPyramid replaces player p's pyramid by one card at (1, 0), which decides priority.
func (g *Game) setPyramid(p Player, card CardID) {
	g.pyr[p] = layout{}
	g.pyr[p].insert(card, Place{1, 0})
}

// inHand reports whether p holds card.
func (g *Game) inHand(p Player, card CardID) bool { return g.hand[p].has(card) }

// uniformScreens gives every player n gems of each colour, taken from or put to the box.
func (g *Game) uniformScreens(n uint8) {
	for p := range g.players {
		for c := range NumColors {
			g.box[c] += g.screen[p][c]
			g.box[c] -= n
			g.screen[p][c] = n
		}
	}
}

// randomGame plays a whole game with uniformly random legal moves, without checks.
func randomGame(t testing.TB, cfg Config, choices uint64) Game {
	t.Helper()
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(choices, 17))
	var buf []Move
	for !g.Over() {
		who := g.ToMove()
		p := who[r.IntN(len(who))]
		buf = g.AppendLegal(buf[:0], p)
		if g, err = g.Apply(p, buf[r.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// isDiscarded reports whether card id is out of the game in g.
func isDiscarded(g *Game, id CardID) bool {
	out := g.discarded()
	return out.has(id)
}
