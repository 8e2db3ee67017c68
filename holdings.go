package viceroy

// This file keeps what lies on and under the cards of a game's pyramids in the Game value. Every
// Apply copies the whole Game twice (in and out), so these tables are laid out for size: four bytes
// a card for what lies on it, and half a byte a card for where it is tucked (or whether it is out
// of the game). The public forms, with
// room for anything a program may build by hand, are Tableau's holding (eight bytes a card) and
// Tableau.under (one byte a card); the game converts to them when it hands out a Tableau.

// packedSlots is how many token slots a card keeps in its own entry of holdings.
const packedSlots = 3

// packedHolding is what lies on one card of a game, in a word: token slots 0-2 in bytes 0-2 (a
// Token each, 0 for an empty slot), then in byte 3 the infinite gem's colour (low three bits, an
// optColor), whether that gem has paid this turn (usedBit), and the colour the circle the card tops
// was painted (high four bits, an optColor). Keeping the used mark beside the gem, rather than in a
// set of the cards whose gem paid, saves the Game 16 bytes, and the reads that ask for usable gems
// read one word a card.
type packedHolding uint32

const (
	infiniteShift = 8 * packedSlots
	paintShift    = infiniteShift + 4
	colorBits     = 0xF
	infiniteBits  = 0x7                      // an optColor: 0-4
	usedBit       = 1 << (infiniteShift + 3) // the infinite gem has paid this turn
)

// token returns token slot i (0-2).
func (h packedHolding) token(i int) Token { return Token(h >> (8 * i)) }

// withToken returns h with token slot i (0-2) set to t.
func (h packedHolding) withToken(i int, t Token) packedHolding {
	return h&^(0xFF<<(8*i)) | packedHolding(t)<<(8*i)
}

// count returns the number of tokens of kind k (not NoToken) in the three slots.
func (h packedHolding) count(k TokenKind) int {
	// The slots are compared at once, as the bytes of a word: a byte of y is zero exactly where the
	// kind (the top three bits of a token) is k, and bit 0 of each byte of other is set where it
	// is not. Multiplying by ones adds the three bits up in byte 2. It is asked for every card of
	// a pyramid, e.g. for the science tokens of every pass.
	const kinds, ones = 0xE0E0E0, 0x010101
	y := packedHolding(uint32(h)&kinds ^ uint32(k)<<tokenKindShift*ones)
	other := (y>>5 | y>>6 | y>>7) & ones
	return packedSlots - int(other*ones>>16&0xFF)
}

// infinite returns the colour of the infinite gem on the card, if any.
func (h packedHolding) infinite() optColor { return optColor(h >> infiniteShift & infiniteBits) }

// paint returns the colour the circle the card tops was painted, if it was.
func (h packedHolding) paint() optColor { return optColor(h >> paintShift & colorBits) }

// withInfinite returns h with the infinite gem's colour set to o.
func (h packedHolding) withInfinite(o optColor) packedHolding {
	return h&^(infiniteBits<<infiniteShift) | packedHolding(o)<<infiniteShift
}

// withPaint returns h with the painted colour set to o.
func (h packedHolding) withPaint(o optColor) packedHolding {
	return h&^(colorBits<<paintShift) | packedHolding(o)<<paintShift
}

// holdings is what lies on the cards standing in a game's pyramids (tokens, infinite gems, painted
// circles), by card; cards that do not stand hold nothing. Read and change it through its methods,
// which take a token slot from 0 to MaxTokensPerCard-1 as Tableau's holding numbers them (a
// PickToken move names its slot).
//
// Each card keeps three token slots in its own entry. A card holds more than three tokens in one
// case only: each row of a character, and the rows 1-3 a level-5 card takes together, put at most
// three on it (TestCatalogueInvariants holds the catalogue to this), a law's option at most two, 67
// Barter swaps one token for one, and 66 Endowment alone adds tokens to a card already standing:
// it doubles those of the character it lies under, up to six. There is one Endowment card, and it
// stays tucked; 65 Succession may take its character's holding over, and the character comes back
// with nothing on it. So at most one card at a time holds more than three tokens, and its slots
// 3-5 lie in spill, which is empty (spillCard 0) when no card needs it. Keeping spill for that one
// card, rather than six slots for every card, halves the table; the hot reads over a pyramid
// (count, infinite) read one word a card, and count compares the card with spillCard.
type holdings struct {
	card      [NumCards + 1]packedHolding           // by card; entry 0 holds usedBit alone (see useInfinite)
	spill     [MaxTokensPerCard - packedSlots]Token // token slots 3-5 of spillCard
	spillCard CardID                                // the card with more than three tokens, or 0
}

// count returns the number of tokens of kind k (not NoToken) on card id.
func (hs *holdings) count(id CardID, k TokenKind) int {
	n := hs.card[id].count(k)
	if id == hs.spillCard {
		n += hs.spilled().count(k)
	}
	return n
}

// countOn returns the number of tokens of kind k on the cards.
func (hs *holdings) countOn(cards []CardID, k TokenKind) int {
	n := 0
	for _, id := range cards {
		n += hs.card[id].count(k)
		if id == hs.spillCard {
			n += hs.spilled().count(k)
		}
	}
	return n
}

// attacksAndDefence counts the attack tokens and the defence tokens on the cards of p's pyramid,
// as p's Tableau.Count counts each, in one pass: the search's playouts ask it of every other
// player after most changes to a tableau (tableauMemo.tokensOf).
func (g *Game) attacksAndDefence(p Player) (attack, def int) {
	pyr := &g.pyr[p]
	for _, id := range pyr.cells[:pyr.size()] {
		h := g.on.card[id]
		attack, def = attack+h.count(AttackToken), def+h.count(Defense)
		if id == g.on.spillCard {
			s := g.on.spilled()
			attack, def = attack+s.count(AttackToken), def+s.count(Defense)
		}
	}
	return attack, def
}

// spilled returns the spill's tokens in the slots of a packedHolding.
func (hs *holdings) spilled() packedHolding {
	return packedHolding(hs.spill[0]) | packedHolding(hs.spill[1])<<8 | packedHolding(hs.spill[2])<<16
}

// token returns token slot i (0 to MaxTokensPerCard-1) of card id: 0 for an empty slot.
func (hs *holdings) token(id CardID, i int) Token {
	if i < packedSlots {
		return hs.card[id].token(i)
	}
	if id == hs.spillCard {
		return hs.spill[i-packedSlots]
	}
	return 0
}

// setToken sets token slot i of card id to t, a token (not 0). It reports false, and changes
// nothing, when slot i is beyond the third and another card holds the spill.
func (hs *holdings) setToken(id CardID, i int, t Token) bool {
	if i < packedSlots {
		hs.card[id] = hs.card[id].withToken(i, t)
		return true
	}
	if hs.spillCard != id && hs.spillCard != 0 {
		return false
	}
	hs.spillCard = id
	hs.spill[i-packedSlots] = t
	return true
}

// add puts t on the first free slot of card id; it reports false when the card has no free slot
// (or only beyond the third, with the spill taken by another card).
func (hs *holdings) add(id CardID, t Token) bool {
	h := hs.card[id]
	for i := range packedSlots {
		if h.token(i) == 0 {
			hs.card[id] = h.withToken(i, t)
			return true
		}
	}
	return hs.addSpilled(id, t)
}

// addSpilled is add for a card whose first three slots hold tokens.
func (hs *holdings) addSpilled(id CardID, t Token) bool {
	for i := packedSlots; i < MaxTokensPerCard; i++ {
		if hs.token(id, i) == 0 {
			return hs.setToken(id, i, t)
		}
	}
	return false
}

// swap exchanges token slot i of card a with token slot j of card b (67 Barter). Both slots hold a
// token, so the number of tokens on each card stays and so does the spill's owner.
func (hs *holdings) swap(a CardID, i int, b CardID, j int) {
	ta, tb := hs.token(a, i), hs.token(b, j)
	hs.setToken(a, i, tb)
	hs.setToken(b, j, ta)
}

// infinite returns the colour of the infinite gem on card id, if any.
func (hs *holdings) infinite(id CardID) optColor { return hs.card[id].infinite() }

// setInfinite puts an infinite gem of colour c on card id.
func (hs *holdings) setInfinite(id CardID, c Color) {
	hs.card[id] = hs.card[id].withInfinite(someColor(c))
}

// usedInfinite reports whether the infinite gem on card id has paid this turn.
func (hs *holdings) usedInfinite(id CardID) bool { return hs.card[id]&usedBit != 0 }

// useInfinite records that the infinite gem on card id (not 0) has paid this turn. Entry 0, which
// stands for no card, keeps usedBit while any card has it, so that clearUsed, at the end of every
// turn, looks at the cards only when some gem paid.
func (hs *holdings) useInfinite(id CardID) {
	hs.card[id] |= usedBit
	hs.card[0] |= usedBit
}

// clearUsed lets every infinite gem pay again (a new turn).
func (hs *holdings) clearUsed() {
	if hs.card[0]&usedBit == 0 {
		return
	}
	for i := range hs.card {
		hs.card[i] &^= usedBit
	}
}

// used returns the cards whose infinite gem has paid this turn.
func (hs *holdings) used() cardSet { return cardsWhere(hs.usedInfinite) }

// paint returns the colour the circle card id tops was painted, if it was.
func (hs *holdings) paint(id CardID) optColor { return hs.card[id].paint() }

// setPaint records the colour (or none) the circle card id tops is painted.
func (hs *holdings) setPaint(id CardID, o optColor) {
	hs.card[id] = hs.card[id].withPaint(o)
}

// clear takes everything off card id.
func (hs *holdings) clear(id CardID) {
	hs.card[id] = 0
	if id == hs.spillCard {
		hs.spill, hs.spillCard = [len(hs.spill)]Token{}, 0
	}
}

// move puts everything lying on card from onto card to, which held nothing, and clears from (65
// Succession).
func (hs *holdings) move(from, to CardID) {
	hs.card[to], hs.card[from] = hs.card[from], 0
	if from == hs.spillCard {
		hs.spillCard = to
	}
}

// holding returns what lies on card id in Tableau's form.
func (hs *holdings) holding(id CardID) holding {
	w := hs.card[id]
	h := holding{infinite: w.infinite(), paint: w.paint()}
	h.tokens[0], h.tokens[1], h.tokens[2] = w.token(0), w.token(1), w.token(2)
	if id == hs.spillCard {
		h.tokens[3], h.tokens[4], h.tokens[5] = hs.spill[0], hs.spill[1], hs.spill[2]
	}
	return h
}

// set makes what lies on card id h, replacing what lay there. It reports false, and changes
// nothing, when h holds a token beyond the third slot while another card holds the spill: no game
// has two such cards.
func (hs *holdings) set(id CardID, h holding) bool {
	spills := false
	for _, t := range h.tokens[packedSlots:] {
		spills = spills || t != 0
	}
	if spills && hs.spillCard != 0 && hs.spillCard != id {
		return false
	}
	hs.clear(id)
	for i, t := range h.tokens {
		if t != 0 {
			hs.setToken(id, i, t)
		}
	}
	hs.card[id] = hs.card[id].withInfinite(h.infinite).withPaint(h.paint)
	return true
}

// tucks records, for each tucked card, the card it lies under, in half a byte: a code naming the
// host. Only a few cards can ever have cards tucked under them: 72 Archive, 74 Exile and 78
// Patronage tuck under themselves, 65 Succession takes over the cards tucked under the card it
// replaces, and 66 Endowment, the only card tucked under a character, lies under one. So the four
// laws have fixed codes, and one more code stands for other, the one other card with cards under
// it (in a game, the character Endowment lies under), which is 0 while no card lies under it.
// Every game state has one form, so Games compare equal exactly when their tucked cards do.
//
// One more code, tuckOut, marks the cards out of the game (View.Discarded): a card out of the game
// lies under nothing, so its half byte is free, and keeping them here rather than in a set of
// their own saves the Game 16 bytes. They are read for views and History only; no rule of play
// asks for them.
//
// Two marks use the half byte of the cards in a hand, which lie under nothing and are not out of
// the game, so their code is otherwise tuckNone: tuckShown (7) marks the cards everyone saw go into
// a hand (show), and the bit tuckPatron (8) those just taken under 78 Patronage (addPatron); a card
// may have both (15). The low three bits of a code are thus a host's code (1-5), tuckOut (6) or
// tuckShown (7), and host answers 0 for every code from tuckOut up. Each mark saves the Game the
// 16 bytes of a set of its own.
//
// The cards with cards under them are not free (RULES.md 8.1). A card lies under one host at most
// and a host stands in one pyramid, so the game finds them here (hosts) rather than keep a set of
// them in each pyramid, as a Pyramid does: used has bit code set while a card has the fixed code,
// and other is not 0 while a card lies under it. Cards never leave from under a host but by 65
// Succession (succeed), so used is set by tuck and moved by succeed. Its top bit, severalPatrons,
// is set while more than one card has the mark tuckPatron.
type tucks struct {
	code  [NumCards/2 + 1]uint8 // two cards a byte: card id in the low four bits of byte id/2 when id is even
	other CardID                // the host of code tuckOther, or 0
	used  uint8                 // bit code for each fixed code some card has; severalPatrons
}

// The codes of tucks: tuckHosts[code] is the host of the fixed codes.
const (
	tuckNone = iota
	tuckSuccession
	tuckArchive
	tuckExile
	tuckPatronage
	tuckOther
	tuckOut   // not tucked: out of the game
	tuckShown // not tucked: a card everyone saw go into a hand (see show)

	// tuckPatron marks a card just taken into the hand of 78 Patronage's owner, to be tucked or
	// kept (addPatron): a bit of its own, beside tuckNone or tuckShown, never a host's code.
	tuckPatron = 8
	// severalPatrons is the bit of tucks.used set while more than one card has tuckPatron.
	severalPatrons = 1 << 7
)

var tuckHosts = [...]CardID{tuckSuccession: lawSuccession, tuckArchive: lawArchive,
	tuckExile: lawExile, tuckPatronage: lawPatronage}

// codeOf returns card id's code.
func (t *tucks) codeOf(id CardID) uint8 { return t.code[id/2] >> (4 * (id & 1)) & 0xF }

// setCode sets card id's code.
func (t *tucks) setCode(id CardID, code uint8) {
	shift := 4 * (id & 1)
	t.code[id/2] = t.code[id/2]&^(0xF<<shift) | code<<shift
}

// hostCode returns the fixed code of host, or tuckOther.
func hostCode(host CardID) uint8 {
	for code, h := range tuckHosts {
		if h == host && code != tuckNone {
			return uint8(code)
		}
	}
	return tuckOther
}

// host returns the card id is tucked under, or 0 when it is not tucked.
func (t *tucks) host(id CardID) CardID {
	switch code := t.codeOf(id); {
	case code == tuckNone, code >= tuckOut: // out, shown, or just taken under Patronage
		return 0
	case code == tuckOther:
		return t.other
	default:
		return tuckHosts[code]
	}
}

// tuck records card id (not tucked yet) as tucked under host. It reports false, and changes
// nothing, when host is neither one of the four laws nor the other host, and another card is: no
// game comes to that.
func (t *tucks) tuck(id, host CardID) bool {
	code := hostCode(host)
	if code == tuckOther {
		if t.other != 0 && t.other != host {
			return false
		}
		t.other = host
	}
	t.setCode(id, code)
	t.used |= 1 << code &^ (1 << tuckOther)
	return true
}

// anyHost reports whether any card has a card tucked under it: hosts is not empty.
func (t *tucks) anyHost() bool {
	const fixed = 1<<tuckOther - 1<<tuckSuccession // the bits of used for the fixed codes
	return t.used&fixed != 0 || t.other != 0
}

// hosts returns the cards that have cards tucked under them.
func (t *tucks) hosts() cardSet {
	var s cardSet
	for code := tuckSuccession; code < tuckOther; code++ {
		if t.used&(1<<code) != 0 {
			s.add(tuckHosts[code])
		}
	}
	if t.other != 0 {
		s.add(t.other)
	}
	return s
}

// coveredIn returns the cards of p's pyramid that have cards tucked under them, as p's Pyramid
// holds them (Pyramid.HasTucked).
func (g *Game) coveredIn(p Player) cardSet {
	s := g.under.hosts()
	for id := range s.all() {
		if !g.pyr[p].has(id) {
			s.remove(id)
		}
	}
	return s
}

// hostsIn reports whether a card of p's pyramid has a card tucked under it (coveredIn), asking
// first whether any card has: most games tuck none for a long while.
func (g *Game) hostsIn(p Player) bool {
	if !g.under.anyHost() {
		return false
	}
	covered := g.coveredIn(p)
	return !covered.empty()
}

// tableauKey tells whether a player's tableau has changed: Game.tableauIs compares it with what the
// game holds now. It holds the parts of the game Game.Tableau reads for the player, as the game
// stores them: the pyramid, what lies on its cards (but whether an infinite gem has paid this
// turn, which a Tableau does not show), the parked gems, and the cards tucked under its cards:
// while no card of the pyramid has a card under it (hosts), none of the tucks, which also mark the
// cards out of the game or shown, is read. So it costs a comparison of the few words a pyramid
// stores, where building the Tableau to compare costs reading all 88 cards.
type tableauKey struct {
	pyr       layout
	on        [MaxPyramidCards]packedHolding // by cell of pyr
	spill     [MaxTokensPerCard - packedSlots]Token
	spillCard CardID
	parked    parkedGems
	hosts     bool
	under     tucks
}

// keyTableau sets *k to the key of player p's tableau as it is now. A pointer, not a result: the
// key is a few hundred bytes.
func (g *Game) keyTableau(p Player, k *tableauKey) {
	pyr := &g.pyr[p]
	k.pyr, k.parked, k.hosts, k.under = *pyr, g.parked, g.hostsIn(p), g.under
	k.spill, k.spillCard = g.on.spill, g.on.spillCard
	for i, id := range pyr.cells[:pyr.n] {
		k.on[i] = g.on.card[id] &^ usedBit
	}
}

// tableauIs reports whether player p's tableau is still the one *k is the key of (keyTableau):
// whether Game.Tableau(p) would build the same Tableau as when the key was taken. (It may report
// false for a tableau that is the same, when a part of the game it reads has changed in a way the
// tableau does not show: a gem parked in another pyramid, a card tucked under another player's.)
func (g *Game) tableauIs(p Player, k *tableauKey) bool {
	pyr := &g.pyr[p]
	if k.pyr != *pyr || k.parked != g.parked || k.spill != g.on.spill || k.spillCard != g.on.spillCard {
		return false
	}
	for i, id := range pyr.cells[:pyr.n] {
		if k.on[i] != g.on.card[id]&^usedBit {
			return false
		}
	}
	hosts := g.hostsIn(p)
	return hosts == k.hosts && (!hosts || k.under == g.under)
}

// tableauxKey tells whether any tableau of a game may have changed: Game.tableauxAre compares it
// with what the game holds now. It holds every part of the game that Game.Tableau reads, for all
// the players at once, so one comparison of a few hundred bytes tells that no tableau changed,
// which is what most moves (a bid, a gem, a claim) leave; after one that changes any of it,
// tableauIs tells each player's apart.
type tableauxKey struct {
	pyr    [MaxPlayers]layout
	on     holdings
	parked parkedGems
	under  tucks
}

// keyTableaux sets *k to the key of the game's tableaux as they are now.
func (g *Game) keyTableaux(k *tableauxKey) {
	k.pyr, k.on, k.parked, k.under = g.pyr, g.on, g.parked, g.under
}

// tableauxAre reports whether every part of the game Game.Tableau reads is as when *k was taken
// (keyTableaux): if so, every player's Tableau is the same as then.
func (g *Game) tableauxAre(k *tableauxKey) bool {
	return k.pyr == g.pyr && k.on == g.on && k.parked == g.parked && k.under == g.under
}

// discard records card id, which lies nowhere else now, as out of the game.
func (t *tucks) discard(id CardID) { t.setCode(id, tuckOut) }

// discardAll records the cards of s, which lie nowhere else now, as out of the game.
func (t *tucks) discardAll(s cardSet) {
	for id := range s.all() {
		t.discard(id)
	}
}

// show records card id, which lies in a hand, as seen by everyone going there (or known there by
// everyone since): Game.knownHand lists it among the cards of that hand the others know. A card in
// a hand is neither tucked nor out of the game, so its half byte is free; keeping the mark here
// rather than in a set of its own saves the Game 16 bytes. The mark stays when the card leaves the
// hand for a pyramid or the law deck (it means something only while the card is in a hand, where
// knownHand looks for it, and a law put back and drawn again stays known, as it always was) and
// goes when the card is tucked or leaves the game, from where no card comes back into a hand.
//
// A card in a hand has code tuckNone or tuckShown, so show sets the bits of tuckShown rather than
// replace the code: it is asked at every reveal of the development phase.
func (t *tucks) show(id CardID) { t.code[id/2] |= tuckShown << (4 * (id & 1)) }

// isShown reports whether card id is marked by show.
func (t *tucks) isShown(id CardID) bool { return t.codeOf(id)&tuckShown == tuckShown }

// shown returns the cards marked by show.
func (t *tucks) shown() cardSet { return cardsWhere(t.isShown) }

// The cards just taken into the hand of 78 Patronage's owner, which that player tucks or keeps
// one by one (once a set of its own in the Game), are marked in tucks: a card in a hand has code
// tuckNone or tuckShown, and tuckPatron is a bit beside them, so a card may be both. The Game
// keeps the lowest marked card as well (Game.patron), as it asks at every decision whether any
// card is marked and, when one is, which comes first; used has severalPatrons while more than one
// is, so that taking the mark off the only one (as at nearly every Patronage decision) looks at no
// other card. This saves the Game 15 bytes.

// addPatron marks card id, just taken into a hand, as owed to Patronage. It reports false, and
// changes nothing, when id lies under a card or out of the game: no game comes to that.
func (g *Game) addPatron(id CardID) bool {
	t := &g.under
	if code := t.codeOf(id) &^ tuckPatron; code != tuckNone && code != tuckShown {
		return false
	}
	if t.patronHas(id) {
		return true
	}
	t.code[id/2] |= tuckPatron << (4 * (id & 1))
	switch {
	case g.patron == 0:
		g.patron, g.patronWho = id, uint8(g.owner(lawPatronage)) // 255, owing nothing, when it stands nowhere
	case id < g.patron:
		g.patron, t.used = id, t.used|severalPatrons
	default:
		t.used |= severalPatrons
	}
	return true
}

// removePatron takes the mark of addPatron off card id.
func (g *Game) removePatron(id CardID) {
	t := &g.under
	if !t.patronHas(id) {
		return
	}
	t.code[id/2] &^= tuckPatron << (4 * (id & 1))
	if t.used&severalPatrons == 0 {
		g.patron, g.patronWho = 0, 0
		return
	}
	g.patron, t.used = 0, t.used&^severalPatrons
	for c := CardID(1); c <= NumCards; c++ {
		switch {
		case !t.patronHas(c):
		case g.patron == 0:
			g.patron = c
		default:
			t.used |= severalPatrons
			return
		}
	}
}

// patronHas reports whether card id is marked by addPatron.
func (t *tucks) patronHas(id CardID) bool { return t.codeOf(id)&tuckPatron != 0 }

// patrons returns the cards marked by addPatron, in card-number order.
func (t *tucks) patrons() []CardID { return cardsWhere(t.patronHas).slice() }

// isOut reports whether card id is out of the game (discard).
func (t *tucks) isOut(id CardID) bool { return t.codeOf(id) == tuckOut }

// out returns the cards out of the game.
func (t *tucks) out() cardSet { return cardsWhere(t.isOut) }

// succeed moves the cards tucked under old to under 65 Succession, which takes the place of old
// (and, having just been played, holds none before).
func (t *tucks) succeed(old CardID) {
	from := hostCode(old)
	switch {
	case from == tuckOther && t.other != old, from != tuckOther && t.used&(1<<from) == 0:
		return // no card lies under old
	case from == tuckOther:
		t.other = 0
	default:
		t.used &^= 1 << from
	}
	t.used |= 1 << tuckSuccession
	for id := CardID(1); id <= NumCards; id++ {
		if t.codeOf(id) == from {
			t.setCode(id, tuckSuccession)
		}
	}
}
