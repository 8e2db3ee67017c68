package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/laar/viceroy"
)

// The narrator turns a sequence of game values into a log. It never looks inside the engine: it
// compares what the public API shows of the game before and after each move.
//
// Three kinds of line come out of it:
//   - reveals: the hidden choices of a round (bids, claims, development choices), printed once
//     nobody's choice is hidden any more;
//   - segments: what one player did, from the first change of their screen, hand or pyramid until
//     they owe no further step of that action (a play with its payment and reward, a pass with its
//     gems, a card taken from the auction);
//   - the turn's frame: the auction row at the start of a turn and the cards that leave the
//     auction at its end.

// pstate is the part of the game that belongs to one player.
type pstate struct {
	screen  viceroy.Gems
	hand    []viceroy.CardID
	tableau viceroy.Tableau
	attacks int
}

func stateOf(g viceroy.Game, p viceroy.Player) pstate {
	return pstate{screen: g.Screen(p), hand: g.Hand(p), tableau: g.Tableau(p), attacks: g.Attacks(p)}
}

func (s pstate) equal(o pstate) bool {
	return s.screen == o.screen && s.attacks == o.attacks && s.tableau == o.tableau &&
		slices.Equal(s.hand, o.hand)
}

// segment is one player's action being followed.
type segment struct {
	open    bool
	start   viceroy.Game // the game when the action began
	moves   []viceroy.Move
	phase   string
	setup   bool
	endGame bool // the action ended with the end of the game, when hands are discarded

	// A passive segment began with another player's move: the player's things changed through
	// that player's action (a law like 67 Barter) or by the game itself (a card resolved with no
	// decision). It stays open until nobody is in the middle of an action.
	passive bool
	by      viceroy.Player
	byCard  viceroy.CardID // the card the other player was playing, if any
}

// roundKey names a round of hidden choices.
type roundKey struct {
	turn, round int
	kind        string // "start", "bid", "claim" or "dev"
}

type narrator struct {
	w       io.Writer
	players int
	phase   string // "start", "auction", "dev", "paint" or "over", as far as the log can tell

	base []pstate // each player as last reported
	seg  []segment

	pending  []viceroy.Move // hidden choices seen but not yet revealed
	pendKey  roundKey
	revealed []viceroy.Move // the choices of the last revealed round

	prePaint viceroy.Game // the game when painting began
	painting bool

	kept          []viceroy.CardID // the starting card each player keeps in the hand
	auctionBefore [viceroy.NumColors][2]viceroy.CardID
}

func newNarrator(w io.Writer, g viceroy.Game, botNames []string) *narrator {
	cfg := g.Config()
	n := &narrator{w: w, players: cfg.Players, phase: "start",
		base: make([]pstate, cfg.Players), seg: make([]segment, cfg.Players),
		pending: make([]viceroy.Move, cfg.Players), revealed: make([]viceroy.Move, cfg.Players),
		kept: make([]viceroy.CardID, cfg.Players)}
	for p := range n.players {
		n.base[p] = stateOf(g, viceroy.Player(p))
	}
	fmt.Fprintf(w, "Viceroy, %v, seed %d: %s", cfg.Edition, cfg.Seed, who(botNames))
	if cfg.Virtual > 0 {
		fmt.Fprintf(w, ", and %d virtual opponent%s", cfg.Virtual, plural(cfg.Virtual))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "\nSetup: every player keeps one starting card for the pyramid and one for the hand.")
	n.capture(g)
	return n
}

// who lists the players and their bots, e.g. "P0 greedy, P1 random".
func who(botNames []string) string {
	var parts []string
	for p, b := range botNames {
		parts = append(parts, fmt.Sprintf("%s %s", name(viceroy.Player(p)), b))
	}
	return strings.Join(parts, ", ")
}

func name(p viceroy.Player) string { return fmt.Sprintf("P%d", int(p)) }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// hidden reports whether a decision is one of the simultaneous, hidden ones.
func hidden(d viceroy.Decision) bool {
	switch d {
	case viceroy.ChooseStart, viceroy.ChooseBid, viceroy.ChooseClaim, viceroy.ChooseDevelopment,
		viceroy.ChoosePainting:
		return true
	}
	return false
}

// phaseOf tells the phase of g from what the players are asked and the public flags of the view.
func phaseOf(g viceroy.Game, prev string) string {
	if g.Over() {
		return "over"
	}
	n := g.Config().Players
	for p := range n {
		switch g.Decision(viceroy.Player(p)) {
		case viceroy.ChoosePainting:
			return "paint"
		case viceroy.ChooseStart:
			return "start"
		case viceroy.ChooseDevelopment:
			return "dev"
		case viceroy.ChooseBid, viceroy.ChooseClaim, viceroy.ChooseDuel, viceroy.ChooseAuctionDiscard:
			return "auction"
		}
	}
	for _, pv := range g.View(0).Players {
		if pv.Active {
			return "dev"
		}
		if pv.InAuction {
			return "auction"
		}
	}
	return prev
}

// kindOf says which round of hidden choices a chosen move belongs to.
func kindOf(m viceroy.Move, phase string) string {
	switch m.Kind {
	case viceroy.KeepInPyramid, viceroy.KeepInHand:
		return "start"
	case viceroy.Bid, viceroy.Attack:
		return "bid"
	case viceroy.Claim:
		return "claim"
	case viceroy.Play, viceroy.Discard:
		return "dev"
	}
	if phase == "dev" {
		return "dev"
	}
	return "bid"
}

// capture notes the hidden choices made so far in g. It reveals the pending ones first if g has
// moved past their round.
func (n *narrator) capture(g viceroy.Game) {
	cur := make([]viceroy.Move, n.players)
	var key roundKey
	any := false
	for p := range n.players {
		chosen := g.View(viceroy.Player(p)).Chosen
		if len(chosen) == 0 {
			continue
		}
		cur[p] = chosen[0]
		for _, m := range chosen {
			if m.Kind == viceroy.KeepInHand {
				n.kept[p] = m.Card
			}
		}
		key = roundKey{g.Turn(), g.View(viceroy.Player(p)).Round, kindOf(chosen[0], n.phase)}
		any = true
	}
	if n.hasPending() && (!any || key != n.pendKey) {
		n.reveal()
	}
	if any {
		n.pending, n.pendKey = cur, key
	}
}

func (n *narrator) hasPending() bool {
	return slices.ContainsFunc(n.pending, func(m viceroy.Move) bool { return m.Kind != viceroy.NoMove })
}

// reveal prints the pending hidden choices of a round.
func (n *narrator) reveal() {
	var parts []string
	for p, m := range n.pending {
		if m.Kind == viceroy.NoMove {
			continue
		}
		s := name(viceroy.Player(p)) + " "
		switch m.Kind {
		case viceroy.Bid:
			s += m.Color.String()
		case viceroy.Attack:
			s += "attack"
		case viceroy.Pass:
			s += "pass"
		case viceroy.Claim:
			s += m.Card.String()
		case viceroy.Play:
			s += "plays " + m.Card.String()
		case viceroy.Discard:
			s += "discards " + m.Card.String()
		default:
			s += m.String()
		}
		parts = append(parts, s)
	}
	switch n.pendKey.kind {
	case "bid":
		fmt.Fprintf(n.w, "  bids %d: %s%s\n", n.pendKey.round, strings.Join(parts, " · "), n.collisions())
		// The bid gems left the screens on the reveal; the bids line has said so already.
		for p, m := range n.pending {
			if m.Kind == viceroy.Bid && n.base[p].screen[m.Color] > 0 {
				n.base[p].screen[m.Color]--
			}
		}
	case "claim":
		var cards []viceroy.CardID
		for _, m := range n.pending {
			if m.Kind == viceroy.Claim {
				cards = append(cards, m.Card)
			}
		}
		note := ""
		if len(cards) == 2 && cards[0] == cards[1] {
			note = " (the same card: neither gets one, both stay in)"
		}
		col := strings.Fields(where(n.auctionBefore, cards[0]))[0]
		fmt.Fprintf(n.w, "    claims on %s: %s%s\n", col, strings.Join(parts, " · "), note)
	case "dev":
		fmt.Fprintf(n.w, "  development %d: %s\n", n.pendKey.round, strings.Join(parts, " · "))
	}
	if n.pendKey.kind != "claim" {
		copy(n.revealed, n.pending)
	}
	clear(n.pending)
}

// collisions notes the colours where the revealed bids get nobody a card: two bidders on a single
// card, or three and more (virtual opponents' bids are not shown by the game, so they are not
// counted).
func (n *narrator) collisions() string {
	var count [viceroy.NumColors]int
	for _, m := range n.pending {
		if m.Kind == viceroy.Bid {
			count[m.Color]++
		}
	}
	var notes []string
	for c, k := range count {
		cards := 0
		for _, card := range n.auctionBefore[c] {
			if card != 0 {
				cards++
			}
		}
		if k >= 3 || k == 2 && cards < 2 {
			notes = append(notes, fmt.Sprintf("%d bids on %v", k, viceroy.Color(c)))
		}
	}
	if len(notes) == 0 {
		return ""
	}
	return " (" + strings.Join(notes, ", ") + ": no card)"
}

// step reports what the move m of player p changed from game b to game a.
func (n *narrator) step(b, a viceroy.Game, p viceroy.Player, m viceroy.Move) {
	old := n.phase
	n.phase = phaseOf(a, old)
	n.auctionBefore = b.Auction()
	if m.Kind == viceroy.KeepInHand {
		n.kept[p] = m.Card
	}
	end := n.phase == "paint" || n.phase == "over"
	if end && !n.painting {
		// Painting is narrated at the end, as a comparison with the game before it began.
		n.painting, n.prePaint = true, a
	}
	if old == "paint" {
		return
	}
	if hidden(b.Decision(p)) {
		// The mover's own hidden choice: the last one of a round is revealed at once, so it never
		// shows as a pending choice in a.
		key := roundKey{b.Turn(), b.View(p).Round, kindOf(m, old)}
		if n.hasPending() && key != n.pendKey {
			n.reveal()
		}
		n.pending[p], n.pendKey = m, key
	}
	n.capture(a)
	if old == "auction" {
		n.auctionDiscards(b, a, p, m)
	}
	n.segments(b, a, p, m, old, end)
	if old == "auction" && (n.phase != "auction" || a.Turn() != b.Turn()) {
		n.auctionOver(b, a, p, m)
	}
	if a.Turn() != b.Turn() && a.Turn() > 0 {
		n.turnHeader(a)
	}
}

// segments follows every player's action through the move and prints the ones that ended.
func (n *narrator) segments(b, a viceroy.Game, p viceroy.Player, m viceroy.Move, old string, end bool) {
	type done struct {
		p     viceroy.Player
		order int
		line  string
	}
	var finished []done
	for q := range n.players {
		qp := viceroy.Player(q)
		s := stateOf(a, qp)
		sg := &n.seg[q]
		moved := qp == p && !hidden(b.Decision(p))
		if !sg.open && (moved || !s.equal(n.base[q])) {
			*sg = segment{open: true, start: b, phase: phaseOf(b, old), setup: b.Turn() == 0,
				passive: qp != p, by: p, byCard: b.View(p).Playing}
		}
		if !sg.open {
			continue
		}
		if moved {
			sg.moves = append(sg.moves, m)
			sg.passive = false
		}
		sg.endGame = sg.endGame || end
		// A choice made for a virtual opponent is an action of its own, whatever follows.
		forVirtual := moved && (m.Kind == viceroy.StayIn ||
			m.Kind == viceroy.Discard && b.Decision(p) == viceroy.ChooseAuctionDiscard)
		if d := a.Decision(qp); d != viceroy.NoDecision && !hidden(d) && !forVirtual {
			continue // the action goes on
		}
		if sg.setup && a.Turn() == 0 {
			continue // the starting rewards are told with the starting cards, once all are taken
		}
		if sg.passive && busy(a) {
			continue
		}
		line := n.describe(qp, sg, s, a)
		order := int(a.Tableau(qp).Pyramid.Lowest()) // priority order
		if sg.phase == "dev" && n.revealed[q].Card != 0 {
			order = int(n.revealed[q].Card) // development plays resolve by card number
		}
		if sg.passive && sg.byCard != 0 && !strings.HasPrefix(line, "plays") {
			order = 1 << 20 // after the action that caused it
		}
		if line != "" {
			finished = append(finished, done{qp, order, line})
		}
		n.base[q], *sg = s, segment{}
	}
	slices.SortStableFunc(finished, func(x, y done) int { return cmp.Compare(x.order, y.order) })
	for _, f := range finished {
		fmt.Fprintf(n.w, "    %s %s\n", name(f.p), f.line)
	}
}

// busy reports whether some player is in the middle of an action: owes a decision that is not
// one of the hidden, simultaneous ones.
func busy(g viceroy.Game) bool {
	for _, p := range g.ToMove() {
		if !hidden(g.Decision(p)) {
			return true
		}
	}
	return false
}

// auctionDiscards reports cards that left the auction during the auction phase without going into
// a hand: virtual opponents' cards.
func (n *narrator) auctionDiscards(b, a viceroy.Game, p viceroy.Player, m viceroy.Move) {
	if n.phase != "auction" || a.Turn() != b.Turn() {
		return // the auction ended: auctionOver reports the cards that left it
	}
	for _, c := range gone(b, a) {
		if m.Kind == viceroy.Discard && m.Card == c && b.Decision(p) == viceroy.ChooseAuctionDiscard {
			continue // the player's own line tells it
		}
		fmt.Fprintf(n.w, "    a virtual opponent's bid discards %v (%s)\n", c, where(b.Auction(), c))
	}
}

// gone returns the cards on b's auction that are, in a, neither on the auction nor in a hand nor
// tucked (78 Patronage).
func gone(b, a viceroy.Game) []viceroy.CardID {
	var out []viceroy.CardID
	now := a.Auction()
	for _, slots := range b.Auction() {
		for _, c := range slots {
			if c == 0 || onAuction(now, c) {
				continue
			}
			kept := false
			for q := range a.Config().Players {
				kept = kept || slices.Contains(a.Hand(viceroy.Player(q)), c) ||
					slices.Contains(a.Tableau(viceroy.Player(q)).Tucked(), c)
			}
			if !kept {
				out = append(out, c)
			}
		}
	}
	return out
}

func onAuction(auction [viceroy.NumColors][2]viceroy.CardID, c viceroy.CardID) bool {
	for _, slots := range auction {
		if slots[0] == c || slots[1] == c {
			return true
		}
	}
	return false
}

// where says where a card lies on the auction, e.g. "blue tip".
func where(auction [viceroy.NumColors][2]viceroy.CardID, c viceroy.CardID) string {
	for col, slots := range auction {
		for i, s := range slots {
			if s == c {
				return viceroy.Color(col).String() + []string{" base", " tip"}[i]
			}
		}
	}
	return "auction"
}

// auctionOver reports the end of the auction phase: the cards discarded from the tips.
func (n *narrator) auctionOver(b, a viceroy.Game, p viceroy.Player, m viceroy.Move) {
	out := gone(b, a)
	if m.Kind == viceroy.Discard && b.Decision(p) == viceroy.ChooseAuctionDiscard {
		out = minus(out, []viceroy.CardID{m.Card}) // the player's own line tells it
	}
	if len(out) > 0 {
		fmt.Fprintf(n.w, "  auction over; discarded: %s\n", cardList(out))
	}
}

// turnHeader prints the start of a turn: the reserve, the decks and the auction row.
func (n *narrator) turnHeader(g viceroy.Game) {
	v := g.View(0)
	fmt.Fprintf(n.w, "\nTurn %d. Reserve: %v. Decks: large %d, small %d, laws %d.\n", g.Turn(),
		g.Reserve(), v.Decks.Large, v.Decks.Small, v.Decks.Laws)
	var parts []string
	for col, slots := range g.Auction() {
		var cards []string
		for i, c := range slots {
			if c != 0 {
				cards = append(cards, c.String()+[]string{"", " (tip)"}[i])
			}
		}
		if len(cards) == 0 {
			cards = []string{"-"}
		}
		parts = append(parts, viceroy.Color(col).String()+": "+strings.Join(cards, ", "))
	}
	fmt.Fprintf(n.w, "  auction  %s\n           %s\n", strings.Join(parts[:2], " | "), strings.Join(parts[2:], " | "))
}

func cardList(cs []viceroy.CardID) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, ", ")
}

// minus returns the cards of a not in b.
func minus(a, b []viceroy.CardID) []viceroy.CardID {
	var out []viceroy.CardID
	for _, c := range a {
		if !slices.Contains(b, c) {
			out = append(out, c)
		}
	}
	return out
}

// gemDiff splits the change from b to a into the gems gained and the gems lost.
func gemDiff(b, a viceroy.Gems) (gained, lost viceroy.Gems) {
	for c := range a {
		if a[c] > b[c] {
			gained[c] = a[c] - b[c]
		} else {
			lost[c] = b[c] - a[c]
		}
	}
	return gained, lost
}

// tokenDiff returns the tokens added to and removed from a card between two tableaux.
func tokenDiff(b, a viceroy.Tableau, id viceroy.CardID) (added, removed []viceroy.Token) {
	before := b.Holding(id).Tokens
	after := a.Holding(id).Tokens
	left := slices.Clone(before)
	for _, t := range after {
		if i := slices.Index(left, t); i >= 0 {
			left = slices.Delete(left, i, i+1)
		} else {
			added = append(added, t)
		}
	}
	return added, left
}

// describe tells one player's finished action, from the state before it to s. The first part
// names the action (a play, a take, a pass, a discard); what follows lists what it brought.
func (n *narrator) describe(p viceroy.Player, sg *segment, s pstate, a viceroy.Game) string {
	b := n.base[p]
	bp, ap := b.tableau.Pyramid, s.tableau.Pyramid
	placed := minus(ap.Cards(), bp.Cards())
	unplaced := minus(bp.Cards(), ap.Cards())
	handIn := minus(s.hand, b.hand)
	handOut := minus(b.hand, s.hand)
	tucked := minus(s.tableau.Tucked(), b.tableau.Tucked())
	// Gems parked on 76 Treasury went there from the screen: count them as still on it, to tell
	// apart what the screen gained and lost otherwise.
	parked, _ := gemDiff(b.tableau.Parked(), s.tableau.Parked())
	screen := s.screen.Plus(parked)
	gained, lost := gemDiff(b.screen, screen)
	rev := n.revealed[p]
	auction := sg.start.Auction()

	var head string
	var pre, effects []string
	say := func(list *[]string, format string, args ...any) { *list = append(*list, fmt.Sprintf(format, args...)) }
	rewardLabel := ""

	switch {
	case sg.setup && len(placed) == 1:
		head = fmt.Sprintf("starts with %v in the pyramid", placed[0])
		var laws []viceroy.CardID
		for _, c := range handIn {
			if c.IsLaw() {
				laws = append(laws, c)
			}
		}
		if k := n.kept[p]; k != 0 {
			head += fmt.Sprintf(", %v in the hand", k)
		}
		if len(laws) > 0 {
			say(&pre, "laws %s", cardList(laws))
		}
		handIn = minus(handIn, append([]viceroy.CardID{n.kept[p]}, laws...))
		rewardLabel = "reward "
		placed = nil

	case len(placed) > 0:
		c := placed[0]
		at, _ := ap.Find(c)
		handOut = minus(handOut, placed[:1])
		if c.IsLaw() {
			head = fmt.Sprintf("plays law %v at %v", c, at)
			for _, old := range unplaced {
				if bat, _ := bp.Find(old); bat == at {
					head += fmt.Sprintf(" in place of %v", old)
				}
			}
		} else {
			cost := c.Card().Cost(int(at.Level))
			head = fmt.Sprintf("plays %v at %v", c, at)
			paid, byGem := payment(b, sg.moves, cost)
			switch {
			case cost.Total() == 0:
			case byGem.Total() > 0:
				say(&pre, "pays %v (infinite gems pay %v)", cost, byGem)
			default:
				say(&pre, "pays %v", cost)
			}
			// The screen lost what it paid; what it gained besides are circle gems and rewards.
			for col := range gained {
				in := int(screen[col]) + int(paid[col]) - int(b.screen[col])
				gained[col], lost[col] = uint8(max(in, 0)), uint8(max(-in, 0))
			}
			rewardLabel = "reward "
		}
		var circle viceroy.Gems
		for _, ci := range ap.SingleColorCircles(at) {
			col, _ := ci.SingleColor()
			if circle[col] < gained[col] {
				circle[col]++
			}
		}
		if circle.Total() > 0 {
			say(&pre, "circle gem%s %v", plural(circle.Total()), circle)
			gained = gained.Minus(circle)
		}

	case rev.Kind == viceroy.Play && rev.Card.IsLaw() && slices.Contains(tucked, rev.Card):
		head = fmt.Sprintf("plays law %v", rev.Card)
		handOut = minus(handOut, []viceroy.CardID{rev.Card})

	case rev.Kind == viceroy.Discard && sg.phase == "dev" && slices.Contains(handOut, rev.Card):
		head = fmt.Sprintf("discards %v", rev.Card)
		handOut = minus(handOut, []viceroy.CardID{rev.Card})

	case len(fromAuction(auction, handIn, tucked)) > 0:
		c := fromAuction(auction, handIn, tucked)[0]
		switch {
		case sg.phase == "auction" && rev.Kind == viceroy.Attack:
			head = fmt.Sprintf("attacks and takes %v (%s)", c, where(auction, c))
			b.attacks = max(b.attacks-1, s.attacks) // the token is spent, as the line says
		default:
			head = fmt.Sprintf("takes %v (%s)", c, where(auction, c))
		}
		if slices.Contains(tucked, c) {
			head += " and tucks it under 78 Patronage"
			tucked = minus(tucked, []viceroy.CardID{c})
		}
		handIn = minus(handIn, []viceroy.CardID{c})

	case sg.phase == "auction" && gained.Total() > 0 && lost.Total() == 0:
		if rev.Kind == viceroy.Pass {
			head = fmt.Sprintf("passes and takes %v", gained)
		} else {
			head = fmt.Sprintf("is still in after round 3: passes and takes %v", gained)
		}
		gained = viceroy.Gems{}
	}

	for _, m := range sg.moves {
		switch m.Kind {
		case viceroy.TakeReward:
			if m.Choice == viceroy.FifteenPoints {
				say(&pre, "level 5: takes 15 points")
			} else {
				say(&pre, "level 5: takes the rewards of rows 1-3")
			}
		case viceroy.StayIn:
			say(&effects, "stays in against the virtual opponent")
		case viceroy.Discard:
			if sg.phase == "auction" {
				say(&effects, "discards %v from the auction, for a virtual bid", m.Card)
			}
		case viceroy.PutBack:
			say(&effects, "puts %v back on the law deck", m.Card)
			handOut = minus(handOut, []viceroy.CardID{m.Card})
		}
	}
	for _, c := range unplaced {
		if slices.Contains(s.hand, c) {
			say(&effects, "%v goes back to the hand", c)
			handIn = minus(handIn, []viceroy.CardID{c})
		}
	}
	var infinite []string
	for _, c := range ap.Cards() {
		if h, bh := s.tableau.Holding(c), b.tableau.Holding(c); h.HasGem && !bh.HasGem {
			from := ""
			if lost[h.Infinite] > 0 {
				lost[h.Infinite]-- // the reserve had none: it came from the player's screen
				from = " (from the screen)"
			}
			infinite = append(infinite, fmt.Sprintf("%v infinite gem on %v%s", h.Infinite, c, from))
		}
	}
	if gained.Total() > 0 {
		say(&effects, "gems %v", gained)
	}
	if lost.Total() > 0 {
		say(&effects, "gives %v", lost)
	}
	for _, c := range fromAuction(auction, handIn, nil) {
		say(&effects, "takes %v from the auction (%s)", c, where(auction, c)) // 69 Privilege
		handIn = minus(handIn, []viceroy.CardID{c})
	}
	if len(handIn) > 0 {
		say(&effects, "draws %s", cardList(handIn))
	}
	for _, host := range ap.Cards() {
		under := minus(s.tableau.TuckedUnder(host), b.tableau.TuckedUnder(host))
		under = slices.DeleteFunc(under, func(c viceroy.CardID) bool { return !slices.Contains(tucked, c) })
		switch {
		case len(under) == 0:
		case len(under) == 1 && under[0] == rev.Card && rev.Kind == viceroy.Play:
			say(&effects, "goes under %v", host)
		default:
			say(&effects, "tucks %s under %v", cardList(under), host)
		}
		handOut = minus(handOut, under)
	}
	if len(handOut) > 0 && !sg.endGame {
		say(&effects, "hand loses %s", cardList(handOut))
	}
	for _, c := range ap.Cards() {
		added, removed := tokenDiff(b.tableau, s.tableau, c)
		if len(added) > 0 {
			say(&effects, "%s on %v", tokenList(added), c)
		}
		if len(removed) > 0 {
			say(&effects, "%s taken off %v", tokenList(removed), c)
		}
	}
	effects = append(effects, infinite...)
	if d := s.attacks - b.attacks; d > 0 {
		say(&effects, "%d attack token%s", d, plural(d))
	} else if d < 0 {
		say(&effects, "spends %d attack token%s", -d, plural(-d))
	}
	if parked.Total() > 0 {
		say(&effects, "parks %v on it", parked)
	}

	rest := pre
	if len(effects) > 0 {
		rest = append(rest, rewardLabel+strings.Join(effects, " + "))
	}
	if head == "" && len(rest) == 0 {
		return ""
	}
	if head == "" && sg.passive && sg.byCard != 0 {
		head = fmt.Sprintf("through %s's %v", name(sg.by), sg.byCard)
	}
	if head == "" {
		head, rest = rest[0], rest[1:]
	}
	if len(rest) == 0 {
		return head
	}
	return head + ": " + strings.Join(rest, "; ")
}

// fromAuction returns the cards of the hand and of the newly tucked cards that lay on the auction.
func fromAuction(auction [viceroy.NumColors][2]viceroy.CardID, hand, tucked []viceroy.CardID) []viceroy.CardID {
	var out []viceroy.CardID
	for _, c := range append(slices.Clone(hand), tucked...) {
		if onAuction(auction, c) {
			out = append(out, c)
		}
	}
	return out
}

// payment splits a cost into what the screen paid and what infinite gems paid. The game shows
// only the screen before and after, so the infinite gems are counted from the player's own
// use-infinite moves, and, where the screen could not have paid a colour, from the shortfall
// (a payment the game made by itself because it was the only one possible).
func payment(b pstate, moves []viceroy.Move, cost viceroy.Gems) (screen, infinite viceroy.Gems) {
	for _, m := range moves {
		if m.Kind == viceroy.UseInfinite {
			if h := b.tableau.Holding(m.Card); h.HasGem {
				infinite[h.Infinite]++
			}
		}
	}
	for c := range cost {
		if short := int(cost[c]) - int(b.screen[c]); short > int(infinite[c]) {
			infinite[c] = uint8(short)
		}
		infinite[c] = min(infinite[c], cost[c])
		screen[c] = cost[c] - infinite[c]
	}
	return screen, infinite
}

func tokenList(ts []viceroy.Token) string {
	var parts []string
	for _, t := range ts {
		switch t.Kind() {
		case viceroy.Science, viceroy.Magic, viceroy.Defense, viceroy.AttackToken:
			parts = append(parts, t.String()+" token")
		default:
			parts = append(parts, t.String())
		}
	}
	return strings.Join(parts, ", ")
}

// finish prints the end of the game: the painting, the pyramids, the score sheets and the winners.
func (n *narrator) finish(g viceroy.Game) {
	fmt.Fprintln(n.w, "\nThe game is over. Hands are discarded; players paint circles with the gems left.")
	painted := false
	if n.painting {
		for p := range n.players {
			painted = n.paintLine(viceroy.Player(p), n.prePaint, g) || painted
		}
	}
	if !painted {
		fmt.Fprintln(n.w, "  Nobody paints a circle.")
	}
	for p := range n.players {
		t := g.Tableau(viceroy.Player(p))
		fmt.Fprintf(n.w, "\n%s's pyramid (%d cards, %d attack tokens, gems left: %v):\n%v\n", name(viceroy.Player(p)),
			t.Pyramid.Len(), g.Attacks(viceroy.Player(p)), g.Screen(viceroy.Player(p)), indent(t.String()))
	}
	n.scoreTable(g.Scores())
	cfg := g.Config()
	if cfg.Players == 1 {
		fmt.Fprintf(n.w, "\nSolo game: P0 scores %d.\n", g.Scores()[0].Total)
		return
	}
	var names []string
	for _, w := range g.Winners() {
		names = append(names, name(w))
	}
	fmt.Fprintf(n.w, "\nWinner%s: %s with %d points.\n", plural(len(names)), strings.Join(names, " and "),
		g.Scores()[g.Winners()[0]].Total)
}

func indent(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }

// paintLine tells which circles a player painted, comparing the tableau before and after.
func (n *narrator) paintLine(p viceroy.Player, before, after viceroy.Game) bool {
	t := after.Tableau(p)
	var parts []string
	for _, c := range t.Circles() {
		if t.Painted(c.Top) {
			col, _ := c.SingleColor()
			parts = append(parts, fmt.Sprintf("%v %v", c.Top, col))
		}
	}
	_, spent := gemDiff(before.Screen(p), after.Screen(p))
	if len(parts) == 0 {
		return false
	}
	fmt.Fprintf(n.w, "  %s paints %s, with %v\n", name(p), strings.Join(parts, ", "), spent)
	return true
}

// scoreTable prints the score sheets side by side, one category a row.
func (n *narrator) scoreTable(sheets []viceroy.ScoreSheet) {
	fmt.Fprintf(n.w, "\n%-24s", "Score")
	for _, s := range sheets {
		fmt.Fprintf(n.w, "%6s", name(s.Player))
	}
	fmt.Fprintln(n.w)
	row := func(label string, f func(viceroy.ScoreSheet) string) {
		fmt.Fprintf(n.w, "%-24s", label)
		for _, s := range sheets {
			fmt.Fprintf(n.w, "%6s", f(s))
		}
		fmt.Fprintln(n.w)
	}
	num := func(f func(viceroy.ScoreSheet) int) func(viceroy.ScoreSheet) string {
		return func(s viceroy.ScoreSheet) string { return fmt.Sprint(f(s)) }
	}
	row("1 single-colour circles", num(func(s viceroy.ScoreSheet) int { return s.Circles }))
	row("2 infinite gems", num(func(s viceroy.ScoreSheet) int { return s.InfiniteGems }))
	row("3 laws", num(func(s viceroy.ScoreSheet) int { return s.Laws }))
	var laws []viceroy.CardID
	for _, s := range sheets {
		for _, l := range s.LawPoints {
			if !slices.Contains(laws, l.Law) {
				laws = append(laws, l.Law)
			}
		}
	}
	slices.Sort(laws)
	for _, law := range laws {
		row("    "+law.String(), func(s viceroy.ScoreSheet) string {
			for _, l := range s.LawPoints {
				if l.Law == law {
					return fmt.Sprint(l.Points)
				}
			}
			return "."
		})
	}
	row("4 power points", num(func(s viceroy.ScoreSheet) int { return s.PowerPoints }))
	row("5 magic", num(func(s viceroy.ScoreSheet) int { return s.Magic }))
	row("6 sets", num(func(s viceroy.ScoreSheet) int { return s.Sets }))
	row("7 attacks", num(func(s viceroy.ScoreSheet) int { return s.Attacks }))
	row("total", num(func(s viceroy.ScoreSheet) int { return s.Total }))
}
