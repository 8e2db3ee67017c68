package viceroy

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPayEventWords: a payment is told by what paid it: gems from the screen, an infinite gem,
// or both, with the grammar of one gem or several.
func TestPayEventWords(t *testing.T) {
	for _, tc := range []struct {
		e    Event
		want string
	}{
		{Event{Kind: EventPay, Player: 1, Gems: Gems{Red: 2}}, "player 1 pays 2 red"},
		{Event{Kind: EventPay, Player: 1, Cards: []CardID{1}}, "player 1 pays with the infinite gem on 1 Boatswain"},
		{Event{Kind: EventPay, Player: 1, Gems: Gems{Blue: 1}, Cards: []CardID{1, 2}},
			"player 1 pays 1 blue and the infinite gems on 1 Boatswain, 2 Ambassador"},
	} {
		if got := tc.e.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.e, got, tc.want)
		}
	}
}

// An event's JSON has every field its kind uses, even at the zero value (a blue card at the base
// of the auction, a gift to player 0), so that a client need not know which zero was left out; it
// reads back equal.
func TestEventJSONWritesTheFieldsItsKindUses(t *testing.T) {
	h, err := NewHistory(Config{Players: 3, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	for g := h.Game(); !g.Over(); g = h.Game() {
		p := g.ToMove()[0]
		if err := h.Play(p, g.Legal(p)[0]); err != nil {
			t.Fatal(err)
		}
	}
	want := map[EventKind][]string{EventTake: {`"color":`, `"slot":`}, EventAuctionCard: {`"color":`, `"slot":`},
		EventShift: {`"color":`, `"slot":`}, EventShuffle: {`"count":`, `"slot":`}, EventAttacks: {`"count":`}}
	seen := map[EventKind]bool{}
	for _, e := range h.Log(-1) {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range want[e.Kind] {
			if !strings.Contains(string(b), key) {
				t.Errorf("%v: %s has no %s", e, b, key)
			}
		}
		if e.Kind == EventDiscard && e.Player < 0 && (!strings.Contains(string(b), `"color":`) || !strings.Contains(string(b), `"slot":`)) {
			t.Errorf("a discard from the auction without its colour or slot: %s", b)
		}
		var back Event
		if err := json.Unmarshal(b, &back); err != nil || back.String() != e.String() {
			t.Errorf("%s read back as %v (%v)", b, back, err)
		} else if again, _ := json.Marshal(back); string(again) != string(b) {
			t.Errorf("%s read back and written again as %s", b, again)
		}
		seen[e.Kind] = true
	}
	for _, k := range []EventKind{EventTake, EventAuctionCard, EventShift, EventShuffle} {
		if !seen[k] {
			t.Errorf("the game logged no %v", k)
		}
	}
	b, _ := json.Marshal(Event{Kind: EventGive, Player: 1, Other: 0, Gems: Gems{Red: 1}})
	if !strings.Contains(string(b), `"other":0`) {
		t.Errorf("a gift to player 0: %s", b)
	}
	b, _ = json.Marshal(Event{Kind: EventVirtualBid, Player: 0, Color: Blue})
	if !strings.Contains(string(b), `"color":"blue"`) {
		t.Errorf("a virtual opponent's blue bid: %s", b)
	}
}
