package viceroy

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// paintCircle returns a circle closed at (level, col) with the given four sectors.
func paintCircle(level, col int, s0, s1, s2, s3 Color) Circle {
	return Circle{Top: Place{Level: int8(level), Col: int8(col)}, Sectors: [4]Color{s0, s1, s2, s3}}
}

// checkPainting checks that p is a painting of circles that g can pay (each entry names one of
// the circles, at most once, in a valid colour that would change it) and returns the score of
// the circles after it, computed afresh: each single-coloured circle scores its level plus the
// bonus of its colour.
func checkPainting(circles []Circle, bonus [NumColors]int, g Gems, p Painting) (int, error) {
	painted := map[Place]Color{}
	var spent [NumColors]int
	for _, pc := range p {
		i := -1
		for j, c := range circles {
			if c.Top == pc.Top {
				i = j
			}
		}
		switch {
		case i < 0:
			return 0, fmt.Errorf("%v closes no circle", pc.Top)
		case !pc.Color.Valid():
			return 0, fmt.Errorf("%v painted in %v", pc.Top, pc.Color)
		}
		if _, twice := painted[pc.Top]; twice {
			return 0, fmt.Errorf("%v listed twice", pc.Top)
		}
		painted[pc.Top] = pc.Color
		n := 0
		for _, s := range circles[i].Sectors {
			if s != pc.Color {
				n++
			}
		}
		if n == 0 {
			return 0, fmt.Errorf("%v is %v already", pc.Top, pc.Color)
		}
		spent[pc.Color] += n
	}
	for k, n := range spent {
		if n > int(g[k]) {
			return 0, fmt.Errorf("spends %d %v gems of %d", n, Color(k), g[k])
		}
	}
	if got := p.cost(circles); got != (Gems{uint8(spent[0]), uint8(spent[1]), uint8(spent[2]), uint8(spent[3])}) {
		return 0, fmt.Errorf("Cost = %v, want %v", got, spent)
	}
	score := 0
	for _, c := range circles {
		if k, ok := painted[c.Top]; ok {
			score += c.level() + bonus[k]
		} else if s := c.Sectors; s[0] == s[1] && s[1] == s[2] && s[2] == s[3] {
			score += c.level() + bonus[s[0]]
		}
	}
	return score, nil
}

func TestPaintCost(t *testing.T) {
	c := paintCircle(3, 0, Red, Red, Blue, Red)
	tests := []struct {
		k    Color
		want Gems
	}{
		{Red, Gems{Red: 1}},
		{Blue, Gems{Blue: 3}},
		{Green, Gems{Green: 4}},
		{Color(7), Gems{}},
	}
	for _, tt := range tests {
		if got := paintCost(c, tt.k); got != tt.want {
			t.Errorf("PaintCost(%v, %v) = %v, want %v", c, tt.k, got, tt.want)
		}
	}
	if got := paintCost(paintCircle(2, 0, Green, Green, Green, Green), Green); got != (Gems{}) {
		t.Errorf("PaintCost of an all-green circle in green = %v, want none", got)
	}
	circles := []Circle{c, paintCircle(2, 1, Green, Yellow, Yellow, Yellow)}
	p := Painting{{Top: circles[1].Top, Color: Yellow}, {Top: c.Top, Color: Red}, {Top: Place{5, 9}, Color: Red}}
	if got, want := p.cost(circles), (Gems{Red: 1, Yellow: 1}); got != want {
		t.Errorf("Cost = %v, want %v", got, want)
	}
}

func TestBestPaintingCases(t *testing.T) {
	tests := []struct {
		name      string
		circles   []Circle
		bonus     [NumColors]int
		gems      Gems
		want      Painting
		wantScore int
	}{{
		name: "no circles",
	}, {
		name:      "green circle kept without gems",
		circles:   []Circle{paintCircle(2, 0, Green, Green, Green, Green)},
		bonus:     [NumColors]int{Green: 4},
		wantScore: 6,
	}, {
		name:      "three red sectors and a red gem",
		circles:   []Circle{paintCircle(3, 0, Red, Red, Blue, Red)},
		gems:      Gems{Red: 1},
		want:      Painting{{Top: Place{3, 0}, Color: Red}},
		wantScore: 3,
	}, {
		name:    "three red sectors and a blue gem",
		circles: []Circle{paintCircle(3, 0, Red, Red, Blue, Red)},
		gems:    Gems{Blue: 1},
	}, {
		name: "one gem for two circles: the higher level",
		circles: []Circle{
			paintCircle(2, 0, Blue, Blue, Blue, Red),
			paintCircle(4, 1, Blue, Green, Blue, Blue),
		},
		gems:      Gems{Blue: 1},
		want:      Painting{{Top: Place{4, 1}, Color: Blue}},
		wantScore: 4,
	}, {
		name:      "two colours for one circle: the larger bonus",
		circles:   []Circle{paintCircle(3, 0, Red, Red, Blue, Blue)},
		bonus:     [NumColors]int{Red: 1, Blue: 4},
		gems:      Gems{Red: 2, Blue: 2},
		want:      Painting{{Top: Place{3, 0}, Color: Blue}},
		wantScore: 7,
	}, {
		name:      "repaint a red circle yellow for a larger bonus",
		circles:   []Circle{paintCircle(3, 0, Red, Red, Red, Red)},
		bonus:     [NumColors]int{Red: 1, Yellow: 5},
		gems:      Gems{Yellow: 4},
		want:      Painting{{Top: Place{3, 0}, Color: Yellow}},
		wantScore: 8,
	}, {
		name:      "repainting needs four gems",
		circles:   []Circle{paintCircle(3, 0, Red, Red, Red, Red)},
		bonus:     [NumColors]int{Red: 1, Yellow: 5},
		gems:      Gems{Yellow: 3},
		wantScore: 4,
	}, {
		name:      "no repainting for an equal bonus",
		circles:   []Circle{paintCircle(3, 0, Red, Red, Red, Red)},
		bonus:     [NumColors]int{Red: 2, Blue: 2},
		gems:      Gems{Blue: 4},
		wantScore: 5,
	}, {
		name:      "equal scores: the colour needing fewer gems",
		circles:   []Circle{paintCircle(2, 0, Green, Yellow, Green, Green)},
		gems:      Gems{Green: 1, Yellow: 3},
		want:      Painting{{Top: Place{2, 0}, Color: Green}},
		wantScore: 2,
	}, {
		name: "equal scores: the circle needing fewer gems",
		circles: []Circle{
			paintCircle(3, 0, Red, Red, Blue, Blue),
			paintCircle(3, 1, Red, Red, Red, Blue),
		},
		gems:      Gems{Red: 2},
		want:      Painting{{Top: Place{3, 1}, Color: Red}},
		wantScore: 3,
	}, {
		name:      "two circles, two colours",
		circles:   []Circle{paintCircle(5, 0, Red, Red, Green, Green), paintCircle(2, 1, Red, Red, Red, Yellow)},
		gems:      Gems{Red: 2, Green: 2},
		want:      Painting{{Top: Place{5, 0}, Color: Green}, {Top: Place{2, 1}, Color: Red}},
		wantScore: 7,
	}, {
		name:      "sharing the colours out beats the best colour of one circle",
		circles:   []Circle{paintCircle(5, 0, Red, Red, Blue, Blue), paintCircle(2, 1, Blue, Blue, Blue, Green)},
		bonus:     [NumColors]int{Blue: 3},
		gems:      Gems{Red: 2, Blue: 2},
		want:      Painting{{Top: Place{5, 0}, Color: Red}, {Top: Place{2, 1}, Color: Blue}},
		wantScore: 5 + 5,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, score := bestPainting(tt.circles, tt.bonus, tt.gems)
			if diff := cmp.Diff(tt.want, got); diff != "" || score != tt.wantScore {
				t.Errorf("BestPainting = %v, %d, want %v, %d (-want +got):\n%s", got, score, tt.want, tt.wantScore, diff)
			}
			if check, err := checkPainting(tt.circles, tt.bonus, tt.gems, got); err != nil || check != score {
				t.Errorf("painting scores %d, %v; BestPainting says %d", check, err, score)
			}
		})
	}
}

// drawPaintInput draws minCircles to maxCircles circles with levels 2-5, bonuses up to maxBonus
// and gems up to maxGems of each colour. Sectors often repeat the one before, so that
// single-coloured and nearly single-coloured circles are common.
func drawPaintInput(t *rapid.T, minCircles, maxCircles, maxBonus, maxGems int) ([]Circle, [NumColors]int, Gems) {
	n := rapid.IntRange(minCircles, maxCircles).Draw(t, "circles")
	circles := make([]Circle, n)
	for i := range circles {
		var s [4]Color
		for j := range s {
			if j > 0 && rapid.Bool().Draw(t, "same") {
				s[j] = s[j-1]
			} else {
				s[j] = Color(rapid.IntRange(0, NumColors-1).Draw(t, "sector"))
			}
		}
		level := rapid.IntRange(2, MaxLevel).Draw(t, "level")
		circles[i] = Circle{Top: Place{Level: int8(level), Col: int8(i)}, Sectors: s}
	}
	var bonus [NumColors]int
	var g Gems
	for k := range bonus {
		bonus[k] = rapid.IntRange(0, maxBonus).Draw(t, "bonus")
		g[k] = uint8(rapid.IntRange(0, maxGems).Draw(t, "gems"))
	}
	return circles, bonus, g
}

// bruteForcePainting tries every way to paint the circles (leave each one, or paint it whole in
// one of the colours) and returns the best score and the fewest gems spent for it.
func bruteForcePainting(circles []Circle, bonus [NumColors]int, g Gems) (score, gems int) {
	score, gems = -1, 0
	choice := make([]int, len(circles)) // 0: left as it is; k+1: painted colour k
	for {
		var p Painting
		for i, c := range choice {
			if c > 0 && paintCost(circles[i], Color(c-1)).Total() > 0 {
				p = append(p, PaintedCircle{Top: circles[i].Top, Color: Color(c - 1)})
			}
		}
		if s, err := checkPainting(circles, bonus, g, p); err == nil {
			spent := p.cost(circles).Total()
			if s > score || s == score && spent < gems {
				score, gems = s, spent
			}
		}
		i := 0
		for i < len(choice) && choice[i] == NumColors {
			choice[i] = 0
			i++
		}
		if i == len(choice) {
			return score, gems
		}
		choice[i]++
	}
}

// checkBestPainting runs BestPainting and checks its painting: valid, within the gems, and
// scoring what BestPainting says. It returns the painting and its score.
func checkBestPainting(t *rapid.T, circles []Circle, bonus [NumColors]int, g Gems) (Painting, int) {
	p, score := bestPainting(circles, bonus, g)
	check, err := checkPainting(circles, bonus, g, p)
	if err != nil {
		t.Fatalf("BestPainting = %v: %v", p, err)
	}
	if check != score {
		t.Fatalf("BestPainting = %v, %d, but the painting scores %d", p, score, check)
	}
	return p, score
}

func TestBestPaintingMatchesBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		circles, bonus, g := drawPaintInput(t, 0, 7, 8, 5)
		p, score := checkBestPainting(t, circles, bonus, g)
		wantScore, wantGems := bruteForcePainting(circles, bonus, g)
		if score != wantScore {
			t.Fatalf("BestPainting = %v, scoring %d; the best scores %d", p, score, wantScore)
		}
		if gems := p.cost(circles).Total(); gems != wantGems {
			t.Fatalf("BestPainting = %v, spending %d gems; the best score needs only %d", p, gems, wantGems)
		}
	})
}

// plainDPPainting is the plain dynamic programme over the gems left of each colour: it returns
// the best score and the fewest gems spent for it.
func plainDPPainting(circles []Circle, bonus [NumColors]int, g Gems) (score, gems int) {
	const unit = 4*255 + 1 // a point of score outweighs any number of gems
	var size, stride [NumColors]int
	cells := 1
	for k := range size {
		size[k], stride[k] = int(g[k])+1, cells
		cells *= int(g[k]) + 1
	}
	best := make([]int, cells) // best[gems spent]: best score*unit - gems spent, or -1
	for i := range best {
		best[i] = -1
	}
	base := 0
	best[0] = 0
	for _, c := range circles {
		kept := 0
		if s := c.Sectors; s[0] == s[1] && s[1] == s[2] && s[2] == s[3] {
			kept = c.level() + bonus[s[0]]
		}
		base += kept
		next := append([]int(nil), best...)
		for k := range Color(NumColors) {
			cost := paintCost(c, k).Total()
			gain := c.level() + bonus[k] - kept
			if cost == 0 || gain <= 0 {
				continue
			}
			for cell, v := range best {
				if v >= 0 && cell/stride[k]%size[k]+cost < size[k] {
					to := cell + cost*stride[k]
					next[to] = max(next[to], v+gain*unit-cost)
				}
			}
		}
		best = next
	}
	top := slices.Max(best)
	gained := (top + unit - 1) / unit
	return base + gained, gained*unit - top
}

func TestBestPaintingMatchesPlainDP(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		circles, bonus, g := drawPaintInput(t, 8, 36, 20, 16)
		p, score := checkBestPainting(t, circles, bonus, g)
		wantScore, wantGems := plainDPPainting(circles, bonus, g)
		if score != wantScore || p.cost(circles).Total() != wantGems {
			t.Fatalf("BestPainting = %v, scoring %d for %d gems; the best scores %d for %d gems",
				p, score, p.cost(circles).Total(), wantScore, wantGems)
		}
	})
}

func TestBestPaintingBeatsRandomPaintings(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		circles, bonus, g := drawPaintInput(t, 18, 36, 20, 16)
		p, score := checkBestPainting(t, circles, bonus, g)
		if again, againScore := bestPainting(circles, bonus, g); !cmp.Equal(p, again) || againScore != score {
			t.Fatalf("BestPainting = %v, %d, then %v, %d", p, score, again, againScore)
		}
		// A random painting that the gems can pay, circle by circle.
		var random Painting
		left := g
		for i, c := range circles {
			k := rapid.IntRange(-1, NumColors-1).Draw(t, fmt.Sprint("colour of ", i))
			if k < 0 {
				continue
			}
			cost := paintCost(c, Color(k))
			if cost.Total() > 0 && left.Covers(cost) {
				left = left.Minus(cost)
				random = append(random, PaintedCircle{Top: c.Top, Color: Color(k)})
			}
		}
		randomScore, err := checkPainting(circles, bonus, g, random)
		if err != nil {
			t.Fatalf("random painting %v: %v", random, err)
		}
		if randomScore > score {
			t.Fatalf("BestPainting = %v, scoring %d; %v scores %d", p, score, random, randomScore)
		}
	})
}

// TestBestPaintingWorstInput checks BestPainting against the plain dynamic programme on the
// hardest input of painting_bench_test.go.
func TestBestPaintingWorstInput(t *testing.T) {
	in := paintWorstInput()
	p, score := bestPainting(in.circles, in.bonus, in.gems)
	if check, err := checkPainting(in.circles, in.bonus, in.gems, p); err != nil || check != score {
		t.Fatalf("BestPainting = %v, %d; the painting scores %d, %v", p, score, check, err)
	}
	wantScore, wantGems := plainDPPainting(in.circles, in.bonus, in.gems)
	if gems := p.cost(in.circles).Total(); score != wantScore || gems != wantGems {
		t.Errorf("BestPainting scores %d for %d gems; the best scores %d for %d gems", score, gems, wantScore, wantGems)
	}
}

// TestEnumerationMatchesSearch holds BestPainting's two ways to the same optimum: on small
// problems, trying every painting and the bounded search must find paintings of the same worth
// (the same score, spending as many gems; which colours they are may differ).
func TestEnumerationMatchesSearch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		circles, bonus, g := drawPaintInput(t, 1, 7, 8, 5)
		pr, base := newPaintProblem(circles, bonus, g)
		if len(pr.items) == 0 || pr.paintings() > enumerateLimit {
			t.Skip("not a problem BestPainting enumerates")
		}
		tried, triedScore := pr.enumerate(circles, base)
		searched, searchedScore := pr.solve(circles, base)
		if triedScore != searchedScore || tried.cost(circles).Total() != searched.cost(circles).Total() {
			t.Fatalf("enumeration: %v, scoring %d for %v; search: %v, scoring %d for %v",
				tried, triedScore, tried.cost(circles), searched, searchedScore, searched.cost(circles))
		}
	})
}

// TestPaintBestMoveIsBestPainting holds the PaintBest move, solved in place without allocating, to
// Tableau.BestPainting: on the painting phase of random games of 2 to 4 players, the move leaves
// every player's screen and pyramid as painting BestPainting's answer does.
func TestPaintBestMoveIsBestPainting(t *testing.T) {
	seen := 0
	for seed := range uint64(60) {
		g, err := NewGame(Config{Players: 2 + int(seed%3), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := seed
		for !g.Over() && g.Phase() != PhasePainting {
			p := g.ToMove()[0]
			moves := g.Legal(p)
			r = r*6364136223846793005 + 1442695040888963407
			if err := g.Play(p, moves[(r>>33)%uint64(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range g.ToMove() {
			if !slices.Contains(g.Legal(p), Move{Kind: PaintBest}) {
				continue
			}
			seen++
			got, err := g.Apply(p, Move{Kind: PaintBest})
			if err != nil {
				t.Fatal(err)
			}
			tab, screen, err := g.Tableau(p).Paint(g.Tableau(p).BestPainting(g.Screen(p)), g.Screen(p))
			if err != nil {
				t.Fatal(err)
			}
			if got.Tableau(p) != tab || got.Screen(p) != screen || slices.Contains(got.ToMove(), p) {
				t.Errorf("seed %d, %v: PaintBest gives %v with %v, BestPainting %v with %v", seed, p,
					got.Tableau(p), got.Screen(p), tab, screen)
			}
			for q := range Player(g.numPlayers()) {
				if q != p && (got.Tableau(q) != g.Tableau(q) || got.Screen(q) != g.Screen(q)) {
					t.Errorf("seed %d, %v's PaintBest changed %v's pyramid or screen", seed, p, q)
				}
			}
		}
	}
	if seen < 20 {
		t.Errorf("only %d players could paint", seen)
	}
}

// TestPaintBonusAsTheTableau holds Game.paintBonus, which reads the tokens only of a pyramid that
// holds a circle bonus, to Tableau.paintBonus, at every decision of random games, for every player;
// both a bonus and none must be seen.
func TestPaintBonusAsTheTableau(t *testing.T) {
	var some, none int
	atEveryDecision(t, func(g *Game, cfg Config, _ Player, _ []Move) {
		for q := range Player(g.players) {
			got, want := g.paintBonus(q), g.Tableau(q).paintBonus()
			if got != want {
				t.Fatalf("%+v: paintBonus(%v) = %v, want %v", cfg, q, got, want)
			}
			if want == [NumColors]int{} {
				none++
			} else {
				some++
			}
		}
	})
	if some == 0 || none == 0 {
		t.Fatalf("bonuses seen: %d, none: %d; want both", some, none)
	}
}

// TestSectorsNotCountsOneByOne holds sectorsNot, which counts the sectors of a circle that are not
// a colour as the bytes of one word, to counting them one by one, for every circle of four sectors
// drawn from the colours and from values no card has (the top bit set, the largest), and every colour.
func TestSectorsNotCountsOneByOne(t *testing.T) {
	values := []Color{Blue, Red, Green, Yellow, NumColors, 0x7f, 0x80, 0x81, 0xff}
	for _, a := range values {
		for _, b := range values {
			for _, c := range values {
				for _, d := range values {
					s := [4]Color{a, b, c, d}
					for _, k := range values {
						var want uint8
						for _, x := range s {
							if x != k {
								want++
							}
						}
						if got := sectorsNot(s, k); got != want {
							t.Fatalf("sectorsNot(%v, %v) = %d, want %d", s, k, got, want)
						}
					}
				}
			}
		}
	}
}

// TestAppendPaintMovesAsTheGeneralWay holds the painting choices, which appendPaintMoves lists
// (only the finish for an empty screen, a circle's cost counted with sectorsNot), to the general
// way: a Paint move for each unpainted circle and colour whose PaintCost is not zero and is on the
// screen, then PaintBest when there is one, then FinishPainting. It checks every painting decision
// of random games of every mix, with the screens the games leave, and each painting move.
func TestAppendPaintMovesAsTheGeneralWay(t *testing.T) {
	var checked, empty, short int
	games := append([]playsOf{{seedsOf(Config{Players: 2}, 0, sized(40, 200)), nil}}, devGames...)
	atEveryDecisionOf(t, games, func(g *Game, cfg Config, p Player, legal []Move) {
		if g.Decision(p) != ChoosePainting {
			return
		}
		s, tab := g.Screen(p), g.Tableau(p)
		var want []Move
		for _, c := range tab.Circles() {
			if tab.isPainted(c.Top) {
				continue
			}
			for _, col := range Colors {
				need := paintCost(c, col)[col]
				if need > 0 && s[col] >= need {
					want = append(want, Move{Kind: Paint, At: c.Top, Color: col})
				} else if need > s[col] {
					short++
				}
			}
		}
		if len(want) > 0 {
			want = append(want, Move{Kind: PaintBest})
		}
		want = append(want, Move{Kind: FinishPainting})
		if !slices.Equal(legal, want) {
			t.Fatalf("%+v: player %v, screen %v: legal %v, want %v", cfg, p, s, legal, want)
		}
		for _, m := range legal {
			if m.Kind != Paint {
				continue
			}
			next := mustApply(t, *g, p, m)
			cost := paintCost(Circle{Sectors: circleAt(tab, m.At).Sectors}, m.Color)
			if next.Screen(p) != s.Minus(cost) || !next.Tableau(p).isPainted(m.At) {
				t.Fatalf("%+v: %v %v: screen %v -> %v, want %v less", cfg, p, m, s, next.Screen(p), cost)
			}
		}
		empty += b2i(s == Gems{})
		checked++
	})
	if checked == 0 || empty == 0 || short == 0 {
		t.Fatalf("painting decisions checked %d, with an empty screen %d, circles too dear %d", checked, empty, short)
	}
}

// circleAt returns the circle of tab closed by the card at top.
func circleAt(tab Tableau, top Place) Circle {
	for _, c := range tab.Circles() {
		if c.Top == top {
			return c
		}
	}
	return Circle{}
}

// TestPaintableAsPaintCost holds paintable, which answers for the four colours at once, to
// PaintCost colour by colour (a painting that changes the circle, which the screen covers), for every circle of four sectors drawn from the colours and
// values no card has, and screens of none to all the gems of a colour.
func TestPaintableAsPaintCost(t *testing.T) {
	values := []Color{Blue, Red, Green, Yellow, NumColors, 0xff}
	amounts := []uint8{0, 1, 2, 3, 4, GemsPerColor}
	for _, a := range values {
		for _, b := range values {
			for _, c := range values {
				for _, d := range values {
					circle := Circle{Sectors: [4]Color{a, b, c, d}}
					for _, x := range amounts {
						for _, y := range amounts {
							screen := Gems{x, y, GemsPerColor - x, 4 - y%5}
							got := paintable(circle, gemWord(screen))
							for _, col := range Colors {
								cost := paintCost(circle, col)
								want := cost.Total() > 0 && screen.Covers(cost)
								if has := got>>(8*col+7)&1 == 1; has != want {
									t.Fatalf("sectors %v, screen %v, colour %v: paintable says %v, PaintCost %v",
										circle.Sectors, screen, col, has, want)
								}
							}
						}
					}
				}
			}
		}
	}
}
