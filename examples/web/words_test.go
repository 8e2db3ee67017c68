package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/laar/viceroy"
)

// placeholderNames returns the names of a phrase's placeholders, sorted and without repeats:
// "{n|a card|{n} cards} {color:f}" has "color" and "n". A player's number stands for their name
// ({pn} for {player}, {on} for {other}): a language says either.
func placeholderNames(phrase string) []string {
	var names []string
	for _, m := range regexp.MustCompile(`\{([a-zA-Z]+)[:|}]`).FindAllStringSubmatch(phrase, -1) {
		name := m[1]
		if alias, ok := map[string]string{"pn": "player", "on": "other"}[name]; ok {
			name = alias
		}
		names = append(names, name)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// TestWebWordsComplete checks the example's own catalogue: every key of English in every
// language and no other, each with the same placeholders, every brace closed, no phrase empty
// but the Spanish unsaid "you".
func TestWebWordsComplete(t *testing.T) {
	for _, l := range viceroy.Languages() {
		words := webWords[l]
		if words == nil {
			t.Fatalf("%v: no catalogue", l)
		}
		for key, en := range wordsEN {
			w, ok := words[key]
			switch {
			case !ok:
				t.Errorf("%v: missing %q (English %q)", l, key, en)
			case !slices.Equal(placeholderNames(w), placeholderNames(en)):
				t.Errorf("%v %q: placeholders %v, English's %v", l, key, placeholderNames(w), placeholderNames(en))
			case strings.Count(w, "{") != strings.Count(w, "}"):
				t.Errorf("%v %q: unbalanced braces: %q", l, key, w)
			case w == "" && key != "log.subject.you":
				t.Errorf("%v %q: empty", l, key)
			}
		}
		for key := range words {
			if _, ok := wordsEN[key]; !ok {
				t.Errorf("%v: %q is no key of English", l, key)
			}
		}
		for key := range wordsEN {
			var args []any
			for _, name := range placeholderNames(words[key]) {
				args = append(args, name, 2, "pn", 2, "on", 3)
			}
			told := say(l, key, args...)
			if strings.ContainsAny(told, "{}") || strings.Contains(told, "!(") {
				t.Errorf("%v %q: %q, filled", l, key, told)
			}
			if l == viceroy.English || !strings.HasPrefix(key, "page.") {
				continue
			}
			text, _, _ := strings.Cut(told, "<a href")
			for _, w := range englishWords {
				if strings.Contains(" "+text+" ", w) {
					t.Errorf("%v %q: %q says %q", l, key, told, w)
				}
			}
		}
	}
}

// englishWords are words of the English log that a Spanish or French one never holds.
var englishWords = []string{" the ", "you ", "You ", " your ", "Your ", " takes", " take ", "player", "Player", " and ",
	" gems", " gem ", " card", " from ", " with ", " on the ", " on your ", "round", "turn ", " pays", " reveal", " token", " deck"}

// TestLogToldInEveryLanguage tells whole games' logs to every seat in Spanish and French: no
// English word, no placeholder left unfilled, no key missing, and the same lines (one line for
// the same events) as in English.
func TestLogToldInEveryLanguage(t *testing.T) {
	for _, cfg := range []viceroy.Config{{Players: 2, Seed: 3}, {Players: 4, Seed: 4}, {Players: 1, Virtual: 2, Seed: 5},
		{Players: 3, Virtual: 1, Edition: viceroy.FirstEdition, Seed: 6}, {Players: 3, Seed: 11}} {
		h := botGame(t, cfg)
		for _, l := range []viceroy.Language{viceroy.Spanish, viceroy.French} {
			t.Run(fmt.Sprintf("%dp%dv-%v", cfg.Players, cfg.Virtual, l), func(t *testing.T) {
				for p := range viceroy.Player(cfg.Players) {
					log := h.Log(p)
					lines := narrator{viewer: p, l: l}.tell(log, 0)
					english := narrator{viewer: p}.tell(log, 0)
					if len(lines) != len(english) {
						t.Fatalf("%v: %d lines, %d in English", p, len(lines), len(english))
					}
					for i, line := range lines {
						for _, text := range []string{line.Text, line.Short} {
							if strings.ContainsAny(text, "{}") || strings.Contains(text, "!(") {
								t.Errorf("%v line %d: %q: a placeholder or key left", p, i, text)
							}
							for _, w := range englishWords {
								if strings.Contains(" "+text+" ", w) {
									t.Errorf("%v line %d: %q says %q (English %q)", p, i, text, w, english[i].Text)
								}
							}
						}
					}
					if p == 0 && testing.Verbose() {
						for i := range min(len(lines), 12) {
							t.Logf("%s", lines[i].Text)
						}
					}
				}
			})
		}
	}
}

// TestLogWordsInEveryLanguage pins the words of a few events in Spanish and French, told to the
// viewer and to the others: the viewer's "tú" unsaid and "vous", a gift to the viewer, a reward
// cut short and its note.
func TestLogWordsInEveryLanguage(t *testing.T) {
	red, blue := viceroy.Gems{}, viceroy.Gems{}
	red[viceroy.Red], blue[viceroy.Blue] = 1, 1
	at1 := viceroy.Place{Level: 1}
	tests := []struct {
		viewer         viceroy.Player
		events         []viceroy.Event
		es, fr         string
		esNote, frNote string
	}{
		{1, []viceroy.Event{{Kind: viceroy.EventGems, Player: 0, Gems: red}, {Kind: viceroy.EventGems, Player: 0, Gems: blue}},
			"El jugador 1 coge 2 gemas (1 gema azul, 1 gema roja)", "Le joueur 1 prend 2 gemmes (1 gemme bleue, 1 gemme rouge)", "", ""},
		{0, []viceroy.Event{{Kind: viceroy.EventReveal, Player: 0, Move: viceroy.Move{Kind: viceroy.Play, Card: 11}}, {Kind: viceroy.EventReveal, Player: 1, Move: viceroy.Move{Kind: viceroy.Bid, Color: viceroy.Blue}}},
			"Revelado: juegas 11 Ballestera; el jugador 2 puja una gema azul", "Révélé : vous jouez 11 Arbalétrière ; le joueur 2 mise une gemme bleue", "", ""},
		{0, []viceroy.Event{{Kind: viceroy.EventPay, Player: 1, Gems: red, Cards: []viceroy.CardID{62}}},
			"El jugador 2 paga una gema roja y con la gema infinita de 62 Coronel", "Le joueur 2 paie une gemme rouge et avec la gemme infinie de 62 Colonel", "", ""},
		{0, []viceroy.Event{{Kind: viceroy.EventPlace, Player: 0, Card: 84, At: at1},
			{Kind: viceroy.EventDecide, Player: 0, Card: 84, Move: viceroy.Move{Kind: viceroy.ChooseOption, Choice: 2}},
			{Kind: viceroy.EventGems, Player: 0, Gems: red.Plus(red)}},
			"Colocas 84 Arcanos en el nivel 1 y coges 2 gemas rojas; la reserva se agotó: 2 gemas en lugar de 4",
			"Vous placez 84 Arcanes au niveau 1 et prenez 2 gemmes rouges ; la Banque s'est vidée : 2 gemmes au lieu de 4",
			"La reserva se agotó: tu 84 Arcanos te dio 2 gemas en lugar de 4", "La Banque s'est vidée : votre 84 Arcanes vous a donné 2 gemmes au lieu de 4"},
		{0, []viceroy.Event{{Kind: viceroy.EventTurn, Turn: 3}, {Kind: viceroy.EventRound, Phase: viceroy.PhaseAuction, Round: 1},
			{Kind: viceroy.EventReveal, Player: 0, Move: viceroy.Move{Kind: viceroy.Pass}}},
			"Turno 3 · subasta 1 · revelado: pasas", "Tour 3 · Enchère 1 · révélé : vous passez", "", ""},
		{0, []viceroy.Event{{Kind: viceroy.EventGive, Player: 1, Other: 0, Gems: red}},
			"El jugador 2 te da una gema roja", "Le joueur 2 vous donne une gemme rouge", "", ""},
		{1, []viceroy.Event{{Kind: viceroy.EventSwap, Player: 1, Other: 0, Card: 3, Host: 17}},
			"Intercambias una ficha de 3 Herbolaria por una de 17 Cabo, del jugador 1", "Vous échangez un jeton de 3 Herboriste contre un de 17 Caporal du joueur 1", "", ""},
	}
	for _, tt := range tests {
		for _, l := range []viceroy.Language{viceroy.Spanish, viceroy.French} {
			want, note := tt.es, tt.esNote
			if l == viceroy.French {
				want, note = tt.fr, tt.frNote
			}
			got := narrator{viewer: tt.viewer, l: l}.tell(tt.events, 0)
			if len(got) != 1 || got[0].Text != want || got[0].Short != note {
				t.Errorf("%v told to %v in %v: %+v, want one line %q, note %q", tt.events, tt.viewer, l, got, want, note)
			}
		}
	}
}
