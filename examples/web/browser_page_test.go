package main

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/laar/viceroy"
)

// The table played as someone used to other boards plays it (issue #43): how everyone stands as
// the game goes, prompts that say what to tap, nothing moving under the pointer, menus in view,
// words on cards large enough to read, and a pyramid seen whole on a phone.

// desktopPageAt opens a page of desktop size at j's seat, and waits until it shows the decision of
// version v or a later one.
func desktopPageAt(t *testing.T, ts testServer, j joined, v int) (page, *consoleErrors) {
	t.Helper()
	return pageAt(t, ts, j, v, desktopSize(), "#board .legal, #actions button")
}

// findDecision starts games of a person against bot, one after another (at most 60), and plays the
// person's seat at random over the API until its decision is d and until holds: a position that
// games reach, rather than one written into the page. It returns the seat and that state.
func findDecision(t *testing.T, ts testServer, bot string, d viceroy.Decision, until func(state) bool) (joined, state) {
	t.Helper()
	for game := range 60 {
		j := ts.newGame(t, viceroy.Config{Players: 2}, person, bot)
		st, _, err := playUntil(ts.url, j, randomPick(uint64(game)), func(st state) bool {
			return st.View.Decision == d && len(st.Moves) > 0 && until(st)
		})
		if err != nil {
			t.Fatal(err)
		}
		if st.View.Decision == d && len(st.Moves) > 0 && until(st) {
			return j, st
		}
	}
	t.Fatalf("no game of 60 reached a %v as wanted", d)
	return joined{}, state{}
}

// attacksBeyond returns how many attack tokens the others of view v hold, behind their screens
// and on their cards, beyond the defense tokens of v's player.
func attacksBeyond(v viceroy.View) int {
	n := 0
	for _, pv := range v.Players {
		if pv.Player != v.Player {
			n += pv.Attacks + pv.Tableau.Count(viceroy.AttackToken)
		}
	}
	return n - v.Players[v.Player].Tableau.Count(viceroy.Defense)
}

// standingJS reads the sheets of the standing: by player and category, the points shown.
const standingJS = `(() => {
	const out = {};
	for (const td of document.querySelectorAll('#standing td[data-player]')) {
		(out[td.dataset.player] = out[td.dataset.player] || {})[td.dataset.category] = Number(td.textContent.replace('−', '-'));
	}
	return out;
})()`

// TestBrowserStandsAsYouGo: during the game the page shows each player's sheet if the game ended
// now, by category, as the library scores it from what the seat may know (View.ScoresNow), and
// warns when the others' attack tokens outnumber the player's defense.
func TestBrowserStandsAsYouGo(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	// A game where the others' attack tokens outnumber the player's defense.
	j, st := findDecision(t, ts, "greedy", viceroy.ChooseDevelopment, func(st state) bool {
		return st.View.Turn >= 3 && attacksBeyond(st.View) > 0
	})
	pg, ce := desktopPageAt(t, ts, j, st.Version)
	var shown map[string]map[string]int
	pg.run(10*time.Second, "read the standing", chromedp.Evaluate(standingJS, &shown))
	want := sheetOf(st.Now)
	for p, sheet := range want {
		for cat, n := range sheet {
			if got, ok := shown[fmt.Sprint(p)][cat]; !ok || got != n {
				pg.fail("the standing shows player %d's %s as %v (shown: %v), the library scores %d", p, cat, got, ok, n)
			}
		}
	}
	// The others' attack tokens, those on their cards included, outnumber the player's defense:
	// the page warns, with the points it costs.
	beyond := attacksBeyond(st.View)
	var warn string
	pg.run(10*time.Second, "read the warning", chromedp.Text(`#standing .attack-warning`, &warn, chromedp.ByQuery))
	if !strings.Contains(warn, fmt.Sprintf("%d attack token", beyond)) || !strings.Contains(warn, fmt.Sprintf("−%d points", 4*beyond)) {
		pg.fail("with %d attack tokens beyond the defense the warning says %q", beyond, warn)
	}
	ce.check(t)
}

// TestBrowserFinalSheetSaysWhy: the final sheet says why each of the player's categories is empty
// (no circle of one colour, no set: the tokens short of one, ...) and what the attack tokens cost.
func TestBrowserFinalSheetSaysWhy(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "greedy")
	st, _, err := playOut(ts.url, j, randomPick(8))
	if err != nil {
		t.Fatal(err)
	}
	pg := page{t, openBrowser(t), ts}
	ce := new(consoleErrors)
	ce.listen(pg)
	pg.run(10*time.Second, "lay out as a desktop", desktopSize())
	pg.seatIn(j)
	pg.run(20*time.Second, "see the end", chromedp.Poll(`document.body.dataset.over === 'true'`, nil), chromedp.WaitVisible(`#score-sheet`, chromedp.ByQuery))
	var why map[string]string
	pg.run(10*time.Second, "read why", chromedp.Evaluate(`Object.fromEntries([...document.querySelectorAll('#scores .sheet-why li')].map((li) => [li.dataset.category, li.textContent]))`, &why))
	mine := sheetOf(st.View.Scores)[0]
	for cat, n := range mine {
		if cat == "total" || (n != 0 && cat != "attacks") || (cat == "attacks" && n == 0) {
			continue
		}
		if strings.TrimSpace(why[cat]) == "" {
			pg.fail("the sheet gives %s %d and does not say why (%v)", cat, n, why)
		}
	}
	t.Logf("why: %v", why)
	ce.check(t)
}

// TestBrowserNothingMovesUnderTheClick: after a click on a bid, nothing under the pointer moves,
// though the bar's buttons go and the prompt changes: a quick second click lands where the first did.
func TestBrowserNothingMovesUnderTheClick(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "random")
	st := reachDecision(t, ts, j, 4, viceroy.ChooseBid, func(st state) bool { return st.View.Turn >= 2 && st.View.Round == 1 })
	pg, ce := desktopPageAt(t, ts, j, st.Version)
	var at struct {
		X, Y, Top float64
		Key       string
	}
	const whereJS = `(() => { const a = document.querySelector('#auction .arrow-head.legal'), r = a.getBoundingClientRect();
		return {X: r.left + r.width / 2, Y: r.top + r.height / 2, Top: document.getElementById('auction').getBoundingClientRect().top, Key: a.dataset.key}; })()`
	pg.run(10*time.Second, "find an arrow to bid on", chromedp.Evaluate(whereJS, &at))
	pg.run(10*time.Second, "click it", chromedp.MouseClickXY(at.X, at.Y),
		chromedp.Poll(fmt.Sprintf(`Number(document.body.dataset.version) > %d && document.body.dataset.busy !== 'true'`, st.Version), nil),
		chromedp.Sleep(200*time.Millisecond))
	var top float64
	var under string
	pg.run(10*time.Second, "measure again", chromedp.Evaluate(`document.getElementById('auction').getBoundingClientRect().top`, &top),
		chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.elementFromPoint(%f, %f); const k = e && e.closest('[data-key]'); return k ? k.dataset.key : ''; })()`, at.X, at.Y), &under))
	if math.Abs(top-at.Top) > 1 || under != at.Key {
		pg.fail("after the click the auction moved from %.0f to %.0f; under the pointer, %q was %q", at.Top, top, at.Key, under)
	}
	ce.check(t)
}

// menuJS measures the open menu, the thing it confirms and the half circle that thing previews,
// with the whole circle it completes: the half, and the two quarters of the cards below it.
const menuJS = `(() => { const m = document.getElementById('menu'), a = m.anchor;
	const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
	const half = box(a && a.querySelector('.place-half'));
	return {open: !m.hidden, menu: box(m), thing: box(a && (a.querySelector(':scope > rect') || a)), half,
		circle: half && [half[0], half[1], half[2], half[3] + (half[3] - half[1])], vh: window.innerHeight}; })()`

type menuBoxes struct {
	Open   bool      `json:"open"`
	Menu   []float64 `json:"menu"`
	Thing  []float64 `json:"thing"`
	Half   []float64 `json:"half"`
	Circle []float64 `json:"circle"`
	VH     float64   `json:"vh"`
}

func overlap(a, b []float64) bool {
	return a != nil && b != nil && a[0] < b[2]-1 && b[0] < a[2]-1 && a[1] < b[3]-1 && b[1] < a[3]-1
}

// TestBrowserMenusStayInView: on a phone, a place tapped near the bottom of the screen opens its
// confirmation inside the screen, covering neither the place nor the circle it previews (the half
// it brings, and the quarters below that it completes);
// a tap outside a menu closes it with a word.
func TestBrowserMenusStayInView(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "random")
	st := reachDecision(t, ts, j, 6, viceroy.ChoosePlace, func(st state) bool {
		if !st.View.Playing.IsCharacter() {
			return false
		}
		for _, d := range st.Moves {
			if d.Move.Kind == viceroy.PlaceCard && d.Move.At.Level >= 2 {
				return true
			}
		}
		return false
	})
	pg, ce := phonePageAt(t, ts, j, st.Version)
	var places []string
	pg.run(10*time.Second, "find the places", chromedp.Evaluate(`[...document.querySelectorAll('#me .place.legal')].map((p) => p.dataset.key)`, &places))
	for _, key := range places {
		for _, where := range []string{"end", "center"} {
			var nodes []*cdp.Node
			var m menuBoxes
			sel := fmt.Sprintf(`#me .place.legal[data-key=%q]`, key)
			pg.run(10*time.Second, "bring the place to the "+where, chromedp.Evaluate(fmt.Sprintf(`document.querySelector('%s').scrollIntoView({block: '%s'}), 0`, sel, where), nil),
				chromedp.Sleep(100*time.Millisecond), chromedp.Nodes(sel, &nodes, chromedp.ByQuery))
			pg.run(10*time.Second, "tap the place", tapNode(nodes[0]), chromedp.WaitVisible(`#menu`, chromedp.ByQuery), chromedp.Evaluate(menuJS, &m))
			if m.Menu[1] < -1 || m.Menu[3] > m.VH+1 {
				pg.fail("the menu of %s (at the %s) lies %.0f..%.0f, the screen 0..%.0f", key, where, m.Menu[1], m.Menu[3], m.VH)
			}
			if overlap(m.Menu, m.Circle) || overlap(m.Menu, m.Thing) {
				pg.fail("the menu of %s (at the %s) %v covers the place %v or the circle its half completes %v", key, where, m.Menu, m.Thing, m.Circle)
			}
			var hint string
			pg.run(10*time.Second, "tap outside", tapAt(5, 300), chromedp.Sleep(150*time.Millisecond),
				chromedp.Text(`#hint`, &hint, chromedp.ByQuery))
			if strings.TrimSpace(hint) == "" {
				pg.fail("a tap outside closed the menu of %s without a word", key)
			}
		}
	}
	ce.check(t)
}

// TestBrowserBidMenuLeavesItsCardsInView: on a phone, the confirmation of a bid, tapped on a
// colour's arrow, lies inside the screen and covers none of the cards the bid is for, which the
// player reads as they confirm (it opened just below the arrow, over the base card).
func TestBrowserBidMenuLeavesItsCardsInView(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "random")
	st := reachDecision(t, ts, j, 4, viceroy.ChooseBid, func(st state) bool { return st.View.Turn >= 2 })
	pg, ce := phonePageAt(t, ts, j, st.Version)
	var arrows []string
	pg.run(10*time.Second, "find the arrows", chromedp.Evaluate(`[...document.querySelectorAll('#auction .arrow-head.legal')].map((a) => a.dataset.key)`, &arrows))
	if len(arrows) == 0 {
		pg.fail("no arrow to bid on")
	}
	for _, key := range arrows {
		var nodes []*cdp.Node
		var m struct {
			Menu  []float64   `json:"menu"`
			Cards [][]float64 `json:"cards"`
			VH    float64     `json:"vh"`
		}
		sel := fmt.Sprintf(`#auction .arrow-head.legal[data-key=%q]`, key)
		pg.run(10*time.Second, "find the arrow", chromedp.Nodes(sel, &nodes, chromedp.ByQuery))
		pg.run(10*time.Second, "tap the arrow", tapNode(nodes[0]), chromedp.WaitVisible(`#menu`, chromedp.ByQuery), chromedp.Evaluate(fmt.Sprintf(`(() => {
				const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
				return {menu: box(document.getElementById('menu')), vh: window.innerHeight,
					cards: [...document.querySelector('%s').closest('.arrow').querySelectorAll('svg.card-svg')].map(box)}; })()`, sel), &m))
		if m.Menu[1] < -1 || m.Menu[3] > m.VH+1 {
			pg.fail("the menu of %s lies %.0f..%.0f, the screen 0..%.0f", key, m.Menu[1], m.Menu[3], m.VH)
		}
		for _, c := range m.Cards {
			if overlap(m.Menu, c) {
				pg.fail("the menu of %s %v covers a card %v of the bid", key, m.Menu, c)
			}
		}
		pg.run(10*time.Second, "close the menu", chromedp.Click(`#menu .menu-cancel`, chromedp.ByQuery))
	}
	ce.check(t)
}

// TestBrowserCardWordsReadableOnAPhone: on a phone every word on a card of the auction and of the
// hand, a law's text included, is drawn at least 11 pixels high.
func TestBrowserCardWordsReadableOnAPhone(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	// A bid with law cards in the hand, and cards at the auction's tips.
	j, st := findDecision(t, ts, "random", viceroy.ChooseBid, func(st state) bool {
		laws := 0
		for _, c := range st.View.Hand {
			laws += btoi(c.IsLaw())
		}
		return laws >= 2 && st.View.Auction[0][1] != 0
	})
	pg, ce := phonePageAt(t, ts, j, st.Version)
	var small []string
	pg.run(10*time.Second, "read the words on the cards", chromedp.Evaluate(`(() => {
		return [...document.querySelectorAll('#auction svg.card-svg text, #me .hand svg.card-svg text, #auction svg.card-svg tspan, #me .hand svg.card-svg tspan')]
			.filter((t) => t.textContent.trim() && t.getBoundingClientRect().width > 0)
			.map((t) => [t.textContent.slice(0, 20), parseFloat(getComputedStyle(t).fontSize) * t.closest('svg').getScreenCTM().d])
			.filter(([, px]) => px < 11).map(([s, px]) => s + ': ' + px.toFixed(1) + 'px');
	})()`, &small))
	if len(small) > 0 {
		pg.fail("words on cards below 11 pixels on a phone: %v", small[:min(len(small), 12)])
	}
	ce.check(t)
}

// TestBrowserPyramidWholeOnAPhone: on a phone the whole pyramid is in view, without scrolling it
// sideways, however wide it grows, and read at a glance: every word drawn in it at least 11 pixels
// high (the cards summed up where their faces would be too small), a card's whole text a tap away.
func TestBrowserPyramidWholeOnAPhone(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "random")
	st := reachDecision(t, ts, j, 9, viceroy.ChoosePlace, func(st state) bool {
		row1 := 0
		pyr := st.View.Players[0].Tableau.Pyramid
		for _, id := range pyr.Cards() {
			if at, _ := pyr.Find(id); at.Level == 1 {
				row1++
			}
		}
		return row1 >= 5
	})
	pg, ce := phonePageAt(t, ts, j, st.Version)
	pg.run(20*time.Second, "see the places", chromedp.Poll(fmt.Sprintf(`Number(document.body.dataset.version) >= %d && document.querySelector('#me .place.legal') !== null`, st.Version), nil),
		chromedp.Sleep(200*time.Millisecond))
	var cut []string
	pg.run(10*time.Second, "measure the pyramids", chromedp.Evaluate(`[...document.querySelectorAll('#board .pyramid-box')].filter((b) => b.scrollWidth > b.clientWidth + 1 ||
		b.firstChild.getBoundingClientRect().right > window.innerWidth + 1).map((b) => b.firstChild.dataset.player + ': ' + b.scrollWidth + ' in ' + b.clientWidth)`, &cut))
	if len(cut) > 0 {
		pg.fail("on a phone pyramids are wider than their box: %v", cut)
	}
	// Read at a glance: every word drawn in a pyramid, the places' costs and rewards included,
	// at least 11 pixels high (a card's summary, where its whole face would be too small) ...
	var small []string
	pg.run(10*time.Second, "read the words of the pyramids", chromedp.Evaluate(`[...document.querySelectorAll('#board svg.pyramid text')]
		.filter((t) => t.textContent.trim() && t.getBoundingClientRect().width > 0)
		.map((t) => [t.textContent.slice(0, 20), parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().d])
		.filter(([, px]) => px < 11).map(([s, px]) => s + ': ' + px.toFixed(1) + 'px')`, &small))
	if len(small) > 0 {
		pg.fail("words in the pyramids below 11 pixels on a phone: %d, %v", len(small), small[:min(len(small), 12)])
	}
	// ... and a card's whole text a tap away.
	var nodes []*cdp.Node
	var words string
	pg.run(10*time.Second, "find a card of the pyramid", chromedp.Nodes(`#me svg.pyramid g.card:not(.legal)`, &nodes, chromedp.ByQuery))
	pg.run(10*time.Second, "tap it", tapNode(nodes[0]), chromedp.WaitVisible(`#menu`, chromedp.ByQuery), chromedp.Text(`#menu`, &words, chromedp.ByQuery))
	if !strings.Contains(words, "Level 1: costs") && !strings.Contains(words, "law") {
		pg.fail("a tap on a card of the pyramid shows %q, not its whole text", words)
	}
	ce.check(t)
}

// promptCase is a state of a seat that owes a decision, kept to be drawn in a page.
type promptCase struct {
	key  string
	json []byte
}

// caseKey names the kind of decision a state asks for: the decision, with the law resolved, and
// 67 Barter's two tokens apart (the player's own, to swap away, then the other player's).
func caseKey(st state) string {
	k, _ := st.View.Decision.MarshalText()
	key := string(k)
	if st.View.Playing.IsLaw() {
		key += fmt.Sprintf(" %d", st.View.Playing)
	}
	if st.View.Decision == viceroy.ChooseToken {
		own := st.View.Players[st.View.Player].Tableau.Pyramid
		if slices.ContainsFunc(st.Moves, func(d described) bool { _, mine := own.Find(d.Move.Card); return d.Move.Card != 0 && !mine }) {
			key += " other"
		} else {
			key += " own"
		}
	}
	return key
}

// leaningPick chooses the seat's moves as the library's greedy bot would, but for the moves
// lean names, which it takes whenever it may: a player out to meet a decision that games of
// random moves seldom reach (the level-5 reward, 67 Barter's swap and its payment).
func leaningPick(t *testing.T, seed uint64, lean func(viceroy.Move) bool) func(state) viceroy.Move {
	t.Helper()
	bot, err := viceroy.NewBot("greedy", seed)
	if err != nil {
		t.Fatal(err)
	}
	return func(st state) viceroy.Move {
		legal := make([]viceroy.Move, len(st.Moves))
		for i, d := range st.Moves {
			legal[i] = d.Move
		}
		for _, m := range legal {
			if lean(m) {
				return m
			}
		}
		return bot.Choose(st.View, legal)
	}
}

// TestBrowserPromptsSayWhatToTap plays seeded games over the API, keeping a state of every kind of
// decision the seat meets (each law's steps apart), and draws each in a phone's page: every prompt
// says what to tap; Endowment speaks of no place but of the character to tuck it under, Patronage
// says that tapping the card tucks it, Council how many law cards go back and that their order
// matters, 67 Barter whose token is tapped at each step (the player's own, which may be none, then
// another player's, for 3 gems) and how many gems go to whom, and the level-5 reward its two
// choices. Seats played as the greedy bot plays, leaning to Barter, reach the decisions that
// random moves seldom do.
func TestBrowserPromptsSayWhatToTap(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	cases := map[string]promptCase{}
	// collect plays game j to its end with pick, keeping the first state of each case met.
	collect := func(j joined, pick func(state) viceroy.Move) {
		_, _, err := playUntil(ts.url, j, pick, func(st state) bool {
			if k := caseKey(st); len(st.Moves) > 0 && cases[k].json == nil {
				b, err := json.Marshal(st)
				if err != nil {
					t.Fatal(err)
				}
				cases[k] = promptCase{k, b}
			}
			return false
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for seed := uint64(1); seed <= 120; seed++ {
		cfg := viceroy.Config{Players: 2, Virtual: int(seed % 2)}
		collect(ts.newGame(t, cfg, person, "random"), randomPick(seed))
	}
	// The level-5 reward and 67 Barter's swap and payment, which random moves seldom reach: a seat
	// that plays as the greedy bot does reaches level 5, and one that plays Barter whenever it
	// may and swaps tokens rather than declining pays for the swap.
	barter := func(m viceroy.Move) bool {
		return m == viceroy.Move{Kind: viceroy.Play, Card: 67} || m.Kind == viceroy.PickToken
	}
	for seed := uint64(1); seed <= 150 && slices.ContainsFunc([]string{"reward", "token 67 other", "gift 67"}, func(k string) bool { return cases[k].json == nil }); seed++ {
		collect(ts.newGame(t, viceroy.Config{Players: 4}, person, "greedy", "greedy", "greedy"), leaningPick(t, seed, barter))
	}
	var keys []string
	for k := range cases {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	t.Logf("%d kinds of decision: %v", len(keys), keys)
	// Every kind of decision of the library's table (decisions.go) is among them: start, bids
	// (bid), claim, develop (development), paint (painting), patronage, take (auction-card), gems
	// (gem), draw (deck), place, place-law (place 65, 66, 67), pay (payment), reward, option
	// (law-option), inf-color (infinite-color 73), archive (tuck 72), exile (tuck 74), park (park
	// 76), put-back (put-back 70), barter-own and barter-other (token 67 own, other), give (gift
	// 67), duel and auction-discard.
	for _, must := range []string{"start", "bid", "auction-card", "gem", "deck", "development", "place", "payment", "painting",
		"place 65", "place 66", "place 67", "patronage", "put-back 70", "tuck 72", "tuck 74", "token 67 own", "token 67 other", "gift 67",
		"park 76", "infinite-color 73", "law-option 71", "law-option 73", "law-option 77", "claim", "duel", "auction-discard", "reward"} {
		if cases[must].json == nil {
			t.Errorf("no game reached the decision %q", must)
		}
	}
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "random")
	pg, ce := phonePageAt(t, ts, j, 0)
	for _, k := range keys {
		var prompt string
		pg.run(10*time.Second, "draw "+k, chromedp.Evaluate(fmt.Sprintf(`(() => { st = %s; broughtFor = st.version; draw(); return document.getElementById('prompt').textContent; })()`, cases[k].json), &prompt))
		if !strings.Contains(prompt, "Tap") {
			pg.fail("the prompt of %s does not say what to tap: %q", k, prompt)
		}
		switch {
		case k == "place 66":
			if strings.Contains(prompt, "Dashed") || strings.Contains(prompt, "Place the card") || !strings.Contains(prompt, "tuck") {
				pg.fail("Endowment's prompt: %q", prompt)
			}
		case strings.HasPrefix(k, "patronage"):
			if !strings.Contains(prompt, "Tap the card") || !strings.Contains(prompt, "tuck") {
				pg.fail("Patronage's prompt: %q", prompt)
			}
		case strings.HasPrefix(k, "put-back"):
			if !strings.ContainsAny(prompt, "123456789") || !strings.Contains(prompt, "order") {
				pg.fail("Council's prompt: %q", prompt)
			}
		case k == "token 67 own":
			if !strings.Contains(prompt, "your pyramid") || !strings.Contains(prompt, "no token") {
				pg.fail("Barter's first prompt does not say to tap a token of your pyramid, or that you may swap none: %q", prompt)
			}
		case k == "token 67 other":
			if !strings.Contains(prompt, "another player") || !strings.Contains(prompt, "3 gems") {
				pg.fail("Barter's second prompt does not say to tap a token of another player's pyramid, or that it costs 3 gems: %q", prompt)
			}
		case k == "gift 67":
			if !strings.Contains(prompt, "Give 3 gems to player") || !strings.Contains(prompt, "behind your screen") {
				pg.fail("Barter's payment prompt: %q", prompt)
			}
		case k == "development":
			if !strings.Contains(prompt, "of 3") {
				pg.fail("the development's prompt does not say which of its 3 rounds this is: %q", prompt)
			}
		case k == "reward":
			if !strings.Contains(prompt, "rows 1-3") || !strings.Contains(prompt, "15") {
				pg.fail("the level-5 reward's prompt: %q", prompt)
			}
		}
		t.Logf("%s: %s", k, prompt)
	}
	// In Spanish and French every prompt says what to tap, and holds no English word. (The moves'
	// own words, in the bar, are the server's, told when the states were kept: in English.)
	for _, l := range []viceroy.Language{viceroy.Spanish, viceroy.French} {
		lang := l.String()
		pg.chooseLanguage(lang)
		pg.run(20*time.Second, "see the table in "+lang, chromedp.Poll(`st !== null && document.querySelector('#board .legal, #actions button') !== null`, nil))
		for _, k := range keys {
			var prompt string
			pg.run(10*time.Second, "draw "+k, chromedp.Evaluate(fmt.Sprintf(`(() => { st = %s; broughtFor = st.version; draw(); return document.getElementById('where').textContent + '\n' + document.getElementById('prompt').textContent; })()`, cases[k].json), &prompt))
			if tap := webWords[l]["page.tap.Verb.touch"]; !strings.Contains(prompt, tap) {
				pg.fail("in %s the prompt of %s does not say %q: %q", lang, k, tap, prompt)
			}
			if bad := englishIn(lang, prompt); len(bad) > 0 {
				pg.fail("in %s the prompt of %s says: %s", lang, k, strings.Join(bad, "; "))
			}
			t.Logf("%s %s: %s", lang, k, prompt)
		}
	}
	ce.check(t)
}

// TestBrowserCardMenuInView: on a phone, the menu of a card of the hand (its whole text, where it
// may go, and what it allows), tapped in the middle of the screen or at its bottom, lies inside
// the screen and does not cover the card.
func TestBrowserCardMenuInView(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "random")
	st := reachDecision(t, ts, j, 5, viceroy.ChooseDevelopment, func(st state) bool { return st.View.Turn >= 3 && len(st.View.Hand) >= 2 })
	pg, ce := phonePageAt(t, ts, j, st.Version)
	for _, where := range []string{"center", "end"} {
		var nodes []*cdp.Node
		var m menuBoxes
		sel := `#me .hand-card g.legal`
		pg.run(10*time.Second, "bring the card to the "+where, chromedp.Evaluate(fmt.Sprintf(`document.querySelector('%s').scrollIntoView({block: '%s'}), 0`, sel, where), nil),
			chromedp.Sleep(100*time.Millisecond), chromedp.Nodes(sel, &nodes, chromedp.ByQuery))
		pg.run(10*time.Second, "tap the card", tapNode(nodes[0]), chromedp.WaitVisible(`#menu`, chromedp.ByQuery), chromedp.Evaluate(menuJS, &m))
		if m.Menu[1] < -1 || m.Menu[3] > m.VH+1 {
			pg.fail("the menu of a card (at the %s) lies %.0f..%.0f, the screen 0..%.0f", where, m.Menu[1], m.Menu[3], m.VH)
		}
		if overlap(m.Menu, m.Thing) {
			pg.fail("the menu of a card (at the %s) %v covers the card %v", where, m.Menu, m.Thing)
		}
		pg.run(10*time.Second, "close the menu", chromedp.Click(`#menu .menu-cancel`, chromedp.ByQuery))
	}
	ce.check(t)
}

// TestBrowserEndowmentTakesNoPlace: the menu of 66 Endowment in the hand says that it is tucked
// under a character card of the pyramid, and names no open place, since it takes none.
func TestBrowserEndowmentTakesNoPlace(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	// A development choice where 66 Endowment may be played from the hand.
	j, st := findDecision(t, ts, "random", viceroy.ChooseDevelopment, func(st state) bool {
		return slices.ContainsFunc(st.Moves, func(d described) bool { return d.Move == viceroy.Move{Kind: viceroy.Play, Card: 66} })
	})
	pg, ce := desktopPageAt(t, ts, j, st.Version)
	var note string
	pg.run(10*time.Second, "open Endowment's menu",
		// The menu a tap opens (a mouse's click plays the one move at once).
		chromedp.Evaluate(`openMenu(document.querySelector('#me .hand-card g[data-card="66"]'), st.moves.filter((d) => d.move.card === 66)), 0`, nil),
		chromedp.Text(`#menu .places-note`, &note, chromedp.ByQuery))
	if strings.Contains(note, "Open places") || !strings.Contains(note, "tuck") {
		pg.fail("the menu of 66 Endowment says %q", note)
	}
	ce.check(t)
}

// TestBrowserNumbersAttacksAndLog: players are numbered from 1; the attack counter of a player
// counts the attack tokens on their cards too (77 Conscription's); on a phone the log is reached
// from the top of the page and is no box scrolled inside.
func TestBrowserNumbersAttacksAndLog(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	// A game where a player has an attack token on a card of its pyramid (77 Conscription's).
	j, st := findDecision(t, ts, "random", viceroy.ChooseDevelopment, func(st state) bool {
		return st.View.Players[0].Tableau.Count(viceroy.AttackToken)+st.View.Players[1].Tableau.Count(viceroy.AttackToken) > 0
	})
	pg, ce := desktopPageAt(t, ts, j, st.Version)
	// Names: players from 1.
	var me, other string
	pg.run(10*time.Second, "read the names", chromedp.Text(`#me h2`, &me, chromedp.ByQuery), chromedp.Text(`#others .other h2`, &other, chromedp.ByQuery))
	if !strings.Contains(me, "player 1") || !strings.HasPrefix(other, "Player 2") {
		pg.fail("the players are named %q and %q, not from 1", me, other)
	}
	var counter string
	pg.run(10*time.Second, "read the other's attack counter", chromedp.Text(`#others .other .attacks`, &counter, chromedp.ByQuery))
	them := st.View.Players[1-st.View.Player]
	if held := them.Attacks + them.Tableau.Count(viceroy.AttackToken); !strings.Contains(counter, fmt.Sprint(held)) {
		pg.fail("the other player holds %d attack tokens; the counter says %q", held, counter)
	}
	if onCards := st.View.Players[st.View.Player].Tableau.Count(viceroy.AttackToken); onCards > 0 {
		var mine string
		pg.run(10*time.Second, "read the player's own attack tokens on cards", chromedp.Text(`#me .attacks-on-cards`, &mine, chromedp.ByQuery))
		if !strings.Contains(mine, fmt.Sprintf("+%d", onCards)) {
			pg.fail("the player has %d attack tokens on cards; the page says %q", onCards, mine)
		}
	}
	// On a desktop the log beside the table shows its newest line, the page scrolled to its top
	// as well as down (its box lay 35 pixels below the screen's edge at the top).
	for _, y := range []int{0, 400} {
		var bottom, vh float64
		pg.run(10*time.Second, "see the newest line of the log", chromedp.Evaluate(fmt.Sprintf(`window.scrollTo(0, %d), 0`, y), nil), chromedp.Sleep(100*time.Millisecond),
			chromedp.Evaluate(`[...document.querySelectorAll('#log li')].pop().getBoundingClientRect().bottom`, &bottom), chromedp.Evaluate(`window.innerHeight`, &vh))
		if bottom > vh+1 {
			pg.fail("scrolled to %d, the newest line of the log ends at %.0f, below the screen's %.0f", y, bottom, vh)
		}
	}
	// On a phone the log is reached from the top of the page, and is no box scrolled inside.
	var log struct {
		Overflow string  `json:"overflow"`
		Top      float64 `json:"top"`
	}
	pg.run(10*time.Second, "lay out as a phone", phoneSize(), chromedp.Sleep(200*time.Millisecond))
	pg.run(10*time.Second, "go to the log", chromedp.Click(`#to-log`, chromedp.ByQuery), chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`({overflow: getComputedStyle(document.getElementById('log-panel')).overflowY,
			top: document.getElementById('log-panel').getBoundingClientRect().top})`, &log))
	if log.Overflow == "auto" || log.Overflow == "scroll" || log.Top < -1 || log.Top > 600 {
		pg.fail("on a phone the log scrolls %q inside and its top is at %.0f after #to-log", log.Overflow, log.Top)
	}
	ce.check(t)
}

// TestBrowserNoStaleSwipeNote: once the page goes from a phone's width to a desktop's, no note says
// that a pyramid is wider than the screen where it is not.
func TestBrowserNoStaleSwipeNote(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2}, person, "random")
	st := reachDecision(t, ts, j, 9, viceroy.ChooseDevelopment, func(st state) bool { return len(st.View.Players[0].Tableau.Pyramid.Cards()) >= 5 })
	pg, ce := phonePageAt(t, ts, j, st.Version)
	pg.run(10*time.Second, "lay out as a desktop", desktopSize(), chromedp.Sleep(300*time.Millisecond))
	var stale []string
	pg.run(10*time.Second, "look for notes", chromedp.Evaluate(`[...document.querySelectorAll('.swipe-note')].filter((n) => n.getBoundingClientRect().width > 0 &&
		!(n.nextSibling && n.nextSibling.scrollWidth > n.nextSibling.clientWidth + 1)).map((n) => n.nextSibling.firstChild.dataset.player + ': ' + n.nextSibling.scrollWidth + ' in ' + n.nextSibling.clientWidth)`, &stale))
	if len(stale) > 0 {
		pg.fail("at 1280 pixels notes say pyramids are wider than the screen, though they fit: %v", stale)
	}
	ce.check(t)
}

// TestBrowserBidPromptTellsLastRound: in the auction's second or third round the prompt says what
// the round before revealed (the bids, the claims), which the new round's view no longer does:
// played by hand, two claims of the same card cancelled and the page said nothing of them.
func TestBrowserBidPromptTellsLastRound(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j, st := findDecision(t, ts, "greedy", viceroy.ChooseBid, func(st state) bool { return st.View.Round >= 2 })
	pg, ce := phonePageAt(t, ts, j, st.Version)
	var prompt string
	pg.run(10*time.Second, "read the prompt", chromedp.Text(`#prompt`, &prompt, chromedp.ByQuery))
	if !strings.Contains(prompt, "Last round: ") || !strings.Contains(prompt, fmt.Sprintf("round %d · revealed: you", st.View.Round-1)) {
		pg.fail("in round %d the prompt does not say what round %d revealed: %q", st.View.Round, st.View.Round-1, prompt)
	}
	t.Logf("%s", prompt)
	ce.check(t)
}

// closingPlace returns a place where the card being placed closes a circle of one colour, if
// the seat may place it there.
func closingPlace(st state) (viceroy.Place, bool) {
	tab := st.View.Players[st.View.Player].Tableau
	for _, d := range st.Moves {
		if d.Move.Kind != viceroy.PlaceCard || d.Move.At.Level < 2 {
			continue
		}
		placed, err := tab.Place(st.View.Playing, d.Move.At)
		if err != nil {
			continue
		}
		for _, c := range placed.Circles() {
			if s := c.Sectors; c.Top == d.Move.At && s[0] == s[1] && s[1] == s[2] && s[2] == s[3] {
				return d.Move.At, true
			}
		}
	}
	return viceroy.Place{}, false
}

// TestBrowserPlaceMenuNamesTheCircle: on a phone, the confirmation of a place that closes a circle
// of one colour says so, with the gem it gives: the page drew "+1 blue gem" on the place, and the
// menu, where a phone's player reads the move, did not say it.
func TestBrowserPlaceMenuNamesTheCircle(t *testing.T) {
	t.Parallel()
	ts := serve(t, t.TempDir())
	j, st := findDecision(t, ts, "random", viceroy.ChoosePlace, func(st state) bool {
		_, ok := closingPlace(st)
		return ok && st.View.Playing.IsCharacter()
	})
	at, _ := closingPlace(st)
	pg, ce := phonePageAt(t, ts, j, st.Version)
	var nodes []*cdp.Node
	var words string
	sel := fmt.Sprintf(`#me .place.legal[data-place="%d:%d"]`, at.Level, at.Col)
	pg.run(10*time.Second, "find the place", chromedp.Nodes(sel, &nodes, chromedp.ByQuery))
	pg.run(10*time.Second, "tap it", tapNode(nodes[0]), chromedp.WaitVisible(`#menu`, chromedp.ByQuery), chromedp.Text(`#menu`, &words, chromedp.ByQuery))
	if !strings.Contains(words, "circle of one colour") || !strings.Contains(words, "gem now") {
		pg.fail("the menu of a place closing a circle of one colour says %q", words)
	}
	t.Logf("%s", words)
	ce.check(t)
}
