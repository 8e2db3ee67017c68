package viceroy

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The card data is carried byte for byte as verified from the printed cards (see cards/README.md);
// it is parsed once, at package initialisation, into fixed tables.
var (
	//go:embed cards/characters.tsv
	charactersTSV string
	//go:embed cards/laws.tsv
	lawsTSV string
)

// CardID is a card's printed number: characters are 1-64, laws 65-88. The zero CardID means
// "no card".
type CardID uint8

// Card number ranges.
const (
	NumCharacters = 64
	NumLaws       = 24
	NumCards      = NumCharacters + NumLaws
	// FirstLaw is the number of the first law card.
	FirstLaw CardID = NumCharacters + 1
)

// Valid reports whether id is the number of a card (1-88).
func (id CardID) Valid() bool { return id >= 1 && id <= NumCards }

// IsLaw reports whether id is a law card (65-88).
func (id CardID) IsLaw() bool { return id >= FirstLaw && id <= NumCards }

// IsCharacter reports whether id is a character card (1-64).
func (id CardID) IsCharacter() bool { return id >= 1 && id < FirstLaw }

// Card returns the catalogue entry of the card; the zero Card for an invalid id.
func (id CardID) Card() Card {
	if !id.Valid() {
		return Card{}
	}
	return catalogue[id]
}

// String returns the number and English name, e.g. "32 Captain".
func (id CardID) String() string {
	if !id.Valid() {
		if id == 0 {
			return "no card"
		}
		return "CardID(" + strconv.Itoa(int(id)) + ")"
	}
	return strconv.Itoa(int(id)) + " " + catalogue[id].Name
}

// The four sectors of a card, its coloured corners, as indexes of Card.Sectors. The bottom two
// are the halves of the half-circle at the card's bottom edge.
const (
	TopLeft = iota
	TopRight
	BottomLeft
	BottomRight
)

// RewardKind is the kind of one reward item on a character card's row (RULES.md 8.5).
type RewardKind uint8

// The reward kinds. The zero RewardKind is no reward.
const (
	NoReward          RewardKind = iota
	GemsReward                   // N gems of the player's choice from the reserve
	CardsReward                  // N cards, each from the small deck or the law deck
	PointsReward                 // a power-point token of value N on the card
	ScienceReward                // N science tokens on the card
	MagicReward                  // N magic tokens on the card
	DefenseReward                // N defense tokens on the card
	AttackReward                 // N attack tokens behind the player's screen
	InfiniteReward               // an infinite gem of Color on the card
	MagicBonusReward             // a magic bonus token +N on the card
	CircleBonusReward            // a circle bonus token of Color, +N, on the card
)

var rewardKindNames = [...]string{NoReward: "none", GemsReward: "gems", CardsReward: "cards",
	PointsReward: "points", ScienceReward: "science", MagicReward: "magic", DefenseReward: "defense",
	AttackReward: "attack", InfiniteReward: "infinite", MagicBonusReward: "magic-bonus",
	CircleBonusReward: "circle-bonus"}

// String returns the kind's name as written in the card data, e.g. "magic-bonus".
func (k RewardKind) String() string {
	if int(k) < len(rewardKindNames) {
		return rewardKindNames[k]
	}
	return "RewardKind(" + strconv.Itoa(int(k)) + ")"
}

// RewardItem is one item of a reward: a kind, a count or value N, and for infinite gems and circle
// bonuses a colour.
type RewardItem struct {
	Kind  RewardKind
	N     uint8
	Color Color
}

// String writes the item as in the card data, e.g. "gems:3", "infinite:green",
// "circle-bonus:red:2".
func (it RewardItem) String() string {
	switch it.Kind {
	case InfiniteReward:
		return "infinite:" + it.Color.String()
	case CircleBonusReward:
		return "circle-bonus:" + it.Color.String() + ":" + strconv.Itoa(int(it.N))
	default:
		return it.Kind.String() + ":" + strconv.Itoa(int(it.N))
	}
}

// MaxRewardItems is the most items one row of a card gives.
const MaxRewardItems = 3

// Reward is what playing a character card at one level gives: up to three items, each received
// in order. Unused items have Kind NoReward.
type Reward [MaxRewardItems]RewardItem

// Items returns the reward's items in order.
func (r Reward) Items() []RewardItem {
	var out []RewardItem
	for _, it := range r {
		if it.Kind != NoReward {
			out = append(out, it)
		}
	}
	return out
}

// String joins the items with "+", as in the card data, e.g. "attack:1+gems:2+points:2".
func (r Reward) String() string {
	var parts []string
	for _, it := range r.Items() {
		parts = append(parts, it.String())
	}
	return strings.Join(parts, "+")
}

// Row is one of the four rows of a character card: the gem colour it adds to the cost, and the
// reward for playing the card at that row's level.
type Row struct {
	Cost   Color
	Reward Reward
}

// LawTiming says when a law acts, as in the card data's "when" column.
type LawTiming uint8

// The law timings.
const (
	LawNow       LawTiming = iota + 1 // resolved when played
	LawEnd                            // scores at the end of the game
	LawNowEnd                         // resolved when played, and scores at the end
	LawAlwaysEnd                      // a lasting effect while in the pyramid, and scores at the end
)

var lawTimingNames = [...]string{LawNow: "now", LawEnd: "end", LawNowEnd: "now+end", LawAlwaysEnd: "always+end"}

// String returns the timing as written in the card data, e.g. "now+end".
func (t LawTiming) String() string {
	if t >= LawNow && int(t) < len(lawTimingNames) {
		return lawTimingNames[t]
	}
	return "LawTiming(" + strconv.Itoa(int(t)) + ")"
}

// Card is one entry of the catalogue. Characters have Rows; laws have When and Text.
type Card struct {
	ID      CardID
	Name    string    // English name (our translation)
	Printed string    // the name printed on the Russian card
	Sectors [4]Color  // indexed by Sector
	Rows    [4]Row    // characters only: rows for levels 1-4 (index 0 is level 1)
	When    LawTiming // laws only
	Text    string    // laws only: the rule the library follows
}

// String returns a one-line description: number, name, sectors, and rows or law text.
func (c Card) String() string {
	if !c.ID.Valid() {
		return "no card"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s [%s %s / %s %s]", c.ID, c.Name,
		c.Sectors[TopLeft], c.Sectors[TopRight], c.Sectors[BottomLeft], c.Sectors[BottomRight])
	if c.ID.IsLaw() {
		fmt.Fprintf(&b, " law (%s): %s", c.When, c.Text)
		return b.String()
	}
	for l, r := range c.Rows {
		fmt.Fprintf(&b, " | L%d %s: %s", l+1, r.Cost, r.Reward)
	}
	return b.String()
}

// Cost returns the gems needed to play a character card at level (1-5), by RULES.md 8.3: one gem
// of each row colour from row 1 to row level, and at level 5 the level-4 cost plus one more gem of
// the row-4 colour. Laws, and levels outside 1-5, cost nothing.
func (c Card) Cost(level int) Gems {
	return costAt(c.ID, level)
}

// LawOption is one option of a law that offers a choice of three (cards/laws.tsv): what choosing
// it gives. Exactly one of its parts is set: tokens put on the law; an infinite gem of a colour of
// the player's choice put on the law; a card drawn from a deck of the player's choice; or gems of
// the player's choice taken from the reserve.
type LawOption struct {
	Tokens   []Token
	Infinite bool
	Draw     bool
	Gems     int
}

// LawOptions returns the options of law id in the order of its ChooseOption moves (Move.Choice 0,
// 1 and 2), or nil for a card that offers no choice. The options are the caller's own: changing
// them changes nothing of the package.
func LawOptions(id CardID) []LawOption {
	opts, ok := lawOptions[id]
	if !ok {
		return nil
	}
	out := make([]LawOption, 0, len(opts)+1)
	for _, o := range opts {
		out = append(out, LawOption{Tokens: slices.Clone(o.tokens), Infinite: o.infinite, Draw: o.draw})
	}
	return append(out, LawOption{Gems: thirdOptionGems})
}

// catalogue holds every card by number; entry 0 is unused.
var catalogue [NumCards + 1]Card

// Fast per-card tables for the engine's hot paths.
var (
	sectorsOf [NumCards + 1][4]Color
	costOf    [NumCards + 1][6]Gems // costOf[id][level], level 1-5; laws all zero
	// payableAtLevelOne[colors] is the characters whose level-1 cost a screen holding a gem of
	// each colour of colors (bit c for colour c) and no other covers: a level-1 cost is one gem, of
	// the card's row-1 colour (RULES.md 8.3), so it is covered exactly when that colour is held.
	payableAtLevelOne [1 << NumColors]cardSet
)

func costAt(id CardID, level int) Gems {
	if !id.Valid() || level < 1 || level > 5 {
		return Gems{}
	}
	return costOf[id][level]
}

// Cards returns a copy of the whole catalogue in card-number order (88 cards). It marshals to
// JSON as a client needs it, one object a card with snake_case keys and names for kinds and
// timings (see [Card.MarshalJSON]); examples/server serves it.
func Cards() []Card {
	out := make([]Card, NumCards)
	copy(out, catalogue[1:])
	return out
}

func init() {
	if err := loadCatalogue(charactersTSV, lawsTSV); err != nil {
		panic(err) // the embedded data is checked by the tests; this cannot happen in a release
	}
}

// loadCatalogue parses both files into catalogue and the fast tables.
func loadCatalogue(chars, laws string) error {
	var cat [NumCards + 1]Card
	if err := parseTable(chars, charactersHeader, func(f []string) error { return parseCharacter(&cat, f) }); err != nil {
		return fmt.Errorf("characters.tsv: %w", err)
	}
	if err := parseTable(laws, lawsHeader, func(f []string) error { return parseLaw(&cat, f) }); err != nil {
		return fmt.Errorf("laws.tsv: %w", err)
	}
	for id := CardID(1); id <= NumCards; id++ {
		if cat[id].ID != id {
			return fmt.Errorf("card %d is missing", id)
		}
	}
	catalogue = cat
	for id := CardID(1); id <= NumCards; id++ {
		sectorsOf[id] = cat[id].Sectors
		if id.IsLaw() {
			continue
		}
		var cost Gems
		for l := 1; l <= 4; l++ {
			cost[cat[id].Rows[l-1].Cost]++
			costOf[id][l] = cost
		}
		cost[cat[id].Rows[3].Cost]++
		costOf[id][5] = cost
	}
	for colors := range payableAtLevelOne {
		var one Gems // a gem of each colour of colors
		for c := range one {
			one[c] = uint8(colors >> c & 1)
		}
		payableAtLevelOne[colors] = cardsWhere(func(id CardID) bool {
			return id.IsCharacter() && covers(gemWord(one), gemWord(costOf[id][1]))
		})
	}
	return nil
}

// The header lines of the two card files: the parsers rely on this column order.
const (
	charactersHeader = "number\tname\tname_ru\ttop_left\ttop_right\tbottom_left\tbottom_right\t" +
		"cost_1\treward_1\tcost_2\treward_2\tcost_3\treward_3\tcost_4\treward_4"
	lawsHeader = "number\tname\ttop_left\ttop_right\tbottom_left\tbottom_right\twhen\ttext\ttext_ru"
)

// parseTable checks that the header is exactly header and calls row for every data line, split
// on tabs.
func parseTable(data, header string, row func([]string) error) error {
	lines := strings.Split(strings.TrimRight(data, "\n"), "\n")
	if len(lines) < 2 {
		return fmt.Errorf("no data rows")
	}
	if got := strings.TrimRight(lines[0], "\r"); got != header {
		return fmt.Errorf("header %q, want %q", got, header)
	}
	fields := strings.Count(header, "\t") + 1
	for i, line := range lines[1:] {
		f := strings.Split(strings.TrimRight(line, "\r"), "\t")
		if len(f) != fields {
			return fmt.Errorf("line %d: %d fields, want %d", i+2, len(f), fields)
		}
		if err := row(f); err != nil {
			return fmt.Errorf("line %d: %w", i+2, err)
		}
	}
	return nil
}

func parseNumber(s string, lo, hi CardID, cat *[NumCards + 1]Card) (CardID, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < int(lo) || n > int(hi) {
		return 0, fmt.Errorf("card number %q not in %d-%d", s, lo, hi)
	}
	if cat[n].ID != 0 {
		return 0, fmt.Errorf("card %d appears twice", n)
	}
	return CardID(n), nil
}

func parseSectors(f []string) ([4]Color, error) {
	var s [4]Color
	for i := range s {
		c, err := parseColor(f[i])
		if err != nil {
			return s, err
		}
		s[i] = c
	}
	return s, nil
}

func parseCharacter(cat *[NumCards + 1]Card, f []string) error {
	id, err := parseNumber(f[0], 1, NumCharacters, cat)
	if err != nil {
		return err
	}
	c := Card{ID: id, Name: f[1], Printed: f[2]}
	if c.Sectors, err = parseSectors(f[3:7]); err != nil {
		return err
	}
	for l := range 4 {
		if c.Rows[l].Cost, err = parseColor(f[7+2*l]); err != nil {
			return fmt.Errorf("cost_%d: %w", l+1, err)
		}
		if c.Rows[l].Reward, err = parseReward(f[8+2*l]); err != nil {
			return fmt.Errorf("reward_%d: %w", l+1, err)
		}
	}
	cat[id] = c
	return nil
}

func parseLaw(cat *[NumCards + 1]Card, f []string) error {
	id, err := parseNumber(f[0], FirstLaw, NumCards, cat)
	if err != nil {
		return err
	}
	c := Card{ID: id, Name: f[1], Text: f[7]}
	if c.Sectors, err = parseSectors(f[2:6]); err != nil {
		return err
	}
	for t := LawNow; t <= LawAlwaysEnd; t++ {
		if lawTimingNames[t] == f[6] {
			c.When = t
		}
	}
	if c.When == 0 {
		return fmt.Errorf("unknown timing %q", f[6])
	}
	if c.Text == "" {
		return fmt.Errorf("law %d has no text", id)
	}
	cat[id] = c
	return nil
}

var rewardKindByName = map[string]RewardKind{
	"gems": GemsReward, "cards": CardsReward, "points": PointsReward, "science": ScienceReward,
	"magic": MagicReward, "defense": DefenseReward, "attack": AttackReward,
	"infinite": InfiniteReward, "magic-bonus": MagicBonusReward, "circle-bonus": CircleBonusReward,
}

// parseReward parses "attack:1+gems:2+points:2" and the like.
func parseReward(s string) (Reward, error) {
	var r Reward
	items := strings.Split(s, "+")
	if len(items) > MaxRewardItems {
		return r, fmt.Errorf("%q has more than %d items", s, MaxRewardItems)
	}
	for i, item := range items {
		it, err := parseRewardItem(item)
		if err != nil {
			return r, err
		}
		r[i] = it
	}
	return r, nil
}

func parseRewardItem(s string) (RewardItem, error) {
	f := strings.Split(s, ":")
	kind, ok := rewardKindByName[f[0]]
	if !ok {
		return RewardItem{}, fmt.Errorf("unknown reward %q", s)
	}
	it := RewardItem{Kind: kind}
	var count string
	switch {
	case kind == InfiniteReward && len(f) == 2:
		c, err := parseColor(f[1])
		it.Color, it.N = c, 1
		return it, err
	case kind == CircleBonusReward && len(f) == 3:
		c, err := parseColor(f[1])
		if err != nil {
			return it, err
		}
		it.Color, count = c, f[2]
	case kind != InfiniteReward && kind != CircleBonusReward && len(f) == 2:
		count = f[1]
	default:
		return it, fmt.Errorf("malformed reward %q", s)
	}
	n, err := strconv.Atoi(count)
	if err != nil || n < 1 || n > 15 {
		return it, fmt.Errorf("bad amount in reward %q", s)
	}
	it.N = uint8(n)
	return it, nil
}
