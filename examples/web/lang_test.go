package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/laar/viceroy"
)

// get sends GET path with the headers given (a cookie as "Cookie") and returns the answer, its
// body read.
func get(t *testing.T, url, path string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		b.WriteString(sc.Text() + "\n")
	}
	return resp, b.String()
}

// TestLanguageIsNegotiated checks how the page picks its language: a choice made with ?lang=
// (remembered in the cookie) or remembered in the cookie wins, else the browser's
// Accept-Language matched to the library's languages, else English; the page's <html lang> says
// it.
func TestLanguageIsNegotiated(t *testing.T) {
	ts := serve(t, t.TempDir())
	tests := []struct {
		name, path, accept, cookie string
		want                       string
		remembers                  bool
	}{
		{"no header", "/", "", "", "en", false},
		{"Spanish", "/", "es", "", "es", false},
		{"Canadian French", "/", "fr-CA,fr;q=0.9,en;q=0.5", "", "fr", false},
		{"Latin American Spanish", "/", "es-419", "", "es", false},
		{"German", "/", "de-DE,de;q=0.9", "", "en", false},
		{"German, then French", "/", "de, fr;q=0.8", "", "fr", false},
		{"nonsense", "/", ";;;q=x", "", "en", false},
		{"the cookie beats the header", "/", "fr", "lang=es", "es", false},
		{"a cookie of no language", "/", "fr", "lang=xx", "fr", false},
		{"?lang= beats both, and is remembered", "/?lang=fr", "es", "lang=es", "fr", true},
		{"?lang= of no language", "/?lang=de", "es", "", "es", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := get(t, ts.url, tt.path, map[string]string{"Accept-Language": tt.accept, "Cookie": tt.cookie})
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("%d", resp.StatusCode)
			}
			if got := resp.Header.Get("Content-Language"); got != tt.want {
				t.Errorf("Content-Language %q, want %q", got, tt.want)
			}
			if !strings.Contains(body, `<html lang="`+tt.want+`">`) {
				t.Errorf("the page has no <html lang=%q>: %.80q", tt.want, body)
			}
			var remembered string
			for _, c := range resp.Cookies() {
				if c.Name == langCookie {
					remembered = c.Value
					if c.Path != "/" || c.MaxAge <= 0 || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode {
						t.Errorf("the cookie %v", c)
					}
				}
			}
			if tt.remembers && remembered != tt.want || !tt.remembers && remembered != "" {
				t.Errorf("cookie %q, want it set: %v", remembered, tt.remembers)
			}
			if !strings.Contains(resp.Header.Get("Vary"), "Accept-Language") {
				t.Errorf("Vary %q", resp.Header.Get("Vary"))
			}
		})
	}
}

// TestWordsEndpoint checks the catalogue the page reads: the library's words, the cards' names
// and texts and the page's own words, in the reader's language or the one asked for; and that
// POST /api/language remembers a choice.
func TestWordsEndpoint(t *testing.T) {
	ts := serve(t, t.TempDir())
	for _, tt := range []struct {
		path, accept string
		want         viceroy.Language
	}{
		{"/api/words", "", viceroy.English}, {"/api/words", "es-ES", viceroy.Spanish},
		{"/api/words", "fr-BE", viceroy.French}, {"/api/words/fr", "es", viceroy.French},
		{"/api/words/es", "", viceroy.Spanish}, {"/api/words?lang=es", "fr", viceroy.Spanish},
	} {
		resp, body := get(t, ts.url, tt.path, map[string]string{"Accept-Language": tt.accept})
		var c pageCatalogue
		if err := json.Unmarshal([]byte(body), &c); err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %v", tt.path, resp.StatusCode, err)
		}
		if c.Lang != tt.want.String() {
			t.Errorf("%s (%s): lang %q, want %v", tt.path, tt.accept, c.Lang, tt.want)
		}
		if len(c.Page) != len(wordsEN) || c.Page["log.turn"] != webWords[tt.want]["log.turn"] {
			t.Errorf("%s: %d page words, log.turn %q", tt.path, len(c.Page), c.Page["log.turn"])
		}
		if len(c.Words) != len(tt.want.Words()) || c.Words["move.pass"] != tt.want.Words()["move.pass"] {
			t.Errorf("%s: %d library words, move.pass %q", tt.path, len(c.Words), c.Words["move.pass"])
		}
		if len(c.Cards) != viceroy.NumCards || c.Cards[32].Name != tt.want.CardName(32) || c.Cards[70].Text != tt.want.CardText(70) {
			t.Errorf("%s: %d cards, 32 %q", tt.path, len(c.Cards), c.Cards[32].Name)
		}
		if len(c.Languages) != 3 || c.Languages["fr"] != "français" {
			t.Errorf("%s: languages %v", tt.path, c.Languages)
		}
		wantPlural := "one"
		if tt.want == viceroy.French {
			wantPlural = "zero-one"
		}
		if c.Plural != wantPlural {
			t.Errorf("%s: plural %q, want %q", tt.path, c.Plural, wantPlural)
		}
	}
	if resp, _ := get(t, ts.url, "/api/words/de", nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("/api/words/de: %d, want 404", resp.StatusCode)
	}
	status, b, err := callWith(ts.url, "POST", "/api/language", "", map[string]string{"lang": "es"}, nil, nil)
	var c pageCatalogue
	json.Unmarshal(b, &c)
	if err != nil || status != http.StatusOK || c.Lang != "es" {
		t.Errorf("POST /api/language: %d %v %q", status, err, c.Lang)
	}
	if status, b, _ := callWith(ts.url, "POST", "/api/language", "", map[string]string{"lang": "de"}, nil, nil); status != http.StatusBadRequest {
		t.Errorf("POST /api/language de: %d %s", status, b)
	}
}

// TestSeatReadsItsLanguage plays a game whose seat is read in English and French at once: each
// request gets its legal moves, its log and the lobby's summary in its own language, a refused
// move its reason, and each stream its own language.
func TestSeatReadsItsLanguage(t *testing.T) {
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, "person", "person")
	fr := map[string]string{"Accept-Language": "fr"}
	es := map[string]string{"Cookie": "lang=es"}
	var en, fra state
	if status, b, err := callWith(ts.url, "GET", statePath(j, 0, -1), j.Token, nil, &en, nil); status != 200 || err != nil {
		t.Fatalf("%d %s %v", status, b, err)
	}
	if status, b, err := callWith(ts.url, "GET", statePath(j, 0, -1), j.Token, nil, &fra, fr); status != 200 || err != nil {
		t.Fatalf("%d %s %v", status, b, err)
	}
	g := ts.heldGame(t, j.Game)
	for i, m := range fra.Moves {
		if want := viceroy.French.Describe(&g, 0, m.Move); m.Text != want || m.Text == en.Moves[i].Text {
			t.Errorf("move %d: %q, want %q (English %q)", i, m.Text, want, en.Moves[i].Text)
		}
	}
	if len(fra.Log) == 0 || !strings.HasPrefix(fra.Log[0].Text, "Vous recevez") || !strings.HasPrefix(en.Log[0].Text, "You are dealt") {
		t.Errorf("the log: %q, %q", fra.Log, en.Log)
	}
	// A refused move: the reason in the reader's language.
	status, b, _ := callWith(ts.url, "POST", movePath(j, 0), j.Token, moveAt(fra.Version, viceroy.Move{Kind: viceroy.Pass}), nil, es)
	var e struct{ Error, Code string }
	json.Unmarshal(b, &e)
	if status != http.StatusConflict || e.Code != "illegal-move" || e.Error != viceroy.Spanish.Refusal(&g, 0, viceroy.Move{Kind: viceroy.Pass}) {
		t.Errorf("refused in Spanish: %d %s", status, b)
	}
	status, b, _ = callWith(ts.url, "GET", "/api/games/"+j.Game+"/seats/0/state", "nope", nil, nil, fr)
	json.Unmarshal(b, &e)
	if status != http.StatusForbidden || e.Error != wordsFR["error.wrong-token"] {
		t.Errorf("a wrong token in French: %d %s", status, b)
	}
	// The lobby.
	var open []gameInfo
	callWith(ts.url, "GET", "/api/games", "", nil, &open, es)
	if len(open) != 1 || open[0].Summary != viceroy.Spanish.Say(g) {
		t.Errorf("the lobby in Spanish: %+v, want %q", open, viceroy.Spanish.Say(g))
	}
	// Two streams of the seat, in two languages.
	log := seatLog(t, ts, j)
	for _, tt := range []struct {
		header map[string]string
		l      viceroy.Language
	}{{fr, viceroy.French}, {nil, viceroy.English}, {es, viceroy.Spanish}} {
		st := firstStreamed(t, ts.url, j, tt.header)
		want := narrator{viewer: 0, l: tt.l}.tell(log, 0)[0].Text
		if len(st.Log) == 0 || st.Log[0].Text != want {
			t.Errorf("stream in %v: %q, want %q", tt.l, st.Log, want)
		}
	}
}

// seatLog returns seat j's log of its game.
func seatLog(t *testing.T, ts testServer, j joined) []viceroy.Event {
	tb := ts.lockedTable(t, j.Game)
	defer tb.mu.Unlock()
	return tb.history.Log(viceroy.Player(j.Seat))
}

// firstStreamed opens seat j's stream with the headers given and returns the first state it sends.
func firstStreamed(t *testing.T, url string, j joined, header map[string]string) state {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", url+fmt.Sprintf("/api/games/%s/seats/%d/stream?log=0", j.Game, j.Seat), nil)
	req.Header.Set("Authorization", "Bearer "+j.Token)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var st state
			if err := json.Unmarshal([]byte(data), &st); err != nil {
				t.Fatal(err)
			}
			return st
		}
	}
	t.Fatalf("the stream ended: %v", sc.Err())
	return state{}
}
