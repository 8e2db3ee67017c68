package viceroy

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// This file gives the public values a text form for people: a game's summary, a move's phrase
// ("bid red", "use the infinite gem on 1 Boatswain"), which ParseMove reads back, and a record of
// one move a line.

// String summarises the game in one line, in English: players, turn and phase, and who is to
// move, e.g. "3 players, second edition: turn 4, auction round 2; player 0 (bidding) and player 2
// (bidding) to move". It shows nothing hidden; for the whole state a player may know, see
// [Game.View]. [Language.Say] summarises it in Spanish or French.
func (g Game) String() string { return English.game(&g) }

// game summarises g in words of l.
func (l Language) game(g *Game) string {
	if g.players == 0 {
		return l.text("game.zero")
	}
	return l.text("game.summary", "setting", l.setting(g), "where", l.where(g))
}

// setting describes the config without the seed, e.g. "2 players and 1 virtual opponent, first
// edition".
func (l Language) setting(g *Game) string {
	if g.virtual > 0 {
		return l.text("game.setting.virtual", "n", int(g.players), "virtual", int(g.virtual), "edition", g.edition)
	}
	return l.text("game.setting", "n", int(g.players), "edition", g.edition)
}

// where says where the game stands and who is to move.
func (l Language) where(g *Game) string {
	if g.Over() {
		if w := g.Winners(); len(w) > 0 {
			return l.text("game.won", "players", l.players(w, nil), "n", len(w))
		}
		return l.text("game.over")
	}
	var at string
	switch ph := g.Phase(); ph {
	case PhaseSetup:
		at = l.text("game.at.setup")
	case PhaseAuction:
		at = l.text("game.at.auction", "turn", int(g.turn), "round", int(g.round))
	case PhaseDevelopment:
		at = l.text("game.at.development", "turn", int(g.turn), "round", int(g.round))
	default:
		at = l.text("game.at.phase", "turn", int(g.turn), "phase", ph)
	}
	who := g.ToMove()
	if len(who) == 0 {
		return at
	}
	return l.text("game.to-move", "at", at, "players", l.players(who, g), "n", len(who))
}

// players lists the players as "a, b and c"; with a game, each with the decision they owe.
func (l Language) players(ps []Player, g *Game) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		if g != nil {
			parts[i] = l.text("game.owes", "player", p, "decision", g.Decision(p))
		} else {
			parts[i] = l.value(p, "")
		}
	}
	return l.join(parts, "list.and")
}

// moveText is the phrase of a move: kind (and for Draw and TakeReward the choice) with a pattern
// whose placeholders {card}, {color}, {at} and {n} (the choice) stand for the move's fields.
type moveText struct {
	kind    MoveKind
	choice  uint8
	pattern string
}

// moveTexts lists the phrase of every well-formed move, in the order ParseMove tries them.
var moveTexts = []moveText{
	{KeepInPyramid, 0, "keep {card} in the pyramid"},
	{KeepInHand, 0, "keep {card} in the hand"},
	{Bid, 0, "bid {color}"},
	{Attack, 0, "attack"},
	{Pass, 0, "pass"},
	{Take, 0, "take {card}"},
	{Claim, 0, "claim {card}"},
	{StayIn, 0, "stay in"},
	{Play, 0, "play {card}"},
	{Discard, 0, "discard {card}"},
	{PlaceCard, 0, "place at {at}"},
	{UseInfinite, 0, "use the infinite gem on {card}"},
	{PayCost, 0, "pay the cost"},
	{TakeReward, RowRewards, "take the rewards of rows 1-3"},
	{TakeReward, FifteenPoints, "take 15 points"},
	{TakeGem, 0, "take a {color} gem"},
	{Draw, SmallDeck, "draw from the small deck"},
	{Draw, LawDeck, "draw from the law deck"},
	{ChooseOption, 0, "choose option {n}"},
	{InfiniteColor, 0, "make the infinite gem {color}"},
	{Tuck, 0, "tuck {card}"},
	{TuckUnder, 0, "tuck under {card}"},
	{Keep, 0, "keep the card"},
	{Done, 0, "done"},
	{Park, 0, "park a {color} gem"},
	{PutBack, 0, "put back {card}"},
	{PickToken, 0, "pick token {n} on {card}"},
	{GiveGem, 0, "give a {color} gem"},
	{Paint, 0, "paint the circle at {at} {color}"},
	{PaintBest, 0, "accept the best painting"},
	{FinishPainting, 0, "finish painting"},
}

// String writes the move in the canonical move notation, e.g. "bid red", "play 32 Captain",
// "place at L2 x-1", "use the infinite gem on 1 Boatswain", "finish painting": one notation, in
// English words and never translated, as a chess engine's is, for programs, records and tests
// ([Language.Describe] tells a move in words of a language). [ParseMove] reads the text of a
// well-formed move back to the same move. A move that is not well formed (see [Move]) is
// described as such, e.g. "bid with fields card 3, color red (not well formed)".
func (m Move) String() string {
	t, ok := textOf(m)
	if !ok || m.wellFormed() != nil {
		return m.raw()
	}
	var b strings.Builder
	rest := t.pattern
	for {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			b.WriteString(rest)
			return b.String()
		}
		end := strings.IndexByte(rest, '}')
		b.WriteString(rest[:open])
		b.WriteString(m.field(rest[open+1 : end]))
		rest = rest[end+1:]
	}
}

// field writes the move's field that a phrase's placeholder names.
func (m Move) field(name string) string {
	switch name {
	case "card":
		return m.Card.String()
	case "color":
		return m.Color.String()
	case "at":
		return m.At.String()
	}
	return strconv.Itoa(int(m.Choice))
}

// raw describes a move that is not well formed by its fields.
func (m Move) raw() string {
	return fmt.Sprintf("%v with fields card %d, color %v, at %v, choice %d (not well formed)",
		m.Kind, m.Card, m.Color, m.At, m.Choice)
}

// textOf returns the phrase of a move's kind and choice; every well-formed move has one (see
// TestMoveTextCoversKinds).
func textOf(m Move) (moveText, bool) {
	for _, t := range moveTexts {
		if t.kind == m.Kind && (t.choice == m.Choice || moveFields[m.Kind]&(fDeck|fReward) == 0) {
			return t, true
		}
	}
	return moveText{}, false
}

// ParseMove reads a move written as [Move.String] writes it, e.g. "bid red", "play 32 Captain",
// "place at L2 x-1": the canonical text form of moves, whose every form [MoveKind] lists. Letter
// case and runs of spaces do not matter, and a card may be written by its number alone ("play
// 32"); a card's name, if given, must be the card's. It reads only a well-formed move (see
// [Move]), as Move.UnmarshalJSON does. Text that is no such move returns an error wrapping
// [ErrBadValue] that says what could not be read and which forms were expected.
func ParseMove(s string) (Move, error) {
	if len(s) > maxMoveText {
		return Move{}, fmt.Errorf("%w: %d bytes are too long for a move", ErrBadValue, len(s))
	}
	in := strings.ToLower(strings.Join(strings.Fields(s), " "))
	var why error
	var forms []string
	for _, t := range moveTexts {
		if !t.opens(in) {
			continue // every phrase starts with a word of its own
		}
		m, err := t.parse(in)
		if err == nil {
			return m, nil
		}
		if why == nil {
			why = err
		}
		forms = append(forms, t.form())
	}
	if why != nil {
		return Move{}, fmt.Errorf("%w: move %q: %s; expected %s", ErrBadValue, s, within(why), orList(forms))
	}
	word, _, _ := strings.Cut(in, " ")
	return Move{}, fmt.Errorf("%w: no move starts with %q (%q: the forms are listed by MoveKind)", ErrBadValue, word, s)
}

// form writes the phrase's pattern for a person: "keep <card> in the pyramid".
func (t moveText) form() string {
	return formReplacer.Replace(t.pattern)
}

// formReplacer writes a phrase's placeholders for a person.
var formReplacer = strings.NewReplacer("{card}", "<card>", "{color}", "<color>", "{at}", "<place>", "{n}", "<number>")

// orList lists the forms as "a", "a or b", "a, b or c", each quoted.
func orList(forms []string) string {
	q := make([]string, len(forms))
	for i, f := range forms {
		q[i] = strconv.Quote(f)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// maxMoveText is the longest text ParseMove reads: the longest phrase of a move is some 60 bytes.
const maxMoveText = 200

// opens reports whether in starts with the pattern's first word: no other pattern can match it.
func (t moveText) opens(in string) bool {
	first, _, _ := strings.Cut(t.pattern, " ")
	word, _, _ := strings.Cut(in, " ")
	return word == first
}

// parse reads in, lower case with single spaces, as a move of this phrase.
func (t moveText) parse(in string) (Move, error) {
	m := Move{Kind: t.kind, Choice: t.choice}
	if err := matchText(t.pattern, in, &m); err != nil {
		return Move{}, err
	}
	return m, m.wellFormed()
}

// matchText matches in against pattern, setting m's field for each placeholder. A placeholder
// followed by more pattern is tried at each place where the text that follows it could start.
func matchText(pattern, in string, m *Move) error {
	open := strings.IndexByte(pattern, '{')
	if open < 0 {
		if in != pattern {
			return fmt.Errorf("%q is not %q", in, pattern)
		}
		return nil
	}
	rest, ok := strings.CutPrefix(in, pattern[:open])
	if !ok {
		return fmt.Errorf("%q does not start with %q", in, pattern[:open])
	}
	end := strings.IndexByte(pattern, '}')
	field, after := pattern[open+1:end], pattern[end+1:]
	if after == "" {
		return setMoveField(m, field, rest)
	}
	lit := after
	if i := strings.IndexByte(after, '{'); i >= 0 {
		lit = after[:i]
	}
	err := fmt.Errorf("%q does not go on with %q", rest, lit)
	for i := 0; i < len(rest); i++ {
		if !strings.HasPrefix(rest[i:], lit) {
			continue
		}
		if err = setMoveField(m, field, rest[:i]); err == nil {
			if err = matchText(after, rest[i:], m); err == nil {
				return nil
			}
		}
	}
	return err
}

// setMoveField reads text as the move's field named by a placeholder.
func setMoveField(m *Move, field, text string) error {
	var err error
	switch field {
	case "card":
		m.Card, err = parseCard(text)
	case "color":
		m.Color, err = parseColor(text)
	case "at":
		m.At, err = parsePlace(text)
	case "n":
		var n uint64
		n, err = strconv.ParseUint(text, 10, 8)
		if err != nil {
			err = fmt.Errorf("%q is not a number 0-255", text)
		}
		m.Choice = uint8(n)
	}
	return err
}

// parseCard reads a card as CardID.String writes it ("32 Captain", "no card"), or its number
// alone.
func parseCard(s string) (CardID, error) {
	if s == "no card" {
		return 0, nil
	}
	num, name, _ := strings.Cut(s, " ")
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || n > NumCards {
		return 0, fmt.Errorf("%q is not a card number 1-%d", num, NumCards)
	}
	id := CardID(n)
	if name != "" && name != strings.ToLower(catalogue[id].Name) {
		return 0, fmt.Errorf("card %d is %v, not %q", n, id, name)
	}
	return id, nil
}

// parsePlace reads a place as Place.String writes it, e.g. "L2 x-1" (here in lower case).
func parsePlace(s string) (Place, error) {
	level, col, ok := strings.Cut(s, " ")
	l, errL := strconv.ParseInt(strings.TrimPrefix(level, "l"), 10, 8)
	c, errC := strconv.ParseInt(strings.TrimPrefix(col, "x"), 10, 8)
	if !ok || !strings.HasPrefix(level, "l") || !strings.HasPrefix(col, "x") || errL != nil || errC != nil {
		return Place{}, fmt.Errorf("%q is not a place such as \"L2 x-1\"", s)
	}
	return Place{int8(l), int8(c)}, nil
}

// Record's text form: a header of one key and value a line, then one move a line, the player's
// number, a colon and the move's phrase:
//
//	version 2
//	players 2
//	virtual 0
//	edition second
//	seed 5
//	0: keep 59 First Mate in the pyramid
//	0: keep 34 Hermit in the hand
//	1: keep 53 Pathfinder in the pyramid
//
// (the first moves of the game of seed 5: see the Example of Record.MarshalText).
var recordKeys = [...]string{"version", "players", "virtual", "edition", "seed"}

// MarshalText writes the record's text form: the header lines "version 2", "players 2",
// "virtual 0", "edition second" and "seed 5", then a line for each move, its player's number and
// its phrase (see [Move.String]), e.g. "0: keep 59 First Mate in the pyramid". A move that is not
// well formed is an error wrapping [ErrBadValue]; a config that cannot be played (see [NewGame])
// is one wrapping ErrBadValue and [ErrBadConfig].
func (r Record) MarshalText() ([]byte, error) {
	if err := r.Config.validate(); err != nil {
		return nil, configError(ErrBadValue, err)
	}
	ed, _ := r.Config.Edition.MarshalText()
	for i, pm := range r.Moves {
		if err := pm.Move.wellFormed(); err != nil {
			return nil, fmt.Errorf("move %d: %w", i, err)
		}
	}
	return []byte(r.text(string(ed))), nil
}

// text writes the text form with the edition's name ed.
func (r Record) text(ed string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "version %d\nplayers %d\nvirtual %d\nedition %s\nseed %d\n",
		r.Version, r.Config.Players, r.Config.Virtual, ed, r.Config.Seed)
	for _, pm := range r.Moves {
		fmt.Fprintf(&b, "%d: %v\n", pm.Player, pm.Move)
	}
	return b.String()
}

// UnmarshalText reads the text form MarshalText writes. Blank lines and lines starting with "#"
// are skipped, so a record can carry comments; moves read as [ParseMove] reads them. The five
// header lines are required, in their order; a record without its "version" line wraps
// [ErrVersion] as well, and one whose config cannot be played (see [NewGame]), or names an unknown
// edition, wraps [ErrBadConfig] as well. Any other error wraps [ErrBadValue] and names the line.
func (r *Record) UnmarshalText(text []byte) error {
	out := Record{Moves: []PlayerMove{}}
	header := 0
	for n, line := range strings.Split(string(text), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var err error
		if header < len(recordKeys) {
			err = out.readHeader(header, line)
			header++
			if err == nil && header == len(recordKeys) {
				if err := out.Config.validate(); err != nil {
					return configError(ErrBadValue, err)
				}
			}
		} else {
			err = out.readMove(line)
		}
		switch {
		case errors.Is(err, ErrVersion):
			return fmt.Errorf("%w: record line %d: %w", ErrBadValue, n+1, err)
		case errors.Is(err, ErrBadConfig):
			return alsoWraps(fmt.Errorf("%w: record line %d: %s", ErrBadValue, n+1, within(err)), ErrBadConfig)
		case err != nil:
			return fmt.Errorf("%w: record line %d: %s", ErrBadValue, n+1, within(err))
		}
	}
	switch {
	case header == 0:
		return fmt.Errorf("%w: empty record: %w", ErrBadValue, errNoVersion)
	case header < len(recordKeys):
		return fmt.Errorf("%w: record without its %q line", ErrBadValue, recordKeys[header])
	}
	*r = out
	return nil
}

// errNoVersion is the error of a record text whose first line is not its version.
var errNoVersion = fmt.Errorf("a record starts with its \"version\" line; one without was made before records named their rules version (%w)", ErrVersion)

// readHeader reads the i-th header line.
func (r *Record) readHeader(i int, line string) error {
	k, v, _ := strings.Cut(line, " ")
	if k != recordKeys[i] {
		if i == 0 {
			return errNoVersion
		}
		return fmt.Errorf("%q, want the %q line", line, recordKeys[i])
	}
	var err error
	switch k {
	case "version":
		r.Version, err = strconv.Atoi(v)
	case "players":
		r.Config.Players, err = strconv.Atoi(v)
	case "virtual":
		r.Config.Virtual, err = strconv.Atoi(v)
	case "edition":
		if err := r.Config.Edition.UnmarshalText([]byte(v)); err != nil {
			return alsoWraps(fmt.Errorf("unknown edition %q", v), ErrBadConfig)
		}
	case "seed":
		r.Config.Seed, err = strconv.ParseUint(v, 10, 64)
	}
	if err != nil {
		return fmt.Errorf("bad %s %q", k, v)
	}
	return nil
}

// readMove reads a move line, "0: bid red".
func (r *Record) readMove(line string) error {
	who, text, ok := strings.Cut(line, ":")
	p, err := strconv.Atoi(who)
	if !ok || err != nil {
		return fmt.Errorf("%q is not a move line such as \"0: bid red\"", line)
	}
	m, err := ParseMove(text)
	if err != nil {
		return err
	}
	r.Moves = append(r.Moves, PlayerMove{Player(p), m})
	return nil
}
