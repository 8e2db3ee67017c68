package main

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// creationLimit limits how fast one client address creates games: a bucket of burst games for each
// address, which refills at one game every every. A server on the public internet needs it, or one
// client fills the server's games for everyone.
type creationLimit struct {
	burst int
	every time.Duration

	mu      sync.Mutex
	buckets map[string]bucket
}

// bucket is one address's games left to create at a moment.
type bucket struct {
	left float64
	at   time.Time
}

// newCreationLimit returns a limit of burst games at once, and one more every every; a burst of 0
// limits nothing.
func newCreationLimit(burst int, every time.Duration) *creationLimit {
	return &creationLimit{burst: burst, every: every, buckets: map[string]bucket{}}
}

// allow reports whether the client of r may create a game now, and takes one game from its bucket
// if so; otherwise it says how long until it may.
func (l *creationLimit) allow(r *http.Request, now time.Time) (bool, time.Duration) {
	if l.burst <= 0 {
		return true, 0
	}
	addr, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		addr = r.RemoteAddr
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buckets) > 10_000 {
		l.forgetFull(now) // bounded memory: an address with a full bucket is as good as new
	}
	b, ok := l.buckets[addr]
	if !ok {
		b = bucket{float64(l.burst), now}
	}
	b.left = min(float64(l.burst), b.left+float64(now.Sub(b.at))/float64(l.every))
	b.at = now
	if b.left < 1 {
		l.buckets[addr] = b
		return false, time.Duration((1 - b.left) * float64(l.every))
	}
	b.left--
	l.buckets[addr] = b
	return true, 0
}

// forgetFull drops the buckets that have refilled. The caller holds the lock.
func (l *creationLimit) forgetFull(now time.Time) {
	for addr, b := range l.buckets {
		if b.left+float64(now.Sub(b.at))/float64(l.every) >= float64(l.burst) {
			delete(l.buckets, addr)
		}
	}
}
