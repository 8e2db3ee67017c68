package main

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/laar/viceroy"
)

// Specs read back as written; the budget goes only to search levels; bad factors and durations
// are refused.
func TestParseSpec(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want spec
	}{
		{"greedy", spec{level: "greedy"}},
		{"search", spec{level: "search"}},
		{"search*4", spec{level: "search", times: 4}},
		{"search-2026@50ms", spec{level: "search-2026", time: 50 * time.Millisecond}},
		{"search*0.5@1s", spec{level: "search", times: 0.5, time: time.Second}},
		{"exec:/bin/bot -x a*b@c", spec{level: "exec:/bin/bot -x a*b@c", exec: []string{"/bin/bot", "-x", "a*b@c"}}},
	} {
		got, err := parseSpec(tc.in)
		if err != nil || !reflect.DeepEqual(got, tc.want) || got.String() != tc.in {
			t.Errorf("parseSpec(%q) = %+v (%q), %v; want %+v", tc.in, got, got.String(), err, tc.want)
		}
	}
	for _, bad := range []string{"greedy*2", "random@1s", "search*0", "search*x", "search@-1s", "search@soon", "exec:", "exec: ", "search-2026*2", "search-tree@1s"} {
		if sp, err := parseSpec(bad); err == nil {
			t.Errorf("parseSpec(%q) = %+v, want an error", bad, sp)
		}
	}
	if sp := (spec{level: "greedy"}).withTime(time.Second); sp.time != 0 {
		t.Errorf("greedy given a time budget: %+v", sp)
	}
	if sp := (spec{level: "search", time: time.Millisecond}).withTime(time.Second); sp.time != time.Millisecond {
		t.Errorf("a search's own budget replaced: %+v", sp)
	}
}

// Every search bot a tournament makes is of the type of the library's search level; -time reaches
// the searches and shows in the report; two searches given budgets play a game.
func TestSearchSpecsPlay(t *testing.T) {
	tour := tournament{Games: 1, Players: 2, Bots: [2]string{"search*0.01", "search-2026@1ms"}, Seed: 2, Workers: 1}
	search, _ := viceroy.NewBot("search", 1)
	for _, sp := range []string{"search", "search-2026", "search*2", "search@1ms"} {
		s, err := parseSpec(sp)
		if err != nil {
			t.Fatal(err)
		}
		b, err := s.newBot(1)
		if err != nil || reflect.TypeOf(b) != reflect.TypeOf(search) {
			t.Errorf("%s: %T, %v", sp, b, err)
		}
	}
	res, err := tour.run(func() {})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	res.print(&b)
	if !strings.Contains(b.String(), "A (search*0.01)") || !strings.Contains(b.String(), "cpu ms") {
		t.Errorf("report:\n%s", b.String())
	}
	tour.Time = 3 * time.Millisecond
	if names := tour.names(); names != [2]string{"search*0.01@3ms", "search-2026@1ms"} {
		t.Errorf("with -time 3ms the bots are %q", names)
	}
}
