package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/laar/viceroy"
)

// clientHeader names, in the tests, the client address a request comes from: the tests play many
// clients from the one loopback address.
const clientHeader = "X-Test-Client"

// asClients serves ts on a second loopback address of its own, where a request's client address
// is the one its X-Test-Client header names (as if it came from there), and returns ts with that
// address. The server stops its streams when the test ends, so that the address closes.
func asClients(t testing.TB, ts testServer) testServer {
	t.Helper()
	h := ts.handler()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a := r.Header.Get(clientHeader); a != "" {
			r.RemoteAddr = net.JoinHostPort(a, "40000")
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		ts.stop() // the streams end, so that Close does not wait for them
		hs.Close()
	})
	ts.url = hs.URL
	return ts
}

// clientAddr is the address of the test's client number i.
func clientAddr(i int) string { return fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255) }

// callAs is call from the client address addr.
func callAs(url, addr, method, path, token string, body, out any) (int, []byte, error) {
	return callWith(url, method, path, token, body, out, map[string]string{clientHeader: addr})
}

// rawStream is a seat's stream read by hand on a connection of its own: the memory its client
// keeps is the connection's, and no goroutine reads it unless asked (see drain).
type rawStream struct {
	reader *bufio.Reader // while the first event is read
	conn   net.Conn
	status int
	header http.Header
	body   string // the answer's body when it is not 200
	first  seen   // what the first state said
}

// seen is what a test reads of a state sent on a stream.
type seen struct {
	Version int `json:"version"`
	News    int `json:"news"`
}

// openRaw opens seat j's stream from the client address addr, reads the answer's head and, if it
// is 200, its first event; the connection is left open, its reader dropped (see drain).
func openRaw(url string, j joined, addr string) (*rawStream, error) {
	return openStream(url, j, addr, false)
}

// openStream is openRaw, keeping the stream's reader if keep (see follow).
func openStream(url string, j joined, addr string, keep bool) (*rawStream, error) {
	c, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		return nil, err
	}
	_, err = fmt.Fprintf(c, "GET /api/games/%s/seats/%d/stream?log=0 HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer %s\r\n%s: %s\r\n\r\n",
		j.Game, j.Seat, j.Token, clientHeader, addr)
	if err != nil {
		c.Close()
		return nil, err
	}
	resp, err := http.ReadResponse(bufio.NewReaderSize(c, 1024), nil)
	if err != nil {
		c.Close()
		return nil, err
	}
	rs := &rawStream{conn: c, status: resp.StatusCode, header: resp.Header}
	if resp.StatusCode != http.StatusOK {
		b := make([]byte, 512)
		n, _ := resp.Body.Read(b)
		rs.body = string(b[:n])
		c.Close()
		return rs, nil
	}
	rs.reader = bufio.NewReaderSize(resp.Body, 1024)
	if _, err := rs.next(); err != nil {
		c.Close()
		return nil, err
	}
	if !keep {
		rs.reader = nil // the client keeps no buffer while the stream waits
	}
	return rs, nil
}

// follow reads the events of a stream opened with its reader kept (see openStream) from now on,
// until it ends, and returns the channel that is closed when it has.
func (rs *rawStream) follow() <-chan struct{} {
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		io.Copy(io.Discard, rs.reader) // the answer's body ends: the connection may stay open
	}()
	return ended
}

// drain reads and drops whatever the stream sends from now on, until its connection closes.
func (rs *rawStream) drain() { go io.Copy(io.Discard, rs.conn) }

// next reads the stream's next event or beat, and returns its event's name ("" for a beat); it
// notes in first what a state says.
func (rs *rawStream) next() (string, error) {
	event := ""
	for {
		line, err := rs.reader.ReadString('\n')
		if err != nil {
			return event, err
		}
		switch {
		case line == "\n":
			return event, nil
		case strings.HasPrefix(line, "event: "):
			event = strings.TrimSpace(line[len("event: "):])
		case strings.HasPrefix(line, "data: "):
			if err := json.Unmarshal([]byte(line[len("data: "):]), &rs.first); err != nil {
				return event, err
			}
		}
	}
}

// goroutines returns the number of goroutines now.
func goroutines() int { return runtime.NumGoroutine() }

// TestMoveNotBehindStreams: a game of four people that 2,000 streams follow, from as many
// addresses, answers its people at once: of 20 moves, each with the people's states read before
// it, the median within 100 ms, however many streams wait for the change. With the server's bounds,
// a seat's fifth stream is refused; with the bounds lifted, all 2,000 follow the game, and the
// streams of a seat share the state of each change, built once and marshalled outside the table's
// lock. (Before, each stream built its seat's state under the table's lock at every change, and
// the people's requests waited behind them: the median took 120-300 ms, the slowest up to 600.)
func TestMoveNotBehindStreams(t *testing.T) {
	t.Run("bounded", func(t *testing.T) { testMoveNotBehindStreams(t, false) })
	t.Run("unbounded", func(t *testing.T) { testMoveNotBehindStreams(t, true) })
}

// testMoveNotBehindStreams is TestMoveNotBehindStreams, with the bounds of watches lifted if
// unbounded.
func testMoveNotBehindStreams(t *testing.T, unbounded bool) {
	const streams = 2000
	ts := asClients(t, serve(t, t.TempDir()))
	if unbounded {
		ts.watches = newWatchLimit(streams, streams, streams)
	}
	seats := []joined{ts.newGame(t, viceroy.Config{Players: 4}, person, person, person, person)}
	for p := 1; p < 4; p++ {
		seats = append(seats, ts.takeSeat(t, seats[0].Game, p))
	}
	pick := randomPick(5)
	move := func() time.Duration { // the people read their states, and one who owes a move makes it
		begun := time.Now()
		for _, j := range seats {
			var st state
			ts.must(t, "GET", statePath(j, 1<<30, -1), j.Token, nil, &st)
			if len(st.Moves) > 0 {
				ts.must(t, "POST", movePath(j, 1<<30), j.Token, moveAt(st.Version, pick(st)), nil)
				return time.Since(begun)
			}
		}
		t.Fatal("no seat owes a move")
		return 0
	}
	for range 100 { // a log of some length, which each state tells from the start
		move()
	}
	var open []*rawStream
	t.Cleanup(func() { closeStreams(open) })
	for i := range streams {
		rs, err := openRaw(ts.url, seats[i%len(seats)], clientAddr(i))
		if err != nil {
			t.Fatal(err)
		}
		if rs.status == http.StatusOK {
			open = append(open, rs) // unread: the states sent fit in the connections' buffers
		}
	}
	took := make([]time.Duration, 20)
	for i := range took {
		took[i] = move()
	}
	slices.Sort(took)
	t.Logf("%d streams open; of 20 moves, each with the states read before it, the median took %v, the slowest %v", len(open), took[10], took[19])
	if took[10] > 100*time.Millisecond {
		t.Errorf("the median of 20 moves took %v, want 100 ms at most", took[10])
	}
}

// TestStreamMemoryReturns: 500 streams from 50 addresses, each on a game of its own, first on
// games held, then on games that had left memory, which the streams load again. Once the streams
// have closed, the live heap, the heap and stacks in use and the goroutines come back near what
// they were before the streams opened: at once for the games held; for the games the streams loaded, at the next
// sweep, as a game watched only since it was loaded leaves once nobody watches it. While open,
// each stream holds at most 40 KB (about 31: net/http's buffers and the request's, the goroutines'
// stacks, the test's side of the connection included). (Before, the games the streams loaded
// stayed for -idle, 30 minutes by default, 26 KB each, their bots' goroutines included.)
func TestStreamMemoryReturns(t *testing.T) {
	const games = 500
	ts := asClients(t, serve(t, t.TempDir()))
	joins := createGames(t, ts, games, 50, 4)
	for _, j := range joins {
		ts.onlyOwing(t, j) // the bots have made their first moves, and wait for the person
	}
	check := func(what string, load bool) (each int64) {
		t.Helper()
		before := measure()
		open := openStreams(t, ts, joins, 50, 4)
		with := measure()
		closeStreams(open)
		if load {
			// The server learns that the streams closed, and the sweep lets their games go.
			for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
				if ts.evict(time.Now()); ts.count() == 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%s: %d games held 5 s after the streams that loaded them closed, want none", what, ts.count())
				}
			}
		}
		if !settle(before.goroutines+5, 10*time.Second) {
			t.Errorf("%s: %d goroutines 10 s after the streams closed, %d before they opened", what, goroutines(), before.goroutines)
		}
		after := measure()
		t.Logf("%s: before %v; with %d streams %v, each %s; after %v", what, before, games, with, perEach(before, with, games), after)
		// What stays is the runtime's: the goroutines' descriptors and stacks, kept for reuse.
		if grew := int64(after.live) - int64(before.live); grew > 3<<19 {
			t.Errorf("%s: the live heap grew by %.1f MB after the streams closed, want 1.5 MB at most", what, float64(grew)/(1<<20))
		}
		if grew := int64(after.heap+after.stacks) - int64(before.heap+before.stacks); grew > 4<<20 {
			t.Errorf("%s: the heap and stacks in use grew by %.1f MB after the streams closed, want 4 MB at most", what, float64(grew)/(1<<20))
		}
		return (int64(with.heap+with.stacks) - int64(before.heap+before.stacks)) / games
	}
	// A stream's goroutines take about twice the stack under the race detector (19.8 KB a stream
	// against 10.0 KB), so the bound is higher there.
	bound := int64(40 << 10)
	if raceDetector {
		bound = 50 << 10
	}
	if each := check("streams on games held", false); each > bound {
		t.Errorf("each stream held %.1f KB of heap and stacks, want %d KB at most", float64(each)/1024, bound>>10)
	}
	ts.evict(time.Now().Add(ts.idle[0] + time.Second))
	if n := ts.count(); n != 0 {
		t.Fatalf("%d games held after they were left for the idle time, want none", n)
	}
	check("streams that load their games", true)
}

// refused checks that an answer refused a stream or a long poll as a bound says: status, the code
// "too-many-streams", and a Retry-After of whole seconds.
func refused(t *testing.T, what string, status int, header http.Header, body string, want int) {
	t.Helper()
	retry, err := strconv.Atoi(header.Get("Retry-After"))
	if status != want || !strings.Contains(body, `"too-many-streams"`) || err != nil || retry < 1 {
		t.Errorf("%s: %d %.200q, Retry-After %q; want %d too-many-streams, Retry-After in seconds", what, status, body, header.Get("Retry-After"), want)
	}
}

// TestStreamsAreBounded: streams and long polls are bounded for each seat, each client address,
// and in all; beyond, they are refused 429 (the seat's or the address's bound) or 503 (the
// server's), with Retry-After; one closed makes room for another.
func TestStreamsAreBounded(t *testing.T) {
	ts := asClients(t, serve(t, t.TempDir()))
	ts.watches = newWatchLimit(3, 2, 5) // 3 an address, 2 a seat, 5 in all
	var games []joined
	for range 4 {
		games = append(games, ts.newGame(t, viceroy.Config{Players: 2}, person, "random"))
	}
	var open []*rawStream
	t.Cleanup(func() { closeStreams(open) })
	stream := func(j joined, addr string, want int) *rawStream {
		t.Helper()
		rs, err := openRaw(ts.url, j, addr)
		if err != nil {
			t.Fatal(err)
		}
		if want == http.StatusOK && rs.status != http.StatusOK {
			t.Fatalf("stream of game %s from %s: %d %s, want 200", j.Game, addr, rs.status, rs.body)
		}
		if want != http.StatusOK {
			refused(t, fmt.Sprintf("stream of game %s from %s", j.Game, addr), rs.status, rs.header, rs.body, want)
		}
		if rs.status == http.StatusOK {
			open = append(open, rs)
		}
		return rs
	}
	a, b, c := clientAddr(1), clientAddr(2), clientAddr(3)
	first := stream(games[0], a, http.StatusOK)
	stream(games[0], a, http.StatusOK)
	stream(games[0], b, http.StatusTooManyRequests) // the seat's third
	stream(games[1], a, http.StatusOK)
	stream(games[2], a, http.StatusTooManyRequests) // the address's fourth
	var st2 state
	ts.must(t, "GET", statePath(games[2], 0, -1), games[2].Token, nil, &st2)
	req, _ := http.NewRequest("GET", ts.url+statePath(games[2], 0, st2.Version), nil)
	req.Header.Set("Authorization", "Bearer "+games[2].Token)
	req.Header.Set(clientHeader, a)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	refused(t, "the address's fourth, a long poll", resp.StatusCode, resp.Header, string(body), http.StatusTooManyRequests)
	stream(games[2], b, http.StatusOK)
	stream(games[3], b, http.StatusOK)
	stream(games[3], c, http.StatusServiceUnavailable) // the sixth in all
	first.conn.Close()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		rs, err := openRaw(ts.url, games[3], c)
		if err != nil {
			t.Fatal(err)
		}
		if rs.status == http.StatusOK {
			open = append(open, rs)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a stream closed made no room for another within 5 s: %d %s", rs.status, rs.body)
		}
	}
}

// TestStreamsDoNotPinMemory: a server that holds its most games, each followed by a stream from an
// address of its own and none asked for by a request meanwhile, still creates a game for a new
// address: the game least recently asked for leaves memory, and its stream ends. Its page opens the
// stream again, and finds the game where it was, loaded from the store, its news counted on.
// (Before, a game in use never left memory, and every new game was refused for as long as the
// streams stayed open.)
func TestStreamsDoNotPinMemory(t *testing.T) {
	const most = 3
	ts := asClients(t, serve(t, t.TempDir()))
	ts.maxGames = most
	ts.minHeld = 0
	var games []joined
	var streams []*rawStream
	t.Cleanup(func() { closeStreams(streams) })
	for i := range most {
		var j joined
		if status, b, err := callAs(ts.url, clientAddr(i), "POST", "/api/games", "", newGame{Players: 2, Seats: []string{person, "random"}}, &j); err != nil || status != http.StatusOK {
			t.Fatalf("game %d: %d %s %v", i, status, b, err)
		}
		time.Sleep(10 * time.Millisecond) // the games are asked for in turn
		games = append(games, j)
	}
	for i, j := range games {
		rs, err := openStream(ts.url, j, clientAddr(i), true)
		if err != nil || rs.status != http.StatusOK {
			t.Fatalf("stream %d: %v %+v", i, err, rs)
		}
		streams = append(streams, rs)
	}
	ended := streams[0].follow()
	var j joined
	status, b, err := callAs(ts.url, clientAddr(most), "POST", "/api/games", "", newGame{Players: 2, Seats: []string{person, "random"}}, &j)
	if err != nil || status != http.StatusOK {
		t.Fatalf("a new game on a server whose games are held only by streams: %d %s %v, want 200", status, b, err)
	}
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Fatal("the stream of the game least recently asked for did not end")
	}
	if ts.holds(games[0].Game) || !ts.holds(j.Game) || ts.count() != most {
		t.Fatalf("the server holds %d games, the new one %v, the first %v; want %d, the new one and not the first",
			ts.count(), ts.holds(j.Game), ts.holds(games[0].Game), most)
	}
	again, err := openRaw(ts.url, games[0], clientAddr(0))
	if err != nil || again.status != http.StatusOK {
		t.Fatalf("the page's stream opened again: %v %+v", err, again)
	}
	streams = append(streams, again)
	if again.first.Version != streams[0].first.Version || again.first.News < streams[0].first.News {
		t.Errorf("the game loaded again sent version %d, news %d; before it left, version %d, news %d",
			again.first.Version, again.first.News, streams[0].first.Version, streams[0].first.News)
	}
}

// TestCreationFloodLocksNoOneOut: one address fills the server with games; another address's new
// game is still created at once, and so is the flooder's next: a server full of one address's
// games lets go of that address's own, least recently asked for first, once it holds more than
// its share. (Before, every new game was refused until the flood's games had been idle for -idle,
// 30 minutes by default.)
func TestCreationFloodLocksNoOneOut(t *testing.T) {
	const most = 8
	ts := asClients(t, serve(t, t.TempDir()))
	ts.maxGames = most
	ts.heldPerAddr = 2
	create := func(addr string) (joined, int, string) {
		var j joined
		status, b, err := callAs(ts.url, addr, "POST", "/api/games", "", newGame{Players: 2, Seats: []string{person, "random"}}, &j)
		if err != nil {
			t.Fatal(err)
		}
		return j, status, string(b)
	}
	flooder, other := clientAddr(1), clientAddr(2)
	for i := range most {
		if _, status, b := create(flooder); status != http.StatusOK {
			t.Fatalf("the flood's game %d: %d %s", i, status, b)
		}
	}
	j, status, b := create(other)
	if status != http.StatusOK {
		t.Fatalf("another address's game, on a server full of one address's games: %d %s, want 200", status, b)
	}
	if _, status, b := create(flooder); status != http.StatusOK {
		t.Fatalf("the flooder's next game: %d %s, want 200: it lets go of one of its own", status, b)
	}
	if !ts.holds(j.Game) || ts.count() != most {
		t.Errorf("the server holds %d games, the other address's %v; want %d, and it", ts.count(), ts.holds(j.Game), most)
	}
}

// TestFullServerSaysWhenToRetry: a server whose games were all asked for just now, from addresses
// within their share, refuses a new game 503 and says when to try again.
func TestFullServerSaysWhenToRetry(t *testing.T) {
	ts := asClients(t, serve(t, t.TempDir()))
	ts.maxGames = 2
	ts.heldPerAddr = 2
	body := newGame{Players: 2, Seats: []string{person, "random"}}
	for i := range 2 {
		if status, b, err := callAs(ts.url, clientAddr(i), "POST", "/api/games", "", body, nil); err != nil || status != http.StatusOK {
			t.Fatalf("game %d: %d %s %v", i, status, b, err)
		}
	}
	req, _ := http.NewRequest("POST", ts.url+"/api/games", strings.NewReader(`{"players":2,"seats":["person","random"]}`))
	req.Header.Set(clientHeader, clientAddr(3))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	retry, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(b), `"too-many-games"`) || err != nil || retry < 1 {
		t.Errorf("a new game on a full server: %d %s, Retry-After %q; want 503 too-many-games, Retry-After in seconds",
			resp.StatusCode, b, resp.Header.Get("Retry-After"))
	}
}

// TestLongPollDoesNotPinMemory: a game held only by a long poll leaves memory to make room for a
// new game of another address, and the long poll answers at once with the state as it is.
func TestLongPollDoesNotPinMemory(t *testing.T) {
	ts := asClients(t, serve(t, t.TempDir()))
	ts.maxGames = 1
	ts.minHeld = 0
	body := newGame{Players: 2, Seats: []string{person, person}} // no bot moves: the poll waits
	var j joined
	if status, b, err := callAs(ts.url, clientAddr(1), "POST", "/api/games", "", body, &j); err != nil || status != http.StatusOK {
		t.Fatalf("the first game: %d %s %v", status, b, err)
	}
	var st state
	ts.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &st)
	type answer struct {
		status int
		took   time.Duration
		err    error
	}
	polled := make(chan answer, 1)
	go func() {
		begun := time.Now()
		status, _, err := callAs(ts.url, clientAddr(1), "GET", statePath(j, 0, st.Version), j.Token, nil, nil)
		polled <- answer{status, time.Since(begun), err}
	}()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) { // the poll waits
		ts.mu.Lock()
		hd := ts.holdings[ts.tables[j.Game]]
		watched := hd != nil && hd.watches > 0
		ts.mu.Unlock()
		if watched {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the long poll did not begin to wait")
		}
	}
	if status, b, err := callAs(ts.url, clientAddr(2), "POST", "/api/games", "", body, nil); err != nil || status != http.StatusOK {
		t.Fatalf("a new game on a server whose one game is held by a long poll: %d %s %v, want 200", status, b, err)
	}
	select {
	case a := <-polled:
		if a.err != nil || a.status != http.StatusOK {
			t.Errorf("the long poll of the game let go: %d %v, want 200", a.status, a.err)
		}
	case <-time.After(ts.wait / 2):
		t.Errorf("the long poll of the game let go did not answer within %v", ts.wait/2)
	}
}

// TestStreamOverHTTP2: over HTTP/2, where many requests share a connection, a stream's first
// state comes at once, a move reaches it, and once its client goes, it is no longer counted.
func TestStreamOverHTTP2(t *testing.T) {
	ts := serve(t, t.TempDir())
	hs := httptest.NewUnstartedServer(ts.handler())
	hs.EnableHTTP2 = true
	hs.StartTLS()
	t.Cleanup(func() {
		ts.stop()
		hs.Close()
	})
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "random")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/games/%s/seats/%d/stream?log=0", hs.URL, j.Game, j.Seat), nil)
	req.Header.Set("Authorization", "Bearer "+j.Token)
	resp, err := hs.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.ProtoMajor != 2 || resp.StatusCode != http.StatusOK {
		t.Fatalf("the stream: %s %s, want HTTP/2 200", resp.Proto, resp.Status)
	}
	rs := &rawStream{reader: bufio.NewReader(resp.Body)}
	if _, err := rs.next(); err != nil {
		t.Fatal(err)
	}
	var st state
	ts.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &st)
	ts.must(t, "POST", movePath(j, 0), j.Token, moveAt(st.Version, st.Moves[0].Move), nil)
	for rs.first.Version <= st.Version {
		if _, err := rs.next(); err != nil {
			t.Fatalf("the stream ended before the move reached it: %v", err)
		}
	}
	cancel()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		ts.watches.mu.Lock()
		n := ts.watches.all
		ts.watches.mu.Unlock()
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d watches counted 5 s after the stream's client went", n)
		}
	}
}
