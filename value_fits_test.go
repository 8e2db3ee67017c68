package viceroy

import (
	"bytes"
	"fmt"
	"go/format"
	"math"
	"os"
	"runtime"
	"sync"
	"testing"
)

// The value's fits (value.go) are least squares over games of fitLevel bots at every seat:
// fitGames games of each number of players from fitSeed on. TestValueFits writes value_fits.go
// from them with -update, and otherwise checks the file's fits on other games.
const (
	// fitLevel is the level of the bots whose games are fitted: "greedy", which plays on after the
	// playout's horizon more as the search's opponents do than the playouts' own policy
	// ("greedy-2026") would (value.go).
	fitLevel = "greedy"
	fitGames = 3000
	fitSeed  = 1000
	// heldOutGames of each number of players, from heldOutSeed on, check the fits.
	heldOutGames = 200
	heldOutSeed  = 900_000
)

// fitRow is one player's position at the first decision of a turn, and the player's final score.
type fitRow struct {
	turn  int
	x     position
	final float64
}

// greedyRows plays games of fitLevel bots of the given number of players from seed on and
// returns, by turn, every player's position at the first decision of each turn, with the final
// score. The games are played side by side; the rows come in the order of the games.
func greedyRows(t *testing.T, players, games int, seed uint64) [Turns + 1][]fitRow {
	perGame := make([][]fitRow, games)
	errs := make([]error, games)
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < games; i += workers {
				perGame[i], errs[i] = greedyGame(players, uint64(i), seed+uint64(i))
			}
		}()
	}
	wg.Wait()
	var byTurn [Turns + 1][]fitRow
	for i, rows := range perGame {
		if errs[i] != nil {
			t.Fatalf("game %d of %d players: %v", i, players, errs[i])
		}
		for _, r := range rows {
			byTurn[r.turn] = append(byTurn[r.turn], r)
		}
	}
	return byTurn
}

// greedyGame plays game number i, of the given seed, with a fitLevel bot at every seat, and
// returns every player's position at the first decision of each turn, with the final score.
func greedyGame(players int, i, seed uint64) ([]fitRow, error) {
	cfg := Config{Players: players, Seed: seed}
	if players == 1 {
		cfg.Virtual = 1
	}
	g, err := NewGame(cfg)
	if err != nil {
		return nil, err
	}
	bots := make([]Bot, players)
	for p := range bots {
		if bots[p], err = NewBot(fitLevel, i*10+uint64(p)); err != nil {
			return nil, err
		}
	}
	type seen struct {
		turn int
		x    position
	}
	var positions []seen // every player's, turn by turn
	for turn := 0; !g.Over(); {
		if g.Turn() != turn && g.Phase() == PhaseAuction {
			turn = g.Turn()
			tabs, sheets := g.scoredTableaux()
			for p := range players {
				positions = append(positions, seen{turn, positionOf(&g, Player(p), &tabs[p], &sheets[p])})
			}
		}
		p := g.ToMove()[0]
		v := g.View(p)
		if err := g.Play(p, bots[p].Choose(v, v.Legal)); err != nil {
			return nil, err
		}
	}
	sheets := g.Scores()
	rows := make([]fitRow, 0, len(positions))
	for j, s := range positions {
		rows = append(rows, fitRow{turn: s.turn, x: s.x, final: float64(sheets[j%players].Total)})
	}
	return rows, nil
}

// fitLeastSquares returns the weights of the features that minimise the squared error of
// predicting the final score over the rows, the weights of the other features 0. A feature
// constant over the rows gets the weight that the others leave it.
func fitLeastSquares(rows []fitRow, features []int) position {
	// The normal equations a w = b, with a tiny ridge so that a feature that is always 0 (laws in
	// hand at turn 1) leaves the matrix invertible, solved by Gauss-Jordan elimination.
	n := len(features)
	a := make([][]float64, n)
	b := make([]float64, n)
	for i := range a {
		a[i] = make([]float64, n)
		a[i][i] = 1e-6
	}
	for _, r := range rows {
		for i, fi := range features {
			for j, fj := range features {
				a[i][j] += r.x[fi] * r.x[fj]
			}
			b[i] += r.x[fi] * r.final
		}
	}
	for c := range n {
		pivot := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[pivot][c]) {
				pivot = r
			}
		}
		a[c], a[pivot] = a[pivot], a[c]
		b[c], b[pivot] = b[pivot], b[c]
		for r := range n {
			if r == c || a[c][c] == 0 {
				continue
			}
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	var w position
	for i, fi := range features {
		if a[i][i] != 0 {
			w[fi] = b[i] / a[i][i]
		}
	}
	return w
}

// fitQuality returns the share of the final scores' variance that the weights explain over the
// rows (R²), and the root mean square of the error.
func fitQuality(rows []fitRow, w position) (r2, spread float64) {
	mean := 0.0
	for _, r := range rows {
		mean += r.final
	}
	mean /= float64(len(rows))
	var sse, sst float64
	fit := valueFit{weights: w}
	for _, r := range rows {
		e := r.final - fit.predict(r.x)
		sse += e * e
		sst += (r.final - mean) * (r.final - mean)
	}
	return 1 - sse/sst, math.Sqrt(sse / float64(len(rows)))
}

var (
	allFeatures = []int{featureOne, featureCircles, featureLaws, featurePower, featureMagic, featureSets,
		featureAttacks, featureScreen, featureCharacters, featureLawsInHand, featureScienceTokens,
		featureMagicTokens, featureDefenseTokens, featureStanding}
	// sheetFeatures add up to the score sheet's total.
	sheetFeatures = []int{featureCircles, featureLaws, featurePower, featureMagic, featureSets, featureAttacks}
)

// sheetAloneR2 returns the share of the final scores' variance over the rows that the total of
// the score sheet now explains, fitted by least squares on those rows.
func sheetAloneR2(rows []fitRow) float64 {
	// The R² of a least-squares line is the square of the correlation.
	var n, sx, sy, sxx, syy, sxy float64
	for _, r := range rows {
		total := 0.0
		for _, f := range sheetFeatures {
			total += r.x[f]
		}
		n, sx, sy = n+1, sx+total, sy+r.final
		sxx, syy, sxy = sxx+total*total, syy+r.final*r.final, sxy+total*r.final
	}
	cov, vx, vy := sxy-sx*sy/n, sxx-sx*sx/n, syy-sy*sy/n
	if vx == 0 || vy == 0 {
		return 0
	}
	return cov * cov / (vx * vy)
}

// TestValueFits checks the value's fits on games they were not fitted on: for every number of
// players, at turns 4 and 8 (where "search" reads playouts that began at turns 0 and 4), the
// file's fit must explain more of the final score than the score sheet alone does, even fitted on
// those very games, and its error there must be near the spread it was fitted with. With -update
// it first fits the games of fitGames and writes value_fits.go.
func TestValueFits(t *testing.T) {
	fits := &valueFits
	if *update {
		fits = writeValueFits(t)
	}
	for players := 1; players <= MaxPlayers; players++ {
		byTurn := greedyRows(t, players, heldOutGames, heldOutSeed)
		for _, turn := range []int{4, 8} {
			rows, fit := byTurn[turn], fits[players][turn]
			r2, spread := fitQuality(rows, fit.weights)
			sheetR2 := sheetAloneR2(rows)
			t.Logf("%d players, turn %d: R² %.2f (the sheet alone %.2f), error %.1f (fitted %.1f)", players, turn, r2, sheetR2, spread, fit.spread)
			if r2 <= sheetR2 {
				t.Errorf("%d players, turn %d: the fit explains %.2f of the final score on other games, the score sheet alone %.2f", players, turn, r2, sheetR2)
			}
			if spread > 1.15*fit.spread {
				t.Errorf("%d players, turn %d: the fit's error on other games is %.1f, fitted %.1f", players, turn, spread, fit.spread)
			}
		}
	}
}

// writeValueFits fits the games of fitGames for every number of players and turn, and writes the
// fits to value_fits.go; it returns the fits written.
func writeValueFits(t *testing.T) *[MaxPlayers + 1][Turns + 1]valueFit {
	fits := new([MaxPlayers + 1][Turns + 1]valueFit)
	var src bytes.Buffer
	src.WriteString(`// Code generated by "go test -run TestValueFits -update" (value_fits_test.go); DO NOT EDIT.

package viceroy

`)
	fmt.Fprintf(&src, `// valueFits holds the value's fits by number of players and turn: least squares over %d games of
// %q bots at every seat for each number of players, seeds %d on. The comment of each
// gives the share of the final score's variance it explains (R²), and the share the score sheet
// alone explains, in the games fitted.
var valueFits = [MaxPlayers + 1][Turns + 1]valueFit{
`, fitGames, fitLevel, fitSeed)
	for players := 1; players <= MaxPlayers; players++ {
		byTurn := greedyRows(t, players, fitGames, fitSeed)
		fmt.Fprintf(&src, "%d: {\n", players)
		for turn := 1; turn <= Turns; turn++ {
			rows := byTurn[turn]
			if len(rows) == 0 {
				t.Fatalf("%d players: no game reached turn %d", players, turn)
			}
			w := fitLeastSquares(rows, allFeatures)
			r2, spread := fitQuality(rows, w)
			sheetR2 := sheetAloneR2(rows)
			fits[players][turn] = valueFit{spread: spread, weights: w}
			fmt.Fprintf(&src, "%d: {spread: %.3f, weights: position{", turn, spread)
			for i, x := range w {
				if i > 0 {
					src.WriteString(", ")
				}
				fmt.Fprintf(&src, "%.4f", x)
			}
			fmt.Fprintf(&src, "}}, // R² %.2f (the sheet alone %.2f), %d rows\n", r2, sheetR2, len(rows))
		}
		src.WriteString("},\n")
	}
	src.WriteString("}\n")
	out, err := format.Source(src.Bytes())
	if err != nil {
		t.Fatalf("value_fits.go: %v\n%s", err, src.Bytes())
	}
	if err := os.WriteFile("value_fits.go", out, 0o644); err != nil {
		t.Fatal(err)
	}
	return fits
}
