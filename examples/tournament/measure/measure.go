// Package measure holds what examples/tournament and its release yardstick (release/main.go, a
// program built apart) both need to run and measure a match: the seeds of its games and bots, the
// Wilson interval of a win rate, and a decision's processor time.
package measure

import "math"

// Seed derives an independent seed from x (splitmix64's step): a game's from the tournament's
// seed and the game's number, a bot's from the game's and its seat.
func Seed(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Wilson returns the Wilson score interval for a proportion of successes out of n at z standard
// deviations (1.96 for 95%).
func Wilson(successes float64, n int, z float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	nf := float64(n)
	p := successes / nf
	z2 := z * z
	center := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / (1 + z2/nf)
	return max(0, center-half), min(1, center+half)
}

// Side returns which bot (0 for A, 1 for B) sits in seat s of game i of a match of two bots at a
// table of players. With single, A sits alone in one seat, which moves round the table from game
// to game, and B in all the others; otherwise A sits in the even seats in even games and in the
// odd ones in odd games, so that neither keeps the seats that move first in priority.
func Side(i, s, players int, single bool) int {
	if single {
		if s == i%players {
			return 0
		}
		return 1
	}
	return (i + s) % 2
}

// WinShare returns A's share of the win of a game whose winners sat sides[0] in A's seats and
// sides[1] in B's. With single, A's share of the winners (1, or its part of a shared win);
// otherwise 1 for a win of A's seats alone, 0.5 for a win shared by both sides (a draw), and 0
// for B's.
func WinShare(sides [2]int, single bool) float64 {
	switch {
	case single:
		return float64(sides[0]) / float64(max(1, sides[0]+sides[1]))
	case sides[0] > 0 && sides[1] > 0:
		return 0.5
	case sides[0] > 0:
		return 1
	}
	return 0
}
