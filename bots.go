package viceroy

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Bot chooses a move from what its player may see. legal is never empty and is the view's Legal
// list; Choose must return one of its moves. Bots see only a View, so they never use hidden
// information.
type Bot interface {
	Choose(v View, legal []Move) Move
}

// randomBot chooses uniformly among the legal moves. The zero randomBot is the bot of seed 0.
type randomBot struct {
	rng *rand.Rand
}

// newRandomBot returns a random bot whose choices follow from seed.
func newRandomBot(seed uint64) *randomBot {
	return &randomBot{rng: botRand(seed, randomStream)}
}

// The streams of the bots' generators, so that bots of one seed draw apart.
const (
	randomStream    = 0x52414e44
	basicStream     = 0x47524545
	heuristicStream = 0x48455552
)

// botRand returns a bot's generator of seed on stream.
func botRand(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, stream)) }

// ensureRand gives *rng the generator of seed 0 on stream if it has none: the zero value of a bot
// type is the bot of seed 0.
func ensureRand(rng **rand.Rand, stream uint64) *rand.Rand {
	if *rng == nil {
		*rng = botRand(0, stream)
	}
	return *rng
}

// Choose returns a uniformly random legal move; given no legal move, the zero Move.
func (b *randomBot) Choose(_ View, legal []Move) Move {
	if len(legal) == 0 {
		return Move{}
	}
	return legal[ensureRand(&b.rng, randomStream).IntN(len(legal))]
}

// basicBot scores every legal move with a rough one-step estimate of what it is worth at the end
// of the game (power points, tokens, gems towards the cards in hand) and plays the best, breaking
// ties at random. It looks no further ahead than the move itself. It is the "basic" level of
// NewBot, kept as a fixed yardstick; heuristicBot, the "greedy" level, plays much better. The zero
// basicBot is the bot of seed 0.
type basicBot struct {
	rng *rand.Rand
}

// newBasicBot returns a basic bot whose tie-breaks follow from seed.
func newBasicBot(seed uint64) *basicBot {
	return &basicBot{rng: botRand(seed, basicStream)}
}

// Choose returns the legal move with the highest estimate. Given a view no game can have (one
// naming a player or a card that does not exist) or a move that is not well formed, it returns the
// first legal move; given no legal move, the zero Move.
func (b *basicBot) Choose(v View, legal []Move) Move {
	switch {
	case len(legal) == 0:
		return Move{}
	case !readable(v) || !allWellFormed(legal):
		return legal[0]
	}
	rng := ensureRand(&b.rng, basicStream)
	best, bestScore, ties := legal[0], -1e9, 0
	for _, m := range legal {
		s := estimate(v, m)
		switch {
		case s > bestScore:
			best, bestScore, ties = m, s, 1
		case s == bestScore:
			ties++
			if rng.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// Rough end-game worth, in points, of things a player can get.
const (
	gemWorth      = 1.0
	cardDrawWorth = 2.5
)

// itemWorth estimates what one reward item is worth to the viewer.
func itemWorth(v View, it RewardItem) float64 {
	me := v.Players[v.Player].Tableau
	n := float64(it.N)
	switch it.Kind {
	case GemsReward:
		return n * gemWorth
	case CardsReward:
		return n * cardDrawWorth
	case PointsReward:
		return n
	case ScienceReward:
		return n * 4
	case MagicReward:
		return n * (2 + float64(me.sum(MagicBonus)))
	case DefenseReward:
		return n * 3
	case AttackReward:
		return n * 3
	case InfiniteReward:
		return 6
	case MagicBonusReward:
		return n * (1 + float64(me.Count(Magic)))
	case CircleBonusReward:
		return n * 1.5
	}
	return 0
}

// rowWorth estimates a character's reward at a level (1-5).
func rowWorth(v View, card CardID, level int) float64 {
	c := catalogue[card]
	if level == MaxLevel {
		rows := 0.0
		for l := range 3 {
			rows += rowWorth(v, card, l+1)
		}
		return max(rows, 15)
	}
	w := 0.0
	for _, it := range c.Rows[level-1].Reward {
		w += itemWorth(v, it)
	}
	return w
}

// cardWorth estimates a card in the hand: its best reward at a level the pyramid can reach soon,
// less the gems it costs.
func cardWorth(v View, card CardID) float64 {
	if card.IsLaw() {
		return 4
	}
	me := v.Players[v.Player].Tableau.Pyramid
	best := 0.0
	for l := 1; l <= min(me.levels()+1, MaxLevel); l++ {
		w := rowWorth(v, card, l) - 0.6*float64(costAt(card, l).Total())
		best = max(best, w)
	}
	return best
}

// affordable reports whether the viewer's screen pays cost (infinite gems aside).
func affordable(v View, cost Gems) bool { return v.Screen.Covers(cost) }

// need returns, by colour, the gems the cards in hand want beyond the screen.
func need(v View) Gems {
	var n Gems
	me := v.Players[v.Player].Tableau.Pyramid
	for _, c := range v.Hand {
		if c.IsLaw() {
			continue
		}
		cost := costAt(c, min(me.levels()+1, 4))
		for col := range cost {
			if cost[col] > v.Screen[col] {
				n[col] += cost[col] - v.Screen[col]
			}
		}
	}
	return n
}

// estimate scores one move for the greedy bot.
func estimate(v View, m Move) float64 {
	me := v.Players[v.Player].Tableau
	switch m.Kind {
	case KeepInPyramid:
		return rowWorth(v, m.Card, 1) - cardWorth(v, m.Card)
	case KeepInHand, Take, Claim, Play:
		if m.Kind == Play && !m.Card.IsLaw() && !affordable(v, costAt(m.Card, 1)) {
			return cardWorth(v, m.Card) - 1
		}
		return cardWorth(v, m.Card)
	case Bid:
		best := 0.0
		for _, c := range v.Auction[m.Color] {
			if c != 0 {
				best = max(best, cardWorth(v, c))
			}
		}
		return best - gemWorth
	case Attack:
		best := 0.0
		for _, col := range v.Auction {
			for _, c := range col {
				if c != 0 {
					best = max(best, cardWorth(v, c))
				}
			}
		}
		return best - 8
	case Pass:
		if v.Decision == ChooseBid {
			return float64(PassGems(me.Count(Science))) * gemWorth * 0.9
		}
		return 0.5
	case Discard:
		return 2*gemWorth - cardWorth(v, m.Card)*0.5
	case PlaceCard:
		return placeWorth(v, m.At)
	case UseInfinite:
		return 1
	case TakeReward:
		if m.Choice == FifteenPoints {
			return 15
		}
		return 14.5
	case TakeGem:
		return 1 + float64(need(v)[m.Color])
	case Draw:
		if m.Choice == SmallDeck {
			return 1
		}
		return 0.8
	case PaintBest:
		return 100
	case Paint:
		return 1
	case ChooseOption:
		return 4 - float64(m.Choice) // tokens and points first, gems last
	case Tuck, PutBack:
		return 1
	case Done, Keep, StayIn, FinishPainting:
		return 0
	}
	return 0.5
}

// placeWorth estimates standing the card being played at a place: its reward there, less its cost.
func placeWorth(v View, at Place) float64 {
	card := v.Playing
	if card == 0 || card.IsLaw() {
		return float64(at.Level)
	}
	return rowWorth(v, card, int(at.Level)) + float64(at.Level) - 0.6*float64(costAt(card, int(at.Level)).Total())
}

// botLevels are the names NewBot accepts, weakest first.
var botLevels = []string{"random", "basic", "greedy-2026", "greedy", "search-2026", "search"}

// BotLevels returns the names NewBot accepts, weakest first. The list is the caller's own: changing
// it changes nothing of the package.
func BotLevels() []string { return slices.Clone(botLevels) }

// NewBot returns a bundled bot by the name of its level, whose choices follow from seed:
//   - "random" chooses uniformly among the legal moves;
//   - "basic" plays the move with the best rough one-step estimate;
//   - "greedy-2026" is the heuristic of the 2026 release, kept as a fixed yardstick (and the
//     search's playout policy): it adds up estimates of what each reward item is worth, and values
//     a bid by itself, without regard to what the others are likely to bid;
//   - "greedy" plays the move a player who knows the scoring values most, by the score sheet it
//     leads to, and bids against what the others are likely to bid;
//   - "search-2026" is the search of the 2026 release, kept as a fixed yardstick: a flat search
//     that plays every sampled game out to its end (256 playouts a decision, fewer in games of
//     more players), reading the position afresh at every step, and leaves the small steps to
//     "greedy-2026";
//   - "search" samples games from its view and plays them out for four turns, where it
//     predicts the final scores (NewSearchBot at its default budget, DefaultPlayouts, fewer in
//     games of more players), comparing its moves on common samples by sequential halving (see
//     Analyse); it leaves the small steps to "greedy". Its playouts are short, and read each
//     player's tableau once for as long as it stays the same, so that it plays its larger budget
//     in about the time of "search-2026".
//
// NewSearchBot makes the two search levels with a budget of one's own. A bot draws from its seed
// from decision to decision, so it is for one game at a time: to play a game again, make new bots
// of the same levels and seeds. An unknown level returns an error wrapping ErrBadValue that lists
// the known ones.
func NewBot(level string, seed uint64) (Bot, error) {
	switch level {
	case "random":
		return newRandomBot(seed), nil
	case "basic":
		return newBasicBot(seed), nil
	case "greedy-2026":
		return &heuristicBot{rng: botRand(seed, heuristicStream), plainBids: true}, nil
	case "greedy":
		return newHeuristicBot(seed), nil
	case levelSearch2026, levelSearch:
		return NewSearchBot(seed, SearchOptions{Level: level})
	}
	return nil, fmt.Errorf("%w: no bot level %q (known: %s)", ErrBadValue, level, strings.Join(botLevels, ", "))
}

// PlayGame runs a whole game with one bot per human player (bots[p] decides for player p) and
// returns the finished game. Whenever several players owe a decision, they decide in player order.
// A config that cannot be played, or a bot missing or nil, returns an error wrapping ErrBadConfig.
// PlayHistory plays the same game and keeps its record and log.
func PlayGame(cfg Config, bots ...Bot) (Game, error) {
	h, err := PlayHistory(cfg, bots...)
	if h == nil {
		return Game{}, err
	}
	return h.Game(), err
}

// PlayHistory runs a whole game as PlayGame does, and returns its History: the finished game, its
// Record (to save, replay or analyse) and the table's log. On an error from a bot's move it
// returns the history so far.
func PlayHistory(cfg Config, bots ...Bot) (*History, error) {
	h, err := NewHistory(cfg)
	if err != nil {
		return nil, err
	}
	if len(bots) != cfg.Players {
		return nil, fmt.Errorf("%w: %d bots for %d players", ErrBadConfig, len(bots), cfg.Players)
	}
	for p, b := range bots {
		if b == nil {
			return nil, fmt.Errorf("%w: the bot of player %d is nil", ErrBadConfig, p)
		}
	}
	for {
		g := h.Game()
		if g.Over() {
			return h, nil
		}
		p := g.ToMove()[0]
		v := g.View(p)
		if err := h.Play(p, bots[p].Choose(v, v.Legal)); err != nil {
			return h, fmt.Errorf("bot of %v: %w", p, err)
		}
	}
}
