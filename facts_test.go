package viceroy

// The facts of a game that programs read in loops, as the bots' playouts do millions of times:
// who is still in the auction, the hand, a tableau's tokens counted, and whether a tableau has
// changed. Each is held to the public form it stands for (View, Hand, Tableau and its counts), so
// that the bots, which read these and not the Game's storage, read what a player may know.

import (
	"slices"
	"testing"
)

// TestInAuctionAgreesWithTheViews: at every decision of games of every mix, Game.InAuction tells
// of each player what the view of each player to move says, and virtualInAuction of each virtual
// opponent; a player or a virtual opponent the game does not have is in no auction. (The views'
// isInAuction is held to the rules by the auction's tests.)
func TestInAuctionAgreesWithTheViews(t *testing.T) {
	atEveryDecisionOf(t, append(devGames, lawGames...), func(g *Game, cfg Config, p Player, _ []Move) {
		v := g.View(p)
		for q := range cfg.Players {
			if got, want := g.isInAuction(Player(q)), v.Players[q].InAuction; got != want {
				t.Fatalf("%+v, turn %d: %v in the auction %v, %v's view says %v", cfg, g.Turn(), Player(q), got, p, want)
			}
		}
		for i, vv := range v.Virtual {
			if got := g.virtualInAuction(i); got != vv.InAuction {
				t.Fatalf("%+v, turn %d: virtual opponent %d in the auction %v, the view says %v", cfg, g.Turn(), i, got, vv.InAuction)
			}
		}
		if g.isInAuction(-1) || g.isInAuction(Player(cfg.Players)) || g.isInAuction(MaxPlayers+3) ||
			g.virtualInAuction(-1) || g.virtualInAuction(cfg.Virtual) || g.virtualInAuction(7) {
			t.Fatalf("%+v: a participant the game does not have is in its auction", cfg)
		}
	})
}

// TestAppendHandIsHand: AppendHand appends what Hand returns, after what dst holds, allocates
// nothing when dst has room, and appends nothing for a player the game does not have.
func TestAppendHandIsHand(t *testing.T) {
	atEveryDecisionOf(t, devGames[:2], func(g *Game, cfg Config, p Player, _ []Move) {
		for q := range cfg.Players {
			want := append([]CardID{99}, g.handOf(Player(q))...)
			if got := g.appendHand([]CardID{99}, Player(q)); !slices.Equal(got, want) {
				t.Fatalf("%+v: AppendHand gives %v, Hand %v", cfg, got, want[1:])
			}
		}
		if got := g.appendHand(nil, Player(cfg.Players)); got != nil {
			t.Fatalf("%+v: the hand of a player the game does not have is %v", cfg, got)
		}
	})
	g, err := NewGame(Config{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for len(g.handOf(0)) == 0 {
		p := g.ToMove()[0]
		g = mustApply(t, g, p, g.Legal(p)[0])
	}
	buf := make([]CardID, 0, NumCards)
	if n := testing.AllocsPerRun(100, func() { buf = g.appendHand(buf[:0], 0) }); n != 0 || len(buf) == 0 {
		t.Fatalf("AppendHand allocates %v times into a buffer with room, for %d cards", n, len(buf))
	}
}

// TestTallyCountsTheTableau: at every decision of games that play many laws (tokens moved by
// Barter, doubled by Endowment, taken over by Succession), Tableau.tally counts what Count, sum,
// circleBonus and InfiniteGems count of every player's tableau.
func TestTallyCountsTheTableau(t *testing.T) {
	atEveryDecisionOf(t, lawGames, func(g *Game, cfg Config, p Player, _ []Move) {
		tab := g.Tableau(p)
		n := tab.tally()
		for k := PowerPoints; k <= CircleBonus; k++ {
			if n.count[k] != tab.Count(k) {
				t.Fatalf("%+v, %v: tally counts %d %v tokens, Count %d", cfg, p, n.count[k], k, tab.Count(k))
			}
		}
		if n.magicBonus != tab.sum(MagicBonus) || n.bonus != tab.circleBonus() || n.infinite != len(tab.infiniteGems()) {
			t.Fatalf("%+v, %v: tally %+v; magic bonus %d, circle bonus %v, infinite gems %v", cfg, p, n,
				tab.sum(MagicBonus), tab.circleBonus(), tab.infiniteGems())
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
