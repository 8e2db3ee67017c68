package viceroy

// The test harness shared by the package's tests: games brought to a given point by public moves
// (atFirstAuction, atDevelopment), moves made in a test's notation (pm, applyAll), the player mixes
// (allMixes, decisionConfigs) and random games that stop at every decision (atEveryDecision).
// Positions with more to them come from the scenario builder (scenario_test.go).

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"
)

// fullSize reports whether the property tests run at their full size, as .ci/run has them
// (VICEROY_FULL=1 in the environment); plain go test runs the largest of them smaller, to stay
// quick.
var fullSize = os.Getenv("VICEROY_FULL") != ""

// sized returns full when the property tests run at their full size, and small otherwise.
func sized(small, full int) int {
	if fullSize {
		return full
	}
	return small
}

// atFirstAuction returns a game of n players at the first bid of turn 1, reached by making the
// first legal move of every setup decision.
func atFirstAuction(t testing.TB, n int, ed Edition) Game {
	t.Helper()
	g, err := NewGame(Config{Players: n, Edition: ed, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	for g.Phase() != PhaseAuction {
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

func bid(p Player, c Color) pm { return pm{p, Move{Kind: Bid, Color: c}} }
func pass(p Player) pm         { return pm{p, Move{Kind: Pass}} }

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

// decisionConfigs are the configurations atEveryDecision plays: every edition, with and without
// virtual opponents.
var decisionConfigs = []Config{
	{Players: 4}, {Players: 3, Virtual: 1}, {Players: 2}, {Players: 2, Virtual: 2},
	{Players: 1, Virtual: 1}, {Players: 4, Edition: FirstEdition}, {Players: 2, Virtual: 1, Edition: FirstEdition},
}

// nearMoves returns moves close to the legal ones: every move of the kinds nearKinds names with
// every colour and card (valid or not), and each legal move with one field changed.
func nearMoves(legal []Move) []Move {
	var out []Move
	for _, k := range nearKinds {
		out = append(out, kindMoves(k)...)
		if k != PlaceCard && k != Paint {
			continue
		}
		for l := range int8(MaxLevel + 2) {
			for x := int8(-8); x <= 8; x++ {
				out = append(out, Move{Kind: k, At: Place{l, x}}, Move{Kind: k, At: Place{l, x}, Color: Color(x & 3)})
			}
		}
	}
	for _, m := range legal {
		out = append(out,
			Move{Kind: m.Kind + 1, Card: m.Card, Color: m.Color, At: m.At, Choice: m.Choice},
			Move{Kind: m.Kind, Card: m.Card + 1, Color: m.Color, At: m.At, Choice: m.Choice},
			Move{Kind: m.Kind, Card: m.Card, Color: m.Color + 1, At: m.At, Choice: m.Choice},
			Move{Kind: m.Kind, Card: m.Card, Color: m.Color, At: Place{m.At.Level, m.At.Col + 1}, Choice: m.Choice},
			Move{Kind: m.Kind, Card: m.Card, Color: m.Color, At: m.At, Choice: m.Choice + 1})
	}
	return out
}

// kindMoves returns moves of kind k with every colour and every card, valid or not, and one with
// a choice.
func kindMoves(k MoveKind) []Move {
	var out []Move
	for c := range Color(NumColors + 2) {
		out = append(out, Move{Kind: k, Color: c})
	}
	for id := range CardID(NumCards + 3) {
		out = append(out, Move{Kind: k, Card: id})
	}
	return append(out, Move{Kind: k, Choice: 1})
}

// atEveryDecision plays random games in decisionConfigs (six seeds each: fewer reach no 67 Barter)
// and calls check for every player who owes a decision at every step, with that player's legal
// moves.
func atEveryDecision(t *testing.T, check func(g *Game, cfg Config, p Player, legal []Move)) {
	for i, cfg := range decisionConfigs {
		for seed := range uint64(6) {
			cfg.Seed = seed
			g, r := seededGame(t, cfg, i)
			for !g.Over() {
				who := g.ToMove()
				for _, p := range who {
					check(&g, cfg, p, g.Legal(p))
				}
				p := who[r.IntN(len(who))]
				legal := g.Legal(p)
				g = mustApply(t, g, p, legal[r.IntN(len(legal))])
			}
		}
	}
}

// seededGame returns the new game of cfg, and the random source of test loop i's moves in it,
// seeded by cfg.Seed and i.
func seededGame(t *testing.T, cfg Config, i int) (Game, *rand.Rand) {
	t.Helper()
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g, rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
}

// allMixes returns every playable mix of humans and virtual opponents in both editions: 9 mixes,
// 18 configurations.
func allMixes(seed uint64) []Config {
	var out []Config
	for players := 1; players <= MaxPlayers; players++ {
		for virtual := 0; players+virtual <= MaxPlayers; virtual++ {
			if players == 1 && virtual == 0 {
				continue
			}
			for _, ed := range []Edition{SecondEdition, FirstEdition} {
				out = append(out, Config{Players: players, Virtual: virtual, Edition: ed, Seed: seed})
			}
		}
	}
	return out
}

// atDevelopment returns an n-player game at the first development choice of turn 1: everyone
// passed in the auction and took the first gems offered.
func atDevelopment(t *testing.T, n int, ed Edition) Game {
	return passToDevelopment(t, atFirstAuction(t, n, ed))
}

// passToDevelopment plays g on to its first development choice: every bid a pass, every other
// decision the first legal move.
func passToDevelopment(t *testing.T, g Game) Game {
	t.Helper()
	for g.Phase() != PhaseDevelopment {
		p := g.ToMove()[0]
		m := g.Legal(p)[0]
		if g.Decision(p) == ChooseBid {
			m = Move{Kind: Pass}
		}
		g = mustApply(t, g, p, m)
	}
	return g
}

var (
	science = token(Science, 1, 0)
	magic   = token(Magic, 1, 0)
	defense = token(Defense, 1, 0)
)

func viewJSON(t interface{ Fatalf(string, ...any) }, v View) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal view: %v", err)
	}
	return b
}
