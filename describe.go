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
	a := &g.act
	mine := int(p) >= 0 && int(p) < int(g.players) && g.owing()&(1<<p) != 0
	switch {
	case !mine:
	case g.patron != 0 && m.Kind == Tuck:
		return fmt.Sprintf("tuck %v under 78 Patronage (4 points at the end) instead of keeping it", m.Card)
	case g.patron != 0 && m.Kind == Keep:
		return fmt.Sprintf("keep %v in hand", g.patron)
	case m.Kind == PlaceCard && a.kind == actPlace && a.card.IsCharacter():
		return fmt.Sprintf("place %v at level %d (column %d), for %v", a.card, m.At.Level, m.At.Col,
			costAt(a.card, int(m.At.Level)))
	case m.Kind == PlaceCard && a.card == lawSuccession:
		return fmt.Sprintf("put 65 Succession in the place of %v, which goes back to the hand",
			g.pyr[p].At(m.At))
	case m.Kind == Bid && m.Color.Valid() && g.phase == phaseAuction:
		var cards []string
		for _, c := range g.auction[m.Color] {
			if c != 0 {
				cards = append(cards, c.String())
			}
		}
		return fmt.Sprintf("bid a %v gem, for %s", m.Color, strings.Join(cards, " or "))
	case m.Kind == Pass && g.phase == phaseAuction:
		return fmt.Sprintf("pass, and take %d gems of your choice", PassGems(g.science(p)))
	case m.Kind == Pass && g.phase == phaseDevelopment:
		return "pass: play no more cards this turn"
	case m.Kind == Discard && a.kind == actAuctionDiscard:
		return fmt.Sprintf("discard %v from the auction, for the virtual opponent's bid", m.Card)
	case m.Kind == Tuck && a.kind == actExile:
		return fmt.Sprintf("exile %v: tuck it under 74 Exile, its tokens and gems lost", m.Card)
	case m.Kind == Tuck && a.kind == actArchive:
		return fmt.Sprintf("tuck %v under 72 Archive (5 points at the end)", m.Card)
	case m.Kind == Done:
		switch a.kind {
		case actArchive:
			return "tuck no more cards under 72 Archive"
		case actPark:
			return "park no more gems on 76 Treasury"
		case actBarterOwn:
			return "swap no token (67 Barter)"
		}
	case m.Kind == PickToken && (!m.Card.Valid() || int(m.Choice) >= MaxTokensPerCard):
		// no such slot: described on its own, below
	case m.Kind == PickToken && a.kind == actBarterOther:
		return fmt.Sprintf("take the %v on %v in exchange, and pay its owner 3 gems", g.on.token(m.Card, int(m.Choice)), m.Card)
	case m.Kind == PickToken:
		return fmt.Sprintf("give away the %v on %v", g.on.token(m.Card, int(m.Choice)), m.Card)
	case m.Kind == ChooseOption:
		return describeMove(m, a.card)
	}
	return describeMove(m, 0)
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
// it never tells where a card is that p cannot see, only that p does not hold it.
func (g *Game) whyIllegal(p Player, m Move, legal []Move) string {
	a, d := &g.act, g.Decision(p)
	switch {
	case (m.Kind == Play || m.Kind == Discard) && d == ChooseDevelopment || m.Kind == PutBack && d == ChoosePutBack ||
		m.Kind == Tuck && a.kind == actArchive:
		if !g.hand[p].has(m.Card) {
			return fmt.Sprintf("%v does not hold %v", p, m.Card)
		}
		if m.Kind == Play && m.Card.IsCharacter() {
			return fmt.Sprintf("%v cannot pay %v for %v on level 1, or has no room for it", p, costAt(m.Card, 1), m.Card)
		}
	case (m.Kind == KeepInPyramid || m.Kind == KeepInHand) && d == ChooseStart:
		return fmt.Sprintf("%v was not dealt %v, or has chosen it already", p, m.Card)
	case m.Kind == Bid && d == ChooseBid:
		switch {
		case !m.Color.Valid():
			return fmt.Sprintf("%v is no colour", m.Color)
		case g.screen[p][m.Color] == 0:
			return fmt.Sprintf("%v has no %v gem to bid", p, m.Color)
		}
		return fmt.Sprintf("no card lies at %v", m.Color)
	case m.Kind == TakeGem && d == ChooseGem:
		return fmt.Sprintf("the reserve has no %v gem", m.Color)
	case (m.Kind == Take || m.Kind == Claim) && (d == ChooseAuctionCard || d == ChooseClaim || d == ChooseDuel):
		return fmt.Sprintf("%v is not among the cards %v may take now", m.Card, p)
	case m.Kind == PlaceCard && d == ChoosePlace:
		if !g.pyr[p].CanPlace(m.At, a.card.IsLaw()) {
			return fmt.Sprintf("no card can stand at %v of %v's pyramid now", m.At, p)
		}
		return fmt.Sprintf("%v cannot pay %v for %v at level %d", p, costAt(a.card, int(m.At.Level)), a.card, m.At.Level)
	case m.Kind == UseInfinite && d == ChoosePayment:
		return fmt.Sprintf("%v holds no unused infinite gem of a colour still to pay in %v's pyramid", m.Card, p)
	case m.Kind == Paint && d == ChoosePainting:
		return fmt.Sprintf("%v cannot paint the circle at %v %v: no such circle, painted already, nothing to change, or gems lacking", p, m.At, m.Color)
	}
	for _, l := range legal {
		if l.Kind == m.Kind {
			return fmt.Sprintf("%v cannot %v now", p, m)
		}
	}
	return fmt.Sprintf("%v cannot %v now: it is no move of the decision asked", p, m)
}
