package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
	"github.com/laar/viceroy"
)

// The page as a newcomer meets it: on a phone and on a desktop, learning the game from the page,
// and kept up to date by the server's pushes.

// phoneSize lays the page out as a phone's: 390 x 844 CSS pixels, a touch screen.
func phoneSize() chromedp.Action {
	return chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulateMobile, chromedp.EmulateTouch)
}

// desktopSize lays the page out as a desktop's: 1280 x 900, a mouse.
func desktopSize() chromedp.Action {
	return chromedp.Tasks{chromedp.EmulateViewport(1280, 900), emulation.SetTouchEmulationEnabled(false)}
}

// consoleErrors gathers what the page reports as errors: uncaught exceptions, console.error, and
// the browser's own log entries of level error (a resource that fails to load).
type consoleErrors struct {
	mu   sync.Mutex
	errs []string
}

func (ce *consoleErrors) listen(pg page) {
	chromedp.ListenTarget(pg.ctx, func(ev any) {
		var msg string
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			msg = "exception: " + e.ExceptionDetails.Error()
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				msg = "console.error: " + strings.Join(parts, " ")
			}
		case *cdplog.EventEntryAdded:
			if e.Entry.Level == cdplog.LevelError {
				msg = fmt.Sprintf("log: %s %s", e.Entry.Text, e.Entry.URL)
			}
		}
		if msg != "" {
			ce.mu.Lock()
			ce.errs = append(ce.errs, msg)
			ce.mu.Unlock()
		}
	})
	pg.run(10*time.Second, "follow the console", runtime.Enable(), cdplog.Enable())
}

// check fails the test for every error reported, but those that contain one of the expected.
func (ce *consoleErrors) check(t *testing.T, expected ...string) {
	t.Helper()
	ce.mu.Lock()
	defer ce.mu.Unlock()
	for _, e := range ce.errs {
		if !slices.ContainsFunc(expected, func(x string) bool { return strings.Contains(e, x) }) {
			t.Errorf("the page reported an error: %s", e)
		}
	}
}

// overflowJS lists the elements that reach out of the viewport's width, other than those inside a
// box that scrolls or clips them and itself fits.
const overflowJS = `(() => {
	const vw = document.documentElement.clientWidth;
	const fits = (r) => r.left >= -1 && r.right <= vw + 1;
	const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.getAttribute('class') ? '.' + e.getAttribute('class').split(' ').join('.') : '');
	const bad = [];
	for (const e of document.querySelectorAll('body *')) {
		const r = e.getBoundingClientRect();
		if ((r.width === 0 && r.height === 0) || fits(r)) continue;
		let held = false;
		for (let a = e.parentElement; a && a !== document.body && !held; a = a.parentElement) {
			const o = getComputedStyle(a).overflowX;
			held = (o === 'auto' || o === 'scroll' || o === 'hidden') && fits(a.getBoundingClientRect());
		}
		if (!held) bad.push(name(e) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
	}
	if (document.documentElement.scrollWidth > vw) bad.push('the page is ' + document.documentElement.scrollWidth + ' wide');
	return bad.slice(0, 8);
})()`

// fitsScreen checks that nothing on the page, as it is laid out now, is wider than the screen.
func (pg page) fitsScreen(what string) {
	pg.t.Helper()
	var bad []string
	pg.run(10*time.Second, "measure the page", chromedp.Evaluate(`new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))`, nil,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }), chromedp.Evaluate(overflowJS, &bad))
	if len(bad) > 0 {
		pg.fail("%s: wider than the screen: %s", what, strings.Join(bad, "; "))
	}
}

// inViewJS says whether something the player may choose is in view, below the sticky bar of the
// prompt (or in the bar, or in an open menu).
const inViewJS = `(() => {
	if (!document.getElementById('menu').hidden) return true;
	const bar = document.getElementById('bar');
	const below = bar.getBoundingClientRect().bottom;
	return [...document.querySelectorAll('#board .legal')].some((e) => {
		if (bar.contains(e)) return true;
		const r = e.getBoundingClientRect();
		return r.width > 0 && r.bottom > below + 4 && r.top < window.innerHeight - 4 && r.right > 0 && r.left < window.innerWidth;
	});
})()`

// placesJS returns the words drawn on each place the player may choose in the pyramid.
const placesJS = `[...document.querySelectorAll('.place.legal')].map((p) => p.textContent)`

// decisionJS reads what the page shows of the decision: whether something to choose is in view,
// the words of the places offered, the card being played, the decision, the prompt's words, the
// places drawn open (offered, or greyed as too dear) and the words of the buttons.
const decisionJS = `({seen: ` + inViewJS + `, places: ` + placesJS + `, playing: (st && st.view.playing) || 0,
	decision: st.view.decision, prompt: document.getElementById('prompt').textContent,
	open: [...document.querySelectorAll('#me .place')].map((p) => p.dataset.place),
	closed: [...document.querySelectorAll('#me .place.closed')].map((p) => p.dataset.place),
	buttons: [...document.querySelectorAll('#actions button')].map((b) => b.textContent)})`

// onEveryDecision returns a check, run before each click on a decision, that what the player must
// decide is in view and that every place offered shows its cost. While placing a card, the prompt
// says how a pyramid grows, and the places drawn are the open places of the rules (the library's
// Pyramid.Places), those the player cannot pay for greyed; a claim says how claims resolve; the
// level-5 reward of rows 1-3 says what those rows give.
func (pg page) onEveryDecision() func() {
	return func() {
		pg.t.Helper()
		var d struct {
			Seen     bool     `json:"seen"`
			Places   []string `json:"places"`
			Playing  int      `json:"playing"`
			Decision string   `json:"decision"`
			Prompt   string   `json:"prompt"`
			Open     []string `json:"open"`
			Closed   []string `json:"closed"`
			Buttons  []string `json:"buttons"`
		}
		pg.run(10*time.Second, "look at the decision", chromedp.Evaluate(decisionJS, &d))
		if !d.Seen {
			pg.fail("nothing the player may choose is in view")
		}
		for _, p := range d.Places {
			if d.Playing != 0 && d.Playing <= 64 && !strings.Contains(p, "costs") {
				pg.fail("a place for %d shows %q, not its cost", d.Playing, p)
			}
		}
		switch d.Decision {
		case "place":
			if !strings.Contains(d.Prompt, "side by side") {
				pg.fail("placing %d, the prompt does not say how a pyramid grows: %q", d.Playing, d.Prompt)
			}
			if d.Playing == 65 { // 65 Succession takes the place of a card
				break
			}
			g := pg.ts.heldGame(pg.t, pg.ts.onlyGame(pg.t))
			var want []string
			for _, at := range g.Tableau(0).Pyramid.Places(viceroy.CardID(d.Playing).IsLaw()) {
				want = append(want, fmt.Sprintf("%d:%d", at.Level, at.Col))
			}
			slices.Sort(want)
			slices.Sort(d.Open)
			if !slices.Equal(want, d.Open) {
				pg.fail("placing %d, the places drawn are %v (%v greyed), the open places %v", d.Playing, d.Open, d.Closed, want)
			}
			if len(d.Closed) > 0 && !strings.Contains(d.Prompt, "Greyed") {
				pg.fail("places are greyed and the prompt does not say why: %q", d.Prompt)
			}
		case "claim":
			if !strings.Contains(d.Prompt, "The same card: neither") {
				pg.fail("a claim does not say how claims resolve: %q", d.Prompt)
			}
		case "reward":
			for _, b := range d.Buttons {
				if strings.Contains(b, "rows 1-3") && !strings.Contains(b, "then") {
					pg.fail("the level-5 reward %q does not say what the rows give", b)
				}
			}
		}
	}
}

// rowsReadJS returns, for every row of rewards of the cards in the auction and the hand (a pyramid
// is drawn whole, as small as that takes, its cards' words a tap away), the height of its words on the screen in CSS pixels, and whether the page
// says how to read a card in words.
const rowsReadJS = `(() => {
	const sizes = [...document.querySelectorAll('#auction text.row, #me .hand text.row')].filter((t) => t.getBoundingClientRect().width > 0)
		.map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().d);
	const note = document.querySelector('#auction .read-note');
	return {sizes, note: note ? note.textContent : ''};
})()`

// rowsReadable checks that the rows of rewards on the cards are drawn at least minPx high, and
// that the page says how to read a card in words.
func (pg page) rowsReadable(minPx float64, tap bool) {
	pg.t.Helper()
	var r struct {
		Sizes []float64 `json:"sizes"`
		Note  string    `json:"note"`
	}
	pg.run(10*time.Second, "measure the rows of the cards", chromedp.Evaluate(rowsReadJS, &r))
	if len(r.Sizes) < 8 {
		pg.fail("only %d rows of rewards drawn", len(r.Sizes))
	}
	low := slices.Min(r.Sizes)
	if low < minPx {
		pg.fail("a row of rewards is drawn %.1f pixels high, below %.0f: %v", low, minPx, r.Sizes)
	}
	if want := map[bool]string{true: "Tap any card", false: "click any card"}[tap]; !strings.Contains(r.Note, want) {
		pg.fail("the page says %q to read a card, not %q", r.Note, want)
	}
	pg.t.Logf("the rows of rewards are drawn %.1f to %.1f pixels high", low, slices.Max(r.Sizes))
}

// TestBrowserPlaysAWholeGameOnAPhone plays a whole 2-player game against the greedy bot on a
// phone-sized touch screen, by tapping only what the page shows. A tap on a thing selects it and
// shows what it does; the move waits for a second tap on the menu. At every decision something
// to choose is in view, and every place offered shows its cost. On the way and at the end nothing is
// wider than the screen; the score sheet is the engine's; no error reaches the console. With
// VICEROY_SCREENSHOTS, it saves the README's screenshots of the game in progress, a phone's and a
// desktop's.
func TestBrowserPlaysAWholeGameOnAPhone(t *testing.T) {
	t.Parallel()
	pg := page{t, openBrowser(t), serve(t, t.TempDir())}
	var ce consoleErrors
	ce.listen(pg)
	pg.run(10*time.Second, "lay out as a phone", phoneSize())
	pg.startGame("greedy")
	// The starting cards are in view, and the first tap on one opens its menu and makes no move.
	var seen bool
	pg.run(20*time.Second, "see the starting cards",
		chromedp.WaitVisible(`.hand-card.dealt g.legal`, chromedp.ByQuery),
		chromedp.Evaluate(inViewJS, &seen))
	if !seen {
		pg.fail("the starting cards are not in view")
	}
	var nodes []*cdp.Node
	pg.run(10*time.Second, "find a starting card", chromedp.Nodes(`.hand-card.dealt g.legal`, &nodes, chromedp.ByQuery))
	pg.run(10*time.Second, "tap a starting card", tapNode(nodes[0]), chromedp.WaitVisible(`#menu .menu-item`, chromedp.ByQuery))
	var moved bool
	var details string
	pg.run(10*time.Second, "read the menu", chromedp.Evaluate(`!!(st.view.chosen && st.view.chosen.length) || st.view.players[st.view.player].tableau.cards.length > 0`, &moved),
		chromedp.Text(`#menu .card-details`, &details, chromedp.ByQuery))
	if moved || !strings.Contains(details, "Level 1: costs") {
		pg.fail("after a tap on a starting card, the seat moved (%v) and the menu says %q", moved, details)
	}
	pg.run(10*time.Second, "cancel", chromedp.Click(`#menu .menu-cancel`, chromedp.ByQuery), chromedp.WaitNotVisible(`#menu`, chromedp.ByQuery))

	check := pg.onEveryDecision()
	clicks := pg.playTouching(1, func(turn int) bool { return turn >= 8 }, check)
	pg.fitsScreen("a phone at turn 8")
	pg.rowsReadable(11, true)
	// A card no move concerns, tapped, shows its full text.
	var other int
	pg.run(10*time.Second, "tap a card of the other pyramid", chromedp.Evaluate(`(() => {
		const g = document.querySelector('.other g.card:not(.legal)');
		if (g) g.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
		return g ? Number(g.dataset.card) : 0;
	})()`, &other))
	if other != 0 {
		sel := fmt.Sprintf(`.other g.card[data-card="%d"]`, other)
		pg.run(10*time.Second, "find the card", chromedp.Nodes(sel, &nodes, chromedp.ByQuery))
		pg.run(10*time.Second, "tap the card", tapNode(nodes[0]),
			chromedp.WaitVisible(fmt.Sprintf(`#menu .card-details[data-card-text="%d"]`, other), chromedp.ByQuery),
			chromedp.Click(`#menu .menu-cancel`, chromedp.ByQuery))
	}
	if dir := os.Getenv("VICEROY_SCREENSHOTS"); dir != "" {
		pg.shot(filepath.Join(dir, "screenshot-phone.png"), phoneSize())
		pg.shot(filepath.Join(dir, "screenshot-desktop.png"), desktopSize())
		pg.run(10*time.Second, "lay out as a phone", phoneSize())
	}
	clicks += pg.playTouching(2, func(int) bool { return false }, check)
	pg.fitsScreen("a phone at the end")
	pg.run(10*time.Second, "find the way to a new game", chromedp.WaitVisible(`#new-game-link`, chromedp.ByQuery),
		chromedp.WaitVisible(`#play-again`, chromedp.ByQuery))
	id := pg.ts.onlyGame(t)
	g := pg.ts.replayFile(t, id)
	if diff := cmp.Diff(sheetOf(g.Scores()), pg.scoreSheet()); diff != "" {
		pg.fail("score sheet (-engine +page):\n%s", diff)
	}
	var lines int
	pg.run(10*time.Second, "count the log", chromedp.Evaluate(`document.querySelectorAll('#log li').length`, &lines))
	if lines == 0 || lines > 260 {
		pg.fail("the log has %d lines", lines)
	}
	// The end screen leads to a new game with the same seats, and the old one stays among the
	// player's games.
	pg.run(30*time.Second, "play again", chromedp.Click(`#play-again`, chromedp.ByQuery),
		chromedp.Poll(`location.hash.startsWith('#game=') && !location.hash.includes('`+id+`') && st !== null && st.game !== '`+id+`'`, nil))
	var listed []string
	pg.run(20*time.Second, "list the player's games", chromedp.Click(`#home-link`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelectorAll('#your-games li').length >= 2`, nil),
		chromedp.Evaluate(`[...document.querySelectorAll('#your-games a')].map((a) => a.getAttribute('href'))`, &listed))
	if !strings.Contains(strings.Join(listed, " "), id) {
		pg.fail("the finished game %s is not among the player's games: %v", id, listed)
	}
	ce.check(t)
	t.Logf("a whole game in %d taps, %d lines of log", clicks, lines)
}

// shot saves a screenshot of the viewport laid out by size.
func (pg page) shot(path string, size chromedp.Action) {
	pg.t.Helper()
	var png []byte
	pg.run(20*time.Second, "take a screenshot", size, chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`st && draw(), window.scrollTo(0, 0), 0`, nil), chromedp.CaptureScreenshot(&png)) // drawn for the device
	if err := os.WriteFile(path, png, 0o644); err != nil {
		pg.t.Fatal(err)
	}
}

// seatIn opens the page of seat j in the browser, as if this browser had taken it.
func (pg page) seatIn(j joined) {
	pg.t.Helper()
	b, _ := json.Marshal(j)
	pg.run(30*time.Second, "open the seat's page",
		chromedp.Navigate(pg.ts.url+"/"),
		chromedp.WaitVisible(`#new-game`, chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem('viceroy-seat:%s', %q), 0`, j.Game, b), nil),
		chromedp.Navigate(pg.ts.url+"/#game="+j.Game),
		chromedp.WaitVisible(`#table`, chromedp.ByQuery),
		chromedp.Poll(`document.body.dataset.version !== undefined`, nil))
}

// TestBrowserFourPlayersAtOneScale opens a 4-player game in its last turns: on a desktop every
// pyramid is drawn at one scale; on a phone too, each pyramid whole in its box (zoomed in, at a
// readable scale), and nothing is wider than the screen, before and after the end (the score
// sheet of four).
func TestBrowserFourPlayersAtOneScale(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 4}, person, "greedy", "greedy", "greedy")
	if _, _, err := playUntil(ts.url, j, randomPick(4), func(st state) bool { return st.View.Turn >= 10 }); err != nil {
		t.Fatal(err)
	}
	pg := page{t, openBrowser(t), ts}
	var ce consoleErrors
	ce.listen(pg)
	pg.run(10*time.Second, "lay out as a desktop", desktopSize())
	pg.seatIn(j)
	pg.run(20*time.Second, "see the game", chromedp.Poll(`document.body.dataset.turn >= '10' && document.querySelectorAll('svg.pyramid').length === 4`, nil))
	scales := func() []float64 {
		var s []float64
		pg.run(10*time.Second, "measure the pyramids", chromedp.Evaluate(`[...document.querySelectorAll('svg.pyramid')].map((s) =>
			s.getBoundingClientRect().width / Number(s.dataset.units))`, &s))
		return s
	}
	for _, s := range scales() {
		if d := s - scales()[0]; d > 0.01 || d < -0.01 || s < 0.6 {
			pg.fail("the pyramids are drawn at scales %v", scales())
		}
	}
	pg.fitsScreen("4 players on a desktop")
	pg.run(10*time.Second, "lay out as a phone", phoneSize())
	pg.fitsScreen("4 players on a phone")
	var cut []string
	pg.run(10*time.Second, "measure the pyramids' boxes", chromedp.Evaluate(`[...document.querySelectorAll('#board .pyramid-box')].filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.scrollWidth + ' in ' + b.clientWidth)`, &cut))
	if len(cut) > 0 {
		pg.fail("on a phone pyramids are cut: %v", cut)
	}
	for _, s := range scales() {
		if d := s - scales()[0]; d > 0.01 || d < -0.01 {
			pg.fail("on a phone the pyramids are drawn at scales %v", scales())
		}
	}
	if scales()[0] < 0.89 {
		var zoomed []float64
		pg.run(10*time.Second, "zoom in", chromedp.Click(`#me .zoom`, chromedp.ByQuery), chromedp.Sleep(100*time.Millisecond))
		zoomed = scales()
		if zoomed[0] < 0.89 {
			pg.fail("zoomed in on a phone, the pyramids are drawn at scales %v, too small to read", zoomed)
		}
		pg.fitsScreen("4 players on a phone, zoomed in")
		pg.run(10*time.Second, "zoom out", chromedp.Click(`#me .zoom`, chromedp.ByQuery))
	}
	if _, _, err := playOut(ts.url, j, randomPick(5)); err != nil {
		t.Fatal(err)
	}
	pg.run(20*time.Second, "see the end", chromedp.Poll(`document.body.dataset.over === 'true'`, nil),
		chromedp.WaitVisible(`#score-sheet`, chromedp.ByQuery))
	pg.fitsScreen("the score sheet of four on a phone")
	ce.check(t)
}

// TestBrowserLearnsEveryCard opens the help from the table and checks what a newcomer learns
// there: every card of the catalogue with its cost and reward at every level in words (each
// reward's amount, kind and colour) or its law's whole text; every icon of the cards' faces
// explained in the legend; and on every card's face, each row's reward drawn whole, inside the
// card.
func TestBrowserLearnsEveryCard(t *testing.T) {
	t.Parallel()
	pg := page{t, openBrowser(t), serve(t, t.TempDir())}
	var ce consoleErrors
	ce.listen(pg)
	pg.run(10*time.Second, "lay out as a desktop", desktopSize())
	pg.startGame("random")
	pg.run(10*time.Second, "open the help", chromedp.Click(`#help-open`, chromedp.ByQuery),
		chromedp.WaitVisible(`#help-how`, chromedp.ByQuery), chromedp.WaitVisible(`#card-list li`, chromedp.ByQuery))
	var texts map[string]string
	pg.run(10*time.Second, "read every card", chromedp.Evaluate(`Object.fromEntries([...document.querySelectorAll('#card-list .card-details')].map((d) =>
		[d.dataset.cardText, d.textContent]))`, &texts))
	cards := viceroy.Cards()
	if len(texts) != len(cards) {
		t.Fatalf("the help shows %d cards, the catalogue has %d", len(texts), len(cards))
	}
	for _, c := range cards {
		text := texts[fmt.Sprint(int(c.ID))]
		if !strings.Contains(text, c.Name) {
			t.Errorf("card %d: %q has not its name", c.ID, text)
		}
		if c.ID.IsLaw() {
			if !strings.Contains(text, c.Text) {
				t.Errorf("card %d: %q has not the law's text %q", c.ID, text, c.Text)
			}
			continue
		}
		for i, row := range c.Rows {
			level := fmt.Sprintf("Level %d: costs", i+1)
			at := strings.Index(text, level)
			end := strings.Index(text, fmt.Sprintf("Level %d: costs", i+2))
			if at < 0 || end < at {
				t.Errorf("card %d: no level %d in %q", c.ID, i+1, text)
				continue
			}
			words := text[at:end]
			if !strings.Contains(words, row.Cost.String()) {
				t.Errorf("card %d, level %d: %q has not the cost's colour %v", c.ID, i+1, words, row.Cost)
			}
			for _, r := range row.Reward.Items() {
				for _, want := range rewardKeys(r) {
					if !strings.Contains(words, want) {
						t.Errorf("card %d, level %d: %q has not %q", c.ID, i+1, words, want)
					}
				}
			}
		}
	}
	// Every row of every face is drawn inside its card, and its icons are in the legend. A card
	// reward is a card drawn in the room its row keeps (no character looks like a card in every
	// font), as many as the rewards of cards, each inside its card and clear of the words.
	var faces struct {
		Cut    []string       `json:"cut"`
		Icons  []string       `json:"icons"`
		Known  []string       `json:"known"`
		Drawn  map[string]int `json:"drawn"`
		Legend int            `json:"legend"`
	}
	pg.run(10*time.Second, "measure the faces", chromedp.Evaluate(`(() => {
		const cut = [], icons = new Set(), drawn = {};
		const inside = (b, card) => b.x >= card.x && b.x + b.width <= card.x + card.width && b.y >= card.y && b.y + b.height <= card.y + card.height;
		for (const g of document.querySelectorAll('#card-list g.card')) {
			const card = g.querySelector('.card-body').getBBox();
			for (const t of g.querySelectorAll('text.row, text.law-text')) {
				const b = t.getBBox();
				if (b.x < card.x || b.x + b.width > card.x + card.width) cut.push(g.dataset.card + ': ' + t.textContent);
				for (const s of t.querySelectorAll('tspan:not(.row-level):not(.card-slot)')) if (!/^[0-9 ]*$/.test(s.textContent)) icons.add(s.textContent.replace(/[0-9]/g, ''));
			}
			for (const icon of g.querySelectorAll('.card-icon')) {
				if (!inside(icon.getBBox(), card)) cut.push(g.dataset.card + ': a card icon');
				drawn[g.dataset.card] = (drawn[g.dataset.card] || 0) + 1;
			}
		}
		const known = [...document.querySelectorAll('.legend th')].map((th) => th.textContent.replace(/[0-9]/g, ''));
		return {cut, icons: [...icons], known, drawn, legend: document.querySelectorAll('.legend th .card-icon').length};
	})()`, &faces))
	for _, c := range faces.Cut {
		t.Errorf("drawn outside its card: %s", c)
	}
	for _, c := range cards {
		want := 0
		for _, row := range c.Rows {
			for _, it := range row.Reward.Items() {
				if it.Kind == viceroy.CardsReward {
					want++
				}
			}
		}
		if got := faces.Drawn[fmt.Sprint(int(c.ID))]; got != want {
			t.Errorf("card %d: %d card icons drawn for %d rewards of cards", c.ID, got, want)
		}
	}
	if faces.Legend != 1 {
		t.Errorf("the legend draws the card icon %d times", faces.Legend)
	}
	for _, icon := range append(faces.Icons, faces.Known...) {
		if strings.Contains(icon, "▯") {
			t.Errorf("the glyph ▯, which looks like a character the font lacks, is still used: %q", icon)
		}
	}
	for _, icon := range faces.Icons {
		if !strings.Contains(strings.Join(faces.Known, " "), icon) {
			t.Errorf("the icon %q is not in the legend %q", icon, faces.Known)
		}
	}
	if len(faces.Icons) < 8 {
		t.Errorf("the faces use only the icons %q", faces.Icons)
	}
	var rules string
	pg.run(10*time.Second, "find the rules", chromedp.AttributeValue(`#help-how a[href$="RULES.md"]`, "href", &rules, nil, chromedp.ByQuery))
	ce.check(t)
}

// rewardKeys returns the words the full text of reward item r must hold: its amount (when it is
// not one), its kind, and its colour.
func rewardKeys(r viceroy.RewardItem) []string {
	kind := map[viceroy.RewardKind]string{viceroy.GemsReward: "gem", viceroy.CardsReward: "card",
		viceroy.PointsReward: "point", viceroy.ScienceReward: "science", viceroy.MagicReward: "magic",
		viceroy.DefenseReward: "defense", viceroy.AttackReward: "attack", viceroy.InfiniteReward: "infinite",
		viceroy.MagicBonusReward: "magic bonus", viceroy.CircleBonusReward: "circle bonus"}[r.Kind]
	keys := []string{kind}
	if r.N > 1 || r.Kind == viceroy.PointsReward {
		keys = append(keys, fmt.Sprint(r.N))
	}
	if r.Kind == viceroy.InfiniteReward || r.Kind == viceroy.CircleBonusReward {
		keys = append(keys, r.Color.String())
	}
	return keys
}

// TestBrowserChangesArePushed opens seat 1's page of a game between two people and makes seat 0's
// moves over HTTP: each reaches the page within a second without a request of the page; while
// nothing happens the page asks nothing; and after its connection is cut, the page catches up with
// a move made meanwhile, without a reload.
func TestBrowserChangesArePushed(t *testing.T) {
	ts := serve(t, t.TempDir())
	j0 := ts.newGame(t, viceroy.Config{Players: 2}, person, person)
	var j1 joined
	ts.must(t, "POST", fmt.Sprintf("/api/games/%s/seats/1", j0.Game), "", nil, &j1)
	pg := page{t, openBrowser(t), ts}
	var ce consoleErrors
	ce.listen(pg)
	pg.seatIn(j1)
	var st state
	ts.must(t, "GET", statePath(j0, 0, -1), j0.Token, nil, &st)
	waitVersion := func(v int, limit time.Duration) time.Duration {
		begun := time.Now()
		if err := pg.try(limit, chromedp.Poll(fmt.Sprintf(`document.body.dataset.version === '%d'`, v), nil,
			chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
			pg.fail("the page did not show version %d within %v: %v", v, limit, err)
		}
		return time.Since(begun)
	}
	waitVersion(st.Version, 10*time.Second)
	quiet := func() map[string]int {
		return map[string]int{"state": ts.asks.count("state"), "stream": ts.asks.count("stream")}
	}
	// Nothing happens: the page asks nothing.
	before := quiet()
	time.Sleep(1500 * time.Millisecond)
	if after := quiet(); after["state"] != before["state"] || after["stream"] != before["stream"] || after["stream"] == 0 {
		pg.fail("with nothing happening the page asked: %v, then %v", before, after)
	}
	move := func() int {
		var next state
		ts.must(t, "POST", movePath(j0, 0), j0.Token, moveAt(st.Version, st.Moves[0].Move), &next)
		st = next
		return st.Version
	}
	took := waitVersion(move(), time.Second)
	if after := quiet(); after["state"] != before["state"] || after["stream"] != before["stream"] {
		pg.fail("the page asked for the change: %v, then %v", before, after)
	}
	t.Logf("a change reached the other seat's page in %v", took)
	// The connection is cut, and a move is made before the page is back: it catches up.
	ts.http.CloseClientConnections()
	http.DefaultClient.CloseIdleConnections() // the test's own connections were cut too
	took = waitVersion(move(), 10*time.Second)
	if ts.asks.count("stream") <= before["stream"] {
		pg.fail("the page did not open its stream again")
	}
	t.Logf("after a cut, the page caught up in %v", took)
	var link string
	pg.run(10*time.Second, "read the link", chromedp.Evaluate(`document.body.dataset.link`, &link))
	if link != "stream" {
		pg.fail("the page follows by %q", link)
	}
	ce.check(t, "/stream?") // the stream cut short
}

// TestBrowserPollsWithoutStreams opens seat 1's page where streams are refused (a proxy that does
// not pass them): the page keeps its seat, falls back to polling, and still shows seat 0's move.
func TestBrowserPollsWithoutStreams(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	ts.asks.refusing("stream")
	j0 := ts.newGame(t, viceroy.Config{Players: 2}, person, person)
	var j1 joined
	ts.must(t, "POST", fmt.Sprintf("/api/games/%s/seats/1", j0.Game), "", nil, &j1)
	pg := page{t, openBrowser(t), ts}
	pg.seatIn(j1)
	pg.run(20*time.Second, "fall back to polling", chromedp.Poll(`document.body.dataset.link === 'poll'`, nil))
	var st state
	ts.must(t, "GET", statePath(j0, 0, -1), j0.Token, nil, &st)
	ts.must(t, "POST", movePath(j0, 0), j0.Token, moveAt(st.Version, st.Moves[0].Move), nil)
	pg.run(5*time.Second, "see the move", chromedp.Poll(fmt.Sprintf(`document.body.dataset.version === '%d'`, st.Version+1), nil))
	var kept bool
	pg.run(5*time.Second, "read the seat kept", chromedp.Evaluate(`localStorage.getItem('viceroy-seat:`+j0.Game+`') !== null`, &kept))
	if !kept {
		pg.fail("the page forgot its seat when streams were refused")
	}
}

// TestStreamSendsChanges reads a seat's stream over HTTP: the first event is the state, the next
// comes with the other seat's move, and a beat keeps it alive meanwhile.
func TestStreamSendsChanges(t *testing.T) {
	ts := serve(t, t.TempDir())
	ts.beat = 50 * time.Millisecond
	j0 := ts.newGame(t, viceroy.Config{Players: 2}, person, person)
	var j1 joined
	ts.must(t, "POST", fmt.Sprintf("/api/games/%s/seats/1", j0.Game), "", nil, &j1)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	events := make(chan string, 16)
	go readStream(ctx, ts.url+fmt.Sprintf("/api/games/%s/seats/1/stream?log=0", j0.Game), j1.Token, events)
	first := <-events
	if !strings.HasPrefix(first, "event: state\nid: ") {
		t.Fatalf("the stream begins %q", first)
	}
	var st state
	ts.must(t, "GET", statePath(j0, 0, -1), j0.Token, nil, &st)
	time.Sleep(150 * time.Millisecond) // beats
	ts.must(t, "POST", movePath(j0, 0), j0.Token, moveAt(st.Version, st.Moves[0].Move), nil)
	beats := 0
	for {
		select {
		case e := <-events:
			if e == ": beat" {
				beats++
				continue
			}
			data := e[strings.Index(e, "data: ")+6:]
			var got state
			if err := json.Unmarshal([]byte(data), &got); err != nil {
				t.Fatal(err)
			}
			if got.Version != st.Version+1 || got.Seat != 1 || beats == 0 {
				t.Fatalf("the second event is version %d of seat %d after %d beats", got.Version, got.Seat, beats)
			}
			return
		case <-ctx.Done():
			t.Fatal("no second event")
		}
	}
}

// readStream sends the events of a stream of server-sent events (the blocks between blank lines)
// to events, until ctx is done.
func readStream(ctx context.Context, url, token string, events chan<- string) {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<22)
	var block []string
	for sc.Scan() {
		if sc.Text() != "" {
			block = append(block, sc.Text())
			continue
		}
		select {
		case events <- strings.Join(block, "\n"):
		case <-ctx.Done():
			return
		}
		block = nil
	}
}

// tapAt taps the viewport at (x, y) with a finger, as a touch screen does: the page sees a click
// whose pointer is a touch.
func tapAt(x, y float64) chromedp.ActionFunc {
	return func(ctx context.Context) error {
		if err := input.DispatchTouchEvent(input.TouchStart, []*input.TouchPoint{{X: x, Y: y}}).Do(ctx); err != nil {
			return err
		}
		return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
	}
}

// tapNode taps the middle of node n with a finger (see tapAt), once the browser has scrolled it
// into view.
func tapNode(n *cdp.Node) chromedp.ActionFunc {
	return func(ctx context.Context) error {
		if err := dom.ScrollIntoViewIfNeeded().WithNodeID(n.NodeID).Do(ctx); err != nil {
			return err
		}
		quads, err := dom.GetContentQuads().WithNodeID(n.NodeID).Do(ctx)
		if err != nil {
			return err
		}
		if len(quads) == 0 || len(quads[0]) < 8 {
			return fmt.Errorf("node %d has no box", n.NodeID)
		}
		q := quads[0]
		return tapAt((q[0]+q[2]+q[4]+q[6])/4, (q[1]+q[3]+q[5]+q[7])/4).Do(ctx)
	}
}
