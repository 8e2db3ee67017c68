package viceroy

import (
	"errors"
	"strings"
)

// Sentinel errors. Every error the package returns for bad input wraps one of these, so callers
// can test it with errors.Is; the message names what exactly was wrong. An operation that fails
// leaves its value unchanged.
var (
	// ErrBadConfig: a Config that cannot be played (player counts, edition).
	ErrBadConfig = errors.New("viceroy: bad config")
	// ErrNotYourTurn: the player owes no decision now.
	ErrNotYourTurn = errors.New("viceroy: not this player's decision")
	// ErrNoSuchPlayer: the player number is not one of the game's human players.
	ErrNoSuchPlayer = errors.New("viceroy: no such player")
	// ErrIllegalMove: the move is not one of the player's legal moves now.
	ErrIllegalMove = errors.New("viceroy: illegal move")
	// ErrGameOver: the game has ended; no move is legal.
	ErrGameOver = errors.New("viceroy: game over")
	// ErrIllegalPlace: a card cannot stand at that place of the pyramid.
	ErrIllegalPlace = errors.New("viceroy: illegal place")
	// ErrPainting: a painting that is not possible (sector taken, no such circle, gems lacking).
	ErrPainting = errors.New("viceroy: impossible painting")
	// ErrBadValue: a value that names nothing of the game: an unknown colour name, a token kind
	// or value no token has, a Move that is not well formed (so cannot be written as JSON).
	ErrBadValue = errors.New("viceroy: bad value")
)

// sentinels are the package's sentinel errors, for within.
var sentinels = []error{ErrBadConfig, ErrNotYourTurn, ErrNoSuchPlayer, ErrIllegalMove, ErrGameOver,
	ErrIllegalPlace, ErrPainting, ErrBadValue, ErrBadJSON}

// within returns err's message without the sentinel messages it starts with, so that an error can
// be told inside another without repeating "viceroy: ...".
func within(err error) string {
	msg := err.Error()
	for again := true; again; {
		again = false
		for _, s := range sentinels {
			if rest, ok := strings.CutPrefix(msg, s.Error()+": "); ok {
				msg, again = rest, true
			}
		}
	}
	return msg
}
