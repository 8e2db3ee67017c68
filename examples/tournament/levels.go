package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/laar/viceroy"
)

// A bot's spec names a level and, for the search levels, may change its budget:
//
//	search*4          four times the level's playouts a decision (viceroy.DefaultPlayouts)
//	search-2026@50ms  a budget of 50ms a decision, whatever the playouts (the search stops between
//	                  batches of playouts once the time has passed)
//	search*4@50ms     whichever ends first
//
// The yardstick "search-2026" takes a time budget only. "exec:program args" is a program of one's
// own that answers on standard input and output (execBot).
//
// Every search level plays out on one goroutine here, so that its time is one core's (what it
// finds does not depend on the goroutines: viceroy.SearchOptions.Workers).
type spec struct {
	level string
	exec  []string      // the program and its arguments, for "exec:"
	times float64       // playouts as a multiple of the level's; 0 for the level's own
	time  time.Duration // a time budget a decision; 0 for none
}

// searchLevels are the search levels whose budget a spec may change (viceroy.SearchOptions.Level).
var searchLevels = map[string]bool{"search": true, "search-2026": true}

// parseSpec reads a bot's spec.
func parseSpec(s string) (spec, error) {
	var sp spec
	if command, ok := strings.CutPrefix(s, "exec:"); ok {
		sp.level, sp.exec = s, strings.Fields(command)
		if len(sp.exec) == 0 {
			return sp, fmt.Errorf("bot %q: exec: names no program", s)
		}
		return sp, nil
	}
	rest, at, hasTime := strings.Cut(s, "@")
	if hasTime {
		d, err := time.ParseDuration(at)
		if err != nil || d <= 0 {
			return sp, fmt.Errorf("bot %q: %q is not a positive duration", s, at)
		}
		sp.time = d
	}
	level, factor, hasFactor := strings.Cut(rest, "*")
	if hasFactor {
		f, err := strconv.ParseFloat(factor, 64)
		if err != nil || f <= 0 {
			return sp, fmt.Errorf("bot %q: %q is not a positive factor", s, factor)
		}
		sp.times = f
	}
	sp.level = level
	switch {
	case !searchLevels[level] && (hasTime || hasFactor):
		return sp, fmt.Errorf("bot %q: only the search levels (search, search-2026) take a budget", s)
	case level != "search" && hasFactor:
		return sp, fmt.Errorf("bot %q: only search takes a multiple of its playouts (search-2026 takes a time)", s)
	}
	return sp, nil
}

// withTime returns the spec with a time budget of d a decision if it is a search level that has
// none of its own.
func (sp spec) withTime(d time.Duration) spec {
	if searchLevels[sp.level] && sp.time == 0 {
		sp.time = d
	}
	return sp
}

// String writes the spec back.
func (sp spec) String() string {
	s := sp.level
	if sp.times > 0 {
		s += "*" + strconv.FormatFloat(sp.times, 'g', -1, 64)
	}
	if sp.time > 0 {
		s += "@" + sp.time.String()
	}
	return s
}

// newBot returns the bot of a spec: one of viceroy.NewBot's levels, "oneply" (onePly), a program
// of one's own (execBot), or a search level with a budget of its own.
func (sp spec) newBot(seed uint64) (viceroy.Bot, error) {
	switch {
	case sp.exec != nil:
		return &execBot{args: sp.exec}, nil
	case sp.level == "oneply":
		return newOnePly(seed), nil
	case !searchLevels[sp.level]:
		return viceroy.NewBot(sp.level, seed)
	}
	opts := viceroy.SearchOptions{Level: sp.level, Time: sp.time, Workers: 1}
	switch {
	case sp.times > 0:
		opts.Playouts = max(1, int(sp.times*viceroy.DefaultPlayouts))
	case sp.time > 0:
		opts.Playouts = 1 << 30 // the time alone ends the search
	}
	return viceroy.NewSearchBot(seed, opts)
}
