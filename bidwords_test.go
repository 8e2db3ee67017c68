package viceroy

import "testing"

// TestBidWordsAgreeWithChoices holds humanBids and virtualBids, which read the bids of a round for
// every colour at once, to the hidden choices and virtual bids they come from, read one player at a
// time, at every decision of random games of every mix (atEveryDecision), and bidders to the byte
// of its colour.
func TestBidWordsAgreeWithChoices(t *testing.T) {
	var humansSeen, virtualsSeen int
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		var humans, virtuals uint32
		for q := range Player(MaxPlayers) {
			if m := g.secret[q]; g.inAuction&(1<<q) != 0 && m.Kind == Bid {
				humans |= 1 << (8*uint(m.Color) + uint(q))
			}
			if c, ok := g.vBid[q].get(); ok && g.vIn&(1<<q) != 0 {
				virtuals |= 1 << (8*uint(c) + 4 + uint(q))
			}
		}
		if got := g.humanBids(); got != humans {
			t.Fatalf("%+v: humanBids = %#08x, the hidden choices %v of players in %04b give %#08x",
				cfg, got, g.secret, g.inAuction, humans)
		}
		if got := g.virtualBids(); got != virtuals {
			t.Fatalf("%+v: virtualBids = %#08x, the bids %v of virtual opponents in %04b give %#08x",
				cfg, got, g.vBid, g.vIn, virtuals)
		}
		for c := range Color(NumColors) {
			if got, want := g.bidders(c), uint8(humans>>(8*c))&0xF; got != want {
				t.Fatalf("%+v: bidders(%v) = %04b, want %04b", cfg, c, got, want)
			}
		}
		humansSeen += b2i(humans != 0)
		virtualsSeen += b2i(virtuals != 0)
	})
	if humansSeen == 0 || virtualsSeen == 0 {
		t.Errorf("bids seen at %d decisions, virtual bids at %d: the test checks nothing", humansSeen, virtualsSeen)
	}
}
