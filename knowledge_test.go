package viceroy

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// screenModel is what the table knows of one player's screen, followed through a viewer's log:
// each player starts with 2 gems of each colour and returns 2 of the 8 unseen (RULES.md 3.1);
// every gem that enters or leaves the screen after that does so in the open. open is the screen as
// it would be had nothing been returned; bound, the most of each colour the 2 returned gems can be.
type screenModel struct {
	open, bound Gems
}

// out notes gems leaving the screen in the open: the returned gems of a colour are no more than
// what the screen would hold of it had they not been returned.
func (m *screenModel) out(g Gems) {
	m.open = m.open.Minus(g)
	for c := range m.bound {
		m.bound[c] = min(m.bound[c], m.open[c])
	}
}

// affords notes a revealed choice to play a character card: the screen, with the infinite gems
// that have not paid this turn, pays its level-1 cost.
func (m *screenModel) affords(cost, infinite Gems) {
	for c := range m.bound {
		need := cost[c] - min(cost[c], infinite[c])
		m.bound[c] = min(m.bound[c], m.open[c]-need)
	}
}

// view returns what a view shows of the screen: the gems whose colours are known, how many more
// there are, and the colours these can have (none when all are known).
func (m *screenModel) view() (known Gems, unknown int, possible Gems) {
	b := m.bound
	for c := range b {
		b[c] = min(b[c], m.open[c])
	}
	if unknown = b.Total() - 2; unknown > 0 {
		possible = b
	}
	return m.open.Minus(b), unknown, possible
}

// TestViewScreenKnowledge: what a view shows of another player's screen (PlayerView's Screen,
// Unknown and Possible) is what the table saw: the model above, followed through the viewer's log
// from the deal, after every move of random games of every mix, until the painting (which is hidden
// until the game is over). A gem paid, bid, parked, given or put on a card as an infinite gem
// narrows down the returned gems, and so does a revealed play of a character card.
func TestViewScreenKnowledge(t *testing.T) {
	narrowed := 0
	for _, cfg := range allMixes(12) {
		if cfg.Players < 2 {
			continue
		}
		models := make([][]screenModel, cfg.Players) // by viewer, then player
		seen := make([]int, cfg.Players)
		for p := range models {
			models[p] = make([]screenModel, cfg.Players)
			for q := range models[p] {
				models[p][q] = screenModel{open: Gems{2, 2, 2, 2}, bound: Gems{2, 2, 2, 2}}
			}
		}
		randomHistory(t, cfg, 12, func(h *History, before Game, mover Player, m Move) {
			g := h.Game()
			for p := range Player(cfg.Players) {
				log := h.Log(p)
				for _, e := range log[seen[p]:] {
					follow := func(q Player, f func(*screenModel)) {
						if q >= 0 && int(q) < cfg.Players {
							f(&models[p][q])
						}
					}
					switch e.Kind {
					case EventReveal:
						switch mv := e.Move; {
						case mv.Kind == Bid:
							var bid Gems
							bid[mv.Color] = 1
							follow(e.Player, func(s *screenModel) { s.out(bid) })
						case mv.Kind == Play && mv.Card.IsCharacter():
							inf := usableInfinite(&before, e.Player)
							follow(e.Player, func(s *screenModel) { s.affords(oracleCost(mv.Card, 1), inf) })
						}
					case EventPay, EventPark:
						follow(e.Player, func(s *screenModel) { s.out(e.Gems) })
					case EventGems, EventCircleGems:
						follow(e.Player, func(s *screenModel) { s.open = s.open.Plus(e.Gems) })
					case EventInfinite:
						if e.Slot == 1 {
							var one Gems
							one[e.Color] = 1
							follow(e.Player, func(s *screenModel) { s.out(one) })
						}
					case EventGive:
						follow(e.Player, func(s *screenModel) { s.out(e.Gems) })
						follow(e.Other, func(s *screenModel) { s.open = s.open.Plus(e.Gems) })
					}
				}
				seen[p] = len(log)
				if g.Phase() == PhasePainting || g.Over() {
					continue
				}
				v := g.View(p)
				for q := range Player(cfg.Players) {
					if q == p {
						continue
					}
					known, unknown, possible := models[p][q].view()
					pv := v.Players[q]
					if diff := cmp.Diff([3]any{known, unknown, possible}, [3]any{pv.Screen, pv.Unknown, pv.Possible}); diff != "" {
						t.Fatalf("%+v: after %v %v, %v's view of %v's screen (-model +view):\n%s", cfg, mover, m, p, q, diff)
					}
					if unknown < 2 {
						narrowed++
					}
				}
			}
		})
	}
	if narrowed == 0 {
		t.Error("no view knew more of a screen than at the deal")
	}
}
