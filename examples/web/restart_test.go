package main

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/laar/viceroy"
)

// TestRestartResumesEveryGame plays games of several settings part of the way, stops the server,
// starts another on the same directory (one record cut short in the middle of a line, as by a
// crash), and checks that every game is resumed where it was, that the seats' tokens still hold,
// and that the games play on to the end, their record files replaying to the games held.
func TestRestartResumesEveryGame(t *testing.T) {
	dir := t.TempDir()
	a := serve(t, dir)
	type seatOf struct {
		j    joined
		stop int // the version to play to before the restart
	}
	var seats []seatOf
	add := func(cfg viceroy.Config, kinds []string, stop int) {
		j := a.newGame(t, cfg, kinds...)
		seats = append(seats, seatOf{j, stop})
		for p := 1; p < len(kinds); p++ {
			if kinds[p] == person {
				var other joined
				a.must(t, "POST", fmt.Sprintf("/api/games/%s/seats/%d", j.Game, p), "", nil, &other)
				seats = append(seats, seatOf{other, stop})
			}
		}
	}
	add(viceroy.Config{Players: 2}, []string{person, "random"}, 40)
	add(viceroy.Config{Players: 1, Virtual: 1}, []string{person}, 60)
	add(viceroy.Config{Players: 3, Edition: viceroy.FirstEdition}, []string{person, person, "greedy"}, 50)
	add(viceroy.Config{Players: 2}, []string{person, "greedy"}, 0)                  // not a move made
	add(viceroy.Config{Players: 2, Virtual: 1}, []string{person, "random"}, 10_000) // played to the end

	play := func(ts testServer, seed uint64, until func(j joined, st state) bool) {
		var wg sync.WaitGroup
		for i, s := range seats {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _, err := playUntil(ts.url, s.j, randomPick(seed+uint64(i)), func(st state) bool { return until(s.j, st) })
				if err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
	}
	stopAt := map[string]int{}
	for _, s := range seats {
		stopAt[s.j.Game] = s.stop
	}
	play(a, 1, func(j joined, st state) bool { return st.Version >= stopAt[j.Game] })
	a.Close() // the bots stop; every move made is in the files
	before := map[string]viceroy.Game{}
	views := map[joined]string{}
	for _, s := range seats {
		g := a.heldGame(t, s.j.Game)
		before[s.j.Game] = g
		views[s.j] = jsonOf(t, g.View(viceroy.Player(s.j.Seat)))
	}
	cut := seats[0].j.Game
	f, err := os.OpenFile((&dirStore{dir: dir}).recordPath(cut), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("0: bid re"); err != nil {
		t.Fatal(err)
	}
	f.Close()

	b := serve(t, dir)
	if n := b.count(); n != 0 {
		t.Fatalf("the new server holds %d games before any is asked for, want 0: they are loaded on demand", n)
	}
	for _, s := range seats {
		if b.heldGame(t, s.j.Game) != before[s.j.Game] {
			t.Errorf("game %s is not resumed where it was", s.j.Game)
		}
		var st state
		b.must(t, "GET", statePath(s.j, 0, -1), s.j.Token, nil, &st) // the token still holds
		if diff := cmp.Diff(views[s.j], jsonOf(t, st.View)); diff != "" {
			t.Errorf("seat %d of game %s after the restart (-before +after):\n%s", s.j.Seat, s.j.Game, diff)
		}
	}
	play(b, 100, func(joined, state) bool { return false })
	for id := range before {
		g := b.heldGame(t, id)
		if !g.Over() {
			t.Errorf("game %s is not over", id)
		}
		if b.replayFile(t, id) != g {
			t.Errorf("game %s: the record file does not replay to the game held", id)
		}
	}
}
