package viceroy

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden records in testdata/records")

// goldenConfigs are the games kept as golden records, one of each edition.
var goldenConfigs = []Config{
	{Players: 3, Virtual: 1, Edition: FirstEdition, Seed: 2026},
	{Players: 4, Seed: 17},
}

// goldenResult sums up a finished game for a golden record: its summary and every score sheet.
func goldenResult(g Game) string {
	lines := []string{"# result: " + g.String()}
	for _, s := range g.Scores() {
		lines = append(lines, fmt.Sprintf("# %v: circles %d, infinite gems %d, laws %d, power points %d, magic %d, sets %d, attacks %d, total %d",
			s.Player, s.Circles, s.InfiniteGems, s.Laws, s.PowerPoints, s.Magic, s.Sets, s.Attacks, s.Total))
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestGoldenRecords replays the golden records of testdata/records, random games kept as text with
// their result, and checks that they still end the same way. A record replays only in the
// RulesVersion that made it: if this test fails, the decisions a game asks have changed, so
// RulesVersion must grow, and the golden records be written anew with
// "go test -run TestGoldenRecords -update".
func TestGoldenRecords(t *testing.T) {
	for _, cfg := range goldenConfigs {
		name := filepath.Join("testdata", "records", fmt.Sprintf("%d+%d-%s-%d.txt", cfg.Players, cfg.Virtual,
			strings.Fields(cfg.Edition.String())[0], cfg.Seed))
		if *update {
			rec, g := randomRecord(t, cfg, cfg.Seed)
			text, err := rec.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, append(text, goldenResult(g)...), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var rec Record
		if err := rec.UnmarshalText(b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, err := Replay(rec)
		if err != nil {
			t.Fatalf("%s no longer replays (%v): if the decisions changed, RulesVersion must grow; then run go test -run TestGoldenRecords -update", name, err)
		}
		_, want, _ := strings.Cut(string(b), "# result: ")
		if got := goldenResult(g); !g.Over() || got != "# result: "+want {
			t.Errorf("%s ends differently: if the rules changed, RulesVersion must grow; then run go test -run TestGoldenRecords -update\ngot:\n%swant:\n# result: %s", name, got, want)
		}
	}
}
