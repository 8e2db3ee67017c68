package viceroy

import "testing"

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
