package main

import (
	"maps"
	"strconv"
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
	return fill(l, pat, args)
}

// libSay returns the library's phrase of key in l, filled from args as say does.
func libSay(l viceroy.Language, key string, args ...any) string {
	pat, ok := libWords[l][key]
	if !ok {
		return "!(" + key + ")"
	}
	return fill(l, pat, args)
}

// fill writes pattern in l with its placeholders filled from args.
func fill(l viceroy.Language, pattern string, args []any) string {
	var b strings.Builder
	for {
		open := strings.IndexByte(pattern, '{')
		end := closingBrace(pattern, open)
		if open < 0 || end < 0 {
			b.WriteString(pattern)
			return b.String()
		}
		b.WriteString(pattern[:open])
		b.WriteString(placeholder(l, pattern[open+1:end], args))
		pattern = pattern[end+1:]
	}
}

// closingBrace returns the index of the brace that closes the one at open, or -1.
func closingBrace(s string, open int) int {
	if open < 0 {
		return -1
	}
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

// placeholder fills one placeholder: "name", "name:form" or "name|one|other".
func placeholder(l viceroy.Language, ph string, args []any) string {
	if forms := splitBars(ph); len(forms) == 3 {
		n, _ := argNamed(args, forms[0]).(int)
		if singular(l, n) {
			return fill(l, forms[1], args)
		}
		return fill(l, forms[2], args)
	}
	name, form, _ := strings.Cut(ph, ":")
	switch v := argNamed(args, name).(type) {
	case nil:
		return "!(" + name + ")"
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	case viceroy.Color:
		return colorWord(l, v, form)
	case viceroy.CardID:
		return l.Say(v)
	default:
		return "!(" + name + ")"
	}
}

// splitBars splits s at the bars outside braces.
func splitBars(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case '|':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// argNamed returns the value named name in args, or nil.
func argNamed(args []any, name string) any {
	for i := 0; i+1 < len(args); i += 2 {
		if args[i] == name {
			return args[i+1]
		}
	}
	return nil
}

// singular reports whether n takes the singular in l: 1 in English and Spanish, 0 and 1 in
// French.
func singular(l viceroy.Language, n int) bool {
	if n < 0 {
		n = -n
	}
	if l == viceroy.French {
		return n <= 1
	}
	return n == 1
}

// colorWord names colour c in l in the form asked ("" plain, "f" or "fp" feminine).
func colorWord(l viceroy.Language, c viceroy.Color, form string) string {
	key := "color." + c.String()
	if form != "" {
		key += "." + form
	}
	if w, ok := libWords[l][key]; ok {
		return w
	}
	return c.String()
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
	if l == viceroy.French {
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
