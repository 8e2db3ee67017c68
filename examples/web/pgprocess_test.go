package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/laar/viceroy"
)

// serverProcessDB, set in the environment of the test binary, makes it a server process on that
// database rather than a run of the tests (see serveIfChild): a test starts such processes to
// freeze one of them (SIGSTOP), which no server of its own process could be.
const serverProcessDB = "VICEROY_TEST_SERVER_DB"

// serverProcessLife bounds how long a server process lives, should the test that started it never
// end it.
const serverProcessLife = 3 * time.Minute

// serveIfChild serves as a server process, and exits, when the test binary was started as one
// (serverProcessDB set); otherwise it returns at once. TestMain calls it first.
func serveIfChild() {
	db := os.Getenv(serverProcessDB)
	if db == "" {
		return
	}
	if err := serveChild(db); err != nil {
		fmt.Fprintln(os.Stderr, "server process:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// serveChild serves the games of database db on a loopback port of its own, whose URL it writes
// as its first line of output, until its standard input ends (the test that started it is gone)
// or serverProcessLife has passed. Besides the API it answers GET /test/bots/{game} with what
// its bots did for the game (see botsReport).
func serveChild(db string) error {
	pg, err := openPG(db)
	if err != nil {
		return err
	}
	st := &botMoves{gameStore: pg, stored: map[string][]int{}, refused: map[string]int{}}
	s := newServer(st, 100)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/", s.handler())
	mux.HandleFunc("GET /test/bots/{game}", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, st.report(s, r.PathValue("game")))
	})
	go func() {
		io.Copy(io.Discard, os.Stdin)
		log.Print("server process: the test is gone")
		os.Exit(0)
	}()
	time.AfterFunc(serverProcessLife, func() {
		log.Print("server process: lived its most")
		os.Exit(3)
	})
	fmt.Printf("http://%s\n", l.Addr())
	return http.Serve(l, mux)
}

// botMoves is a store that notes, by game, which bots' moves it stored (the numbers of the
// moves), and how many it refused as the bots' of a server that no longer runs them.
type botMoves struct {
	gameStore
	mu      sync.Mutex
	stored  map[string][]int
	refused map[string]int
}

// appendMove stores the move, and notes it if it is a bot's.
func (b *botMoves) appendMove(id string, seq int, p viceroy.Player, m viceroy.Move, byBot bool) error {
	err := b.gameStore.appendMove(id, seq, p, m, byBot)
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case !byBot:
	case err == nil:
		b.stored[id] = append(b.stored[id], seq)
	case errors.Is(err, errLostBots):
		b.refused[id]++
	}
	return err
}

// botsReport is what a server process's bots did for a game: the decisions they made (thought
// over, stored or not), the numbers of the moves of theirs that its store stored, and how many
// it refused (errLostBots).
type botsReport struct {
	Decisions int64 `json:"decisions"`
	Stored    []int `json:"stored"`
	Refused   int   `json:"refused"`
}

// report says what server s's bots did for game id, as the store b of s noted it.
func (b *botMoves) report(s *server, id string) botsReport {
	var r botsReport
	s.mu.Lock()
	if t := s.tables[id]; t != nil {
		r.Decisions = t.botDecisions.Load()
	}
	s.mu.Unlock()
	b.mu.Lock()
	r.Stored = append([]int{}, b.stored[id]...)
	r.Refused = b.refused[id]
	b.mu.Unlock()
	return r
}

// serverProcess is a server in a process of its own: the test binary run again (see serveIfChild).
type serverProcess struct {
	url string
	cmd *exec.Cmd
	out *logged // what it logs
}

// startServerProcess starts a server process on database db, named name in the test's log, and
// waits until it serves. It is killed when the test ends, and what
// it logged is shown if the test failed.
func startServerProcess(t *testing.T, name, db string) *serverProcess {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), serverProcessDB+"="+db)
	sp := &serverProcess{cmd: cmd, out: &logged{}}
	cmd.Stderr = sp.out
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdin, err := cmd.StdinPipe() // held open: the process ends when it closes
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Process.Kill() // stopped or not
		cmd.Wait()
		if t.Failed() {
			t.Logf("server %s logged:\n%s", name, sp.out)
		}
	})
	first := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		first <- strings.TrimSpace(line)
		io.Copy(io.Discard, stdout)
	}()
	select {
	case sp.url = <-first:
	case <-time.After(30 * time.Second):
	}
	if !strings.HasPrefix(sp.url, "http://") {
		t.Fatalf("server %s did not start: %q\n%s", name, sp.url, sp.out)
	}
	return sp
}

// bots asks the server process what its bots did for game id.
func (sp *serverProcess) bots(t *testing.T, id string) botsReport {
	t.Helper()
	var r botsReport
	status, body, err := call(sp.url, "GET", "/test/bots/"+id, "", nil, &r)
	if err != nil || status != http.StatusOK {
		t.Fatalf("asking %s about its bots: %d %s %v", sp.url, status, body, err)
	}
	return r
}

// personMoves makes seat j's moves through the server at url, the first legal move each, one at
// most every pace, while more returns true or until the game is over; while the seat owes no
// move (a bot's turn) it asks again every 20 ms. It returns the last state seen. A move that
// another one overtook (409) is chosen again.
func personMoves(t *testing.T, url string, j joined, pace time.Duration, more func(st state) bool) state {
	t.Helper()
	var st state
	for {
		st = state{}
		status, body, err := call(url, "GET", statePath(j, 0, -1), j.Token, nil, &st)
		if err != nil || status != http.StatusOK {
			t.Fatalf("state: %d %s %v", status, body, err)
		}
		if st.View.Over || !more(st) {
			return st
		}
		if len(st.Moves) == 0 {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		status, body, err = call(url, "POST", movePath(j, 0), j.Token, moveAt(st.Version, st.Moves[0].Move), nil)
		if err != nil || status != http.StatusOK && status != http.StatusConflict {
			t.Fatalf("move: %d %s %v", status, body, err)
		}
		time.Sleep(pace)
	}
}
