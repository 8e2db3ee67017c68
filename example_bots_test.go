package viceroy_test

import (
	"fmt"
	"strings"

	"github.com/laar/viceroy"
)

// NewBot names the bundled bots by level, weakest first; a tournament or a game server lets its
// users pick one by that name.
func ExampleNewBot() {
	fmt.Println(strings.Join(viceroy.BotLevels(), ", "))
	basic, _ := viceroy.NewBot("basic", 1)
	greedy, _ := viceroy.NewBot("greedy", 2)
	g, err := viceroy.PlayGame(viceroy.Config{Players: 2, Seed: 4}, basic, greedy)
	if err != nil {
		panic(err)
	}
	fmt.Println("over:", g.Over())
	_, err = viceroy.NewBot("grandmaster", 1)
	fmt.Println(err != nil)
	// Output:
	// random, basic, greedy-2026, greedy, search-2026, search
	// over: true
	// true
}

// Analyse gives every legal move of a player's decision with what a search found of it from the
// player's view: a hint for a user interface, or the yardstick of an analysis tool. The move to
// play is the one with the most playouts (BestMove).
func ExampleAnalyse() {
	g, err := viceroy.NewGame(viceroy.Config{Players: 2, Seed: 1})
	if err != nil {
		panic(err)
	}
	v := g.View(0) // the choice of a starting card
	values, err := viceroy.Analyse(v, viceroy.SearchOptions{Playouts: 64, Seed: 1})
	if err != nil {
		panic(err)
	}
	visits := 0
	for _, mv := range values {
		visits += mv.Visits
	}
	fmt.Println(len(values) == len(v.Legal), visits)
	best := viceroy.BestMove(values)
	fmt.Println(best.Kind == viceroy.KeepInPyramid)
	// Output:
	// true 64
	// true
}

// PlayHistory plays a bot game and keeps it: its record, to save and replay, and its log.
func ExamplePlayHistory() {
	a, _ := viceroy.NewBot("greedy", 1)
	b, _ := viceroy.NewBot("basic", 2)
	h, err := viceroy.PlayHistory(viceroy.Config{Players: 2, Seed: 4}, a, b)
	if err != nil {
		panic(err)
	}
	text, _ := h.Record().MarshalText()
	var rec viceroy.Record
	if err := rec.UnmarshalText(text); err != nil {
		panic(err)
	}
	g, err := viceroy.Replay(rec)
	fmt.Println(err == nil && g == h.Game(), g.Over())
	fmt.Println(strings.SplitN(string(text), "\n", 6)[:5])
	// Output:
	// true true
	// [version 2 players 2 virtual 0 edition second seed 4]
}
