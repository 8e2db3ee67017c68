package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/laar/viceroy"
)

// line is one entry of the log as the page shows it: one event of the seat's log (History.Log), or
// a run of them told together (a player's gems taken one at a time, the choices revealed at once,
// the cards coming to the auction). From is the number of its first event in the seat's log.
// Short, for the viewer's own line only, says that a reward or a pass gave fewer gems than it
// promised because the reserve ran out (or that an infinite gem could not be put on its card): the
// page shows it where the player sees the reward happen, not in the log alone.
type line struct {
	From  int    `json:"from"`
	Kind  string `json:"kind"` // the kind of its first event, e.g. "gems", "turn"
	Text  string `json:"text"`
	Short string `json:"short,omitempty"`
}

// narrator tells a seat's log in words addressed to that seat's player: "you take" for the
// viewer, "player 1 takes" for the others. The library's Event.String names every player in the
// third person; the page's words are its own. open says that an action is under way (a player
// still picks gems, pays, ...): the log's last run may grow, so a shortfall is not told in it yet.
type narrator struct {
	viewer viceroy.Player
	open   bool
}

// narratorOf returns the narrator of viewer's log as the game is now, from the viewer's view.
func narratorOf(v viceroy.View) narrator {
	return narrator{viewer: v.Player, open: v.Progress.Acting >= 0}
}

// tell groups log[from:] into lines. Every run of events told together starts a line, and the
// hidden choices of the simultaneous decisions (EventChoose: "player 1 has chosen", or one's own,
// which the reveal repeats) are left out, so that the lines from a line's first event on are the
// same whatever came before it: a page that has the lines up to the one starting at event k asks
// for the lines from k on, and replaces that last line, which may have grown.
func (n narrator) tell(log []viceroy.Event, from int) []line {
	var out []line
	for i := from; i < len(log); {
		e := log[i]
		if n.untold(e) {
			i++
			continue
		}
		j := i + 1
		for j < len(log) && (n.untold(log[j]) || together(e, log[j])) {
			j++
		}
		run := make([]viceroy.Event, 0, j-i)
		for _, f := range log[i:j] {
			if !n.untold(f) {
				run = append(run, f)
			}
		}
		l := line{From: i, Kind: e.Kind.String(), Text: capitalize(n.run(run))}
		if sh, ok := shortOf(run, log[:i]); ok && (j < len(log) || !n.open) {
			l.Text += "; " + n.shortWords(sh)
			if sh.player == n.viewer {
				l.Short = capitalize(n.shortNote(sh))
			}
		}
		out = append(out, l)
		i = j
	}
	return out
}

// untold reports whether the page leaves event e out of the log: a hidden choice (the reveal tells
// it), or a painting of the viewer's own shown again at the end.
func (n narrator) untold(e viceroy.Event) bool {
	return e.Kind == viceroy.EventChoose || e.Kind == viceroy.EventPaint && e.Slot == 1 && e.Player == n.viewer
}

// next returns the event to ask the lines from next time: the first of the last line, which may
// still grow, or from if there are none.
func next(lines []line, from int) int {
	if len(lines) == 0 {
		return from
	}
	return lines[len(lines)-1].From
}

// together reports whether event f is told in the same line as the run begun by event e.
func together(e, f viceroy.Event) bool {
	switch e.Kind {
	case viceroy.EventTurn, viceroy.EventPhase: // a turn's auction, or the development phase, and its first round
		opens := e.Kind == viceroy.EventTurn || e.Phase == viceroy.PhaseDevelopment
		return opens && (f.Kind == viceroy.EventRound && f.Round == 1 || f.Kind == viceroy.EventReveal)
	case viceroy.EventRound: // the round and what was revealed in it
		return f.Kind == viceroy.EventReveal
	case viceroy.EventPlace: // a card placed, what it cost and what it gave
		return f.Player == e.Player && slices.Contains(consequences, f.Kind)
	case viceroy.EventDiscard: // a card discarded from the hand, and the 2 gems it gave
		if e.Player >= 0 {
			return f.Player == e.Player && f.Kind == viceroy.EventGems
		}
	case viceroy.EventKeepStart, viceroy.EventReturnStart: // every player's starting cards, kept or put back
		return f.Kind == viceroy.EventKeepStart || f.Kind == viceroy.EventReturnStart
	}
	if e.Kind != f.Kind {
		return false
	}
	switch e.Kind {
	case viceroy.EventGems, viceroy.EventPark:
		return e.Player == f.Player && e.Card == f.Card
	case viceroy.EventDraw: // one player's cards from a deck, or every player's laws at the start
		return e.Deck == f.Deck
	case viceroy.EventGive:
		return e.Player == f.Player && e.Other == f.Other
	case viceroy.EventReveal, viceroy.EventAuctionCard, viceroy.EventShift, viceroy.EventVirtualBid:
		return true
	case viceroy.EventDiscard:
		return e.Player < 0 && f.Player < 0
	case viceroy.EventPaint:
		return e.Player == f.Player && e.Hidden == f.Hidden && e.Slot == f.Slot
	}
	return false
}

// consequences are the kinds of event that a card placed brings about for its player, told in the
// line of the card placed.
var consequences = []viceroy.EventKind{viceroy.EventPay, viceroy.EventGems, viceroy.EventCircleGems, viceroy.EventTokens,
	viceroy.EventAttacks, viceroy.EventInfinite, viceroy.EventDecide}

// who names player p: "you" or "player 2". The page numbers players from 1, as a table does
// (player 0 of the library is player 1).
func (n narrator) who(p viceroy.Player) string {
	if p == n.viewer {
		return "you"
	}
	return playerName(p)
}

// playerName names player p as the page does, numbered from 1: "player 1" is player 0.
func playerName(p viceroy.Player) string { return fmt.Sprintf("player %d", int(p)+1) }

// whose names what player p holds: "your" or "player 1's".
func (n narrator) whose(p viceroy.Player) string {
	if p == n.viewer {
		return "your"
	}
	return playerName(p) + "'s"
}

// says returns player p and the verb agreeing with it: "you take", "player 1 takes". The verb is
// given in its plain form and its third-person form.
func (n narrator) says(p viceroy.Player, plain, third string) string {
	if p == n.viewer {
		return "you " + plain
	}
	return playerName(p) + " " + third
}

// run tells a run of events (see together) in one sentence.
func (n narrator) run(run []viceroy.Event) string {
	e := run[0]
	switch e.Kind {
	case viceroy.EventGems, viceroy.EventPark:
		var g viceroy.Gems
		for _, f := range run {
			g = g.Plus(f.Gems)
		}
		if e.Kind == viceroy.EventPark {
			return fmt.Sprintf("%s %s on %v", n.says(e.Player, "park", "parks"), gemWords(g), e.Card)
		}
		return n.says(e.Player, "take", "takes") + " " + gemWords(g)
	case viceroy.EventTurn, viceroy.EventPhase:
		// "turn 2 · auction, round 1 · revealed: ...", "the development phase, round 1 · revealed: ..."
		s := n.one(e)
		rest := run[1:]
		if len(rest) > 0 && rest[0].Kind == viceroy.EventRound {
			if e.Kind == viceroy.EventTurn {
				s += " · " + n.one(rest[0])
			} else {
				s += fmt.Sprintf(", round %d", rest[0].Round)
			}
			rest = rest[1:]
		}
		if r := n.revealedAll(rest); r != "" {
			s += " · " + r
		}
		return s
	case viceroy.EventRound:
		if r := n.revealedAll(run[1:]); r != "" {
			return n.one(e) + " · " + r
		}
		return n.one(e)
	case viceroy.EventPlace:
		return n.placed(run)
	case viceroy.EventReveal:
		if r := n.revealedAll(run); r != "" {
			return r
		}
		return "revealed: " + n.revealed(e)
	case viceroy.EventAuctionCard:
		parts := make([]string, len(run))
		for i, f := range run {
			parts[i] = fmt.Sprintf("%v (%s)", f.Card, slot(f))
			if f.Deck != "large" {
				parts[i] += " from the " + f.Deck + " deck"
			}
		}
		return "to the auction: " + strings.Join(parts, ", ")
	case viceroy.EventShift:
		parts := make([]string, len(run))
		for i, f := range run {
			parts[i] = fmt.Sprintf("%v (%v)", f.Card, f.Color)
		}
		return "to the tips: " + strings.Join(parts, ", ")
	case viceroy.EventVirtualBid:
		parts := make([]string, len(run))
		for i, f := range run {
			parts[i] = fmt.Sprintf("virtual opponent %d bids %v", int(f.Player)+1, f.Color)
		}
		return strings.Join(parts, "; ")
	case viceroy.EventDiscard:
		if e.Player >= 0 {
			s := fmt.Sprintf("%s %v", n.says(e.Player, "discard", "discards"), e.Card)
			var g viceroy.Gems
			for _, f := range run[1:] {
				g = g.Plus(f.Gems)
			}
			if g.Total() > 0 {
				s += " and " + strings.TrimPrefix(n.says(e.Player, "take", "takes"), n.who(e.Player)+" ") + " " + gemWords(g)
			}
			return s
		}
		parts := make([]string, len(run))
		for i, f := range run {
			parts[i] = fmt.Sprintf("%v (%s)", f.Card, slot(f))
		}
		return "out of the auction: " + strings.Join(parts, ", ")
	case viceroy.EventKeepStart, viceroy.EventReturnStart:
		// "you keep 2 Ambassador in hand and put 13 Arcanist and 45 Sergeant back into the deck"
		return n.eachPlayer(run, func(p viceroy.Player, of []viceroy.Event) string {
			var kept, back []viceroy.Event
			for _, f := range of {
				if f.Kind == viceroy.EventKeepStart {
					kept = append(kept, f)
				} else {
					back = append(back, f)
				}
			}
			var parts []string
			if len(kept) > 0 {
				parts = append(parts, fmt.Sprintf("%s %s in hand", n.says(p, "keep", "keeps"), cardsWords(kept, "starting card")))
			}
			if len(back) > 0 {
				verb := n.says(p, "put", "puts")
				if len(parts) > 0 {
					verb = strings.TrimPrefix(verb, n.who(p)+" ")
				}
				parts = append(parts, fmt.Sprintf("%s %s back into the deck", verb, cardsWords(back, "starting card")))
			}
			return strings.Join(parts, " and ")
		})
	case viceroy.EventDraw:
		deck := "the small deck"
		if e.Deck == "laws" {
			deck = "the law deck"
		}
		return n.eachPlayer(run, func(p viceroy.Player, of []viceroy.Event) string {
			return fmt.Sprintf("%s %s from %s", n.says(p, "draw", "draws"), cardsWords(of, "card"), deck)
		})
	case viceroy.EventGive:
		var g viceroy.Gems
		for _, f := range run {
			g = g.Plus(f.Gems)
		}
		return fmt.Sprintf("%s %s to %s", n.says(e.Player, "give", "gives"), gemWords(g), n.who(e.Other))
	case viceroy.EventPaint:
		if e.Hidden {
			return n.says(e.Player, "paint", "paints") + " (shown at the end)"
		}
		verb := n.says(e.Player, "paint", "paints")
		if e.Slot == 1 {
			verb = n.says(e.Player, "painted", "painted")
		}
		return verb + " " + paintWords(run)
	}
	return n.one(e)
}

// eachPlayer tells a run of events of several players, one clause a player in the order they
// first come: "you draw 67 Barter and 82 Scholarship from the law deck; player 1 draws 3 cards from
// the law deck".
func (n narrator) eachPlayer(run []viceroy.Event, tell func(p viceroy.Player, of []viceroy.Event) string) string {
	var order []viceroy.Player
	by := map[viceroy.Player][]viceroy.Event{}
	for _, e := range run {
		if by[e.Player] == nil {
			order = append(order, e.Player)
		}
		by[e.Player] = append(by[e.Player], e)
	}
	parts := make([]string, len(order))
	for i, p := range order {
		parts[i] = tell(p, by[p])
	}
	return strings.Join(parts, "; ")
}

// paintWords tells the circles a player paints, by their level, and the gems it costs them (a
// gem for each sector not of the colour): "the level-2 circle red (2 gems)", "3 circles: level 2
// red and blue; level 3 green (4 gems)".
func paintWords(run []viceroy.Event) string {
	gems := 0
	for _, e := range run {
		gems += e.Gems.Total()
	}
	cost := fmt.Sprintf(" (%d gem%s)", gems, plural(gems))
	if len(run) == 1 {
		return fmt.Sprintf("the level-%d circle %v%s", run[0].At.Level, run[0].Color, cost)
	}
	var levels []int8
	colors := map[int8][]string{}
	for _, e := range run {
		if colors[e.At.Level] == nil {
			levels = append(levels, e.At.Level)
		}
		colors[e.At.Level] = append(colors[e.At.Level], e.Color.String())
	}
	slices.Sort(levels)
	parts := make([]string, len(levels))
	for i, l := range levels {
		parts[i] = fmt.Sprintf("level %d %s", l, andList(colors[l]))
	}
	return fmt.Sprintf("%d circles: %s%s", len(run), strings.Join(parts, "; "), cost)
}

// one tells an event told on its own.
func (n narrator) one(e viceroy.Event) string {
	switch e.Kind {
	case viceroy.EventDeal:
		if e.Hidden {
			return fmt.Sprintf("%s dealt %d starting cards", n.says(e.Player, "are", "is"), e.Count)
		}
		return fmt.Sprintf("%s dealt %s", n.says(e.Player, "are", "is"), cardNames(e.Cards))
	case viceroy.EventDecide:
		return n.decided(e)
	case viceroy.EventTurn:
		return fmt.Sprintf("turn %d", e.Turn)
	case viceroy.EventRound:
		return fmt.Sprintf("%v, round %d", e.Phase, e.Round)
	case viceroy.EventPhase:
		switch e.Phase {
		case viceroy.PhaseOver:
			return "the game is over"
		case viceroy.PhasePainting:
			return "painting: the gems left behind the screens may paint circles"
		}
		return fmt.Sprintf("the %v phase", e.Phase)
	case viceroy.EventTake:
		return fmt.Sprintf("%s %v from the auction (%s)", n.says(e.Player, "take", "takes"), e.Card, slot(e))
	case viceroy.EventKeepStart:
		if e.Card == 0 {
			return n.says(e.Player, "keep", "keeps") + " a starting card in hand"
		}
		return fmt.Sprintf("%s %v in hand", n.says(e.Player, "keep", "keeps"), e.Card)
	case viceroy.EventPlace:
		if e.Host != 0 {
			return fmt.Sprintf("%s %v at level %d in the place of %v, which goes back to %s hand",
				n.says(e.Player, "place", "places"), e.Card, e.At.Level, e.Host, n.whose(e.Player))
		}
		return fmt.Sprintf("%s %v at level %d", n.says(e.Player, "place", "places"), e.Card, e.At.Level)
	case viceroy.EventPay:
		return n.paid(e)
	case viceroy.EventCircleGems:
		return fmt.Sprintf("%s %s for single-colour circles", n.says(e.Player, "take", "takes"), gemWords(e.Gems))
	case viceroy.EventTokens:
		return fmt.Sprintf("%s %v gets %s", n.whose(e.Player), e.Card, tokensWords(e.Tokens))
	case viceroy.EventAttacks:
		switch {
		case e.Count < 0:
			return n.says(e.Player, "use", "uses") + " an attack token"
		case e.Count == 1:
			return n.says(e.Player, "get", "gets") + " an attack token"
		}
		return fmt.Sprintf("%s %d attack tokens", n.says(e.Player, "get", "gets"), e.Count)
	case viceroy.EventInfinite:
		return fmt.Sprintf("%s %v gets an infinite %v gem", n.whose(e.Player), e.Card, e.Color)
	case viceroy.EventTuck:
		if e.Slot == 1 {
			return fmt.Sprintf("%s %v under %v", n.says(e.Player, "exile", "exiles"), e.Card, e.Host)
		}
		return fmt.Sprintf("%s %v under %v", n.says(e.Player, "tuck", "tucks"), e.Card, e.Host)
	case viceroy.EventPutBack:
		if e.Card == 0 {
			return n.says(e.Player, "put", "puts") + " a law card back on the law deck"
		}
		return fmt.Sprintf("%s %v back on the law deck", n.says(e.Player, "put", "puts"), e.Card)
	case viceroy.EventSwap:
		return fmt.Sprintf("%s a token of %v for one of %s %v", n.says(e.Player, "swap", "swaps"), e.Card, n.whose(e.Other), e.Host)
	case viceroy.EventGive:
		return fmt.Sprintf("%s %s to %s", n.says(e.Player, "give", "gives"), gemWords(e.Gems), n.who(e.Other))
	case viceroy.EventSkip:
		return n.says(e.Player, "will skip", "will skip") + " the next auction phase"
	case viceroy.EventScores:
		parts := make([]string, len(e.Scores))
		for i, s := range e.Scores {
			parts[i] = fmt.Sprintf("%s %d", n.who(s.Player), s.Total)
		}
		return "final scores: " + strings.Join(parts, ", ")
	}
	return e.String() // the library's words, for a kind this page does not know
}

// placed tells a card placed and its consequences (see consequences) in one sentence: "you place
// 64 Chieftain at level 2, pay 2 gems (1 blue, 1 green), get an attack token, take 2 gems (1 blue,
// 1 red) and put a 2-point token on it". Its payments are told in one clause, and so are the gems
// it gives, wherever they come in the run; a law's option is left out where what it gave tells it.
func (n narrator) placed(run []viceroy.Event) string {
	e := run[0]
	subject := n.who(e.Player) + " "
	clauses := []string{n.one(e)}
	var paid, took *viceroy.Event // the run's payments and gems, told where the first one comes
	var paidAt, tookAt int
	for i := 1; i < len(run); i++ {
		f := run[i]
		var c string
		switch f.Kind {
		case viceroy.EventPay:
			if paid == nil {
				paid, paidAt = &viceroy.Event{Kind: f.Kind, Player: f.Player}, len(clauses)
				clauses = append(clauses, "")
			}
			paid.Gems = paid.Gems.Plus(f.Gems)
			paid.Cards = append(paid.Cards, f.Cards...)
			continue
		case viceroy.EventGems:
			if took == nil {
				took, tookAt = &viceroy.Event{Kind: f.Kind, Player: f.Player}, len(clauses)
				clauses = append(clauses, "")
			}
			took.Gems = took.Gems.Plus(f.Gems)
			continue
		case viceroy.EventTokens:
			c = n.says(f.Player, "put", "puts") + " " + tokensWords(f.Tokens) + " on " + n.it(f.Card, e.Card)
		case viceroy.EventInfinite:
			c = fmt.Sprintf("%s an infinite %v gem on %s", n.says(f.Player, "put", "puts"), f.Color, n.it(f.Card, e.Card))
		case viceroy.EventDecide: // a law's option: "choose to draw a card from a deck of your choice"
			if i+1 < len(run) && slices.Contains([]viceroy.EventKind{viceroy.EventGems, viceroy.EventTokens, viceroy.EventInfinite}, run[i+1].Kind) {
				continue // what the option gave says it
			}
			c = strings.Replace(n.one(f), " for "+e.Card.String()+": ", " to ", 1)
		default:
			c = n.one(f)
		}
		clauses = append(clauses, c)
	}
	if paid != nil {
		clauses[paidAt] = n.paid(*paid)
	}
	if took != nil {
		clauses[tookAt] = n.says(took.Player, "take", "takes") + " " + gemWords(took.Gems)
	}
	for i := 1; i < len(clauses); i++ {
		clauses[i] = strings.TrimPrefix(clauses[i], subject)
	}
	return andList(clauses)
}

// it names card c in the line of card placed: "it" if it is the one.
func (n narrator) it(c, placed viceroy.CardID) string {
	if c == placed {
		return "it"
	}
	return c.String()
}

// revealedAll tells the choices revealed together: "revealed: you bid a red gem; player 1 passes".
// A card discarded from the hand is left out: the line of the discard, which always follows in the
// same round, says it with the gems it gave. It returns "" when nothing is left to tell.
func (n narrator) revealedAll(run []viceroy.Event) string {
	var parts []string
	for _, f := range run {
		if f.Kind == viceroy.EventReveal && f.Move.Kind != viceroy.Discard {
			parts = append(parts, n.revealed(f))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "revealed: " + strings.Join(parts, "; ")
}

// revealed tells a hidden choice as it is revealed: "you bid a red gem", "player 1 passes".
func (n narrator) revealed(e viceroy.Event) string {
	m := e.Move
	switch m.Kind {
	case viceroy.KeepInPyramid:
		return fmt.Sprintf("%s the pyramid with %v", n.says(e.Player, "start", "starts"), m.Card)
	case viceroy.Bid:
		return fmt.Sprintf("%s a %v gem", n.says(e.Player, "bid", "bids"), m.Color)
	case viceroy.Attack:
		return n.says(e.Player, "attack", "attacks")
	case viceroy.Pass:
		return n.says(e.Player, "pass", "passes")
	case viceroy.Claim:
		return fmt.Sprintf("%s %v", n.says(e.Player, "claim", "claims"), m.Card)
	case viceroy.Play:
		return fmt.Sprintf("%s %v", n.says(e.Player, "play", "plays"), m.Card)
	case viceroy.Discard:
		return fmt.Sprintf("%s %v", n.says(e.Player, "discard", "discards"), m.Card)
	}
	return n.who(e.Player) + ": " + afterColon(e.String(), e.Player.String()+" reveals: ")
}

// decided tells a decision with no other trace in the log: a law's option, a level-5 reward,
// staying in the auction, keeping a card, picking a token.
func (n narrator) decided(e viceroy.Event) string {
	m := e.Move
	switch {
	case m.Kind == viceroy.StayIn && e.Player == n.viewer:
		return "you take nothing and stay in the auction"
	case m.Kind == viceroy.StayIn:
		return playerName(e.Player) + " takes nothing and stays in the auction"
	case m.Kind == viceroy.TakeReward && m.Choice == viceroy.FifteenPoints:
		return n.says(e.Player, "take", "takes") + " 15 points at level 5"
	case m.Kind == viceroy.TakeReward:
		return n.says(e.Player, "take", "takes") + " the rewards of rows 1-3 at level 5"
	case m.Kind == viceroy.Keep: // the only choice to keep a card: 78 Patronage's
		return n.says(e.Player, "keep", "keeps") + " the card taken in hand rather than tuck it under " + viceroy.CardID(78).String()
	case m.Kind == viceroy.Done:
		return n.says(e.Player, "stop", "stops")
	case m.Kind == viceroy.PickToken && (!m.Card.Valid() || int(m.Choice) >= viceroy.MaxTokensPerCard):
		return n.says(e.Player, "choose", "chooses") + " to swap no token"
	case m.Kind == viceroy.PickToken:
		return fmt.Sprintf("%s to give away a token of %v", n.says(e.Player, "choose", "chooses"), m.Card)
	}
	words := afterColon(e.String(), e.Player.String()+": ")
	if law, rest, ok := strings.Cut(words, ": "); ok && e.Card != 0 && law == e.Card.String() {
		return fmt.Sprintf("%s for %v: %s", n.says(e.Player, "choose", "chooses"), e.Card, rest)
	}
	return n.says(e.Player, "choose", "chooses") + ": " + words
}

// paid tells a payment: the gems from the screen and the infinite gems that paid.
func (n narrator) paid(e viceroy.Event) string {
	pays := n.says(e.Player, "pay", "pays")
	var with string
	if len(e.Cards) > 0 {
		with = "the infinite gem" + plural(len(e.Cards)) + " on " + cardNames(e.Cards)
	}
	switch {
	case e.Gems.Total() == 0 && with == "":
		return pays + " nothing"
	case e.Gems.Total() == 0:
		return pays + " with " + with
	case with == "":
		return pays + " " + gemWords(e.Gems)
	}
	return fmt.Sprintf("%s %s and with %s", pays, gemWords(e.Gems), with)
}

// tokensWords tells tokens put on a card: "a science token", "a 2-point token and a +3 magic
// bonus".
func tokensWords(tokens []viceroy.Token) string {
	parts := make([]string, len(tokens))
	for i, t := range tokens {
		switch t.Kind() {
		case viceroy.PowerPoints:
			parts[i] = fmt.Sprintf("%s %d-point token", article(t.Value()), t.Value())
		case viceroy.MagicBonus:
			parts[i] = fmt.Sprintf("a +%d magic bonus", t.Value())
		case viceroy.CircleBonus:
			parts[i] = fmt.Sprintf("a %v +%d circle bonus", t.Color(), t.Value())
		case viceroy.AttackToken:
			parts[i] = "an attack token"
		default:
			parts[i] = fmt.Sprintf("a %v token", t.Kind())
		}
	}
	return andList(parts)
}

// article returns the article of a number said aloud: "an" for 8, 11 and 18, "a" for the others.
func article(n int) string {
	if n == 8 || n == 11 || n == 18 || n >= 80 && n < 90 {
		return "an"
	}
	return "a"
}

// afterColon returns s without prefix, or s whole if it does not start with it.
func afterColon(s, prefix string) string {
	rest, _ := strings.CutPrefix(s, prefix)
	return rest
}

// slot names an auction place: "green base", "red tip".
func slot(e viceroy.Event) string {
	if e.Slot == 1 {
		return e.Color.String() + " tip"
	}
	return e.Color.String() + " base"
}

// gemWords tells gems: "a red gem", "3 gems (2 red, 1 blue)", "no gems".
func gemWords(g viceroy.Gems) string {
	switch g.Total() {
	case 0:
		return "no gems"
	case 1:
		for c, k := range g {
			if k == 1 {
				return "a " + viceroy.Color(c).String() + " gem"
			}
		}
	}
	for c, k := range g {
		if int(k) == g.Total() {
			return fmt.Sprintf("%d %v gems", k, viceroy.Color(c))
		}
	}
	return fmt.Sprintf("%d gems (%v)", g.Total(), g)
}

// cardsWords tells the cards of a run of events: their names, or how many the viewer does not see.
func cardsWords(run []viceroy.Event, what string) string {
	var names []string
	for _, e := range run {
		if e.Card != 0 {
			names = append(names, e.Card.String())
		}
	}
	unseen := len(run) - len(names)
	switch {
	case unseen == 1:
		names = append(names, "a "+what)
	case unseen > 1:
		names = append(names, fmt.Sprintf("%d %ss", unseen, what))
	}
	return andList(names)
}

// cardNames writes cards as "1 Boatswain, 4 Mentor and 32 Captain".
func cardNames(cards []viceroy.CardID) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = c.String()
	}
	return andList(parts)
}

// andList joins words as "a, b and c".
func andList(parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func plural(n int) string {
	if n == 1 || n == -1 {
		return ""
	}
	return "s"
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// shortfall is a reward, a pass or a discard that gave player fewer gems than it promised (due)
// because the reserve ran out: got gems instead; or (infinite) a card whose reward is an infinite
// gem of a colour that neither the reserve nor the player's screen held, so that it got none.
type shortfall struct {
	player   viceroy.Player
	what     string // "your 84 Arcana", "your pass", "your discard of 12 Sentry" (told to its player)
	card     viceroy.CardID
	got, due int
	infinite viceroy.Color
	noGem    bool
}

// passGemsAtLeast is the fewest gems a pass promises (RULES.md 6: 3, plus the science tokens).
var passGemsAtLeast = viceroy.PassGems(0)

// discardGems is what a card discarded in the development phase gives (RULES.md 7).
const discardGems = 2

// lawGems is what the third option of a law that offers three gives (cards README).
const lawGems = 4

// shortOf finds in a run of events told as one line a reward cut short by the reserve (see
// shortfall): a card placed whose reward's gems (its level's row, rows 1-3 at level 5, or a law's
// gem option) came short, or whose infinite gem found no gem of its colour; the gems of a
// discard; the gems of a pass, as far as the fewest a pass promises (the science tokens a player
// held then are not in the log). before is the log before the run, where a line of gems alone
// learns whether it was a pass's: its gems came in an auction phase.
func shortOf(run []viceroy.Event, before []viceroy.Event) (shortfall, bool) {
	e := run[0]
	got := 0
	for _, f := range run {
		if f.Kind == viceroy.EventGems && f.Player == e.Player {
			got += f.Gems.Total()
		}
	}
	switch {
	case e.Kind == viceroy.EventPlace && e.Card.Valid() && !e.Card.IsLaw():
		rows := []int{int(e.At.Level)}
		if e.At.Level == 5 {
			rows = nil
			for _, f := range run {
				if f.Kind == viceroy.EventDecide && f.Move.Kind == viceroy.TakeReward && f.Move.Choice == viceroy.RowRewards {
					rows = []int{1, 2, 3}
				}
			}
		}
		due, infinite := 0, viceroy.Color(0)
		hasInfinite := false
		for _, r := range rows {
			for _, it := range e.Card.Card().Rows[r-1].Reward.Items() {
				switch it.Kind {
				case viceroy.GemsReward:
					due += int(it.N)
				case viceroy.InfiniteReward:
					infinite, hasInfinite = it.Color, true
				}
			}
		}
		sh := shortfall{player: e.Player, what: "its", card: e.Card, got: got, due: due}
		if hasInfinite && !slices.ContainsFunc(run, func(f viceroy.Event) bool { return f.Kind == viceroy.EventInfinite }) {
			sh.infinite, sh.noGem = infinite, true
		}
		return sh, got < due || sh.noGem
	case e.Kind == viceroy.EventPlace && e.Card.IsLaw():
		for _, f := range run {
			if f.Kind == viceroy.EventDecide && f.Move.Kind == viceroy.ChooseOption && f.Move.Choice == 2 {
				return shortfall{player: e.Player, what: "its", card: e.Card, got: got, due: lawGems}, got < lawGems
			}
		}
	case e.Kind == viceroy.EventDiscard && e.Player >= 0:
		return shortfall{player: e.Player, what: "discard", card: e.Card, got: got, due: discardGems}, got < discardGems
	case e.Kind == viceroy.EventGems:
		for k := len(before) - 1; k >= 0; k-- {
			switch b := before[k]; b.Kind {
			case viceroy.EventTurn:
				return shortfall{player: e.Player, what: "pass", got: got, due: passGemsAtLeast}, got < passGemsAtLeast
			case viceroy.EventPhase, viceroy.EventDeal:
				return shortfall{}, false
			}
		}
	}
	return shortfall{}, false
}

// shortWords tells a shortfall in the log's line: "the reserve ran out: 3 gems instead of 4".
func (n narrator) shortWords(sh shortfall) string {
	if sh.noGem && sh.got >= sh.due {
		return fmt.Sprintf("no %v gem in the reserve nor on %s screen for its infinite gem", sh.infinite, n.whose(sh.player))
	}
	s := fmt.Sprintf("the reserve ran out: %s instead of %d", gemCount(sh.got), sh.due)
	if sh.got == 0 {
		s = fmt.Sprintf("the reserve was empty: no gems instead of %d", sh.due)
	}
	if sh.noGem {
		s += fmt.Sprintf(", and no %v gem for its infinite gem", sh.infinite)
	}
	return s
}

// shortNote tells the viewer's own shortfall where the page shows it, by the prompt: "the reserve
// ran out: your 84 Arcana gave you 3 gems instead of 4".
func (n narrator) shortNote(sh shortfall) string {
	var what string
	switch sh.what {
	case "pass":
		what = "your pass"
	case "discard":
		what = fmt.Sprintf("discarding %v", sh.card)
	default:
		what = "your " + sh.card.String()
	}
	if sh.noGem && sh.got >= sh.due {
		return fmt.Sprintf("neither the reserve nor your screen held a %v gem: %s got no infinite gem", sh.infinite, what)
	}
	s := fmt.Sprintf("the reserve ran out: %s gave you %s instead of %d", what, gemCount(sh.got), sh.due)
	if sh.got == 0 {
		s = fmt.Sprintf("the reserve was empty: %s gave you no gems instead of %d", what, sh.due)
	}
	if sh.noGem {
		s += fmt.Sprintf(", and no %v gem was left for its infinite gem", sh.infinite)
	}
	return s
}

// gemCount writes a number of gems: "1 gem", "3 gems".
func gemCount(n int) string { return fmt.Sprintf("%d gem%s", n, plural(n)) }
