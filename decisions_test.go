package viceroy

import (
	"os/exec"
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
