package main

import (
	"maps"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/laar/viceroy"
)

// This file gives the page its words in the reader's language. Every word a player reads comes
// from one catalogue per language: the library's (viceroy.Language: moves, events, colours, cards,
// score sheets) and this example's own, words_en.go, words_es.go and words_fr.go, for what the
// page alone says: the log told to "you" (narrate.go), the errors the server answers, and the
// page's prompts, buttons and help (keys "page.", read by static/app.js from GET /api/words).
//
// A phrase is text with placeholders in braces, as the library's (viceroy.Language.Words):
// {name} fills in a value, {color:f} and {color:fp} a colour's feminine singular and plural where
// the language has them, and {n|one|other} chooses between the singular and the plural by the
// number n (French takes the singular for 0 and 1, English and Spanish for 1 only). The keys are
// the same in every language, and so are each key's placeholders (TestWebWordsComplete).

// webWords holds each language's own phrases of this example, by key.
var webWords = map[viceroy.Language]map[string]string{viceroy.English: wordsEN, viceroy.Spanish: wordsES,
	viceroy.French: wordsFR}

// libWords holds each language's catalogue of the library, read once.
var libWords = func() map[viceroy.Language]map[string]string {
	out := map[viceroy.Language]map[string]string{}
	for _, l := range viceroy.Languages() {
		out[l] = l.Words()
	}
	return out
}()

// ownWords returns language l's phrases of this example (English's for a language it lacks).
func ownWords(l viceroy.Language) map[string]string {
	if w, ok := webWords[l]; ok {
		return w
	}
	return wordsEN
}

// say returns the phrase of key in l, its placeholders filled from args (pairs of a name and a
// value). A key missing from l's catalogue is told in English; one missing from every catalogue
// is written "!(key)", which the tests look for.
func say(l viceroy.Language, key string, args ...any) string {
	pat, ok := ownWords(l)[key]
	if !ok {
		if pat, ok = wordsEN[key]; !ok {
			return "!(" + key + ")"
		}
	}
	return l.Fill(pat, args...)
}

// libSay returns the library's phrase of key in l, filled from args as say does.
func libSay(l viceroy.Language, key string, args ...any) string {
	pat, ok := libWords[l][key]
	if !ok {
		return "!(" + key + ")"
	}
	return l.Fill(pat, args...)
}

// listAnd joins words in l as "a, b and c".
func listAnd(l viceroy.Language, parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], libSay(l, "list.comma")) + libSay(l, "list.and") + parts[len(parts)-1]
}

// capitalize writes the first letter of s in capitals.
func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// pageCatalogue is what GET /api/words answers: every word the page needs in one language.
type pageCatalogue struct {
	Lang      string            `json:"lang"`      // the language's tag: "en", "es", "fr"
	Languages map[string]string `json:"languages"` // the languages to switch to: tag -> name in itself
	Words     map[string]string `json:"words"`     // the library's phrases (viceroy.Language.Words)
	Page      map[string]string `json:"page"`      // this example's own phrases (keys "page.", "log.", "error.")
	Cards     map[int]cardWords `json:"cards"`     // by card number
	Plural    string            `json:"plural"`    // the plural rule: "one" (1 is singular) or "zero-one" (0 and 1)
}

// cardWords is a card's name and text in one language.
type cardWords struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// catalogueOf returns every word the page needs in l.
func catalogueOf(l viceroy.Language) pageCatalogue {
	c := pageCatalogue{Lang: l.String(), Languages: map[string]string{}, Words: l.Words(),
		Page: maps.Clone(ownWords(l)), Cards: map[int]cardWords{}, Plural: "one"}
	if l.Fill("{n|one|other}", "n", 0) == "one" { // the library's rule, asked
		c.Plural = "zero-one"
	}
	for _, o := range viceroy.Languages() {
		c.Languages[o.String()] = libWords[o]["language"]
	}
	for id := viceroy.CardID(1); id <= viceroy.NumCards; id++ {
		c.Cards[int(id)] = cardWords{l.CardName(id), l.CardText(id)}
	}
	return c
}
