package viceroy

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The embedded tables must be the verified data, byte for byte: the copies beside the package
// (which go:embed reads) and, when the shared project material is present, its originals.
func TestCardDataMatchesFiles(t *testing.T) {
	embedded := map[string]string{"characters.tsv": charactersTSV, "laws.tsv": lawsTSV}
	for _, dir := range []string{"cards", filepath.Join("..", "shared", "cards")} {
		t.Run(dir, func(t *testing.T) {
			if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
				t.Skipf("%s does not exist here", dir)
			}
			for name, data := range embedded {
				file, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				if string(file) != data {
					t.Errorf("embedded %s differs from %s (%d bytes embedded, %d in the file)",
						name, filepath.Join(dir, name), len(data), len(file))
				}
			}
		})
	}
}

// The rules page and the card data's README ship in the module, so that the package docs' citations
// ("RULES.md 8.3", "cards README") can be read. When the shared project material is present, they
// must match it: the card README byte for byte, the rules page from its first section on (its
// opening paragraph says the rulebooks are not in the module).
func TestShippedDocsMatchProject(t *testing.T) {
	shared := filepath.Join("..", "shared")
	if _, err := os.Stat(shared); errors.Is(err, fs.ErrNotExist) {
		t.Skipf("%s does not exist here", shared)
	}
	fromSection := func(s string) string { return s[strings.Index(s, "\n## 1."):] }
	for _, f := range []struct {
		shipped, original string
		body              func(string) string
	}{
		{"RULES.md", filepath.Join(shared, "RULES.md"), fromSection},
		{filepath.Join("cards", "README.md"), filepath.Join(shared, "cards", "README.md"), func(s string) string { return s }},
	} {
		shipped, err := os.ReadFile(f.shipped)
		if err != nil {
			t.Fatal(err)
		}
		original, err := os.ReadFile(f.original)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(f.body(string(original)), f.body(string(shipped))); diff != "" {
			t.Errorf("%s differs from %s (-project +shipped):\n%s", f.shipped, f.original, diff)
		}
	}
}

func TestCatalogueCounts(t *testing.T) {
	if NumCharacters != 64 || NumLaws != 24 || NumCards != 88 || FirstLaw != 65 {
		t.Fatalf("card ranges: %d characters, %d laws, %d cards, first law %d",
			NumCharacters, NumLaws, NumCards, FirstLaw)
	}
	cards := Cards()
	if len(cards) != NumCards {
		t.Fatalf("Cards() returned %d cards, want %d", len(cards), NumCards)
	}
	chars, laws := 0, 0
	seen := map[CardID]bool{}
	for i, c := range cards {
		if want := CardID(i + 1); c.ID != want {
			t.Errorf("Cards()[%d].ID = %d, want %d", i, c.ID, want)
		}
		if seen[c.ID] {
			t.Errorf("card %d appears twice", c.ID)
		}
		seen[c.ID] = true
		if c.Name == "" {
			t.Errorf("card %d has no name", c.ID)
		}
		if c.ID.Card() != c {
			t.Errorf("CardID(%d).Card() differs from Cards()[%d]", c.ID, i)
		}
		switch {
		case c.ID >= 1 && c.ID <= 64:
			chars++
			if c.ID.IsLaw() || !c.ID.IsCharacter() || c.ID.IsLaw() {
				t.Errorf("card %d: IsLaw %v, IsCharacter %v", c.ID, c.ID.IsLaw(), c.ID.IsCharacter())
			}
			if c.Printed == "" {
				t.Errorf("character %d has no printed name", c.ID)
			}
		case c.ID >= 65 && c.ID <= 88:
			laws++
			if !c.ID.IsLaw() || c.ID.IsCharacter() || !c.ID.IsLaw() {
				t.Errorf("card %d: IsLaw %v, IsCharacter %v", c.ID, c.ID.IsLaw(), c.ID.IsCharacter())
			}
		}
	}
	if chars != 64 || laws != 24 {
		t.Errorf("%d characters and %d laws, want 64 and 24", chars, laws)
	}
	for id := CardID(1); id <= 88; id++ {
		if !seen[id] || !id.Valid() {
			t.Errorf("card %d missing or not valid", id)
		}
	}
	for _, id := range []CardID{0, 89, 200, 255} {
		if id.Valid() || id.IsLaw() || id.IsCharacter() || id.Card() != (Card{}) {
			t.Errorf("CardID(%d) is treated as a card", id)
		}
	}

	// Cards returns a copy: changing it leaves the catalogue alone.
	cards[31].Name = "changed"
	if CardID(32).Card().Name != "Captain" {
		t.Errorf("changing the slice from Cards() changed the catalogue")
	}
}

// RULES.md 12: the Captain.
func TestCardCaptain(t *testing.T) {
	c := CardID(32).Card()
	if c.Name != "Captain" {
		t.Fatalf("card 32 is %q, want Captain", c.Name)
	}
	wantRows := [4]Row{
		{Cost: Green, Reward: Reward{{Kind: CardsReward, N: 1}}},
		{Cost: Blue, Reward: Reward{{Kind: GemsReward, N: 5}}},
		{Cost: Yellow, Reward: Reward{{Kind: MagicReward, N: 1}}},
		{Cost: Yellow, Reward: Reward{{Kind: PointsReward, N: 12}}},
	}
	if diff := cmp.Diff(wantRows, c.Rows); diff != "" {
		t.Errorf("Captain rows (-want +got):\n%s", diff)
	}
	wantCost := []Gems{
		0: {},
		1: {Green: 1},
		2: {Green: 1, Blue: 1},
		3: {Green: 1, Blue: 1, Yellow: 1},
		4: {Green: 1, Blue: 1, Yellow: 2},
		5: {Green: 1, Blue: 1, Yellow: 3},
		6: {},
	}
	for level, want := range wantCost {
		if got := c.Cost(level); got != want {
			t.Errorf("Captain Cost(%d) = %v, want %v", level, got, want)
		}
	}
	if got := c.Cost(-1); got != (Gems{}) {
		t.Errorf("Captain Cost(-1) = %v, want none", got)
	}
	if got := c.Cost(5).Total(); got != 5 {
		t.Errorf("Captain level-5 cost has %d gems, want 5", got)
	}
}

// Cost follows RULES.md 8.3 for every card: rows 1..L, plus one more row-4 gem at level 5; laws
// and invalid cards cost nothing.
func TestCardCosts(t *testing.T) {
	for _, c := range Cards() {
		var want Gems
		for level := 1; level <= 5; level++ {
			if !c.ID.IsLaw() {
				if level <= 4 {
					want[c.Rows[level-1].Cost]++
				} else {
					want[c.Rows[3].Cost]++
				}
			}
			if got := c.Cost(level); got != want {
				t.Errorf("card %v Cost(%d) = %v, want %v", c.ID, level, got, want)
			}
			if got := c.Cost(level).Total(); !c.ID.IsLaw() && got != level {
				t.Errorf("card %v at level %d costs %d gems", c.ID, level, got)
			}
		}
	}
	if got := (Card{}).Cost(3); got != (Gems{}) {
		t.Errorf("zero Card Cost(3) = %v", got)
	}
}

func TestCatalogueLaws(t *testing.T) {
	for id := FirstLaw; id <= NumCards; id++ {
		c := id.Card()
		if c.Text == "" {
			t.Errorf("law %v has no text", id)
		}
		if c.When < LawNow || c.When > LawAlwaysEnd {
			t.Errorf("law %v has timing %v", id, c.When)
		}
		if c.Rows != ([4]Row{}) {
			t.Errorf("law %v has rows %v", id, c.Rows)
		}
	}
	for _, id := range []CardID{65, 68, 72, 78} {
		want := map[CardID]LawTiming{65: LawNow, 68: LawEnd, 72: LawNowEnd, 78: LawAlwaysEnd}[id]
		if got := id.Card().When; got != want {
			t.Errorf("law %v timing %v, want %v", id, got, want)
		}
	}

	// Good Neighbours: the same law four times, in four colourings.
	first := CardID(85).Card()
	colourings := map[[4]Color]CardID{}
	for id := CardID(85); id <= 88; id++ {
		c := id.Card()
		if c.Name != "Good Neighbours" || c.Name != first.Name || c.Text != first.Text || c.When != first.When {
			t.Errorf("law %v (%q, %v) differs from 85 in more than its colours", id, c.Name, c.When)
		}
		if other, ok := colourings[c.Sectors]; ok {
			t.Errorf("laws %v and %v have the same colours %v", other, id, c.Sectors)
		}
		colourings[c.Sectors] = id
	}
}

// tokensOnSelf counts the tokens a reward puts on the card that gives it (RULES.md 8.5): attack
// tokens go behind the screen, gems and cards are not tokens.
func tokensOnSelf(r Reward) int {
	n := 0
	for _, it := range r.Items() {
		switch it.Kind {
		case ScienceReward, MagicReward, DefenseReward:
			n += int(it.N)
		case PointsReward, MagicBonusReward, CircleBonusReward:
			n++
		}
	}
	return n
}

// Invariants of the data that the engine's fixed-size types depend on.
func TestCatalogueInvariants(t *testing.T) {
	// The level-5 alternative reward: a 15-point token.
	if _, err := NewToken(PowerPoints, 15, Blue); err != nil {
		t.Errorf("the 15-point level-5 token: %v", err)
	}
	for _, c := range Cards() {
		for s, col := range c.Sectors {
			if !col.Valid() {
				t.Errorf("card %v sector %d has colour %v", c.ID, s, col)
			}
		}
		if c.ID.IsLaw() {
			continue
		}
		infinite, level5, most := 0, 0, 0
		for l, row := range c.Rows {
			if !row.Cost.Valid() {
				t.Errorf("card %v row %d costs %v", c.ID, l+1, row.Cost)
			}
			items := row.Reward.Items()
			if len(items) == 0 || len(items) > MaxRewardItems {
				t.Errorf("card %v row %d has %d reward items", c.ID, l+1, len(items))
			}
			// Items are packed at the front: nothing follows an unused slot.
			for i := len(items); i < MaxRewardItems; i++ {
				if row.Reward[i] != (RewardItem{}) {
					t.Errorf("card %v row %d item %d set after the used items", c.ID, l+1, i)
				}
			}
			n := tokensOnSelf(row.Reward)
			most = max(most, n)
			if l < 3 {
				level5 += n
			}
			for _, it := range items {
				if it.N == 0 {
					t.Errorf("card %v row %d: %v has amount 0", c.ID, l+1, it)
				}
				var err error
				var tok Token
				switch it.Kind {
				case InfiniteReward:
					if l < 3 {
						infinite++
					}
					if !it.Color.Valid() {
						t.Errorf("card %v row %d: infinite gem of colour %v", c.ID, l+1, it.Color)
					}
				case PointsReward:
					tok, err = NewToken(PowerPoints, int(it.N), Blue)
				case MagicBonusReward:
					tok, err = NewToken(MagicBonus, int(it.N), Blue)
				case CircleBonusReward:
					tok, err = NewToken(CircleBonus, int(it.N), it.Color)
					if err == nil && tok.Color() != it.Color {
						t.Errorf("card %v row %d: %v gives a %v token", c.ID, l+1, it, tok.Color())
					}
				default:
					continue
				}
				if err != nil {
					t.Errorf("card %v row %d: %v does not fit a token: %v", c.ID, l+1, it, err)
				} else if tok != 0 && tok.Value() != int(it.N) {
					t.Errorf("card %v row %d: %v gives a token of value %d", c.ID, l+1, it, tok.Value())
				}
			}
		}
		if infinite > 1 {
			t.Errorf("card %v has %d infinite gems over rows 1-3", c.ID, infinite)
		}
		if most > 3 || level5 > 3 {
			t.Errorf("card %v puts up to %d tokens on itself in a row and %d at level 5, want at most 3",
				c.ID, most, level5)
		}
		if 2*max(most, level5, 1) > MaxTokensPerCard {
			t.Errorf("card %v: doubled by Endowment its tokens do not fit %d slots", c.ID, MaxTokensPerCard)
		}
	}
}

func TestCardColorStrings(t *testing.T) {
	tests := []struct {
		c    Color
		want string
	}{
		{Blue, "blue"}, {Red, "red"}, {Green, "green"}, {Yellow, "yellow"}, {4, "Color(4)"}, {255, "Color(255)"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("Color(%d).String() = %q, want %q", uint8(tt.c), got, tt.want)
		}
		if got, want := tt.c.Valid(), tt.c < 4; got != want {
			t.Errorf("Color(%d).Valid() = %v", uint8(tt.c), got)
		}
	}
	if Colors != [4]Color{Blue, Red, Green, Yellow} {
		t.Errorf("Colors = %v, want the auction order blue, red, green, yellow", Colors)
	}
}

func TestCardParseColor(t *testing.T) {
	for _, c := range Colors {
		got, err := parseColor(c.String())
		if err != nil || got != c {
			t.Errorf("ParseColor(%q) = %v, %v; want %v", c.String(), got, err, c)
		}
	}
	for _, s := range []string{"", "Blue", "RED", " green", "yellow ", "purple", "Color(4)", "0"} {
		if got, err := parseColor(s); err == nil {
			t.Errorf("ParseColor(%q) = %v, want an error", s, got)
		} else if !strings.Contains(err.Error(), strconv.Quote(s)) {
			t.Errorf("ParseColor(%q) error %q does not name the input", s, err)
		}
	}
}

func TestCardGemsString(t *testing.T) {
	tests := []struct {
		g    Gems
		want string
	}{
		{Gems{}, "none"},
		{Gems{Blue: 2, Yellow: 1}, "2 blue, 1 yellow"},
		{Gems{Red: 1}, "1 red"},
		{Gems{1, 2, 3, 4}, "1 blue, 2 red, 3 green, 4 yellow"},
		{Gems{Green: 16}, "16 green"},
	}
	for _, tt := range tests {
		if got := tt.g.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.g, got, tt.want)
		}
	}
}

func TestCardGemsArithmetic(t *testing.T) {
	a, b := Gems{Blue: 2, Red: 1, Yellow: 4}, Gems{Blue: 1, Yellow: 4}
	if got := a.Total(); got != 7 {
		t.Errorf("Total = %d, want 7", got)
	}
	if got, want := a.Plus(b), (Gems{Blue: 3, Red: 1, Yellow: 8}); got != want {
		t.Errorf("Plus = %v, want %v", got, want)
	}
	if got, want := a.Minus(b), (Gems{Blue: 1, Red: 1}); got != want {
		t.Errorf("Minus = %v, want %v", got, want)
	}
	if !a.Covers(b) || b.Covers(a) || !a.Covers(Gems{}) || !a.Covers(a) {
		t.Errorf("Covers wrong for %v and %v", a, b)
	}
	if a != (Gems{Blue: 2, Red: 1, Yellow: 4}) {
		t.Errorf("Plus or Minus changed its receiver: %v", a)
	}
}

func TestCardIDString(t *testing.T) {
	tests := []struct {
		id   CardID
		want string
	}{
		{32, "32 Captain"},
		{1, "1 Boatswain"},
		{65, "65 Succession"},
		{88, "88 Good Neighbours"},
		{0, "no card"},
		{89, "CardID(89)"},
		{255, "CardID(255)"},
	}
	for _, tt := range tests {
		if got := tt.id.String(); got != tt.want {
			t.Errorf("CardID(%d).String() = %q, want %q", uint8(tt.id), got, tt.want)
		}
	}
}

func TestCardEnumStrings(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{NoReward.String(), "none"},
		{MagicBonusReward.String(), "magic-bonus"},
		{CircleBonusReward.String(), "circle-bonus"},
		{RewardKind(11).String(), "RewardKind(11)"},
		{LawNow.String(), "now"},
		{LawEnd.String(), "end"},
		{LawNowEnd.String(), "now+end"},
		{LawAlwaysEnd.String(), "always+end"},
		{LawTiming(0).String(), "LawTiming(0)"},
		{LawTiming(5).String(), "LawTiming(5)"},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("case %d: got %q, want %q", i, tt.got, tt.want)
		}
	}
	// Every reward kind's name is the one the data uses, so parsing it gives the kind back.
	for k := GemsReward; k <= CircleBonusReward; k++ {
		if rewardKindByName[k.String()] != k {
			t.Errorf("reward kind %d is written %q, which does not parse back", k, k)
		}
	}
}

func TestCardRewardStrings(t *testing.T) {
	tests := []struct {
		r    Reward
		want string
	}{
		{Reward{}, ""},
		{Reward{{Kind: GemsReward, N: 3}}, "gems:3"},
		{Reward{{Kind: InfiniteReward, N: 1, Color: Green}}, "infinite:green"},
		{Reward{{Kind: CircleBonusReward, N: 2, Color: Red}}, "circle-bonus:red:2"},
		{Reward{{Kind: AttackReward, N: 1}, {Kind: GemsReward, N: 2}, {Kind: PointsReward, N: 2}},
			"attack:1+gems:2+points:2"},
		{Reward{{Kind: MagicBonusReward, N: 2}, {Kind: MagicReward, N: 1}}, "magic-bonus:2+magic:1"},
	}
	for _, tt := range tests {
		if got := tt.r.String(); got != tt.want {
			t.Errorf("%v.String() = %q, want %q", tt.r, got, tt.want)
		}
		parsed, err := parseReward(tt.want)
		if tt.want == "" {
			if err == nil {
				t.Errorf("parseReward(\"\") accepted an empty reward")
			}
			continue
		}
		if err != nil {
			t.Errorf("parseReward(%q): %v", tt.want, err)
		} else if diff := cmp.Diff(tt.r, parsed); diff != "" {
			t.Errorf("parseReward(%q) (-want +got):\n%s", tt.want, diff)
		}
	}
}

// Each row's reward, written back with String, is the text of its field in the data.
func TestCardRewardRoundTrip(t *testing.T) {
	rows := splitTSV(charactersTSV)
	header := rows[0]
	for _, f := range rows[1:] {
		n, err := strconv.Atoi(f[0])
		if err != nil {
			t.Fatalf("bad number %q", f[0])
		}
		c := CardID(n).Card()
		for l := range 4 {
			field := f[tsvColumn(t, header, "reward_"+strconv.Itoa(l+1))]
			if got := c.Rows[l].Reward.String(); got != field {
				t.Errorf("card %d row %d: String() = %q, data says %q", n, l+1, got, field)
			}
			var parts []string
			for _, it := range c.Rows[l].Reward.Items() {
				parts = append(parts, it.String())
			}
			if diff := cmp.Diff(strings.Split(field, "+"), parts); diff != "" {
				t.Errorf("card %d row %d items (-data +got):\n%s", n, l+1, diff)
			}
			if got := c.Rows[l].Cost.String(); got != f[tsvColumn(t, header, "cost_"+strconv.Itoa(l+1))] {
				t.Errorf("card %d row %d costs %q", n, l+1, got)
			}
		}
		for s, name := range []string{"top_left", "top_right", "bottom_left", "bottom_right"} {
			if got := c.Sectors[s].String(); got != f[tsvColumn(t, header, name)] {
				t.Errorf("card %d %s is %q, data says %q", n, name, got, f[tsvColumn(t, header, name)])
			}
		}
		if c.Name != f[1] || c.Printed != f[2] {
			t.Errorf("card %d named %q/%q, data says %q/%q", n, c.Name, c.Printed, f[1], f[2])
		}
	}
	rows = splitTSV(lawsTSV)
	for _, f := range rows[1:] {
		n, _ := strconv.Atoi(f[0])
		c := CardID(n).Card()
		if c.Name != f[1] || c.When.String() != f[6] || c.Text != f[7] {
			t.Errorf("law %d is %q (%v) %q; data says %q (%s) %q", n, c.Name, c.When, c.Text, f[1], f[6], f[7])
		}
	}
}

func TestCardString(t *testing.T) {
	captain := "32 Captain [blue red / red red] | L1 green: cards:1 | L2 blue: gems:5 | " +
		"L3 yellow: magic:1 | L4 yellow: points:12"
	if got := CardID(32).Card().String(); got != captain {
		t.Errorf("Captain:\n got %q\nwant %q", got, captain)
	}
	if got := (Card{}).String(); got != "no card" {
		t.Errorf("zero Card: %q", got)
	}
	for _, c := range Cards() {
		s := c.String()
		if !strings.HasPrefix(s, strconv.Itoa(int(c.ID))+" "+c.Name+" [") {
			t.Errorf("%q does not start with the number and name", s)
		}
		if c.ID.IsLaw() {
			if !strings.Contains(s, "law ("+c.When.String()+"): "+c.Text) {
				t.Errorf("law %v: %q lacks its timing and text", c.ID, s)
			}
			continue
		}
		for l, r := range c.Rows {
			if part := "L" + strconv.Itoa(l+1) + " " + r.Cost.String() + ": " + r.Reward.String(); !strings.Contains(s, part) {
				t.Errorf("card %v: %q lacks %q", c.ID, s, part)
			}
		}
	}
}

func TestCardTokenString(t *testing.T) {
	tests := []struct {
		kind  TokenKind
		value int
		color Color
		want  string
	}{
		{PowerPoints, 5, Blue, "5 points"},
		{PowerPoints, 15, Blue, "15 points"},
		{Science, 0, Blue, "science"},
		{Magic, 0, Blue, "magic"},
		{Defense, 0, Blue, "defense"},
		{AttackToken, 0, Blue, "attack"},
		{MagicBonus, 3, Blue, "magic bonus +3"},
		{CircleBonus, 2, Red, "red circle bonus +2"},
		{CircleBonus, 4, Yellow, "yellow circle bonus +4"},
	}
	for _, tt := range tests {
		tok, err := NewToken(tt.kind, tt.value, tt.color)
		if err != nil {
			t.Errorf("NewToken(%v, %d, %v): %v", tt.kind, tt.value, tt.color, err)
			continue
		}
		if got := tok.String(); got != tt.want {
			t.Errorf("token %v %d %v: String() = %q, want %q", tt.kind, tt.value, tt.color, got, tt.want)
		}
		if tok.Kind() != tt.kind {
			t.Errorf("token %q has kind %v", tt.want, tok.Kind())
		}
	}
	if got := Token(0).String(); got != "no token" {
		t.Errorf("Token(0).String() = %q", got)
	}
}

// splitTSV splits a table into rows of tab-separated fields, the header first.
func splitTSV(data string) [][]string {
	var rows [][]string
	for _, line := range strings.Split(strings.TrimRight(data, "\n"), "\n") {
		rows = append(rows, strings.Split(line, "\t"))
	}
	return rows
}

func joinTSV(rows [][]string) string {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(strings.Join(r, "\t"))
		b.WriteByte('\n')
	}
	return b.String()
}

func tsvColumn(t testing.TB, header []string, name string) int {
	t.Helper()
	for i, h := range header {
		if h == name {
			return i
		}
	}
	t.Fatalf("no column %q in %v", name, header)
	return -1
}

// tsvEdit is a change to a copy of one of the tables.
type tsvEdit func(t testing.TB, rows [][]string) [][]string

// tsvRow returns the index of the row of card number.
func tsvRow(t testing.TB, rows [][]string, number string) int {
	t.Helper()
	for i, r := range rows[1:] {
		if r[0] == number {
			return i + 1
		}
	}
	t.Fatalf("no row %s", number)
	return -1
}

// setField sets one field of the row of card number.
func setField(number, column, value string) tsvEdit {
	return func(t testing.TB, rows [][]string) [][]string {
		r := rows[tsvRow(t, rows, number)]
		r[tsvColumn(t, rows[0], column)] = value
		return rows
	}
}

func deleteRow(number string) tsvEdit {
	return func(t testing.TB, rows [][]string) [][]string {
		i := tsvRow(t, rows, number)
		return append(rows[:i], rows[i+1:]...)
	}
}

func editRow(number string, edit func([]string) []string) tsvEdit {
	return func(t testing.TB, rows [][]string) [][]string {
		i := tsvRow(t, rows, number)
		rows[i] = edit(rows[i])
		return rows
	}
}

func applyEdit(t testing.TB, data string, edit tsvEdit) string {
	t.Helper()
	if edit == nil {
		return data
	}
	return joinTSV(edit(t, splitTSV(data)))
}

// catalogueState is everything loadCatalogue writes.
type catalogueState struct {
	Catalogue [NumCards + 1]Card
	Sectors   [NumCards + 1][4]Color
	Costs     [NumCards + 1][6]Gems
}

func currentCatalogue() catalogueState {
	return catalogueState{catalogue, sectorsOf, costOf}
}

func TestCatalogueRejectsMalformedData(t *testing.T) {
	tests := []struct {
		name  string
		chars tsvEdit
		laws  tsvEdit
	}{
		{name: "character with a field missing", chars: editRow("10", func(f []string) []string { return f[:len(f)-1] })},
		{name: "character with an extra field", chars: editRow("10", func(f []string) []string { return append(f, "x") })},
		{name: "law with a field missing", laws: editRow("70", func(f []string) []string { return f[:len(f)-1] })},
		{name: "law with an extra field", laws: editRow("70", func(f []string) []string { return append(f, "x") })},
		{name: "unknown sector colour", chars: setField("5", "top_left", "purple")},
		{name: "capitalised sector colour", chars: setField("5", "bottom_right", "Red")},
		{name: "unknown cost colour", chars: setField("5", "cost_3", "black")},
		{name: "unknown law colour", laws: setField("80", "top_right", "orange")},
		{name: "unknown reward kind", chars: setField("12", "reward_2", "jewels:3")},
		{name: "reward amount not a number", chars: setField("12", "reward_1", "gems:x")},
		{name: "reward amount zero", chars: setField("12", "reward_1", "gems:0")},
		{name: "reward amount negative", chars: setField("12", "reward_1", "points:-2")},
		{name: "reward amount too big", chars: setField("12", "reward_1", "points:16")},
		{name: "reward without amount", chars: setField("12", "reward_1", "gems")},
		{name: "empty reward", chars: setField("12", "reward_4", "")},
		{name: "empty reward item", chars: setField("12", "reward_4", "gems:2+")},
		{name: "reward with 4 items", chars: setField("12", "reward_4", "gems:1+cards:1+points:2+magic:1")},
		{name: "circle bonus without value", chars: setField("37", "reward_4", "circle-bonus:red")},
		{name: "circle bonus of unknown colour", chars: setField("37", "reward_4", "circle-bonus:pink:2")},
		{name: "circle bonus value zero", chars: setField("37", "reward_4", "circle-bonus:red:0")},
		{name: "infinite gem of unknown colour", chars: setField("1", "reward_2", "infinite:purple")},
		{name: "infinite gem with an amount", chars: setField("1", "reward_2", "infinite:green:1")},
		{name: "character number not a number", chars: setField("7", "number", "seven")},
		{name: "character number in the law range", chars: setField("7", "number", "65")},
		{name: "character number zero", chars: setField("7", "number", "0")},
		{name: "law number in the character range", laws: setField("70", "number", "64")},
		{name: "law number too big", laws: setField("70", "number", "89")},
		{name: "duplicate character", chars: setField("7", "number", "6")},
		{name: "duplicate law", laws: setField("70", "number", "69")},
		{name: "missing character", chars: deleteRow("20")},
		{name: "missing last law", laws: deleteRow("88")},
		{name: "unknown timing", laws: setField("68", "when", "later")},
		{name: "timing in capitals", laws: setField("68", "when", "END")},
		{name: "law without text", laws: setField("68", "text", "")},
		{name: "characters empty", chars: func(testing.TB, [][]string) [][]string { return nil }},
		{name: "characters header only", chars: func(_ testing.TB, r [][]string) [][]string { return r[:1] }},
		{name: "laws header only", laws: func(_ testing.TB, r [][]string) [][]string { return r[:1] }},
		{name: "characters without header", chars: func(_ testing.TB, r [][]string) [][]string { return r[1:] }},
		// parseTable's comment says it checks the header: a header naming other columns (here the
		// top sectors swapped) must not be read as if it named the expected ones.
		{name: "characters header with columns swapped", chars: func(t testing.TB, r [][]string) [][]string {
			h := r[0]
			i, j := tsvColumn(t, h, "top_left"), tsvColumn(t, h, "top_right")
			h[i], h[j] = h[j], h[i]
			return r
		}},
		{name: "laws header of another table", laws: func(_ testing.TB, r [][]string) [][]string {
			r[0] = []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"}
			return r
		}},
	}
	before := currentCatalogue()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chars := applyEdit(t, charactersTSV, tt.chars)
			laws := applyEdit(t, lawsTSV, tt.laws)
			if chars == charactersTSV && laws == lawsTSV {
				t.Fatal("the edit changed nothing")
			}
			if err := loadCatalogue(chars, laws); err == nil {
				t.Errorf("loadCatalogue accepted the data")
			}
			if currentCatalogue() != before {
				t.Fatalf("a failed loadCatalogue changed the catalogue")
			}
		})
	}
	if currentCatalogue() != before {
		t.Fatal("the catalogue changed")
	}
}

// The real data loads (also with Windows line ends), and loading it again gives the same tables.
func TestCatalogueReload(t *testing.T) {
	before := currentCatalogue()
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	for _, data := range [][2]string{{crlf(charactersTSV), crlf(lawsTSV)}, {charactersTSV, lawsTSV}} {
		if err := loadCatalogue(data[0], data[1]); err != nil {
			t.Fatalf("loadCatalogue: %v", err)
		}
		if currentCatalogue() != before {
			t.Fatalf("reloading the data changed the catalogue")
		}
	}
	if got := CardID(32).Card().Cost(5); got != (Gems{Green: 1, Blue: 1, Yellow: 3}) {
		t.Errorf("after reloading, Captain Cost(5) = %v", got)
	}
}

// The catalogue's JSON: snake_case keys, kinds and timings by name, no empty reward items, no rows
// on laws; one object a card, in card order.
func TestCatalogueJSON(t *testing.T) {
	b, err := json.Marshal(Cards())
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{`"Kind"`, `"N"`, `"ID"`, `"Rows"`, `"kind":0`, `"none"`} {
		if strings.Contains(string(b), bad) {
			t.Errorf("the catalogue's JSON holds %s", bad)
		}
	}
	var back []struct {
		Card CardID `json:"card"`
		Name string `json:"name"`
	}
	if err := json.Unmarshal(b, &back); err != nil || len(back) != NumCards {
		t.Fatalf("%d cards (%v)", len(back), err)
	}
	for i, c := range back {
		if c.Card != CardID(i+1) || c.Name != CardID(i+1).Card().Name {
			t.Errorf("card %d of the JSON is %d %q", i+1, c.Card, c.Name)
		}
	}
	for _, tc := range []struct {
		id   CardID
		want string
	}{
		{32, `{"card":32,"name":"Captain","printed":"КАПИТАН","kind":"character",` +
			`"sectors":{"top_left":"blue","top_right":"red","bottom_left":"red","bottom_right":"red"},` +
			`"rows":[{"cost":"green","reward":[{"kind":"cards","amount":1}]},{"cost":"blue","reward":[{"kind":"gems","amount":5}]},` +
			`{"cost":"yellow","reward":[{"kind":"magic","amount":1}]},{"cost":"yellow","reward":[{"kind":"points","amount":12}]}]}`},
		{73, `{"card":73,"name":"Bastion","kind":"law",` +
			`"sectors":{"top_left":"red","top_right":"red","bottom_left":"yellow","bottom_right":"yellow"},"when":"now",` +
			`"text":"Choose one: put a defense token on this law; or put an infinite gem of a colour of your choice on this law; or take 4 gems of your choice from the reserve."}`},
	} {
		got, err := json.Marshal(tc.id.Card())
		if err != nil || string(got) != tc.want {
			t.Errorf("card %d: %s (%v)\nwant %s", tc.id, got, err, tc.want)
		}
	}
	item, _ := json.Marshal(RewardItem{Kind: CircleBonusReward, Color: Red, N: 2})
	if want := `{"kind":"circle-bonus","color":"red","amount":2}`; string(item) != want {
		t.Errorf("a circle bonus: %s, want %s", item, want)
	}
	if _, err := json.Marshal(Card{}); !errors.Is(err, ErrBadValue) {
		t.Errorf("the zero Card marshals: %v", err)
	}
}

// The catalogue equals the card data the package carries (cards/*.tsv, a verbatim copy of the
// project's verified data) field by field. The files are parsed here independently of the
// package's parser; law sectors are included (the package's own round-trip test leaves them out).
func TestCardDataFieldByField(t *testing.T) {
	dir := "cards"
	// read returns the rows of a file, which must hold want of them.
	read := func(name string, want int) [][]string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("card data: %v", err)
		}
		var rows [][]string
		for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n")[1:] {
			rows = append(rows, strings.Split(line, "\t"))
		}
		if len(rows) != want {
			t.Fatalf("%s: %d rows, want %d", name, len(rows), want)
		}
		return rows
	}
	// card returns the number in the row's first field and the catalogue's card of that number.
	card := func(f []string) (CardID, Card) {
		n, _ := strconv.Atoi(f[0])
		return CardID(n), CardID(n).Card()
	}
	colour := map[string]Color{"blue": Blue, "red": Red, "green": Green, "yellow": Yellow}
	kinds := map[string]RewardKind{"gems": GemsReward, "cards": CardsReward, "points": PointsReward,
		"science": ScienceReward, "magic": MagicReward, "defense": DefenseReward, "attack": AttackReward,
		"infinite": InfiniteReward, "magic-bonus": MagicBonusReward, "circle-bonus": CircleBonusReward}
	sectors := func(f []string) [4]Color {
		return [4]Color{colour[f[0]], colour[f[1]], colour[f[2]], colour[f[3]]}
	}
	for _, f := range read("characters.tsv", 64) {
		n, c := card(f)
		if c.ID != n || c.Name != f[1] || c.Printed != f[2] || c.Sectors != sectors(f[3:7]) {
			t.Errorf("card %d: %v, data %v", n, c, f[:7])
		}
		var cost Gems
		for l := 0; l < 4; l++ {
			want := Row{Cost: colour[f[7+2*l]]}
			for i, item := range strings.Split(f[8+2*l], "+") {
				p := strings.Split(item, ":")
				it := RewardItem{Kind: kinds[p[0]], N: 1}
				switch it.Kind {
				case InfiniteReward:
					it.Color = colour[p[1]]
				case CircleBonusReward:
					it.Color = colour[p[1]]
					v, _ := strconv.Atoi(p[2])
					it.N = uint8(v)
				default:
					v, _ := strconv.Atoi(p[1])
					it.N = uint8(v)
				}
				want.Reward[i] = it
			}
			if c.Rows[l] != want {
				t.Errorf("card %d row %d: %+v, data %+v", n, l+1, c.Rows[l], want)
			}
			cost[want.Cost]++
			if c.Cost(l+1) != cost {
				t.Errorf("card %d level %d costs %v, want %v", n, l+1, c.Cost(l+1), cost)
			}
		}
		cost[colour[f[13]]]++
		if c.Cost(5) != cost {
			t.Errorf("card %d level 5 costs %v, want %v", n, c.Cost(5), cost)
		}
	}
	for _, f := range read("laws.tsv", 24) {
		n, c := card(f)
		if c.ID != n || c.Name != f[1] || c.Sectors != sectors(f[2:6]) || c.When.String() != f[6] ||
			c.Text != f[7] || c.Cost(1) != (Gems{}) {
			t.Errorf("law %d: %v, data %v", n, c, f[:8])
		}
	}
}

// TestLawOptionsDoWhatTheySay: LawOptions gives three options, each of one kind, for the laws
// whose play asks for a choice of three, and nil for every other card; and at every choice of an
// option in games that play many laws, the option does what LawOptions says: its tokens come to
// lie on the law, its card is drawn (or its deck asked for), its infinite gem's colour is asked
// for, its gems are taken (or their colours asked for).
func TestLawOptionsDoWhatTheySay(t *testing.T) {
	offering := 0
	for id := CardID(1); id <= NumCards; id++ {
		opts := LawOptions(id)
		if opts == nil {
			continue
		}
		offering++
		if !id.IsLaw() || len(opts) != 3 {
			t.Fatalf("%v: %d options", id, len(opts))
		}
		for i, o := range opts {
			kinds := 0
			for _, set := range []bool{len(o.Tokens) > 0, o.Infinite, o.Draw, o.Gems > 0} {
				if set {
					kinds++
				}
			}
			if kinds != 1 {
				t.Fatalf("%v option %d: %+v", id, i, o)
			}
		}
		opts[0].Tokens, opts[1].Draw = append(opts[0].Tokens, 0), !opts[1].Draw
		if again := LawOptions(id); len(again[0].Tokens) == len(opts[0].Tokens) || again[1].Draw == opts[1].Draw {
			t.Fatalf("%v: changing the options LawOptions returned changed the package's", id)
		}
	}
	if offering == 0 {
		t.Fatal("no law offers a choice")
	}
	chosen := 0
	atEveryDecisionOf(t, lawGames, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.Decision(p) != ChooseLawOption {
			return
		}
		v := g.View(p)
		law := v.Playing
		if v.Progress.Acting >= 0 && v.Playing != 0 {
			law = v.Playing
		}
		opts := LawOptions(law)
		if len(legal) != len(opts) {
			t.Fatalf("%+v: %v offers %d options, LawOptions %d", cfg, law, len(legal), len(opts))
		}
		for _, m := range legal {
			next, err := g.Apply(p, m)
			if err != nil {
				t.Fatal(err)
			}
			chosen++
			o := opts[m.Choice]
			before, after := g.Tableau(p).Holding(law).Tokens, next.Tableau(p).Holding(law).Tokens
			var ok bool
			switch {
			case len(o.Tokens) > 0:
				ok = slices.Equal(after, append(slices.Clone(before), o.Tokens...))
			case o.Draw:
				ok = len(next.handOf(p)) == len(g.handOf(p))+1 || next.Decision(p) == ChooseDeck
			case o.Infinite:
				ok = next.Decision(p) == ChooseInfiniteColor || len(next.Tableau(p).infiniteGems()) == len(g.Tableau(p).infiniteGems())
			case o.Gems > 0:
				ok = next.Decision(p) == ChooseGem || next.Screen(p).Total() > g.Screen(p).Total() || g.reserveGems().Total() == 0
			}
			if !ok {
				t.Fatalf("%+v: %v's option %d (%+v) left the law with %v (before %v), %v to decide %v",
					cfg, law, m.Choice, o, after, before, p, next.Decision(p))
			}
		}
	})
	if chosen == 0 {
		t.Fatal("no game chose a law's option")
	}
}
