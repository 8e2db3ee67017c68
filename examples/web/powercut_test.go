package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/laar/viceroy"
)

// powerSeed is the seed of the random choices of TestPowerCutKeepsEveryAnsweredMove, which it logs:
// the cuts, the moves, what a cut keeps. (The goroutines' timing still varies from run to run.)
var powerSeed = flag.Uint64("powerseed", 0, "the seed of TestPowerCutKeepsEveryAnsweredMove (0: from the clock)")

// TestPowerCutKeepsEveryAnsweredMove runs a server on a directory whose power is cut (see
// powerFS) at a random operation of its files, while people play games over HTTP against each
// other and against bots, and games are made and seats taken; then it starts a new server on what
// the disk kept, checks that it holds everything that was answered, and plays on, to the next
// cut. A cut may fall anywhere: between a line's write and its sync (and keep part of the line),
// between a file's rename and the directory's sync, in the cutting off of an unfinished line.
// Everything answered 200 must survive: each game made and each seat taken (its token still
// holds), each move answered (as the move of its number), and the latest version of a game that
// each seat was shown (the record replays to the same view of it, bots' moves and all); and each
// game must load, not damaged.
func TestPowerCutKeepsEveryAnsweredMove(t *testing.T) {
	seed := *powerSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("-powerseed=%d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	disk := newPowerFS(rand.New(rand.NewPCG(seed, 1)))
	led := &ledger{games: map[string]*answered{}}
	cuts := 20
	if testing.Short() {
		cuts = 3
	}
	for round := range cuts + 1 {
		ts := serveStore(t, newStoreOn("power", disk))
		led.check(t, ts, round)
		if round == cuts || t.Failed() {
			return
		}
		disk.cutAfter(1 + rng.IntN(3000))
		ctx, stop := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		for _, j := range led.seatsInPlay() {
			seed := rng.Uint64()
			wg.Go(func() { led.play(ctx, ts.url, j, seed) })
		}
		seed := rng.Uint64()
		wg.Go(func() { led.makeGames(ctx, &wg, ts.url, seed) })
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		select {
		case <-disk.cut:
		case <-done: // every game ended before the cut
		case <-time.After(time.Minute):
			t.Error("the power was not cut within a minute")
		}
		left := disk.cutNow()
		stop()
		<-done
		ts.Close()
		disk = left
	}
}

// ledger is what the server answered 200, by game: what must survive a power cut.
type ledger struct {
	mu    sync.Mutex
	games map[string]*answered
}

// answered is what the server answered 200 of a game.
type answered struct {
	seats map[int]joined             // by seat: the seats given, with their tokens
	moves map[int]viceroy.PlayerMove // by move number: the moves answered
	seen  map[int]state              // by seat: the latest state sent to it
}

// seated notes a seat given.
func (l *ledger) seated(j joined) {
	l.mu.Lock()
	defer l.mu.Unlock()
	g := l.games[j.Game]
	if g == nil {
		g = &answered{seats: map[int]joined{}, moves: map[int]viceroy.PlayerMove{}, seen: map[int]state{}}
		l.games[j.Game] = g
	}
	g.seats[j.Seat] = j
}

// saw notes a state sent to seat j, and with moved, the move that it answered.
func (l *ledger) saw(j joined, st state, moved *viceroy.Move) {
	l.mu.Lock()
	defer l.mu.Unlock()
	g := l.games[j.Game]
	if moved != nil {
		g.moves[st.Version-1] = viceroy.PlayerMove{Player: viceroy.Player(j.Seat), Move: *moved}
	}
	if st.Version >= g.seen[j.Seat].Version {
		g.seen[j.Seat] = st
	}
}

// seatsInPlay returns the seats given of the games not over.
func (l *ledger) seatsInPlay() []joined {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []joined
	for _, g := range l.games {
		for p, j := range g.seats {
			if !g.seen[p].View.Over {
				out = append(out, j)
			}
		}
	}
	return out
}

// setups are the games made: people against bots and against each other.
var setups = []struct {
	cfg   viceroy.Config
	seats []string
}{
	{viceroy.Config{Players: 2}, []string{person, "random"}},
	{viceroy.Config{Players: 3}, []string{person, person, "random"}},
	{viceroy.Config{Players: 1, Virtual: 1}, []string{person}},
	{viceroy.Config{Players: 2, Edition: viceroy.FirstEdition}, []string{person, person}},
	{viceroy.Config{Players: 4}, []string{person, "random", "basic", "random"}},
}

// makeGames makes a few games, taking their other people's seats, and plays each seat given in a
// goroutine of wg's, until ctx is done or the server fails.
func (l *ledger) makeGames(ctx context.Context, wg *sync.WaitGroup, url string, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 2))
	for range 4 {
		s := setups[rng.IntN(len(setups))]
		ed, _ := s.cfg.Edition.MarshalText()
		var j joined
		status, err := callCtx(ctx, url, "POST", "/api/games", "", map[string]any{"players": s.cfg.Players,
			"virtual": s.cfg.Virtual, "edition": string(ed), "seats": s.seats}, &j)
		if err != nil || status != http.StatusOK {
			return
		}
		l.seated(j)
		seed := rng.Uint64()
		wg.Go(func() { l.play(ctx, url, j, seed) })
		for p := 1; p < len(s.seats); p++ {
			if s.seats[p] != person {
				continue
			}
			var other joined
			status, err := callCtx(ctx, url, "POST", fmt.Sprintf("/api/games/%s/seats/%d", j.Game, p), "", nil, &other)
			if err != nil || status != http.StatusOK {
				return
			}
			l.seated(other)
			seed := rng.Uint64()
			wg.Go(func() { l.play(ctx, url, other, seed) })
		}
	}
}

// play plays seat j's moves, chosen at random, following the others' by long polls, until the game
// is over, ctx is done, or the server fails; it notes every state and move answered 200.
func (l *ledger) play(ctx context.Context, url string, j joined, seed uint64) {
	pick := randomPick(seed)
	version := -1
	for {
		var st state
		status, err := callCtx(ctx, url, "GET", statePath(j, 1<<30, version), j.Token, nil, &st)
		if err != nil || status != http.StatusOK {
			return
		}
		l.saw(j, st, nil)
		for len(st.Moves) > 0 {
			m := pick(st)
			var next state
			status, err := callCtx(ctx, url, "POST", movePath(j, 1<<30), j.Token, moveAt(st.Version, m), &next)
			switch {
			case err != nil:
				return
			case status == http.StatusConflict: // stale: the others moved meanwhile
				st = state{}
				continue
			case status != http.StatusOK:
				return
			}
			l.saw(j, next, &m)
			st = next
		}
		if st.View.Over {
			return
		}
		version = st.Version
	}
}

// check checks that the server ts, started on what the disk kept at the round's cut, holds
// everything answered before: every game and seat given (its token holds), every move answered as
// the move of its number, and, for the latest state sent to each seat, a record whose moves up to
// its version replay to the view sent.
func (l *ledger) check(t *testing.T, ts testServer, round int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	moves, views := 0, 0
	for id, g := range l.games {
		for _, j := range g.seats {
			var st state
			if status, body, err := call(ts.url, "GET", statePath(j, 1<<30, -1), j.Token, nil, &st); err != nil || status != http.StatusOK {
				t.Errorf("after cut %d: seat %d of game %s: %d %s %v", round, j.Seat, id, status, body, err)
			}
		}
		h, _, err := ts.store.load(id)
		if err != nil {
			t.Errorf("after cut %d: game %s: %v", round, id, err)
			continue
		}
		r := h.Record()
		for n, pm := range g.moves {
			if n >= len(r.Moves) || r.Moves[n] != pm {
				t.Errorf("after cut %d: game %s: move %d (%d: %v) was answered, and the record holds %d moves", round, id, n, pm.Player, pm.Move, len(r.Moves))
			}
			moves++
		}
		for p, st := range g.seen {
			v := st.Version
			if v > len(r.Moves) {
				t.Errorf("after cut %d: game %s: seat %d was shown version %d, and the record holds %d moves", round, id, p, v, len(r.Moves))
				continue
			}
			game, err := viceroy.Replay(viceroy.Record{Version: r.Version, Config: r.Config, Moves: r.Moves[:v]})
			if err != nil {
				t.Fatal(err)
			}
			if jsonOf(t, game.View(viceroy.Player(p))) != jsonOf(t, st.View) {
				t.Errorf("after cut %d: game %s: seat %d was shown another version %d than its record replays to", round, id, p, v)
			}
			views++
		}
	}
	t.Logf("after cut %d: %d games, %d moves answered, %d seats' latest views: all kept", round, len(l.games), moves, views)
}

// callCtx is call, ended when ctx is done.
func callCtx(ctx context.Context, url, method, path, token string, body, out any) (int, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url+path, r)
	if err != nil {
		return 0, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode == http.StatusOK && out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s %s: %v in %s", method, path, err, b)
		}
	}
	return resp.StatusCode, nil
}
