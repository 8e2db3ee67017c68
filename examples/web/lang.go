package main

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/laar/viceroy"
	"golang.org/x/text/language"
)

// Each request is answered in the reader's language, one of the library's (viceroy.Languages):
// the one the reader chose, remembered in the cookie "lang" ("en", "es" or "fr"), which a
// "?lang=es" on any request (a link of the page's switch) or POST /api/language sets; else the
// best match of the browser's Accept-Language among them (golang.org/x/text/language's matcher:
// "fr-CA" reads French, "es-419" Spanish); else English. The language goes with the request (see
// languageOf), not with the game: two players at one table may read two languages. Answers say it
// in Content-Language, and vary by Accept-Language and Cookie.

// langCookie is the name of the cookie that remembers the reader's choice of language.
const langCookie = "lang"

// langCookieAge is how long the choice is remembered.
const langCookieAge = 365 * 24 * time.Hour

// languageTags are the library's languages as language tags, in the order of viceroy.Languages.
var languageTags = func() []language.Tag {
	var tags []language.Tag
	for _, l := range viceroy.Languages() {
		tags = append(tags, language.Make(l.String()))
	}
	return tags
}()

// matcher matches a browser's languages to the library's.
var matcher = language.NewMatcher(languageTags)

// parseLanguage returns the library's language of tag s ("en", "es", "fr"), exactly.
func parseLanguage(s string) (viceroy.Language, bool) {
	for _, l := range viceroy.Languages() {
		if l.String() == s {
			return l, true
		}
	}
	return viceroy.English, false
}

// acceptLanguage returns the library's language that best matches an Accept-Language header, or
// English if none does.
func acceptLanguage(header string) viceroy.Language {
	tags, _, err := language.ParseAcceptLanguage(header)
	if err != nil || len(tags) == 0 {
		return viceroy.English
	}
	_, i, conf := matcher.Match(tags...)
	if conf == language.No {
		return viceroy.English
	}
	return viceroy.Languages()[i]
}

// negotiate returns the language request r is answered in, and whether the request chose it
// explicitly with "?lang=" (which the answer remembers in the cookie).
func negotiate(r *http.Request) (l viceroy.Language, chosen bool) {
	if l, ok := parseLanguage(r.URL.Query().Get("lang")); ok {
		return l, true
	}
	if c, err := r.Cookie(langCookie); err == nil {
		if l, ok := parseLanguage(c.Value); ok {
			return l, false
		}
	}
	return acceptLanguage(r.Header.Get("Accept-Language")), false
}

// rememberLanguage sets the cookie that remembers l as the reader's choice.
func rememberLanguage(w http.ResponseWriter, r *http.Request, l viceroy.Language) {
	http.SetCookie(w, &http.Cookie{Name: langCookie, Value: l.String(), Path: "/", MaxAge: int(langCookieAge / time.Second),
		HttpOnly: true, Secure: r.TLS != nil, SameSite: http.SameSiteLaxMode})
}

// langKey is the context key of a request's language.
type langKey struct{}

// withLanguage picks each request's language (see negotiate), remembers an explicit choice, and
// says the language in the answer's Content-Language, which writeError reads.
func withLanguage(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l, chosen := negotiate(r)
		if chosen {
			rememberLanguage(w, r, l)
		}
		w.Header().Set("Content-Language", l.String())
		w.Header().Add("Vary", "Accept-Language, Cookie")
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), langKey{}, l)))
	})
}

// languageOf returns the language request r is answered in (English outside withLanguage).
func languageOf(r *http.Request) viceroy.Language {
	l, _ := r.Context().Value(langKey{}).(viceroy.Language)
	return l
}

// answerLanguage returns the language of an answer being written, from its Content-Language.
func answerLanguage(w http.ResponseWriter) viceroy.Language {
	l, _ := parseLanguage(w.Header().Get("Content-Language"))
	return l
}

// words answers with the catalogue of the reader's language: GET /api/words (the language the
// request is answered in) or GET /api/words/{lang} (that language; 404 for one the library does
// not speak).
func words(w http.ResponseWriter, r *http.Request) {
	l := languageOf(r)
	if tag := r.PathValue("lang"); tag != "" {
		var ok bool
		if l, ok = parseLanguage(tag); !ok {
			writeError(w, http.StatusNotFound, "no-such-language", "no language "+tag+": en, es or fr")
			return
		}
	}
	writeJSON(w, http.StatusOK, catalogueOf(l))
}

// chooseLanguage remembers the reader's choice of language, POST /api/language {"lang":"es"}, and
// answers with its catalogue, as GET /api/words does.
func chooseLanguage(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Lang string `json:"lang"`
	}
	if err := decodeBody(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "bad-request", err.Error())
		return
	}
	l, ok := parseLanguage(req.Lang)
	if !ok {
		writeError(w, http.StatusBadRequest, "no-such-language", "no language "+req.Lang+": en, es or fr")
		return
	}
	rememberLanguage(w, r, l)
	w.Header().Set("Content-Language", l.String())
	writeJSON(w, http.StatusOK, catalogueOf(l))
}

// htmlLang is the language attribute of static/index.html as written, which servePage sets to the
// reader's.
var htmlLang = []byte(`<html lang="en">`)

// servePage serves the page, static/index.html, its <html lang> the reader's language.
func servePage(w http.ResponseWriter, r *http.Request) {
	b, err := static.ReadFile("static/index.html")
	if err != nil {
		writeHidden(w, http.StatusInternalServerError, "internal", "the page is missing", err)
		return
	}
	b = bytes.Replace(b, htmlLang, []byte(`<html lang="`+languageOf(r).String()+`">`), 1)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(b)
}
