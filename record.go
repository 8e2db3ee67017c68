package viceroy

import (
	"encoding/json"
	"fmt"
)

// RulesVersion names the rules and the sequence of decisions of this version of the package. A
// [Record] carries the version that made it, and [Replay] refuses a record of another version:
// the same config and moves may ask other decisions in another version, and would replay as
// another game. The number grows whenever a game with the same config and moves could take a
// different course. Version 2: a player with an empty hand is no longer asked for the pass in
// the development phase.
const RulesVersion = 2

// PlayerMove is one decision of a game record: who made which move.
type PlayerMove struct {
	Player Player `json:"player"`
	Move   Move   `json:"move"`
}

// Record is a whole game as data: the rules version that made it, its configuration and every
// move in order. [Replay] rebuilds the game from it. A [History] keeps the record of the game it
// plays ([History.Record]); to make one by hand, write Record{Version: RulesVersion, Config: cfg}
// and append each move accepted by [Game.Apply].
//
// A record holds the seed and every hidden choice, so it tells each player what their [View] keeps
// from them: give it out once the game is over.
//
// A record has two written forms that read back equal: JSON (see [Record.MarshalJSON]) and a
// compact text of one move a line (see [Record.MarshalText]), for people to read and diff.
type Record struct {
	Version int // the RulesVersion of the package that made the record
	Config  Config
	Moves   []PlayerMove
}

// newRecord returns an empty record of a game of cfg, of this package's [RulesVersion].
func newRecord(cfg Config) Record {
	return Record{Version: RulesVersion, Config: cfg, Moves: []PlayerMove{}}
}

// Replay plays a record's moves from a new game with its configuration and returns the game,
// which equals (==) the game the moves were first made in. A record of another [RulesVersion]
// returns an error wrapping [ErrVersion]; a record that is not a game returns an error naming the
// first move that failed. On an error Replay returns the game as far as it got.
func Replay(r Record) (Game, error) {
	if r.Version != RulesVersion {
		return Game{}, versionError(r.Version)
	}
	g, err := NewGame(r.Config)
	if err != nil {
		return g, err
	}
	for i, pm := range r.Moves {
		next, err := g.Apply(pm.Player, pm.Move)
		if err != nil {
			return g, fmt.Errorf("move %d: %w", i, err)
		}
		g = next
	}
	return g, nil
}

// versionError explains why a record of version v does not replay.
func versionError(v int) error {
	if v == 0 {
		return fmt.Errorf("%w: the record names no rules version (write Version: RulesVersion); this package plays version %d",
			ErrVersion, RulesVersion)
	}
	return fmt.Errorf("%w: the record was made by rules version %d; this package plays version %d",
		ErrVersion, v, RulesVersion)
}

// recordJSON is Record's JSON shape; a nil field is a key that was missing.
type recordJSON struct {
	Version *int          `json:"version"`
	Config  *Config       `json:"config"`
	Moves   *[]PlayerMove `json:"moves"`
}

// MarshalJSON writes {"version":2,"config":{...},"moves":[{"player":0,"move":{...}},...]}, the
// moves always as an array. A move that is not well formed is an error wrapping [ErrBadValue]; a
// config that cannot be played (see [NewGame]) is one wrapping ErrBadValue and [ErrBadConfig]: no
// record of it replays, and none reads back.
//
// The seed is written as a JSON number; JavaScript reads numbers above 2^53 inexactly, so a record
// meant for such a client should use a smaller seed.
func (r Record) MarshalJSON() ([]byte, error) {
	if err := r.Config.validate(); err != nil {
		return nil, configError(ErrBadValue, err)
	}
	moves := nonNil(r.Moves)
	return json.Marshal(recordJSON{&r.Version, &r.Config, &moves})
}

// UnmarshalJSON reads the shape MarshalJSON writes, strictly: every key is required, and a key
// other than these, inside the config or a move too, is an error wrapping [ErrBadJSON], so that a
// record never silently replays another game. A record without "version" was made before records
// named their version: the error wraps [ErrVersion] as well; a config that cannot be played (see
// [NewGame]), or of an unknown edition, wraps [ErrBadConfig] as well.
func (r *Record) UnmarshalJSON(b []byte) error {
	var j recordJSON
	if err := decodeStrict(b, &j); err != nil {
		return badJSON("record", err)
	}
	if j.Version == nil {
		return fmt.Errorf("%w: a record without \"version\" was made before records named their rules version (%w)",
			ErrBadJSON, ErrVersion)
	}
	if err := required("record", key{"config", j.Config != nil}, key{"moves", j.Moves != nil}); err != nil {
		return err
	}
	if err := j.Config.validate(); err != nil {
		return configError(ErrBadJSON, err)
	}
	*r = Record{Version: *j.Version, Config: *j.Config, Moves: *j.Moves}
	return nil
}

// playerMoveJSON is PlayerMove's JSON shape; a nil field is a key that was missing.
type playerMoveJSON struct {
	Player *Player `json:"player"`
	Move   *Move   `json:"move"`
}

// MarshalJSON writes {"player":0,"move":{...}}.
func (pm PlayerMove) MarshalJSON() ([]byte, error) {
	return json.Marshal(playerMoveJSON{&pm.Player, &pm.Move})
}

// UnmarshalJSON reads the shape MarshalJSON writes; both keys are required.
func (pm *PlayerMove) UnmarshalJSON(b []byte) error {
	var j playerMoveJSON
	if err := decodeStrict(b, &j); err != nil {
		return badJSON("record move", err)
	}
	if err := required("record move", key{"player", j.Player != nil}, key{"move", j.Move != nil}); err != nil {
		return err
	}
	*pm = PlayerMove{*j.Player, *j.Move}
	return nil
}
