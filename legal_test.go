package viceroy

import (
	"slices"
	"testing"
)

// Each decision's legal moves are stated once, by its entry of the table of decisions
// (decisions.go); listing them (list), checking a move (allowsMove: allows, or a look-up in the list)
// and finding a forced move (forcedMove) all read that statement. These tests hold the three to one
// another at every decision of random games in every edition and player mix, and hold the moves
// that leave the game at rest without settle (takeGemPick, record) to settle.

// setKinds are the kinds of move whose decisions are stated as sets (legal.go).
var setKinds = []MoveKind{TakeGem, Take, Claim, Draw, PlaceCard, Paint, PaintBest, FinishPainting}

// choiceKinds are the kinds of move that record records.
var choiceKinds = []MoveKind{Bid, Attack, Pass, Discard, Play}

// nearKinds are the kinds of move that nearMoves makes up.
var nearKinds = slices.Concat(setKinds, choiceKinds, []MoveKind{KeepInPyramid, KeepInHand, Tuck, Keep})

// ownCheck returns the entry's own check of the decision owed in g, a game at rest (allows); nil
// for a decision whose moves are looked up in the list.
func ownCheck(g *Game) func(Player, *Move) bool {
	e := &decisions[g.dec]
	if e.allows == nil {
		return nil
	}
	return func(p Player, m *Move) bool { return e.allows(g, p, m) }
}

func TestAllowsAgreesWithList(t *testing.T) {
	allowed := map[MoveKind]int{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		own := ownCheck(g)
		for _, m := range append(nearMoves(legal), legal...) {
			want := slices.Contains(legal, m)
			if got := g.allowsMove(g.dec, p, &m); got != want {
				t.Fatalf("%+v: allows(%v, %v) = %v, but the legal moves are %v", cfg, p, m, got, legal)
			}
			if own != nil && own(p, &m) != want {
				t.Fatalf("%+v: dec %d: apply's check of (%v, %v) says %v, but the legal moves are %v",
					cfg, g.dec, p, m, !want, legal)
			}
			if want {
				allowed[m.Kind]++
			}
		}
	})
	for _, k := range nearKinds {
		if allowed[k] == 0 {
			t.Errorf("no legal %v move was asked about", k)
		}
	}
}

func TestOnlyMoveAgreesWithList(t *testing.T) {
	forced := 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		m, ok := g.forcedMove(g.dec, p)
		if ok != (len(legal) == 1) || ok && m != legal[0] {
			t.Fatalf("%+v: onlyMove(%v) = %v, %v but the legal moves are %v", cfg, p, m, ok, legal)
		}
		if ok {
			forced++
		}
	})
	// Only hidden choices reach a player with one legal move: the forced ones are made in settle
	// (checkInvariants). That settle makes them as the rules say (the only gem colour left, the
	// only deck, the only card to take) the behaviour tests check where games come to them:
	// TestAuctionGemPicks, TestAuctionRoundResolution, TestDevelopmentPlayResolves, TestLawSteps.
	if forced == 0 {
		t.Errorf("onlyMove found no single move")
	}
}

// TestAtRestAgreesWithSettle holds every move that reports the game at rest (an entry's do
// returning false: takeGemPick, record) to settle, which must then change nothing.
func TestAtRestAgreesWithSettle(t *testing.T) {
	atRest := map[MoveKind]int{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		for _, m := range legal {
			fast := *g
			if fast.doMove(g.dec, p, &m) {
				continue
			}
			slow := fast
			slow.settle()
			if fast != slow {
				t.Fatalf("%+v: %v's %v left the game short of where settle takes it", cfg, p, m)
			}
			atRest[m.Kind]++
		}
	})
	for _, k := range append([]MoveKind{TakeGem}, choiceKinds...) {
		if atRest[k] == 0 {
			t.Errorf("no %v left the game at rest", k)
		}
	}
}

// TestColorWordsAsByColor holds colorsOf and auctionColors, which find the colours with gems
// or cards as the bytes of a word, to the test colour by colour, for words of many byte values.
func TestColorWordsAsByColor(t *testing.T) {
	bytes := []uint32{0, 1, 2, 0x7f, 0x80, 0x81, 0xff}
	for _, a := range bytes {
		for _, b := range bytes {
			for _, c := range bytes {
				for _, d := range bytes {
					s := a | b<<8 | c<<16 | d<<24
					var want uint32
					for col := range NumColors {
						if s>>(8*col)&0xff != 0 {
							want |= 1 << col
						}
					}
					if got := colorsOf(s); got != want {
						t.Fatalf("colorsOf(%#x) = %04b, want %04b", s, got, want)
					}
					// The same bytes as the bases of the auction, then as its tips.
					for _, shift := range []uint{0, 8} {
						w := uint64(a)<<shift | uint64(b)<<(16+shift) | uint64(c)<<(32+shift) | uint64(d)<<(48+shift)
						if got := auctionColors(w); got != want {
							t.Fatalf("auctionColors(%#x) = %04b, want %04b", w, got, want)
						}
					}
				}
			}
		}
	}
}

// TestCardSlotsAsBySlot holds cardSlots, which finds the cards of the auction as the bytes of a
// word, to the test slot by slot, for the auction of every decision of random games in every mix
// and every set of colours.
func TestCardSlotsAsBySlot(t *testing.T) {
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		a := g.auctionCards()
		for colors := range uint32(1 << NumColors) {
			var want uint8
			for s := range 2 * NumColors {
				if colors>>(s/2)&1 != 0 && a[s/2][s%2] != 0 {
					want |= 1 << s
				}
			}
			if got := g.cardSlots(colors); got != want {
				t.Fatalf("%+v: auction %v, colours %04b: cardSlots = %08b, want %08b", cfg, a, colors, got, want)
			}
		}
	})
}

// strayFields returns m with each field it does not use set in turn: every field but the kind,
// given a value in every byte value that differs from m's, a negative level and column among
// them. allowsBid and allowsDevelopment must refuse all of these, as the legal moves never set them.
func strayFields(m Move) []Move {
	var out []Move
	for _, v := range []uint8{1, 2, 127, 128, 255} {
		for i := range 5 {
			s := m
			switch i {
			case 0:
				s.Card += CardID(v)
			case 1:
				s.Color += Color(v)
			case 2:
				s.At.Level += int8(v)
			case 3:
				s.At.Col += int8(v)
			case 4:
				s.Choice += uint8(v)
			}
			out = append(out, s)
		}
	}
	return out
}

// TestHiddenChoiceChecksRefuseStrayFields holds allowsBid and allowsDevelopment to the legal moves for
// moves one field away from a legal one, over the whole range of each field, as the checks add
// the fields a choice does not use rather than compare them one by one.
func TestHiddenChoiceChecksRefuseStrayFields(t *testing.T) {
	checked := 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.dec != decBids && g.dec != decDevelop {
			return
		}
		for _, m := range legal {
			for _, s := range strayFields(m) {
				if can := ownCheck(g)(p, &s); can != slices.Contains(legal, s) {
					t.Fatalf("%+v: the check of %v's hidden choice %v says %v, but the legal moves are %v",
						cfg, p, s, can, legal)
				}
				checked++
			}
		}
	})
	if checked == 0 {
		t.Error("no hidden choice was checked")
	}
}

// place whose cost at its level the screen pays, alone or with the unused infinite gems.
func payablePlaces(g *Game, p Player, card CardID) []Move {
	var out []Move
	for _, at := range g.pyr[p].Places(false) {
		cost := costAt(card, int(at.Level))
		if payable(cost, g.screen[p], Gems{}) || payable(cost, g.screen[p], g.usableGems(p)) {
			out = append(out, Move{Kind: PlaceCard, At: at})
		}
	}
	return out
}

// TestAppendPlacesAgreesWithPayable holds appendPlaces, which asks the cost of each level once,
// to the places and costs found here, place by place, for every player and every character at
// every decision of random games. It also checks that the games reach places both payable and
// not, and places only payable with infinite gems.
func TestAppendPlacesAgreesWithPayable(t *testing.T) {
	var some, short, infinite int
	atEveryDecision(t, func(g *Game, cfg Config, p Player, _ []Move) {
		for q := range Player(cfg.Players) {
			for card := CardID(1); card <= NumCharacters; card++ {
				want := payablePlaces(g, q, card)
				got := g.appendPlaces(nil, q, card)
				if !slices.Equal(got, want) {
					t.Fatalf("%+v: player %v, card %v: appendPlaces = %v, want %v", cfg, q, card, got, want)
				}
				all := len(g.pyr[q].Places(false))
				switch {
				case len(want) == all && all > 0:
					some++
				case len(want) < all:
					short++
				}
				for _, m := range want {
					if !payable(costAt(card, int(m.At.Level)), g.screen[q], Gems{}) {
						infinite++
						break
					}
				}
			}
		}
	})
	if some == 0 || short == 0 || infinite == 0 {
		t.Errorf("the games never put appendPlaces to the test: %d lists of every place, %d shorter, %d needing infinite gems",
			some, short, infinite)
	}
}

// stepKinds are the kinds of move of a law's steps whose listing the tests put to the test at a law's steps: 76 Treasury's
// gems to park, 72 Archive's cards to tuck, stopping either or declining 67 Barter, 70 Council's
// law cards to put back, 67 Barter's gems to give, and the colour of an infinite gem.
var stepKinds = []MoveKind{Park, Done, PutBack, Tuck, GiveGem, InfiniteColor}

// stepMoves returns every move of stepKinds with every colour and every card, valid or not.
func stepMoves() []Move {
	var out []Move
	for _, k := range stepKinds {
		out = append(append(out, kindMoves(k)...), Move{Kind: k, At: Place{1, 0}})
	}
	return out
}

// TestAllowsLawSteps checks that allows answers for a move of stepKinds exactly when it is
// listed (but 74 Exile's and 78 Patronage's tucks, which are not steps), at every decision of
// random games, the law-playing games of laws_test.go among them.
func TestAllowsLawSteps(t *testing.T) {
	near := stepMoves()
	answered := map[MoveKind]int{}
	check := func(g *Game, cfg Config, p Player, legal []Move) {
		t.Helper()
		for _, m := range near {
			if m.Kind == Tuck && (g.patron != 0 || g.act.kind == actExile) {
				continue
			}
			sure, listed := g.allowsMove(g.dec, p, &m), slices.Contains(legal, m)
			if sure != listed {
				t.Fatalf("%+v: allows(%v, %v) = %v, but the legal moves are %v", cfg, p, m, sure, legal)
			}
			if sure {
				answered[m.Kind]++
			}
		}
	}
	atEveryDecision(t, check)
	atEveryDecisionOf(t, lawGames[:2], check)
	for _, k := range stepKinds {
		if answered[k] == 0 {
			t.Errorf("allows never answered for a legal %v move", k)
		}
	}
	t.Logf("answered: %v", answered)
}
