package viceroy

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// extremeCounts are player and virtual-opponent counts at and around every boundary: the
// extremes of int, where a sum overflows, the small counts a game has, and just past them.
var extremeCounts = []int{math.MinInt, math.MinInt + 1, math.MinInt + MaxPlayers, -5, -4, -1, 0, 1, 2, 3,
	4, 5, 8, math.MaxInt - 3, math.MaxInt - 2, math.MaxInt - 1, math.MaxInt}

// extremeConfigs is the grid of every pair of extremeCounts in editions 0, 1, 2 and 255: 1,156
// configs, 18 of them playable.
func extremeConfigs() []Config {
	var out []Config
	for _, players := range extremeCounts {
		for _, virtual := range extremeCounts {
			for _, ed := range []Edition{SecondEdition, FirstEdition, 2, 255} {
				out = append(out, Config{Players: players, Virtual: virtual, Edition: ed, Seed: 3})
			}
		}
	}
	return out
}

// playable says, independently of validate, whether a game of cfg can be played: 1 to 4 humans,
// no fewer than 0 virtual opponents, at most 4 participants, not one human alone, a known edition.
func playable(cfg Config) bool {
	p, v := cfg.Players, cfg.Virtual
	return p >= 1 && p <= MaxPlayers && v >= 0 && v <= MaxPlayers && p+v <= MaxPlayers &&
		(p > 1 || v > 0) && (cfg.Edition == SecondEdition || cfg.Edition == FirstEdition)
}

// configJSONText and configText write a record of cfg with no moves in the JSON and text forms by
// hand, since the encoders refuse a config that cannot be played: an edition without a name is
// written as its number.
func recordJSONText(cfg Config) string {
	ed := strconv.Itoa(int(cfg.Edition))
	if n, ok := editionNames[cfg.Edition]; ok {
		ed = n
	}
	return fmt.Sprintf(`{"version":%d,"config":{"players":%d,"virtual":%d,"edition":%q,"seed":%d},"moves":[]}`,
		RulesVersion, cfg.Players, cfg.Virtual, ed, cfg.Seed)
}

func recordText(cfg Config) string {
	ed := strconv.Itoa(int(cfg.Edition))
	if n, ok := editionNames[cfg.Edition]; ok {
		ed = n
	}
	return fmt.Sprintf("version %d\nplayers %d\nvirtual %d\nedition %s\nseed %d\n",
		RulesVersion, cfg.Players, cfg.Virtual, ed, cfg.Seed)
}

// TestExtremeConfigs: every config of the grid, through NewGame, NewHistory, Replay,
// ReplayHistory, PlayGame, the record encoders and the record decoders of both forms, either
// fails with an error wrapping ErrBadConfig (and no game) or, exactly when it is playable, gives a
// game that plays to a scored end. None panics. (Players+Virtual overflowed once: 2 players and
// math.MaxInt virtual opponents passed validate, and the game panicked at its first View.)
func TestExtremeConfigs(t *testing.T) {
	good := 0
	for _, cfg := range extremeConfigs() {
		ok := playable(cfg)
		if ok {
			good++
		}
		rec := NewRecord(cfg)
		check := func(via string, g Game, err error) {
			t.Helper()
			switch {
			case ok && err != nil:
				t.Errorf("%+v via %s: %v, want a game", cfg, via, err)
			case ok:
				if g.Config() != cfg {
					t.Errorf("%+v via %s: a game of %+v", cfg, via, g.Config())
				}
				if err := playOut(g, rand.New(rand.NewPCG(cfg.Seed, uint64(cfg.Players)))); err != nil {
					t.Errorf("%+v via %s: %v", cfg, via, err)
				}
			case !errors.Is(err, ErrBadConfig):
				t.Errorf("%+v via %s: %v, want an error wrapping ErrBadConfig", cfg, via, err)
			case g != Game{}:
				t.Errorf("%+v via %s: an error, and a game that is not the zero Game", cfg, via)
			}
		}
		g, err := NewGame(cfg)
		check("NewGame", g, err)
		h, err := NewHistory(cfg)
		check("NewHistory", historyGame(h), err)
		g, err = Replay(rec)
		check("Replay", g, err)
		h, err = ReplayHistory(rec)
		check("ReplayHistory", historyGame(h), err)
		if ok {
			bots := make([]Bot, cfg.Players)
			for p := range bots {
				bots[p] = NewRandomBot(uint64(p))
			}
			if _, err := PlayGame(cfg, bots...); err != nil {
				t.Errorf("%+v: PlayGame: %v", cfg, err)
			}
		} else if _, err := PlayGame(cfg); !errors.Is(err, ErrBadConfig) {
			t.Errorf("%+v: PlayGame: %v, want an error wrapping ErrBadConfig", cfg, err)
		}

		// The encoders write only a record that can be replayed; the decoders read only one.
		b, err := json.Marshal(rec)
		if ok != (err == nil) || (!ok && !errors.Is(err, ErrBadConfig)) {
			t.Errorf("%+v: json.Marshal of its record: %s, %v", cfg, b, err)
		}
		text, err := rec.MarshalText()
		if ok != (err == nil) || (!ok && !errors.Is(err, ErrBadConfig)) {
			t.Errorf("%+v: MarshalText of its record: %s, %v", cfg, text, err)
		}
		var fromJSON, fromText Record
		err = json.Unmarshal([]byte(recordJSONText(cfg)), &fromJSON)
		if !ok && !errors.Is(err, ErrBadJSON) {
			t.Errorf("%+v: the record's JSON reads with %v, want an error wrapping ErrBadJSON too", cfg, err)
		}
		g = Game{}
		if err == nil {
			g, err = Replay(fromJSON)
		}
		check("JSON record", g, err)
		err = fromText.UnmarshalText([]byte(recordText(cfg)))
		if !ok && !errors.Is(err, ErrBadValue) {
			t.Errorf("%+v: the record's text reads with %v, want an error wrapping ErrBadValue too", cfg, err)
		}
		g = Game{}
		if err == nil {
			g, err = Replay(fromText)
		}
		check("text record", g, err)
	}
	if good != 18 {
		t.Errorf("%d playable configs in the grid, want 18 (9 mixes, 2 editions)", good)
	}
}

// historyGame is h's game, or the zero Game for no History.
func historyGame(h *History) Game {
	if h == nil {
		return Game{}
	}
	return h.Game()
}
