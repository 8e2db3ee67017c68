package main

import (
	"fmt"
	"io/fs"
	"net/http"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/laar/viceroy"
)

// failingStore is a directory store whose writes and reads fail, while fail is set, as a full disk
// or a lost database would: with errors that name a secret path.
type failingStore struct {
	*dirStore
	fail atomic.Bool
}

// secret is the path the failing store's errors name, which no answer may show.
const secret = "/srv/secret-place/games"

func diskFull(op, name string) error {
	return &fs.PathError{Op: op, Path: secret + "/" + name, Err: syscall.ENOSPC}
}

func (s *failingStore) appendMove(id string, seq int, p viceroy.Player, m viceroy.Move, byBot bool) error {
	if s.fail.Load() {
		return fmt.Errorf("%w: %w", errUnsaved, diskFull("write", id+".record"))
	}
	return s.dirStore.appendMove(id, seq, p, m, byBot)
}

func (s *failingStore) takeSeat(id string, p viceroy.Player, tokenHash string) error {
	if s.fail.Load() {
		return diskFull("write", id+".seats")
	}
	return s.dirStore.takeSeat(id, p, tokenHash)
}

func (s *failingStore) create(id string, cfg viceroy.Config, seats []seat) error {
	if s.fail.Load() {
		return diskFull("create", id+".record")
	}
	return s.dirStore.create(id, cfg, seats)
}

func (s *failingStore) open(after string, limit int) ([]string, error) {
	if s.fail.Load() {
		return nil, diskFull("open", "")
	}
	return s.dirStore.open(after, limit)
}

// TestStoreFailuresAnswer503WithoutPaths: when the store fails, a move, a seat taken and a new game
// are answered 503 (a seat was answered 500 before), nothing changes, and no answer shows the
// store's paths (they did before); once the store works again, the same requests go through.
func TestStoreFailuresAnswer503WithoutPaths(t *testing.T) {
	files, err := newDirStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	st := &failingStore{dirStore: files}
	ts := serveStore(t, st)
	j := ts.newGame(t, viceroy.Config{Players: 2}, "person", "person")
	var s0 state
	ts.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &s0)
	before := ts.heldGame(t, j.Game)

	st.fail.Store(true)
	requests := []struct {
		name, method, path, token string
		body                      any
	}{
		{"a move", "POST", movePath(j, 0), j.Token, moveAt(s0.Version, s0.Moves[0].Move)},
		{"a seat taken", "POST", fmt.Sprintf("/api/games/%s/seats/1", j.Game), "", nil},
		{"a new game", "POST", "/api/games", "", map[string]any{"players": 2, "seats": []string{"person", "random"}}},
		{"the lobby", "GET", "/api/games", "", nil},
	}
	for _, r := range requests {
		status, body, err := call(ts.url, r.method, r.path, r.token, r.body, nil)
		if err != nil {
			t.Fatal(err)
		}
		if status != http.StatusServiceUnavailable {
			t.Errorf("%s on a full disk: %d %s, want 503", r.name, status, body)
		}
		if strings.Contains(string(body), "secret-place") || strings.Contains(string(body), "/srv") {
			t.Errorf("%s on a full disk: the answer shows the store's path: %s", r.name, body)
		}
	}
	if after := ts.heldGame(t, j.Game); after != before {
		t.Error("requests the store refused changed the game")
	}
	var info gameInfo
	ts.must(t, "GET", "/api/games/"+j.Game, "", nil, &info)
	if info.Seats[1].Taken {
		t.Error("a seat the store refused is taken")
	}

	st.fail.Store(false)
	for _, r := range requests {
		if status, body, err := call(ts.url, r.method, r.path, r.token, r.body, nil); err != nil || status != http.StatusOK {
			t.Errorf("%s once the disk takes writes again: %d %s %v, want 200", r.name, status, body, err)
		}
	}
}
