package viceroy

import "math"

// searchHorizon is how far a search of StyleHorizon plays a sampled game out: to the first
// decision of the turn searchHorizon turns after the decision's own, or to the end of the game if
// that comes first.
const searchHorizon = 2

// scoreHorizon turns a playout stopped at the horizon into the searching player's outcome: every
// player's position is valued as its score sheet now plus what its gems and hand are worth to the
// heuristic (positionWorth), and the margin over the best of the others becomes a chance of
// winning that is surer the fewer turns are left.
func (po *playouter) scoreHorizon(g *Game, move int) outcome {
	n := g.NumPlayers()
	sheets := g.Scores()
	var worth [MaxPlayers]float64
	for q := range n {
		worth[q] = float64(sheets[q].Total) + po.positionWorth(g, Player(q))
	}
	o := outcome{move: move}
	if n == 1 {
		o.m = worth[0]
		o.reward = soloReward(o.m)
		return o
	}
	o.m = worth[po.me] - bestOther(&worth, n, po.me)
	o.win = winChance(o.m, Turns-g.Turn()+1)
	o.reward = playoutReward(o.win, o.m)
	return o
}

// positionWorth is what player p holds beyond the score sheet, as the heuristic values it: the gems
// behind the screen and the cards in hand.
func (po *playouter) positionWorth(g *Game, p Player) float64 {
	s := &po.s
	s.fromGame(g, p, 0)
	s.hand = g.AppendHand(s.hand[:0], p)
	w := float64(s.screen.Total()) * s.gemWorth()
	for _, c := range s.hand {
		w += s.holdWorth(c)
	}
	return w
}

// winChance turns a lead in points, with turns still to play, into a chance of winning: even at
// no lead, and a lead of about 4 points a turn left is worth three chances in four.
func winChance(lead float64, turns int) float64 {
	return 0.5 + 0.5*math.Tanh(lead/(3+4*float64(max(turns, 0))))
}
