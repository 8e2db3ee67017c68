package viceroy

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestEveryLanguageHasEveryWord: every catalogue has the English one's keys, no more and no
// fewer, every phrase is written, and a translation fills every value the English phrase fills (a
// placeholder's form may differ: {color:f} for {color}). A placeholder no value fills is found by
// the tellings of whole games (TestGamesToldInEveryLanguage).
func TestEveryLanguageHasEveryWord(t *testing.T) {
	for _, l := range Languages()[1:] {
		for key, en := range wordsEN {
			words, ok := l.words()[key]
			switch {
			case !ok:
				t.Errorf("%v: no words for %q (English: %q)", l, key, en)
			case strings.TrimSpace(words) == "":
				t.Errorf("%v: %q is empty", l, key)
			}
			for _, name := range placeholders(en) {
				if !slices.Contains(placeholders(words), name) {
					t.Errorf("%v: %q does not fill {%s}, which English fills", l, key, name)
				}
			}
		}
		for key := range l.words() {
			if _, ok := wordsEN[key]; !ok {
				t.Errorf("%v: %q is no English key", l, key)
			}
		}
	}
}

// placeholders returns the names of the values a phrase fills, sorted, without repeats.
func placeholders(s string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`\{([a-z]+)[:|}]`).FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestEveryCardHasItsWords: every card has a name in every language and its text: a law's rule, a
// character's five rows.
func TestEveryCardHasItsWords(t *testing.T) {
	for _, l := range Languages() {
		for id := CardID(1); id <= NumCards; id++ {
			name, text := l.CardName(id), l.CardText(id)
			switch {
			case name == "" || strings.ContainsAny(name, "\t\n"):
				t.Errorf("%v: card %d has no name", l, id)
			case id.IsLaw() && text == "":
				t.Errorf("%v: law %d has no text", l, id)
			case id.IsCharacter() && strings.Count(text, "\n") != 4:
				t.Errorf("%v: character %d's rows are told as %q", l, id, text)
			}
			checkTold(t, l, "a card's text", text)
			if l != English && id != 4 && id < 85 && name == English.CardName(id) && !sameInBoth[l][id] {
				t.Errorf("%v: card %d keeps its English name %q", l, id, name)
			}
		}
	}
	if got := Spanish.CardName(0) + French.CardText(0) + English.CardText(NumCards+1); got != "" {
		t.Errorf("no card has words, got %q", got)
	}
}

// sameInBoth are the names a language writes as English does (cards/es.tsv and cards/fr.tsv
// say why).
var sameInBoth = map[Language]map[CardID]bool{
	Spanish: {15: true, 25: true, 33: true, 41: true, 43: true},
	French: {8: true, 22: true, 24: true, 25: true, 27: true, 33: true, 46: true, 60: true, 62: true,
		65: true, 73: true, 77: true},
}

// englishWords are words that only an English phrase holds: a Spanish or French telling with one
// of them has fallen back to English.
var englishWords = regexp.MustCompile(`\b(the|player|players|gem|gems|token|tokens|deck|auction|takes|pays|bid|and|of|with|from|turn|round|level|circle|cards?)\b`)

// TestGamesToldInEveryLanguage: random games of every mix are told whole in every language:
// every event of the log as each player saw it, every legal move in words, a move refused, the
// summary and the score sheets. No telling is empty, lacks a word ("!(key)"), holds a formatting
// error ("%!") or a placeholder left unfilled, and none in Spanish or French holds an English word.
func TestGamesToldInEveryLanguage(t *testing.T) {
	configs := allMixes(11)
	if testing.Short() {
		configs = configs[:6]
	}
	seen := map[EventKind]bool{}
	for _, cfg := range configs {
		h, err := NewHistory(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(cfg.Seed, 12))
		for g := h.Game(); !g.Over(); g = h.Game() {
			p := g.ToMove()[r.IntN(len(g.ToMove()))]
			moves := g.Legal(p)
			for _, l := range Languages() {
				for _, m := range moves {
					checkTold(t, l, "a move", l.Describe(&g, p, m))
				}
				checkTold(t, l, "the summary", l.Say(g))
				if odd := (Move{Kind: TakeGem, Color: Red}); !slices.Contains(moves, odd) {
					checkTold(t, l, "a refusal", l.Refusal(&g, p, odd))
				}
			}
			if err := h.Play(p, moves[r.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		g := h.Game()
		for _, l := range Languages() {
			checkTold(t, l, "the summary", l.Say(g))
			for _, s := range g.Scores() {
				checkTold(t, l, "a score sheet", l.Say(s))
			}
			for p := Player(-1); int(p) < cfg.Players; p++ {
				for _, e := range h.Log(p) {
					seen[e.Kind] = true
					checkTold(t, l, "an event", l.Say(e))
				}
			}
		}
	}
	if len(seen) < 25 {
		t.Errorf("the games showed only %d kinds of event", len(seen))
	}
}

// checkTold fails the test if text, what of a game told in l, is not whole words of l.
func checkTold(t *testing.T, l Language, what, text string) {
	t.Helper()
	switch {
	case strings.TrimSpace(text) == "":
		t.Fatalf("%v: %s is told as nothing", l, what)
	case strings.Contains(text, "!(") || strings.Contains(text, "%!") || strings.ContainsAny(text, "{}"):
		t.Fatalf("%v: %s is told as %q", l, what, text)
	case l != English && englishWords.MatchString(text):
		t.Fatalf("%v: %s is told with English words: %q (%q)", l, what, text, englishWords.FindString(text))
	}
}

// TestEveryEventKindTold: every kind of event, in each of its forms, is told in every language.
func TestEveryEventKindTold(t *testing.T) {
	sheet := ScoreSheet{Player: 1, Total: 40}
	for _, l := range Languages() {
		for k := EventDeal; k < numEventKinds; k++ {
			for _, e := range []Event{
				{Kind: k, Player: 1, Other: 0, Card: 32, Host: 65, Color: Red, Count: 2, Deck: "laws", Turn: 3, Round: 2,
					Phase: PhaseDevelopment, Gems: Gems{1, 2, 0, 0}, Cards: []CardID{1, 8}, Tokens: []Token{science, magic},
					Scores: []ScoreSheet{sheet}, Move: Move{Kind: Bid, Color: Red}},
				{Kind: k, Player: -1, Slot: 1, Hidden: true, Count: -1, Deck: "large", Phase: PhaseOver, Cards: []CardID{5},
					Move: Move{Kind: Pass}},
				{Kind: k, Player: 0, Deck: "small", Phase: PhasePainting, Move: Move{Kind: ChooseOption, Choice: 1}, Card: 73},
			} {
				checkTold(t, l, "an event", l.Say(e))
			}
		}
	}
}

// TestPluralsAndNumbers: the singular and plural forms follow each language's rule: French takes
// the singular for 0 and 1, English and Spanish for 1 alone.
func TestPluralsAndNumbers(t *testing.T) {
	for _, tc := range []struct {
		l    Language
		v    Event
		want string
	}{
		{English, Event{Kind: EventGems, Player: 0, Gems: Gems{Red: 1}}, "player 0 takes 1 red"},
		{Spanish, Event{Kind: EventGems, Player: 0, Gems: Gems{Red: 1}}, "el jugador 0 coge 1 gema roja"},
		{Spanish, Event{Kind: EventGems, Player: 0, Gems: Gems{Red: 2, Yellow: 1}}, "el jugador 0 coge 2 gemas rojas, 1 gema amarilla"},
		{French, Event{Kind: EventGems, Player: 0, Gems: Gems{Green: 1}}, "le joueur 0 prend 1 gemme verte"},
		{French, Event{Kind: EventGems, Player: 0, Gems: Gems{Green: 2, Blue: 3}}, "le joueur 0 prend 3 gemmes bleues, 2 gemmes vertes"},
		{English, Event{Kind: EventAttacks, Player: 2, Count: 0}, "player 2 gets 0 attack tokens"},
		{Spanish, Event{Kind: EventAttacks, Player: 2, Count: 0}, "el jugador 2 recibe 0 fichas de ataque"},
		{French, Event{Kind: EventAttacks, Player: 2, Count: 0}, "le joueur 2 reçoit 0 jeton Attaque"},
		{French, Event{Kind: EventAttacks, Player: 2, Count: 2}, "le joueur 2 reçoit 2 jetons Attaque"},
		{Spanish, Event{Kind: EventPay, Player: 1, Cards: []CardID{1, 18}}, "el jugador 1 paga con las gemas infinitas de 1 Contramaestre, 18 Noble"},
	} {
		if got := tc.l.Say(tc.v); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.l, got, tc.want)
		}
	}
	if got := Spanish.join([]string{"12 Centinela", "8 Paladín"}, "list.or"); got != "12 Centinela u 8 Paladín" {
		t.Errorf("Spanish or before 8: %q", got)
	}
	if got := Spanish.join([]string{"defensa", "magia", "ciencia"}, "list.and"); got != "defensa, magia y ciencia" {
		t.Errorf("Spanish and: %q", got)
	}
}

// TestLanguageOutsideTheList: a Language that is none of the listed ones speaks English and
// names itself by its number.
func TestLanguageOutsideTheList(t *testing.T) {
	l := Language(9)
	if l.String() != "Language(9)" || l.Say(Red) != "red" || l.CardName(32) != "Captain" {
		t.Errorf("Language(9) says %q, %q, %q", l.String(), l.Say(Red), l.CardName(32))
	}
	if got := len(l.Words()); got != len(wordsEN) {
		t.Errorf("Language(9) has %d words, want English's %d", got, len(wordsEN))
	}
}
