package viceroy

// The playout policy of the newer search styles reads each player's tableau from the game once
// for as long as it stays the same, instead of at every step of a playout as the 2026 search
// does: building a Tableau from a Game and counting what lies on it was about half the time of a
// playout, and most steps (a bid, a gem, a claim) change no tableau.

// tableauFacts is what the heuristic counts in a player's tableau (readTableau).
type tableauFacts struct {
	science, magic, def, attack int // tokens of each kind
	magicBonus, infinite        int // the magic bonus; the infinite gems
	bonus                       [NumColors]int
	mono                        [NumColors]int // single-coloured circles by colour
}

// countedFacts counts the facts of tableau t one by one with the Tableau's methods, as the 2026
// search did, but for the attack tokens and the infinite gems, which it counted where it asked
// for them: the definition, which read must agree with (TestTableauMemoAgreesWithTheGame), and
// what the playouts of "search-2026" still read, at the cost they had.
func countedFacts(t *Tableau) tableauFacts {
	f := tableauFacts{science: t.Count(Science), magic: t.Count(Magic), def: t.Count(Defense),
		magicBonus: t.sum(MagicBonus), bonus: t.circleBonus()}
	for _, c := range t.Pyramid.circleList() {
		if col, ok := c.singleColor(); ok {
			f.mono[col]++
		}
	}
	return f
}

// read counts the facts of tableau t as countedFacts does, and its attack tokens and infinite
// gems, in one pass over what lies on its cards (Tableau.tally).
func (f *tableauFacts) read(t *Tableau) {
	n := t.tally()
	*f = tableauFacts{science: n.count[Science], magic: n.count[Magic], def: n.count[Defense],
		attack: n.count[AttackToken], magicBonus: n.magicBonus, infinite: n.infinite, bonus: n.bonus}
	for c := range t.Pyramid.circles() {
		if col, ok := c.singleColor(); ok {
			f.mono[col]++
		}
	}
}

// tableauMemo keeps, for each player of a game, the tableau Game.Tableau builds and the counts
// the heuristic reads from it, with the key of that tableau (tableauKey). A player's entry is
// read again only when the game no longer has the tableau of the key (Game.tableauIs), so that
// it always holds what reading the game afresh would give (TestTableauMemoAgreesWithTheGame).
//
// Before a decision reads it, sync compares every tableau of the game at once with the game it
// last saw: an entry known to be current since then (era) is current still, without asking the
// game about its player.
//
// The others' attack and defence tokens, which every decision reads (readOpponents), are counted
// on the game apart (tokensOf), once an era: building their tableaux for that would cost more.
type tableauMemo struct {
	players [MaxPlayers]memoEntry
	tokens  [MaxPlayers]tokenCount
	fills   uint64 // entries filled so far: each fill's number tells it apart
	seen    tableauxKey
	era     uint64 // counts the changes sync has seen, from 1: a new era begins with each
}

// tokenCount is the attack and defence tokens on the cards of a player's pyramid, as counted in
// the memo's era.
type tokenCount struct {
	attack, def int
	era         uint64
}

// memoEntry is one player's tableau and counts, and the key of the tableau they were read from.
type memoEntry struct {
	key    tableauKey
	tab    Tableau
	facts  tableauFacts
	filled uint64 // the memo's number of the fill that read the entry; 0 before the first
	era    uint64 // the memo's era in which the entry was last found current or filled

	hold holdTable // the player's holdWorth, kept from decision to decision (keepHoldWorth)
}

// holdTable keeps holdWorth by card, where held is set, and what it was worked out from; and
// placeWorth by card and level, where placed is set, which reads less (placeInputs).
type holdTable struct {
	worth [NumCards + 1]float64
	held  [NumCards + 1]bool
	from  holdInputs

	place  [NumCards + 1][MaxLevel + 1]float64
	placed [NumCards + 1][MaxLevel + 1]bool
}

// forget empties the table of holdWorth (placeWorth is kept only in a memo's tables, and
// emptied by keepHoldWorth).
func (h *holdTable) forget() { h.held = [NumCards + 1]bool{} }

// placeInputs is what placeWorth reads of a situation by the 2026 estimates, but for the screen
// and the hand, which only 76 Treasury's and 72 Archive's worth read (so theirs is never kept):
// the turn, the facts of the player's tableau and the size of its pyramid, and every player's
// attack and defence tokens. Playouts of other sampled games often reach the same.
type placeInputs struct {
	turn             int
	facts            tableauFacts
	cards, levels    int
	attacks, defense [MaxPlayers]int
}

// holdInputs is what holdWorth reads of a situation by the 2026 estimates, but for the hand,
// which only 72 Archive's worth reads (so its worth is never kept from one decision to the
// next): what placeWorth reads, the screen, and whether hands are about to be discarded.
type holdInputs struct {
	placeInputs
	discard bool
	screen  Gems
}

// keepHoldWorth points s at the holdWorth table of its player in entry e, emptied unless it
// was worked out from the same inputs. Only the 2026 estimates are kept: the score sheet's
// valuation reads more of the situation.
func (s *situation) keepHoldWorth(e *memoEntry) {
	if !s.plainBids {
		return
	}
	s.readOpponents()
	in := holdInputs{placeInputs: placeInputs{turn: s.turn, facts: s.tableauFacts, cards: s.tab.Pyramid.length(),
		levels: s.levels, attacks: s.attacks, defense: s.defense},
		screen: s.screen, discard: s.turnsLeft() == 0 && !holdsThroughTheEnd(s.decision)}
	h := &e.hold
	if h.from != in {
		if h.from.placeInputs != in.placeInputs {
			h.placed = [NumCards + 1][MaxLevel + 1]bool{}
		}
		h.forget()
		h.from = in
	}
	h.held[lawArchive] = false
	s.hold = h
}

// kept reports whether s keeps what it works out from one decision to the next (keepHoldWorth).
func (s *situation) kept() bool { return s.hold != nil && s.hold != &s.ownHold }

// sync begins a new era if some tableau of g may differ from those of the game the memo saw last.
// Each decision that reads the memo syncs it first: of trusts it.
func (m *tableauMemo) sync(g *Game) {
	if m.era == 0 || !g.tableauxAre(&m.seen) {
		g.keyTableaux(&m.seen)
		m.era++
	}
}

// of returns player p's entry, read again from g if it is out of date. The memo must have been
// synced with g as it is now (sync).
func (m *tableauMemo) of(g *Game, p Player) *memoEntry {
	e := &m.players[p]
	if e.filled != 0 && e.era == m.era {
		return e // current when the era began, and nothing changed since
	}
	if e.filled == 0 || !e.current(g, p) {
		m.fills++
		e.fill(g, p)
		e.filled = m.fills
	}
	e.era = m.era
	return e
}

// tokensOf returns player p's attack and defence tokens on cards, counted on g again if the era
// has changed. The memo must have been synced with g as it is now (sync).
func (m *tableauMemo) tokensOf(g *Game, p Player) *tokenCount {
	t := &m.tokens[p]
	if t.era != m.era {
		t.attack, t.def = g.attacksAndDefence(p)
		t.era = m.era
	}
	return t
}

// current reports whether e was read from player p's tableau as g holds it now.
func (e *memoEntry) current(g *Game, p Player) bool { return g.tableauIs(p, &e.key) }

// fill reads player p's entry from g.
func (e *memoEntry) fill(g *Game, p Player) {
	g.keyTableau(p, &e.key)
	e.tab = g.Tableau(p)
	e.facts.read(&e.tab)
}
