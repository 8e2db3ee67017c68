package viceroy

import "math/bits"

// The end of the game (RULES.md 11): hands are discarded, every player paints (hidden and
// simultaneously), and the score sheets are drawn up.

// endGame asks every player to paint.
//
// RULES.md 11 discards the hands first. They are discarded face down, and nothing in painting or
// scoring uses them, so they leave the game only when painting is over (discardHands): while
// players paint, the cards out of the game (View.Discarded) are the ones put out face up, and no
// player sees another's last hand.
func (g *Game) endGame() {
	g.phase = phasePainting
	g.recall = roundRecall{} // the development phase's rounds no longer matter
	g.ask(decPaint)
}

// discardHands puts every hand out of the game, when the game is over.
func (g *Game) discardHands() {
	for p := range g.players {
		g.under.discardAll(g.hand[p])
		g.hand[p] = cardSet{}
	}
}

// sectorBit holds, for each value of a sector, a one in the byte of its colour: 1<<(8*c) for
// colour c, and 0 for a value that is no colour.
var sectorBit = func() (t [256]uint32) {
	for c := range Color(NumColors) {
		t[c] = 1 << (8 * c)
	}
	return t
}()

// Scores returns one score sheet per human player, in player order (RULES.md 11.3). Before the
// game is over it scores the pyramids as they stand, as if the game ended now without painting.
func (g *Game) Scores() []ScoreSheet {
	_, sheets := g.scoredTableaux()
	return sheets
}

// scoredTableaux returns every human player's tableau, and the score sheets Scores returns, which
// are scored from them.
func (g *Game) scoredTableaux() ([]Tableau, []ScoreSheet) {
	tabs := make([]Tableau, g.players)
	behind := make([]int, g.players)
	for p := range g.players {
		tabs[p], behind[p] = g.Tableau(Player(p)), g.attacksOf(Player(p))
	}
	return tabs, scoreSheets(tabs, behind)
}

// scoreSheets scores each player's tableau, tabs[p] for player p, whose attack tokens behind the
// screen are behind[p], as the game's end scores them (RULES.md 11.3).
//
// A player holds the attack tokens behind the screen and those on the cards of the pyramid
// (attacksHeld): RULES.md 11.3.7 counts the tokens "behind screens or on laws", an attack token
// on a card coming from 71 Levy or 77 Conscription. 67 Barter can swap such a token onto a
// character card (of either player), and 66 Endowment can then double it; the rules are silent on
// these. The token is still held by the owner of the pyramid it lies in, so it counts wherever it
// lies.
func scoreSheets(tabs []Tableau, behind []int) []ScoreSheet {
	held, all := make([]int, len(tabs)), 0
	for p := range tabs {
		held[p] = attacksHeld(behind[p], &tabs[p])
		all += held[p]
	}
	out := make([]ScoreSheet, len(tabs))
	for p := range tabs {
		out[p] = tabs[p].Score(all - held[p])
		out[p].Player = Player(p)
	}
	return out
}

// attacksHeld counts the attack tokens of a player with behind of them behind the screen and the
// tableau t: those and the ones on its cards (see scoreSheets).
func attacksHeld(behind int, t *Tableau) int { return behind + t.Count(AttackToken) }

// Winners returns the players with the highest total; tied players share the win (RULES.md 11.4).
// A solo game has no winner: it returns nil when the game has a single human player.
func (g *Game) Winners() []Player {
	if g.players < 2 {
		return nil
	}
	var out []Player
	for set := winnerSet(g.Scores()); set != 0; set &= set - 1 {
		out = append(out, Player(bits.TrailingZeros8(set)))
	}
	return out
}

// winnerSet returns the players of sheets (bit p for the player of sheet p) with the highest
// total: tied players share the win (RULES.md 11.4).
func winnerSet(sheets []ScoreSheet) uint8 {
	var set uint8
	best := 0
	for p, s := range sheets {
		switch {
		case set == 0 || s.Total > best:
			set, best = 1<<p, s.Total
		case s.Total == best:
			set |= 1 << p
		}
	}
	return set
}
