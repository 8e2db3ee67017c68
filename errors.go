package viceroy

import (
	"errors"
	"fmt"
	"strings"
)

// Every error the package returns for bad input wraps one of these sentinel errors, so that
// callers can test it with [errors.Is]; the message says what exactly was wrong. An operation that
// fails leaves its value unchanged.
var (
	// ErrBadConfig is returned for a Config that cannot be played: player counts out of range, or
	// an unknown edition; also (besides ErrBadJSON or ErrBadValue) when reading or writing a
	// Record of such a config.
	ErrBadConfig = errors.New("viceroy: bad config")
	// ErrNotYourTurn is returned for a move of a player who owes no decision now.
	ErrNotYourTurn = errors.New("viceroy: not this player's decision")
	// ErrNoSuchPlayer is returned for a player number that is none of the game's human players.
	ErrNoSuchPlayer = errors.New("viceroy: no such player")
	// ErrIllegalMove is returned for a move that is not one of the player's legal moves now.
	ErrIllegalMove = errors.New("viceroy: illegal move")
	// ErrGameOver is returned for a move made after the game has ended.
	ErrGameOver = errors.New("viceroy: game over")
	// ErrIllegalPlace is returned when a card cannot stand at a place of a Pyramid.
	ErrIllegalPlace = errors.New("viceroy: illegal place")
	// ErrPainting is returned for a painting that is not possible: a sector already painted, no
	// such circle, or gems lacking.
	ErrPainting = errors.New("viceroy: impossible painting")
	// ErrBadValue is returned for a value that names nothing of the game: an unknown colour name,
	// a token kind or value no token has, a Move that is not well formed (so has no JSON or text
	// form), text that ParseMove cannot read, or a Game, which has no JSON form.
	ErrBadValue = errors.New("viceroy: bad value")
	// ErrBadJSON is returned for JSON that does not describe a value of the package: bad syntax, a
	// missing or unknown key, an unknown name, a value out of range.
	ErrBadJSON = errors.New("viceroy: bad JSON")
	// ErrVersion is returned by Replay for a Record made by another rules version of the
	// package (see RulesVersion), and when reading a record that names no version: its moves
	// would replay as another game.
	ErrVersion = errors.New("viceroy: record of another rules version")
	// ErrBadView is returned by Sample for a View that no game can have: edited by hand, cut
	// short, or put together from several games.
	ErrBadView = errors.New("viceroy: impossible view")
)

// sentinels are the package's sentinel errors, for within.
var sentinels = []error{ErrBadConfig, ErrNotYourTurn, ErrNoSuchPlayer, ErrIllegalMove, ErrGameOver,
	ErrIllegalPlace, ErrPainting, ErrBadValue, ErrBadJSON, ErrVersion, ErrBadView}

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

// alsoWraps returns err, wrapping the sentinels also as well, without naming them in its message:
// for an error of one kind whose cause is of another, such as bad JSON (ErrBadJSON) that holds a
// config that cannot be played (ErrBadConfig).
func alsoWraps(err error, also ...error) error { return multiError{err, also} }

// multiError is an error that wraps more errors than its message names.
type multiError struct {
	err  error
	also []error
}

func (e multiError) Error() string   { return e.err.Error() }
func (e multiError) Unwrap() []error { return append([]error{e.err}, e.also...) }

// configError returns the error of reading or writing a record whose config cannot be played: it
// wraps kind (ErrBadJSON, ErrBadValue) and ErrBadConfig, and says what was wrong (err, which
// validate returned).
func configError(kind error, err error) error {
	return alsoWraps(fmt.Errorf("%w: record config: %s", kind, within(err)), ErrBadConfig)
}
