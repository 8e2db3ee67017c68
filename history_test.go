package viceroy

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// randomHistory plays a game to its end with random legal moves through a History, calling each
// after every move.
func randomHistory(t *testing.T, cfg Config, choices uint64, each func(h *History, before Game, p Player, m Move)) *History {
	t.Helper()
	h, err := NewHistory(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(choices, 5))
	for g := h.Game(); !g.Over(); g = h.Game() {
		who := g.ToMove()
		p := who[r.IntN(len(who))]
		moves := g.Legal(p)
		m := moves[r.IntN(len(moves))]
		if err := h.Play(p, m); err != nil {
			t.Fatalf("%v %v: %v", p, m, err)
		}
		each(h, g, p, m)
	}
	return h
}

// TestHistoryPlaysAsApply: a History's game is the game Apply makes, move for move, its record
// replays to it, and an illegal move changes nothing.
func TestHistoryPlaysAsApply(t *testing.T) {
	for _, cfg := range allMixes(3) {
		h := randomHistory(t, cfg, 3, func(h *History, before Game, p Player, m Move) {
			want := mustApply(t, before, p, m)
			if h.Game() != want {
				t.Fatalf("%+v: after %v %v the history's game is not Apply's", cfg, p, m)
			}
		})
		g, err := Replay(h.Record())
		if err != nil || g != h.Game() {
			t.Fatalf("%+v: the record does not replay to the game (%v)", cfg, err)
		}
		n := h.numEvents()
		if err := h.Play(0, Move{Kind: Pass}); err == nil || h.numEvents() != n || h.Game() != g {
			t.Fatalf("%+v: a move after the end was taken (%v)", cfg, err)
		}
	}
}

// table is what a client following the log knows of the public state of the game.
type table struct {
	turn, round int
	phase       Phase
	reserve     Gems
	auction     [NumColors][2]CardID
	discarded   []CardID
	decks       Decks
	players     []tablePlayer
}

type tablePlayer struct {
	tableau                  tabModel
	hand, laws, gems, attack int
}

// tabModel is what a client following the log keeps of a tableau: the cards at their places,
// what lies on each, and the cards tucked under others. It is built from the public reads of a
// Tableau (modelOf) and changed by the events of the log, so that no test reaches into a
// Tableau's storage.
type tabModel struct {
	cards map[Place]CardID
	on    map[CardID]cardModel
	under map[CardID]CardID // a tucked card: the card it lies under
}

// cardModel is what lies on a standing card: its tokens slot by slot, its infinite gem, the colour
// its circle was painted (-1 for none) and the gems parked on it.
type cardModel struct {
	tokens   []Token
	infinite Color
	hasGem   bool
	paint    int
	parked   Gems
}

// modelOf reads tab through its public methods.
func modelOf(tab Tableau) tabModel {
	m := tabModel{cards: map[Place]CardID{}, on: map[CardID]cardModel{}, under: map[CardID]CardID{}}
	painted := map[Place]Color{}
	for _, c := range tab.Circles() {
		if tab.isPainted(c.Top) {
			painted[c.Top] = c.Sectors[0]
		}
	}
	for _, id := range tab.Pyramid.Cards() {
		at, _ := tab.Pyramid.Find(id)
		m.cards[at] = id
		h := tab.Holding(id)
		cm := cardModel{tokens: h.Tokens, infinite: h.Infinite, hasGem: h.HasGem, paint: -1, parked: h.Parked}
		if c, ok := painted[at]; ok {
			cm.paint = int(c)
		}
		if len(cm.tokens) == 0 {
			cm.tokens = nil
		}
		m.on[id] = cm
		for _, u := range tab.TuckedUnder(id) {
			m.under[u] = id
		}
	}
	return m
}

// tableFrom takes the public facts of a view.
func tableFrom(v View) table {
	tb := table{turn: v.Turn, round: v.Round, phase: v.Phase, reserve: v.Reserve, auction: v.Auction,
		discarded: slices.Clone(v.Discarded), decks: v.Decks}
	for _, pv := range v.Players {
		tb.players = append(tb.players, tablePlayer{tableau: modelOf(pv.Tableau), hand: pv.HandSize, laws: pv.HandLaws,
			gems: pv.Gems, attack: pv.Attacks})
	}
	return tb
}

// place stands id at at, with nothing on it.
func (m *tabModel) place(id CardID, at Place) {
	m.cards[at] = id
	m.on[id] = cardModel{paint: -1}
}

// follow changes the table by one event of viewer's log.
func (tb *table) follow(t *testing.T, viewer Player, e Event) {
	t.Helper()
	pl := func(q Player) *tablePlayer { return &tb.players[q] }
	hand := func(q Player, c CardID, n int) {
		pl(q).hand += n
		if c.IsLaw() || c == 0 && n < 0 {
			pl(q).laws += n
		}
	}
	on := func(q Player, id CardID, f func(*cardModel)) {
		cm := pl(q).tableau.on[id]
		f(&cm)
		pl(q).tableau.on[id] = cm
	}
	switch e.Kind {
	case EventReveal:
		switch e.Move.Kind {
		case Bid:
			pl(e.Player).gems--
			tb.reserve[e.Move.Color]++
		case KeepInPyramid:
			pl(e.Player).tableau.place(e.Move.Card, Place{1, 0})
		}
	case EventTurn:
		tb.turn, tb.phase = e.Turn, PhaseAuction
	case EventRound:
		tb.round, tb.phase = e.Round, e.Phase
	case EventPhase:
		tb.phase = e.Phase
	case EventShuffle:
		tb.decks.Large, tb.decks.Small = e.Count, e.Slot
	case EventAuctionCard:
		tb.auction[e.Color][e.Slot] = e.Card
		if e.Deck == "small" {
			tb.decks.Small--
		} else {
			tb.decks.Large--
		}
	case EventShift:
		tb.auction[e.Color][0], tb.auction[e.Color][1] = 0, e.Card
	case EventTake:
		tb.auction[e.Color][e.Slot] = 0
		hand(e.Player, e.Card, 1)
	case EventDiscard:
		if e.Player < 0 {
			tb.auction[e.Color][e.Slot] = 0
		} else {
			hand(e.Player, e.Card, -1)
		}
		tb.discarded = append(tb.discarded, e.Card)
		slices.Sort(tb.discarded)
	case EventDraw:
		pl(e.Player).hand++
		if e.Deck == "laws" {
			pl(e.Player).laws++
			tb.decks.Laws--
		} else {
			tb.decks.Small--
		}
	case EventKeepStart:
		pl(e.Player).hand++
	case EventPlace:
		hand(e.Player, e.Card, -1)
		tab := &pl(e.Player).tableau
		if e.Host != 0 {
			tab.cards[e.At] = e.Card
			tab.on[e.Card] = tab.on[e.Host]
			delete(tab.on, e.Host)
			for id, host := range tab.under {
				if host == e.Host {
					tab.under[id] = e.Card
				}
			}
			hand(e.Player, e.Host, 1)
			return
		}
		if _, taken := tab.cards[e.At]; taken {
			t.Fatalf("%v: the place is taken", e)
		}
		tab.place(e.Card, e.At)
	case EventPay:
		pl(e.Player).gems -= e.Gems.Total()
		tb.reserve = tb.reserve.Plus(e.Gems)
	case EventGems, EventCircleGems:
		pl(e.Player).gems += e.Gems.Total()
		tb.reserve = tb.reserve.Minus(e.Gems)
	case EventTokens:
		on(e.Player, e.Card, func(cm *cardModel) { cm.tokens = append(cm.tokens, e.Tokens...) })
	case EventAttacks:
		pl(e.Player).attack += e.Count
	case EventInfinite:
		on(e.Player, e.Card, func(cm *cardModel) { cm.infinite, cm.hasGem = e.Color, true })
		if e.Slot == 1 {
			pl(e.Player).gems--
		} else {
			tb.reserve[e.Color]--
		}
	case EventTuck:
		tab := &pl(e.Player).tableau
		if e.Slot == 1 {
			var at Place
			found := false
			for p, id := range tab.cards {
				if id == e.Card {
					at, found = p, true
				}
			}
			if !found {
				t.Fatalf("%v: the card does not stand", e)
			}
			delete(tab.cards, at)
			cm := tab.on[e.Card]
			if cm.hasGem {
				tb.reserve[cm.infinite]++
			}
			tb.reserve = tb.reserve.Plus(cm.parked)
			delete(tab.on, e.Card)
		} else {
			hand(e.Player, e.Card, -1)
		}
		tab.under[e.Card] = e.Host
	case EventPark:
		pl(e.Player).gems -= e.Gems.Total()
		on(e.Player, e.Card, func(cm *cardModel) { cm.parked = cm.parked.Plus(e.Gems) })
	case EventPutBack:
		hand(e.Player, lawCouncil, -1)
		tb.decks.Laws++
	case EventSwap:
		mine, theirs := pl(e.Player).tableau.on[e.Card], pl(e.Other).tableau.on[e.Host]
		mine.tokens, theirs.tokens = slices.Clone(mine.tokens), slices.Clone(theirs.tokens)
		mine.tokens[e.Slot], theirs.tokens[e.Count] = theirs.tokens[e.Count], mine.tokens[e.Slot]
		pl(e.Player).tableau.on[e.Card], pl(e.Other).tableau.on[e.Host] = mine, theirs
	case EventGive:
		pl(e.Player).gems -= e.Gems.Total()
		pl(e.Other).gems += e.Gems.Total()
	case EventPaint:
		if e.Hidden || e.Slot == 1 && e.Player == viewer {
			return
		}
		top := pl(e.Player).tableau.cards[e.At]
		on(e.Player, top, func(cm *cardModel) { cm.paint = int(e.Color) })
		pl(e.Player).gems -= e.Gems.Total()
	}
}

// TestLogRebuildsTheView: a client that starts from a player's first view and follows only that
// player's log rebuilds every public fact of the player's view, after every move of random games
// of all player mixes: phase, turn and round, the reserve, the auction, the cards out of the game,
// the decks, and every player's tableau, hand size and law cards in hand, gems and attack tokens.
func TestLogRebuildsTheView(t *testing.T) {
	for _, cfg := range allMixes(8) {
		first, err := NewHistory(cfg)
		if err != nil {
			t.Fatal(err)
		}
		tables := make([]table, cfg.Players)
		seen := make([]int, cfg.Players)
		for p := range tables {
			g := first.Game()
			tables[p] = tableFrom(g.View(Player(p)))
			seen[p] = first.numEvents()
		}
		every, step := sized(3, 1), 0 // compare at every move at full size, every third otherwise
		randomHistory(t, cfg, 8, func(h *History, before Game, mover Player, m Move) {
			step++
			for p := range Player(cfg.Players) {
				log := h.Log(p)
				for _, e := range log[seen[p]:] {
					tables[p].follow(t, p, e)
				}
				seen[p] = len(log)
				if g := h.Game(); step%every != 0 && !g.Over() {
					continue
				}
				g := h.Game()
				want := tableFrom(g.View(p))
				if diff := cmp.Diff(want, tables[p], cmp.AllowUnexported(table{}, tablePlayer{}, tabModel{}, cardModel{}),
					cmpopts.EquateEmpty()); diff != "" {
					var lines []string
					for _, e := range log[max(0, len(log)-12):] {
						lines = append(lines, e.String())
					}
					t.Fatalf("%+v: after %v %v, %v's table from the log differs from the view (-view +log):\n%s\nlast events:\n%s",
						cfg, mover, m, p, diff, strings.Join(lines, "\n"))
				}
			}
		})
	}
}

func tableauText(t *testing.T, tab Tableau) string {
	b, err := json.Marshal(tab)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// visibleCards returns the cards a view shows, wherever they are.
func visibleCards(v View) cardSet {
	var s cardSet
	add := func(cs ...CardID) {
		for _, c := range cs {
			if c.Valid() {
				s.add(c)
			}
		}
	}
	add(v.Hand...)
	add(v.Dealt...)
	add(v.LawsKnown...)
	add(v.Discarded...)
	add(v.Progress.Patronage...)
	add(v.Playing)
	for _, pair := range v.Auction {
		add(pair[:]...)
	}
	for _, m := range v.Chosen {
		add(m.Card)
	}
	for _, pm := range v.Revealed {
		add(pm.Move.Card)
	}
	for _, pv := range v.Players {
		add(pv.Hand...)
		add(pv.Tableau.Pyramid.Cards()...)
		add(pv.Tableau.Tucked()...)
	}
	return s
}

// TestLogHidesHiddenFacts: no event of a player's log names a card that the player's view did
// not show before or after it happened, nor another player's choice before its reveal.
func TestLogHidesHiddenFacts(t *testing.T) {
	for _, cfg := range allMixes(4) {
		seen := make([]int, cfg.Players)
		randomHistory(t, cfg, 4, func(h *History, before Game, mover Player, m Move) {
			for p := range Player(cfg.Players) {
				shown := visibleCards(before.View(p))
				g := h.Game()
				after := visibleCards(g.View(p))
				shown[0] |= after[0]
				shown[1] |= after[1]
				log := h.Log(p)
				for _, e := range log[seen[p]:] {
					for _, c := range slices.Concat(e.Cards, []CardID{e.Card, e.Host, e.Move.Card}) {
						if c != 0 && !shown.has(c) {
							t.Fatalf("%+v: %v's log names %v, which %v has not seen: %v", cfg, p, c, p, e)
						}
					}
					if e.Kind == EventChoose && e.Player != p && (e.Move != Move{} || !e.Hidden) {
						t.Fatalf("%+v: %v's log shows %v's hidden choice: %v", cfg, p, e.Player, e)
					}
				}
				seen[p] = len(log)
			}
		})
	}
}

// TestEventJSON: every event of the logs of games of several mixes marshals, reads back as the
// same event, and tells itself in words.
func TestEventJSON(t *testing.T) {
	for _, cfg := range []Config{{Players: 4, Seed: 2}, {Players: 2, Virtual: 1, Seed: 2}, {Players: 1, Virtual: 1, Seed: 2, Edition: FirstEdition}} {
		h := randomHistory(t, cfg, 2, func(*History, Game, Player, Move) {})
		for p := range Player(cfg.Players) {
			for _, e := range h.Log(p) {
				b, err := json.Marshal(e)
				if err != nil {
					t.Fatalf("%v: %v", e, err)
				}
				var back Event
				if err := json.Unmarshal(b, &back); err != nil {
					t.Fatalf("%s: %v", b, err)
				}
				if !cmp.Equal(back, e, cmpopts.IgnoreUnexported(Event{})) {
					t.Fatalf("%s reads back as %+v, not %+v", b, back, e)
				}
				if s := e.String(); s == "" || strings.Contains(s, "EventKind(") {
					t.Fatalf("%s tells itself as %q", b, s)
				}
			}
		}
	}
}

// infinitePaidIn returns a place where p, placing a character card in g, pays a gem of colour c
// from the screen for a level whose reward is an infinite gem of colour c, and c, if there is one;
// with empty, only while the reserve holds no gem of c.
func infinitePaidIn(g *Game, p Player, empty bool) (Move, Color, bool) {
	a := actionOf(g, p)
	if g.Decision(p) != ChoosePlace || a == nil || !a.Card.IsCharacter() {
		return Move{}, 0, false
	}
	for _, m := range g.Legal(p) {
		if m.At.Level == MaxLevel {
			continue
		}
		for _, it := range a.Card.Card().Rows[m.At.Level-1].Reward.Items() {
			c := it.Color
			if it.Kind == InfiniteReward && oracleCost(a.Card, int(m.At.Level))[c] > 0 && usableInfinite(g, p)[c] == 0 &&
				(g.reserveGems()[c] == 0) == empty && (empty || g.reserveGems()[c] > 0) {
				return m, c, true
			}
		}
	}
	return Move{}, 0, false
}

// TestLogInfiniteGemPaidIn places a card at a level where it costs a gem of a colour and earns an
// infinite gem of that colour: 62 Colonel at level 1 from a game played by hand
// (testdata/colonel-before-placing.txt), where the reserve holds gems of that colour; and, from a
// game a scenario found, a card placed while the reserve holds none but the one paid in. The gem
// paid goes to the reserve, and the infinite gem comes from the reserve, whether the reserve held
// gems of its colour before or only the one paid in. The log must say so, and tell no gem taken:
// it once read the reserve before and after the step, found it unchanged and the screen a gem
// short, and told the infinite gem as taken from the screen, with a gem taken from the reserve.
func TestLogInfiniteGemPaidIn(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "colonel-before-placing.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var byHand Record
	if err := byHand.UnmarshalText(data); err != nil {
		t.Fatal(err)
	}
	found := scenario{configs: []Config{{Players: 2}, {Players: 1, Virtual: 1}, {Players: 3}}, seeds: 500,
		want: func(g *Game) bool {
			if g.Over() {
				return false
			}
			_, _, ok := infinitePaidIn(g, g.ToMove()[0], true)
			return ok
		}}.reach(t)
	for _, emptied := range []bool{false, true} {
		rec := byHand
		if emptied {
			rec = found.Record
		}
		h, err := ReplayHistory(rec)
		if err != nil {
			t.Fatal(err)
		}
		g := h.Game()
		p := g.ToMove()[0]
		place, c, ok := infinitePaidIn(&g, p, emptied)
		if !emptied {
			place, c = Move{Kind: PlaceCard, At: Place{1, 2}}, Red
			ok = ok && actionOf(&g, p).Card == 62 && slices.Contains(g.Legal(p), place)
		}
		if !ok {
			t.Fatalf("emptied %v: the record does not end placing such a card: %v, legal %v", emptied, g.Decision(p), g.Legal(p))
		}
		before, reserve := h.numEvents(), g.reserveGems()[c]
		if err := h.Play(p, place); err != nil {
			t.Fatal(err)
		}
		after := h.Game()
		if got := after.reserveGems()[c]; got != reserve {
			t.Fatalf("emptied %v: the reserve holds %d %v gems, want %d (one paid in, one taken)", emptied, got, c, reserve)
		}
		var told []string
		for _, e := range h.Log(-1)[before:] {
			told = append(told, e.String())
			if e.Kind == EventInfinite && e.Slot != 0 || e.Kind == EventGems {
				t.Errorf("emptied %v: the log tells %q (slot %d)", emptied, e, e.Slot)
			}
		}
		t.Logf("emptied %v: %q", emptied, told)
	}
}
