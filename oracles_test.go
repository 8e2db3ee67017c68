package viceroy

// Independent statements of the rules, written from RULES.md and cards/README.md and read through
// the public API only (Tableau, Pyramid's Row, Screen, Reserve, View), that the tests hold the
// engine to. None of them calls the engine's own statement of the same rule.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// oraclePlaces returns the legal places for a new card in pyr (RULES.md 8.1), level by level from
// the bottom, left before right: on level 1 directly left or right of the run; on level L >= 2 on
// two side-by-side cards of level L-1, next to the level-L run, or anywhere such support exists
// when level L is empty; no level above 5, and for a law (RULES.md 7) none on level 5. A full
// pyramid has no places.
func oraclePlaces(pyr Pyramid, law bool) []Place {
	if pyr.length() >= MaxPyramidCards {
		return nil
	}
	if pyr.length() == 0 {
		return []Place{{1, 0}}
	}
	top := MaxLevel
	if law {
		top = MaxLevel - 1
	}
	var out []Place
	for l := 1; l <= top; l++ {
		row, first := pyr.row(l)
		if l == 1 {
			out = append(out, Place{1, int8(first - 1)}, Place{1, int8(first + len(row))})
			continue
		}
		below, bfirst := pyr.row(l - 1)
		supported := func(x int) bool { return x >= bfirst && x+1 < bfirst+len(below) }
		if len(row) == 0 {
			for x := bfirst; supported(x); x++ {
				out = append(out, Place{int8(l), int8(x)})
			}
			continue
		}
		for _, x := range []int{first - 1, first + len(row)} {
			if supported(x) {
				out = append(out, Place{int8(l), int8(x)})
			}
		}
	}
	return out
}

// oracleFree returns the free cards of a tableau (RULES.md 8.1), level by level from the bottom,
// left before right: the leftmost or rightmost card of its level with no card resting on it and no
// card tucked under it.
func oracleFree(tab Tableau) []CardID {
	pyr := tab.Pyramid
	var out []CardID
	for l := 1; l <= MaxLevel; l++ {
		row, first := pyr.row(l)
		for i, id := range row {
			if i != 0 && i != len(row)-1 {
				continue
			}
			x := first + i
			rests := l < MaxLevel && (pyr.At(Place{int8(l + 1), int8(x - 1)}) != 0 || pyr.At(Place{int8(l + 1), int8(x)}) != 0)
			if !rests && len(tab.TuckedUnder(id)) == 0 {
				out = append(out, id)
			}
		}
	}
	return out
}

// oracleAdjacent returns the cards adjacent to the place at (RULES.md 8.1): (L, x-1), (L, x+1),
// (L-1, x), (L-1, x+1), (L+1, x-1), (L+1, x).
func oracleAdjacent(pyr Pyramid, at Place) []CardID {
	l, x := at.Level, at.Col
	var out []CardID
	for _, q := range []Place{{l, x - 1}, {l, x + 1}, {l - 1, x}, {l - 1, x + 1}, {l + 1, x - 1}, {l + 1, x}} {
		if q.Level >= 1 && q.Level <= MaxLevel {
			if id := pyr.At(q); id != 0 {
				out = append(out, id)
			}
		}
	}
	return out
}

// oracleCircles returns the circles of pyr (RULES.md 8.2) with the card id among their three
// cards: the one it closes and those it is a lower card of. Each is read from the printed sectors
// of the cards: the top-right of the lower-left card, the top-left of the lower-right card and the
// bottom half of the top card.
func oracleCircles(pyr Pyramid, id CardID) [][4]Color {
	var out [][4]Color
	for l := 2; l <= MaxLevel; l++ {
		row, first := pyr.row(l)
		for i, top := range row {
			x := first + i
			left, right := pyr.At(Place{int8(l - 1), int8(x)}), pyr.At(Place{int8(l - 1), int8(x + 1)})
			if top != id && left != id && right != id {
				continue
			}
			out = append(out, [4]Color{left.Card().Sectors[TopRight], right.Card().Sectors[TopLeft],
				top.Card().Sectors[BottomLeft], top.Card().Sectors[BottomRight]})
		}
	}
	return out
}

// oracleCircleGems returns the gems that placing card id (by playing it) in pyr gives (RULES.md
// 8.2): one of its colour for every single-coloured circle it completes or is part of, as far as
// reserve holds them.
func oracleCircleGems(pyr Pyramid, id CardID, reserve Gems) Gems {
	var got Gems
	for _, s := range oracleCircles(pyr, id) {
		if s[0] == s[1] && s[1] == s[2] && s[2] == s[3] && reserve[s[0]] > got[s[0]] {
			got[s[0]]++
		}
	}
	return got
}

// oracleCost returns what playing a character card at level costs (RULES.md 8.3): a gem of each
// row colour from row 1 to the level; level 5 one more of the row-4 colour.
func oracleCost(id CardID, level int) Gems {
	rows := id.Card().Rows
	var cost Gems
	for l := 1; l <= min(level, 4); l++ {
		cost[rows[l-1].Cost]++
	}
	if level == MaxLevel {
		cost[rows[3].Cost]++
	}
	return cost
}

// usableInfinite returns, by colour, the infinite gems of p's pyramid that have not paid this turn
// (RULES.md 8.4: each pays once per turn).
func usableInfinite(g *Game, p Player) Gems {
	used := g.View(p).Progress.Used
	var out Gems
	for _, inf := range g.Tableau(p).infiniteGems() {
		if !slices.Contains(used, inf.Card) {
			out[inf.Color]++
		}
	}
	return out
}

// oraclePayable reports whether a screen, with infinite gems (one gem each), pays cost.
func oraclePayable(cost, screen, infinite Gems) bool {
	for c := range cost {
		if screen[c]+infinite[c] < cost[c] {
			return false
		}
	}
	return true
}

// sortedTokens returns the tokens on card id of tab in increasing order.
func sortedTokens(tab Tableau, id CardID) []Token {
	toks := tab.Holding(id).Tokens
	slices.Sort(toks)
	return toks
}

// cardMoves returns a move of kind k for each card.
func cardMoves(k MoveKind, cards ...CardID) []Move {
	var out []Move
	for _, c := range cards {
		out = append(out, Move{Kind: k, Card: c})
	}
	return out
}

// colorMoves returns a move of kind k for each colour of which gems holds one or more.
func colorMoves(k MoveKind, gems Gems) []Move {
	var out []Move
	for c := range Color(NumColors) {
		if gems[c] > 0 {
			out = append(out, Move{Kind: k, Color: c})
		}
	}
	return out
}

// placeMoves returns a PlaceCard move for each place.
func placeMoves(at []Place) []Move {
	var out []Move
	for _, a := range at {
		out = append(out, Move{Kind: PlaceCard, At: a})
	}
	return out
}

// shownAction is an action under way as p's view shows it: the fields a player reads (Acting,
// Due, Left, PayTo, the card being played) and what Progress.State, Sample's, holds of it, which
// the library's own tests read to check the engine's steps.
type shownAction struct {
	Kind   string // the action's name (actionNames)
	Player Player
	Card   CardID
	At     Place
	Color  string // the auction colour of a take or duel, "any" for an attacker's take
	Left   int    // Progress.Left, or the counter State holds (a duel's virtual opponent)
	Rows   []int  // the reward rows still to give, lowest first
	Item   int
	Due    Gems
	Swap   CardID
	Slot   int
	Other  Player // the player paid (67 Barter), 0 for none
}

// actionOf returns the action p is carrying out in g, as p's view shows it, or nil.
func actionOf(g *Game, p Player) *shownAction {
	v := g.View(p)
	pr := v.Progress
	if pr.Acting != p {
		return nil
	}
	f := strings.Fields(pr.State)
	num := func(i int) int {
		n, err := strconv.Atoi(f[i])
		if err != nil {
			panic(fmt.Sprintf("state %q: %v", pr.State, err))
		}
		return n
	}
	a := &shownAction{Kind: f[2], Player: p, Card: v.Playing, At: Place{int8(num(3)), int8(num(4))},
		Left: pr.Left + num(10), Rows: []int{}, Item: num(7), Due: pr.Due, Swap: CardID(num(8)), Slot: num(9),
		Other: max(pr.PayTo, 0)}
	switch c := num(5); {
	case a.Kind != "take" && a.Kind != "duel":
	case c == anyColor:
		a.Color = "any"
	default:
		a.Color = Color(c).String()
	}
	for r := range 3 {
		if num(6)&(1<<r) != 0 {
			a.Rows = append(a.Rows, r+1)
		}
	}
	return a
}

// handHas reports whether p's hand holds card.
func handHas(g *Game, p Player, card CardID) bool { return slices.Contains(g.handOf(p), card) }

// discardedCard reports whether card is out of the game, as everyone sees it.
func discardedCard(g *Game, card CardID) bool {
	return slices.Contains(g.View(0).Discarded, card)
}
