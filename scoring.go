package viceroy

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// ScoreSheet is a player's final score by the seven categories of RULES.md 11.3, in scoring order,
// and the total.
type ScoreSheet struct {
	Player       Player     `json:"player"`
	Circles      int        `json:"circles"`              // 1. single-colour circles: level + circle bonuses of the colour
	InfiniteGems int        `json:"infinite_gems"`        // 2. infinite gems: level of the card + circle bonuses of the colour
	Laws         int        `json:"laws"`                 // 3. laws in the pyramid, by their text
	LawPoints    []LawScore `json:"law_points,omitempty"` // what each scoring law gave, in card order; none is left out of JSON
	PowerPoints  int        `json:"power_points"`         // 4. power-point tokens
	Magic        int        `json:"magic"`                // 5. magic tokens x sum of magic bonuses
	Sets         int        `json:"sets"`                 // 6. 12 per set of defense, magic and science
	Attacks      int        `json:"attacks"`              // 7. -4 per opponents' attack token not stopped by own defense
	Total        int        `json:"total"`
}

// LawScore is the points one law in the pyramid gave at the end of the game.
type LawScore struct {
	Law    CardID `json:"law"`
	Points int    `json:"points"`
}

// Score returns the score sheet of the tableau as it stands (with its painting). opponentAttacks is
// the number of attack tokens all opponents hold at the end, behind their screens or on their laws.
func (t Tableau) Score(opponentAttacks int) ScoreSheet {
	var s ScoreSheet
	bonus := t.circleBonus()
	for _, c := range t.Circles() {
		if col, ok := c.singleColor(); ok {
			s.Circles += circlePoints(c.level(), bonus[col])
		}
	}
	for _, g := range t.infiniteGems() {
		s.InfiniteGems += g.Level + bonus[g.Color]
	}
	s.LawPoints = t.lawScores()
	for _, l := range s.LawPoints {
		s.Laws += l.Points
	}
	s.PowerPoints = t.sum(PowerPoints)
	s.Magic = magicPoints(t.Count(Magic), t.sum(MagicBonus))
	s.Sets = setPoints(t.Count(Defense), t.Count(Magic), t.Count(Science))
	s.Attacks = attackPenalty(opponentAttacks, t.Count(Defense))
	s.Total = s.Circles + s.InfiniteGems + s.Laws + s.PowerPoints + s.Magic + s.Sets + s.Attacks
	return s
}

// circlePoints is what one single-colour circle scores: its level plus the player's circle
// bonuses of its colour (RULES.md 11.3.1).
func circlePoints(level, bonus int) int { return level + bonus }

// magicPoints is the magic category (RULES.md 11.3.5): magic tokens times the sum of magic
// bonuses; zero if either is zero.
func magicPoints(magic, bonusSum int) int { return magic * bonusSum }

// setPoints is the sets category (RULES.md 11.3.6): 12 per complete set of one defense, one
// magic and one science token.
func setPoints(defense, magic, science int) int {
	return 12 * min(defense, magic, science)
}

// attackPenalty is the attacks category (RULES.md 11.3.7): -4 for every attack token the
// opponents hold beyond the player's own defense tokens.
func attackPenalty(opponentAttacks, defense int) int {
	return -4 * max(0, opponentAttacks-defense)
}

// PassGems is how many gems a pass in the auction gives (RULES.md 6): 3 plus the science tokens
// in the player's pyramid.
func PassGems(science int) int { return 3 + science }

// String lays the sheet out as a table, one category a line, in English; [Language.Say] lays it
// out in Spanish or French.
func (s ScoreSheet) String() string { return English.score(s) }

// scoreRows are the keys of the sheet's categories, in scoring order, and the total.
var scoreRows = [...]string{"score.circles", "score.infinite", "score.laws", "score.power", "score.magic",
	"score.sets", "score.attacks", "score.total"}

// score lays the sheet out in words of l, its labels in a column as wide as the longest.
func (l Language) score(s ScoreSheet) string {
	values := [...]int{s.Circles, s.InfiniteGems, s.Laws, s.PowerPoints, s.Magic, s.Sets, s.Attacks, s.Total}
	width := 22
	for _, k := range scoreRows {
		width = max(width, utf8.RuneCountInString(l.text(k)))
	}
	var b strings.Builder
	b.WriteString(l.text("player", "n", int(s.Player)))
	for i, k := range scoreRows {
		fmt.Fprintf(&b, "\n  %-*s %4d", width, l.text(k), values[i])
		if i == 2 {
			for _, law := range s.LawPoints {
				fmt.Fprintf(&b, "\n    %-*s %4d", width-2, l.card(law.Law), law.Points)
			}
		}
	}
	return b.String()
}

// ScoresNow returns one score sheet per human player, in player order, as if the game ended now
// without painting, from what the viewer of v may know: every pyramid with what lies on it, which
// is open to all, and the attack tokens each player holds behind the screen (PlayerView.Attacks,
// which the table sees), scored as Game.Scores scores them. No hidden card or gem counts. Once the
// game is over it returns the final sheets, v.Scores.
func (v View) ScoresNow() []ScoreSheet {
	if v.Over && len(v.Scores) > 0 {
		return slices.Clone(v.Scores)
	}
	tabs := make([]Tableau, len(v.Players))
	behind := make([]int, len(v.Players))
	for i, p := range v.Players {
		tabs[i], behind[i] = p.Tableau, p.Attacks
	}
	return scoreSheets(tabs, behind)
}
