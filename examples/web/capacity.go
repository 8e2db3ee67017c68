package main

import (
	"fmt"
	"net/http"
	"time"
)

// How the server shares its memory among its clients (see server.room). A game no request is
// being served for may leave memory to make room for another, least recently asked for first: a
// stream or a long poll does not keep it (the page opens its stream again, and the game is loaded
// again from the store, which holds every move). A game stays at least heldAtLeast after it was
// loaded or last asked for, so that pages that come back for their games cannot push each other
// out in a loop: each game is loaded at most once in heldAtLeast, and a server full of games that
// recent refuses a new one for at most that long. A client address holds at most
// 1/heldShare of the games, when room is needed: beyond its share, its own games make room first,
// however recent, so that one address's flood takes no one else's room.
const (
	heldAtLeast = time.Minute
	heldShare   = 16
)

// holding is what the server keeps, beside a table, of a game it holds: who brought it into
// memory, its watches (streams and long polls), when it was loaded and last asked for, and the
// states its seats' streams share. Its fields are set and read under the server's lock.
type holding struct {
	addr    string           // the client address whose request brought it in; "" for the server
	watches int              // streams and long polls being served (in the table's users too)
	loaded  time.Time        // when the game came into memory
	asked   time.Time        // when a request other than a watch last began or ended, if any
	gone    chan struct{}    // closed when the game leaves memory: its watches end
	feeds   map[reader]*feed // by seat and language, while it has streams
}

// share returns how many games one client address may hold when room is needed.
func (s *server) share() int {
	if s.heldPerAddr > 0 {
		return s.heldPerAddr
	}
	return max(1, s.maxGames/heldShare)
}

// errHeld is the error of a game that a client address may not bring into memory: the server is
// full, the address holds its share, and each of its games is being served a request.
type errHeld struct {
	share int
	retry time.Duration
}

func (e errHeld) Error() string {
	return fmt.Sprintf("this address holds %d games, its share of the server's, all in use: try again in a while", e.share)
}

// writeNoRoom answers a request for a game that found no room in memory (errFull, errHeld), with
// when to try again, and reports whether err was such.
func writeNoRoom(w http.ResponseWriter, err error) bool {
	switch e := err.(type) {
	case errFull:
		retryAfter(w, e.retry)
		writeFailure(w, err)
	case errHeld:
		retryAfter(w, e.retry)
		writeError(w, http.StatusTooManyRequests, "too-many-held", e.Error())
	default:
		return false
	}
	return true
}

// holdingOf returns the holding of table t, which the server holds, or nil if it holds it no
// longer. A table put among the games held without one (by a test) gets one. The caller holds the
// server's lock.
func (s *server) holdingOf(t *table) *holding {
	if hd := s.holdings[t]; hd != nil {
		return hd
	}
	if s.tables[t.id] != t {
		return nil
	}
	hd := &holding{loaded: t.lastUsed, asked: t.lastUsed, gone: make(chan struct{})}
	s.holdings[t] = hd
	return hd
}

// room makes room for one more game, brought into memory by a request from addr, if the server
// holds its most: it lets go of games no request is being served for, one at a time (see victim).
// It fails with errHeld when addr holds its share and none of its games may go, and with errFull
// when no game may go. The caller holds the server's lock.
func (s *server) room(addr string, now time.Time) error {
	for len(s.tables) >= s.maxGames {
		t, retry := s.victim(addr, now)
		switch {
		case t != nil:
			s.letGo(t)
		case addr != "" && s.heldBy[addr] >= s.share():
			return errHeld{s.share(), retry}
		default:
			return errFull{s.maxGames, retry}
		}
	}
	return nil
}

// victim chooses the game to let go of to make room for one brought into memory by addr, of the
// games no request is being served for and whose lock is free (one busy at the moment stays this
// time): first one held by an address beyond its share, or by addr if it holds its share already,
// however recent; otherwise, unless addr holds its share, one not loaded or asked for within the
// server's minHeld. Of these, the one least recently asked for goes first (one never asked for,
// only watched, before any). It returns nil if none may go, and then how long until one may. A
// broken game stays, to answer that it is broken. The caller holds the server's lock.
func (s *server) victim(addr string, now time.Time) (*table, time.Duration) {
	share := s.share()
	full := addr != "" && s.heldBy[addr] >= share
	if full {
		t, _ := s.choose(now, func(hd *holding) bool { return hd.addr == addr || hd.addr != "" && s.heldBy[hd.addr] > share }, false)
		return t, time.Second // its own games are being served requests, which end soon
	}
	for a, n := range s.heldBy {
		if a != "" && n > share {
			if t, _ := s.choose(now, func(hd *holding) bool { return hd.addr != "" && s.heldBy[hd.addr] > share }, false); t != nil {
				return t, 0
			}
			break
		}
	}
	return s.choose(now, func(*holding) bool { return true }, true)
}

// choose returns, of the games no request is being served for whose holding is one of, the one
// least recently asked for, if its lock is free and it is not broken; with recent, one not loaded
// or asked for within the server's minHeld. It returns nil if there is none, and then how long
// until a game of one's becomes old enough. The caller holds the server's lock.
func (s *server) choose(now time.Time, of func(*holding) bool, recent bool) (*table, time.Duration) {
	var best *table
	var bestAsked time.Time
	retry := max(time.Second, s.minHeld)
	for _, t := range s.tables {
		hd := s.holdingOf(t)
		if t.users > hd.watches || !of(hd) || best != nil && !hd.asked.Before(bestAsked) {
			continue
		}
		if recent {
			if wait := hd.loaded.Add(s.minHeld).Sub(now); wait > 0 {
				retry = min(retry, wait)
				continue
			}
			if wait := hd.asked.Add(s.minHeld).Sub(now); wait > 0 {
				retry = min(retry, wait)
				continue
			}
		}
		if !t.mu.TryLock() {
			continue
		}
		broken := t.broken
		t.mu.Unlock()
		if !broken {
			best, bestAsked = t, hd.asked
		}
	}
	return best, retry
}

// letGo takes table t out of memory: its bots stop, its streams end and its long polls answer.
// It stays in the store, and is loaded again when asked for. The caller holds the server's lock.
func (s *server) letGo(t *table) {
	delete(s.tables, t.id)
	t.stopBots()
	t.evicted.Store(true)
	if hd := s.holdings[t]; hd != nil {
		delete(s.holdings, t)
		if s.heldBy[hd.addr]--; s.heldBy[hd.addr] <= 0 {
			delete(s.heldBy, hd.addr)
		}
		close(hd.gone)
	}
}
