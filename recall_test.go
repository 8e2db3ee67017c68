package viceroy

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// roundsInLog returns the revealed choices of the auction or development phase under way, round
// by round, and the virtual opponents' bids, as the table's log tells them: the log holds every
// round the table saw.
func roundsInLog(log []Event) (rounds [][]PlayerMove, virtual []map[Player]Color) {
	inPhase := false
	for _, e := range log {
		switch {
		case e.Kind == EventTurn || e.Kind == EventPhase:
			rounds, virtual = nil, nil
			inPhase = e.Kind == EventTurn || e.Phase == PhaseDevelopment
		case !inPhase:
		case e.Kind == EventRound:
			rounds, virtual = append(rounds, []PlayerMove{}), append(virtual, map[Player]Color{})
		case e.Kind == EventReveal && len(rounds) > 0:
			rounds[len(rounds)-1] = append(rounds[len(rounds)-1], PlayerMove{Player: e.Player, Move: e.Move})
		case e.Kind == EventVirtualBid && len(virtual) > 0:
			virtual[len(virtual)-1][e.Player] = e.Color
		}
	}
	return rounds, virtual
}

// TestViewRecallsEarlierRounds: in random games of every mix, every player's view (and an
// onlooker's) recalls the choices and claims of the earlier rounds of the auction or development
// phase under way as the log revealed them, in the order revealed, and the virtual opponents'
// earlier bids; nothing once the phase is over. The view reads back from its JSON.
func TestViewRecallsEarlierRounds(t *testing.T) {
	recalled := 0
	for _, cfg := range allMixes(5) {
		h, err := NewHistory(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(cfg.Seed, 2))
		for g := h.Game(); !g.Over(); g = h.Game() {
			rounds, virtual := roundsInLog(h.Log(-1))
			for p := Player(-1); p < Player(cfg.Players); p++ {
				v := g.View(p)
				var want [][]PlayerMove
				if (v.Phase == PhaseAuction || v.Phase == PhaseDevelopment) && v.Round > 1 {
					want = rounds[:v.Round-1]
					recalled++
				}
				if diff := cmp.Diff(want, v.Recalled); diff != "" {
					t.Fatalf("%+v, turn %d round %d, %v: recalled rounds (-log +view):\n%s", cfg, v.Turn, v.Round, p, diff)
				}
				for i, vv := range v.Virtual {
					var bids []Color
					for r := 0; v.Phase == PhaseAuction && r < v.Round-1; r++ {
						if c, ok := virtual[r][Player(i)]; ok {
							bids = append(bids, c)
						}
					}
					if !slices.Equal(bids, vv.PastBids) {
						t.Fatalf("%+v, turn %d round %d: virtual opponent %d's past bids %v, the log's %v", cfg, v.Turn, v.Round, i, vv.PastBids, bids)
					}
				}
				b, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				var back View
				if err := json.Unmarshal(b, &back); err != nil {
					t.Fatal(err)
				}
				if !cmp.Equal(back.Recalled, v.Recalled) || !cmp.Equal(back.Virtual, v.Virtual) {
					t.Fatalf("the recalled rounds read back as %v %v, were %v %v", back.Recalled, back.Virtual, v.Recalled, v.Virtual)
				}
			}
			who := g.ToMove()
			p := who[r.IntN(len(who))]
			moves := g.Legal(p)
			if err := h.Play(p, moves[r.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if recalled == 0 {
		t.Fatal("no view recalled a round")
	}
}

// recalledView returns a view of a random game that recalls an earlier auction round with the
// choices ok asks for.
func recalledView(t *testing.T, ok func(v View) bool) View {
	t.Helper()
	return viewWhere(t, func(v View) bool { return len(v.Recalled) > 0 && ok(v) })
}

// TestSampleRefusesImpossibleRecall: views whose recalled rounds no game has (edited from real
// ones) are refused with ErrBadView, never with a panic; the real ones are taken, and the games
// sampled from them recall the same rounds.
func TestSampleRefusesImpossibleRecall(t *testing.T) {
	anyRecall := func(View) bool { return true }
	for _, tc := range []struct {
		name   string
		ok     func(v View) bool
		change func(v *View)
	}{{
		name:   "a round recalled that was not held",
		ok:     anyRecall,
		change: func(v *View) { v.Recalled = append(v.Recalled, v.Recalled[0]) },
	}, {
		name:   "a round forgotten",
		ok:     anyRecall,
		change: func(v *View) { v.Recalled = v.Recalled[:len(v.Recalled)-1] },
	}, {
		name:   "a player with two choices in a round",
		ok:     anyRecall,
		change: func(v *View) { v.Recalled = [][]PlayerMove{append(slices.Clone(v.Recalled[0]), v.Recalled[0][0])} },
	}, {
		name: "a player who is not the game's",
		ok:   anyRecall,
		change: func(v *View) {
			v.Recalled[0] = append(slices.Clone(v.Recalled[0]), PlayerMove{Player: 7, Move: Move{Kind: Pass}})
		},
	}, {
		name: "a development choice in an auction round",
		ok:   func(v View) bool { return v.Phase == PhaseAuction },
		change: func(v *View) {
			v.Recalled[0] = slices.Clone(v.Recalled[0])
			v.Recalled[0][0].Move = Move{Kind: Discard, Card: 3}
		},
	}, {
		name: "a player still in the auction who passed in an earlier round",
		ok: func(v View) bool {
			return slices.ContainsFunc(v.Recalled[len(v.Recalled)-1], func(pm PlayerMove) bool { return v.Players[pm.Player].InAuction })
		},
		change: func(v *View) { passInLastRound(v, func(pv PlayerView) bool { return pv.InAuction }) },
	}, {
		name: "a player still in the auction who was not in it the round before",
		ok: func(v View) bool {
			return slices.ContainsFunc(v.Recalled[len(v.Recalled)-1], func(pm PlayerMove) bool { return v.Players[pm.Player].InAuction })
		},
		change: func(v *View) {
			v.Recalled[len(v.Recalled)-1] = slices.DeleteFunc(slices.Clone(v.Recalled[len(v.Recalled)-1]),
				func(pm PlayerMove) bool { return v.Players[pm.Player].InAuction })
		},
	}, {
		name: "a bidder alone on a colour who stayed in",
		ok: func(v View) bool {
			last := v.Recalled[len(v.Recalled)-1]
			return len(v.Virtual) == 0 && !slices.ContainsFunc(last, func(pm PlayerMove) bool { return pm.Move.Kind == Attack }) &&
				slices.ContainsFunc(last, func(pm PlayerMove) bool { return pm.Move.Kind == Bid && v.Players[pm.Player].InAuction })
		},
		change: func(v *View) {
			last := slices.Clone(v.Recalled[len(v.Recalled)-1])
			var other [NumColors]bool // colours no other player bid
			for _, pm := range last {
				if pm.Move.Kind == Bid {
					other[pm.Move.Color] = true
				}
			}
			for i, pm := range last {
				if pm.Move.Kind == Bid && v.Players[pm.Player].InAuction {
					for c := range Color(NumColors) {
						if !other[c] {
							last[i].Move.Color = c
							break
						}
					}
					break
				}
			}
			v.Recalled[len(v.Recalled)-1] = last
		},
	}, {
		name: "a claim of a player who bid no colour with another",
		ok: func(v View) bool {
			return slices.ContainsFunc(v.Recalled[0], func(pm PlayerMove) bool { return pm.Move.Kind == Pass })
		},
		change: func(v *View) {
			for _, pm := range v.Recalled[0] {
				if pm.Move.Kind == Pass {
					v.Recalled[0] = append(slices.Clone(v.Recalled[0]), PlayerMove{Player: pm.Player, Move: Move{Kind: Claim, Card: 1}})
					break
				}
			}
		},
	}, {
		name: "a player still developing who passed the round before",
		ok: func(v View) bool {
			return v.Phase == PhaseDevelopment &&
				slices.ContainsFunc(v.Recalled[len(v.Recalled)-1], func(pm PlayerMove) bool { return v.Players[pm.Player].Active })
		},
		change: func(v *View) { passInLastRound(v, func(pv PlayerView) bool { return pv.Active }) },
	}, {
		name: "a bid in a development round",
		ok:   func(v View) bool { return v.Phase == PhaseDevelopment },
		change: func(v *View) {
			v.Recalled[0] = slices.Clone(v.Recalled[0])
			v.Recalled[0][0].Move = Move{Kind: Bid, Color: Red}
		},
	}, {
		name: "a discard in the first edition",
		ok: func(v View) bool {
			return v.Phase == PhaseDevelopment && v.Config.Edition == FirstEdition &&
				slices.ContainsFunc(v.Recalled[0], func(pm PlayerMove) bool { return pm.Move.Kind == Play })
		},
		change: func(v *View) {
			v.Recalled[0] = slices.Clone(v.Recalled[0])
			for i, pm := range v.Recalled[0] {
				if pm.Move.Kind == Play {
					v.Recalled[0][i].Move.Kind = Discard
					break
				}
			}
		},
	}, {
		name: "a virtual opponent's bid of a round not held",
		ok:   func(v View) bool { return len(v.Virtual) > 0 },
		change: func(v *View) {
			v.Virtual = slices.Clone(v.Virtual)
			v.Virtual[0].PastBids = append(slices.Clone(v.Virtual[0].PastBids), Red, Red)
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			v := recalledView(t, tc.ok)
			g, err := Sample(v, 1)
			if err != nil {
				t.Fatalf("the real view: %v", err)
			}
			if !cmp.Equal(g.View(v.Player).Recalled, v.Recalled) {
				t.Fatalf("the sampled game recalls %v, the view %v", g.View(v.Player).Recalled, v.Recalled)
			}
			v.Recalled = slices.Clone(v.Recalled)
			tc.change(&v)
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("Sample panics: %v", r)
				}
			}()
			if _, err := Sample(v, 1); !errors.Is(err, ErrBadView) {
				t.Fatalf("Sample: %v, want ErrBadView", err)
			}
		})
	}
}

// recallViews returns the views of realViews that recall an earlier auction round.
func recallViews() [][]byte {
	var out [][]byte
	for _, b := range realViews() {
		var v View
		if json.Unmarshal(b, &v) == nil && len(v.Recalled) > 0 {
			out = append(out, b)
		}
	}
	return out
}

// mutatedRecall returns a real view that recalls earlier auction rounds, with its recalled rounds
// or the virtual opponents (their earlier bids) changed as mutateJSON changes a view.
func mutatedRecall(choose func(n int) int) ([]byte, []string) {
	views := recallViews()
	tree, err := decodeJSONTree(views[choose(len(views))])
	if err != nil {
		panic(err)
	}
	m := tree.(map[string]any)
	var what []string
	for range 1 + choose(3) {
		key := "recalled"
		if _, ok := m["virtual"]; ok && choose(3) == 0 {
			key = "virtual"
		}
		sub, ok := m[key]
		if !ok {
			continue
		}
		var w string
		m[key], w = mutateJSON(map[string]any{key: sub}, choose)
		if mm, ok := m[key].(map[string]any); ok {
			m[key] = mm[key]
		}
		what = append(what, w)
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return b, what
}

// TestSampleAndBotsOnMutatedRecall: real views whose recalled rounds (and virtual opponents'
// earlier bids) are changed are refused by Sample with a sentinel's error or give a game that
// shows them and plays on; every bundled bot answers a legal move from them, and none panics.
func TestSampleAndBotsOnMutatedRecall(t *testing.T) {
	if len(recallViews()) == 0 {
		t.Fatal("no real view recalls a round")
	}
	rapid.Check(t, func(t *rapid.T) {
		choose := func(n int) int { return rapid.IntRange(0, n-1).Draw(t, "choice") }
		b, what := mutatedRecall(choose)
		t.Logf("changes: %v", what)
		seed := rapid.Uint64().Draw(t, "seed")
		checkSampleOrRefusal(t, b, seed)
		chooseFromMutatedView(t, b, seed)
	})
}

// FuzzMutatedRecall: as TestSampleAndBotsOnMutatedRecall, with the fuzzer choosing the changes.
func FuzzMutatedRecall(f *testing.F) {
	for i := range 20 {
		f.Add([]byte{byte(i), byte(i * 7), byte(i * 13), byte(i * 29), byte(i * 31)}, uint64(i))
	}
	f.Fuzz(func(t *testing.T, choices []byte, seed uint64) {
		b, _ := mutatedRecall(byteChoices(choices))
		checkSampleOrRefusal(t, b, seed)
		chooseFromMutatedView(t, b, seed)
	})
}

// passInLastRound makes the first player of the last recalled round for whom still holds pass in
// that round.
func passInLastRound(v *View, still func(PlayerView) bool) {
	last := slices.Clone(v.Recalled[len(v.Recalled)-1])
	for i, pm := range last {
		if still(v.Players[pm.Player]) {
			last[i].Move = Move{Kind: Pass}
			break
		}
	}
	v.Recalled[len(v.Recalled)-1] = last
}
