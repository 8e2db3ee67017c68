package main

import (
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

// narrator tells a seat's log in words addressed to that seat's player, in the language the seat
// reads: "you take" for the viewer, "player 1 takes" for the others. The library's events name
// every player in the third person; the page's words are its own ("log." phrases of words_en.go,
// words_es.go, words_fr.go), with the library's for cards, moves, colours and gems. open says that an action is under way (a player
// still picks gems, pays, ...): the log's last run may grow, so a shortfall is not told in it yet.
type narrator struct {
	viewer viceroy.Player
	open   bool
	l      viceroy.Language // the language the seat reads (the zero Language is English)
}

// narratorOf returns the narrator of viewer's log as the game is now, from the viewer's view, in
// language l.
func narratorOf(v viceroy.View, l viceroy.Language) narrator {
	return narrator{viewer: v.Player, open: v.Progress.Acting >= 0, l: l}
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
			l.Text += n.sep() + n.shortWords(sh)
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

// t returns the phrase of key in the narrator's language (see say).
func (n narrator) t(key string, args ...any) string { return say(n.l, key, args...) }

// playerName names player p as the page does in English, numbered from 1: "player 1" is player 0.
func playerName(p viceroy.Player) string { return say(viceroy.English, "log.player", "n", int(p)+1) }

// name names player p as the subject of a sentence, numbered from 1: "player 1", "el jugador 1",
// "le joueur 1".
func (n narrator) name(p viceroy.Player) string { return n.t("log.player", "n", int(p)+1) }

// act tells what player p does, by the phrase of key: key+".you" for the viewer ("you take
// {gems}"), key for another player, its {player} filled with the player's name ("player 1 takes
// {gems}"); {n} is the player's number from 1.
func (n narrator) act(p viceroy.Player, key string, args ...any) string {
	if p == n.viewer {
		return n.t(key+".you", args...)
	}
	return n.t(key, append(args, "player", n.name(p), "pn", int(p)+1)...)
}

// subject returns the words an act of player p starts with, which a clause of a sentence about p
// leaves out after the first: "you ", "player 1 ", and nothing for a Spanish "tú", unsaid.
func (n narrator) subject(p viceroy.Player) string {
	s := n.name(p)
	if p == n.viewer {
		s = n.t("log.subject.you")
	}
	if s == "" {
		return ""
	}
	return s + " "
}

// give tells the gems g that the player of event e gives to e.Other: "you give a red gem to
// player 2", "player 2 gives a red gem to you".
func (n narrator) give(e viceroy.Event, g viceroy.Gems) string {
	if e.Other == n.viewer {
		return n.t("log.give.to-you", "gems", n.gems(g), "player", n.name(e.Player), "pn", int(e.Player)+1)
	}
	return n.act(e.Player, "log.give", "gems", n.gems(g), "to", n.t("log.to", "n", int(e.Other)+1))
}

// sep returns the words between the clauses of several players' acts: "; ".
func (n narrator) sep() string { return n.t("log.sep") }

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
			return n.act(e.Player, "log.park", "gems", n.gems(g), "card", e.Card)
		}
		return n.act(e.Player, "log.take-gems", "gems", n.gems(g))
	case viceroy.EventTurn, viceroy.EventPhase:
		// "turn 2 · auction, round 1 · revealed: ...", "the development phase, round 1 · revealed: ..."
		s := n.one(e)
		rest := run[1:]
		if len(rest) > 0 && rest[0].Kind == viceroy.EventRound {
			if e.Kind == viceroy.EventTurn {
				s += " · " + n.one(rest[0])
			} else {
				s += n.t("log.and-round", "n", rest[0].Round)
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
		return n.t("log.revealed", "what", n.revealed(e))
	case viceroy.EventAuctionCard:
		parts := make([]string, len(run))
		for i, f := range run {
			key := "log.auction-card"
			if f.Deck == "small" || f.Deck == "laws" {
				key += "." + f.Deck
			}
			parts[i] = n.t(key, "card", f.Card, "slot", n.slot(f))
		}
		return n.t("log.to-auction", "cards", strings.Join(parts, libSay(n.l, "list.comma")))
	case viceroy.EventShift:
		parts := make([]string, len(run))
		for i, f := range run {
			parts[i] = n.t("log.tip-card", "card", f.Card, "color", f.Color)
		}
		return n.t("log.to-tips", "cards", strings.Join(parts, libSay(n.l, "list.comma")))
	case viceroy.EventVirtualBid:
		parts := make([]string, len(run))
		for i, f := range run {
			parts[i] = n.t("log.virtual-bid", "n", int(f.Player)+1, "color", f.Color)
		}
		return strings.Join(parts, n.sep())
	case viceroy.EventDiscard:
		if e.Player >= 0 {
			var g viceroy.Gems
			for _, f := range run[1:] {
				g = g.Plus(f.Gems)
			}
			if g.Total() > 0 {
				return n.act(e.Player, "log.discard-gems", "card", e.Card, "gems", n.gems(g))
			}
			return n.act(e.Player, "log.discard", "card", e.Card)
		}
		parts := make([]string, len(run))
		for i, f := range run {
			parts[i] = n.t("log.auction-card", "card", f.Card, "slot", n.slot(f))
		}
		return n.t("log.out-of-auction", "cards", strings.Join(parts, libSay(n.l, "list.comma")))
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
			switch {
			case len(kept) > 0 && len(back) > 0:
				return n.act(p, "log.keep-and-return", "kept", n.cards(kept, "log.unseen.starting"),
					"back", n.cards(back, "log.unseen.starting"))
			case len(kept) > 0:
				return n.act(p, "log.keep-start", "cards", n.cards(kept, "log.unseen.starting"))
			}
			return n.act(p, "log.return-start", "cards", n.cards(back, "log.unseen.starting"))
		})
	case viceroy.EventDraw:
		key := "log.draw.small"
		if e.Deck == "laws" {
			key = "log.draw.laws"
		}
		return n.eachPlayer(run, func(p viceroy.Player, of []viceroy.Event) string {
			return n.act(p, key, "cards", n.cards(of, "log.unseen.card"))
		})
	case viceroy.EventGive:
		var g viceroy.Gems
		for _, f := range run {
			g = g.Plus(f.Gems)
		}
		return n.give(e, g)
	case viceroy.EventPaint:
		switch {
		case e.Hidden:
			return n.act(e.Player, "log.paint.hidden")
		case e.Slot == 1:
			return n.act(e.Player, "log.painted", "what", n.paintWords(run))
		}
		return n.act(e.Player, "log.paint", "what", n.paintWords(run))
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
	return strings.Join(parts, n.sep())
}

// paintWords tells the circles a player paints, by their level, and the gems it costs them (a
// gem for each sector not of the colour): "the level-2 circle red (2 gems)", "3 circles: level 2
// red and blue; level 3 green (4 gems)".
func (n narrator) paintWords(run []viceroy.Event) string {
	gems := 0
	for _, e := range run {
		gems += e.Gems.Total()
	}
	if len(run) == 1 {
		return n.t("log.paint.one", "level", int(run[0].At.Level), "color", run[0].Color, "n", gems)
	}
	var levels []int8
	colors := map[int8][]string{}
	for _, e := range run {
		if colors[e.At.Level] == nil {
			levels = append(levels, e.At.Level)
		}
		colors[e.At.Level] = append(colors[e.At.Level], n.l.Say(e.Color))
	}
	slices.Sort(levels)
	parts := make([]string, len(levels))
	for i, l := range levels {
		parts[i] = n.t("log.paint.level", "level", int(l), "colors", listAnd(n.l, colors[l]))
	}
	return n.t("log.paint.many", "circles", len(run), "levels", strings.Join(parts, n.sep()), "n", gems)
}

// one tells an event told on its own.
func (n narrator) one(e viceroy.Event) string {
	switch e.Kind {
	case viceroy.EventDeal:
		if e.Hidden {
			return n.act(e.Player, "log.dealt.hidden", "n", e.Count)
		}
		return n.act(e.Player, "log.dealt", "cards", n.cardNames(e.Cards))
	case viceroy.EventDecide:
		return n.decided(e, 0)
	case viceroy.EventTurn:
		return n.t("log.turn", "n", e.Turn)
	case viceroy.EventRound:
		if e.Phase == viceroy.PhaseAuction || e.Phase == viceroy.PhaseDevelopment {
			return n.t("log.round."+e.Phase.String(), "n", e.Round)
		}
		return n.l.Say(e)
	case viceroy.EventPhase:
		switch e.Phase {
		case viceroy.PhaseOver:
			return n.t("log.phase.over")
		case viceroy.PhasePainting:
			return n.t("log.phase.painting")
		case viceroy.PhaseAuction, viceroy.PhaseDevelopment, viceroy.PhaseSetup:
			return n.t("log.phase." + e.Phase.String())
		}
		return n.l.Say(e)
	case viceroy.EventTake:
		return n.act(e.Player, "log.take", "card", e.Card, "slot", n.slot(e))
	case viceroy.EventKeepStart:
		if e.Card == 0 {
			return n.act(e.Player, "log.keep-start", "cards", n.t("log.unseen.starting", "n", 1))
		}
		return n.act(e.Player, "log.keep-start", "cards", n.l.Say(e.Card))
	case viceroy.EventPlace:
		if e.Host != 0 {
			return n.act(e.Player, "log.place.succession", "card", e.Card, "level", int(e.At.Level), "host", e.Host)
		}
		return n.act(e.Player, "log.place", "card", e.Card, "level", int(e.At.Level))
	case viceroy.EventPay:
		return n.paid(e)
	case viceroy.EventCircleGems:
		return n.act(e.Player, "log.circle-gems", "gems", n.gems(e.Gems))
	case viceroy.EventTokens:
		return n.act(e.Player, "log.card-gets", "card", e.Card, "what", n.tokens(e.Tokens))
	case viceroy.EventAttacks:
		if e.Count < 0 {
			return n.act(e.Player, "log.attack-used")
		}
		return n.act(e.Player, "log.attacks", "n", e.Count)
	case viceroy.EventInfinite:
		return n.act(e.Player, "log.card-gets", "card", e.Card, "what", n.t("log.an-infinite-gem", "color", e.Color))
	case viceroy.EventTuck:
		if e.Slot == 1 {
			return n.act(e.Player, "log.exile", "card", e.Card, "host", e.Host)
		}
		return n.act(e.Player, "log.tuck", "card", e.Card, "host", e.Host)
	case viceroy.EventPutBack:
		if e.Card == 0 {
			return n.act(e.Player, "log.put-back.hidden")
		}
		return n.act(e.Player, "log.put-back", "card", e.Card)
	case viceroy.EventSwap:
		key := "log.swap"
		if e.Other == n.viewer {
			key = "log.swap.yours"
		}
		return n.act(e.Player, key, "card", e.Card, "host", e.Host, "other", n.name(e.Other), "on", int(e.Other)+1)
	case viceroy.EventGive:
		return n.give(e, e.Gems)
	case viceroy.EventSkip:
		return n.act(e.Player, "log.skip")
	case viceroy.EventScores:
		parts := make([]string, len(e.Scores))
		for i, s := range e.Scores {
			parts[i] = n.act(s.Player, "log.score", "n", s.Total)
		}
		return n.t("log.scores", "scores", strings.Join(parts, libSay(n.l, "list.comma")))
	}
	return n.l.Say(e) // the library's words, for a kind this page does not know
}

// placed tells a card placed and its consequences (see consequences) in one sentence: "you place
// 64 Chieftain at level 2, pay 2 gems (1 blue, 1 green), get an attack token, take 2 gems (1 blue,
// 1 red) and put a 2-point token on it". Its payments are told in one clause, and so are the gems
// it gives, wherever they come in the run; a law's option is left out where what it gave tells it.
func (n narrator) placed(run []viceroy.Event) string {
	e := run[0]
	subject := n.subject(e.Player)
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
			c = n.putOn(f, e.Card, n.tokens(f.Tokens))
		case viceroy.EventInfinite:
			c = n.putOn(f, e.Card, n.t("log.an-infinite-gem", "color", f.Color))
		case viceroy.EventDecide: // a law's option: "choose to draw a card from a deck of your choice"
			if i+1 < len(run) && slices.Contains([]viceroy.EventKind{viceroy.EventGems, viceroy.EventTokens, viceroy.EventInfinite}, run[i+1].Kind) {
				continue // what the option gave says it
			}
			c = n.decided(f, e.Card)
		default:
			c = n.one(f)
		}
		clauses = append(clauses, c)
	}
	if paid != nil {
		clauses[paidAt] = n.paid(*paid)
	}
	if took != nil {
		clauses[tookAt] = n.act(took.Player, "log.take-gems", "gems", n.gems(took.Gems))
	}
	if subject != "" {
		for i := 1; i < len(clauses); i++ {
			clauses[i] = strings.TrimPrefix(clauses[i], subject)
		}
	}
	return listAnd(n.l, clauses)
}

// putOn tells what the player of event f puts on a card, in the line of card placed: "on it" if
// it is the one.
func (n narrator) putOn(f viceroy.Event, placed viceroy.CardID, what string) string {
	if f.Card == placed {
		return n.act(f.Player, "log.put-on-it", "what", what)
	}
	return n.act(f.Player, "log.put-on", "what", what, "card", f.Card)
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
	return n.t("log.revealed", "what", strings.Join(parts, n.sep()))
}

// revealed tells a hidden choice as it is revealed: "you bid a red gem", "player 1 passes".
func (n narrator) revealed(e viceroy.Event) string {
	m := e.Move
	switch m.Kind {
	case viceroy.KeepInPyramid:
		return n.act(e.Player, "log.reveal.pyramid", "card", m.Card)
	case viceroy.Bid:
		return n.act(e.Player, "log.reveal.bid", "color", m.Color)
	case viceroy.Attack:
		return n.act(e.Player, "log.reveal.attack")
	case viceroy.Pass:
		return n.act(e.Player, "log.reveal.pass")
	case viceroy.Claim:
		return n.act(e.Player, "log.reveal.claim", "card", m.Card)
	case viceroy.Play:
		return n.act(e.Player, "log.reveal.play", "card", m.Card)
	case viceroy.Discard:
		return n.act(e.Player, "log.reveal.discard", "card", m.Card)
	}
	return n.act(e.Player, "log.reveal.other", "move", n.moveWords(e, "event.reveal"))
}

// moveWords returns the library's words for the move of event e, told by the library's phrase of
// key ("event.reveal", "event.decide"), which ends with the move ("{player} reveals: {move}"):
// the phrase less what comes before its {move}.
func (n narrator) moveWords(e viceroy.Event, key string) string {
	told := n.l.Say(e)
	pat := libWords[n.l][key]
	if before, _, ok := strings.Cut(pat, "{move}"); ok && strings.HasSuffix(pat, "{move}") {
		if rest, ok := strings.CutPrefix(told, n.l.Fill(before, "player", e.Player)); ok {
			return rest
		}
	}
	return n.l.Say(e.Move)
}

// decided tells a decision with no other trace in the log: a law's option, a level-5 reward,
// staying in the auction, keeping a card, picking a token. placed is the card whose line tells it,
// if the decision is a law's option told in the line of that law placed.
func (n narrator) decided(e viceroy.Event, placed viceroy.CardID) string {
	m := e.Move
	switch {
	case m.Kind == viceroy.StayIn:
		return n.act(e.Player, "log.stay-in")
	case m.Kind == viceroy.TakeReward && m.Choice == viceroy.FifteenPoints:
		return n.act(e.Player, "log.reward.fifteen")
	case m.Kind == viceroy.TakeReward:
		return n.act(e.Player, "log.reward.rows")
	case m.Kind == viceroy.Keep: // the only choice to keep a card: 78 Patronage's
		return n.act(e.Player, "log.keep-patronage", "card", viceroy.CardID(78))
	case m.Kind == viceroy.Done:
		return n.act(e.Player, "log.stop")
	case m.Kind == viceroy.PickToken && (!m.Card.Valid() || int(m.Choice) >= viceroy.MaxTokensPerCard):
		return n.act(e.Player, "log.swap-none")
	case m.Kind == viceroy.PickToken:
		return n.act(e.Player, "log.give-away", "card", m.Card)
	}
	words := n.moveWords(e, "event.decide")
	if e.Card != 0 {
		for _, sep := range []string{": ", " : "} {
			if rest, ok := strings.CutPrefix(words, n.l.Say(e.Card)+sep); ok {
				if placed == e.Card {
					return n.act(e.Player, "log.choose-to", "what", rest)
				}
				return n.act(e.Player, "log.choose-for", "card", e.Card, "what", rest)
			}
		}
	}
	return n.act(e.Player, "log.choose", "what", words)
}

// paid tells a payment: the gems from the screen and the infinite gems that paid.
func (n narrator) paid(e viceroy.Event) string {
	var with string
	if len(e.Cards) > 0 {
		with = n.t("log.infinite-on", "n", len(e.Cards), "cards", n.cardNames(e.Cards))
	}
	switch {
	case e.Gems.Total() == 0 && with == "":
		return n.act(e.Player, "log.pay.nothing")
	case e.Gems.Total() == 0:
		return n.act(e.Player, "log.pay.with", "with", with)
	case with == "":
		return n.act(e.Player, "log.pay", "gems", n.gems(e.Gems))
	}
	return n.act(e.Player, "log.pay.both", "gems", n.gems(e.Gems), "with", with)
}

// tokens tells tokens put on a card: "a science token", "a 2-point token and a +3 magic bonus".
func (n narrator) tokens(tokens []viceroy.Token) string {
	parts := make([]string, len(tokens))
	for i, t := range tokens {
		switch t.Kind() {
		case viceroy.PowerPoints:
			key := "log.token.points"
			if article(t.Value()) == "an" {
				key += ".an"
			}
			parts[i] = n.t(key, "n", t.Value())
		case viceroy.MagicBonus:
			parts[i] = n.t("log.token.magic-bonus", "n", t.Value())
		case viceroy.CircleBonus:
			parts[i] = n.t("log.token.circle-bonus", "n", t.Value(), "color", t.Color())
		case viceroy.AttackToken:
			parts[i] = n.t("log.token.attack")
		case viceroy.Science:
			parts[i] = n.t("log.token.science")
		case viceroy.Magic:
			parts[i] = n.t("log.token.magic")
		case viceroy.Defense:
			parts[i] = n.t("log.token.defense")
		default:
			parts[i] = n.l.Say(t)
		}
	}
	return listAnd(n.l, parts)
}

// article returns the English article of a number said aloud: "an" for 8, 11 and 18, "a" for the
// others. The other languages' phrases of "log.token.points.an" are those of "log.token.points".
func article(n int) string {
	if n == 8 || n == 11 || n == 18 || n >= 80 && n < 90 {
		return "an"
	}
	return "a"
}

// slot names an auction place: "green base", "red tip" (the library's words).
func (n narrator) slot(e viceroy.Event) string {
	if e.Slot == 1 {
		return libSay(n.l, "slot.tip", "color", e.Color)
	}
	return libSay(n.l, "slot.base", "color", e.Color)
}

// gems tells gems: "a red gem", "3 gems (2 red, 1 blue)", "no gems".
func (n narrator) gems(g viceroy.Gems) string {
	switch g.Total() {
	case 0:
		return n.t("log.gems.none")
	}
	for c, k := range g {
		if int(k) == g.Total() {
			return n.t("log.gems.one-color", "n", int(k), "color", viceroy.Color(c))
		}
	}
	return n.t("log.gems.mixed", "n", g.Total(), "list", n.l.Say(g))
}

// cards tells the cards of a run of events: their names, and how many the viewer does not see,
// by the phrase of unseen ("log.unseen.card": "a card", "3 cards").
func (n narrator) cards(run []viceroy.Event, unseen string) string {
	var names []string
	for _, e := range run {
		if e.Card != 0 {
			names = append(names, n.l.Say(e.Card))
		}
	}
	if hidden := len(run) - len(names); hidden > 0 {
		names = append(names, n.t(unseen, "n", hidden))
	}
	return listAnd(n.l, names)
}

// cardNames writes cards as "1 Boatswain, 4 Mentor and 32 Captain".
func (n narrator) cardNames(cards []viceroy.CardID) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = n.l.Say(c)
	}
	return listAnd(n.l, parts)
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
		return n.act(sh.player, "log.short.no-infinite", "color", sh.infinite)
	}
	s := n.t("log.short.ran-out", "got", sh.got, "due", sh.due)
	if sh.got == 0 {
		s = n.t("log.short.empty", "due", sh.due)
	}
	if sh.noGem {
		s += n.t("log.short.and-no-infinite", "color", sh.infinite)
	}
	return s
}

// shortNote tells the viewer's own shortfall where the page shows it, by the prompt: "the reserve
// ran out: your 84 Arcana gave you 3 gems instead of 4".
func (n narrator) shortNote(sh shortfall) string {
	var what string
	switch sh.what {
	case "pass":
		what = n.t("log.note.pass")
	case "discard":
		what = n.t("log.note.discard", "card", sh.card)
	default:
		what = n.t("log.note.card", "card", sh.card)
	}
	if sh.noGem && sh.got >= sh.due {
		return n.t("log.note.no-infinite", "color", sh.infinite, "what", what)
	}
	s := n.t("log.note.ran-out", "what", what, "got", sh.got, "due", sh.due)
	if sh.got == 0 {
		s = n.t("log.note.empty", "what", what, "due", sh.due)
	}
	if sh.noGem {
		s += n.t("log.note.and-no-infinite", "color", sh.infinite)
	}
	return s
}
