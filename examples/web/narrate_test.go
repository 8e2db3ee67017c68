package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/laar/viceroy"
)

// botGame plays a whole game between greedy bots and returns its history.
func botGame(t *testing.T, cfg viceroy.Config) *viceroy.History {
	t.Helper()
	bots := make([]viceroy.Bot, cfg.Players)
	for p := range bots {
		var err error
		if bots[p], err = viceroy.NewBot("greedy", uint64(p)+cfg.Seed); err != nil {
			t.Fatal(err)
		}
	}
	h, err := viceroy.PlayHistory(cfg, bots...)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// The verbs the narrator writes, in the third person; "you" never takes them, and a player named
// in the third person never takes their plain form.
var (
	thirdPerson = `is|takes|plays|bids|pays|passes|places|gets|keeps|puts|draws|discards|claims|starts|attacks|uses|tucks|exiles|parks|gives|swaps|paints|chooses|stops|has`
	youThird    = regexp.MustCompile(`\b[Yy]ou (` + thirdPerson + `)\b`)
	playerPlain = regexp.MustCompile(`\b[Pp]layer \d (are|take|play|bid|pay|pass|place|get|keep|put|draw|discard|claim|start|attack|use|tuck|exile|park|give|swap|paint|choose|stop|have)\b`)
)

// TestLogIsToldToItsPlayer tells whole games' logs to every seat and checks the words and the
// grouping: "you" with its own verbs and never "player N" for the viewer, no "has chosen" lines
// nor "pays none", a player's gems taken one at a time told in one line, and far fewer lines than
// events.
func TestLogIsToldToItsPlayer(t *testing.T) {
	for _, cfg := range []viceroy.Config{{Players: 2, Seed: 3}, {Players: 4, Seed: 4}, {Players: 1, Virtual: 2, Seed: 5},
		{Players: 3, Virtual: 1, Edition: viceroy.FirstEdition, Seed: 6}} {
		t.Run(fmt.Sprintf("%dp%dv", cfg.Players, cfg.Virtual), func(t *testing.T) {
			h := botGame(t, cfg)
			for p := range viceroy.Player(cfg.Players) {
				log := h.Log(p)
				lines := narrator{viewer: p}.tell(log, 0)
				for i, l := range lines {
					bad := []string{"has chosen", "pays none", "hidden choice", playerName(p) + " ", playerName(p) + "'s"}
					for _, b := range bad {
						if strings.Contains(l.Text, b) {
							t.Errorf("%v line %d: %q says %q", p, i, l.Text, b)
						}
					}
					if m := youThird.FindString(l.Text); m != "" {
						t.Errorf("%v line %d: %q: %q", p, i, l.Text, m)
					}
					if m := playerPlain.FindString(l.Text); m != "" {
						t.Errorf("%v line %d: %q: %q", p, i, l.Text, m)
					}
					if i > 0 && l.Kind == "gems" && lines[i-1].Kind == "gems" && subject(l.Text) == subject(lines[i-1].Text) {
						t.Errorf("%v lines %d-%d: a player's gems in two lines: %q, %q", p, i-1, i, lines[i-1].Text, l.Text)
					}
				}
				if len(lines)*2 > len(log) {
					t.Errorf("%v: %d lines for %d events", p, len(lines), len(log))
				}
				if p == 0 {
					t.Logf("%d events, %d lines", len(log), len(lines))
				}
			}
		})
	}
}

// subject returns the words of a line before its verb "take".
func subject(text string) string {
	s, _, _ := strings.Cut(text, " take")
	return s
}

// TestLogFromALineIsTheSame checks what the page relies on: the lines told from any line's first
// event on are the lines told from the start, from that line on; and as the log grows, only its
// last line changes.
func TestLogFromALineIsTheSame(t *testing.T) {
	h := botGame(t, viceroy.Config{Players: 3, Virtual: 1, Seed: 9})
	for p := range viceroy.Player(3) {
		log := h.Log(p)
		n := narrator{viewer: p}
		all := n.tell(log, 0)
		for i := 0; i < len(all); i += 1 + i%5 {
			if diff := cmp.Diff(all[i:], n.tell(log, all[i].From)); diff != "" {
				t.Fatalf("%v: the lines from line %d (event %d) on (-from the start +from there):\n%s", p, i, all[i].From, diff)
			}
		}
		var held []line
		for end := 0; end <= len(log); end += 1 + end%11 {
			held = mergeLog(held, n.tell(log[:end], next(held, 0)))
			if !slices.Equal(held[:max(len(held)-1, 0)], all[:max(len(held)-1, 0)]) {
				t.Fatalf("%v: the lines of the first %d events, told as they came, differ from the whole log's", p, end)
			}
		}
		held = mergeLog(held, n.tell(log, next(held, 0)))
		if diff := cmp.Diff(all, held); diff != "" {
			t.Fatalf("%v: the lines told as the log grew (-whole +grown):\n%s", p, diff)
		}
	}
}

// TestLogWords pins the words of a few events, to the viewer and to the others.
func TestLogWords(t *testing.T) {
	red, blue := viceroy.Gems{}, viceroy.Gems{}
	red[viceroy.Red], blue[viceroy.Blue] = 1, 1
	tests := []struct {
		viewer viceroy.Player
		events []viceroy.Event
		want   string
	}{
		{0, []viceroy.Event{{Kind: viceroy.EventGems, Player: 0, Gems: red}, {Kind: viceroy.EventGems, Player: 0, Gems: red}}, "You take 2 red gems"},
		{1, []viceroy.Event{{Kind: viceroy.EventGems, Player: 0, Gems: red}, {Kind: viceroy.EventChoose, Player: 1, Hidden: true}, {Kind: viceroy.EventGems, Player: 0, Gems: blue}}, "Player 1 takes 2 gems (1 blue, 1 red)"},
		{0, []viceroy.Event{{Kind: viceroy.EventReveal, Player: 0, Move: viceroy.Move{Kind: viceroy.Play, Card: 11}}, {Kind: viceroy.EventReveal, Player: 1, Move: viceroy.Move{Kind: viceroy.Bid, Color: viceroy.Blue}}}, "Revealed: you play 11 Crossbowwoman; player 2 bids a blue gem"},
		{1, []viceroy.Event{{Kind: viceroy.EventPay, Player: 1, Cards: []viceroy.CardID{62}}}, "You pay with the infinite gem on 62 Colonel"},
		{0, []viceroy.Event{{Kind: viceroy.EventPay, Player: 1, Gems: red, Cards: []viceroy.CardID{62}}}, "Player 2 pays a red gem and with the infinite gem on 62 Colonel"},
		{0, []viceroy.Event{{Kind: viceroy.EventTokens, Player: 0, Card: 64, Tokens: []viceroy.Token{}}}, "Your 64 Chieftain gets "},
		{0, []viceroy.Event{{Kind: viceroy.EventReturnStart, Player: 1}, {Kind: viceroy.EventKeepStart, Player: 0, Card: 2},
			{Kind: viceroy.EventReturnStart, Player: 0, Card: 13}, {Kind: viceroy.EventKeepStart, Player: 1}, {Kind: viceroy.EventReturnStart, Player: 0, Card: 45}},
			"Player 2 keeps a starting card in hand and puts a starting card back into the deck; you keep 2 Ambassador in hand and put 13 Arcanist and 45 Sergeant back into the deck"},
		{1, []viceroy.Event{{Kind: viceroy.EventDecide, Player: 1, Move: viceroy.Move{Kind: viceroy.Keep}}}, "You keep the card taken in hand rather than tuck it under 78 Patronage"},
	}
	for _, tt := range tests {
		got := narrator{viewer: tt.viewer}.tell(tt.events, 0)
		if len(got) != 1 || got[0].Text != tt.want {
			t.Errorf("%v told to %v: %+v, want one line %q", tt.events, tt.viewer, got, tt.want)
		}
	}
}

// TestLogFoldsHeaders checks two folds of whole games' logs: a turn's header and the development
// phase's are told with their first round, never on a line of their own before it; and a card
// discarded from the hand is told once, by the line of the discard with its gems, not again among
// the choices revealed.
func TestLogFoldsHeaders(t *testing.T) {
	for _, cfg := range []viceroy.Config{{Players: 2, Seed: 3}, {Players: 3, Virtual: 1, Seed: 9}} {
		h := botGame(t, cfg)
		for p := range viceroy.Player(cfg.Players) {
			lines := narrator{viewer: p}.tell(h.Log(p), 0)
			discards, turns := 0, 0
			for i, l := range lines {
				if strings.HasPrefix(l.Text, "Auction, round 1") || strings.HasPrefix(l.Text, "Development, round 1") {
					t.Errorf("%v line %d: %q after %q: the header is not folded", p, i, l.Text, lines[i-1].Text)
				}
				if l.Kind == "turn" {
					turns++
					if !strings.Contains(l.Text, " · auction, round 1") && !strings.Contains(l.Text, "skip") {
						t.Logf("%v line %d: a turn with no auction round: %q", p, i, l.Text)
					}
				}
				if l.Text == "The development phase" {
					t.Errorf("%v line %d: the development phase on a line of its own", p, i)
				}
				if _, revealed, ok := strings.Cut(l.Text, "revealed: "); ok && strings.Contains(revealed, "discard") {
					t.Errorf("%v line %d: %q tells a discard among the choices revealed", p, i, l.Text)
				}
				if l.Kind == "discard" && strings.Contains(l.Text, " discard") {
					discards++
				}
			}
			if turns != 12 {
				t.Errorf("%v: %d turn lines", p, turns)
			}
			if p == 0 {
				t.Logf("%v: %d lines, %d discards from the hand", p, len(lines), discards)
			}
		}
	}
}

// TestLogToldShortRewards tells rewards that the reserve cut short: a card's row, a law's gem
// option, a discard, a pass. The line says it to everyone; the viewer's own line also carries the
// note the page shows by the prompt; and a run still under way (open) says nothing yet.
func TestLogToldShortRewards(t *testing.T) {
	var char viceroy.CardID // a character whose level-1 reward is 3 gems or more
	due := 0
	for _, c := range viceroy.Cards() {
		if it := c.Rows[0].Reward.Items(); !c.ID.IsLaw() && len(it) == 1 && it[0].Kind == viceroy.GemsReward && it[0].N >= 3 {
			char, due = c.ID, int(it[0].N)
			break
		}
	}
	red := viceroy.Gems{}
	red[viceroy.Red] = 1
	at1 := viceroy.Place{Level: 1}
	tests := []struct {
		name   string
		events []viceroy.Event
		text   string // in the line's text
		short  string // the viewer's note
	}{
		{"a card's row", []viceroy.Event{{Kind: viceroy.EventPlace, Player: 0, Card: char, At: at1},
			{Kind: viceroy.EventPay, Player: 0, Gems: red}, {Kind: viceroy.EventGems, Player: 0, Gems: red}},
			fmt.Sprintf("the reserve ran out: 1 gem instead of %d", due),
			fmt.Sprintf("The reserve ran out: your %v gave you 1 gem instead of %d", char, due)},
		{"an empty reserve", []viceroy.Event{{Kind: viceroy.EventPlace, Player: 0, Card: char, At: at1}},
			fmt.Sprintf("the reserve was empty: no gems instead of %d", due),
			fmt.Sprintf("The reserve was empty: your %v gave you no gems instead of %d", char, due)},
		{"a law's option", []viceroy.Event{{Kind: viceroy.EventPlace, Player: 0, Card: 84, At: at1},
			{Kind: viceroy.EventDecide, Player: 0, Card: 84, Move: viceroy.Move{Kind: viceroy.ChooseOption, Choice: 2}},
			{Kind: viceroy.EventGems, Player: 0, Gems: red.Plus(red)}},
			"the reserve ran out: 2 gems instead of 4", "The reserve ran out: your 84 Arcana gave you 2 gems instead of 4"},
		{"a discard", []viceroy.Event{{Kind: viceroy.EventDiscard, Player: 0, Card: char}, {Kind: viceroy.EventGems, Player: 0, Gems: red}},
			"the reserve ran out: 1 gem instead of 2", fmt.Sprintf("The reserve ran out: discarding %v gave you 1 gem instead of 2", char)},
		{"a pass", []viceroy.Event{{Kind: viceroy.EventTurn, Turn: 3}, {Kind: viceroy.EventRound, Phase: viceroy.PhaseAuction, Round: 1},
			{Kind: viceroy.EventReveal, Player: 0, Move: viceroy.Move{Kind: viceroy.Pass}}, {Kind: viceroy.EventGems, Player: 0, Gems: red.Plus(red)}},
			"the reserve ran out: 2 gems instead of 3", "The reserve ran out: your pass gave you 2 gems instead of 3"},
	}
	for _, tt := range tests {
		for _, viewer := range []viceroy.Player{0, 1} {
			lines := narrator{viewer: viewer}.tell(tt.events, 0)
			last := lines[len(lines)-1]
			if !strings.Contains(last.Text, tt.text) {
				t.Errorf("%s, told to %v: %q has not %q", tt.name, viewer, last.Text, tt.text)
			}
			want := ""
			if viewer == 0 {
				want = tt.short
			}
			if last.Short != want {
				t.Errorf("%s, told to %v: the note is %q, want %q", tt.name, viewer, last.Short, want)
			}
		}
		// Under way, the last run may still grow: nothing is said yet.
		if lines := (narrator{viewer: 0, open: true}).tell(tt.events, 0); lines[len(lines)-1].Short != "" {
			t.Errorf("%s: told while under way: %+v", tt.name, lines[len(lines)-1])
		}
	}
	// A reward given whole says nothing.
	whole := viceroy.Gems{}
	whole[viceroy.Red] = uint8(due)
	lines := narrator{viewer: 0}.tell([]viceroy.Event{{Kind: viceroy.EventPlace, Player: 0, Card: char, At: at1},
		{Kind: viceroy.EventGems, Player: 0, Gems: whole}}, 0)
	if l := lines[0]; l.Short != "" || strings.Contains(l.Text, "reserve") {
		t.Errorf("a whole reward is told %+v", l)
	}
}
