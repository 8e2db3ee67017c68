package viceroy

import (
	"encoding/json"
	"errors"
	"testing"
)

// winsOf plays 2-player games of bot a against bot b, seats alternating, game i with seed
// seed+i, and returns a's wins, a shared win counting in part.
func winsOf(t *testing.T, games int, seed uint64, a, b func(seed uint64) Bot) float64 {
	t.Helper()
	wins := 0.0
	for i := range games {
		seat := Player(i % 2)
		bots := make([]Bot, 2)
		bots[seat], bots[1-seat] = a(uint64(i)), b(uint64(i))
		g, err := PlayGame(Config{Players: 2, Seed: seed + uint64(i)}, bots...)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range g.Winners() {
			if w == seat {
				wins += 1 / float64(len(g.Winners()))
			}
		}
	}
	return wins
}

// TestGreedyBeatsRandom plays 2-player games, basic (basicBot) against random, the seats
// alternating, and requires the basic bot to win clearly more often. (Measured: see the README.)
func TestGreedyBeatsRandom(t *testing.T) {
	const games = 100
	wins := winsOf(t, games, 0,
		func(s uint64) Bot { return newBasicBot(s) }, func(s uint64) Bot { return newRandomBot(s) })
	t.Logf("greedy won %.1f of %d games against random", wins, games)
	if wins < 0.8*games {
		t.Fatalf("greedy won only %.1f of %d games against random", wins, games)
	}
}

// TestBotsChooseLegalMoves: every bot's choice is legal in every configuration.
func TestBotsChooseLegalMoves(t *testing.T) {
	for _, cfg := range []Config{{Players: 1, Virtual: 1}, {Players: 3, Edition: FirstEdition}, {Players: 4}, {Players: 2, Virtual: 2}} {
		bots := make([]Bot, cfg.Players)
		for p := range bots {
			if p%2 == 0 {
				bots[p] = newBasicBot(uint64(p))
			} else {
				bots[p] = newRandomBot(uint64(p))
			}
		}
		if _, err := PlayGame(cfg, bots...); err != nil {
			t.Fatalf("%+v: %v", cfg, err)
		}
	}
	if _, err := PlayGame(Config{Players: 2}, newRandomBot(1)); err == nil {
		t.Fatal("one bot for two players accepted")
	}
}

func TestPlayGameRefusesNilBot(t *testing.T) {
	if _, err := PlayGame(Config{Players: 2, Seed: 1}, newBasicBot(1), nil); !errors.Is(err, ErrBadConfig) {
		t.Errorf("a nil bot: %v", err)
	}
}

// TestNewBotLevels: every level NewBot names makes legal moves in both seats of a game (the first
// 40 decisions of it, to keep the search level quick); an unknown level is refused.
func TestNewBotLevels(t *testing.T) {
	for _, level := range BotLevels() {
		b, err := NewBot(level, 1)
		if err != nil || b == nil {
			t.Fatalf("NewBot(%q): %v, %v", level, b, err)
		}
		g, err := NewGame(Config{Players: 2, Seed: 4})
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 40 && !g.Over(); n++ {
			p := g.ToMove()[0]
			v := g.View(p)
			if g, err = g.Apply(p, b.Choose(v, v.Legal)); err != nil {
				t.Fatalf("%s: %v", level, err)
			}
		}
	}
	if _, err := NewBot("grandmaster", 1); !errors.Is(err, ErrBadValue) {
		t.Fatalf("an unknown level: %v, want ErrBadValue", err)
	}
}

// chooseFromMutatedView decodes the view b (real views with their structure changed, as for
// Sample) and asks every bundled bot to choose: each must answer one of the view's legal moves, or
// the zero Move when it lists none, and never panic, whatever the view says.
func chooseFromMutatedView(t testFatal, b []byte, seed uint64) {
	t.Helper()
	var v View
	if json.Unmarshal(b, &v) != nil {
		return // decoding refuses it (the decoders' own tests check how)
	}
	for _, level := range BotLevels() {
		bot, err := NewBot(level, seed)
		if err != nil {
			t.Fatalf("%s: %v", level, err)
		}
		if sb, ok := bot.(*searchBot); ok {
			sb.opts.Playouts, sb.opts.Workers = 8, 1
		}
		m := bot.Choose(v, v.Legal)
		if len(v.Legal) == 0 && m != (Move{}) || len(v.Legal) > 0 && !containsMove(v.Legal, m) {
			t.Fatalf("%s chose %v, not among %v", level, m, v.Legal)
		}
	}
}

// TestBotsChooseFromMutatedViews: random views of random games of every mix with their structure
// changed get a legal answer from every bundled bot.
func TestBotsChooseFromMutatedViews(t *testing.T) { checkMutatedViews(t, chooseFromMutatedView) }

// FuzzBotsMutatedViews: as TestBotsChooseFromMutatedViews, with the fuzzer choosing the changes.
func FuzzBotsMutatedViews(f *testing.F) { fuzzMutatedViews(f, 20, chooseFromMutatedView) }

// TestBotsNeverPanicOnBadReveals: a duel's view whose revealed choices name players that do not
// exist, or name the player's colour twice, gets a legal claim from every bundled bot.
func TestBotsNeverPanicOnBadReveals(t *testing.T) {
	good := viewWhere(t, func(v View) bool { return v.Decision == ChooseClaim && len(v.Players) > 2 })
	var mine Move
	for _, pm := range good.Revealed {
		if pm.Player == good.Player {
			mine = pm.Move
		}
	}
	for _, q := range []Player{-3, -1, 4, 9, good.Player} {
		v := good
		v.Revealed = append([]PlayerMove{{Player: q, Move: mine}}, good.Revealed...)
		for _, level := range BotLevels() {
			bot, err := NewBot(level, 1)
			if err != nil {
				t.Fatal(err)
			}
			if sb, ok := bot.(*searchBot); ok {
				sb.opts.Playouts, sb.opts.Workers = 8, 1
			}
			if m := bot.Choose(v, v.Legal); !containsMove(v.Legal, m) {
				t.Errorf("a reveal by player %d: %s chose %v, not among %v", q, level, m, v.Legal)
			}
		}
	}
}

// TestPlayHistoryKeepsTheGame: PlayHistory plays the game PlayGame plays, with the same bots and
// seeds, and its record replays to it; it refuses what PlayGame refuses.
func TestPlayHistoryKeepsTheGame(t *testing.T) {
	for _, cfg := range []Config{{Players: 2, Seed: 3}, {Players: 3, Virtual: 1, Seed: 4, Edition: FirstEdition}, {Players: 1, Virtual: 1, Seed: 5}} {
		bots := func() []Bot {
			var bs []Bot
			for p := range cfg.Players {
				bs = append(bs, newHeuristicBot(uint64(p)))
			}
			return bs
		}
		g, err := PlayGame(cfg, bots()...)
		if err != nil {
			t.Fatal(err)
		}
		h, err := PlayHistory(cfg, bots()...)
		if err != nil {
			t.Fatal(err)
		}
		if h.Game() != g || !g.Over() {
			t.Errorf("%+v: PlayHistory's game is not PlayGame's, or not over", cfg)
		}
		if back, err := Replay(h.Record()); err != nil || back != g {
			t.Errorf("%+v: the record does not replay to the game: %v", cfg, err)
		}
	}
	if h, err := PlayHistory(Config{Players: 2, Seed: 1}, newBasicBot(1), nil); h != nil || !errors.Is(err, ErrBadConfig) {
		t.Errorf("a nil bot: %v, %v; want no history and ErrBadConfig", h, err)
	}
	if h, err := PlayHistory(Config{Players: 9}); h != nil || !errors.Is(err, ErrBadConfig) {
		t.Errorf("nine players: %v, %v; want no history and ErrBadConfig", h, err)
	}
}
