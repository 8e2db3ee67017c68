package viceroy

import (
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The legal moves are held to an oracle that knows nothing of how the engine lists them: every
// well-formed move there is, tried through Apply (the general reading of a move). The moves Apply
// accepts from a player who owes a decision must be exactly the moves Legal lists, and a player who
// owes none must have every move refused. This gives every decision's set (playableCards, the
// places, the payments, the picks and the laws' steps) a check independent of the code that lists
// it and of the code that checks a move against it.

// moveSpace returns every well-formed move: each kind (move.go) with every value of each field it
// uses: a card 0-88, a colour, a place a pyramid can have (levels 1-5, columns -39 to 39), a deck
// or level-5 reward of 0 or 1, a law's option 0-2, a token slot 0-5.
func moveSpace() []Move {
	cardKinds := []MoveKind{KeepInPyramid, KeepInHand, Take, Claim, Play, Discard, UseInfinite, Tuck, TuckUnder, PutBack}
	colorKinds := []MoveKind{Bid, TakeGem, InfiniteColor, Park, GiveGem}
	bareKinds := []MoveKind{Attack, Pass, StayIn, PayCost, Keep, Done, PaintBest, FinishPainting}
	var places []Place
	for l := int8(1); l <= MaxLevel; l++ {
		for x := int8(-(MaxPyramidCards - 1)); x <= MaxPyramidCards-1; x++ {
			places = append(places, Place{l, x})
		}
	}
	var out []Move
	for _, k := range cardKinds {
		for c := range CardID(NumCards + 1) {
			out = append(out, Move{Kind: k, Card: c})
		}
	}
	for c := range CardID(NumCards + 1) {
		for slot := range uint8(MaxTokensPerCard) {
			out = append(out, Move{Kind: PickToken, Card: c, Choice: slot})
		}
	}
	for _, k := range colorKinds {
		for c := range Color(NumColors) {
			out = append(out, Move{Kind: k, Color: c})
		}
	}
	for _, k := range bareKinds {
		out = append(out, Move{Kind: k})
	}
	for _, at := range places {
		out = append(out, Move{Kind: PlaceCard, At: at})
		for c := range Color(NumColors) {
			out = append(out, Move{Kind: Paint, At: at, Color: c})
		}
	}
	for ch := range uint8(2) {
		out = append(out, Move{Kind: TakeReward, Choice: ch}, Move{Kind: Draw, Choice: ch})
	}
	for ch := range uint8(3) {
		out = append(out, Move{Kind: ChooseOption, Choice: ch})
	}
	return out
}

// TestMoveSpaceIsWellFormed: every move of the oracle's space is well formed, as the move's
// public forms tell: its text reads back as the same move. Every kind but NoMove is in it.
func TestMoveSpaceIsWellFormed(t *testing.T) {
	kinds := map[MoveKind]bool{}
	for _, m := range moveSpace() {
		back, err := ParseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("%#v writes %q, which reads back as %#v (%v)", m, m.String(), back, err)
		}
		kinds[m.Kind] = true
	}
	for k := NoMove + 1; k < numMoveKinds; k++ {
		if !kinds[k] {
			t.Errorf("the move space has no %v move", k)
		}
	}
}

// legalOracleGames are the games whose decisions TestLegalIsWhatApplyAccepts checks, every
// legalOracleStride-th of them.
var legalOracleGames = []playsOf{
	{seedsOf(Config{Players: 4}, 0, sized(1, 2)), nil},
	{seedsOf(Config{Players: 2, Virtual: 1, Edition: FirstEdition}, 1, sized(1, 2)), nil},
	{seedsOf(Config{Players: 1, Virtual: 1}, 2, sized(1, 2)), builder},
	{seedsOf(Config{Players: 3}, 3, sized(2, 4)), lawPlayer},
	{seedsOf(Config{Players: 2}, 4, sized(2, 4)), lawPlayer},
}

var legalOracleStride = sized(12, 3)

// TestLegalIsWhatApplyAccepts: at decisions of legalOracleGames, and at a decision that scenarios
// find for every kind of move those did not offer, for every player of the game,
// every move of the move space is tried through Apply (for a player who owes no decision, the
// legal moves of the others and a spread of the space): a player who owes a decision has accepted
// exactly the moves Legal lists (and AppendLegal appends), and a player who owes none has every
// move refused with ErrNotYourTurn. A refused move leaves the game unchanged, with an error
// wrapping one of the package's sentinels.
func TestLegalIsWhatApplyAccepts(t *testing.T) {
	space := moveSpace()
	kinds := map[MoveKind]int{}
	decisions := 0
	check := func(g *Game, cfg Config) {
		t.Helper()
		decisions++
		var others []Move
		for _, q := range g.ToMove() {
			others = append(others, g.Legal(q)...)
		}
		for i := 0; i < len(space); i += 37 {
			others = append(others, space[i])
		}
		for p := range Player(cfg.Players) {
			owes := slices.Contains(g.ToMove(), p)
			tried := space
			if !owes {
				tried = others
			}
			h := *g
			var accepted []Move
			for _, m := range tried {
				err := h.Play(p, m)
				if err == nil {
					accepted = append(accepted, m)
					h = *g
					continue
				}
				if h != *g {
					t.Fatalf("%+v: %v's refused %v changed the game", cfg, p, m)
				}
				if !owes && !errors.Is(err, ErrNotYourTurn) {
					t.Fatalf("%+v: %v owes no decision, and %v is refused with %v", cfg, p, m, err)
				}
				if !wrapsSentinel(err) {
					t.Fatalf("%+v: %v %v: %v wraps no sentinel", cfg, p, m, err)
				}
			}
			legal := g.Legal(p)
			if !slices.Equal(sortedMoves(legal), sortedMoves(accepted)) {
				t.Fatalf("%+v turn %d, %v (%v, owes %v): the moves Apply accepts differ from Legal (-legal +accepted):\n%s",
					cfg, g.Turn(), p, g.Decision(p), owes, cmp.Diff(sortedMoves(legal), sortedMoves(accepted)))
			}
			if got := g.AppendLegal(nil, p); !slices.Equal(got, legal) {
				t.Fatalf("%+v: %v: AppendLegal %v, Legal %v", cfg, p, got, legal)
			}
			for _, m := range legal {
				kinds[m.Kind]++
			}
		}
	}
	n := 0
	atEveryDecisionOf(t, legalOracleGames, func(g *Game, cfg Config, q Player, _ []Move) {
		if q == g.ToMove()[0] { // once a decision: atEveryDecisionOf calls for every player to move
			if n++; n%legalOracleStride == 0 {
				check(g, cfg)
			}
		}
	})
	// Every kind the games above missed: the first decision of scenario games that offers it.
	for k := NoMove + 1; k < numMoveKinds; k++ {
		if kinds[k] > 0 {
			continue
		}
		offers := func(g *Game) bool {
			return slices.ContainsFunc(g.ToMove(), func(p Player) bool {
				return slices.ContainsFunc(g.Legal(p), func(m Move) bool { return m.Kind == k })
			})
		}
		for _, choose := range []chooser{lawPlayer, builder, uniform} {
			sc, ok := scenario{configs: []Config{{Players: 2}, {Players: 1, Virtual: 1}, {Players: 3}},
				seeds: 100, choose: choose, want: offers}.find()
			if ok {
				check(&sc.Game, sc.Record.Config)
				break
			}
		}
	}
	for k := NoMove + 1; k < numMoveKinds; k++ {
		if kinds[k] == 0 {
			t.Errorf("no legal %v move was met", k)
		}
	}
	t.Logf("%d decisions, legal moves by kind: %v", decisions, kinds)
}

// TestAppendLegalAppends: AppendLegal appends p's legal moves to dst and returns it, as append does:
// into dst's room when they fit, writing nothing past them, and into a new array when they do
// not; the moves already in dst stay. At every decision of random games, for rooms of every size.
func TestAppendLegalAppends(t *testing.T) {
	marker := Move{Kind: Attack, Card: NumCards}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		for _, room := range []int{1, 2, 3, 5, 8, 64} {
			buf := make([]Move, 1, room)
			buf[0] = Move{Kind: Pass}
			all := buf[:cap(buf)]
			for i := 1; i < len(all); i++ {
				all[i] = marker
			}
			got := g.AppendLegal(buf, p)
			if got[0] != (Move{Kind: Pass}) || !slices.Equal(got[1:], legal) {
				t.Fatalf("%+v: %v, room %d: AppendLegal = %v, want a pass and %v", cfg, p, room, got, legal)
			}
			if len(got) <= cap(buf) {
				if &got[0] != &buf[0] || slices.ContainsFunc(all[len(got):], func(m Move) bool { return m != marker }) {
					t.Fatalf("%+v: %v, room %d: AppendLegal did not append into the room, or wrote past its moves: %v",
						cfg, p, room, all)
				}
			}
		}
	})
}
