package viceroy

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// The engine answers three questions without listing legal moves: surelyLegal (is this move one
// of them?) in apply, and surelyChooses (are there at least two?) and onlyMove (which is the only
// one?) in settle; and apply checks the most frequent moves, gem picks (canTakeGem) and hidden
// choices (canBid, canDevelop), without surelyLegal, and makes them (takeGem, record) without do
// and settle. These tests hold the shortcuts to the list, at every decision of random games in
// every edition and player mix.

// shortcutConfigs are the configurations the shortcut tests play.
var shortcutConfigs = []Config{
	{Players: 4}, {Players: 3, Virtual: 1}, {Players: 2}, {Players: 2, Virtual: 2},
	{Players: 1, Virtual: 1}, {Players: 4, Edition: FirstEdition}, {Players: 2, Virtual: 1, Edition: FirstEdition},
}

// shortcutKinds are the kinds of move that surelyLegal answers for.
var shortcutKinds = []MoveKind{Take, PlaceCard, Paint, FinishPainting,
	Claim, KeepInPyramid, KeepInHand, Draw, Tuck, Keep}

// choiceKinds are the kinds of move that record records.
var choiceKinds = []MoveKind{Bid, Attack, Pass, Discard, Play}

// nearKinds are the kinds of move that nearMoves makes up: those of the shortcuts.
var nearKinds = slices.Concat(shortcutKinds, choiceKinds, []MoveKind{TakeGem})

// nearMoves returns moves close to the legal ones: every move of the kinds surelyLegal knows with
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

// atEveryDecision plays random games in shortcutConfigs and calls check for every player who owes
// a decision at every step, with that player's legal moves.
func atEveryDecision(t *testing.T, check func(g *Game, cfg Config, p Player, legal []Move)) {
	for i, cfg := range shortcutConfigs {
		for seed := range uint64(6) {
			cfg.Seed = seed
			r := rand.New(rand.NewPCG(seed, uint64(i)))
			g, err := NewGame(cfg)
			if err != nil {
				t.Fatal(err)
			}
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

func TestSurelyLegalAgreesWithLegal(t *testing.T) {
	fast := map[MoveKind]int{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		for _, m := range append(nearMoves(legal), legal...) {
			if !g.surelyLegal(p, &m) {
				continue
			}
			if !slices.Contains(legal, m) {
				t.Fatalf("%+v: surelyLegal(%v, %v) but the legal moves are %v", cfg, p, m, legal)
			}
			fast[m.Kind]++
		}
	})
	// The shortcut must also answer for the moves it was written for, or it saves nothing.
	for _, k := range shortcutKinds {
		if fast[k] == 0 {
			t.Errorf("surelyLegal never answered for a legal %v move", k)
		}
	}
}

func TestSurelyChoosesAgreesWithLegal(t *testing.T) {
	sure := map[actKind]int{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.surelyChooses(p) {
			sure[g.act.kind]++
			if len(legal) < 2 {
				t.Fatalf("%+v: surelyChooses(%v) but the legal moves are %v", cfg, p, legal)
			}
		}
	})
	// It must also answer for the actions it was written for, or it saves nothing.
	for _, k := range []actKind{actPlace, actGems, actDraw, actOption, actTake, actPark,
		actArchive, actGive, actPutBack} {
		if sure[k] == 0 {
			t.Errorf("surelyChooses never answered for action kind %d", k)
		}
	}
	// Settle makes a single move for its player, so a game at rest never shows a law's step with
	// one move left: each is also cut down to one move (or none but stopping) and asked again.
	narrowed := map[actKind]int{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		n := *g
		switch n.act.kind {
		case actPark:
			n.screen[p] = Gems{}
		case actArchive:
			n.hand[p] = cardSet{}
		case actGive:
			c := bits.TrailingZeros32(gemColors(gemWord(n.screen[p]))) / 8
			n.screen[p] = Gems{}
			n.screen[p][c] = 2
		case actPutBack:
			kept := false
			for id := range g.hand[p].all() {
				if id.IsLaw() && kept {
					n.hand[p].remove(id)
				}
				kept = kept || id.IsLaw()
			}
		default:
			return
		}
		narrowed[n.act.kind]++
		if moves := n.appendLegal(nil, p); n.surelyChooses(p) && len(moves) < 2 {
			t.Fatalf("%+v: narrowed, surelyChooses(%v) but the legal moves are %v", cfg, p, moves)
		}
	})
	if len(narrowed) != 4 {
		t.Errorf("narrowed only the decisions of action kinds %v", narrowed)
	}
}

func TestOnlyMoveAgreesWithLegal(t *testing.T) {
	forced := 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		m, ok := g.onlyMove(p)
		if ok != (len(legal) == 1) || ok && m != legal[0] {
			t.Fatalf("%+v: onlyMove(%v) = %v, %v but the legal moves are %v", cfg, p, m, ok, legal)
		}
		if ok {
			forced++
		}
	})
	// Only hidden choices reach a player with one legal move; the forced ones were made in settle.
	// So each decision that onlyMove counts for is also cut down to a single move and asked again.
	narrowed := 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.patron != 0 {
			return
		}
		n := *g
		switch n.act.kind {
		case actGems:
			for c := range n.reserve[:NumColors-1] {
				n.reserve[c] = 0
			}
			n.reserve[NumColors-1] = 1
		case actTake:
			kept := false
			for c := range n.auction {
				for i := range n.auction[c] {
					if n.auction[c][i] != 0 && (kept || !n.act.takesFrom(Color(c))) {
						n.auction[c][i] = 0
					}
					kept = kept || n.auction[c][i] != 0
				}
			}
		case actDraw:
			n.smallTop = n.smallEnd
		default:
			return
		}
		narrowed++
		want := n.appendLegal(nil, p)
		m, ok := n.onlyMove(p)
		if ok != (len(want) == 1) || ok && m != want[0] {
			t.Fatalf("%+v: narrowed, onlyMove(%v) = %v, %v but the legal moves are %v", cfg, p, m, ok, want)
		}
	})
	if forced == 0 || narrowed == 0 {
		t.Errorf("onlyMove found %d single moves and was asked %d times on narrowed decisions", forced, narrowed)
	}
}

func TestTakeGemAgreesWithDoAndSettle(t *testing.T) {
	taken := 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.dec != decGems {
			return
		}
		for _, m := range append(nearMoves(legal), legal...) {
			can := g.canTakeGem(&m)
			if can != slices.Contains(legal, m) {
				t.Fatalf("%+v: canTakeGem(%v) = %v, but the legal moves of %v are %v", cfg, m, can, p, legal)
			}
			if !can {
				continue
			}
			fast := *g
			if !fast.pickFollows(m.Color) {
				continue
			}
			fast.takeGem(p, m.Color)
			slow := *g
			slow.do(p, &m)
			slow.settle()
			if fast != slow {
				t.Fatalf("%+v: takeGem(%v, %v) left another game than do and settle", cfg, p, m.Color)
			}
			taken++
		}
	})
	if taken == 0 {
		t.Error("takeGem never made a pick")
	}
}

// hiddenChoiceCheck returns the check of the hidden choices owed in g, a game at rest: canBid or
// canDevelop, or nil when the decision owed is not a hidden choice.
func hiddenChoiceCheck(g *Game) func(Player, *Move) bool {
	switch g.dec {
	case decBids:
		return g.canBid
	case decDevelop:
		return g.canDevelop
	}
	return nil
}

func TestRecordAgreesWithDoAndSettle(t *testing.T) {
	chosen := map[MoveKind]int{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		can := hiddenChoiceCheck(g)
		if can == nil {
			return
		}
		for _, m := range append(nearMoves(legal), legal...) {
			if can(p, &m) != slices.Contains(legal, m) {
				t.Fatalf("%+v: the check of %v's hidden choice %v says %v, but the legal moves are %v",
					cfg, p, m, can(p, &m), legal)
			}
			if !can(p, &m) {
				continue
			}
			fast, slow := *g, *g
			if fast.record(p, &m) {
				fast.settle()
			}
			slow.do(p, &m)
			slow.settle()
			if fast != slow {
				t.Fatalf("%+v: recording %v's choice %v left another game than do and settle", cfg, p, m)
			}
			chosen[m.Kind]++
		}
	})
	for _, k := range choiceKinds {
		if chosen[k] == 0 {
			t.Errorf("no %v choice was recorded", k)
		}
	}
}
