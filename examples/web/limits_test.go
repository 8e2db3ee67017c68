package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/laar/viceroy"
)

// TestCreationIsLimitedByAddress: one address creates a burst of games, then waits; the answer
// says how long.
func TestCreationIsLimitedByAddress(t *testing.T) {
	ts := serve(t, t.TempDir())
	ts.creating = newCreationLimit(3, time.Hour)
	body := newGame{Players: 2, Seats: []string{person, "random"}}
	for i := range 4 {
		status, answer, err := call(ts.url, "POST", "/api/games", "", body, nil)
		switch {
		case err != nil:
			t.Fatal(err)
		case i < 3 && status != http.StatusCreated && status != http.StatusOK:
			t.Fatalf("game %d: %d %s", i, status, answer)
		case i == 3 && (status != http.StatusTooManyRequests || !strings.Contains(string(answer), "too-many-games")):
			t.Fatalf("game %d of a burst of 3: %d %s, want 429", i, status, answer)
		}
	}
}

// TestLobbyIsPaged: the lobby lists the open games in the order of their ids, limit at a time,
// from after the game named.
func TestLobbyIsPaged(t *testing.T) {
	ts := serve(t, t.TempDir())
	for range 5 {
		ts.newGame(t, viceroy.Config{Players: 2}, person, person)
	}
	var all, seen []gameInfo
	ts.must(t, "GET", "/api/games", "", nil, &all)
	if len(all) != 5 {
		t.Fatalf("%d open games, want 5", len(all))
	}
	after := ""
	for {
		var page []gameInfo
		ts.must(t, "GET", "/api/games?limit=2&after="+after, "", nil, &page)
		if len(page) == 0 {
			break
		}
		if len(page) > 2 {
			t.Fatalf("a page of %d games, want at most 2", len(page))
		}
		seen = append(seen, page...)
		after = page[len(page)-1].Game
	}
	if len(seen) != len(all) {
		t.Fatalf("the pages list %d games, the lobby %d", len(seen), len(all))
	}
	for i := range all {
		if seen[i].Game != all[i].Game || i > 0 && all[i-1].Game >= all[i].Game {
			t.Fatalf("game %d: %s in the pages, %s in the lobby, in id order", i, seen[i].Game, all[i].Game)
		}
	}
}

// TestClientAddressIsItsBlock: the limits count an IPv4 address as itself, and an IPv6 address as
// its /64, the block one home or host is given, zone and all: otherwise one host would count as
// 2^64 clients. An IPv4 address written as IPv6 is the IPv4 address.
func TestClientAddressIsItsBlock(t *testing.T) {
	for _, c := range []struct{ remote, want string }{
		{"192.0.2.7:4000", "192.0.2.7"},
		{"[2001:db8:1:2:aaaa::1]:4000", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:bbbb::9]:5000", "2001:db8:1:2::/64"},
		{"[2001:db8:1:3::1]:4000", "2001:db8:1:3::/64"},
		{"[fe80::1%eth0]:4000", "fe80::/64"},
		{"[::ffff:192.0.2.7]:4000", "192.0.2.7"},
		{"not an address", "not an address"},
	} {
		r := &http.Request{RemoteAddr: c.remote}
		if got := clientOf(r); got != c.want {
			t.Errorf("the client of %q is %q, want %q", c.remote, got, c.want)
		}
	}
	l := newCreationLimit(1, time.Hour)
	now := time.Now()
	if ok, _ := l.allow(&http.Request{RemoteAddr: "[2001:db8::1]:1"}, now); !ok {
		t.Fatal("the first game of an address refused")
	}
	if ok, _ := l.allow(&http.Request{RemoteAddr: "[2001:db8::2]:1"}, now); ok {
		t.Error("another address of the same /64 created a game beyond the burst of the block")
	}
}

// TestWatchLimitForgets: the watch limit counts a watch of an address and a seat until it ends,
// once however often its end is called, and keeps no count for an address or a seat that no
// longer watches.
func TestWatchLimitForgets(t *testing.T) {
	l := newWatchLimit(1, 1, 2)
	end, err := l.begin("a")
	if err != nil {
		t.Fatal(err)
	}
	endSeat, err := l.beginSeat("g/0")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.begin("a"); err == nil {
		t.Error("a second watch of an address whose bound is 1")
	}
	if _, err := l.beginSeat("g/0"); err == nil {
		t.Error("a second watch of a seat whose bound is 1")
	}
	end()
	end()
	endSeat()
	if l.all != 0 || len(l.byAddr) != 0 || len(l.bySeat) != 0 {
		t.Errorf("after the watches ended: %d in all, addresses %v, seats %v; want none", l.all, l.byAddr, l.bySeat)
	}
}

// TestClientAddressBehindAProxy: behind a reverse proxy that names the client in a header, each
// client counts as its own address, the last address of X-Forwarded-For being the one the proxy
// added; a header without an address leaves the proxy's.
func TestClientAddressBehindAProxy(t *testing.T) {
	for _, c := range []struct{ header, value, want string }{
		{"X-Real-IP", "198.51.100.4", "198.51.100.4"},
		{"X-Forwarded-For", "203.0.113.9, 198.51.100.4", "198.51.100.4"},
		{"X-Forwarded-For", "2001:db8:5::1", "2001:db8:5::/64"},
		{"X-Real-IP", "", "192.0.2.1"},
		{"X-Real-IP", "somewhere", "192.0.2.1"},
	} {
		var got string
		h := behindProxy(c.header, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = clientOf(r) }))
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = "192.0.2.1:4000"
		r.Header.Set(c.header, c.value)
		h.ServeHTTP(httptest.NewRecorder(), r)
		if got != c.want {
			t.Errorf("%s: %q: the client is %q, want %q", c.header, c.value, got, c.want)
		}
	}
}

// The address the server logs is one a browser on the machine opens.
func TestPageURL(t *testing.T) {
	for addr, want := range map[string]string{":8080": "http://localhost:8080", "0.0.0.0:80": "http://localhost:80",
		"[::]:8080": "http://localhost:8080", "example.org:8080": "http://example.org:8080", "[::1]:9": "http://[::1]:9"} {
		if got := pageURL(addr); got != want {
			t.Errorf("pageURL(%q) = %q, want %q", addr, got, want)
		}
	}
}
