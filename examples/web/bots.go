package main

import (
	"context"
	"errors"
	"log"
	"runtime/debug"
	"time"

	"github.com/laar/viceroy"
)

// botTurn is a decision a bot owes: the bot, its player and its seat's seed, the view it decides
// from, and the version of the game it saw.
type botTurn struct {
	bot     viceroy.Bot
	level   string // the bot's level (viceroy.NewBot)
	player  viceroy.Player
	seed    uint64
	view    viceroy.View
	version int
}

// nextBotTurn returns a decision a bot owes now, if any, and otherwise the channel that is closed
// at the next change. The caller holds the lock.
func (t *table) nextBotTurn() (botTurn, bool, <-chan struct{}) {
	g := t.history.Game()
	for _, p := range g.ToMove() {
		if b := t.bots[p]; b != nil {
			return botTurn{b, t.seats[p].Kind, p, t.seats[p].Seed, g.View(p), t.version}, true, nil
		}
	}
	return botTurn{}, false, t.changed
}

// runBots makes the bots' moves of the table until the game is over or ctx is done. A bot thinks
// without the table's lock, so a person's move is answered at once however long the bots take; a
// search waits for its turn in the server's queue q, which shares the processors fairly among the
// games (see thinkQueue), while the other bots answer at once.
func (t *table) runBots(ctx context.Context, q *thinkQueue) {
	unsavedLogged := false
	for ctx.Err() == nil {
		var over, ok bool
		var bt botTurn
		var changed <-chan struct{}
		if t.locked(func() {
			if g := t.history.Game(); g.Over() {
				over = true
				return
			}
			bt, ok, changed = t.nextBotTurn()
		}) != nil || over {
			return
		}
		if !ok {
			select {
			case <-changed:
				continue
			case <-ctx.Done():
				return
			}
		}
		t.botDecisions.Add(1)
		m, err := t.decide(ctx, q, bt)
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			if broken := t.locked(func() { err = t.play(bt.player, m, bt.version) }); broken != nil {
				return
			}
		}
		var stale errStale
		switch {
		case errors.As(err, &stale):
			// The game moved on while the bot thought, in a way that concerns its decision: it
			// thinks again from what it sees now.
		case errors.Is(err, errLostBots):
			return // another server runs the game's bots now
		case errors.Is(err, errUnsaved):
			// The disk refused the record's line, and nothing changed: think again and try once it
			// may take writes again.
			if !unsavedLogged {
				log.Printf("game %s: bot of seat %d: %v (the bots wait for the disk)", t.id, bt.player, err)
				unsavedLogged = true
			}
			select {
			case <-time.After(unsavedRetry):
			case <-ctx.Done():
				return
			}
		case errors.Is(err, errBroken):
			return // logged once, as the table broke
		case err != nil:
			// A bundled bot chooses among the legal moves: not reached.
			log.Printf("game %s: bot of seat %d: %v", t.id, bt.player, err)
			return
		default:
			unsavedLogged = false
		}
	}
}

// unsavedRetry is how long a table's bots wait before they try again a move that the disk refused.
var unsavedRetry = time.Second

// searchLevels are the bot levels that search (viceroy.SearchOptions.Level).
var searchLevels = map[string]bool{"search": true, "search-2026": true}

// searches reports whether a bot of the level searches the decision of view v, and so must wait
// its turn in the queue (viceroy.Decision.Searched, with a choice to make); any other decision a
// bot answers in microseconds.
func searches(level string, v viceroy.View) bool {
	return searchLevels[level] && len(v.Legal) > 1 && v.Decision.Searched()
}

// decide returns the move of the bot of bt. A decision the bot does not search is answered at
// once by the seat's bot. A search waits for its turn in q, and is made by a search bot of the
// seat's level and of the time cap the turn gives, at the level's default playout budget, on one
// goroutine; its seed
// follows from the seat's and the version of the game, so that, stopped by its budget, it
// chooses the same in a server started again. It returns ctx's error if ctx ends while it waits.
func (t *table) decide(ctx context.Context, q *thinkQueue, bt botTurn) (m viceroy.Move, err error) {
	if !searches(bt.level, bt.view) {
		return t.think(bt.bot, bt.view)
	}
	waited := q.think(ctx, func(limit time.Duration) {
		var b viceroy.Bot
		b, err = viceroy.NewSearchBot(bt.seed^uint64(bt.version)*0x9e3779b97f4a7c15,
			viceroy.SearchOptions{Level: bt.level, Time: limit, Workers: 1})
		if err == nil {
			m, err = t.think(b, bt.view)
		}
	})
	if waited != nil {
		return viceroy.Move{}, waited
	}
	return m, err
}

// think asks bot b for its move from view v, outside the table's lock. A panic while it thinks (a
// fault of the library) breaks the table as a panic under its lock would (see table.locked), and
// returns errBroken.
func (t *table) think(b viceroy.Bot, v viceroy.View) (m viceroy.Move, err error) {
	defer func() {
		if r := recover(); r != nil {
			stack := debug.Stack()
			t.mu.Lock()
			t.breaks(r, stack)
			t.mu.Unlock()
			err = errBroken
		}
	}()
	return b.Choose(v, v.Legal), nil
}
