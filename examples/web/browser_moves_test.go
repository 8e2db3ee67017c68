package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/laar/viceroy"
)

// The page at decisions a newcomer meets in most games but a random walk through a game reaches
// only now and then: gems taken one at a time on a phone, a reward the reserve cut short, the
// circles painted at the end. Each test plays its seat over the API up to the decision, with the
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

// gemRowJS returns where the reserve's gems and the prompt's bottom are in the viewport, and
// whether a menu is open.
const gemRowJS = `({gems: [...document.querySelectorAll('#supply .gem')].map((g) => { const r = g.getBoundingClientRect(); return [r.left, r.top, r.width]; }),
	menu: !document.getElementById('menu').hidden, version: Number(document.body.dataset.version),
	prompt: document.getElementById('prompt').textContent})`

// TestBrowserGemPicksOnAPhone takes gems one at a time from the reserve on a phone: each tap on
// a gem takes it at once (a gem has nothing to preview beyond itself, unlike a place or a card,
// whose tap still only selects), the prompt says so, and the row of gems does not move between
// picks, though the prompt's words get shorter and a count may lose a digit.
func TestBrowserGemPicksOnAPhone(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "greedy")
	st := reachDecision(t, ts, j, 2, viceroy.ChooseGem, func(st state) bool {
		return st.View.Progress.Acting >= 0 && st.View.Progress.Left >= 3 && len(st.Moves) >= 2
	})
	left := st.View.Progress.Left
	pg, ce := phonePageAt(t, ts, j, st.Version)
	type row struct {
		Gems    [][3]float64 `json:"gems"`
		Menu    bool         `json:"menu"`
		Version int          `json:"version"`
		Prompt  string       `json:"prompt"`
	}
	var before row
	pg.run(10*time.Second, "find the gems", chromedp.Evaluate(gemRowJS, &before))
	if !strings.Contains(before.Prompt, "Tap a gem of the reserve to take it") {
		pg.fail("the prompt of gems on a phone says %q", before.Prompt)
	}
	for taken := 1; taken <= left; taken++ {
		var nodes []*cdp.Node
		pg.run(10*time.Second, "find a gem to take", chromedp.Nodes(`#supply .gem.legal`, &nodes, chromedp.ByQuery))
		pg.run(10*time.Second, "tap a gem", tapNode(nodes[(taken*7)%len(nodes)]))
		pg.run(10*time.Second, "see the gem taken", chromedp.Poll(fmt.Sprintf(`Number(document.body.dataset.version) > %d && document.body.dataset.busy !== 'true'`, before.Version), nil))
		var after row
		pg.run(10*time.Second, "find the gems again", chromedp.Evaluate(gemRowJS, &after))
		if after.Menu {
			pg.fail("a tap on a gem opened a menu: the pick is not made at once")
		}
		if after.Version != before.Version+1 {
			t.Logf("the version went from %d to %d (another player moved)", before.Version, after.Version)
		}
		if taken < left {
			for i := range before.Gems {
				for k, what := range []string{"left", "top", "width"} {
					if d := after.Gems[i][k] - before.Gems[i][k]; d > 0.5 || d < -0.5 {
						pg.fail("after gem %d of %d, the reserve's gem %d moved: its %s went from %.1f to %.1f", taken, left, i, what, before.Gems[i][k], after.Gems[i][k])
					}
				}
			}
		}
		before = after
	}
	g := ts.heldGame(t, j.Game)
	if d := g.Decision(0); d == viceroy.ChooseGem {
		t.Fatalf("after %d taps the seat still takes gems", left)
	}
	ce.check(t)
	t.Logf("%d gems taken with %d taps", left, left)
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

// TestBrowserPaintPreview paints at the end of a game on a phone: a tap on a circle opens a menu
// whose every colour shows the circle as it is (the sectors the library holds) and as it would
// be, all of that colour, with what it costs; on a desktop, a mouse over a circle with one colour
// to paint shows that paint on the circle itself.
func TestBrowserPaintPreview(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "greedy")
	st := reachDecision(t, ts, j, 6, viceroy.ChoosePainting, func(st state) bool { // 6: a circle of one colour to paint
		n := 0
		for _, d := range st.Moves {
			if d.Move.Kind == viceroy.Paint {
				n++
			}
		}
		return n >= 2
	})
	pg, ce := phonePageAt(t, ts, j, st.Version)
	var nodes []*cdp.Node
	var key string
	pg.run(10*time.Second, "find the circle with the most colours", chromedp.Evaluate(`(() => {
		const moves = targets();
		const all = [...document.querySelectorAll('#me .circle.legal')];
		const g = all.reduce((a, b) => (moves.get(b.dataset.key) || []).length > (moves.get(a.dataset.key) || []).length ? b : a);
		g.setAttribute('data-pick', '1');
		return g.dataset.key;
	})()`, &key), chromedp.Nodes(`[data-pick]`, &nodes, chromedp.ByQuery))
	pg.run(10*time.Second, "tap the circle", tapNode(nodes[0]), chromedp.WaitVisible(`#menu .menu-item`, chromedp.ByQuery))
	var items []struct {
		Before string `json:"before"`
		After  string `json:"after"`
		Text   string `json:"text"`
	}
	pg.run(10*time.Second, "read the menu", chromedp.Evaluate(`[...document.querySelectorAll('#menu .menu-item')].map((b) => {
		const p = b.querySelector('.paint-preview');
		return {before: p ? p.dataset.before : '', after: p ? p.dataset.after : '', text: b.textContent};
	})`, &items))
	var at viceroy.Place
	if _, err := fmt.Sscanf(key, "circle:%d:%d", &at.Level, &at.Col); err != nil {
		t.Fatalf("the circle's key %q: %v", key, err)
	}
	g := ts.heldGame(t, j.Game)
	pyr := g.Tableau(0).Pyramid
	sec := func(l, x int8, s int) string {
		return pyr.At(viceroy.Place{Level: l, Col: x}).Card().Sectors[s].String()
	}
	now := []string{sec(at.Level, at.Col, viceroy.BottomLeft), sec(at.Level, at.Col, viceroy.BottomRight),
		sec(at.Level-1, at.Col, viceroy.TopRight), sec(at.Level-1, at.Col+1, viceroy.TopLeft)}
	if len(items) == 0 {
		pg.fail("the menu of a circle offers nothing")
	}
	for _, it := range items {
		if it.Before != strings.Join(now, ",") {
			pg.fail("the menu shows the circle at %v as %q, the library holds %v", at, it.Before, now)
		}
		after := strings.Split(it.After, ",")
		if len(after) != 4 || len(slices.Compact(slices.Clone(after))) != 1 {
			pg.fail("the circle painted is shown as %q, not of one colour", it.After)
		}
		cost := 0
		for _, c := range now {
			if c != after[0] {
				cost++
			}
		}
		if !strings.Contains(it.Text, fmt.Sprintf("circle %s: %d gem", after[0], cost)) {
			pg.fail("the menu item %q does not say it costs %d gems", it.Text, cost)
		}
	}
	t.Logf("the circle at %v, %v, offers %d colours", at, now, len(items))
	pg.run(10*time.Second, "cancel", chromedp.Click(`#menu .menu-cancel`, chromedp.ByQuery))
	// On a desktop: hovering a circle with one colour to paint shows it painted.
	pg.run(10*time.Second, "lay out as a desktop", desktopSize(), chromedp.Evaluate(`draw(), 0`, nil))
	var one []float64
	pg.run(10*time.Second, "find a circle of one colour", chromedp.Evaluate(`(() => {
		const moves = targets();
		const g = [...document.querySelectorAll('#me .circle.legal')].find((c) => (moves.get(c.dataset.key) || []).length === 1);
		if (!g) return [];
		g.scrollIntoView({block: 'center', behavior: 'instant'});
		const r = g.getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`, &one))
	if len(one) == 2 {
		var ghost bool
		pg.run(10*time.Second, "hover the circle", chromedp.ActionFunc(func(ctx context.Context) error {
			return input.DispatchMouseEvent(input.MouseMoved, one[0], one[1]).Do(ctx)
		}), chromedp.Sleep(100*time.Millisecond), chromedp.Evaluate(`document.querySelector('#me .paint-ghost') !== null`, &ghost))
		if !ghost {
			pg.fail("a mouse over a circle with one colour to paint does not show it painted")
		}
	} else {
		pg.fail("no circle with one colour to paint: the hover is not tried (the game played is not the one this test chose)")
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

// TestBrowserPlayMenuNamesOpenPlaces taps, on a phone, a card of the hand that may be played: its
// menu names the levels of the open places of the player's pyramid (the library's Pyramid.Places),
// each with its cost, before the player chooses to play it.
func TestBrowserPlayMenuNamesOpenPlaces(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "greedy")
	st := reachDecision(t, ts, j, 5, viceroy.ChooseDevelopment, func(st state) bool {
		for _, d := range st.Moves {
			if d.Move.Kind == viceroy.Play && d.Move.Card.IsCharacter() && st.View.Turn >= 4 {
				return true
			}
		}
		return false
	})
	var card viceroy.CardID
	for _, d := range st.Moves {
		if d.Move.Kind == viceroy.Play && d.Move.Card.IsCharacter() {
			card = d.Move.Card
		}
	}
	pg := page{t, openBrowser(t), ts}
	pg.run(10*time.Second, "lay out as a phone", phoneSize())
	pg.seatIn(j)
	pg.run(20*time.Second, "see the decision", chromedp.Poll(fmt.Sprintf(`Number(document.body.dataset.version) >= %d && document.querySelector('#board .legal') !== null`, st.Version), nil))
	var nodes []*cdp.Node
	var note string
	pg.run(10*time.Second, "tap the card", chromedp.Nodes(fmt.Sprintf(`#me .hand-card g.legal[data-card="%d"]`, card), &nodes, chromedp.ByQuery))
	pg.run(10*time.Second, "read its menu", tapNode(nodes[0]), chromedp.WaitVisible(`#menu .places-note`, chromedp.ByQuery),
		chromedp.Text(`#menu .places-note`, &note, chromedp.ByQuery))
	levels := map[int8]bool{}
	g := ts.heldGame(t, j.Game)
	for _, at := range g.Tableau(0).Pyramid.Places(false) {
		levels[at.Level] = true
	}
	for l := int8(1); l <= 5; l++ {
		if said := strings.Contains(note, fmt.Sprintf("level %d (costs ", l)); said != levels[l] {
			pg.fail("the menu of %v says %q: level %d named %v, open %v", card, note, l, said, levels[l])
		}
	}
	t.Logf("the menu of %v: %s", card, note)
}

// phonePageAt opens a page of phone size at j's seat, listening for console errors, and waits
// until it shows the decision of version v or a later one.
func phonePageAt(t *testing.T, ts testServer, j joined, v int) (page, *consoleErrors) {
	t.Helper()
	return pageAt(t, ts, j, v, phoneSize(), "#board .legal")
}

// pageAt opens a page of the given size at j's seat, listening for console errors, and waits
// until it shows the decision of version v or a later one: an element that ready selects.
func pageAt(t *testing.T, ts testServer, j joined, v int, size chromedp.Action, ready string) (page, *consoleErrors) {
	t.Helper()
	pg := page{t, openBrowser(t), ts}
	ce := new(consoleErrors)
	ce.listen(pg)
	pg.run(10*time.Second, "lay out the page", size)
	pg.seatIn(j)
	pg.run(20*time.Second, "see the decision", chromedp.Poll(fmt.Sprintf(`Number(document.body.dataset.version) >= %d && document.querySelector(%q) !== null`, v, ready), nil))
	return pg, ce
}
