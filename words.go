package viceroy

import (
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// This file tells the game in words, in the languages of the printed rulebooks. Every word a
// player reads comes from one catalogue per language: words_en.go, words_es.go and words_fr.go
// for the phrases, cards/es.tsv and cards/fr.tsv for the cards' names and law texts (English ones
// are the card data's own, cards/characters.tsv and cards/laws.tsv). The move notation
// (Move.String, ParseMove) is not told in words: it is one canonical notation, like a chess
// engine's, and is never translated.

// Language is a language the library tells the game in: the moves in words ([Language.Describe]),
// the table's log, score sheets, the game's summary and the names of colours, tokens and the like
// ([Language.Say]), the cards' names and law texts ([Language.CardName], [Language.CardText]) and
// the reasons a move is refused ([Language.Refusal]). Its words follow the printed rulebooks'
// terms. The zero Language is English; the String methods of the package's values tell them in
// English, from the same catalogue.
type Language uint8

// The languages, those of the printed rulebooks.
const (
	English Language = iota
	Spanish
	French
	numLanguages
)

// Languages lists the languages the library speaks: English, Spanish and French.
func Languages() []Language { return []Language{English, Spanish, French} }

var languageTags = [numLanguages]string{"en", "es", "fr"}

// String returns the language's BCP 47 tag: "en", "es" or "fr". A value that is no language
// returns "Language(N)".
func (l Language) String() string {
	if l < numLanguages {
		return languageTags[l]
	}
	return "Language(" + strconv.Itoa(int(l)) + ")"
}

// catalogues holds every language's phrases, by key. A Language that is none of them speaks
// English.
var catalogues = [numLanguages]map[string]string{English: wordsEN, Spanish: wordsES, French: wordsFR}

// words returns l's catalogue of phrases.
func (l Language) words() map[string]string {
	if l < numLanguages {
		return catalogues[l]
	}
	return wordsEN
}

// Words returns the catalogue of l's phrases, by key, for an application that tells the game in
// l with words of its own beside the library's: a web page, say, to which a server sends them as
// JSON. A phrase is text
// with placeholders in braces: {player}, {card}, {n}, {color} (a colour's plain name; {color:f}
// and {color:fp} its feminine singular and plural, where the language has them) fill in values,
// and {n|one|other} chooses by the number n between the singular and plural forms the language's
// rule asks for (French takes the singular for 0 and 1, English and Spanish for 1 only). The keys
// are the same in every language. Cards are not in it: see CardName and CardText. The map is the
// caller's.
func (l Language) Words() map[string]string { return maps.Clone(l.words()) }

// Say tells v in words of l, as v.String() does in English: an [Event] (a line of the log), a
// [ScoreSheet], a [Game] (its summary), a [Move] (in words, without the game's context: see
// Describe for that), a [Color], [Gems], a [Token] or [TokenKind], a [CardID] (its number and
// name), a [Reward] or [RewardItem] (what playing a character gives), a [Player], a [Phase], a
// [Decision], an [Edition] or a [Place] ("L2 x-1" in English, "el nivel 2 (columna -1)" in
// Spanish). Any other value is told by its own String method; nil is "".
func (l Language) Say(v fmt.Stringer) string {
	switch x := v.(type) {
	case nil:
		return ""
	case Event:
		return l.event(x)
	case *Event:
		if x != nil {
			return l.event(*x)
		}
	case ScoreSheet:
		return l.score(x)
	case Game:
		return l.game(&x)
	case *Game:
		if x != nil {
			return l.game(x)
		}
	case Move:
		return describeMove(l, x, 0)
	case Color, Gems, Token, TokenKind, CardID, Player, Phase, Decision, Edition, Place:
		return l.value(x, "")
	case RewardItem:
		return l.rewardItem(x)
	case Reward:
		return l.reward(x)
	default:
		return v.String()
	}
	return ""
}

// rewardKeys are the keys of the reward items' words, by kind.
var rewardKeys = [...]string{GemsReward: "reward.gems", CardsReward: "reward.cards", PointsReward: "reward.points",
	ScienceReward: "reward.science", MagicReward: "reward.magic", DefenseReward: "reward.defense",
	AttackReward: "reward.attack", InfiniteReward: "reward.infinite", MagicBonusReward: "reward.magic-bonus",
	CircleBonusReward: "reward.circle-bonus"}

// rewardItem tells what one item of a reward gives, e.g. "4 gems of your choice".
func (l Language) rewardItem(it RewardItem) string {
	if it.Kind == NoReward || int(it.Kind) >= len(rewardKeys) {
		return l.text("reward.none")
	}
	return l.text(rewardKeys[it.Kind], "n", int(it.N), "color", it.Color)
}

// reward tells what a reward gives, its items joined: "an attack token behind your screen, 2
// gems of your choice and a 2-point token".
func (l Language) reward(r Reward) string {
	var parts []string
	for _, it := range r.Items() {
		parts = append(parts, l.rewardItem(it))
	}
	if len(parts) == 0 {
		return l.text("reward.none")
	}
	return l.join(parts, "list.and")
}

// rows tells a character card's rows, a line for each level: what playing it there costs and
// gives.
func (l Language) rows(c Card) string {
	lines := make([]string, 0, 5)
	for level := 1; level <= 4; level++ {
		lines = append(lines, l.text("card.row", "level", level, "cost", c.Cost(level),
			"reward", l.reward(c.Rows[level-1].Reward)))
	}
	lines = append(lines, l.text("card.row5", "cost", c.Cost(5)))
	return strings.Join(lines, "\n")
}

// Describe says in words of l what move m of player p does now, for a player who does not have
// the rulebook open: "take a red gem from the reserve" ("coger una gema roja de la reserva",
// "prendre une gemme rouge dans la Banque"). It knows the decision under way (a law's options,
// what a tuck is for, what a card costs where it would stand); for a move that is not legal now
// it describes the move on its own.
func (l Language) Describe(g *Game, p Player, m Move) string {
	if g == nil {
		return describeMove(l, m, 0)
	}
	d := g.decisionOwed()
	if int(p) >= 0 && int(p) < int(g.players) && g.owers(d)&(1<<p) != 0 {
		if words := g.describeAs(d, l, p, m); words != "" {
			return words
		}
	}
	return describeMove(l, m, 0)
}

// Refusal says in words of l why g refuses move m of player p, as far as p may know: the reason
// the error of [Game.Apply] gives, or "" if m is legal. It never tells where a card is that p
// cannot see.
func (l Language) Refusal(g *Game, p Player, m Move) string {
	switch {
	case g == nil || g.players == 0:
		return l.text("why.nogame")
	case g.Over():
		return l.text("why.over")
	case p < 0 || int(p) >= int(g.players):
		return l.text("why.noplayer", "player", p)
	case m.wellFormed() != nil:
		return l.text("why.notmove", "player", p)
	case len(g.Legal(p)) == 0:
		return l.text("why.notyours", "player", p)
	}
	if slices.Contains(g.Legal(p), m) {
		return ""
	}
	return g.whyIllegal(l, p, m)
}

// CardName returns the card's name in l, without its number: "Captain", "Capitán", "Capitaine".
// An id that is no card returns "".
func (l Language) CardName(id CardID) string {
	if !id.Valid() {
		return ""
	}
	if l == English || l >= numLanguages {
		return catalogue[id].Name
	}
	return cardWords[l][id].name
}

// CardText returns a card's text in l: a law's rule, as the library follows it, or a character's
// rows, a line for each level, what playing the card there costs and gives ("level 2, for 1
// green, 1 blue: 5 gems of your choice"). An id that is no card returns "".
func (l Language) CardText(id CardID) string {
	switch {
	case id.IsCharacter():
		return l.rows(catalogue[id])
	case !id.IsLaw():
		return ""
	}
	if l == English || l >= numLanguages {
		return catalogue[id].Text
	}
	return cardWords[l][id].text
}

// The cards' names and law texts in Spanish and French: one line a card, its number, name and (for
// laws) text, tab-separated; lines starting with # are comments, where the choices of names are
// written down.
var (
	//go:embed cards/es.tsv
	cardsES string
	//go:embed cards/fr.tsv
	cardsFR string
)

// cardWord is a card's name and law text in one language.
type cardWord struct{ name, text string }

// cardWords holds, by language, every card's name and law text (English's come from the card
// data).
var cardWords = [numLanguages][NumCards + 1]cardWord{Spanish: mustCardWords(cardsES), French: mustCardWords(cardsFR)}

// mustCardWords reads a language's card file; the tests check every card has its words.
func mustCardWords(data string) (out [NumCards + 1]cardWord) {
	for _, line := range strings.Split(data, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 1 || n > NumCards || len(f) < 2 {
			continue // the header line; a bad line leaves its card without words, which the tests find
		}
		out[n].name = f[1]
		if len(f) > 2 {
			out[n].text = f[2]
		}
	}
	return out
}

// text returns the phrase of key in l with its placeholders filled from args, pairs of a name and
// a value. A key missing from l's catalogue is written "!(key)", which the tests look for.
func (l Language) text(key string, args ...any) string {
	pat, ok := l.words()[key]
	if !ok {
		return "!(" + key + ")"
	}
	return l.fill(pat, args)
}

// Fill writes a phrase of one's own in l, written as the catalogue's phrases are (see Words), with
// its placeholders filled from args, a list of pairs of a name and a value: {name} is the value
// named name, told in l (a number, a string, a Player, a CardID with its name, a Color, Gems, a
// Token or TokenKind, a Place, a Phase, a Decision or an Edition; anything else by its String
// method); {color:f} and {color:fp} a colour's feminine singular and plural; {n|one|other} the
// singular or the plural form by the number n, as l's rule asks. A placeholder with no value is
// written "!(name)". It is how an application tells words of its own, a page's prompts say, with
// the library's rules of plurals and agreement:
//
//	viceroy.French.Fill("{n} {n|carte|cartes}", "n", 0) // "0 carte"
func (l Language) Fill(phrase string, args ...any) string { return l.fill(phrase, args) }

// fill writes pattern with its placeholders filled from args.
func (l Language) fill(pattern string, args []any) string {
	if !strings.Contains(pattern, "{") {
		return pattern
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(pattern, '{')
		if open < 0 {
			b.WriteString(pattern)
			return b.String()
		}
		end := closing(pattern, open)
		if end < 0 {
			b.WriteString(pattern)
			return b.String()
		}
		b.WriteString(pattern[:open])
		b.WriteString(l.placeholder(pattern[open+1:end], args))
		pattern = pattern[end+1:]
	}
}

// closing returns the index of the brace that closes the one at open, or -1.
func closing(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// placeholder fills one placeholder: "name", "name:form" or "name|one|other".
func (l Language) placeholder(ph string, args []any) string {
	if forms := splitTop(ph); len(forms) == 3 {
		n, _ := arg(args, forms[0]).(int)
		if l.singular(n) {
			return l.fill(forms[1], args)
		}
		return l.fill(forms[2], args)
	}
	name, form, _ := strings.Cut(ph, ":")
	v := arg(args, name)
	if v == nil {
		return "!(" + name + ")"
	}
	return l.value(v, form)
}

// splitTop splits s at the bars outside braces.
func splitTop(s string) []string {
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

// arg returns the value named name in args, or nil.
func arg(args []any, name string) any {
	for i := 0; i+1 < len(args); i += 2 {
		if args[i] == name {
			return args[i+1]
		}
	}
	return nil
}

// singular reports whether n takes the singular in l: 1 (and -1) in English and Spanish, and
// also 0 in French.
func (l Language) singular(n int) bool {
	if n < 0 {
		n = -n
	}
	if l == French {
		return n <= 1
	}
	return n == 1
}

// value writes v in l; form selects a colour's form ("f", "fp") or a token with its article
// ("a").
func (l Language) value(v any, form string) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case Player:
		return l.text("player", "n", int(x))
	case CardID:
		return l.card(x)
	case Color:
		return l.color(x, form)
	case Gems:
		return l.gems(x)
	case Token:
		if form == "a" {
			return l.tokenWithArticle(x)
		}
		return l.token(x)
	case TokenKind:
		if x <= CircleBonus {
			return l.text("kind." + tokenKindNames[x])
		}
		return x.String()
	case Place:
		return l.text("place", "level", int(x.Level), "col", int(x.Col))
	case Phase:
		if int(x) < len(phaseNames) {
			return l.text("phase." + phaseNames[x])
		}
		return x.String()
	case Decision:
		if int(x) < len(decisionWords) {
			return l.text("decision." + decisionWords[x])
		}
		return x.String()
	case Edition:
		switch x {
		case SecondEdition:
			return l.text("edition.second")
		case FirstEdition:
			return l.text("edition.first")
		}
		return x.String()
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}

// decisionWords are the keys of the decisions' names, in the order of the Decision constants.
var decisionWords = [...]string{"none", "start", "bid", "claim", "take", "gems", "draw", "develop",
	"place", "pay", "reward", "paint", "option", "infinite", "tuck", "patronage", "park", "putback",
	"token", "gift", "duel", "auctiondiscard"}

// card writes a card's number and name, "32 Capitán"; 0 is "no card".
func (l Language) card(id CardID) string {
	if id == 0 {
		return l.text("card.none")
	}
	if !id.Valid() {
		return id.String()
	}
	return strconv.Itoa(int(id)) + " " + l.CardName(id)
}

// color writes a colour in the form asked: "" the plain name, "f" and "fp" the feminine singular
// and plural (for gems, gemas and gemmes being feminine).
func (l Language) color(c Color, form string) string {
	if !c.Valid() {
		return c.String()
	}
	key := "color." + colorNames[c]
	if form != "" {
		key += "." + form
	}
	return l.text(key)
}

// gems lists gem counts, "2 blue, 1 yellow", or "none".
func (l Language) gems(g Gems) string {
	var parts []string
	for c, n := range g {
		if n > 0 {
			parts = append(parts, l.text("gems.part", "n", int(n), "color", Color(c)))
		}
	}
	if len(parts) == 0 {
		return l.text("gems.none")
	}
	return strings.Join(parts, l.text("list.comma"))
}

// token names a token, e.g. "5 points", "science", "magic bonus +3", "red circle bonus +2".
func (l Language) token(t Token) string {
	k := t.Kind()
	if k > CircleBonus {
		return t.String()
	}
	return l.text("token."+tokenKindNames[k], "n", t.Value(), "color", t.Color())
}

// tokenWithArticle names a token with its article: "an attack token", "a defense token", "a magic
// bonus of +2", "a 6 points token".
func (l Language) tokenWithArticle(t Token) string {
	k := t.Kind()
	if k > CircleBonus {
		return t.String()
	}
	return l.text("a-token."+tokenKindNames[k], "n", t.Value(), "color", t.Color())
}

// join lists parts as "a, b and c" (last "list.and") or "a, b or c" (last "list.or").
func (l Language) join(parts []string, last string) string {
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	end := parts[len(parts)-1]
	return strings.Join(parts[:len(parts)-1], l.text("list.comma")) + l.conjunction(last, end) + end
}

// conjunction returns the words of last ("list.and", "list.or") before next: in Spanish "y"
// becomes "e" before a word that starts with the sound i, and "o" becomes "u" before one that
// starts with the sound o, numbers included (8, 11, 80-89: ocho, once, ochenta...).
func (l Language) conjunction(last, next string) string {
	if l == Spanish {
		lower := strings.ToLower(next)
		switch {
		case last == "list.and" && (strings.HasPrefix(lower, "i") || strings.HasPrefix(lower, "hi")) &&
			!strings.HasPrefix(lower, "hie") && !strings.HasPrefix(lower, "ia") && !strings.HasPrefix(lower, "io"):
			return " e "
		case last == "list.or" && startsWithO(lower):
			return " u "
		}
	}
	return l.text(last)
}

// startsWithO reports whether a Spanish word or number starts with the sound o: o-, ho-, and the
// numbers 8, 11 and 80-89 (ocho, once, ochenta...).
func startsWithO(s string) bool {
	num := s
	if i := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }); i >= 0 {
		num = s[:i]
	}
	switch {
	case num == "":
		return strings.HasPrefix(s, "o") || strings.HasPrefix(s, "ó") || strings.HasPrefix(s, "ho")
	case num == "8" || num == "11" || (len(num) == 2 && num[0] == '8'):
		return true
	}
	return false
}

// cardList writes cards as "1 Boatswain, 32 Captain".
func (l Language) cardList(cards []CardID) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = l.card(c)
	}
	return strings.Join(parts, l.text("list.comma"))
}
