package main

import (
	"strings"
	"testing"

	"github.com/laar/viceroy"
)

// The log tells a whole game, the same way every time for the same seed.
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
		if err := run(&a, tc.cfg, tc.bots); err != nil {
			t.Fatalf("%+v: %v", tc.cfg, err)
		}
		if err := run(&b, tc.cfg, tc.bots); err != nil {
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
	if err := run(new(strings.Builder), viceroy.Config{Players: 2}, "clever"); err == nil {
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
		if err := run(&b, viceroy.Config{Players: 4, Seed: seed}, "greedy"); err != nil {
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
