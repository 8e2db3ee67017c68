package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// FuzzRequestBodies sends any body as a new game's settings and as a move: the server answers 200,
// 400 or 409 and never fails; a move it refuses changes neither the game nor its record file.
func FuzzRequestBodies(f *testing.F) {
	for _, seed := range []string{
		`{"players":2,"seats":["person","random"]}`,
		`{"players":1,"virtual":1,"edition":"first","seats":["person"]}`,
		`{"version":0,"move":{"kind":"keep-in-pyramid","card":12}}`,
		`{"version":0,"move":{"kind":"bid","color":"red"}}`,
		`{"version":-4,"move":{"kind":"pass"}}`,
		`{"version":0,"move":{"kind":"place","at":{"level":1,"col":-1}}}`,
		`{"players":2,"seats":["person",null]}`, `[]`, `null`, `{`, ``,
	} {
		f.Add(seed)
	}
	files, err := newDirStore(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	s := newServer(files, 1<<30)
	defer s.Close()
	h := s.handler()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/games", strings.NewReader(`{"players":2,"seats":["person","person"]}`)))
	if rec.Code != http.StatusOK {
		f.Fatalf("new game: %d %s", rec.Code, rec.Body)
	}
	var j joined
	if err := json.Unmarshal(rec.Body.Bytes(), &j); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/games", strings.NewReader(body)))
		if rec.Code != http.StatusOK && rec.Code != http.StatusBadRequest {
			t.Fatalf("new game %q: %d %s", body, rec.Code, rec.Body)
		}

		s.mu.Lock()
		tb := s.tables[j.Game]
		s.mu.Unlock()
		tb.mu.Lock()
		before, version := tb.history.Game(), tb.version
		tb.mu.Unlock()
		file, err := os.ReadFile(files.recordPath(j.Game))
		if err != nil {
			t.Fatal(err)
		}
		req := httptest.NewRequest("POST", fmt.Sprintf("/api/games/%s/seats/0/moves", j.Game), strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+j.Token)
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case http.StatusOK:
			return
		case http.StatusBadRequest, http.StatusConflict:
		default:
			t.Fatalf("move %q: %d %s", body, rec.Code, rec.Body)
		}
		tb.mu.Lock()
		after, now := tb.history.Game(), tb.version
		tb.mu.Unlock()
		again, err := os.ReadFile(files.recordPath(j.Game))
		if err != nil {
			t.Fatal(err)
		}
		if after != before || now != version || string(again) != string(file) {
			t.Fatalf("move %q was refused (%d %s) but changed the game or its file", body, rec.Code, rec.Body)
		}
	})
}
