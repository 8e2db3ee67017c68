package viceroy

import (
	"math/bits"
	"slices"
	"testing"
)

// The engine answers three questions without listing legal moves: surelyLegal (is this move one
// of them?) in apply, and surelyChooses (are there at least two?) and onlyMove (which is the only
// one?) in settle; and apply checks the most frequent moves, gem picks (canTakeGem) and hidden
// choices (canBid, canDevelop), without surelyLegal, and makes them (takeGem, record) without do
// and settle. These tests hold the shortcuts to the list, at every decision of random games in
// every edition and player mix.

// shortcutKinds are the kinds of move that surelyLegal answers for.
var shortcutKinds = []MoveKind{Take, PlaceCard, Paint, FinishPainting,
	Claim, KeepInPyramid, KeepInHand, Draw, Tuck, Keep}

// choiceKinds are the kinds of move that record records.
var choiceKinds = []MoveKind{Bid, Attack, Pass, Discard, Play}

// nearKinds are the kinds of move that nearMoves makes up: those of the shortcuts.
var nearKinds = slices.Concat(shortcutKinds, choiceKinds, []MoveKind{TakeGem})

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

// TestAppendBidsListsEveryChoice holds appendBids, a copy from a table with the usual case written
// out, to the general way: a Bid for each colour that p has gems of and the auction has a card of,
// in colour order, then an Attack when p has an attack token and the auction is not empty, then a
// Pass. Every colour has gems or none and cards or none, p has attack tokens or none, and the
// choices are appended after a move already in the list, into room both short and ample.
func TestAppendBidsListsEveryChoice(t *testing.T) {
	const p = Player(1)
	for set := range 1 << (2 * NumColors) {
		for _, attacks := range []uint8{0, 1} {
			var g Game
			g.attacks[p] = attacks
			for c := range NumColors {
				if set&(1<<c) != 0 {
					g.screen[p][c] = []uint8{1, 2, GemsPerColor}[(set+c)%3]
				}
				if set&(1<<(NumColors+c)) != 0 {
					// A card at the base, at the tip or both, as the colour and the set vary.
					g.auction[c] = [][2]CardID{{CardID(10 + c), 0}, {0, CardID(20 + c)}, {30, 31}}[(set+c)%3]
				}
			}
			before := Move{Kind: TakeGem}
			want := []Move{before}
			for c := range Color(NumColors) {
				if g.screen[p][c] > 0 && g.auction[c] != [2]CardID{} {
					want = append(want, Move{Kind: Bid, Color: c})
				}
			}
			if attacks > 0 && g.auction != [NumColors][2]CardID{} {
				want = append(want, Move{Kind: Attack})
			}
			want = append(want, Move{Kind: Pass})
			for _, room := range []int{1, 8} {
				got := g.appendBids(append(make([]Move, 0, room), before), p)
				if !slices.Equal(got, want) {
					t.Errorf("screen %v, auction %v, attacks %d, room %d: appendBids = %v, want %v",
						g.screen[p], g.auction, attacks, room, got, want)
				}
			}
		}
	}
}

// TestColorWordsAsByColor holds screenColors and auctionColors, which find the colours with gems
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
					if got := screenColors(s); got != want {
						t.Fatalf("screenColors(%#x) = %04b, want %04b", s, got, want)
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

// TestFastChoiceChecksAgreeWithLegal holds bidsColor and passesOrDiscards, which apply asks before
// canBid and canDevelop, to the legal moves, at every hidden choice of random games: each answers
// for exactly the listed moves of its kinds (a bid or a pass; a pass or a discard), and for no
// other move.
func TestFastChoiceChecksAgreeWithLegal(t *testing.T) {
	answered := map[MoveKind]int{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		var fast func(Player, *Move) bool
		var kinds []MoveKind
		switch g.dec {
		case decBids:
			fast, kinds = g.bidsColor, []MoveKind{Bid, Pass}
		case decDevelop:
			fast, kinds = g.passesOrDiscards, []MoveKind{Pass, Discard}
		default:
			return
		}
		for _, m := range append(nearMoves(legal), legal...) {
			got := fast(p, &m)
			want := slices.Contains(kinds, m.Kind) && slices.Contains(legal, m)
			if got != want {
				t.Fatalf("%+v: dec %d, %v: the fast check says %v, but the legal moves of %v are %v",
					cfg, g.dec, m, got, p, legal)
			}
			if got {
				answered[m.Kind]++
			}
		}
	})
	for _, k := range []MoveKind{Bid, Pass, Discard} {
		if answered[k] == 0 {
			t.Errorf("the fast checks never answered for a legal %v", k)
		}
	}
	t.Logf("answered: %v", answered)
}

// TestPlaysFromScreenAgreesWithLegal holds playsFromScreen, which apply asks before canDevelop,
// to the legal moves at every development choice of random games: it answers only for a listed
// play of a character, and for most of them (those the screen alone pays). Each choice is also
// asked with the screen emptied, where it may answer for no play of a card that costs a gem.
func TestPlaysFromScreenAgreesWithLegal(t *testing.T) {
	answered, listed := 0, 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.dec != decDevelop {
			return
		}
		empty := *g
		empty.screen[p] = Gems{}
		for _, h := range []*Game{g, &empty} {
			legal := h.appendLegal(nil, p)
			for _, m := range append(nearMoves(legal), legal...) {
				if !h.playsFromScreen(p, &m) {
					continue
				}
				if !slices.Contains(legal, m) || !m.Card.IsCharacter() {
					t.Fatalf("%+v: playsFromScreen(%v, %v), but the legal moves are %v", cfg, p, m, legal)
				}
			}
		}
		for _, m := range legal {
			if m.Kind == Play && m.Card.IsCharacter() {
				listed++
				if g.playsFromScreen(p, &m) {
					answered++
				}
			}
		}
	})
	if answered*2 < listed {
		t.Errorf("playsFromScreen answered for %d of %d listed plays of a character", answered, listed)
	}
	t.Logf("answered for %d of %d listed plays of a character", answered, listed)
}

// TestPlaysFromScreenWithFullPyramid checks that playsFromScreen answers for no play when the
// pyramid is full, and for the play of a character the screen pays when it is one card short.
func TestPlaysFromScreenWithFullPyramid(t *testing.T) {
	for _, tc := range []struct {
		rows []int
		want bool
	}{
		{[]int{12, 11, 9, 5, 3}, false},
		{[]int{12, 11, 9, 5, 2}, true},
	} {
		g := atDevelopmentWithPyramid(t, tc.rows...)
		g.setHand(0, 41, 70)
		m := Move{Kind: Play, Card: 41}
		if got := g.playsFromScreen(0, &m); got != tc.want || got != slices.Contains(g.Legal(0), m) {
			t.Errorf("%d cards in the pyramid: playsFromScreen(play 41) = %v, want %v (legal %v)",
				g.pyr[0].size(), got, tc.want, g.Legal(0))
		}
	}
}

// strayFields returns m with each field it does not use set in turn: every field but the kind,
// given a value in every byte value that differs from m's, a negative level and column among
// them. canBid and canDevelop must refuse all of these, as the legal moves never set them.
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
				s.Choice += Choice(v)
			}
			out = append(out, s)
		}
	}
	return out
}

// TestHiddenChoiceChecksRefuseStrayFields holds canBid and canDevelop to the legal moves for
// moves one field away from a legal one, over the whole range of each field, as the checks add
// the fields a choice does not use rather than compare them one by one.
func TestHiddenChoiceChecksRefuseStrayFields(t *testing.T) {
	checked := 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		can := hiddenChoiceCheck(g)
		if can == nil {
			return
		}
		for _, m := range legal {
			for _, s := range strayFields(m) {
				if can(p, &s) != slices.Contains(legal, s) {
					t.Fatalf("%+v: the check of %v's hidden choice %v says %v, but the legal moves are %v",
						cfg, p, s, can(p, &s), legal)
				}
				checked++
			}
		}
	})
	if checked == 0 {
		t.Error("no hidden choice was checked")
	}
}

// TestAppendGemPicksListsEveryColorLeft holds appendGemPicks, its colours written out, to the
// general way: a TakeGem move for each colour with a gem left in the reserve, in colour order.
// Every colour takes none, one or all of its gems, and the picks are appended after a move already
// in the list, into room short, just enough and ample. As append, appendGemPicks uses dst's room
// when the picks fit in it, and writes nothing in it past them: the rest is the caller's.
func TestAppendGemPicksListsEveryColorLeft(t *testing.T) {
	counts := []uint8{0, 1, GemsPerColor}
	var reserve Gems
	var each func(c int)
	each = func(c int) {
		if c == NumColors {
			var g Game
			g.reserve = reserve
			before := Move{Kind: Pass}
			want := []Move{before}
			for col := range Color(NumColors) {
				if reserve[col] > 0 {
					want = append(want, Move{Kind: TakeGem, Color: col})
				}
			}
			for _, room := range []int{1, 3, 5, 8} {
				buf := append(make([]Move, 0, room), before)
				all := buf[:cap(buf)]
				for i := 1; i < len(all); i++ {
					all[i] = Move{Kind: Attack} // the caller's: never a gem pick
				}
				got := g.appendGemPicks(buf)
				if !slices.Equal(got, want) {
					t.Errorf("reserve %v, room %d: appendGemPicks = %v, want %v", reserve, room, got, want)
				}
				if len(got) <= len(all) && (&got[0] != &all[0] ||
					slices.ContainsFunc(all[len(got):], func(m Move) bool { return m.Kind != Attack })) {
					t.Errorf("reserve %v, room %d: appendGemPicks = %v left the room %v", reserve, room, got, all)
				}
			}
			return
		}
		for _, n := range counts {
			reserve[c] = n
			each(c + 1)
		}
	}
	each(0)
}

// TestDevelopmentMovesAgreeWithChoices holds appendDevelopmentMoves, which lists most hands itself
// and hands the others to appendDevelopmentChoices, to the general way, at every development
// choice of random games in every edition and player mix: into a dst with no room, with room for
// part of the list only, and with room to spare, after moves already in dst. As append, it uses
// dst's room when the list fits in it, and writes nothing in it past the list: the rest is the
// caller's.
func TestDevelopmentMovesAgreeWithChoices(t *testing.T) {
	fast := 0 // hands listed without the general way
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.dec != decDevelop {
			return
		}
		prefix := []Move{{Kind: Pass}, {Kind: Bid, Color: Red}}
		want := g.appendDevelopmentChoices(slices.Clone(prefix), p)
		for room := range len(want) + 2 {
			buf := make([]Move, len(prefix), len(prefix)+room)
			copy(buf, prefix)
			all := buf[:cap(buf)]
			for i := len(prefix); i < len(all); i++ {
				all[i] = Move{Kind: Attack} // the caller's: never a development choice
			}
			got := g.appendDevelopmentMoves(buf, p)
			if !slices.Equal(got, want) {
				t.Fatalf("%+v: %v's hand %v with room for %d moves: listed %v, the general way %v",
					cfg, p, g.hand[p].slice(), room, got[len(prefix):], want[len(prefix):])
			}
			if len(got) <= len(all) && (&got[0] != &all[0] ||
				slices.ContainsFunc(all[len(got):], func(m Move) bool { return m.Kind != Attack })) {
				t.Fatalf("%+v: %v's hand %v with room for %d moves: listing %v left the room %v",
					cfg, p, g.hand[p].slice(), room, got[len(prefix):], all[len(prefix):])
			}
		}
		if screenPaysHand(g, p) {
			fast++
		}
	})
	if fast == 0 {
		t.Error("no hand was listed without the general way")
	}
}

// screenPaysHand reports whether appendDevelopmentMoves lists p's hand itself: it is not empty,
// holds neither 65 Succession nor 66 Endowment, the pyramid has room, and the screen alone pays
// the level-1 cost of every card.
func screenPaysHand(g *Game, p Player) bool {
	hand := g.hand[p]
	if hand.empty() || hand.has(lawSuccession) || hand.has(lawEndowment) || g.pyr[p].size() >= MaxPyramidCards {
		return false
	}
	for c := range hand.all() {
		if !g.screen[p].Covers(costOf[c][1]) {
			return false
		}
	}
	return true
}

// payablePlaces is the general way of listing where p can stand a character card: every legal
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

// TestAppendPlacesAgreesWithPayable holds appendPlaces, which finds the highest payable level
// once and lists the places up to it, to the general way, place by place, for every player and
// every character at every decision of random games. It also checks that the games reach places
// both payable and not, and places only payable with infinite gems, so that the shortcut is put
// to the test.
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

// TestSurelyChoosesPaymentsAndColors holds surelyChooses to the list for a payment (the cost, or
// an infinite gem to use) and for the colour of an infinite gem: it counts those moves exactly,
// so it says true exactly when two or more are listed. A game at rest never shows such a decision
// with a single move (settle makes it), so each is also cut down and asked again: for a payment,
// with the screen emptied, the infinite gems used, or both; for a colour, with the reserve and
// the screen each emptied of every set of colours.
func TestSurelyChoosesPaymentsAndColors(t *testing.T) {
	asked := map[actKind]map[bool]int{actPay: {}, actInfColor: {}}
	check := func(g *Game, cfg Config, p Player) {
		t.Helper()
		legal := g.appendLegal(nil, p)
		sure := g.surelyChooses(p)
		if sure != (len(legal) >= 2) {
			t.Fatalf("%+v: action kind %d: surelyChooses(%v) = %v, but the legal moves are %v",
				cfg, g.act.kind, p, sure, legal)
		}
		asked[g.act.kind][sure]++
	}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.patron != 0 {
			return
		}
		switch g.act.kind {
		case actPay:
			for v := range 4 {
				h := *g
				if v&1 != 0 {
					h.screen[p] = Gems{}
				}
				if v&2 != 0 {
					for _, id := range h.pyr[p].cells[:h.pyr[p].size()] {
						h.on.useInfinite(id)
					}
				}
				check(&h, cfg, p)
			}
		case actInfColor:
			for keep := range 1 << (2 * NumColors) {
				h := *g
				for c := range NumColors {
					if keep&(1<<c) == 0 {
						h.reserve[c] = 0
					}
					if keep&(1<<(NumColors+c)) == 0 {
						h.screen[p][c] = 0
					}
				}
				check(&h, cfg, p)
			}
		}
	})
	for k, n := range asked {
		if n[true] == 0 || n[false] == 0 {
			t.Errorf("action kind %d: surelyChooses said true %d times, false %d times", k, n[true], n[false])
		}
	}
	t.Logf("asked: %v", asked)
}

// lawShortcutKinds are the kinds of move of a law's play that surelyLegal answers for, beside the
// place of a character: the place of a law, a law's option, a payment and an infinite gem used.
var lawShortcutKinds = []MoveKind{PlaceCard, ChooseOption, PayCost, UseInfinite}

// TestSurelyLegalAnswersLawMoves checks that surelyLegal answers for every listed move of
// lawShortcutKinds (but the place of 65 Succession, which takes a card's place), which apply would
// otherwise look up in the list of legal moves, and never for a move of those kinds that is not
// listed: every option number, every card, every place.
func TestSurelyLegalAnswersLawMoves(t *testing.T) {
	answered := map[MoveKind]int{}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		for _, m := range legal {
			if !slices.Contains(lawShortcutKinds, m.Kind) || m.Kind == PlaceCard && !lawPlaced(g) {
				continue
			}
			if !g.surelyLegal(p, &m) {
				t.Fatalf("%+v: surelyLegal(%v, %v) is false for a listed move (%v)", cfg, p, m, legal)
			}
			answered[m.Kind]++
		}
		var near []Move
		for i := range Choice(5) {
			near = append(near, Move{Kind: ChooseOption, Choice: i}, Move{Kind: PayCost, Choice: i})
		}
		for id := range CardID(NumCards + 3) {
			near = append(near, Move{Kind: UseInfinite, Card: id}, Move{Kind: PayCost, Card: id})
		}
		for l := range int8(MaxLevel + 2) {
			for x := int8(-8); x <= 8; x++ {
				near = append(near, Move{Kind: PlaceCard, At: Place{l, x}})
			}
		}
		agrees(t, g, cfg, p, legal, near)
		if g.act.kind != actPay {
			return
		}
		// Random games seldom reach a payment the screen cannot cover, or an infinite gem that
		// has paid already, as a decision: the same payment with the screen emptied, or with
		// every infinite gem used, or with each colour due instead, or with one of every colour
		// due, no infinite gem used, and one on every card of the other players, is held to the
		// list too.
		for v := range 7 {
			h := *g
			switch {
			case v == 0:
				h.screen[p] = Gems{}
			case v == 1:
				for _, id := range h.pyr[p].cells[:h.pyr[p].size()] {
					h.on.useInfinite(id)
				}
			case v == 6:
				h.act.due = Gems{1, 1, 1, 1}
				h.on.clearUsed()
				for q := range Player(h.players) {
					for _, id := range h.pyr[q].cells[:h.pyr[q].size()] {
						if q != p {
							h.on.setInfinite(id, Blue)
						}
					}
				}
			default:
				h.act.due = Gems{}
				h.act.due[v-2] = 1
			}
			agrees(t, &h, cfg, p, h.appendLegal(nil, p), near)
		}
	})
	for _, k := range lawShortcutKinds {
		if answered[k] == 0 {
			t.Errorf("no legal %v move was made in the games played", k)
		}
	}
	t.Logf("answered: %v", answered)
}

// lawPlaced reports whether a law other than 65 Succession is being placed.
func lawPlaced(g *Game) bool {
	return g.act.kind == actPlace && g.act.card.IsLaw() && g.act.card != lawSuccession
}

// agrees fails t if surelyLegal answers for one of the moves near that is not among legal.
func agrees(t *testing.T, g *Game, cfg Config, p Player, legal, near []Move) {
	t.Helper()
	for _, m := range near {
		if g.surelyLegal(p, &m) && !slices.Contains(legal, m) {
			t.Fatalf("%+v: surelyLegal(%v, %v) but the legal moves are %v", cfg, p, m, legal)
		}
	}
}

// TestSurelyLegalLawNotOnLevel5 places a law in a pyramid whose level 4 holds two cards, so that a
// character, but no law, could stand on level 5 (random games seldom get there): surelyLegal
// answers for every listed place and for no other.
func TestSurelyLegalLawNotOnLevel5(t *testing.T) {
	var cards []CardID
	var places []Place
	for l, n := 1, 5; n >= 2; l, n = l+1, n-1 {
		for x := range n {
			cards = append(cards, CardID(len(cards)+1))
			places = append(places, Place{int8(l), int8(x)})
		}
	}
	g, err := NewGame(Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	g.pyr[0] = pyramidOf(t, cards, places).layout
	g.act = action{kind: actPlace, card: lawCensus}
	legal := g.appendLegal(nil, 0)
	answered := 0
	for l := range int8(MaxLevel + 2) {
		for x := int8(-8); x <= 8; x++ {
			m := Move{Kind: PlaceCard, At: Place{l, x}}
			sure, listed := g.surelyLegal(0, &m), slices.Contains(legal, m)
			if sure != listed {
				t.Errorf("surelyLegal(%v) = %v, listed %v (the legal moves are %v)", m, sure, listed, legal)
			}
			if sure {
				answered++
			}
		}
	}
	if answered == 0 {
		t.Error("surelyLegal answered for no place")
	}
}

// TestSurelyLegalPaintBest checks that surelyLegal answers for the best painting exactly when it
// is listed, at every decision of the painting phase: as long as some circle can be painted.
func TestSurelyLegalPaintBest(t *testing.T) {
	answered, declined := 0, 0
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		m := Move{Kind: PaintBest}
		sure, listed := g.surelyLegal(p, &m), slices.Contains(legal, m)
		if sure != listed {
			t.Fatalf("%+v: surelyLegal(%v, %v) = %v, but the legal moves are %v", cfg, p, m, sure, legal)
		}
		switch {
		case sure:
			answered++
		case g.phase == phasePainting:
			declined++
		}
	})
	if answered == 0 || declined == 0 {
		t.Errorf("the games put the best painting to the test %d times with a circle to paint, %d without", answered, declined)
	}
}

// stepKinds are the kinds of move of a law's steps that surelyLegal answers for: 76 Treasury's
// gems to park, 72 Archive's cards to tuck, stopping either or declining 67 Barter, 70 Council's
// law cards to put back, 67 Barter's gems to give, and the colour of an infinite gem.
var stepKinds = []MoveKind{Park, Done, PutBack, Tuck, GiveGem, InfiniteColor}

// stepActions are the actions whose steps those moves answer.
var stepActions = []actKind{actPark, actArchive, actBarterOwn, actPutBack, actGive, actInfColor}

// stepMoves returns every move of stepKinds with every colour and every card, valid or not.
func stepMoves() []Move {
	var out []Move
	for _, k := range stepKinds {
		out = append(append(out, kindMoves(k)...), Move{Kind: k, At: Place{1, 0}})
	}
	return out
}

// TestSurelyLegalAnswersLawSteps checks that surelyLegal answers for a move of stepKinds exactly
// when it is listed (but 74 Exile's and 78 Patronage's tucks, which are not steps), at every
// decision of random games. Random games seldom reach a step with a colour neither the reserve nor
// the screen has, or a hand without law cards, so at every step each colour is also taken out of
// the reserve, the screen or both, and the hand is emptied of its laws or of everything.
func TestSurelyLegalAnswersLawSteps(t *testing.T) {
	near := stepMoves()
	answered := map[MoveKind]int{}
	check := func(g *Game, cfg Config, p Player, legal []Move) {
		t.Helper()
		for _, m := range near {
			if m.Kind == Tuck && (g.patron != 0 || g.act.kind == actExile) {
				continue
			}
			sure, listed := g.surelyLegal(p, &m), slices.Contains(legal, m)
			if sure != listed {
				t.Fatalf("%+v: surelyLegal(%v, %v) = %v, but the legal moves are %v", cfg, p, m, sure, legal)
			}
			if sure {
				answered[m.Kind]++
			}
		}
	}
	atEveryDecision(t, func(g *Game, cfg Config, p Player, legal []Move) {
		check(g, cfg, p, legal)
		if g.patron != 0 || !slices.Contains(stepActions, g.act.kind) {
			return
		}
		var variants []Game
		for c := range NumColors {
			for v := range 3 {
				h := *g
				if v != 0 {
					h.reserve[c] = 0
				}
				if v != 1 {
					h.screen[p][c] = 0
				}
				variants = append(variants, h)
			}
		}
		laws, all := *g, *g
		all.hand[p] = cardSet{}
		for id := range g.hand[p].all() {
			if id.IsLaw() {
				laws.hand[p].remove(id)
			}
		}
		for _, h := range append(variants, laws, all) {
			check(&h, cfg, p, h.appendLegal(nil, p))
		}
	})
	for _, k := range stepKinds {
		if answered[k] == 0 {
			t.Errorf("surelyLegal never answered for a legal %v move", k)
		}
	}
	t.Logf("answered: %v", answered)
}
