package viceroy

import (
	"errors"
	"fmt"
	"math/bits"
)

// The invariants of a game: what holds of every game at rest at a decision. The tests check them
// after every move of random games, and Sample checks them of every game it draws from a view, so
// that a view no game shows is refused rather than turned into a game that breaks them.

// audit returns an error naming the first invariant g breaks, cheaply enough to run after every
// move of a million games: every gem in one place (16 per colour), parked gems only on standing
// cards, what lies on and under cards in its one form (checkStorage), every card in exactly one
// place, every pyramid legal and, once setup is over, not empty, the development phase's pending
// choices in order (checkPending), the auction's claims on two cards by two bidders
// (checkClaims), somebody to move exactly until the game is over, every player to move with a
// legal move, and no forced decision left to a player but a hidden choice (settle makes those).
func (g *Game) audit() error {
	if err := g.auditSettled(); err != nil {
		return err
	}
	var gems [NumColors]int
	for c := range NumColors {
		gems[c] = int(g.reserve[c]) + int(g.box[c]) + int(g.parked.treasury[c]) + int(g.parked.succession[c])
	}
	var seen, dup cardSet
	add := func(id CardID) {
		if id == 0 {
			return
		}
		if seen.has(id) {
			dup.add(id)
		}
		seen.add(id)
	}
	for _, s := range [][]CardID{g.chars[g.largeTop:g.largeEnd], g.chars[g.smallTop:g.smallEnd], g.laws[g.lawTop:]} {
		for _, id := range s {
			add(id)
		}
	}
	for c := range g.auction {
		add(g.auction[c][0])
		add(g.auction[c][1])
	}
	for p := range g.players {
		for c := range NumColors {
			gems[c] += int(g.screen[p][c])
		}
		for _, id := range g.dealtNow(Player(p)) {
			add(id)
		}
		for id := range g.hand[p].all() {
			add(id)
		}
		pyr := &g.pyr[p]
		for _, id := range pyr.cells[:pyr.length()] {
			add(id)
			if c, ok := g.on.infinite(id).get(); ok {
				gems[c]++
			}
		}
		if g.phase == phasePainting || g.phase == phaseOver {
			for _, c := range pyr.circleList() {
				if col, ok := g.on.paint(c.Cards[2]).get(); ok {
					gems[col] += paintCost(c, col).Total()
				}
			}
		}
		if err := checkPyramidLegal(Pyramid{layout: *pyr}); err != nil {
			return fmt.Errorf("player %d: %w", p, err)
		}
		if pyr.size() == 0 && g.phase != phaseStart {
			// Every starting card stands once setup is over, and no move empties a pyramid: 65
			// Succession stands in the place of the card it sends back, 74 Exile tucks a card
			// other than itself. onlyLawPlace relies on it.
			return fmt.Errorf("player %d: no card stands after setup", p)
		}
	}
	for id := CardID(1); id <= NumCards; id++ {
		if g.under.host(id) != 0 {
			add(id)
		}
	}
	for id := range g.discarded().all() {
		add(id)
	}
	for c, n := range gems {
		if n != GemsPerColor {
			return fmt.Errorf("%d %v gems in the game", n, Color(c))
		}
	}
	if err := checkStorage(g); err != nil {
		return err
	}
	for _, id := range parkingCards {
		if g.parked.on(id).Total() > 0 && g.owner(id) < 0 {
			return fmt.Errorf("gems parked on %v, which stands in no pyramid", id)
		}
	}
	if !dup.empty() || seen.len() != NumCards {
		return fmt.Errorf("cards: %v in two places, %d of %d found", dup.slice(), seen.len(), NumCards)
	}
	if err := g.checkPending(); err != nil {
		return err
	}
	if err := g.checkClaims(); err != nil {
		return err
	}
	owes := g.owing()
	if (owes == 0) != (g.phase == phaseOver) {
		return errors.New("nobody to move before the end, or somebody after it")
	}
	var buf [64]Move
	for p := range g.players {
		if owes&(1<<p) == 0 {
			continue
		}
		switch n := len(g.appendLegal(buf[:0], Player(p))); {
		case n == 0:
			return fmt.Errorf("player %d owes a decision and has no legal move", p)
		case n == 1 && !decisions[g.decisionOwed()].hidden:
			return fmt.Errorf("player %d was left a forced decision", p)
		}
	}
	return nil
}

// auditSettled returns an error when g's derived state (owes, dec, packed marks) disagrees with a
// derivation from scratch.
func (g *Game) auditSettled() error {
	if g.owes != g.owing() {
		return fmt.Errorf("owes %04b, but the players who owe a decision are %04b", g.owes, g.owing())
	}
	if g.dec != g.decisionOwed() {
		return fmt.Errorf("dec %d, but the decision owed is %d", g.dec, g.decisionOwed())
	}
	if want := g.placeLevelsNow(); g.placeLevels != want {
		return fmt.Errorf("placeLevels %05b, but the levels where the card may stand are %05b", g.placeLevels, want)
	}
	return auditPackedMarks(&g.on, g)
}

// auditPackedMarks returns an error when a mark kept in a packed table is out of its form: a used
// mark on a card holding no infinite gem, or without the mark of entry 0 that clearUsed looks at,
// or entry 0 holding anything else; and, when g is not nil, Patronage's marks out of step with
// Game.patron and severalPatrons, or on a card in no hand, or a shown mark on a card lying in no
// hand, pyramid or law deck (where a law put back by 70 Council lies).
func auditPackedMarks(hs *holdings, g *Game) error {
	if hs.card[0]&^usedBit != 0 {
		return fmt.Errorf("entry 0 of holdings holds %#x", uint32(hs.card[0]))
	}
	for id := CardID(1); id <= NumCards; id++ {
		if !hs.usedInfinite(id) {
			continue
		}
		if hs.infinite(id) == 0 {
			return fmt.Errorf("%v is marked used but holds no infinite gem", id)
		}
		if hs.card[0]&usedBit == 0 {
			return fmt.Errorf("%v is marked used but entry 0 is not", id)
		}
	}
	if g == nil {
		return nil
	}
	marked := g.under.patrons()
	switch {
	case len(marked) == 0 && g.patron != 0, len(marked) > 0 && g.patron != marked[0]:
		return fmt.Errorf("patron %v, but the cards marked for Patronage are %v", g.patron, marked)
	case (len(marked) > 1) != (g.under.used&severalPatrons != 0):
		return fmt.Errorf("cards marked for Patronage %v, several %v", marked, g.under.used&severalPatrons != 0)
	case g.patron == 0 && g.patronWho != 0, g.patron != 0 && g.patronWho != uint8(g.owner(lawPatronage)):
		return fmt.Errorf("patronWho %d, but 78 Patronage's owner is %v (patron %v)", g.patronWho, g.owner(lawPatronage), g.patron)
	}
	for _, id := range marked {
		if !g.inAnyHand(id) {
			return fmt.Errorf("%v is marked for Patronage but lies in no hand", id)
		}
	}
	for id := range g.under.shown().all() {
		if g.owner(id) < 0 && !g.inAnyHand(id) && !(id.IsLaw() && g.inLawDeck(id)) {
			return fmt.Errorf("%v is marked shown but lies in no hand, pyramid or law deck", id)
		}
	}
	return nil
}

// inAnyHand reports whether some player holds card id in hand.
func (g *Game) inAnyHand(id CardID) bool {
	for p := range g.players {
		if g.hand[p].has(id) {
			return true
		}
	}
	return false
}

// inLawDeck reports whether law card id lies in the law deck.
func (g *Game) inLawDeck(id CardID) bool {
	for _, c := range g.laws[g.lawTop:] {
		if c == id {
			return true
		}
	}
	return false
}

// checkStorage checks that what lies on and under the cards of g is kept in its one form: nothing
// lies on a card that stands in no pyramid; the spill belongs to a standing card whose own three
// slots hold tokens, or it is empty and belongs to none; the other host of tucks is named exactly
// while a card lies under it, and the fixed codes in use are marked (checkHosts); the knowledge
// of the screens is in its packed form (checkKnowledge).
func checkStorage(g *Game) error {
	var standing cardSet
	for p := range g.players {
		for _, c := range g.pyr[p].cells[:g.pyr[p].length()] {
			standing.add(c)
		}
	}
	otherUsed := false
	for id := CardID(1); id <= NumCards; id++ {
		if h := g.on.holding(id); !standing.has(id) && h != (holding{}) {
			return fmt.Errorf("%v stands in no pyramid but holds %+v", id, h)
		}
		otherUsed = otherUsed || g.under.codeOf(id) == tuckOther
	}
	hs := &g.on
	switch id := hs.spillCard; {
	case id == 0 && hs.spill != [len(hs.spill)]Token{}:
		return fmt.Errorf("tokens %v spilled from no card", hs.spill)
	case id != 0 && (hs.spill[0] == 0 || hs.card[id].count(NoToken) != 0):
		return fmt.Errorf("%v holds the spill %v with its own slots %+v", id, hs.spill, hs.holding(id))
	}
	if otherUsed != (g.under.other != 0) {
		return fmt.Errorf("the other host is %v, and a card lies under it: %v", g.under.other, otherUsed)
	}
	if err := checkHosts(g); err != nil {
		return err
	}
	return checkKnowledge(g)
}

// checkHosts checks that the cards tucks finds with cards under them (the fixed codes in use, and
// the other host) are those the codes name, and that each stands in a pyramid.
func checkHosts(g *Game) error {
	var hosts cardSet
	for id := CardID(1); id <= NumCards; id++ {
		if host := g.under.host(id); host != 0 {
			hosts.add(host)
		}
	}
	if got := g.under.hosts(); got != hosts {
		return fmt.Errorf("cards with cards under them: %v, by the codes %v", got.slice(), hosts.slice())
	}
	for host := range hosts.all() {
		if g.owner(host) < 0 {
			return fmt.Errorf("cards lie under %v, which stands in no pyramid", host)
		}
	}
	return nil
}

// checkKnowledge checks the packed knowledge of the screens (fewGems): each player's returned gems
// are 2, and the bound on them holds them and is at most 2 of each colour.
func checkKnowledge(g *Game) error {
	for p := range g.players {
		unseen, bound := g.unseen[p].gems(), g.bound[p].gems()
		if unseen.Total() != 2 || !bound.Covers(unseen) || !twoOfEach.gems().Covers(bound) {
			return fmt.Errorf("player %d: returned gems %v, bound %v", p, unseen, bound)
		}
	}
	return nil
}

// checkPyramidLegal checks the structure of p through its public methods (RULES.md 8.1): at most
// five levels, each level one unbroken run of valid cards with no card twice, every card above
// level 1 resting on two cards, no law on level 5, and Len, Levels, At, Find and Has agreeing with
// Row. Tests elsewhere in the package reuse it.
func checkPyramidLegal(p Pyramid) error {
	if row, _ := p.row(0); row != nil {
		return fmt.Errorf("level 0 holds %v", row)
	}
	if row, _ := p.row(MaxLevel + 1); row != nil {
		return fmt.Errorf("level %d holds %v", MaxLevel+1, row)
	}
	var rows [MaxLevel + 1][]CardID
	var firsts [MaxLevel + 1]int
	total, levels := 0, 0
	lo, hi := 0, 0 // the columns spanned by level 1
	seen := map[CardID]Place{}
	for l := 1; l <= MaxLevel; l++ {
		row, first := p.row(l)
		rows[l], firsts[l] = row, first
		if len(row) == 0 {
			continue
		}
		levels = l
		total += len(row)
		if l == 1 {
			lo, hi = first, first+len(row)-1
		}
		for k, id := range row {
			x := first + k
			at := Place{int8(l), int8(x)}
			if !id.Valid() {
				return fmt.Errorf("%v holds %v, not a card", at, id)
			}
			if old, dup := seen[id]; dup {
				return fmt.Errorf("%v stands at %v and at %v", id, old, at)
			}
			seen[id] = at
			if l == MaxLevel && id.IsLaw() {
				return fmt.Errorf("law %v stands on level %d", id, MaxLevel)
			}
			if l > 1 {
				left, right := p.At(Place{int8(l - 1), int8(x)}), p.At(Place{int8(l - 1), int8(x + 1)})
				if left == 0 || right == 0 {
					return fmt.Errorf("%v at %v rests on %v and %v", id, at, left, right)
				}
			}
			if got, ok := p.Find(id); !ok || got != at {
				return fmt.Errorf("Find(%v) = %v, %v; it stands at %v", id, got, ok, at)
			}
			if !p.has(id) {
				return fmt.Errorf("Has(%v) is false; it stands at %v", id, at)
			}
		}
	}
	if total != p.length() {
		return fmt.Errorf("the rows hold %d cards, length is %d", total, p.length())
	}
	if levels != p.levels() {
		return fmt.Errorf("%d levels hold cards, Levels is %d", levels, p.levels())
	}
	if total > 0 && len(rows[1]) == 0 {
		return fmt.Errorf("cards stand above an empty level 1")
	}
	// At agrees with Row all over a window around the pyramid: each level's run is unbroken and
	// nothing stands outside it, not even on levels 0 and 6.
	for l := 0; l <= MaxLevel+1; l++ {
		for x := lo - 3; x <= hi+3; x++ {
			want := CardID(0)
			if l >= 1 && l <= MaxLevel && x >= firsts[l] && x < firsts[l]+len(rows[l]) {
				want = rows[l][x-firsts[l]]
			}
			if got := p.At(Place{int8(l), int8(x)}); got != want {
				return fmt.Errorf("At(%v) = %v, want %v", Place{int8(l), int8(x)}, got, want)
			}
		}
	}
	return nil
}

// checkPending checks the development phase's revealed choices still to resolve: none while the
// choices are collected; after the reveal, each a play or a discard of a card in its player's hand,
// and each of a higher card than the choice resolving now (the lowest card resolves first), whose
// player is no longer pending.
func (g *Game) checkPending() error {
	if g.phase != phaseDevelopment {
		if g.pending != 0 {
			return fmt.Errorf("choices pending in the %v", g.currentStep())
		}
		return nil
	}
	if g.pending&^g.everyone() != 0 || g.sub == subChoose && g.pending != 0 {
		return fmt.Errorf("choices pending of players %04b in the %v", g.pending, g.currentStep())
	}
	resolving := g.act.kind != actNone
	now := g.secret[g.act.who]
	for p := range g.players {
		if g.pending&(1<<p) == 0 {
			continue
		}
		switch m := g.secret[p]; {
		case m.Kind != Play && m.Kind != Discard || !g.hand[p].has(m.Card):
			return fmt.Errorf("player %d's revealed %v is pending, and the hand lacks the card", p, m)
		case resolving && (uint8(p) == g.act.who || m.Card <= now.Card):
			return fmt.Errorf("player %d's %v is pending while player %d's %v resolves", p, m, g.act.who, now)
		}
	}
	return nil
}

// checkClaims checks the auction's two-card claims: while they are collected, exactly two human
// bidders, and no virtual opponent, bid the colour being resolved, and two cards lie there.
func (g *Game) checkClaims() error {
	if g.phase != phaseAuction || g.sub != subClaim {
		return nil
	}
	c := g.bidColor
	if c >= NumColors {
		return fmt.Errorf("claims on colour %d", c)
	}
	if humans := g.bidders(Color(c)); bits.OnesCount8(humans) != 2 || g.auction[c][0] == 0 || g.auction[c][1] == 0 {
		return fmt.Errorf("claims of players %04b on the cards %v at %v", humans, g.auction[c], Color(c))
	}
	for i := range g.virtual {
		if g.vIn&(1<<i) != 0 && g.vBid[i] == someColor(Color(c)) {
			return fmt.Errorf("claims on %v, which virtual opponent %d bid", Color(c), i)
		}
	}
	return nil
}
