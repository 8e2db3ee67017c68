package viceroy

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The engine answers two questions without listing legal moves: surelyLegal (is this move one of
// them?) in check, and surelyChooses (are there at least two?) in settle. These tests hold both
// shortcuts to the list, at every decision of random games in every edition and player mix.

// shortcutConfigs are the configurations the shortcut tests play.
var shortcutConfigs = []Config{
	{Players: 4}, {Players: 3, Virtual: 1}, {Players: 2}, {Players: 2, Virtual: 2},
	{Players: 1, Virtual: 1}, {Players: 4, Edition: FirstEdition}, {Players: 2, Virtual: 1, Edition: FirstEdition},
}

// shortcutKinds are the kinds of move that surelyLegal answers for.
var shortcutKinds = []MoveKind{TakeGem, Take, PlaceCard, Bid, Pass, Discard, Play, Paint, FinishPainting}

// nearMoves returns moves close to the legal ones: every move of the kinds surelyLegal knows with
// every colour and card (valid or not), and each legal move with one field changed.
func nearMoves(legal []Move) []Move {
	var out []Move
	for _, k := range shortcutKinds {
		for c := range Color(NumColors + 2) {
			out = append(out, Move{Kind: k, Color: c})
		}
		for id := range CardID(NumCards + 3) {
			out = append(out, Move{Kind: k, Card: id})
		}
		for l := range int8(MaxLevel + 2) {
			for x := int8(-8); x <= 8; x++ {
				out = append(out, Move{Kind: k, At: Place{l, x}}, Move{Kind: k, At: Place{l, x}, Color: Color(x & 3)})
			}
		}
		out = append(out, Move{Kind: k, Choice: 1})
	}
	for _, m := range legal {
		for _, changed := range []Move{
			{Kind: m.Kind + 1, Card: m.Card, Color: m.Color, At: m.At, Choice: m.Choice},
			{Kind: m.Kind, Card: m.Card + 1, Color: m.Color, At: m.At, Choice: m.Choice},
			{Kind: m.Kind, Card: m.Card, Color: m.Color + 1, At: m.At, Choice: m.Choice},
			{Kind: m.Kind, Card: m.Card, Color: m.Color, At: Place{m.At.Level, m.At.Col + 1}, Choice: m.Choice},
			{Kind: m.Kind, Card: m.Card, Color: m.Color, At: m.At, Choice: m.Choice + 1},
		} {
			out = append(out, changed)
		}
	}
	return out
}

func TestSurelyLegalAgreesWithLegal(t *testing.T) {
	fast := map[MoveKind]int{}
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
					legal := g.Legal(p)
					for _, m := range append(nearMoves(legal), legal...) {
						sure := g.surelyLegal(p, m)
						if sure && !slices.Contains(legal, m) {
							t.Fatalf("%+v: surelyLegal(%v, %v) but the legal moves are %v", cfg, p, m, legal)
						}
						if sure && slices.Contains(legal, m) {
							fast[m.Kind]++
						}
					}
				}
				p := who[r.IntN(len(who))]
				legal := g.Legal(p)
				g = mustApply(t, g, p, legal[r.IntN(len(legal))])
			}
		}
	}
	// The shortcut must also answer for the moves it was written for, or it saves nothing.
	for _, k := range shortcutKinds {
		if fast[k] == 0 {
			t.Errorf("surelyLegal never answered for a legal %v move", k)
		}
	}
}

func TestSurelyChoosesAgreesWithLegal(t *testing.T) {
	sure := 0
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
					if g.surelyChooses(p) {
						sure++
						if legal := g.Legal(p); len(legal) < 2 {
							t.Fatalf("%+v: surelyChooses(%v) but the legal moves are %v", cfg, p, legal)
						}
					}
				}
				p := who[r.IntN(len(who))]
				legal := g.Legal(p)
				g = mustApply(t, g, p, legal[r.IntN(len(legal))])
			}
		}
	}
	if sure == 0 {
		t.Error("surelyChooses never answered")
	}
}
