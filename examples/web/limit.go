package main

import (
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"
)

// clientOf returns the client address of r, as the limits count clients: its IP address, or for
// IPv6 its /64, the block a single home or host is given (one client holds a whole /64, and would
// otherwise count as 2^64 clients).
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.WithZone("").Unmap()
	if ip.Is6() {
		block, _ := ip.Prefix(64) // never fails: an IPv6 address without its zone
		return block.String()
	}
	return ip.String()
}

// behindProxy returns h with each request's client address read from the header name, which a
// reverse proxy in front sets to the address of the client it serves (X-Real-IP, or
// X-Forwarded-For, of which the last address counts: the one the proxy added). Without it, every
// client would have the proxy's address, and all would share the bounds of one address. A request
// whose header holds no address keeps the address it came from. Only a server that no client can
// reach but through the proxy may trust the header: anyone may send it.
func behindProxy(name string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		values := strings.Split(r.Header.Get(name), ",")
		if ip, err := netip.ParseAddr(strings.TrimSpace(values[len(values)-1])); err == nil {
			r.RemoteAddr = netip.AddrPortFrom(ip, 0).String()
		}
		h.ServeHTTP(w, r)
	})
}

// retryAfter tells the client of w to try again in d, in whole seconds, at least one.
func retryAfter(w http.ResponseWriter, d time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(max(1, int((d+time.Second-1)/time.Second))))
}

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
	addr := clientOf(r)
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

// watchLimit bounds the watches being served, the streams and long polls, which each hold a
// connection, a goroutine and some memory for as long as they last: perSeat for one seat (a
// person's tabs and devices), perAddr for one client address, and most in all. It keeps a count
// only for the seats and addresses watching now.
type watchLimit struct {
	perSeat, perAddr, most int

	mu     sync.Mutex
	all    int
	byAddr map[string]int
	bySeat map[string]int
}

// newWatchLimit returns the bounds of perAddr watches for a client address, perSeat for a seat,
// and most in all.
func newWatchLimit(perAddr, perSeat, most int) *watchLimit {
	return &watchLimit{perSeat: perSeat, perAddr: perAddr, most: most, byAddr: map[string]int{}, bySeat: map[string]int{}}
}

// errWatches is the error of a watch beyond a bound: status is 429 for the bound of a seat or an
// address, the client's own doing, and 503 for the server's, everyone's.
type errWatches struct {
	status int
	msg    string
}

func (e errWatches) Error() string { return e.msg }

// begin counts a watch from the client address addr, if the bounds of the address and of the
// server allow it, and returns the end to call when it ends.
func (l *watchLimit) begin(addr string) (end func(), err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.byAddr[addr] >= l.perAddr:
		return nil, errWatches{http.StatusTooManyRequests, "this address has its most streams and long polls open: close one, or try again in a while"}
	case l.all >= l.most:
		return nil, errWatches{http.StatusServiceUnavailable, "the server has its most streams and long polls open: try again in a while"}
	}
	l.all++
	l.byAddr[addr]++
	return sync.OnceFunc(func() { l.done(l.byAddr, addr, true) }), nil
}

// beginSeat counts a watch of the seat named seat, if the seat's bound allows it, and returns the
// end to call when it ends.
func (l *watchLimit) beginSeat(seat string) (end func(), err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.bySeat[seat] >= l.perSeat {
		return nil, errWatches{http.StatusTooManyRequests, "this seat has its most streams and long polls open: close one, or try again in a while"}
	}
	l.bySeat[seat]++
	return sync.OnceFunc(func() { l.done(l.bySeat, seat, false) }), nil
}

// done ends a watch counted in counts under key, and in all if all.
func (l *watchLimit) done(counts map[string]int, key string, all bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if all {
		l.all--
	}
	if counts[key]--; counts[key] <= 0 {
		delete(counts, key) // bounded memory: only the addresses and seats watching now
	}
}
