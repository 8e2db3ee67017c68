package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
	"github.com/laar/viceroy"
)

// The page in Spanish and French: a player who reads either learns and plays a whole game without
// meeting an English word, and chooses the language with a switch the page remembers.

// englishOnPage are words of the page's English that a Spanish or French page never shows, by
// language: words of one language that are also words of the other are left out ("place" and
// "points" are French, "no" is Spanish, "on" French).
var englishOnPage = map[string][]string{
	"es": {"the", "you", "your", "take", "takes", "bid", "bids", "pass", "passes", "card", "cards", "gem", "gems",
		"pyramid", "auction", "player", "players", "round", "turn", "level", "place", "choose", "tap", "click", "score",
		"points", "of", "and", "with", "from", "to", "is", "it", "on", "in", "law", "laws", "deck", "token", "tokens",
		"screen", "hand", "free", "more", "waiting", "game", "attack", "magic", "random", "greedy", "basic", "search",
		"circle", "circles", "reserve", "costs", "gives", "paint", "painted", "tip", "dealt", "unknown"},
	"fr": {"the", "you", "your", "take", "takes", "bid", "bids", "pass", "passes", "card", "cards", "gem", "gems",
		"pyramid", "auction", "player", "players", "round", "turn", "level", "choose", "tap", "click", "of", "and",
		"with", "from", "to", "is", "it", "in", "law", "laws", "deck", "token", "tokens", "screen", "hand", "free",
		"more", "waiting", "game", "attack", "magic", "random", "greedy", "basic", "search", "circle", "circles",
		"costs", "gives", "paint", "painted", "tip", "dealt", "unknown"},
}

// pageTextJS returns every word the page shows: its visible text, the titles a mouse hovers
// (attributes and SVG titles), the labels a screen reader reads, and the hint.
const pageTextJS = `(() => {
	const out = [document.body.innerText];
	for (const e of document.querySelectorAll('[title]')) out.push(e.getAttribute('title'));
	for (const e of document.querySelectorAll('[aria-label]')) out.push(e.getAttribute('aria-label'));
	for (const e of document.querySelectorAll('title')) if (e.closest('svg')) out.push(e.textContent);
	out.push(document.getElementById('hint').textContent);
	return out.join('\n');
})()`

// helpTextJS returns the words of the help: how to play, the icons, every card.
const helpTextJS = `document.getElementById('help').textContent + '\n' +
	[...document.querySelectorAll('#help [aria-label]')].map((e) => e.getAttribute('aria-label')).join('\n')`

// englishIn returns the English words of text, for a page in language lang, and the placeholders
// or keys left unfilled ("{", "!(").
func englishIn(lang, text string) []string {
	var found []string
	if strings.Contains(text, "{") || strings.Contains(text, "!(") {
		at := max(strings.Index(text, "{"), strings.Index(text, "!("))
		found = append(found, fmt.Sprintf("unfilled: %q", text[max(0, at-40):min(len(text), at+40)]))
	}
	words := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) })
	for i, w := range words {
		if slices.Contains(englishOnPage[lang], strings.ToLower(w)) {
			found = append(found, fmt.Sprintf("%q in %q", w, strings.Join(words[max(0, i-5):min(len(words), i+6)], " ")))
		}
	}
	return found
}

// noEnglish fails the test if the page, as it is now, shows an English word (see englishIn).
func (pg page) noEnglish(lang, where string) {
	pg.t.Helper()
	var text string
	pg.run(10*time.Second, "read the page", chromedp.Evaluate(pageTextJS, &text))
	if bad := englishIn(lang, text); len(bad) > 0 {
		pg.fail("%s, in %s, the page says: %s", where, lang, strings.Join(bad[:min(len(bad), 8)], "; "))
	}
}

// shotsIn saves screenshots of the page at 1280x900 and 390x844 under dir/shots-<lang>, named
// after what they show, and lays the page out again as size.
func (pg page) shotsIn(dir, lang, name string, size chromedp.Action) {
	pg.t.Helper()
	if dir == "" {
		return
	}
	sub := filepath.Join(dir, "shots-"+lang)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		pg.t.Fatal(err)
	}
	pg.shot(filepath.Join(sub, name+"-desktop.png"), desktopSize())
	pg.shot(filepath.Join(sub, name+"-phone.png"), phoneSize())
	pg.run(10*time.Second, "lay out the page again", size)
}

// TestBrowserPlaysAWholeGameInSpanishAndFrench plays a whole 2-player game against the greedy
// bot in Spanish (on a phone, by touch) and in French (on a desktop, with a mouse), the language
// chosen by the page's switch. Before every decision, in the help, and on the score sheet at the
// end, the page shows no English word and no placeholder left unfilled; nothing is wider than the
// screen; the score sheet is the engine's. With VICEROY_SCREENSHOTS, it saves screenshots of the
// lobby, the game at turn 6 and the end at 1280x900 and 390x844 under shots-es and shots-fr there.
func TestBrowserPlaysAWholeGameInSpanishAndFrench(t *testing.T) {
	for _, tc := range []struct {
		lang  string
		touch bool
	}{{"es", true}, {"fr", false}} {
		t.Run(tc.lang, func(t *testing.T) {
			t.Parallel()
			pg := page{t, openBrowser(t), serve(t, t.TempDir())}
			var ce consoleErrors
			ce.listen(pg)
			size := desktopSize()
			if tc.touch {
				size = phoneSize()
			}
			dir := os.Getenv("VICEROY_SCREENSHOTS")
			pg.run(10*time.Second, "lay out the page", size)
			pg.run(30*time.Second, "open the page", chromedp.Navigate(pg.ts.url+"/"), chromedp.WaitVisible(`#seat-kinds select`, chromedp.ByQuery))
			pg.chooseLanguage(tc.lang)
			pg.run(10*time.Second, "see the lobby", chromedp.WaitVisible(`#seat-kinds select`, chromedp.ByQuery))
			pg.noEnglish(tc.lang, "the lobby")
			pg.shotsIn(dir, tc.lang, "lobby", size)
			pg.startGame("greedy")
			read := 0
			check := pg.onEveryDecisionIn(tc.lang, &read)
			c := newClicker(pg, 3)
			c.touch = tc.touch
			pg.playReading(c, func(turn int) bool { return turn >= 6 }, check)
			pg.fitsScreen("turn 6")
			pg.shotsIn(dir, tc.lang, "turn6", size)
			pg.run(10*time.Second, "open the help", chromedp.Click(`#help-open`, chromedp.ByQuery),
				chromedp.WaitVisible(`#card-list li`, chromedp.ByQuery))
			var help string
			pg.run(10*time.Second, "read the help", chromedp.Evaluate(helpTextJS, &help))
			if bad := englishIn(tc.lang, help); len(bad) > 0 {
				pg.fail("the help in %s says: %s", tc.lang, strings.Join(bad[:min(len(bad), 8)], "; "))
			}
			pg.run(10*time.Second, "close the help", chromedp.Click(`#help-close`, chromedp.ByQuery))
			pg.playReading(c, func(int) bool { return false }, check)
			pg.run(10*time.Second, "see the score sheet", chromedp.WaitVisible(`#score-sheet`, chromedp.ByQuery))
			pg.noEnglish(tc.lang, "the end")
			pg.fitsScreen("the end")
			pg.shotsIn(dir, tc.lang, "end", size)
			g := pg.ts.replayFile(t, pg.ts.onlyGame(t))
			if diff := cmp.Diff(sheetOf(g.Scores()), pg.scoreSheet()); diff != "" {
				pg.fail("score sheet (-engine +page):\n%s", diff)
			}
			ce.check(t)
			t.Logf("%d clicks in %s, the page read %d times: no English word", c.clicks, tc.lang, read)
		})
	}
}

// playReading is play with check called on every menu opened too: a menu tells a card's text and
// what each move does.
func (pg page) playReading(c *clicker, stop func(turn int) bool, check func()) {
	pg.t.Helper()
	for {
		ready, turn, version := c.ready(10 * time.Second)
		switch {
		case ready == "":
			c.miss("the last click did nothing: it landed as the page drew anew")
			continue
		case ready == "over":
			return
		case ready == "move" && stop(turn):
			return
		}
		check()
		c.click(ready, version)
	}
}

// onEveryDecisionIn returns a check, run before each click, that the page shows no English word in
// lang.
func (pg page) onEveryDecisionIn(lang string, read *int) func() {
	return func() {
		pg.t.Helper()
		*read++
		var turn int
		pg.run(10*time.Second, "read the turn", chromedp.Evaluate(`Number(document.body.dataset.turn)`, &turn))
		pg.noEnglish(lang, fmt.Sprintf("turn %d", turn))
	}
}

// chooseLanguage chooses lang with the page's switch, and waits for the page loaded again in it.
func (pg page) chooseLanguage(lang string) {
	pg.t.Helper()
	pg.run(10*time.Second, "choose "+lang, chromedp.WaitVisible(`#language`, chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`(() => { const s = document.getElementById('language'); s.value = %q; s.dispatchEvent(new Event('change')); return 0; })()`, lang), nil))
	// The page loads again: what is asked of the old one may fail as it goes.
	ready := fmt.Sprintf(`document.documentElement.lang === %q && document.getElementById('language').value === %q && !location.search.includes('lang=')`, lang, lang)
	for i := 0; ; i++ {
		var ok bool
		if err := pg.try(2*time.Second, chromedp.Evaluate(ready, &ok)); err == nil && ok {
			return
		}
		if i == 100 {
			pg.fail("the page is not in %s after choosing it", lang)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestBrowserSwitchesLanguage chooses Español with the switch in the lobby: the page speaks
// Spanish, and a reload keeps it (the cookie). At the table the switch is there too, and
// choosing Français there shows the same game in French.
func TestBrowserSwitchesLanguage(t *testing.T) {
	t.Parallel()
	pg := page{t, openBrowser(t), serve(t, t.TempDir())}
	var ce consoleErrors
	ce.listen(pg)
	pg.run(10*time.Second, "lay out as a desktop", desktopSize())
	startText := func() string {
		var s string
		pg.run(10*time.Second, "read the start button", chromedp.WaitVisible(`#seat-kinds select`, chromedp.ByQuery), chromedp.Text(`#start`, &s, chromedp.ByQuery))
		return s
	}
	pg.run(30*time.Second, "open the page", chromedp.Navigate(pg.ts.url+"/"), chromedp.WaitVisible(`#new-game`, chromedp.ByQuery))
	if s := startText(); s != wordsEN["page.html.start"] {
		t.Fatalf("a browser that reads English sees %q", s)
	}
	var names []string
	pg.run(10*time.Second, "read the switch", chromedp.Evaluate(`[...document.querySelectorAll('#language option')].map((o) => o.textContent)`, &names))
	if want := []string{"English", "español", "français"}; !slices.Equal(names, want) {
		t.Errorf("the switch offers %v, want %v", names, want)
	}
	pg.chooseLanguage("es")
	if s := startText(); s != wordsES["page.html.start"] {
		t.Fatalf("after choosing Español the page says %q", s)
	}
	var url string
	pg.run(10*time.Second, "read the address", chromedp.Location(&url))
	if strings.Contains(url, "lang=") {
		t.Errorf("the address keeps the choice: %s", url)
	}
	pg.noEnglish("es", "the lobby")
	pg.run(30*time.Second, "reload", chromedp.Reload(), chromedp.WaitVisible(`#new-game`, chromedp.ByQuery))
	if s := startText(); s != wordsES["page.html.start"] {
		t.Fatalf("after a reload the page says %q", s)
	}
	pg.noEnglish("es", "the lobby reloaded")
	pg.startGame("random")
	var lang string
	pg.run(10*time.Second, "read the language", chromedp.Evaluate(`document.documentElement.lang`, &lang))
	if lang != "es" {
		t.Fatalf("the table is in %q", lang)
	}
	var hash string
	pg.run(10*time.Second, "read the game", chromedp.Evaluate(`location.hash`, &hash))
	pg.chooseLanguage("fr")
	var now string
	pg.run(20*time.Second, "see the table in French", chromedp.WaitVisible(`#table`, chromedp.ByQuery),
		chromedp.Poll(`document.body.dataset.version !== undefined && document.querySelector('#board .legal') !== null`, nil),
		chromedp.Evaluate(`location.hash`, &now))
	if now != hash {
		t.Errorf("the switch left the game: %s, was %s", now, hash)
	}
	pg.noEnglish("fr", "the table after the switch")
	ce.check(t)
}

// TestPageWordsHaveNoEnglish checks the catalogue the page reads in Spanish and French against
// the words the browser tests look for: a word there that a test would find on the page is found
// here first, with its key.
func TestPageWordsHaveNoEnglish(t *testing.T) {
	for _, l := range []viceroy.Language{viceroy.Spanish, viceroy.French} {
		c := catalogueOf(l)
		for key, w := range c.Page {
			if !strings.HasPrefix(key, "page.") {
				continue
			}
			var args []any
			for _, name := range placeholderNames(w) {
				args = append(args, name, 2, "pn", 2, "on", 3)
			}
			text, _, _ := strings.Cut(say(l, key, args...), "<a href")
			for _, bad := range englishIn(l.String(), text) {
				t.Errorf("%v %s: %s", l, key, bad)
			}
		}
	}
}
