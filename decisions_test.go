package viceroy

import (
	"math/bits"
	"os/exec"
	"slices"
	"testing"
)

// TestDecisionsGenerated checks that decisions_gen.go is what internal/gendecisions writes from
// the table of decisions now: a change of the table without go generate fails here.
func TestDecisionsGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	out, err := exec.Command("go", "run", "./internal/gendecisions", "-check").CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
}

// TestEveryDecisionListsAndActs checks that every kind of decision but decNone names how its moves
// are listed and carried out, and that every owed decision is named.
func TestEveryDecisionListsAndActs(t *testing.T) {
	for d, e := range decisions {
		if e.list == nil {
			t.Errorf("decision %d lists no moves", d)
		}
		if decision(d) != decNone && (e.do == nil || e.name == NoDecision || e.owedBy == owedByNobody) {
			t.Errorf("decision %d: do %v, name %v, owed by %d", d, e.do != nil, e.name, e.owedBy)
		}
	}
}

// TestIdleIsNobodyOwing holds idle, settle's quick test, to the table: nobody owes a decision
// exactly when the decision owed has no owers, after every move, step and forced move of random
// games, taken one at a time as settle takes them.
func TestIdleIsNobodyOwing(t *testing.T) {
	steps := 0
	for seed := range uint64(40) {
		g, err := NewGame(Config{Players: 2 + int(seed%3), Edition: Edition(seed % 2), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for rng := seed; !g.Over(); {
			p := g.ToMove()[0]
			legal := g.Legal(p)
			rng = rng*6364136223846793005 + 1442695040888963407
			m := legal[rng>>33%uint64(len(legal))]
			next := g
			next.do(p, &m)
			for !next.Over() {
				if next.idle() != (next.owing() == 0) {
					t.Fatalf("seed %d: idle %v, owing %04b (decision %d)", seed, next.idle(), next.owing(), next.decisionOwed())
				}
				if next.idle() {
					next.step()
					steps++
					continue
				}
				d := next.decisionOwed()
				if decisions[d].hidden {
					break
				}
				q := Player(bits.TrailingZeros8(next.owers(d)))
				forced, ok := next.forcedMove(d, q)
				if !ok {
					break
				}
				next.doMove(d, q, &forced)
			}
			if err := g.Play(p, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if steps == 0 {
		t.Error("no step taken")
	}
}

// TestSimultaneousDecisions: the decisions collected from every player at once, hidden until the
// last arrives, are the starting cards, bids, claims, development choices and painting.
func TestSimultaneousDecisions(t *testing.T) {
	var got []Decision
	for d := NoDecision; d <= ChooseAuctionDiscard+1; d++ {
		if d.Simultaneous() {
			got = append(got, d)
		}
	}
	want := []Decision{ChooseStart, ChooseBid, ChooseClaim, ChooseDevelopment, ChoosePainting}
	if !slices.Equal(got, want) {
		t.Errorf("simultaneous decisions %v, want %v", got, want)
	}
}
