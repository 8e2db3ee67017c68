package viceroy

import "math"

// A playout of "search" is stopped a few turns after the decision searched (searchHorizon) and
// valued there by a prediction of every player's final score: a linear function, one for each turn
// and number of players, of a handful of numbers of the player's position (position). The
// functions are least-squares fits over games of "greedy" bots, written to value_fits.go by "go
// test -run TestValueFits -update" (value_fits_test.go). The playouts themselves play the cheaper
// "greedy-2026" up to the horizon, but what the prediction stands for is the game after it, which
// the search's opponents play out far better than greedy-2026 does: fitted over games of
// greedy-2026 instead, one search alone against three of cac109f's searches won 33.5% [29.0%,
// 38.2%] of 400 four-player games (seeds 61-67 of docs/bots.md), and over games of greedy 47.6%
// [42.8%, 52.5%] of the same games, in 14% less processor time than the release's. In two-player
// games against cac109f's search (400, seeds 57 and 59) it won 65.5% with the fits over
// greedy-2026 and 66.8% with those over greedy.

// searchHorizon is how many turns after the decision searched "search" stops its playouts, at the
// first decision of that turn (or at the end, if the game ends first). Against the search of
// cac109f at equal processor time (docs/bots.md), playouts stopped 4 turns on won 60.4% of 400
// two-player games, where whole ones won 51.0% and ones stopped 2 turns on 51.4%; and one such
// search alone against three won 31.0% of 400 four-player games, where whole playouts won 29.0%
// (all valued by the score sheet's total, fitted over games of greedy-2026; by its items, below,
// 65.5% of 400 two-player games and 33.5% of 400 four-player ones). Stopped 5 turns on in
// four-player games, they won the same 33.5% of those 400 games in about 12% more processor time,
// so every table size stops at 4.
const searchHorizon = 4

// Features of a player's position that the value reads, in the order of valueFit.weights: the
// items of the score sheet if the game ended now, and what the sheet cannot show yet. The items
// weighed apart predict better than their total: with two players they explain 41% of the final
// score's variance at turn 4 and 63% at turn 8 where the total with the same other numbers
// explained 35% and 58%, and the search that read them won 65.5% of 400 two-player games against
// cac109f's (seeds 57 and 59) where the one that read the total won 57.6%, at the same time.
const (
	featureOne           = iota // the constant 1
	featureCircles              // the sheet's circles and infinite gems
	featureLaws                 // the sheet's laws
	featurePower                // the sheet's power points
	featureMagic                // the sheet's magic
	featureSets                 // the sheet's sets
	featureAttacks              // the sheet's attacks (0 or less)
	featureScreen               // gems behind the screen
	featureCharacters           // characters in hand
	featureLawsInHand           // laws in hand
	featureScienceTokens        // science tokens
	featureMagicTokens          // magic tokens
	featureDefenseTokens        // defense tokens
	featureStanding             // cards standing in the pyramid
	numFeatures
)

// position is the numbers of a player's position the value reads, indexed by the feature
// constants.
type position [numFeatures]float64

// positionOf returns player p's position in g, whose tableau is tab and score sheet now sheet (from
// scoredTableaux, which a caller valuing every player reads once).
func positionOf(g *Game, p Player, tab *Tableau, sheet *ScoreSheet) position {
	var buf [NumCards]CardID
	characters, laws := 0, 0
	for _, id := range g.appendHand(buf[:0], p) {
		if id.IsCharacter() {
			characters++
		} else {
			laws++
		}
	}
	return position{
		featureOne:           1,
		featureCircles:       float64(sheet.Circles + sheet.InfiniteGems),
		featureLaws:          float64(sheet.Laws),
		featurePower:         float64(sheet.PowerPoints),
		featureMagic:         float64(sheet.Magic),
		featureSets:          float64(sheet.Sets),
		featureAttacks:       float64(sheet.Attacks),
		featureScreen:        float64(g.Screen(p).Total()),
		featureCharacters:    float64(characters),
		featureLawsInHand:    float64(laws),
		featureScienceTokens: float64(tab.Count(Science)),
		featureMagicTokens:   float64(tab.Count(Magic)),
		featureDefenseTokens: float64(tab.Count(Defense)),
		featureStanding:      float64(tab.Pyramid.size()),
	}
}

// valueFit predicts a player's final score at the first decision of one turn of games of one
// number of players: the weights of the position's numbers, and the spread (root mean square)
// of the final scores about the prediction in the games fitted.
type valueFit struct {
	spread  float64
	weights position
}

// predict returns the final score the fit predicts for a player in the given position.
func (f *valueFit) predict(x position) float64 {
	v := 0.0
	for i, w := range f.weights {
		v += w * x[i]
	}
	return v
}

// fitOf returns the fit for a game of n players at turn t, each clamped into its range. The
// games fitted are of the second edition, solo against one virtual opponent and without virtual
// opponents otherwise; a game of other rules reads the same fits.
func fitOf(n, t int) *valueFit {
	return &valueFits[min(max(n, 1), MaxPlayers)][min(max(t, 1), Turns)]
}

// scoreAhead turns a playout stopped before the end into the playout's outcome, as score does a
// finished one: every player's final score is predicted from where they stand. A player's
// predicted margin over the best of the others m becomes a chance of winning through the fit's
// spread s, ½(1 + erf(m / 2s)): the chance that the margin ends above 0 when the two players'
// errors are independent and of spread s each (their difference then spreads s√2).
func (po *playouter) scoreAhead(g *Game, move int) outcome {
	tabs, sheets := g.scoredTableaux()
	fit := fitOf(len(sheets), g.Turn())
	var predicted [MaxPlayers]float64
	for q := range sheets {
		predicted[q] = fit.predict(positionOf(g, Player(q), &tabs[q], &sheets[q]))
	}
	return po.outcome(move, &predicted, len(sheets), func(_ Player, margin float64) float64 {
		return 0.5 * (1 + math.Erf(margin/(2*fit.spread)))
	})
}
