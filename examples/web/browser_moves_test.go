package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/laar/viceroy"
)

// The page at decisions a newcomer meets in most games but a random walk through a game reaches
// only now and then: a reward the reserve cut short. Each test plays its seat over the API up to the decision, with the
// page open, and then looks at the page.

// reachDecision plays seat j at random (seed) over the API until its decision is d and until
// holds, and returns that state.
func reachDecision(t *testing.T, ts testServer, j joined, seed uint64, d viceroy.Decision, until func(state) bool) state {
	t.Helper()
	st, _, err := playUntil(ts.url, j, randomPick(seed), func(st state) bool {
		return st.View.Decision == d && len(st.Moves) > 0 && until(st)
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.View.Decision != d {
		t.Fatalf("the game ended before seat %d's decision %v", j.Seat, d)
	}
	return st
}

// TestBrowserTellsAShortReward plays a seat over the API with its page open, until the reserve
// cuts one of its rewards (or a pass, or a discard) short: the prompt, where the player sees the
// reward happen, says so, with the words of the seat's log; once the player moves again on the
// page, the note is gone.
func TestBrowserTellsAShortReward(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "greedy")
	pg := page{t, openBrowser(t), ts}
	var ce consoleErrors
	ce.listen(pg)
	pg.run(10*time.Second, "lay out as a desktop", desktopSize())
	pg.seatIn(j)
	var short string
	st, _, err := playUntil(ts.url, j, randomPick(4), func(st state) bool {
		for _, l := range st.Log {
			if l.Short != "" {
				short = l.Short
			}
		}
		return short != ""
	})
	if err != nil {
		t.Fatal(err)
	}
	if short == "" {
		t.Fatal("the reserve cut no reward of the seat short in a whole game")
	}
	var prompt string
	pg.run(20*time.Second, "see the note", chromedp.Poll(fmt.Sprintf(`Number(document.body.dataset.version) >= %d`, st.Version), nil),
		chromedp.Poll(`document.querySelector('#prompt .prompt-short') !== null`, nil),
		chromedp.Text(`#prompt`, &prompt, chromedp.ByQuery))
	if !strings.Contains(prompt, short) || !strings.Contains(short, "reserve") {
		pg.fail("the prompt says %q, not the seat's note %q", prompt, short)
	}
	t.Logf("the prompt says: %s", short)
	if st.View.Over {
		return
	}
	// The player moves on the page: the note is no longer news. A click may open a menu, and
	// the next one chooses in it: a few clicks make a move.
	c := newClicker(pg, 7)
	gone := func() bool {
		return pg.try(3*time.Second, chromedp.Poll(`!document.getElementById('prompt').textContent.includes(`+fmt.Sprintf("%q", short)+`)`, nil)) == nil
	}
	for clicks := 0; !gone(); clicks++ {
		ready, _, version := c.ready(20 * time.Second)
		if ready == "" || ready == "over" || clicks > 5 {
			pg.fail("after %d clicks the prompt still says %q (the page is ready for %q)", clicks, short, ready)
		}
		c.click(ready, version)
	}
	ce.check(t)
}

// TestBrowserNewGameSaysWhatVirtualOpponentsAre opens the new-game form: the choice of virtual
// opponents says what they are, next to it and for a screen reader.
func TestBrowserNewGameSaysWhatVirtualOpponentsAre(t *testing.T) {
	t.Parallel()
	pg := page{t, openBrowser(t), serve(t, t.TempDir())}
	pg.run(10*time.Second, "lay out as a phone", phoneSize())
	var note, describedBy string
	var visible bool
	pg.run(20*time.Second, "open the form", chromedp.Navigate(pg.ts.url+"/"), chromedp.WaitVisible(`#new-game`, chromedp.ByQuery),
		chromedp.AttributeValue(`select[name=virtual]`, "aria-describedby", &describedBy, nil, chromedp.ByQuery),
		chromedp.Text(`#virtual-note`, &note, chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const r = document.getElementById('virtual-note').getBoundingClientRect(); return r.height > 0 && r.top < innerHeight; })()`, &visible))
	if describedBy != "virtual-note" || !visible {
		pg.fail("the note on virtual opponents is not tied to its choice (%q) or not in view (%v)", describedBy, visible)
	}
	for _, want := range []string{"auction only", "at random", "discarded", "solo"} {
		if !strings.Contains(note, want) {
			pg.fail("the note on virtual opponents %q does not say %q", note, want)
		}
	}
}
