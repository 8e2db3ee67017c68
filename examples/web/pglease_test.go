package main

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/laar/viceroy"
)

// leaseGame stores a new game of a person and a bot in st, and returns its id and a first move:
// a player who owes a decision, and a legal move of theirs.
func leaseGame(t *testing.T, st *pgStore) (string, viceroy.Player, viceroy.Move) {
	t.Helper()
	id := newToken()[:12]
	cfg := viceroy.Config{Players: 2, Seed: 1}
	if err := st.create(id, cfg, []seat{{Kind: person}, {Kind: "random", Seed: 2}}); err != nil {
		t.Fatal(err)
	}
	h, err := viceroy.NewHistory(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := h.Game()
	p := g.ToMove()[0]
	return id, p, g.Legal(p)[0]
}

// mustHold takes game id's bots for st, whose lease is free, or ends the test. The bots' context
// ends with the test, if not before.
func mustHold(t *testing.T, st *pgStore, id string) (context.Context, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	type holding struct {
		held    context.Context
		release func()
		err     error
	}
	got := make(chan holding, 1)
	go func() {
		held, release, err := st.holdBots(ctx, id)
		got <- holding{held, release, err}
	}()
	select {
	case h := <-got:
		if h.err != nil {
			t.Fatal(h.err)
		}
		return h.held, h.release
	case <-time.After(botsTTL):
		cancel()
		t.Fatalf("game %s: its free lease not taken within %v", id, botsTTL)
		return nil, nil
	}
}

// holdsWithin reports whether st takes game id's bots within d, and the time it took.
func holdsWithin(st *pgStore, id string, d time.Duration) (bool, time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	start := time.Now()
	_, release, err := st.holdBots(ctx, id)
	if err != nil {
		return false, time.Since(start)
	}
	release()
	return true, time.Since(start)
}

// endsWithin reports whether ctx has ended within d, and its cause.
func endsWithin(ctx context.Context, d time.Duration) (bool, error) {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
	case <-timer.C:
	}
	return ctx.Err() != nil, context.Cause(ctx)
}

// TestPGLeaseRefusesMoveOfLostBots: a server whose lease the database gave to another, while its
// own clock says it still holds it (its heartbeats stopped, as a frozen server's, and its
// deadline passed in the database), has its bot's move refused by the transaction's check:
// errLostBots, nothing stored, and its bots' context ends. The new holder's bot's move, and a
// person's move through the first, are stored.
func TestPGLeaseRefusesMoveOfLostBots(t *testing.T) {
	url := needPG(t).database(t)
	a, b := openTestPG(t, url), openTestPG(t, url)
	id, p, m := leaseGame(t, a)
	held, _ := mustHold(t, a, id)
	a.stop() // no more heartbeats: the lease stands, by a's clock, for botsTTL from its last renewal
	if _, err := a.pool.Exec(context.Background(), "UPDATE viceroy_bots SET deadline = now() - interval '1 second' WHERE game = $1", id); err != nil {
		t.Fatal(err)
	}
	mustHold(t, b, id)
	if !a.leases.holds(id) {
		t.Fatal("the first server knows it lost the lease: the check in the transaction is not what refuses its move")
	}
	if err := a.appendMove(id, 0, p, m, true); !errors.Is(err, errLostBots) {
		t.Fatalf("a bot's move by the server that lost the lease: %v, want errLostBots", err)
	}
	if moves, err := b.movesSince(id, 0); err != nil || len(moves) != 0 {
		t.Fatalf("the database holds %d moves (%v), want none", len(moves), err)
	}
	if ended, cause := endsWithin(held, 0); !ended || cause != errLeaseGone {
		t.Errorf("the first server's bots' context: ended %v, cause %v; want ended, by %v", ended, cause, errLeaseGone)
	}
	if err := b.appendMove(id, 0, p, m, true); err != nil {
		t.Fatalf("a bot's move by the lease's holder: %v", err)
	}
	h, _, err := b.load(id)
	if err != nil || len(h.Record().Moves) != 1 {
		t.Fatalf("the game stored: %v", err)
	}
	g := h.Game()
	q := g.ToMove()[0]
	if err := a.appendMove(id, 1, q, g.Legal(q)[0], false); err != nil {
		t.Fatalf("a person's move through the server that lost the bots: %v", err)
	}
}

// TestPGLeaseLapsesWithoutHeartbeats: a server whose heartbeats stop, as a frozen server's, loses
// its lease by its own clock within botsTTL: its bots' context ends, and its bot's move is
// refused; another server takes the lease once it has lapsed in the database.
func TestPGLeaseLapsesWithoutHeartbeats(t *testing.T) {
	url := needPG(t).database(t)
	a, b := openTestPG(t, url), openTestPG(t, url)
	id, p, m := leaseGame(t, a)
	held, _ := mustHold(t, a, id)
	a.stop()
	stopped := time.Now()
	if ended, cause := endsWithin(held, botsTTL+time.Second); !ended || cause != errLeaseLapsed {
		t.Fatalf("the bots' context of a server without heartbeats: ended %v, cause %v; want ended within %v, by %v", ended, cause, botsTTL, errLeaseLapsed)
	}
	lapsed := time.Since(stopped)
	ok, took := holdsWithin(b, id, botsTTL+time.Second)
	if !ok {
		t.Fatalf("the other server did not take the lease within %v of its lapse", botsTTL+time.Second)
	}
	t.Logf("the lease lapsed %v after the heartbeats stopped, and the other server took it %v later", lapsed.Round(time.Millisecond), took.Round(time.Millisecond))
	if err := a.appendMove(id, 0, p, m, true); !errors.Is(err, errLostBots) {
		t.Fatalf("a bot's move by the server whose lease lapsed: %v, want errLostBots", err)
	}
}

// TestPGLeaseHeartbeats: the heartbeats keep a server's lease beyond botsTTL, so that another
// server waiting for it does not get it; once the database gives the lease to another server
// (behind the holder's back), the next heartbeat finds it gone and the bots' context ends; and a
// lease let go (release, or the store closed) is taken by the waiting server at once, not once it
// lapses.
func TestPGLeaseHeartbeats(t *testing.T) {
	url := needPG(t).database(t)
	a, b := openTestPG(t, url), openTestPG(t, url)
	id, _, _ := leaseGame(t, a)
	held, release := mustHold(t, a, id)
	if ok, _ := holdsWithin(b, id, botsTTL*3/2); ok {
		t.Fatalf("another server took a lease renewed by heartbeats")
	}
	if held.Err() != nil {
		t.Fatalf("the bots' context ended: %v", context.Cause(held))
	}
	if _, err := a.pool.Exec(context.Background(), "UPDATE viceroy_bots SET holder = 'elsewhere' WHERE game = $1", id); err != nil {
		t.Fatal(err)
	}
	if ended, cause := endsWithin(held, botsTTL/3+time.Second); !ended || cause != errLeaseGone {
		t.Fatalf("the bots' context of a lease the database gave away: ended %v, cause %v; want ended within a heartbeat, by %v", ended, cause, errLeaseGone)
	}
	release() // leaves the other's lease be
	var holder string
	if err := a.pool.QueryRow(context.Background(), "SELECT holder FROM viceroy_bots WHERE game = $1", id).Scan(&holder); err != nil || holder != "elsewhere" {
		t.Fatalf("the lease after the release of a lease lost: %q %v, want the other holder's still", holder, err)
	}

	id2, _, _ := leaseGame(t, a)
	_, release2 := mustHold(t, a, id2)
	time.AfterFunc(botsTTL/3, release2)
	if ok, took := holdsWithin(b, id2, botsTTL*2/3); !ok {
		t.Fatalf("the other server did not take a lease let go at once (%v)", took)
	}
	id3, _, _ := leaseGame(t, a)
	mustHold(t, a, id3)
	time.AfterFunc(botsTTL/3, func() { a.close() })
	if ok, took := holdsWithin(b, id3, botsTTL*2/3); !ok {
		t.Fatalf("the other server did not take at once a lease of a store closed (%v)", took)
	}
}

// TestPGServerTakesItsBotsBack: a server whose game's bots another server took over, and which
// then vanished (its lease unrenewed), takes them back once that lease has lapsed, and the game's
// bot moves again; meanwhile no bot's move is stored.
func TestPGServerTakesItsBotsBack(t *testing.T) {
	url := needPG(t).database(t)
	a := servePG(t, url)
	j := a.newGame(t, viceroy.Config{Players: 2}, person, "random")
	personMoves(t, a.url, j, 0, func(st state) bool { return st.Version < 6 })
	st := a.store.(*pgStore)
	ctx := context.Background()
	// Once the lease is another's, no bot's move of the server commits (see appendMove): the
	// version read next is the last before the server takes the bots back.
	if _, err := st.pool.Exec(ctx, "UPDATE viceroy_bots SET holder = 'vanished', deadline = now() + interval '2 seconds' WHERE game = $1", j.Game); err != nil {
		t.Fatal(err)
	}
	given := time.Now()
	var from int
	if err := st.pool.QueryRow(ctx, "SELECT version FROM viceroy_games WHERE id = $1", j.Game).Scan(&from); err != nil {
		t.Fatal(err)
	}
	botMoved := func() bool {
		moves, err := st.movesSince(j.Game, from)
		if err != nil {
			t.Fatal(err)
		}
		return slices.ContainsFunc(moves, func(pm viceroy.PlayerMove) bool { return pm.Player == 1 })
	}
	within := 2*time.Second + botsTTL + 2*time.Second
	personMoves(t, a.url, j, 0, func(state) bool {
		if time.Since(given) > within {
			t.Fatalf("the bot made no move within %v of its lease given to a server that vanished", within)
		}
		return !botMoved()
	})
	took := time.Since(given)
	t.Logf("the server ran the bot again %v after its lease was given to another", took.Round(time.Millisecond))
	if took < 1900*time.Millisecond {
		t.Errorf("a bot's move stored %v after the lease was given to another, which held it for 2 s", took)
	}
}

// TestPGLeaseOneHolder: servers asking at once for a game's lease, free or lapsed, get it one
// alone; the others keep waiting.
func TestPGLeaseOneHolder(t *testing.T) {
	url := needPG(t).database(t)
	stores := []*pgStore{openTestPG(t, url), openTestPG(t, url), openTestPG(t, url), openTestPG(t, url)}
	id, _, _ := leaseGame(t, stores[0])
	race := func() int {
		ctx, cancel := context.WithTimeout(context.Background(), 2*botsRetry+botsRetry/2)
		defer cancel()
		got := make(chan bool, len(stores))
		for _, st := range stores {
			go func() {
				_, _, err := st.holdBots(ctx, id) // held until the store closes
				got <- err == nil
			}()
		}
		holders := 0
		for range stores {
			if <-got {
				holders++
			}
		}
		return holders
	}
	if n := race(); n != 1 {
		t.Fatalf("%d servers took a free lease asked for at once, want 1", n)
	}
	if _, err := stores[0].pool.Exec(context.Background(), "UPDATE viceroy_bots SET deadline = now() - interval '1 second' WHERE game = $1", id); err != nil {
		t.Fatal(err)
	}
	// The holder's heartbeat finds its lease lapsed, or another server takes it: either way the
	// holder no longer holds it, and may not take it again until it lets it go.
	if n := race(); n != 1 {
		t.Fatalf("%d servers took a lapsed lease asked for at once, want 1", n)
	}
}
