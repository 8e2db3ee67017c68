package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
	"github.com/laar/viceroy"
)

// The browser tests drive Chromium headless over the DevTools protocol. Without a browser they
// skip, except in CI (CI=true), where they fail. VICEROY_CHROME names the browser's program if it
// is not on the path; VICEROY_SCREENSHOTS names a directory where TestBrowserPlaysAWholeGameOnAPhone
// writes screenshot-phone.png and screenshot-desktop.png, a game in progress 390 and 1280 pixels
// wide (the README's screenshots), and TestBrowserPlaysAWholeGameInSpanishAndFrench writes the
// lobby, a game at turn 6 and its end, in Spanish and French at both sizes (shots-es, shots-fr).

// browserPath finds Chromium.
func browserPath() string {
	if p := os.Getenv("VICEROY_CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// noBrowser skips the test, or fails it in CI, where the browser tests must run.
func noBrowser(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("CI=true and no browser: %s (.ci/run installs Debian's chromium)", why)
	}
	t.Skipf("no browser, the browser tests are skipped: %s (install Chromium, e.g. apt-get install chromium, or set VICEROY_CHROME)", why)
}

// The browser tests share one headless Chromium, started by the first of them and stopped when the
// tests end (TestMain): starting a browser takes seconds, a browser context of its own for each
// test takes milliseconds, and keeps the tests apart as separate profiles would (storage, cookies,
// cache).
var browser struct {
	once   sync.Once
	ctx    context.Context // the browser's first tab: the browser lives as long as it
	stop   func()          // closes the browser and waits for it, and removes its profile
	failed string          // why the browser did not start, if it did not
}

// TestMain runs the tests, then stops the shared browser and the shared PostgreSQL cluster, if
// tests started them.
func TestMain(m *testing.M) {
	serveIfChild() // a server process that a test started (see serverProcessDB)
	code := m.Run()
	if browser.stop != nil {
		browser.stop()
	}
	stopSharedPG()
	os.Exit(code)
}

// startBrowser starts the shared browser, with a fresh profile and a desktop-sized window.
func startBrowser() {
	path := browserPath()
	if path == "" {
		browser.failed = "no chromium, chromium-browser or google-chrome on the path"
		return
	}
	profile, err := os.MkdirTemp("", "viceroy-chromium-")
	if err != nil {
		browser.failed = err.Error()
		return
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile), chromedp.WindowSize(1280, 900))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(alloc)
	browser.ctx = ctx
	browser.stop = func() {
		chromedp.Cancel(ctx) // closes the browser and waits for it
		cancelTab()
		cancelAlloc()
		os.RemoveAll(profile) // what the browser still writes as it exits may stay behind
	}
	// The first Run starts the browser, which lives as long as the context of that Run.
	if err := chromedp.Run(ctx); err != nil {
		browser.failed = fmt.Sprintf("%s does not start: %v", path, err)
	}
}

// openBrowser returns a tab of the shared browser in a browser context of its own, as a fresh
// profile would be, its window desktop-sized; the context is disposed of when the test ends.
func openBrowser(t *testing.T) context.Context {
	t.Helper()
	browser.once.Do(startBrowser)
	if browser.failed != "" {
		noBrowser(t, browser.failed)
	}
	// chromedp's WithNewBrowserContext opens its tab with no window of its own, which a headless
	// Chromium refuses ("no browser is open"): the context and its window are made here.
	var bc cdp.BrowserContextID
	var tab target.ID
	onBrowser := func(do func(ctx context.Context) error) error {
		return chromedp.Run(browser.ctx, chromedp.ActionFunc(func(ctx context.Context) error {
			return do(cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser))
		}))
	}
	err := onBrowser(func(ctx context.Context) (err error) {
		if bc, err = target.CreateBrowserContext().WithDisposeOnDetach(true).Do(ctx); err != nil {
			return err
		}
		tab, err = target.CreateTarget("about:blank").WithBrowserContextID(bc).WithNewWindow(true).
			WithWidth(1280).WithHeight(900).Do(ctx)
		return err
	})
	if err != nil {
		t.Fatalf("a new browser context: %v", err)
	}
	ctx, cancel := chromedp.NewContext(browser.ctx, chromedp.WithTargetID(tab))
	t.Cleanup(func() {
		cancel()
		onBrowser(func(ctx context.Context) error { return target.DisposeBrowserContext(bc).Do(ctx) }) // closes its tab
	})
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("the new tab: %v", err)
	}
	return ctx
}

// page is a browser tab on the test server, with what the test needs to fail well.
type page struct {
	t   *testing.T
	ctx context.Context
	ts  testServer
}

// run runs actions with a time limit; on failure it saves a screenshot and ends the test.
func (pg page) run(limit time.Duration, what string, actions ...chromedp.Action) {
	pg.t.Helper()
	ctx, cancel := context.WithTimeout(pg.ctx, limit)
	defer cancel()
	if err := chromedp.Run(ctx, actions...); err != nil {
		pg.fail("%s: %v", what, err)
	}
}

// try runs actions with a time limit and returns their error.
func (pg page) try(limit time.Duration, actions ...chromedp.Action) error {
	ctx, cancel := context.WithTimeout(pg.ctx, limit)
	defer cancel()
	return chromedp.Run(ctx, actions...)
}

// fail saves a screenshot of the page and ends the test.
func (pg page) fail(format string, args ...any) {
	pg.t.Helper()
	msg := fmt.Sprintf(format, args...)
	var png []byte
	ctx, cancel := context.WithTimeout(pg.ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)); err == nil {
		name := filepath.Join(os.TempDir(), fmt.Sprintf("viceroy-web-%s-%d.png", strings.ReplaceAll(pg.t.Name(), "/", "-"), time.Now().Unix()))
		if os.WriteFile(name, png, 0o644) == nil {
			msg += "\nscreenshot of the page: " + name
		}
	}
	pg.t.Fatal(msg)
}

// startGame opens the page, chooses a 2-player game against the bot of the level given, and waits
// for the board.
func (pg page) startGame(level string) {
	pg.t.Helper()
	pg.run(30*time.Second, "start a game from the page",
		chromedp.Navigate(pg.ts.url+"/"),
		chromedp.WaitVisible(`#new-game`, chromedp.ByQuery),
		chromedp.SetValue(`select[name=players]`, "2", chromedp.ByQuery),
		chromedp.SetValue(`select[name=seat1]`, level, chromedp.ByQuery),
		chromedp.Click(`#start`, chromedp.ByQuery),
		chromedp.WaitVisible(`#table`, chromedp.ByQuery),
		chromedp.Poll(`document.body.dataset.version !== undefined`, nil))
}

// pickJS marks one of the things the page shows as legal to click (or, with a menu open, one of
// the menu's moves), the i-th modulo their number, and returns how many there were, for the log
// what it picked, and the middle of the thing in the viewport with whether a click there lands on
// it (hit). A menu that shows a card and offers no move (a click that landed as the page drew
// anew) offers its Close.
const pickJS = `(() => {
	document.querySelectorAll('[data-pick]').forEach((e) => e.removeAttribute('data-pick'));
	const menu = document.getElementById('menu');
	let all = menu.hidden ? [...document.querySelectorAll('.legal')] : [...menu.querySelectorAll('.menu-item')];
	if (!menu.hidden && !all.length) all = [...menu.querySelectorAll('.menu-cancel')];
	if (!all.length) return {n: 0, picked: ''};
	const pick = all[%d %% all.length];
	pick.setAttribute('data-pick', '1');
	if (menu.hidden) pick.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'}); // from under the sticky bar
	const r = pick.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
	const at = document.elementFromPoint(x, y);
	return {n: all.length, picked: pick.outerHTML.slice(0, 90) + ' at version ' + document.body.dataset.version,
		x, y, hit: !!at && (at === pick || pick.contains(at))};
})()`

// waitJS says what the page is ready for, and its turn and version: "over" once the game is,
// "menu" when a menu is open, "move" when the player may click, or false while it waits for the
// others or for an answer.
const waitJS = `(() => {
	const b = document.body.dataset;
	const now = (what) => what + ' ' + Number(b.turn) + ' ' + Number(b.version);
	if (b.over === 'true') return now('over');
	if (b.busy === 'true') return false;
	if (!document.getElementById('menu').hidden) return now('menu');
	if (Number(b.version) !== %d && document.querySelector('.legal')) return now('move');
	return false;
})()`

// clicker clicks what a page shows, a random choice among the legal things each time.
type clicker struct {
	pg     page
	rng    *rand.Rand
	clicks int
	missed int    // choices made again: the thing chosen was gone, or its click did nothing
	last   int    // the version the last move's click was made from (-1: none)
	picked string // what the last click was on, for the log
	touch  bool   // tap with a finger rather than click with a mouse
}

func newClicker(pg page, seed uint64) *clicker {
	return &clicker{pg: pg, rng: rand.New(rand.NewPCG(seed, 2)), last: -1}
}

// ready waits up to wait for the page to be ready, and returns what for (see waitJS) and the
// page's turn and version, or "" if it is not ready by then.
func (c *clicker) ready(wait time.Duration) (what string, turn, version int) {
	var ready string
	if err := c.pg.try(wait, chromedp.Poll(fmt.Sprintf(waitJS, c.last), &ready, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		return "", 0, 0
	}
	return c.readyWords(ready)
}

// readyNow is ready without waiting: "" if the page waits now.
func (c *clicker) readyNow() (what string, turn, version int) {
	var ready any
	c.pg.run(10*time.Second, "ask the page if it is ready", chromedp.Evaluate(fmt.Sprintf(waitJS, c.last), &ready))
	s, _ := ready.(string)
	return c.readyWords(s)
}

// readyWords reads waitJS's answer.
func (c *clicker) readyWords(s string) (what string, turn, version int) {
	if s == "" {
		return "", 0, 0
	}
	if _, err := fmt.Sscan(s, &what, &turn, &version); err != nil {
		c.pg.fail("the page says it is ready as %q: %v", s, err)
	}
	return what, turn, version
}

// click clicks one of the legal things the page shows (or, with a menu open, one of its moves),
// the page being at version.
func (c *clicker) click(ready string, version int) {
	c.pg.t.Helper()
	var pick struct {
		N      int     `json:"n"`
		Picked string  `json:"picked"`
		X      float64 `json:"x"`
		Y      float64 `json:"y"`
		Hit    bool    `json:"hit"`
	}
	c.pg.run(10*time.Second, "choose a thing to click", chromedp.Evaluate(fmt.Sprintf(pickJS, c.rng.IntN(1000)), &pick))
	n := pick.N
	c.picked = pick.Picked
	if n == 0 {
		c.pg.fail("the page offers nothing to click")
	}
	var err error
	switch {
	case pick.Hit && c.touch: // the thing is in view, and a tap at its middle lands on it
		err = c.pg.try(10*time.Second, tapAt(pick.X, pick.Y))
	case pick.Hit:
		err = c.pg.try(10*time.Second, chromedp.MouseClickXY(pick.X, pick.Y))
	default: // out of view, or under something: the browser brings it into view first
		var nodes []*cdp.Node
		err = c.pg.try(10*time.Second, chromedp.Nodes(`[data-pick]`, &nodes, chromedp.ByQuery, chromedp.AtLeast(0)),
			chromedp.ActionFunc(func(ctx context.Context) error {
				if len(nodes) == 0 {
					return errors.New("the thing chosen is no longer on the page")
				}
				if c.touch {
					return tapNode(nodes[0]).Do(ctx)
				}
				return chromedp.MouseClickNode(nodes[0]).Do(ctx)
			}))
	}
	if err != nil {
		// The page drew a new state (another player moved) between the choice and the click: the
		// thing chosen is gone. Choose again from what the page shows now.
		c.miss(fmt.Sprintf("click: %v", err))
		return
	}
	c.clicks++
	if ready == "move" {
		c.last = version // a move's click changes the version, or opens a menu
	}
	if c.clicks > 5000 {
		c.pg.fail("5000 clicks and the game is not over")
	}
}

// miss notes a choice to make again, and fails the test after too many.
func (c *clicker) miss(why string) {
	c.pg.t.Helper()
	c.pg.t.Logf("chosen again: %s (the last click: %s)", why, c.picked)
	if c.missed++; c.missed > 100 {
		c.pg.fail("too many choices made again, the last: %s", why)
	}
	c.last = -1
}

// playByClicking plays the page's seat by clicking what the page shows until the game is over or
// stop says to stop; every decision of the seat is one or two clicks. It returns the number of
// clicks.
func (pg page) playByClicking(seed uint64, stop func(turn int) bool) int {
	pg.t.Helper()
	return pg.play(newClicker(pg, seed), stop, func() {})
}

// playTouching is playByClicking on a touch screen (a tap selects, a second tap commits), with a
// check before every tap on a decision.
func (pg page) playTouching(seed uint64, stop func(turn int) bool, check func()) int {
	pg.t.Helper()
	c := newClicker(pg, seed)
	c.touch = true
	return pg.play(c, stop, check)
}

// play clicks with c until the game is over or stop says to stop, calling check before every
// click on a decision, and returns the number of clicks.
func (pg page) play(c *clicker, stop func(turn int) bool, check func()) int {
	pg.t.Helper()
	for {
		ready, turn, version := c.ready(10 * time.Second)
		if ready == "" {
			c.miss("the last click did nothing: it landed as the page drew anew")
			continue
		}
		if ready == "over" {
			break
		}
		if ready == "move" && stop(turn) {
			break
		}
		if ready == "move" {
			check()
		}
		c.click(ready, version)
	}
	pg.t.Logf("%d clicks, %d chosen again", c.clicks, c.missed)
	return c.clicks
}

// scoreSheet reads the score sheet drawn at the end: by player, by category.
func (pg page) scoreSheet() map[int]map[string]int {
	pg.t.Helper()
	var cells []struct {
		Player   string `json:"player"`
		Category string `json:"category"`
		Value    string `json:"value"`
	}
	pg.run(10*time.Second, "read the score sheet", chromedp.Evaluate(`[...document.querySelectorAll('#score-sheet td')].map((td) =>
		({player: td.dataset.player, category: td.dataset.category, value: td.textContent}))`, &cells))
	out := map[int]map[string]int{}
	for _, c := range cells {
		var p, v int
		if _, err := fmt.Sscan(c.Player, &p); err != nil {
			pg.fail("score cell %+v: %v", c, err)
		}
		if _, err := fmt.Sscan(c.Value, &v); err != nil {
			pg.fail("score cell %+v: %v", c, err)
		}
		if out[p] == nil {
			out[p] = map[string]int{}
		}
		out[p][c.Category] = v
	}
	return out
}

// sheetOf writes the engine's score sheets in the shape scoreSheet reads.
func sheetOf(sheets []viceroy.ScoreSheet) map[int]map[string]int {
	out := map[int]map[string]int{}
	for _, s := range sheets {
		out[int(s.Player)] = map[string]int{"circles": s.Circles, "infinite_gems": s.InfiniteGems, "laws": s.Laws,
			"power_points": s.PowerPoints, "magic": s.Magic, "sets": s.Sets, "attacks": s.Attacks, "total": s.Total}
	}
	return out
}

// onlyGame returns the id of the one game the server holds.
func (ts testServer) onlyGame(t *testing.T) string {
	t.Helper()
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for id := range ts.tables {
		if len(ts.tables) == 1 {
			return id
		}
	}
	t.Fatalf("the server holds %d games, want 1", len(ts.tables))
	return ""
}

// received gathers the bodies of the answers the page receives, as the browser saw them.
type received struct {
	mu     sync.Mutex
	states [][]byte // every answer that is a seat's state, in order
	paths  []string // every API path asked
	errs   []error
	asking int // the bodies being asked of the browser
}

// listen records the answers to the page's API requests.
func (rc *received) listen(ctx context.Context) {
	urls := map[network.RequestID]string{}
	var mu sync.Mutex
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *network.EventResponseReceived:
			if strings.Contains(e.Response.URL, "/api/") {
				mu.Lock()
				urls[e.RequestID] = e.Response.URL
				mu.Unlock()
			}
		case *network.EventLoadingFinished:
			mu.Lock()
			url, ok := urls[e.RequestID]
			mu.Unlock()
			if !ok {
				return
			}
			rc.mu.Lock()
			rc.asking++
			rc.mu.Unlock()
			go func() {
				var body []byte
				err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
					b, err := network.GetResponseBody(e.RequestID).Do(ctx)
					body = b
					return err
				}))
				rc.mu.Lock()
				defer rc.mu.Unlock()
				rc.asking--
				if err != nil {
					rc.errs = append(rc.errs, fmt.Errorf("%s: %w", url, err))
					return
				}
				rc.paths = append(rc.paths, url)
				if strings.Contains(url, "/seats/") && (strings.Contains(url, "/state") || strings.Contains(url, "/moves")) {
					rc.states = append(rc.states, body)
				}
			}()
		}
	})
}

// TestBrowserSeesOnlyItsSeat plays the first turns of a 2-player game from the page, records every
// answer the browser receives, and checks each: the page asks only for its own seat, and every state
// it receives is exactly its player's View at that version, its player's log, and its own legal
// moves in words; nothing else, so nothing of the other seat's hidden facts.
func TestBrowserSeesOnlyItsSeat(t *testing.T) {
	t.Parallel()
	pg := page{t, openBrowser(t), serve(t, t.TempDir())}
	var rc received
	rc.listen(pg.ctx)
	pg.run(10*time.Second, "follow the network", network.Enable())
	pg.startGame("greedy")
	pg.playByClicking(3, func(turn int) bool { return turn >= 3 })
	for begun := time.Now(); ; time.Sleep(10 * time.Millisecond) { // the last bodies arrive
		rc.mu.Lock()
		asking := rc.asking
		rc.mu.Unlock()
		if asking == 0 || time.Since(begun) > 10*time.Second {
			break
		}
	}
	id := pg.ts.onlyGame(t)
	r, err := readRecordFile(pg.ts.dir, id)
	if err != nil {
		t.Fatal(err)
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	for _, err := range rc.errs {
		t.Error(err)
	}
	for _, u := range rc.paths {
		if strings.Contains(u, "/seats/") && !strings.Contains(u, "/seats/0") {
			t.Errorf("the page of seat 0 asked %s", u)
		}
	}
	if len(rc.states) < 10 {
		t.Fatalf("the page received %d states", len(rc.states))
	}
	for _, body := range rc.states {
		var st struct {
			Version int             `json:"version"`
			View    json.RawMessage `json:"view"`
			Moves   []described     `json:"moves"`
			Log     []line          `json:"log"`
		}
		if err := json.Unmarshal(body, &st); err != nil {
			t.Fatalf("%v: %s", err, body)
		}
		h, err := viceroy.ReplayHistory(viceroy.Record{Version: r.Version, Config: r.Config, Moves: r.Moves[:st.Version]})
		if err != nil {
			t.Fatal(err)
		}
		g := h.Game()
		want, _ := json.Marshal(g.View(0))
		if diff := cmp.Diff(string(want), string(st.View)); diff != "" {
			t.Fatalf("the view received at version %d is not seat 0's (-want +received):\n%s", st.Version, diff)
		}
		if len(st.Log) > 0 {
			if diff := cmp.Diff(narratorOf(g.View(0), viceroy.English).tell(h.Log(0), st.Log[0].From), st.Log); diff != "" {
				t.Fatalf("the log received at version %d is not seat 0's told (-want +received):\n%s", st.Version, diff)
			}
		}
		legal := g.Legal(0)
		if len(legal) != len(st.Moves) {
			t.Fatalf("version %d: %d moves received, %d legal", st.Version, len(st.Moves), len(legal))
		}
		for k, d := range st.Moves {
			if d.Move != legal[k] || d.Text != viceroy.English.Describe(&g, 0, d.Move) {
				t.Fatalf("version %d: move %d received is %v %q", st.Version, k, d.Move, d.Text)
			}
		}
	}
	t.Logf("%d states received, all seat 0's own", len(rc.states))
}

// TestBrowserTwoPeoplePlayEachOther starts a game for two people from one browser; a second
// browser, with a profile of its own, joins from the game's link by taking the free seat, and the
// two play each other by clicking until the third turn. Each page must show the game as the server
// holds it, for its own seat.
func TestBrowserTwoPeoplePlayEachOther(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	a := page{t, openBrowser(t), ts}
	a.startGame(person)
	id := ts.onlyGame(t)
	b := page{t, openBrowser(t), ts}
	b.run(30*time.Second, "join from the game's link",
		chromedp.Navigate(ts.url+"/#game="+id),
		chromedp.WaitVisible(`.take-seat`, chromedp.ByQuery),
		chromedp.Click(`.take-seat`, chromedp.ByQuery),
		chromedp.WaitVisible(`#table`, chromedp.ByQuery),
		chromedp.Poll(`document.body.dataset.version !== undefined`, nil))
	var seat int
	b.run(10*time.Second, "read the seat kept", chromedp.Evaluate(`JSON.parse(localStorage.getItem('viceroy-seat:`+id+`')).seat`, &seat))
	if seat != 1 {
		t.Fatalf("the second browser holds seat %d, want 1", seat)
	}
	players := []*clicker{newClicker(a, 5), newClicker(b, 6)}
	deadline := time.Now().Add(3 * time.Minute)
	for turn := 0; turn < 3; {
		if time.Now().After(deadline) {
			a.fail("the two people did not reach turn 3 in 3 minutes")
		}
		clicked := false
		for _, c := range players {
			ready, now, version := c.readyNow()
			if ready == "" || ready == "over" {
				continue // the other's decision, or an answer, is awaited
			}
			if turn = now; turn >= 3 {
				break
			}
			c.click(ready, version)
			clicked = true
		}
		if !clicked {
			time.Sleep(20 * time.Millisecond) // both wait: for an answer, or for the page to draw it
		}
	}
	g := ts.heldGame(t, id)
	for i, c := range players {
		want := fmt.Sprint(ts.version(t, id))
		c.pg.run(20*time.Second, "catch up with the server", chromedp.Poll(`document.body.dataset.version === '`+want+`'`, nil))
		var hand []int
		c.pg.run(10*time.Second, "read the hand", chromedp.Evaluate(`[...document.querySelectorAll('.hand-card:not(.playing) g.card')].map((g) => Number(g.dataset.card))`, &hand))
		var inHand []int
		for _, id := range append(g.View(viceroy.Player(i)).Dealt, g.View(viceroy.Player(i)).Hand...) {
			inHand = append(inHand, int(id))
		}
		if diff := cmp.Diff(inHand, hand); diff != "" {
			c.pg.fail("player %d's page shows the hand (-game +page):\n%s", i, diff)
		}
		t.Logf("player %d: %d clicks", i, c.clicks)
	}
}
