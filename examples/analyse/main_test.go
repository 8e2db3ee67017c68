package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/laar/viceroy"
)

// TestAnalyseDemo: every decision with a choice is judged once, costs are never negative, the
// listing names each player and at most -worst decisions each, and the same record and seed give
// the same analysis.
func TestAnalyseDemo(t *testing.T) {
	rec, err := demoRecord(3)
	if err != nil {
		t.Fatal(err)
	}
	opts := viceroy.SearchOptions{Playouts: 8, Seed: 2}
	a, err := analyse(rec, opts, func(int, int) {})
	if err != nil {
		t.Fatal(err)
	}
	g, err := viceroy.NewGame(rec.Config)
	if err != nil {
		t.Fatal(err)
	}
	choices := 0
	for _, pm := range rec.Moves {
		if len(g.Legal(pm.Player)) > 1 {
			choices++
		}
		g, _ = g.Apply(pm.Player, pm.Move)
	}
	if len(a.decisions) != choices {
		t.Errorf("%d decisions judged, %d had a choice", len(a.decisions), choices)
	}
	for _, d := range a.decisions {
		if d.cost < 0 || d.value.Move != d.made || d.best.Visits == 0 {
			t.Errorf("move %d: cost %v, value of %v for %v, best visited %d times", d.index, d.cost, d.value.Move, d.made, d.best.Visits)
		}
	}
	var out strings.Builder
	a.print(&out, 2)
	text := out.String()
	for _, want := range []string{"player 0, final score", "player 1, final score", "  1. move", "  2. move"} {
		if !strings.Contains(text, want) {
			t.Errorf("the listing lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "  3. move") {
		t.Errorf("more than 2 decisions listed:\n%s", text)
	}
	again, err := analyse(rec, opts, func(int, int) {})
	if err != nil {
		t.Fatal(err)
	}
	var out2 strings.Builder
	again.print(&out2, 2)
	if out2.String() != text {
		t.Errorf("two analyses differ:\n%s\n%s", text, out2.String())
	}
}

// A record reads the same from its text and its JSON; a record that is not one is refused.
func TestReadRecord(t *testing.T) {
	rec, err := demoRecord(4)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	text, _ := rec.MarshalText()
	js, _ := json.Marshal(rec)
	for name, b := range map[string][]byte{"game.txt": text, "game.json": js} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := readRecord(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if d := cmp.Diff(rec, got); d != "" {
			t.Errorf("%s reads as another record:\n%s", name, d)
		}
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("not a record\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := readRecord(bad); err == nil {
		t.Error("a file that is no record was read")
	}
	rec.Moves[3].Move = viceroy.Move{Kind: viceroy.Pass}
	if _, err := analyse(rec, viceroy.SearchOptions{Playouts: 2}, func(int, int) {}); err == nil {
		t.Error("a record with an illegal move was analysed")
	}
}
