package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/laar/viceroy"
)

// The short telling: the starting cards, then for every turn one line per player (what the player
// won or took at the auction, and the cards played or discarded), the cards that left the auction
// unclaimed, how many circles each player painted, and the score sheets side by side.

// deed is one thing a player did in a turn, told as a verb and what it was done with: "takes"
// and cards, "gets" and gems, or a verb alone ("passes"). Deeds of one verb in a row are told
// together.
type deed struct {
	verb  string
	cards []string
	gems  viceroy.Gems
}

// deeds is what one player did in one phase of a turn, in order.
type deeds []deed

// add appends what a verb was done with, to the last deed if it has the same verb.
func (ds deeds) add(verb string, card viceroy.CardID, gems viceroy.Gems) deeds {
	if n := len(ds); n > 0 && ds[n-1].verb == verb {
		if card != 0 {
			ds[n-1].cards = append(ds[n-1].cards, card.String())
		}
		ds[n-1].gems = ds[n-1].gems.Plus(gems)
		return ds
	}
	d := deed{verb: verb, gems: gems}
	if card != 0 {
		d.cards = []string{card.String()}
	}
	return append(ds, d)
}

// String tells the deeds: "passes, gets 1 red, 1 green".
func (ds deeds) String() string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		switch {
		case len(d.cards) > 0:
			parts[i] = d.verb + " " + strings.Join(d.cards, ", ")
		case d.gems.Total() > 0:
			parts[i] = d.verb + " " + d.gems.String()
		default:
			parts[i] = d.verb
		}
	}
	return strings.Join(parts, ", ")
}

// turnTale is what happened in one turn: each player's deeds in the auction and in the
// development phase, and the cards that left the auction with no player taking them.
type turnTale struct {
	number    int
	auction   []deeds
	develop   []deeds
	unclaimed []viceroy.CardID
	skips     []bool // players who sit out this turn's auction (69 Privilege)
}

// newTurnTale returns an empty tale of turn n for the players, of whom skips sit out its
// auction.
func newTurnTale(n int, skips []bool) *turnTale {
	players := len(skips)
	return &turnTale{number: n, auction: make([]deeds, players), develop: make([]deeds, players),
		skips: skips}
}

// note adds what event e, of the given phase, tells about the turn.
func (t *turnTale) note(e viceroy.Event, phase viceroy.Phase) {
	p := e.Player
	switch {
	case e.Kind == viceroy.EventDiscard && p < 0:
		t.unclaimed = append(t.unclaimed, e.Card)
	case p < 0 || int(p) >= len(t.auction) || e.Kind == viceroy.EventVirtualBid:
	case phase == viceroy.PhaseAuction:
		t.auction[p] = t.auction[p].noteAuction(e)
	case phase == viceroy.PhaseDevelopment:
		t.develop[p] = t.develop[p].noteDevelopment(e)
	}
}

// noteAuction adds what an auction event tells of the player's deeds: a pass and the gems it
// gave, an attack, a card taken.
func (ds deeds) noteAuction(e viceroy.Event) deeds {
	switch {
	case e.Kind == viceroy.EventReveal && e.Move.Kind == viceroy.Pass:
		return ds.add("passes", 0, viceroy.Gems{})
	case e.Kind == viceroy.EventReveal && e.Move.Kind == viceroy.Attack:
		return ds.add("attacks", 0, viceroy.Gems{})
	case e.Kind == viceroy.EventTake:
		return ds.add("takes", e.Card, viceroy.Gems{})
	case e.Kind == viceroy.EventGems:
		return ds.add("gets", 0, e.Gems)
	}
	return ds
}

// noteDevelopment adds what a development event tells of the player's deeds: a card played into
// the pyramid, a card discarded, a card taken from the auction (69 Privilege).
func (ds deeds) noteDevelopment(e viceroy.Event) deeds {
	switch e.Kind {
	case viceroy.EventTake:
		return ds.add("takes", e.Card, viceroy.Gems{})
	case viceroy.EventPlace:
		return ds.add("plays", e.Card, viceroy.Gems{})
	case viceroy.EventDiscard:
		return ds.add("discards", e.Card, viceroy.Gems{})
	}
	return ds
}

// write tells the turn: its heading, a line for each player, and the cards no player took.
func (t *turnTale) write(w io.Writer) {
	fmt.Fprintf(w, "\nTurn %d.\n", t.number)
	for p := range t.auction {
		auction, develop := t.auction[p].String(), t.develop[p].String()
		switch {
		case auction == "" && t.skips[p]:
			auction = "skips the auction"
		case auction == "":
			auction = "takes nothing at the auction"
		}
		if develop == "" {
			develop = "plays nothing"
		}
		fmt.Fprintf(w, "  %v %s; %s.\n", viceroy.Player(p), auction, develop)
	}
	if len(t.unclaimed) > 0 {
		names := make([]string, len(t.unclaimed))
		for i, c := range t.unclaimed {
			names[i] = c.String()
		}
		fmt.Fprintf(w, "  Out of the auction: %s.\n", strings.Join(names, ", "))
	}
}

// summarize writes the short telling of an onlooker's log of a game of the given players: the
// starting pyramids, a few lines a turn, and the painting.
func summarize(w io.Writer, log []viceroy.Event, players int) {
	var starts []string
	painted := make([]int, players)
	skips := make([]bool, players) // who will skip the next auction
	var turn *turnTale
	phase := viceroy.PhaseAuction
	for _, e := range log {
		switch e.Kind {
		case viceroy.EventTurn:
			if turn != nil {
				turn.write(w)
			} else {
				fmt.Fprintf(w, "\nStarting cards: %s.\n", strings.Join(starts, ", "))
			}
			turn, phase = newTurnTale(e.Turn, skips), viceroy.PhaseAuction
			skips = make([]bool, players)
			continue
		case viceroy.EventSkip:
			if e.Player >= 0 && int(e.Player) < players {
				skips[e.Player] = true
			}
			continue
		case viceroy.EventPhase:
			phase = e.Phase
			continue
		case viceroy.EventPaint:
			if !e.Hidden && e.Player >= 0 && int(e.Player) < players {
				painted[e.Player]++
			}
			continue
		}
		if turn == nil {
			if e.Kind == viceroy.EventReveal && e.Move.Kind == viceroy.KeepInPyramid {
				starts = append(starts, fmt.Sprintf("%v (%v)", e.Move.Card, e.Player))
			}
			continue
		}
		turn.note(e, phase)
	}
	if turn != nil {
		turn.write(w)
	}
	tellPainting(w, painted)
}

// tellPainting writes how many circles each player painted at the end.
func tellPainting(w io.Writer, painted []int) {
	parts := make([]string, len(painted))
	for p, n := range painted {
		parts[p] = fmt.Sprintf("%v %d circle%s", viceroy.Player(p), n, plural(n))
	}
	fmt.Fprintf(w, "\nPainted: %s.\n", strings.Join(parts, ", "))
}

// scoreRows are the rows of the score sheets side by side: the seven categories in scoring order,
// and the total.
var scoreRows = []struct {
	name  string
	value func(viceroy.ScoreSheet) int
}{
	{"single-colour circles", func(s viceroy.ScoreSheet) int { return s.Circles }},
	{"infinite gems", func(s viceroy.ScoreSheet) int { return s.InfiniteGems }},
	{"laws", func(s viceroy.ScoreSheet) int { return s.Laws }},
	{"power points", func(s viceroy.ScoreSheet) int { return s.PowerPoints }},
	{"magic", func(s viceroy.ScoreSheet) int { return s.Magic }},
	{"sets", func(s viceroy.ScoreSheet) int { return s.Sets }},
	{"attacks", func(s viceroy.ScoreSheet) int { return s.Attacks }},
	{"total", func(s viceroy.ScoreSheet) int { return s.Total }},
}

// scoreTable writes the score sheets side by side, a column a player, and the winners.
func scoreTable(w io.Writer, g viceroy.Game) {
	sheets := g.Scores()
	fmt.Fprintf(w, "\n%-24s", "Score sheets")
	for _, s := range sheets {
		fmt.Fprintf(w, "%10v", s.Player)
	}
	fmt.Fprintln(w)
	for _, row := range scoreRows {
		fmt.Fprintf(w, "  %-22s", row.name)
		for _, s := range sheets {
			fmt.Fprintf(w, "%10d", row.value(s))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
	tellWinners(w, g)
}
