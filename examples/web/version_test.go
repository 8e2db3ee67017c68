package main

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/laar/viceroy"
)

// codeOf sends move body for seat j and returns the answer's status and error code ("" for 200).
func (ts testServer) codeOf(t *testing.T, j joined, body any) (int, string) {
	t.Helper()
	status, b, err := call(ts.url, "POST", movePath(j, 0), j.Token, body, nil)
	if err != nil {
		t.Fatal(err)
	}
	var e struct{ Code string }
	json.Unmarshal(b, &e)
	return status, e.Code
}

// TestMovesNameTheirVersion: a move that names no version, or a negative one, is refused with 400
// and changes nothing, at every decision of a game: before, a move of version -1 was taken for a
// bot's, skipped the stale check, and the same gem decision sent twice took two gems. A move sent
// again from the version it was chosen in is stale once it has been played.
func TestMovesNameTheirVersion(t *testing.T) {
	ts := serve(t, t.TempDir())
	j := ts.newGame(t, viceroy.Config{Players: 2, Seed: 3}, "person", "random")
	pick := randomPick(5)
	for decisions := 0; decisions < 40; decisions++ {
		st, owed := ts.nextDecision(t, j)
		if !owed {
			break
		}
		m := pick(st)
		before := ts.onlyOwing(t, j)
		for _, body := range []any{
			map[string]any{"move": m},
			map[string]any{"version": -1, "move": m},
			map[string]any{"version": -1, "move": m},
			map[string]any{"version": nil, "move": m},
		} {
			if status, code := ts.codeOf(t, j, body); status != http.StatusBadRequest || code != "bad-version" {
				t.Fatalf("decision %d (%v): %v answered %d %q, want 400 bad-version", decisions, st.View.Decision, body, status, code)
			}
		}
		if after := ts.heldGame(t, j.Game); after != before {
			t.Fatalf("decision %d: moves that named no version changed the game", decisions)
		}
		if status, code := ts.codeOf(t, j, moveAt(st.Version, m)); status != http.StatusOK {
			t.Fatalf("decision %d: %v from version %d answered %d %q", decisions, m, st.Version, status, code)
		}
		if status, code := ts.codeOf(t, j, moveAt(st.Version, m)); status != http.StatusConflict || code != "stale" {
			t.Fatalf("decision %d: %v sent again from version %d answered %d %q, want 409 stale", decisions, m, st.Version, status, code)
		}
	}
	if !ts.fileMatches(t, j.Game) {
		t.Error("the record file does not replay to the game held")
	}
}

// TestMovesFromAnOlderVersion: a move chosen before another player moved is played if its player
// still owes the same simultaneous decision (the others' hidden choices change nothing it sees),
// and refused as stale in a decision taken in turn, where the other's move may have changed what
// the player sees.
func TestMovesFromAnOlderVersion(t *testing.T) {
	ts := serve(t, t.TempDir())
	j0 := ts.newGame(t, viceroy.Config{Players: 2, Seed: 11}, "person", "person")
	j1 := ts.takeSeat(t, j0.Game, 1)
	seats := []joined{j0, j1}
	pick := randomPick(7)
	var together, inTurn int
	for turns := 0; turns < 300 && (together < 5 || inTurn < 5); turns++ {
		var sts [2]state
		for p, j := range seats {
			ts.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &sts[p])
		}
		if sts[0].View.Over {
			break
		}
		// Both owe a decision: one moves, then the other sends the move it chose before that.
		if len(sts[0].Moves) > 0 && len(sts[1].Moves) > 0 {
			first, second := seats[turns%2], seats[1-turns%2]
			ts.must(t, "POST", movePath(first, 0), first.Token, moveAt(sts[first.Seat].Version, pick(sts[first.Seat])), nil)
			late := sts[second.Seat]
			status, code := ts.codeOf(t, second, moveAt(late.Version, pick(late)))
			d := late.View.Decision
			if d.Simultaneous() {
				together++
				if status != http.StatusOK {
					t.Fatalf("a %v chosen before the other's hidden choice: %d %q, want 200", d, status, code)
				}
			}
			continue
		}
		for p, j := range seats {
			if len(sts[p].Moves) == 0 {
				continue
			}
			// The one to move sends its move; the other, owing nothing, cannot move.
			ts.must(t, "POST", movePath(j, 0), j.Token, moveAt(sts[p].Version, pick(sts[p])), nil)
			var now state
			ts.must(t, "GET", statePath(j, 0, -1), j.Token, nil, &now)
			if len(now.Moves) > 0 && !now.View.Decision.Simultaneous() && now.Version > sts[p].Version {
				// A decision in turn that followed: a move chosen in the version before is stale.
				inTurn++
				if status, code := ts.codeOf(t, j, moveAt(sts[p].Version, now.Moves[0].Move)); status != http.StatusConflict || code != "stale" {
					t.Fatalf("a %v sent from the version before the last move: %d %q, want 409 stale", now.View.Decision, status, code)
				}
			}
			break
		}
	}
	if together < 5 || inTurn < 5 {
		t.Errorf("the game reached %d simultaneous decisions and %d in turn, want 5 of each", together, inTurn)
	}
	if !ts.fileMatches(t, j0.Game) {
		t.Error("the record file does not replay to the game held")
	}
}
