package viceroy

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
)

// allMixes returns every playable mix of humans and virtual opponents in both editions: 9 mixes,
// 18 configurations.
func allMixes(seed uint64) []Config {
	var out []Config
	for players := 1; players <= MaxPlayers; players++ {
		for virtual := 0; players+virtual <= MaxPlayers; virtual++ {
			if players == 1 && virtual == 0 {
				continue
			}
			for _, ed := range []Edition{SecondEdition, FirstEdition} {
				out = append(out, Config{Players: players, Virtual: virtual, Edition: ed, Seed: seed})
			}
		}
	}
	return out
}

// playOut plays g to its end with random legal moves and reports the first error.
func playOut(g Game, r *rand.Rand) error {
	var buf []Move
	for steps := 0; !g.Over(); steps++ {
		if steps > 5000 {
			return errors.New("the game does not end")
		}
		who := g.ToMove()
		if len(who) == 0 {
			return errors.New("nobody is to move in a game that is not over")
		}
		p := who[r.IntN(len(who))]
		buf = g.AppendLegal(buf[:0], p)
		if len(buf) == 0 {
			return errors.New("a player to move has no legal move")
		}
		var err error
		if g, err = g.Apply(p, buf[r.IntN(len(buf))]); err != nil {
			return err
		}
	}
	if len(g.Scores()) != int(g.players) {
		return errors.New("no score sheets")
	}
	return nil
}

// TestSampleKeepsTheView: for random games of all 18 player mixes, at every decision and for every
// player, a game sampled from the player's view shows the player that view, reads the same from
// the view's JSON, and plays on legally to a scored end.
func TestSampleKeepsTheView(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	for _, cfg := range allMixes(0) {
		for i := range games {
			cfg.Seed = uint64(100*i + 7)
			g, err := NewGame(cfg)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(cfg.Seed, 1))
			for step := 0; !g.Over(); step++ {
				for p := range Player(cfg.Players) {
					v := g.View(p)
					s, err := Sample(v, uint64(step))
					if err != nil {
						t.Fatalf("%+v, decision %d, %v: %v", cfg, step, p, err)
					}
					if step%7 == 0 {
						b, _ := json.Marshal(v)
						var back View
						if err := json.Unmarshal(b, &back); err != nil {
							t.Fatal(err)
						}
						if _, err := Sample(back, uint64(step)); err != nil {
							t.Fatalf("%+v, decision %d, %v: from JSON: %v", cfg, step, p, err)
						}
					}
					if step%5 == 0 {
						if err := playOut(s, r); err != nil {
							t.Fatalf("%+v, decision %d, %v: the sampled game: %v", cfg, step, p, err)
						}
					}
				}
				who := g.ToMove()
				p := who[r.IntN(len(who))]
				moves := g.Legal(p)
				g = mustApply(t, g, p, moves[r.IntN(len(moves))])
			}
		}
	}
}
