package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/laar/viceroy"
)

// ones is an endless input of "1" lines: the player always takes the first choice.
type ones struct{ n int }

func (o *ones) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "1\n"[o.n%2]
		o.n++
	}
	return len(p), nil
}

func TestPlaysToTheEnd(t *testing.T) {
	for _, ed := range []viceroy.Edition{viceroy.SecondEdition, viceroy.FirstEdition} {
		var out strings.Builder
		cfg := viceroy.Config{Players: 1, Virtual: 1, Edition: ed, Seed: 7}
		if err := run(&ones{}, &out, cfg); err != nil {
			t.Fatalf("%v: run: %v", ed, err)
		}
		got := out.String()
		for _, want := range []string{"The game is over", "Score sheet", "player 0", "single-colour circles",
			"attacks", "total", "Your solo score:"} {
			if !strings.Contains(got, want) {
				t.Errorf("%v: the output lacks %q; it ends with:\n%s", ed, want, tail(got, 30))
			}
		}
	}
}

// The final score printed is the game's own score for the same choices.
func TestScoreMatchesTheGame(t *testing.T) {
	cfg := viceroy.Config{Players: 1, Virtual: 1, Seed: 3}
	var out strings.Builder
	if err := run(&ones{}, &out, cfg); err != nil {
		t.Fatal(err)
	}
	g, err := viceroy.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		if g, err = g.Apply(me, g.Legal(me)[0]); err != nil {
			t.Fatal(err)
		}
	}
	sheet := g.Scores()[0]
	if !strings.Contains(out.String(), sheet.String()) {
		t.Errorf("the output does not hold the score sheet\n%v\nit ends with:\n%s", sheet, tail(out.String(), 20))
	}
}

func TestBadInputAsksAgain(t *testing.T) {
	in := io.MultiReader(strings.NewReader("hello\n0\n999\n\n"), &ones{})
	var out strings.Builder
	if err := run(in, &out, viceroy.Config{Players: 1, Virtual: 1, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "Please type a number from 1 to"); n != 4 {
		t.Errorf("%d re-prompts for 4 bad lines", n)
	}
	if !strings.Contains(out.String(), "Your solo score:") {
		t.Error("the game did not finish after the bad input")
	}
}

func TestEndOfInputLeavesCleanly(t *testing.T) {
	for _, input := range []string{"", "1\n2\n", "q\n"} {
		var out strings.Builder
		if err := run(strings.NewReader(input), &out, viceroy.Config{Players: 1, Virtual: 1, Seed: 1}); err != nil {
			t.Fatalf("input %q: %v", input, err)
		}
		if !strings.Contains(out.String(), "Goodbye") {
			t.Errorf("input %q: no goodbye; output ends with:\n%s", input, tail(out.String(), 5))
		}
		if strings.Contains(out.String(), "Your solo score:") {
			t.Errorf("input %q: a score for an unfinished game", input)
		}
	}
}

func TestBadConfig(t *testing.T) {
	if err := run(strings.NewReader(""), io.Discard, viceroy.Config{Players: 1}); err == nil {
		t.Error("a solo game without a virtual opponent started")
	}
}

func tail(s string, lines int) string {
	l := strings.Split(s, "\n")
	return strings.Join(l[max(0, len(l)-lines):], "\n")
}

// Against bots, the player plays seat 0 to the end while the bots play the others, and the score
// sheets of all are printed.
func TestPlaysAgainstBots(t *testing.T) {
	var bots []viceroy.Bot
	for _, level := range []string{"greedy", "basic"} {
		b, err := viceroy.NewBot(level, 1)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	var out strings.Builder
	if err := run(&ones{}, &out, viceroy.Config{Players: 3, Seed: 5}, bots...); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"against 2 bots", "The game is over", "player 1", "player 2", "total"} {
		if !strings.Contains(got, want) {
			t.Errorf("the output lacks %q; it ends with:\n%s", want, tail(got, 30))
		}
	}
	if err := run(&ones{}, &out, viceroy.Config{Players: 3, Seed: 5}, bots[0]); err == nil {
		t.Error("one bot for two other players accepted")
	}
}

// "h" lists every legal move with what a search found, and then asks again.
func TestHint(t *testing.T) {
	var out strings.Builder
	in := io.MultiReader(strings.NewReader("h\n"), &ones{})
	greedy, _ := viceroy.NewBot("greedy", 1)
	if err := run(in, &out, viceroy.Config{Players: 2, Seed: 5}, greedy); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	i := strings.Index(got, "Hint (")
	if i < 0 {
		t.Fatalf("no hint in the output:\n%s", tail(got, 30))
	}
	hint := got[i:]
	hint = hint[:strings.Index(hint, "Your choice")]
	if n := strings.Count(hint, "playouts, mean margin"); n < 2 {
		t.Errorf("the hint lists %d moves:\n%s", n, hint)
	}
}

// The hint marks one move, the best: the one the search would play (viceroy.BestMove), which
// had the most playouts, and lists it first.
func TestHintMarksTheBestMove(t *testing.T) {
	for _, cfg := range []viceroy.Config{{Players: 2, Seed: 5}, {Players: 1, Virtual: 1, Seed: 3}} {
		g, err := viceroy.NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		// Play on to the first decision of player 0's in a turn with a choice to make.
		for g.Turn() == 0 || len(g.Legal(me)) < 2 || !slices.Contains(g.ToMove(), me) {
			p := g.ToMove()[0]
			if g, err = g.Apply(p, g.Legal(p)[0]); err != nil {
				t.Fatal(err)
			}
		}
		v := g.View(me)
		var out strings.Builder
		ui := &terminal{out: &out}
		ui.hint(g, v)
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != 1+len(v.Legal) {
			t.Fatalf("%+v: %d lines for %d legal moves:\n%s", cfg, len(lines), len(v.Legal), out.String())
		}
		var marked []string
		for _, l := range lines[1:] {
			if strings.HasPrefix(strings.TrimSpace(l), "*") {
				marked = append(marked, l)
			}
		}
		if len(marked) != 1 || marked[0] != lines[1] {
			t.Fatalf("%+v: marked %q; want the first move listed:\n%s", cfg, marked, out.String())
		}
		values, err := hintValues(v)
		if err != nil {
			t.Fatal(err)
		}
		best := slices.Index(v.Legal, viceroy.BestMove(values))
		want := fmt.Sprintf("*%2d. %s:", best+1, viceroy.English.Describe(&g, me, v.Legal[best]))
		if !strings.Contains(marked[0], want) {
			t.Errorf("%+v: marked %q; the search's best move is %q", cfg, marked[0], want)
		}
		for _, mv := range values {
			if mv.Visits > values[best].Visits {
				t.Errorf("%+v: %v had more playouts than the best move", cfg, mv.Move)
			}
		}
	}
}
