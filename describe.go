package viceroy

import (
	"fmt"
	"strings"
)

// Describe says in words what move m of player p does now, for a player who does not have the
// rulebook open: "take a red gem from the reserve", "at level 5, take 15 points instead of the
// rewards of rows 1-3", "71 Levy: put an attack token on it". It knows the decision under way (a
// law's options, what a tuck is for, what a card costs where it would stand); for a move that is
// not legal now it describes the move on its own, as Move.String does in short.
func (g *Game) Describe(p Player, m Move) string {
	d := g.decisionOwed()
	if int(p) >= 0 && int(p) < int(g.players) && g.owers(d)&(1<<p) != 0 {
		if words := g.describeAs(d, p, m); words != "" {
			return words
		}
	}
	return describeMove(m, 0)
}

// describePatronage says what 78 Patronage's tuck or keep does with the card just taken.
func (g *Game) describePatronage(_ Player, m Move) string {
	switch m.Kind {
	case Tuck:
		return fmt.Sprintf("tuck %v under 78 Patronage (4 points at the end) instead of keeping it", m.Card)
	case Keep:
		return fmt.Sprintf("keep %v in hand", g.patron)
	}
	return ""
}

// describePlace says where a place puts the character card being played, and for what.
func (g *Game) describePlace(_ Player, m Move) string {
	a := &g.act
	if m.Kind != PlaceCard {
		return ""
	}
	return fmt.Sprintf("place %v at level %d (column %d), for %v", a.card, m.At.Level, m.At.Col,
		costAt(a.card, int(m.At.Level)))
}

// describeLawPlace says which card 65 Succession replaces.
func (g *Game) describeLawPlace(p Player, m Move) string {
	if m.Kind != PlaceCard || g.act.card != lawSuccession {
		return ""
	}
	return fmt.Sprintf("put 65 Succession in the place of %v, which goes back to the hand", g.pyr[p].At(m.At))
}

// describeBid says what a bid is for (the cards at its colour) and what a pass gives.
func (g *Game) describeBid(p Player, m Move) string {
	switch {
	case m.Kind == Bid && m.Color.Valid():
		var cards []string
		for _, c := range g.auction[m.Color] {
			if c != 0 {
				cards = append(cards, c.String())
			}
		}
		return fmt.Sprintf("bid a %v gem, for %s", m.Color, strings.Join(cards, " or "))
	case m.Kind == Pass:
		return fmt.Sprintf("pass, and take %d gems of your choice", PassGems(g.science(p)))
	}
	return ""
}

// describeDevelopment says what a pass of the development phase does.
func (g *Game) describeDevelopment(_ Player, m Move) string {
	if m.Kind != Pass {
		return ""
	}
	return "pass: play no more cards this turn"
}

// describeAuctionDiscard says what a discard from the auction is for.
func (g *Game) describeAuctionDiscard(_ Player, m Move) string {
	if m.Kind != Discard {
		return ""
	}
	return fmt.Sprintf("discard %v from the auction, for the virtual opponent's bid", m.Card)
}

// describeExile says what 74 Exile's tuck does.
func (g *Game) describeExile(_ Player, m Move) string {
	if m.Kind != Tuck {
		return ""
	}
	return fmt.Sprintf("exile %v: tuck it under 74 Exile, its tokens and gems lost", m.Card)
}

// describeArchive says what 72 Archive's tuck and stop do.
func (g *Game) describeArchive(_ Player, m Move) string {
	switch m.Kind {
	case Tuck:
		return fmt.Sprintf("tuck %v under 72 Archive (5 points at the end)", m.Card)
	case Done:
		return "tuck no more cards under 72 Archive"
	}
	return ""
}

// describePark says what 76 Treasury's stop does.
func (g *Game) describePark(_ Player, m Move) string {
	if m.Kind != Done {
		return ""
	}
	return "park no more gems on 76 Treasury"
}

// describeOwnToken says what 67 Barter's first moves do: decline, or give a token away.
func (g *Game) describeOwnToken(_ Player, m Move) string {
	switch {
	case m.Kind == Done:
		return "swap no token (67 Barter)"
	case m.Kind == PickToken && m.Card.Valid() && int(m.Choice) < MaxTokensPerCard:
		return fmt.Sprintf("give away the %v on %v", g.on.token(m.Card, int(m.Choice)), m.Card)
	}
	return ""
}

// describeOthersToken says what 67 Barter's second move takes, and what it costs.
func (g *Game) describeOthersToken(_ Player, m Move) string {
	if m.Kind != PickToken || !m.Card.Valid() || int(m.Choice) >= MaxTokensPerCard {
		return ""
	}
	return fmt.Sprintf("take the %v on %v in exchange, and pay its owner 3 gems", g.on.token(m.Card, int(m.Choice)), m.Card)
}

// describeOptionMove says what the option m of the law being resolved does.
func (g *Game) describeOptionMove(_ Player, m Move) string {
	if m.Kind != ChooseOption {
		return ""
	}
	return describeMove(m, g.act.card)
}

// describeMove says in words what a move does, knowing nothing of the game but, for a law's
// option, the law.
func describeMove(m Move, law CardID) string {
	switch m.Kind {
	case KeepInPyramid:
		return fmt.Sprintf("start the pyramid with %v", m.Card)
	case KeepInHand:
		return fmt.Sprintf("keep %v in hand", m.Card)
	case Bid:
		return fmt.Sprintf("bid a %v gem", m.Color)
	case Attack:
		return "attack: spend an attack token to take any card of the auction"
	case Pass:
		return "pass"
	case Take:
		return fmt.Sprintf("take %v", m.Card)
	case Claim:
		return fmt.Sprintf("claim %v", m.Card)
	case StayIn:
		return "take nothing and stay in the auction"
	case Play:
		return fmt.Sprintf("play %v", m.Card)
	case Discard:
		return fmt.Sprintf("discard %v", m.Card)
	case PlaceCard:
		return fmt.Sprintf("place the card at level %d (column %d)", m.At.Level, m.At.Col)
	case UseInfinite:
		return fmt.Sprintf("pay a gem with the infinite gem on %v", m.Card)
	case PayCost:
		return "pay the rest from the screen"
	case TakeReward:
		if m.Choice == FifteenPoints {
			return "at level 5, take 15 points instead of the rewards of rows 1-3"
		}
		return "at level 5, take the rewards of rows 1-3"
	case TakeGem:
		return fmt.Sprintf("take a %v gem from the reserve", m.Color)
	case Draw:
		if m.Choice == LawDeck {
			return "draw a card from the law deck"
		}
		return "draw a character card from the small deck"
	case ChooseOption:
		return describeOption(law, int(m.Choice))
	case InfiniteColor:
		return fmt.Sprintf("make the infinite gem %v", m.Color)
	case Tuck:
		return fmt.Sprintf("tuck %v", m.Card)
	case TuckUnder:
		return fmt.Sprintf("tuck 66 Endowment under %v, doubling its tokens", m.Card)
	case Keep:
		return "keep the card in hand"
	case Done:
		return "stop"
	case Park:
		return fmt.Sprintf("park a %v gem on 76 Treasury (2 points at the end)", m.Color)
	case PutBack:
		return fmt.Sprintf("put %v back on top of the law deck", m.Card)
	case PickToken:
		return fmt.Sprintf("pick the token in slot %d of %v", m.Choice, m.Card)
	case GiveGem:
		return fmt.Sprintf("give a %v gem", m.Color)
	case Paint:
		return fmt.Sprintf("paint the circle topped at level %d (column %d) %v", m.At.Level, m.At.Col, m.Color)
	case PaintBest:
		return "paint the best painting of the circles left, and finish"
	case FinishPainting:
		return "finish painting"
	}
	return m.String()
}

// describeOption says what option i of a three-option law does.
func describeOption(law CardID, i int) string {
	opts, ok := lawOptions[law]
	switch {
	case !ok:
		return fmt.Sprintf("choose option %d", i)
	case i == 2:
		return fmt.Sprintf("%v: take 4 gems of your choice from the reserve", law)
	case i < 0 || i > 2:
		return fmt.Sprintf("%v: option %d", law, i)
	}
	o := opts[i]
	switch {
	case o.infinite:
		return fmt.Sprintf("%v: put an infinite gem of a colour of your choice on it", law)
	case o.draw:
		return fmt.Sprintf("%v: draw a card from a deck of your choice", law)
	}
	parts := make([]string, len(o.tokens))
	for j, t := range o.tokens {
		parts[j] = tokenWords(t)
	}
	return fmt.Sprintf("%v: put %s on it", law, strings.Join(parts, " and "))
}

// tokenWords names a token with its article: "an attack token", "a defense token", "6 points".
func tokenWords(t Token) string {
	switch t.Kind() {
	case AttackToken:
		return "an attack token"
	case Science, Magic, Defense:
		return "a " + t.Kind().String() + " token"
	case MagicBonus:
		return fmt.Sprintf("a magic bonus of +%d", t.Value())
	}
	return "a " + t.String() + " token"
}

// whyIllegal says why move m, well formed, is not among p's legal moves now, as far as p may know:
// it never tells where a card is that p cannot see, only that p does not hold it. The decision's
// entry gives the reason its rule has (why); any other refusal says whether the decision has moves
// of m's kind at all.
func (g *Game) whyIllegal(p Player, m Move) string {
	d := g.decisionOwed()
	if why := g.whyNot(d, p, m); why != "" {
		return why
	}
	var buf [64]Move
	for _, l := range g.listMoves(d, buf[:0], p) {
		if l.Kind == m.Kind {
			return fmt.Sprintf("%v cannot %v now", p, m)
		}
	}
	return fmt.Sprintf("%v cannot %v now: it is no move of the decision asked", p, m)
}

// whyNoGem says why a gem pick m is not legal: the reserve has no gem of its colour.
func (g *Game) whyNoGem(_ Player, m Move) string {
	if m.Kind != TakeGem {
		return ""
	}
	return fmt.Sprintf("the reserve has no %v gem", m.Color)
}

// whyNotPlaced says why m, a place for the card being played, is not legal: no card can stand
// there, or p cannot pay the level's cost.
func (g *Game) whyNotPlaced(p Player, m Move) string {
	a := &g.act
	switch {
	case m.Kind != PlaceCard:
		return ""
	case !g.pyr[p].canPlace(m.At, a.card.IsLaw()):
		return fmt.Sprintf("no card can stand at %v of %v's pyramid now", m.At, p)
	}
	return fmt.Sprintf("%v cannot pay %v for %v at level %d", p, costAt(a.card, int(m.At.Level)), a.card, m.At.Level)
}

// whyNoInfinite says why m, a payment with an infinite gem, is not legal.
func (g *Game) whyNoInfinite(p Player, m Move) string {
	if m.Kind != UseInfinite {
		return ""
	}
	return fmt.Sprintf("%v holds no unused infinite gem of a colour still to pay in %v's pyramid", m.Card, p)
}

// whyNotArchived says why m, a tuck under 72 Archive, is not legal when p does not hold the card.
func (g *Game) whyNotArchived(p Player, m Move) string { return g.whyNotHeld(p, m, Tuck) }

// whyNotPutBack says why m, a law card put back (70 Council), is not legal when p does not hold it.
func (g *Game) whyNotPutBack(p Player, m Move) string { return g.whyNotHeld(p, m, PutBack) }

// whyNotHeld says that p does not hold the card of m, a move of kind k that takes a card from the
// hand; "" for any other move.
func (g *Game) whyNotHeld(p Player, m Move, k MoveKind) string {
	if m.Kind != k || g.hand[p].has(m.Card) {
		return ""
	}
	return fmt.Sprintf("%v does not hold %v", p, m.Card)
}
