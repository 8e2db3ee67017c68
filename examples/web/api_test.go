package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/laar/viceroy"
)

// randomPick returns a chooser of uniformly random legal moves from seed.
func randomPick(seed uint64) func(state) viceroy.Move {
	rng := rand.New(rand.NewPCG(seed, 1))
	return func(st state) viceroy.Move { return st.Moves[rng.IntN(len(st.Moves))].Move }
}

func TestNewGameRefusesBadSettings(t *testing.T) {
	ts := serve(t, t.TempDir())
	tests := []struct {
		name string
		body string
		code string
	}{
		{"seats short of the players", `{"players":3,"seats":["person","random"]}`, "bad-config"},
		{"an unknown bot level", `{"players":2,"seats":["person","grandmaster"]}`, "bad-config"},
		{"no seat for a person", `{"players":2,"seats":["random","greedy"]}`, "bad-config"},
		{"too many players", `{"players":5,"seats":["person","random","random","random","random"]}`, "bad-config"},
		{"too many virtual opponents", `{"players":2,"virtual":3,"seats":["person","random"]}`, "bad-config"},
		{"an unknown edition", `{"players":2,"edition":"third","seats":["person","random"]}`, "bad-request"},
		{"an unknown key", `{"players":2,"seats":["person","random"],"seed":7}`, "bad-request"},
		{"two values", `{"players":2,"seats":["person","random"]}{}`, "bad-request"},
		{"not JSON", `players=2`, "bad-request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := http.Post(ts.url+"/api/games", "application/json", strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var e struct{ Error, Code string }
			if err := json.NewDecoder(resp.Body).Decode(&e); err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != http.StatusBadRequest || e.Code != tt.code {
				t.Errorf("%s: %d %q (%s), want 400 %q", tt.body, resp.StatusCode, e.Code, e.Error, tt.code)
			}
		})
	}
	if n := ts.count(); n != 0 {
		t.Errorf("%d games made by refused requests", n)
	}
}

func TestSetupListsTheLibrarysBotLevels(t *testing.T) {
	ts := serve(t, t.TempDir())
	var got struct {
		BotLevels []string `json:"bot_levels"`
		Editions  []string `json:"editions"`
	}
	ts.must(t, "GET", "/api/setup", "", nil, &got)
	if diff := cmp.Diff(viceroy.BotLevels(), got.BotLevels); diff != "" {
		t.Errorf("bot levels (-library +page):\n%s", diff)
	}
	for _, level := range got.BotLevels { // every level listed starts a game
		ts.newGame(t, viceroy.Config{Players: 2}, "person", level)
	}
}

func TestSeatsNeedTheirTokens(t *testing.T) {
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 3}, "person", "person", "random")
	var other joined
	ts.must(t, "POST", fmt.Sprintf("/api/games/%s/seats/1", j.Game), "", nil, &other)
	tests := []struct {
		name, method, path, token string
		status                    int
		code                      string
	}{
		{"no token", "GET", statePath(j, 0, -1), "", 401, "no-token"},
		{"another seat's token", "GET", statePath(j, 0, -1), other.Token, 403, "wrong-token"},
		{"a made-up token", "GET", statePath(j, 0, -1), strings.Repeat("ab", 16), 403, "wrong-token"},
		{"a bot's seat", "GET", fmt.Sprintf("/api/games/%s/seats/2/state", j.Game), j.Token, 403, "wrong-token"},
		{"no such seat", "GET", fmt.Sprintf("/api/games/%s/seats/7/state", j.Game), j.Token, 404, "no-such-seat"},
		{"a seat that is no number", "GET", fmt.Sprintf("/api/games/%s/seats/x/state", j.Game), j.Token, 400, "bad-seat"},
		{"no such game", "GET", "/api/games/nope/seats/0/state", j.Token, 404, "no-such-game"},
		{"a taken seat", "POST", fmt.Sprintf("/api/games/%s/seats/1", j.Game), "", 409, "seat-taken"},
		{"the creator's seat", "POST", fmt.Sprintf("/api/games/%s/seats/0", j.Game), "", 409, "seat-taken"},
		{"a bot's seat taken", "POST", fmt.Sprintf("/api/games/%s/seats/2", j.Game), "", 409, "seat-taken"},
		{"a log that is no number", "GET", fmt.Sprintf("/api/games/%s/seats/0/state?log=x", j.Game), j.Token, 400, "bad-log"},
		{"the record while playing", "GET", fmt.Sprintf("/api/games/%s/record", j.Game), "", 409, "record-hidden"},
		{"a move that is no move", "POST", movePath(j, 0), j.Token, 400, "bad-move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body any
			if tt.code == "bad-move" {
				body = map[string]any{"version": 0, "move": map[string]any{"kind": "fly"}}
			}
			status, b, err := call(ts.url, tt.method, tt.path, tt.token, body, nil)
			if err != nil {
				t.Fatal(err)
			}
			var e struct{ Code string }
			json.Unmarshal(b, &e)
			if status != tt.status || e.Code != tt.code {
				t.Errorf("%s %s: %d %s, want %d %q", tt.method, tt.path, status, b, tt.status, tt.code)
			}
		})
	}
}

func TestIllegalMovesChangeNothing(t *testing.T) {
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, "person", "person")
	var st state
	ts.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &st)
	before := ts.heldGame(t, j.Game)
	tests := []struct {
		name string
		req  moveRequest
		code string
	}{
		{"a move of another decision", moveAt(st.Version, viceroy.Move{Kind: viceroy.Pass}), "illegal-move"},
		{"a card not dealt", moveAt(st.Version, viceroy.Move{Kind: viceroy.KeepInPyramid, Card: notDealt(st.View)}), "illegal-move"},
		{"from a version that never was", moveAt(st.Version+3, st.Moves[0].Move), "stale"},
	}
	for _, tt := range tests {
		status, b, err := call(ts.url, "POST", movePath(j, 0), j.Token, tt.req, nil)
		var e struct{ Code string }
		json.Unmarshal(b, &e)
		if err != nil || status != http.StatusConflict || e.Code != tt.code {
			t.Errorf("%s: %d %s %v, want 409 %q", tt.name, status, b, err, tt.code)
		}
	}
	if after := ts.heldGame(t, j.Game); after != before {
		t.Error("refused moves changed the game")
	}
	if g := ts.replayFile(t, j.Game); g != before {
		t.Error("refused moves reached the record file")
	}
}

// notDealt returns a character card not among the view's dealt cards.
func notDealt(v viceroy.View) viceroy.CardID {
	for c := viceroy.CardID(1); ; c++ {
		if !strings.Contains(fmt.Sprint(v.Dealt), fmt.Sprint(c)) {
			return c
		}
	}
}

// TestRacingRequestsApplyOnce sends the same decision twice at once, from the same version, many
// times over: exactly one of each pair applies. Then two people race for one free seat.
func TestRacingRequestsApplyOnce(t *testing.T) {
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, "person", "random")
	races := 0
	for races < 30 {
		st, owed := ts.nextDecision(t, j)
		if !owed {
			break
		}
		req := moveAt(st.Version, st.Moves[0].Move)
		statuses := race(2, func() int {
			status, _, err := call(ts.url, "POST", movePath(j, 0), j.Token, req, nil)
			if err != nil {
				t.Error(err)
			}
			return status
		})
		if statuses[http.StatusOK] != 1 || statuses[http.StatusConflict] != 1 {
			t.Fatalf("two requests for one decision: %v, want one 200 and one 409", statuses)
		}
		races++
	}
	if !ts.fileMatches(t, j.Game) {
		t.Error("the record file does not replay to the game held")
	}

	k := ts.newGame(t, viceroy.Config{Players: 2}, "person", "person")
	statuses := race(8, func() int {
		status, _, err := call(ts.url, "POST", fmt.Sprintf("/api/games/%s/seats/1", k.Game), "", nil, nil)
		if err != nil {
			t.Error(err)
		}
		return status
	})
	if statuses[http.StatusOK] != 1 || statuses[http.StatusConflict] != 7 {
		t.Errorf("eight requests for one seat: %v, want one 200 and seven 409", statuses)
	}
}

// race runs f n times at once and counts the results.
func race(n int, f func() int) map[int]int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	out := map[int]int{}
	start := make(chan struct{})
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			r := f()
			mu.Lock()
			out[r]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// TestWholeGame plays a game against the weakest bot level over HTTP, to the end, and checks that
// the score sheet the page gets is the engine's for the record given out, and that the record file
// replays to the game the server holds.
func TestWholeGame(t *testing.T) {
	for _, ed := range []viceroy.Edition{viceroy.SecondEdition, viceroy.FirstEdition} {
		t.Run(ed.String(), func(t *testing.T) {
			ts := serve(t, t.TempDir())
			j := ts.newGame(t, viceroy.Config{Players: 2, Edition: ed}, person, viceroy.BotLevels()[0])
			st, _, err := playOut(ts.url, j, randomPick(uint64(ed)))
			if err != nil {
				t.Fatal(err)
			}
			var rec viceroy.Record
			ts.must(t, "GET", fmt.Sprintf("/api/games/%s/record", j.Game), "", nil, &rec)
			g, err := viceroy.Replay(rec)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(g.Scores(), st.View.Scores); diff != "" {
				t.Errorf("score sheets (-record +page):\n%s", diff)
			}
			if held := ts.heldGame(t, j.Game); held != g || ts.replayFile(t, j.Game) != held {
				t.Error("the record given out, the record file and the game held differ")
			}
		})
	}
}

// TestEveryBotLevelPlays plays the first turns of a game against each level of viceroy.BotLevels():
// the bots move in the background, and the record file replays to the game held. (The whole game
// against the strongest levels would take minutes under the race detector.)
func TestEveryBotLevelPlays(t *testing.T) {
	ts := serve(t, t.TempDir())
	for i, level := range viceroy.BotLevels() {
		t.Run(level, func(t *testing.T) {
			j := ts.newGame(t, viceroy.Config{Players: 2}, person, level)
			st, _, err := playUntil(ts.url, j, randomPick(uint64(i)), func(st state) bool { return st.View.Turn >= 3 })
			if err != nil {
				t.Fatal(err)
			}
			if st.View.Turn < 3 {
				t.Fatalf("the game stopped at turn %d", st.View.Turn)
			}
			if !ts.fileMatches(t, j.Game) {
				t.Error("the record file does not replay to the game held")
			}
		})
	}
}

// TestPageGetsOnlyItsSeat plays a 3-player game with two people and checks every state sent to
// each: its view is the library's View of that seat's player at that version, its log lines that
// player's Log told, its moves that player's legal moves with Describe's words; nothing else.
func TestPageGetsOnlyItsSeat(t *testing.T) {
	ts := serve(t, t.TempDir())
	j0 := ts.newGame(t, viceroy.Config{Players: 3}, "person", "person", "greedy")
	var j1 joined
	ts.must(t, "POST", fmt.Sprintf("/api/games/%s/seats/1", j0.Game), "", nil, &j1)
	sent := make([][]state, 2)
	var wg sync.WaitGroup
	for i, j := range []joined{j0, j1} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pick := randomPick(uint64(10 + i))
			_, _, err := playOut(ts.url, j, func(st state) viceroy.Move {
				sent[i] = append(sent[i], st)
				return pick(st)
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	r, err := readRecordFile(ts.dir, j0.Game)
	if err != nil {
		t.Fatal(err)
	}
	for p, states := range sent {
		if len(states) == 0 {
			t.Fatalf("seat %d was sent nothing", p)
		}
		for _, st := range states {
			h, err := viceroy.ReplayHistory(viceroy.Record{Version: r.Version, Config: r.Config, Moves: r.Moves[:st.Version]})
			if err != nil {
				t.Fatal(err)
			}
			g := h.Game()
			want := g.View(viceroy.Player(p))
			if diff := cmp.Diff(jsonOf(t, want), jsonOf(t, st.View)); diff != "" {
				t.Fatalf("seat %d at version %d: view (-library +sent):\n%s", p, st.Version, diff)
			}
			if len(st.Log) > 0 {
				want := narratorOf(want, viceroy.English).tell(h.Log(viceroy.Player(p)), st.Log[0].From)
				if diff := cmp.Diff(want, st.Log); diff != "" {
					t.Fatalf("seat %d at version %d: the log (-seat's log told +sent):\n%s", p, st.Version, diff)
				}
			}
			for k, d := range st.Moves {
				if d.Move != want.Legal[k] || d.Text != viceroy.English.Describe(&g, viceroy.Player(p), d.Move) {
					t.Fatalf("seat %d at version %d: move %d is %v %q", p, st.Version, k, d.Move, d.Text)
				}
			}
		}
	}
}

// jsonOf returns v's JSON, indented so that a diff shows lines.
func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
