package main

import (
	"net/http"
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
