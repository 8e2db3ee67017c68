package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/laar/viceroy"
)

// client talks to a test server, holding the tokens of the seats it has taken and the game's
// version in the last view or move answered, which its moves name.
type client struct {
	t      *testing.T
	url    string
	tokens map[int]string
	seen   *int
}

// start serves a game of cfg and takes every seat.
func start(t *testing.T, cfg viceroy.Config) client {
	t.Helper()
	c := startEmpty(t, cfg)
	for p := range cfg.Players {
		c.seat(p)
	}
	return c
}

// startEmpty serves a game of cfg; no seat is taken.
func startEmpty(t *testing.T, cfg viceroy.Config) client {
	t.Helper()
	h, err := newServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return client{t, ts.URL, map[int]string{}, new(int)}
}

// seat takes player p's seat and keeps its token.
func (c client) seat(p int) {
	c.t.Helper()
	status, body := c.do("POST", fmt.Sprintf("/seat?player=%d", p), "")
	var got struct {
		Player int    `json:"player"`
		Token  string `json:"token"`
	}
	if err := json.Unmarshal(body, &got); status != http.StatusOK || err != nil || got.Player != p || len(got.Token) < 32 {
		c.t.Fatalf("POST /seat?player=%d: %d %s (%v)", p, status, body, err)
	}
	c.tokens[p] = got.Token
}

// do sends a request with the token of the seat its player parameter names, if the client holds
// it, and returns the status and body; it stops the test on a transport error.
func (c client) do(method, path, body string) (int, []byte) {
	c.t.Helper()
	status, b, err := c.try(method, path, body, c.tokenFor(path))
	if err != nil {
		c.t.Fatal(err)
	}
	return status, b
}

// tokenFor returns the token of the seat named by path's player parameter, or "".
func (c client) tokenFor(path string) string {
	u, err := url.Parse(path)
	if err != nil {
		return ""
	}
	p, err := strconv.Atoi(u.Query().Get("player"))
	if err != nil {
		return ""
	}
	return c.tokens[p]
}

// try sends a request, with the token if it is not ""; it is safe to call from any goroutine once
// the seats are taken.
func (c client) try(method, path, body, token string) (int, []byte, error) {
	req, err := http.NewRequest(method, c.url+path, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// view gets player p's view, as raw JSON and decoded, and notes the game's version.
func (c client) view(p int) ([]byte, viceroy.View) {
	c.t.Helper()
	status, body := c.do("GET", fmt.Sprintf("/view?player=%d", p), "")
	if status != http.StatusOK {
		c.t.Fatalf("GET /view?player=%d: %d %s", p, status, body)
	}
	return c.answer(body)
}

// answer reads the answer of a view or a move, {"version":V,"view":{...}}: it notes the version
// and returns the view, as raw JSON and decoded.
func (c client) answer(body []byte) ([]byte, viceroy.View) {
	c.t.Helper()
	var a struct {
		Version *int            `json:"version"`
		View    json.RawMessage `json:"view"`
	}
	var v viceroy.View
	if err := json.Unmarshal(body, &a); err != nil || a.Version == nil {
		c.t.Fatalf("not a version and a view (%v): %s", err, body)
	}
	if err := json.Unmarshal(a.View, &v); err != nil {
		c.t.Fatalf("the view: %v\n%s", err, body)
	}
	*c.seen = *a.Version
	return a.View, v
}

// moveBody is the body of move m chosen in version version of the game.
func moveBody(version int, m viceroy.Move) string {
	b, err := json.Marshal(map[string]any{"version": version, "move": m})
	if err != nil {
		panic(err) // a Move always marshals
	}
	return string(b)
}

// move sends player p's move m, chosen in the version the client saw last; an answer 200 gives
// the version to send next.
func (c client) move(p int, m viceroy.Move) (int, []byte) {
	c.t.Helper()
	status, body := c.do("POST", fmt.Sprintf("/move?player=%d", p), moveBody(*c.seen, m))
	if status == http.StatusOK {
		c.answer(body)
	}
	return status, body
}

// playOut makes the first legal move of the first player to move until the game is over, and
// returns how many moves it made. It asks for a view only when the answer to a move is not the
// view of the next player to move.
func (c client) playOut() int {
	c.t.Helper()
	_, v := c.view(0)
	moves := 0
	for !v.Over {
		if !slices.Contains(v.ToMove, v.Player) {
			if len(v.ToMove) == 0 {
				c.t.Fatal("the game is not over, but nobody is to move")
			}
			_, v = c.view(int(v.ToMove[0]))
		}
		if len(v.Legal) == 0 {
			c.t.Fatalf("player %d is to move but has no legal move", v.Player)
		}
		status, body := c.move(int(v.Player), v.Legal[0])
		if status != http.StatusOK {
			c.t.Fatalf("player %d, %v: %d %s", v.Player, v.Legal[0], status, body)
		}
		_, v = c.answer(body)
		moves++
	}
	return moves
}

// record gets the record of a game that is over.
func (c client) record() viceroy.Record {
	c.t.Helper()
	status, body := c.do("GET", "/record", "")
	if status != http.StatusOK {
		c.t.Fatalf("GET /record: %d %s", status, body)
	}
	var rec viceroy.Record
	if err := json.Unmarshal(body, &rec); err != nil {
		c.t.Fatalf("the record: %v\n%s", err, body)
	}
	return rec
}

// recordHidden checks that GET /record of a game not yet over is 409 with an explanation, and
// gives away nothing of the record: nothing but an error's JSON, no move, and not the seed (looked for in decimal and
// hex when it is long enough not to turn up by chance).
func (c client) recordHidden(seed uint64) {
	c.t.Helper()
	status, body := c.do("GET", "/record", "")
	if status != http.StatusConflict {
		c.t.Fatalf("GET /record mid-game: %d %s, want 409", status, body)
	}
	if !strings.Contains(string(body), "over") {
		c.t.Errorf("GET /record mid-game: 409 body %q does not say why", body)
	}
	checkErrorJSON(c.t, "GET /record mid-game", body)
	leaks := []string{`"config"`, `"version"`, `"seed"`, `"moves"`, `"kind"`}
	if seed >= 1<<20 {
		leaks = append(leaks, fmt.Sprint(seed), fmt.Sprintf("%x", seed))
	}
	for _, leak := range leaks {
		if strings.Contains(string(body), leak) {
			c.t.Errorf("GET /record mid-game: 409 body %q gives away %q", body, leak)
		}
	}
}

// cardsSeen lists every card a view shows, except the card being played: that one was revealed
// to everyone, though it is still in its player's hand until it is placed.
func cardsSeen(v viceroy.View) []viceroy.CardID {
	seen := slices.Concat(v.Hand, v.Dealt, v.LawsKnown)
	for _, m := range slices.Concat(v.Legal, v.Chosen) {
		seen = append(seen, m.Card)
	}
	for _, slots := range v.Auction {
		seen = append(seen, slots[:]...)
	}
	for _, pv := range v.Players {
		seen = append(seen, pv.Tableau.Pyramid.Cards()...)
		seen = append(seen, pv.Tableau.Tucked()...)
	}
	return slices.DeleteFunc(seen, func(c viceroy.CardID) bool { return c == 0 })
}

// checkHidden fails if a view shows a card from another player's hand, or the colours of another
// player's screen.
func checkHidden(t *testing.T, views []viceroy.View) {
	t.Helper()
	for p, v := range views {
		seen := cardsSeen(v)
		for q, w := range views {
			if q == p {
				continue
			}
			for _, c := range w.Hand {
				if slices.Contains(seen, c) && c != v.Playing {
					t.Fatalf("turn %d: player %d's view shows %v from player %d's hand", v.Turn, p, c, q)
				}
			}
		}
		if len(v.Hand) != v.Players[p].HandSize {
			t.Fatalf("player %d: hand of %d, hand size %d", p, len(v.Hand), v.Players[p].HandSize)
		}
	}
}

// TestWholeGame plays a game through HTTP with random legal moves taken from the players' views,
// checks every view for hidden information and that the record is refused until the end, then
// replays the record.
func TestWholeGame(t *testing.T) {
	for _, cfg := range []viceroy.Config{
		{Players: 3, Seed: 11},
		{Players: 2, Virtual: 1, Edition: viceroy.FirstEdition, Seed: 5},
	} {
		t.Run(fmt.Sprintf("%d+%d players", cfg.Players, cfg.Virtual), func(t *testing.T) {
			c := start(t, cfg)
			rng := rand.New(rand.NewPCG(cfg.Seed, 99))
			var raw [][]byte
			var views []viceroy.View
			moves := 0
			for {
				raw, views = raw[:0], views[:0]
				for p := range cfg.Players {
					b, v := c.view(p)
					raw, views = append(raw, b), append(views, v)
				}
				checkHidden(t, views)
				if views[0].Over {
					break
				}
				if len(views[0].ToMove) == 0 {
					t.Fatal("the game is not over, but nobody is to move")
				}
				c.recordHidden(cfg.Seed)
				p := int(views[0].ToMove[rng.IntN(len(views[0].ToMove))])
				legal := views[p].Legal
				if len(legal) == 0 {
					t.Fatalf("player %d is to move but has no legal move", p)
				}
				m := legal[rng.IntN(len(legal))]
				if status, body := c.move(p, m); status != http.StatusOK {
					t.Fatalf("move %d, player %d, %v: %d %s", moves, p, m, status, body)
				}
				moves++
			}
			if len(views[0].Scores) != cfg.Players {
				t.Errorf("final view has %d score sheets, want %d", len(views[0].Scores), cfg.Players)
			}

			// After the game, every move is refused.
			if status, _ := c.move(0, viceroy.Move{Kind: viceroy.Pass}); status != http.StatusConflict {
				t.Errorf("a move after the end: %d, want 409", status)
			}

			// Now the record is given out, and replays to the same game: every player's view is
			// the server's.
			rec := c.record()
			if len(rec.Moves) != moves || rec.Config != cfg {
				t.Fatalf("record of %d moves with %+v; want %d moves with %+v", len(rec.Moves), rec.Config, moves, cfg)
			}
			g, err := viceroy.Replay(rec)
			if err != nil {
				t.Fatal(err)
			}
			if !g.Over() {
				t.Fatal("the replayed game is not over")
			}
			for p := range cfg.Players {
				mine, err := json.Marshal(g.View(viceroy.Player(p)))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(bytes.TrimSpace(raw[p]), mine) {
					t.Errorf("player %d: the replayed view differs from the server's\nserver: %s\nreplay: %s", p, raw[p], mine)
				}
			}
		})
	}
}

func TestErrors(t *testing.T) {
	cfg := viceroy.Config{Players: 2, Seed: 1}
	c := start(t, cfg)
	_, v := c.view(0)
	good, err := json.Marshal(v.Legal[0])
	if err != nil {
		t.Fatal(err)
	}
	// at0 is a move's body in version 0, the game's now.
	at0 := func(move string) string { return `{"version":0,"move":` + move + `}` }
	for _, tc := range []struct {
		name, method, path, body string
		want                     int
	}{
		{"view of player 2 of 2", "GET", "/view?player=2", "", http.StatusNotFound},
		{"view of player -1", "GET", "/view?player=-1", "", http.StatusNotFound},
		{"view without player", "GET", "/view", "", http.StatusBadRequest},
		{"view of player x", "GET", "/view?player=x", "", http.StatusBadRequest},
		{"move of player 5", "POST", "/move?player=5", at0(string(good)), http.StatusNotFound},
		{"not JSON", "POST", "/move?player=0", "{", http.StatusBadRequest},
		{"empty body", "POST", "/move?player=0", "", http.StatusBadRequest},
		{"unknown kind", "POST", "/move?player=0", at0(`{"kind":"fly"}`), http.StatusBadRequest},
		{"field the kind does not use", "POST", "/move?player=0", at0(`{"kind":"pass","card":3}`), http.StatusBadRequest},
		{"two moves", "POST", "/move?player=0", at0(`{"kind":"pass"}`) + " " + at0(`{"kind":"pass"}`), http.StatusBadRequest},
		{"a move and a stray ]", "POST", "/move?player=0", at0(string(good)) + `]`, http.StatusBadRequest},
		{"a move and a stray }", "POST", "/move?player=0", at0(string(good)) + ` }`, http.StatusBadRequest},
		{"huge body", "POST", "/move?player=0", at0(`{"kind":"pass","x":"` + strings.Repeat("a", 1<<13) + `"}`), http.StatusBadRequest},
		{"a move without its version", "POST", "/move?player=0", string(good), http.StatusBadRequest},
		{"no version", "POST", "/move?player=0", `{"move":` + string(good) + `}`, http.StatusBadRequest},
		{"a version that is no number", "POST", "/move?player=0", `{"version":"0","move":` + string(good) + `}`, http.StatusBadRequest},
		{"no move", "POST", "/move?player=0", `{"version":0}`, http.StatusBadRequest},
		{"a null move", "POST", "/move?player=0", `{"version":0,"move":null}`, http.StatusBadRequest},
		{"a field no request has", "POST", "/move?player=0", `{"version":0,"player":1,"move":` + string(good) + `}`, http.StatusBadRequest},
		{"a version to come", "POST", "/move?player=0", `{"version":1,"move":` + string(good) + `}`, http.StatusConflict},
		{"a version that never was", "POST", "/move?player=0", `{"version":-1,"move":` + string(good) + `}`, http.StatusConflict},
		{"illegal move", "POST", "/move?player=0", at0(`{"kind":"bid","color":"red"}`), http.StatusConflict},
		{"card not dealt", "POST", "/move?player=0", at0(`{"kind":"keep-in-pyramid","card":88}`), http.StatusConflict},
		{"GET a move", "GET", "/move?player=0", "", http.StatusMethodNotAllowed},
		{"POST the record", "POST", "/record", "", http.StatusMethodNotAllowed},
		{"no such endpoint", "GET", "/game", "", http.StatusNotFound},
		{"seat taken", "POST", "/seat?player=1", "", http.StatusConflict},
		{"seat of player 2 of 2", "POST", "/seat?player=2", "", http.StatusNotFound},
	} {
		status, body := c.do(tc.method, tc.path, tc.body)
		if status != tc.want {
			t.Errorf("%s: %d %s, want %d", tc.name, status, body, tc.want)
		}
		checkErrorJSON(t, tc.name, body)
	}

	// Player 0 makes the starting choices; until player 1 has made theirs, a move of player 0 is
	// not theirs to make: 409, and the game is unchanged.
	moves := 0
	for {
		_, v := c.view(0)
		if !slices.Contains(v.ToMove, 0) {
			break
		}
		if status, body := c.move(0, v.Legal[0]); status != http.StatusOK {
			t.Fatalf("a legal move: %d %s", status, body)
		}
		moves++
	}
	_, before := c.view(1)
	status, body := c.move(0, viceroy.Move{Kind: viceroy.KeepInPyramid, Card: before.Dealt[0]})
	if status != http.StatusConflict {
		t.Errorf("player 0 moves out of turn: %d %s, want 409", status, body)
	}
	if !strings.Contains(string(body), "viceroy:") || !strings.Contains(string(body), `"code":"not-your-turn"`) {
		t.Errorf("409 body %q does not carry the game's error and its code", body)
	}
	if _, after := c.view(1); !slices.Equal(after.ToMove, before.ToMove) {
		t.Errorf("a refused move changed who is to move: %v, then %v", before.ToMove, after.ToMove)
	}
	c.recordHidden(cfg.Seed)

	// Once the game is over, the record holds the good moves and none of the refused ones, and
	// replays to the server's game.
	moves += c.playOut()
	rec := c.record()
	if len(rec.Moves) != moves || rec.Config != cfg {
		t.Fatalf("record of %d moves with %+v; want %d moves with %+v", len(rec.Moves), rec.Config, moves, cfg)
	}
	g, err := viceroy.Replay(rec)
	if err != nil {
		t.Fatalf("the record after good moves and refused ones does not replay: %v", err)
	}
	mine, _ := json.Marshal(g.View(1))
	if theirs, _ := c.view(1); !bytes.Equal(mine, bytes.TrimSpace(theirs)) {
		t.Error("the replayed game differs from the server's")
	}
}

// TestRecordHidden checks that mid-game the record, which holds the seed and every hidden choice, is
// refused, and that the refusal gives none of it away. TestWholeGame checks that it is refused up
// to the last move and given out once the game is over.
func TestRecordHidden(t *testing.T) {
	cfg := viceroy.Config{Players: 3, Seed: 8675309123}
	c := start(t, cfg)
	c.recordHidden(cfg.Seed)

	// Player 0 makes its hidden starting choices; the others have not yet made theirs.
	for {
		_, v := c.view(0)
		if !slices.Contains(v.ToMove, 0) {
			if len(v.Chosen) == 0 {
				t.Fatal("player 0 has made no hidden choice")
			}
			break
		}
		if status, body := c.move(0, v.Legal[0]); status != http.StatusOK {
			t.Fatalf("a legal move: %d %s", status, body)
		}
	}
	c.recordHidden(cfg.Seed)
	if status, body := c.do("HEAD", "/record", ""); status != http.StatusConflict || len(body) != 0 {
		t.Errorf("HEAD /record mid-game: %d %q, want 409 and no body", status, body)
	}
}

// TestConcurrentClients has every player fetch views and ask for the record while moves are posted,
// then plays the game to its end and replays the record; run with -race.
func TestConcurrentClients(t *testing.T) {
	cfg := viceroy.Config{Players: 4, Seed: 3}
	c := start(t, cfg)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for p := range cfg.Players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				status, _, err := c.try("GET", fmt.Sprintf("/view?player=%d", p), "", c.tokens[p])
				if err != nil || status != http.StatusOK {
					t.Errorf("GET /view?player=%d: %d %v", p, status, err)
					return
				}
				// The game is not over within the rounds below: the record is refused.
				if status, _, err := c.try("GET", "/record", "", ""); err != nil || status != http.StatusConflict {
					t.Errorf("GET /record mid-game: %d %v, want 409", status, err)
					return
				}
			}
		}()
	}
	// Every player posts its first legal move at the same time, a few rounds over.
	for range 20 {
		var posting sync.WaitGroup
		for p := range cfg.Players {
			posting.Add(1)
			go func() {
				defer posting.Done()
				status, body, err := c.try("GET", fmt.Sprintf("/view?player=%d", p), "", c.tokens[p])
				var a struct {
					Version int          `json:"version"`
					View    viceroy.View `json:"view"`
				}
				if err != nil || status != http.StatusOK || json.Unmarshal(body, &a) != nil {
					t.Errorf("GET /view?player=%d: %d %v", p, status, err)
					return
				}
				v := a.View
				if len(v.Legal) == 0 {
					return
				}
				// Another player's move may get in between: 409 is a fair answer then.
				status, body, err = c.try("POST", fmt.Sprintf("/move?player=%d", p), moveBody(a.Version, v.Legal[0]), c.tokens[p])
				if err != nil || status != http.StatusOK && status != http.StatusConflict {
					t.Errorf("player %d: %d %s %v", p, status, body, err)
				}
			}()
		}
		posting.Wait()
	}
	close(stop)
	wg.Wait()

	// Once the game is over, every client that asks at the same time gets the same record.
	c.playOut()
	bodies := make([][]byte, cfg.Players)
	for p := range cfg.Players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, body, err := c.try("GET", "/record", "", "")
			if err != nil || status != http.StatusOK {
				t.Errorf("GET /record after the end: %d %s %v", status, body, err)
			}
			bodies[p] = body
		}()
	}
	wg.Wait()
	for p := range bodies {
		if !bytes.Equal(bodies[p], bodies[0]) {
			t.Fatalf("two clients got different records:\n%s\n%s", bodies[0], bodies[p])
		}
	}
	var rec viceroy.Record
	if err := json.Unmarshal(bodies[0], &rec); err != nil {
		t.Fatalf("the record: %v\n%s", err, bodies[0])
	}
	g, err := viceroy.Replay(rec)
	if err != nil {
		t.Fatalf("the record of concurrent moves does not replay: %v", err)
	}
	_, v := c.view(0)
	mine, _ := json.Marshal(g.View(0))
	theirs, _ := json.Marshal(v)
	if !bytes.Equal(mine, theirs) {
		t.Error("the replayed game differs from the server's")
	}
}

// checkErrorJSON fails unless body is an error answer: JSON with a non-empty "error" and "code",
// and the game's "version" if the code is "stale".
func checkErrorJSON(t *testing.T, what string, body []byte) {
	t.Helper()
	var e struct {
		Error   string `json:"error"`
		Code    string `json:"code"`
		Version *int   `json:"version"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || e.Error == "" || e.Code == "" || (e.Code == "stale") != (e.Version != nil) {
		t.Errorf("%s: the answer %q is not {\"error\":...,\"code\":...} (%v)", what, body, err)
	}
}

// TestSeats: a view or a move needs the token of its seat; without it, or with another's, it is
// refused (401, 403) and the game is unchanged; a seat is given once.
func TestSeats(t *testing.T) {
	cfg := viceroy.Config{Players: 2, Seed: 4}
	c := startEmpty(t, cfg)
	status, body := c.do("GET", "/view?player=0", "")
	if status != http.StatusUnauthorized {
		t.Errorf("a view before any seat is taken: %d %s, want 401", status, body)
	}
	checkErrorJSON(t, "a view without a token", body)
	c.seat(0)
	c.seat(1)
	if status, body := c.do("POST", "/seat?player=0", ""); status != http.StatusConflict || !strings.Contains(string(body), `"code":"seat-taken"`) {
		t.Errorf("a seat taken twice: %d %s, want 409 seat-taken", status, body)
	}
	rawBefore, before := c.view(0)
	move := moveBody(0, before.Legal[0])
	for _, tc := range []struct {
		name, method, path, body, token string
		want                            int
		code                            string
	}{
		{"view without a token", "GET", "/view?player=0", "", "", http.StatusUnauthorized, "no-token"},
		{"view with another seat's token", "GET", "/view?player=0", "", c.tokens[1], http.StatusForbidden, "wrong-token"},
		{"view with a made-up token", "GET", "/view?player=1", "", strings.Repeat("0", 32), http.StatusForbidden, "wrong-token"},
		{"move without a token", "POST", "/move?player=0", move, "", http.StatusUnauthorized, "no-token"},
		{"move with another seat's token", "POST", "/move?player=0", move, c.tokens[1], http.StatusForbidden, "wrong-token"},
	} {
		status, body, err := c.try(tc.method, tc.path, tc.body, tc.token)
		if err != nil {
			t.Fatal(err)
		}
		if status != tc.want || !strings.Contains(string(body), `"code":"`+tc.code+`"`) {
			t.Errorf("%s: %d %s, want %d %s", tc.name, status, body, tc.want, tc.code)
		}
		checkErrorJSON(t, tc.name, body)
		if strings.Contains(string(body), c.tokens[0]) || strings.Contains(string(body), c.tokens[1]) {
			t.Errorf("%s: the answer gives away a token: %s", tc.name, body)
		}
	}
	if rawAfter, _ := c.view(0); !bytes.Equal(rawBefore, rawAfter) {
		t.Errorf("refused moves changed player 0's view:\n%s\n%s", rawBefore, rawAfter)
	}
	// With its own token, the seat moves.
	if status, body := c.move(0, before.Legal[0]); status != http.StatusOK {
		t.Errorf("a legal move with the seat's token: %d %s", status, body)
	}
}

// TestCards: the catalogue is served as the package's JSON of it.
func TestCards(t *testing.T) {
	c := startEmpty(t, viceroy.Config{Players: 2, Seed: 1})
	status, body := c.do("GET", "/cards", "")
	if status != http.StatusOK {
		t.Fatalf("GET /cards: %d %s", status, body)
	}
	want, err := json.Marshal(viceroy.Cards())
	if err != nil {
		t.Fatal(err)
	}
	if got := bytes.TrimSpace(body); !bytes.Equal(got, want) {
		t.Errorf("the served catalogue:\n%s\nwant\n%s", got, want)
	}
}

// logPage is the answer of GET /log.
type logPage struct {
	Events []json.RawMessage `json:"events"`
	Next   int               `json:"next"`
}

// TestLog: each seat follows its part of the table's log a piece at a time, and what it gathered
// is, at the end, that player's log of the replayed game; the log needs the seat's token.
func TestLog(t *testing.T) {
	cfg := viceroy.Config{Players: 2, Virtual: 1, Seed: 4}
	c := start(t, cfg)
	rng := rand.New(rand.NewPCG(4, 1))
	gathered := make([][]json.RawMessage, cfg.Players)
	follow := func(p int) {
		status, body := c.do("GET", fmt.Sprintf("/log?player=%d&since=%d", p, len(gathered[p])), "")
		var page logPage
		if err := json.Unmarshal(body, &page); status != http.StatusOK || err != nil {
			t.Fatalf("GET /log: %d %s (%v)", status, body, err)
		}
		gathered[p] = append(gathered[p], page.Events...)
		if page.Next != len(gathered[p]) {
			t.Fatalf("next %d after %d events", page.Next, len(gathered[p]))
		}
	}
	for {
		_, v := c.view(0)
		if v.Over {
			break
		}
		p := int(v.ToMove[rng.IntN(len(v.ToMove))])
		_, pv := c.view(p)
		if status, body := c.move(p, pv.Legal[rng.IntN(len(pv.Legal))]); status != http.StatusOK {
			t.Fatalf("move: %d %s", status, body)
		}
		follow(rng.IntN(cfg.Players))
	}
	h, err := viceroy.ReplayHistory(c.record())
	if err != nil {
		t.Fatal(err)
	}
	for p := range cfg.Players {
		follow(p)
		want, err := json.Marshal(h.Log(viceroy.Player(p)))
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(gathered[p])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("player %d gathered another log than the replayed game's", p)
		}
	}
	for _, tc := range []struct {
		path, token string
		status      int
	}{
		{"/log?player=0", "", http.StatusUnauthorized},
		{"/log?player=0", c.tokens[1], http.StatusForbidden},
		{"/log?player=0&since=x", c.tokens[0], http.StatusBadRequest},
		{"/log?player=0&since=-1", c.tokens[0], http.StatusBadRequest},
		{"/log?player=0&since=999999", c.tokens[0], http.StatusBadRequest},
	} {
		status, body, err := c.try("GET", tc.path, "", tc.token)
		if err != nil || status != tc.status {
			t.Errorf("GET %s: %d %s (%v), want %d", tc.path, status, body, err, tc.status)
		}
	}
}

// TestBots: a bot's seat cannot be taken; whenever the person's view is asked, the game waits for
// the person or is over; the bot's moves are in the record.
func TestBots(t *testing.T) {
	cfg := viceroy.Config{Players: 2, Seed: 8}
	bot, err := viceroy.NewBot("greedy", 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newServer(cfg, bot, bot, bot); err == nil {
		t.Error("3 bots for 2 players accepted")
	}
	h, err := newServer(cfg, bot)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	c := client{t, ts.URL, map[int]string{}, new(int)}
	c.seat(0)
	if status, body := c.do("POST", "/seat?player=1", ""); status != http.StatusConflict || !strings.Contains(string(body), `"code":"seat-taken"`) {
		t.Errorf("the bot's seat taken: %d %s, want 409 seat-taken", status, body)
	}
	for n := 0; ; n++ {
		_, v := c.view(0)
		if v.Over {
			break
		}
		if len(v.Legal) == 0 {
			t.Fatalf("decision %d: the game waits for %v, not for the person", n, v.ToMove)
		}
		if status, body := c.move(0, v.Legal[0]); status != http.StatusOK {
			t.Fatalf("decision %d: %d %s", n, status, body)
		}
	}
	rec := c.record()
	botMoves := 0
	for _, pm := range rec.Moves {
		if pm.Player == 1 {
			botMoves++
		}
	}
	if botMoves == 0 {
		t.Error("the record has no move of the bot")
	}
	if _, err := viceroy.Replay(rec); err != nil {
		t.Error(err)
	}
}

// TestDuplicateMoves sends each move of a whole game 16 times at once, all chosen in one version
// of the game, and checks that one copy is applied and the 15 others are refused as stale with the
// version the game moved to; at the end the record holds each move once.
func TestDuplicateMoves(t *testing.T) {
	const copies = 16
	for _, bots := range []int{0, 1} {
		t.Run(fmt.Sprintf("%d bots", bots), func(t *testing.T) {
			cfg := viceroy.Config{Players: 3, Seed: 21}
			var seatBots []viceroy.Bot
			for i := range bots {
				b, _ := viceroy.NewBot("greedy", uint64(i))
				seatBots = append(seatBots, b)
			}
			h, err := newServer(cfg, seatBots...)
			if err != nil {
				t.Fatal(err)
			}
			ts := httptest.NewServer(h)
			t.Cleanup(ts.Close)
			c := client{t, ts.URL, map[int]string{}, new(int)}
			for p := range cfg.Players - bots {
				c.seat(p)
			}
			rng := rand.New(rand.NewPCG(21, 7))
			decisions := 0
			for {
				_, v := c.view(0)
				if v.Over {
					break
				}
				p := int(v.ToMove[rng.IntN(len(v.ToMove))])
				_, v = c.view(p)
				c.sendCopies(p, *c.seen, v.Legal[rng.IntN(len(v.Legal))], copies)
				decisions++
			}
			rec := c.record()
			if len(rec.Moves) != *c.seen {
				t.Errorf("the record holds %d moves, but the game is at version %d", len(rec.Moves), *c.seen)
			}
			people := 0
			for _, pm := range rec.Moves {
				if int(pm.Player) < cfg.Players-bots {
					people++
				}
			}
			if people != decisions {
				t.Errorf("the record holds %d moves of the people, who made %d decisions", people, decisions)
			}
			t.Logf("%d decisions, each sent %d times at once; %d moves in the record", decisions, copies, len(rec.Moves))
		})
	}
}

// sendCopies sends n copies of player p's move m, chosen in version, at once, and fails the test
// unless one is applied and the others are refused as stale, naming the version the one applied
// answered with.
func (c client) sendCopies(p, version int, m viceroy.Move, n int) {
	c.t.Helper()
	statuses := make([]int, n)
	bodies := make([][]byte, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			statuses[i], bodies[i], err = c.try("POST", fmt.Sprintf("/move?player=%d", p), moveBody(version, m), c.tokens[p])
			if err != nil {
				c.t.Error(err)
			}
		}()
	}
	wg.Wait()
	applied := slices.Index(statuses, http.StatusOK)
	if applied < 0 {
		c.t.Fatalf("version %d, player %d, %v: no copy applied: %v %s", version, p, m, statuses, bodies[0])
	}
	c.answer(bodies[applied])
	for i, status := range statuses {
		if i == applied {
			continue
		}
		var e struct {
			Code    string `json:"code"`
			Version int    `json:"version"`
		}
		if err := json.Unmarshal(bodies[i], &e); status != http.StatusConflict || err != nil || e.Code != "stale" || e.Version != *c.seen {
			c.t.Fatalf("version %d, player %d, %v: a copy after the one applied (version %d): %d %s", version, p, m, *c.seen, status, bodies[i])
		}
	}
}

// TestFlagsAreChecked: the flags' settings are checked before anything is made from them: -bots
// 9223372036854775807 made bots until memory ran out (1.39 GB), and -bots -5 was taken.
func TestFlagsAreChecked(t *testing.T) {
	tests := []struct {
		name                      string
		players, virtual, edition int
		bots                      int
		level                     string
		wantBots                  int
	}{
		{"the most bots", 3, 0, 2, math.MaxInt64, "greedy", -1},
		{"negative bots", 3, 0, 2, -5, "greedy", -1},
		{"more bots than players", 2, 0, 2, 3, "greedy", -1},
		{"the most players", math.MaxInt, 0, 2, math.MaxInt, "greedy", -1},
		{"no such edition", 2, 0, 3, 1, "greedy", -1},
		{"no such level", 2, 0, 2, 1, "grandmaster", -1},
		{"every seat a bot", 2, 0, 1, 2, "random", 2},
		{"no bots", 4, 0, 2, 0, "greedy", 0},
	}
	for _, tt := range tests {
		cfg, bots, err := configure(tt.players, tt.virtual, false, tt.edition, 1, tt.bots, tt.level)
		switch {
		case tt.wantBots < 0 && err == nil:
			t.Errorf("%s: taken, with %d bots", tt.name, len(bots))
		case tt.wantBots >= 0 && (err != nil || len(bots) != tt.wantBots):
			t.Errorf("%s: %d bots, %v; want %d", tt.name, len(bots), err, tt.wantBots)
		case tt.wantBots >= 0 && cfg.Players != tt.players:
			t.Errorf("%s: config %+v", tt.name, cfg)
		}
	}
}

// GET / lists every endpoint with its method and a line about it, and every endpoint listed is
// served: asked with its method and no token, none answers "not-found", and each answers any
// other method with 405. Any other path is still 404.
func TestIndexListsTheEndpoints(t *testing.T) {
	c := startEmpty(t, viceroy.Config{Players: 2, Seed: 1})
	status, body := c.do("GET", "/", "")
	var got struct {
		Endpoints []struct {
			Method string `json:"method"`
			Path   string `json:"path"`
			About  string `json:"about"`
		} `json:"endpoints"`
	}
	if err := json.Unmarshal(body, &got); status != http.StatusOK || err != nil {
		t.Fatalf("GET /: %d %s (%v)", status, body, err)
	}
	paths := map[string]bool{}
	for _, e := range got.Endpoints {
		path, _, _ := strings.Cut(e.Path, "?")
		paths[path] = true
		if e.About == "" || (e.Method != "GET" && e.Method != "POST") {
			t.Errorf("GET / lists %+v", e)
		}
		status, body := c.do(e.Method, strings.ReplaceAll(strings.ReplaceAll(e.Path, "=N", "=0"), "=K", "=0"), "")
		if strings.Contains(string(body), `"not-found"`) || status == http.StatusMethodNotAllowed {
			t.Errorf("%s %s, listed at /, answers %d %s", e.Method, e.Path, status, body)
		}
		other := map[string]string{"GET": "POST", "POST": "GET"}[e.Method]
		if status, body := c.do(other, path, ""); status != http.StatusMethodNotAllowed {
			t.Errorf("%s %s answers %d %s, want 405", other, path, status, body)
		}
	}
	for _, want := range []string{"/", "/seat", "/view", "/move", "/log", "/cards", "/record"} {
		if !paths[want] {
			t.Errorf("GET / does not list %s: %s", want, body)
		}
	}
	if status, body := c.do("GET", "/game", ""); status != http.StatusNotFound {
		t.Errorf("GET /game: %d %s, want 404", status, body)
	}
}

// At start the server says where it listens and lists every endpoint, a line each.
func TestAnnounceListsTheEndpoints(t *testing.T) {
	var b strings.Builder
	announce(&b, viceroy.Config{Players: 2, Seed: 1}, "localhost:8080")
	out := b.String()
	if !strings.Contains(out, "http://localhost:8080") {
		t.Errorf("the announcement does not say where the server listens:\n%s", out)
	}
	for _, want := range []string{"GET  /view?player=N", "POST /seat?player=N", "POST /move?player=N",
		"GET  /log?player=N&since=K", "GET  /cards", "GET  /record", "GET  / "} {
		if !strings.Contains(out, want) {
			t.Errorf("the announcement lacks %q:\n%s", want, out)
		}
	}
}
