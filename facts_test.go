package viceroy

// The facts of a game that programs read in loops, as the bots' playouts do millions of times:
// a tableau's tokens counted, and whether a tableau has changed. Each is held to the public form
// it stands for (Tableau and its counts), so that the bots, which read these and not the Game's
// storage, read what a player may know.

import "testing"

// TestTallyCountsTheTableau: at every decision of games that play many laws (tokens moved by
// Barter, doubled by Endowment, taken over by Succession), Tableau.tally counts what Count, sum,
// CircleBonus and InfiniteGems count of every player's tableau.
func TestTallyCountsTheTableau(t *testing.T) {
	atEveryDecisionOf(t, lawGames, func(g *Game, cfg Config, p Player, _ []Move) {
		tab := g.Tableau(p)
		n := tab.tally()
		for k := PowerPoints; k <= CircleBonus; k++ {
			if n.count[k] != tab.Count(k) {
				t.Fatalf("%+v, %v: tally counts %d %v tokens, Count %d", cfg, p, n.count[k], k, tab.Count(k))
			}
		}
		if n.magicBonus != tab.sum(MagicBonus) || n.bonus != tab.CircleBonus() || n.infinite != len(tab.InfiniteGems()) {
			t.Fatalf("%+v, %v: tally %+v; magic bonus %d, circle bonus %v, infinite gems %v", cfg, p, n,
				tab.sum(MagicBonus), tab.CircleBonus(), tab.InfiniteGems())
		}
	})
}

// TestTableauKeyTellsAChange: at every decision of games that play many laws (tucks, tokens
// doubled, holdings taken over, gems parked), a key of each player's tableau (keyTableau) is the
// tableau's at once, and after every legal move the key says the tableau is unchanged
// (tableauIs) only when Game.Tableau builds the same one. It is not a key that never matches:
// most tableaux a move leaves as they were, it recognises.
func TestTableauKeyTellsAChange(t *testing.T) {
	same, recognised := 0, 0
	atEveryDecisionOf(t, lawGames[:4], func(g *Game, cfg Config, p Player, legal []Move) {
		var keys [MaxPlayers]tableauKey
		var before [MaxPlayers]Tableau
		for q := range cfg.Players {
			g.keyTableau(Player(q), &keys[q])
			before[q] = g.Tableau(Player(q))
			if !g.tableauIs(Player(q), &keys[q]) {
				t.Fatalf("%+v, turn %d: the key of %v's tableau is not its tableau's", cfg, g.Turn(), Player(q))
			}
		}
		for _, m := range legal {
			next, err := g.Apply(p, m)
			if err != nil {
				t.Fatal(err)
			}
			for q := range cfg.Players {
				unchanged := next.Tableau(Player(q)) == before[q]
				says := next.tableauIs(Player(q), &keys[q])
				if says && !unchanged {
					t.Fatalf("%+v, turn %d: after %v %v, the key says %v's tableau is unchanged; it was\n%v\nand is\n%v",
						cfg, g.Turn(), p, m, Player(q), before[q], next.Tableau(Player(q)))
				}
				if unchanged {
					same++
					if says {
						recognised++
					}
				}
			}
		}
	})
	if same == 0 || float64(recognised) < 0.9*float64(same) {
		t.Fatalf("the key recognised %d of %d tableaux a move left unchanged", recognised, same)
	}
	t.Logf("the key recognised %d of %d tableaux a move left unchanged", recognised, same)
}
