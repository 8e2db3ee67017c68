package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/laar/viceroy"
)

// The full log tells a whole game, the same way every time for the same seed.
func TestLog(t *testing.T) {
	for _, tc := range []struct {
		cfg  viceroy.Config
		bots string
		end  string
	}{
		{viceroy.Config{Players: 4, Seed: 1}, "greedy", "Winner"},
		{viceroy.Config{Players: 3, Edition: viceroy.FirstEdition, Seed: 7}, "random", "Winner"},
		{viceroy.Config{Players: 2, Virtual: 2, Seed: 3}, "mixed", "Winner"},
		{viceroy.Config{Players: 1, Virtual: 1, Seed: 2}, "greedy", "Solo game: player 0 scores"},
	} {
		var a, b strings.Builder
		if err := run(&a, tc.cfg, tc.bots, true); err != nil {
			t.Fatalf("%+v: %v", tc.cfg, err)
		}
		if err := run(&b, tc.cfg, tc.bots, true); err != nil {
			t.Fatal(err)
		}
		log := a.String()
		if log != b.String() {
			t.Errorf("%+v: two runs print different logs", tc.cfg)
		}
		for _, want := range []string{"Turn 1.", "Turn 12.", "auction round 1:", "development round 1:", "reveals: bid",
			"comes to the auction", "places", "pays", "pyramid", "total", "final scores", tc.end} {
			if !strings.Contains(log, want) {
				t.Errorf("%+v: the log lacks %q", tc.cfg, want)
			}
		}
		if strings.Contains(log, "is dealt") || strings.Contains(log, "draws 6") || strings.Contains(log, "draws 7") || strings.Contains(log, "draws 8") {
			t.Errorf("%+v: an onlooker's log names a card drawn or dealt", tc.cfg)
		}
	}
}

func TestUnknownBots(t *testing.T) {
	if err := run(new(strings.Builder), viceroy.Config{Players: 2}, "clever", false); err == nil {
		t.Error("unknown bots accepted")
	}
}

// TestEveryTurnTakesACard: in the front door's games (four greedy bots, seeds 1-100), some card is
// taken from the auction in every turn: the bots neither all pass nor collide round after round.
func TestEveryTurnTakesACard(t *testing.T) {
	if testing.Short() {
		t.Skip("100 games")
	}
	for seed := uint64(1); seed <= 100; seed++ {
		var b strings.Builder
		if err := run(&b, viceroy.Config{Players: 4, Seed: seed}, "greedy", true); err != nil {
			t.Fatal(err)
		}
		turns := strings.Split(b.String(), "\nTurn ")[1:]
		if len(turns) < 10 {
			t.Fatalf("seed %d: %d turns told", seed, len(turns))
		}
		for i, turn := range turns {
			auction, _, _ := strings.Cut(turn, "The development phase begins.")
			if !strings.Contains(auction, "from the auction") {
				t.Errorf("seed %d, turn %d: no card was taken from the auction", seed, i+1)
			}
		}
	}
}

// games are the games the tests of the telling play: every number of players, both editions,
// virtual opponents, and every kind of bot the flags offer.
var games = []struct {
	cfg  viceroy.Config
	bots string
}{
	{viceroy.Config{Players: 4, Seed: 1}, "greedy"},
	{viceroy.Config{Players: 4, Seed: 2}, "mixed"},
	{viceroy.Config{Players: 3, Edition: viceroy.FirstEdition, Seed: 7}, "random"},
	{viceroy.Config{Players: 2, Virtual: 2, Seed: 3}, "mixed"},
	{viceroy.Config{Players: 1, Virtual: 1, Seed: 2}, "greedy"},
}

// tell plays a game and returns its history and its telling, short or full.
func tell(t *testing.T, cfg viceroy.Config, bots string, full bool) (*viceroy.History, string) {
	t.Helper()
	h, _, err := playGame(cfg, bots)
	if err != nil {
		t.Fatalf("%+v: %v", cfg, err)
	}
	var b strings.Builder
	if err := run(&b, cfg, bots, full); err != nil {
		t.Fatalf("%+v: %v", cfg, err)
	}
	return h, b.String()
}

// The short telling of a four-player game fits a screen or two: fewer than 120 lines, and none
// much wider than a terminal. It is the same every time for the same seed.
func TestShortTellingIsShort(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		cfg := viceroy.Config{Players: 4, Seed: seed}
		_, out := tell(t, cfg, "greedy", false)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) >= 120 {
			t.Errorf("seed %d: %d lines", seed, len(lines))
		}
		for _, l := range lines {
			if len(l) > 140 {
				t.Errorf("seed %d: a line of %d characters: %s", seed, len(l), l)
			}
		}
		_, again := tell(t, cfg, "greedy", false)
		if again != out {
			t.Errorf("seed %d: two runs tell the game differently", seed)
		}
	}
}

// The short telling ends with the score sheets: a row for every category and the total, with
// every player's figure from the game's own score sheets, and then the winners or the solo score.
func TestShortTellingEndsWithTheScoreSheets(t *testing.T) {
	for _, tc := range games {
		h, out := tell(t, tc.cfg, tc.bots, false)
		g := h.Game()
		sheets := g.Scores()
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) < 12 {
			t.Fatalf("%+v: %d lines", tc.cfg, len(lines))
		}
		last := lines[len(lines)-1]
		if !strings.HasPrefix(last, "Winner") && !strings.HasPrefix(last, "Solo game") {
			t.Errorf("%+v: the last line tells no winner or score: %q", tc.cfg, last)
		}
		table := lines[len(lines)-12 : len(lines)-2]
		wantRows := []string{"single-colour circles", "infinite gems", "laws", "power points", "magic",
			"sets", "attacks", "total"}
		for i, name := range wantRows {
			row := table[i+2]
			fields := strings.Fields(strings.TrimPrefix(strings.TrimSpace(row), name))
			if !strings.HasPrefix(strings.TrimSpace(row), name) || len(fields) != len(sheets) {
				t.Errorf("%+v: row %d of the score sheets is %q, want %s and %d figures", tc.cfg, i, row,
					name, len(sheets))
				continue
			}
			for p, s := range sheets {
				if want := fmt.Sprint(scoreRows[i].value(s)); fields[p] != want {
					t.Errorf("%+v: %s of player %d told as %s, the game says %s", tc.cfg, name, p,
						fields[p], want)
				}
			}
		}
		for _, s := range sheets {
			if !strings.Contains(table[1], s.Player.String()) {
				t.Errorf("%+v: the score sheets' heading %q lacks %v", tc.cfg, table[1], s.Player)
			}
		}
	}
}

// playerLines returns the short telling's line of every player in every turn: lines[turn][p].
func playerLines(t *testing.T, out string, players int) map[int][]string {
	t.Helper()
	lines := map[int][]string{}
	for _, block := range strings.Split(out, "\nTurn ")[1:] {
		var turn int
		if _, err := fmt.Sscanf(block, "%d.", &turn); err != nil {
			t.Fatalf("a turn heading that is no number: %q", block)
		}
		rows := strings.Split(block, "\n")[1:]
		if len(rows) < players {
			t.Fatalf("turn %d: %d lines for %d players", turn, len(rows), players)
		}
		for p := range players {
			prefix := "  " + viceroy.Player(p).String() + " "
			if !strings.HasPrefix(rows[p], prefix) {
				t.Fatalf("turn %d: line %d is not %v's: %q", turn, p, viceroy.Player(p), rows[p])
			}
			lines[turn] = append(lines[turn], rows[p])
		}
	}
	return lines
}

// The short telling names, on each player's line of a turn, every card the player took at the
// auction and every card the player played into the pyramid that turn, and tells every turn.
func TestShortTellingNamesEveryCardWonAndPlayed(t *testing.T) {
	for _, tc := range games {
		h, out := tell(t, tc.cfg, tc.bots, false)
		lines := playerLines(t, out, tc.cfg.Players)
		if len(lines) != viceroy.Turns {
			t.Errorf("%+v: %d turns told, want %d", tc.cfg, len(lines), viceroy.Turns)
		}
		turn, takes := 0, 0
		for _, e := range h.Log(-1) {
			switch e.Kind {
			case viceroy.EventTurn:
				turn = e.Turn
			case viceroy.EventTake, viceroy.EventPlace:
				if turn == 0 {
					continue // the starting cards
				}
				if e.Kind == viceroy.EventTake {
					takes++
				}
				if line := lines[turn][e.Player]; !strings.Contains(line, e.Card.String()) {
					t.Errorf("%+v: turn %d: %q does not name %v (%s)", tc.cfg, turn, line, e.Card, e)
				}
			}
		}
		if takes < viceroy.Turns/2 {
			t.Errorf("%+v: only %d cards taken at the auction", tc.cfg, takes)
		}
	}
}

// The full telling holds every public event of the table's log in the words of its String: all
// but the headings (told as "Turn 3." and the like), the gems a player takes one at a time (told
// together), and what an onlooker does not see (the deal, hidden choices, the painting before the
// end).
func TestFullTellingHoldsEveryEvent(t *testing.T) {
	for _, tc := range games {
		h, out := tell(t, tc.cfg, tc.bots, true)
		log := h.Log(-1)
		for i, e := range log {
			switch e.Kind {
			case viceroy.EventDeal, viceroy.EventChoose, viceroy.EventTurn, viceroy.EventRound,
				viceroy.EventPhase, viceroy.EventScores:
				continue
			case viceroy.EventGems:
				if i > 0 && log[i-1].Kind == viceroy.EventGems && log[i-1].Player == e.Player ||
					i+1 < len(log) && log[i+1].Kind == viceroy.EventGems && log[i+1].Player == e.Player {
					continue
				}
			case viceroy.EventPaint:
				if e.Hidden {
					continue
				}
			}
			if !strings.Contains(out, "    "+e.String()) {
				t.Errorf("%+v: event %d, %q, is not told", tc.cfg, i, e)
			}
		}
		short := len(strings.Split(tellShort(t, tc.cfg, tc.bots), "\n"))
		if full := len(strings.Split(out, "\n")); full <= short {
			t.Errorf("%+v: the full telling has %d lines, the short one %d", tc.cfg, full, short)
		}
	}
}

// tellShort returns the short telling of a game.
func tellShort(t *testing.T, cfg viceroy.Config, bots string) string {
	t.Helper()
	_, out := tell(t, cfg, bots, false)
	return out
}
