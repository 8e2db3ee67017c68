package viceroy

import (
	"fmt"
	"math/bits"
)

// The recalled rounds of an auction or development phase (View.Recalled, VirtualView.PastBids):
// the sampler keeps them as the game keeps them (roundRecall), and refuses those no game has:
// rounds recalled outside those phases or more or fewer than were held, a choice that is not of
// the phase, two of one participant in a round, a participant who takes part in a round after
// passing or after leaving; in an auction, a sole bidder who stayed in though no attack emptied
// the colour, colliding bidders who left, an attacker alone who stayed in, claims of players who
// did not bid a colour two of them alone bid, and claims whose outcome the next round
// contradicts; in a development phase, a discard in the first edition.
//
// These checks read the rounds backwards through RULES.md 6, the auction's resolution (attacks
// first; then, for each colour, k bidders and n cards: one bidder takes a card and is done, two on
// two cards claim, any other meeting leaves every bidder in), and RULES.md 7 and 2 (no discard in
// the development phase of the first edition). They only refuse: the sampled game's recall is
// what the view says, and the engine that resolves rounds (auction.go) is not asked here, since a
// recalled round's cards and gems are gone from the view. A change to those rules must change
// these checks too; TestSampleRefusesImpossibleRecall and the mutation fuzzer hold them to games.

// recallRound is one recalled round as sets: who took part, and how.
type recallRound struct {
	in, virtualIn  uint8            // players and virtual opponents who chose (bit p, bit v)
	passed, attack uint8            // players who passed, who attacked
	bidders        [NumColors]uint8 // by colour: bit p for player p, bit 4+v for virtual opponent v
	claims         [MaxPlayers]CardID
}

// setRecalled copies the recalled rounds of the view into the game, and checks them.
func (s *sampler) setRecalled(v View) error {
	g := &s.g
	held := 0 // the earlier rounds of the phase under way
	if g.recalling() {
		held = int(g.round) - 1
	}
	if len(v.Recalled) != held {
		return fmt.Errorf("%w: %d rounds recalled in %v round %d: every earlier round of the phase under way, and no other", ErrBadView,
			len(v.Recalled), v.Phase, v.Round)
	}
	var rounds [2]recallRound
	for r, round := range v.Recalled {
		if err := s.readRecalled(&rounds[r], r, round, v); err != nil {
			return err
		}
	}
	for i, vv := range v.Virtual {
		if len(vv.PastBids) > 0 && g.phase != phaseAuction || len(vv.PastBids) > held {
			return fmt.Errorf("%w: virtual opponent %d recalls %d bids in %d earlier rounds", ErrBadView, i, len(vv.PastBids), held)
		}
		for r, c := range vv.PastBids {
			if !c.Valid() {
				return fmt.Errorf("%w: virtual opponent %d recalls a bid of colour %d", ErrBadView, i, c)
			}
			rounds[r].virtualIn |= 1 << i
			rounds[r].bidders[c] |= 1 << (4 + i)
			g.recall.moves |= recallCode(&Move{Kind: Bid, Color: c}) << (recallRoundBits*uint(r) + recallBits*uint(int(g.players)+i))
		}
	}
	return s.checkRecalled(v, rounds[:held])
}

// recallable reports whether m is a choice a round of the phase under way recalls, written as the
// game writes it: a bid, an attack or a pass in an auction; a play, a discard (second edition) or
// a pass in a development phase.
func (s *sampler) recallable(m Move) bool {
	switch g := &s.g; {
	case m.Kind == Pass:
		return m == Move{Kind: Pass}
	case g.phase == phaseAuction && m.Kind == Attack:
		return m == Move{Kind: Attack}
	case g.phase == phaseAuction && m.Kind == Bid:
		return m == Move{Kind: Bid, Color: m.Color} && m.Color.Valid()
	case g.phase == phaseDevelopment && (m.Kind == Play || m.Kind == Discard && g.edition == SecondEdition):
		return m == Move{Kind: m.Kind, Card: m.Card} && m.Card.Valid()
	}
	return false
}

// readRecalled reads round r (0 for round 1) of the recalled rounds of view v into rr and into
// the game.
func (s *sampler) readRecalled(rr *recallRound, r int, round []PlayerMove, v View) error {
	g := &s.g
	for _, pm := range round {
		p, m := pm.Player, pm.Move
		if p < 0 || int(p) >= int(g.players) {
			return fmt.Errorf("%w: no player %d in recalled round %d", ErrBadView, p, r+1)
		}
		if m.Kind == Claim && g.phase == phaseAuction {
			if m != (Move{Kind: Claim, Card: m.Card}) || !m.Card.Valid() || rr.claims[p] != 0 {
				return fmt.Errorf("%w: player %d's claim %v in recalled round %d", ErrBadView, p, m, r+1)
			}
			rr.claims[p] = m.Card
			g.recall.cards[r][p] = m.Card
			continue
		}
		if !s.recallable(m) || rr.in&(1<<p) != 0 {
			return fmt.Errorf("%w: player %d's choice %v in recalled round %d of the %v", ErrBadView, p, m, r+1, v.Phase)
		}
		code := recallCode(&m)
		if g.phase == phaseDevelopment {
			g.recall.cards[r][p] = m.Card
		}
		rr.in |= 1 << p
		switch m.Kind {
		case Pass:
			rr.passed |= 1 << p
		case Attack:
			rr.attack |= 1 << p
		case Bid:
			rr.bidders[m.Color] |= 1 << p
		}
		g.recall.moves |= code << (recallRoundBits*uint(r) + recallBits*uint(p))
	}
	return nil
}

// checkRecalled holds the recalled rounds to one another and to the round under way: each
// participant of a round stayed in the auction through the rounds before, which it left only by
// taking a card, passing or attacking.
func (s *sampler) checkRecalled(v View, rounds []recallRound) error {
	g := &s.g
	if len(rounds) == 0 {
		return nil
	}
	// Who takes part in the round under way: everyone still in the auction or still developing,
	// and everyone whose choice of it is revealed.
	nowIn, nowVirtual := g.inAuction, g.vIn
	if g.phase == phaseDevelopment {
		nowIn = g.active
	}
	for _, pm := range v.Revealed {
		if pm.Player >= 0 && int(pm.Player) < int(g.players) && pm.Move.Kind != Claim {
			nowIn |= 1 << pm.Player
		}
	}
	for i, vv := range v.Virtual {
		if vv.Bid != nil {
			nowVirtual |= 1 << i
		}
	}
	for r := range rounds {
		rr := &rounds[r]
		nextIn, nextVirtual := nowIn, nowVirtual
		if r+1 < len(rounds) {
			nextIn, nextVirtual = rounds[r+1].in, rounds[r+1].virtualIn
		}
		if stayed := rr.in &^ rr.passed; nextIn&^stayed != 0 || nextVirtual&^rr.virtualIn != 0 {
			return fmt.Errorf("%w: players %04b and virtual opponents %03b take part in %v round %d, and were out after round %d",
				ErrBadView, nextIn&^stayed, nextVirtual&^rr.virtualIn, v.Phase, r+2, r+1)
		}
		if g.phase == phaseDevelopment {
			continue
		}
		if rr.in&g.skip != 0 {
			return fmt.Errorf("%w: players %04b skip the auction, and took part in round %d", ErrBadView, rr.in&g.skip, r+1)
		}
		if rr.passed&^g.passedAt != 0 {
			return fmt.Errorf("%w: players %04b passed in auction round %d, and are not among those who passed", ErrBadView, rr.passed&^g.passedAt, r+1)
		}
		if err := rr.checkBids(r, nextIn); err != nil {
			return err
		}
	}
	return nil
}

// checkBids holds round r's bids, attacks and claims to what the players of nextIn, who took part
// in the next round, did: a sole bidder on a colour takes a card and leaves, unless an attacker
// emptied the colour first; players who collide stay in, but for a player alone with one virtual
// opponent on two cards, who may take the tip card; two players alone on a colour claim only when
// two cards lie there, and both stay in when they claimed the same card, else both leave; an
// attacker stays in only when earlier attackers emptied the auction.
func (rr *recallRound) checkBids(r int, nextIn uint8) error {
	bad := func(why string, args ...any) error {
		return fmt.Errorf("%w: auction round %d: %s", ErrBadView, r+1, fmt.Sprintf(why, args...))
	}
	if stay := rr.attack & nextIn; stay != 0 && bits.OnesCount8(rr.attack) < 2 {
		return bad("players %04b attacked alone, and stayed in the auction", stay)
	}
	claimed := uint8(0)
	for p, c := range rr.claims {
		if c != 0 {
			claimed |= 1 << p
		}
	}
	for c, who := range rr.bidders {
		humans, virtuals := who&0xF, who>>4
		nh, nv := bits.OnesCount8(humans), bits.OnesCount8(virtuals)
		duel := nh == 2 && nv == 0
		got := claimed & humans
		switch {
		case got != 0 && (!duel || got != humans):
			return bad("claims of players %04b on %v, which players %04b and virtual opponents %03b bid", got, Color(c), humans, virtuals)
		case got != 0:
			a, b := bits.TrailingZeros8(humans), 7-bits.LeadingZeros8(humans)
			want := uint8(0)
			if rr.claims[a] == rr.claims[b] {
				want = humans // the same claim: neither takes a card
			}
			if humans&nextIn != want {
				return bad("players %d and %d claimed %v and %v, and players %04b of them took part in the next round",
					a, b, rr.claims[a], rr.claims[b], humans&nextIn)
			}
		case nh == 1 && nv == 0 && humans&nextIn != 0 && rr.attack == 0:
			return bad("player %d bid %v alone, and stayed in though no attack emptied it", bits.TrailingZeros8(humans), Color(c))
		case nh+nv >= 2 && !(nh == 1 && nv == 1) && humans&^nextIn != 0:
			return bad("players %04b bid %v with others and left the auction", humans&^nextIn, Color(c))
		}
		claimed &^= humans
	}
	if claimed != 0 {
		return bad("claims of players %04b, who bid no colour", claimed)
	}
	return nil
}
