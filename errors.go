package viceroy

import "errors"

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
)
