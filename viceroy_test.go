package viceroy

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// gemTotals counts every gem of the game by colour: reserve, box, screens, infinite gems on
// standing cards, gems parked on Treasury and gems painted on circles. It must always be 16 each.
func gemTotals(g Game) Gems {
	total := g.reserve.Plus(g.box).Plus(g.parked.total())
	for p := range g.players {
		total = total.Plus(g.screen[p])
		t := g.Tableau(Player(p))
		for _, inf := range t.infiniteGems() {
			total[inf.Color]++
		}
		total = total.Plus(t.paintGems())
	}
	return total
}

// cardPlaces returns, for each card, the number of places it is found in: decks, auction, start
// deal, hands, pyramids, tucked, discarded. It must always be exactly one.
func cardPlaces(g Game) [NumCards + 1]int {
	var n [NumCards + 1]int
	for _, c := range g.chars[g.largeTop:g.largeEnd] {
		n[c]++
	}
	for _, c := range g.chars[g.smallTop:g.smallEnd] {
		n[c]++
	}
	for _, c := range g.laws[g.lawTop:] {
		n[c]++
	}
	for _, col := range g.auction {
		for _, c := range col {
			n[c]++
		}
	}
	for p := range g.players {
		for _, c := range g.dealtNow(Player(p)) {
			n[c]++
		}
		for c := range g.hand[p].all() {
			n[c]++
		}
		for _, c := range g.pyr[p].Cards() {
			n[c]++
		}
	}
	for id := CardID(1); id <= NumCards; id++ {
		if g.under.host(id) != 0 {
			n[id]++
		}
	}
	for c := range g.discarded().all() {
		n[c]++
	}
	n[0] = 0
	return n
}

// checkInvariants checks what must hold after every move of every game.
func checkInvariants(g Game) error {
	if got := gemTotals(g); got != (Gems{GemsPerColor, GemsPerColor, GemsPerColor, GemsPerColor}) {
		return fmt.Errorf("gems not conserved: %v in all (reserve %v, box %v)", got, g.reserve, g.box)
	}
	n := cardPlaces(g)
	for id := CardID(1); id <= NumCards; id++ {
		if n[id] != 1 {
			return fmt.Errorf("card %v is in %d places", id, n[id])
		}
	}
	for p := range g.players {
		if err := checkPyramidLegal(g.Tableau(Player(p)).Pyramid); err != nil {
			return fmt.Errorf("player %d: %w", p, err)
		}
		if m := g.secret[p]; g.phase == phaseDevelopment && g.pending&(1<<p) != 0 && !g.hand[p].has(m.Card) {
			return fmt.Errorf("player %d's revealed %v names a card not in the hand", p, m)
		}
	}
	if err := checkStorage(&g); err != nil {
		return err
	}
	if g.turn > Turns {
		return fmt.Errorf("turn %d", g.turn)
	}
	if !g.Over() && len(g.ToMove()) == 0 {
		return errors.New("not over, but nobody owes a decision")
	}
	if g.Over() && len(g.ToMove()) != 0 {
		return errors.New("over, yet somebody owes a decision")
	}
	for _, p := range g.ToMove() {
		if len(g.Legal(p)) < 2 && !g.collecting() {
			return fmt.Errorf("%v owes a decision with %d legal moves (forced moves are made automatically, but for hidden choices)", p, len(g.Legal(p)))
		}
	}
	return nil
}

// turnLog counts, per turn and player, the cards taken from the auction and the development plays.
type turnLog struct {
	auctionCards [Turns + 1][MaxPlayers]int
	plays        [Turns + 1][MaxPlayers]int // cards played or discarded in the development phase
	maxTurn      int
}

// observe records what a move did between before and after. Only the auction phase counts for
// auction cards: 69 Privilege takes one in the development phase.
func (l *turnLog) observe(before, after Game) {
	for col := range before.auction {
		if before.phase != phaseAuction {
			break
		}
		for _, c := range before.auction[col] {
			if c == 0 {
				continue
			}
			for p := range after.players {
				if after.hand[p].has(c) && !before.hand[p].has(c) {
					l.auctionCards[before.turn][p]++
				}
			}
		}
	}
	l.maxTurn = max(l.maxTurn, int(after.turn))
}

func (l *turnLog) check() error {
	for t := range l.auctionCards {
		for p := range MaxPlayers {
			if l.auctionCards[t][p] > 1 {
				return fmt.Errorf("turn %d: player %d took %d auction cards", t, p, l.auctionCards[t][p])
			}
			if l.plays[t][p] > 3 {
				return fmt.Errorf("turn %d: player %d played %d cards", t, p, l.plays[t][p])
			}
		}
	}
	return nil
}

// randomMove returns an arbitrary, usually illegal, move.
func randomMove(r *rand.Rand) Move {
	return Move{Kind: MoveKind(r.IntN(int(numMoveKinds) + 2)), Card: CardID(r.IntN(100)),
		Color: Color(r.IntN(6)), At: Place{int8(r.IntN(8) - 1), int8(r.IntN(20) - 10)},
		Choice: uint8(r.IntN(3))}
}

// isLegal reports whether m is in p's legal moves.
func isLegal(g Game, p Player, m Move) bool {
	for _, l := range g.Legal(p) {
		if l == m {
			return true
		}
	}
	return false
}

// playChecked plays one game with moves chosen by next, checking every invariant after every
// move, that the old value never changes, and that illegal moves are rejected without effect.
func playChecked(t interface{ Fatalf(string, ...any) }, cfg Config, next func(n int) int, garbage *rand.Rand) Game {
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatalf("NewGame(%+v): %v", cfg, err)
	}
	if err := checkInvariants(g); err != nil {
		t.Fatalf("after NewGame(%+v): %v", cfg, err)
	}
	var log turnLog
	for steps := 0; !g.Over(); steps++ {
		if steps > 20000 {
			t.Fatalf("%+v: no end after %d decisions", cfg, steps)
		}
		who := g.ToMove()
		p := who[next(len(who))]
		moves := g.Legal(p)
		m := moves[next(len(moves))]
		for range 3 {
			bad := randomMove(garbage)
			q := Player(garbage.IntN(6) - 1)
			if q >= 0 && int(q) < cfg.Players && isLegal(g, q, bad) {
				continue
			}
			if got, err := g.Apply(q, bad); err == nil || got != g {
				t.Fatalf("%+v: illegal move %v by %d accepted or changed the game (err %v)", cfg, bad, q, err)
			}
		}
		before := g
		after, err := g.Apply(p, m)
		if err != nil {
			t.Fatalf("%+v: legal move %v of %v rejected: %v", cfg, m, p, err)
		}
		if g != before {
			t.Fatalf("%+v: Apply changed the old game", cfg)
		}
		if again, _ := g.Apply(p, m); again != after {
			t.Fatalf("%+v: Apply is not deterministic", cfg)
		}
		log.observe(g, after)
		if g.Decision(p) == ChooseDevelopment && m.Kind != Pass {
			log.plays[g.turn][p]++
		}
		g = after
		if err := checkInvariants(g); err != nil {
			t.Fatalf("%+v after %v by %v (decision %d): %v", cfg, m, p, steps, err)
		}
	}
	if err := log.check(); err != nil {
		t.Fatalf("%+v: %v", cfg, err)
	}
	if log.maxTurn != Turns {
		t.Fatalf("%+v: game ended in turn %d", cfg, log.maxTurn)
	}
	if len(g.Scores()) != cfg.Players {
		t.Fatalf("%+v: %d score sheets", cfg, len(g.Scores()))
	}
	return g
}

// TestRandomPlayInvariants plays random games, rapid drawing every choice (who of the players to
// move decides, and which of the legal moves), and checks the invariants of DESIGN.md after each
// move. A failure shrinks to the simplest game that fails: rapid shrinks each choice towards the
// first player to move and the first legal move.
func TestRandomPlayInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		humans := rapid.IntRange(1, 4).Draw(t, "players")
		fewestVirtual := 0
		if humans == 1 {
			fewestVirtual = 1 // a solo game needs its virtual opponent
		}
		cfg := Config{
			Players: humans,
			Virtual: rapid.IntRange(fewestVirtual, 4-humans).Draw(t, "virtual"),
			Edition: rapid.SampledFrom([]Edition{SecondEdition, FirstEdition}).Draw(t, "edition"),
			Seed:    rapid.Uint64().Draw(t, "seed"),
		}
		garbage := rand.New(rand.NewPCG(cfg.Seed, 99))
		playChecked(t, cfg, rapidChoice(t), garbage)
	})
}

// rapidChoice returns a chooser for playChecked that draws each choice among n with rapid; a
// choice among one draws nothing.
func rapidChoice(t *rapid.T) func(n int) int {
	return func(n int) int {
		if n == 1 {
			return 0
		}
		return rapid.IntRange(0, n-1).Draw(t, "choice")
	}
}

// TestDeterminism: the same seed and the same moves give the same game.
func TestDeterminism(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		cfg := Config{Players: 3, Seed: seed}
		play := func() Game {
			r := rand.New(rand.NewPCG(seed, 2))
			return playChecked(t, cfg, r.IntN, rand.New(rand.NewPCG(seed, 3)))
		}
		if a, b := play(), play(); a != b {
			t.Fatalf("seed %d: two plays differ", seed)
		}
	}
}

// An illegal move's error says what is wrong with it: a field its kind does not use is named, and
// the zero Move is called what it is.
func TestIllegalMoveErrorsExplain(t *testing.T) {
	g, err := NewGame(Config{Players: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	legal := g.Legal(0)[0]
	stray := legal
	stray.Color = Red
	for _, tc := range []struct {
		m    Move
		want string
	}{
		{stray, "does not use color"},
		{Move{}, "zero Move"},
		{Move{Kind: Draw, Choice: 7}, "no choice 7"},
	} {
		_, err := g.Apply(0, tc.m)
		if !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), tc.want) || strings.Count(err.Error(), "viceroy:") != 1 {
			t.Errorf("Apply(%#v): %v, want ErrIllegalMove saying %q", tc.m, err, tc.want)
		}
	}
}

// TestSetup: RULES.md 1 and 3.1-3.5 with both editions (RULES.md 2): the reserve holds
// 4 gems of each colour per human, each player keeps 6 of 2-of-each-colour, the starting deal is
// 2 or 4 cards, the large deck is 48 cards (4 of them revealed at the bases), the rest is the
// small deck, and each player is dealt 3 laws.
func TestSetup(t *testing.T) {
	for _, ed := range []Edition{SecondEdition, FirstEdition} {
		for _, cfg := range []Config{{Players: 1, Virtual: 1}, {Players: 2, Virtual: 1}, {Players: 3}, {Players: 4}} {
			for seed := range uint64(20) {
				cfg.Edition, cfg.Seed = ed, seed
				g, err := NewGame(cfg)
				if err != nil {
					t.Fatal(err)
				}
				n := cfg.Players
				var onScreens Gems
				for p := range n {
					s := g.screen[p]
					if s.Total() != 6 {
						t.Fatalf("%+v: screen %v holds %d gems, want 6", cfg, s, s.Total())
					}
					for c := range NumColors {
						if s[c] > 2 {
							t.Fatalf("%+v: screen %v", cfg, s)
						}
					}
					onScreens = onScreens.Plus(s)
					want := 4
					if ed == FirstEdition {
						want = 2
					}
					if len(g.dealtCards(Player(p))) != want {
						t.Fatalf("%+v: %d starting cards dealt, want %d", cfg, len(g.dealtCards(Player(p))), want)
					}
				}
				for c := range NumColors {
					if int(g.reserve[c]+onScreens[c]) != 4*n || int(g.box[c]) != GemsPerColor-4*n {
						t.Fatalf("%+v: reserve %v, screens %v, box %v", cfg, g.reserve, onScreens, g.box)
					}
				}
				for g.phase != phaseAuction {
					p := g.ToMove()[0]
					g = mustApply(t, g, p, g.Legal(p)[0])
				}
				drawn := 0 // cards drawn by the starting rewards
				for p := range n {
					drawn += g.hand[p].len() - 4
				}
				if g.largeLen() != 44 || g.smallLen()+g.lawLen()+drawn != NumCharacters-48-2*n+NumLaws-3*n {
					t.Fatalf("%+v: decks large %d small %d laws %d, drawn %d", cfg, g.largeLen(), g.smallLen(), g.lawLen(), drawn)
				}
				for c := range NumColors {
					if g.auction[c][0] == 0 || g.auction[c][1] != 0 {
						t.Fatalf("%+v: auction %v, want a card at every base and none at the tips", cfg, g.auction)
					}
				}
				for p := range n {
					if g.hand[p].len() < 4 || g.pyr[p].length() != 1 {
						t.Fatalf("%+v: player %d holds %d cards and has %d in the pyramid", cfg, p, g.hand[p].len(), g.pyr[p].length())
					}
				}
				if g.turn != 1 || g.round != 1 {
					t.Fatalf("%+v: turn %d round %d", cfg, g.turn, g.round)
				}
			}
		}
	}
}

// TestSetupStartingRewardsInPriority: RULES.md 3.6, the level-1 rewards of the starting cards are
// taken in priority order (RULES.md 4), after the decks exist. In games of 3 and 4 players, each
// player keeps for the pyramid a dealt card whose level-1 reward is gems (a choice of colours, so
// that whoever takes them is asked): they are asked one after another, the lowest starting card
// first.
func TestSetupStartingRewardsInPriority(t *testing.T) {
	games := 0
	for _, n := range []int{3, 4} {
		for seed := range uint64(30) {
			g, err := NewGame(Config{Players: n, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			kept := map[Player]CardID{}
			for p := range Player(n) {
				for _, c := range g.dealtCards(p) {
					if items := c.Card().Rows[0].Reward.Items(); len(items) == 1 && items[0].Kind == GemsReward {
						kept[p] = c
					}
				}
			}
			if len(kept) != n {
				continue
			}
			for p := range Player(n) {
				g = mustApply(t, g, p, Move{Kind: KeepInPyramid, Card: kept[p]})
				if g.Decision(p) == ChooseStart {
					g = mustApply(t, g, p, g.Legal(p)[0])
				}
			}
			var order []Player
			for g.Phase() != PhaseAuction {
				who := g.ToMove()
				if len(who) != 1 || g.Decision(who[0]) != ChooseGem {
					t.Fatalf("seed %d: to move %v, %v", seed, who, g.Decision(who[0]))
				}
				if len(order) == 0 || order[len(order)-1] != who[0] {
					order = append(order, who[0])
				}
				g = mustApply(t, g, who[0], g.Legal(who[0])[0])
			}
			want := make([]Player, n)
			for p := range want {
				want[p] = Player(p)
			}
			slices.SortFunc(want, func(a, b Player) int { return int(kept[a]) - int(kept[b]) })
			if !cmp.Equal(order, want) {
				t.Fatalf("%d players, seed %d, starting cards %v: rewards taken in order %v, want %v", n, seed, kept, order, want)
			}
			games++
		}
	}
	if games == 0 {
		t.Fatal("no game dealt every player a starting card that gives gems")
	}
}

// TestSetupUnchosenStartingCardsBackInDeck: RULES.md 3.2, "In the second edition the 2
// unchosen cards of each player go back into the deck" (then the deck is shuffled and split).
func TestSetupUnchosenStartingCardsBackInDeck(t *testing.T) {
	for seed := range uint64(10) {
		g, err := NewGame(Config{Players: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var back []CardID
		for p := range Player(4) {
			d := g.dealtCards(p)
			g = mustApply(t, g, p, Move{Kind: KeepInPyramid, Card: d[0]})
			g = mustApply(t, g, p, Move{Kind: KeepInHand, Card: d[1]})
			back = append(back, d[2:]...)
		}
		for _, c := range back {
			inDeck := false
			for _, d := range g.chars[g.largeTop:g.largeEnd] {
				inDeck = inDeck || d == c
			}
			for _, d := range g.chars[g.smallTop:g.smallEnd] {
				inDeck = inDeck || d == c
			}
			for _, col := range g.auction {
				inDeck = inDeck || col[0] == c
			}
			for p := range g.players {
				inDeck = inDeck || g.hand[p].has(c) // drawn by a starting reward
			}
			if !inDeck {
				t.Fatalf("seed %d: unchosen starting card %v is not back in the deck", seed, c)
			}
		}
	}
}

// TestSetupStartChoiceHidden: RULES.md 3.2, the starting choice is "simultaneous and
// hidden": while player 1 still chooses, nothing in player 1's view depends on player 0's choice.
func TestSetupStartChoiceHidden(t *testing.T) {
	for _, ed := range []Edition{SecondEdition, FirstEdition} {
		g0, err := NewGame(Config{Players: 2, Edition: ed, Seed: 9})
		if err != nil {
			t.Fatal(err)
		}
		d := g0.dealtCards(0)
		var views [2][]byte
		for i := range 2 {
			g := mustApply(t, g0, 0, Move{Kind: KeepInPyramid, Card: d[i]})
			if ed == SecondEdition {
				g = mustApply(t, g, 0, Move{Kind: KeepInHand, Card: d[1-i]})
			}
			views[i] = viewJSON(t, g.View(1))
		}
		if string(views[0]) != string(views[1]) {
			t.Errorf("%v: player 1's view depends on player 0's hidden starting choice:\n%s\n%s", ed, views[0], views[1])
		}
	}
}

// FuzzApply: any move, by any player, at decisions along a random game, never panics; an error
// leaves the game unchanged.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), 40, uint8(Bid), uint8(12), uint8(Red), int8(1), int8(0), uint8(0), int8(0))
	f.Add(uint64(2), 200, uint8(PlaceCard), uint8(0), uint8(0), int8(2), int8(-1), uint8(0), int8(1))
	f.Fuzz(func(t *testing.T, seed uint64, steps int, kind, card, color uint8, level, col int8, choice uint8, who int8) {
		g, err := NewGame(Config{Players: 3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 1))
		for i := 0; i < steps%600 && !g.Over(); i++ {
			p := g.ToMove()[0]
			moves := g.Legal(p)
			g, _ = g.Apply(p, moves[r.IntN(len(moves))])
		}
		m := Move{Kind: MoveKind(kind), Card: CardID(card), Color: Color(color), At: Place{level, col}, Choice: uint8(choice)}
		before := g
		next, err := g.Apply(Player(who), m)
		if err != nil && next != before {
			t.Fatalf("rejected move %v changed the game", m)
		}
		if err == nil && !isLegal(before, Player(who), m) {
			t.Fatalf("accepted move %v is not in Legal", m)
		}
		if wfErr := m.wellFormed(); err == nil && wfErr != nil {
			t.Fatalf("accepted move %#v is not well formed: %v", m, wfErr)
		}
	})
}

// TestPlayIsApplyInPlace: Play makes Apply's transition on the caller's game, and a refused move
// leaves the game as it was, with Apply's error.
func TestPlayIsApplyInPlace(t *testing.T) {
	for _, cfg := range allMixes(11) {
		g, r := seededGame(t, cfg, 5)
		for !g.Over() {
			who := g.ToMove()
			p := who[r.IntN(len(who))]
			bad := Move{Kind: Take, Card: CardID(r.IntN(NumCards + 2))}
			before := g
			_, wantErr := g.Apply(p, bad)
			err := g.Play(p, bad)
			if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
				t.Fatalf("%+v: Play(%v) = %v, Apply gave %v", cfg, bad, err, wantErr)
			}
			if err != nil && g != before {
				t.Fatalf("%+v: a refused Play changed the game", cfg)
			}
			if err == nil {
				g = before // the move was legal: go back and play a listed one
			}
			legal := g.Legal(p)
			m := legal[r.IntN(len(legal))]
			want, err := g.Apply(p, m)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(p, m); err != nil || g != want {
				t.Fatalf("%+v: Play(%v) = %v, or another game than Apply's", cfg, m, err)
			}
		}
	}
}

// TestPlayersOutsideTheGame: a player number outside the game, however far outside, owes nothing,
// has no legal move, and cannot move: ErrNoSuchPlayer and the game unchanged.
func TestPlayersOutsideTheGame(t *testing.T) {
	g, err := NewGame(Config{Players: 2, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	m := g.Legal(0)[0]
	for _, p := range []Player{-1, -8, -64, 2, 3, 4, 7, 8, 9, 63, 64, 65, 1 << 40, math.MinInt, math.MaxInt} {
		if got := g.Legal(p); len(got) != 0 {
			t.Errorf("Legal(%d) = %v, want none", int(p), got)
		}
		after, err := g.Apply(p, m)
		if !errors.Is(err, ErrNoSuchPlayer) || after != g {
			t.Errorf("Apply(%d, %v): %v, want ErrNoSuchPlayer and the game unchanged", int(p), m, err)
		}
	}
}

// FuzzApplyMutatedMoves: at a decision of a random game of any player mix, a legal move of any
// player to move, with one field changed (to the fuzzer's value, or to another legal move's), is
// either accepted, being one of the player's legal moves, or refused with a sentinel's error and
// the game unchanged; an accepted move leaves a game that keeps the invariants.
func FuzzApplyMutatedMoves(f *testing.F) {
	for i := range 12 {
		f.Add(uint64(i), uint16(i*37), uint8(i), uint8(i*3), uint8(i%6), uint16(i*101))
	}
	mixes := allMixes(0)
	f.Fuzz(func(t *testing.T, seed uint64, steps uint16, mix, who, field uint8, value uint16) {
		cfg := mixes[int(mix)%len(mixes)]
		cfg.Seed = seed
		g, err := NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, uint64(mix)))
		for i := 0; i < int(steps)%700 && !g.Over(); i++ {
			toMove := g.ToMove()
			p := toMove[r.IntN(len(toMove))]
			moves := g.Legal(p)
			g = mustApply(t, g, p, moves[r.IntN(len(moves))])
		}
		p := Player(int8(who)) // mostly 0-3, sometimes no player
		var m Move
		if toMove := g.ToMove(); len(toMove) > 0 && who < 128 {
			p = toMove[int(who)%len(toMove)]
			legal := g.Legal(p)
			m = legal[int(value)%len(legal)]
			other := legal[int(value>>8)%len(legal)]
			v := uint8(value)
			switch field % 6 {
			case 0:
				m.Kind = MoveKind(v % (uint8(numMoveKinds) + 2))
			case 1:
				m.Card = CardID(v)
			case 2:
				m.Color = Color(v % 6)
			case 3:
				m.At = Place{int8(v%8) - 1, int8(value>>8) % 16}
			case 4:
				m.Choice = uint8(v)
			case 5:
				m.Card, m.Color = other.Card, other.Color
			}
		}
		before := g
		next, err := g.Apply(p, m)
		switch {
		case err != nil && next != before:
			t.Fatalf("refused move %v changed the game", m)
		case err != nil && !wrapsSentinel(err):
			t.Fatalf("refused move %v: %v wraps no sentinel", m, err)
		case err == nil && !isLegal(before, p, m):
			t.Fatalf("accepted move %v is not among %v's legal moves", m, p)
		case err == nil:
			if err := next.audit(); err != nil {
				t.Fatalf("after %v %v: %v", p, m, err)
			}
		}
		if g != before {
			t.Fatal("Apply changed the game it was called on")
		}
	})
}

// extremeCounts are player and virtual-opponent counts at and around every boundary: the
// extremes of int, where a sum overflows, the small counts a game has, and just past them.
var extremeCounts = []int{math.MinInt, math.MinInt + 1, math.MinInt + MaxPlayers, -5, -4, -1, 0, 1, 2, 3,
	4, 5, 8, math.MaxInt - 3, math.MaxInt - 2, math.MaxInt - 1, math.MaxInt}

// extremeConfigs is the grid of every pair of extremeCounts in editions 0, 1, 2 and 255: 1,156
// configs, 18 of them playable.
func extremeConfigs() []Config {
	var out []Config
	for _, players := range extremeCounts {
		for _, virtual := range extremeCounts {
			for _, ed := range []Edition{SecondEdition, FirstEdition, 2, 255} {
				out = append(out, Config{Players: players, Virtual: virtual, Edition: ed, Seed: 3})
			}
		}
	}
	return out
}

// playable says, independently of validate, whether a game of cfg can be played: 1 to 4 humans,
// no fewer than 0 virtual opponents, at most 4 participants, not one human alone, a known edition.
func playable(cfg Config) bool {
	p, v := cfg.Players, cfg.Virtual
	return p >= 1 && p <= MaxPlayers && v >= 0 && v <= MaxPlayers && p+v <= MaxPlayers &&
		(p > 1 || v > 0) && (cfg.Edition == SecondEdition || cfg.Edition == FirstEdition)
}

// configJSONText and configText write a record of cfg with no moves in the JSON and text forms by
// hand, since the encoders refuse a config that cannot be played: an edition without a name is
// written as its number.
func recordJSONText(cfg Config) string {
	ed := strconv.Itoa(int(cfg.Edition))
	if n, ok := editionNames[cfg.Edition]; ok {
		ed = n
	}
	return fmt.Sprintf(`{"version":%d,"config":{"players":%d,"virtual":%d,"edition":%q,"seed":%d},"moves":[]}`,
		RulesVersion, cfg.Players, cfg.Virtual, ed, cfg.Seed)
}

func recordText(cfg Config) string {
	ed := strconv.Itoa(int(cfg.Edition))
	if n, ok := editionNames[cfg.Edition]; ok {
		ed = n
	}
	return fmt.Sprintf("version %d\nplayers %d\nvirtual %d\nedition %s\nseed %d\n",
		RulesVersion, cfg.Players, cfg.Virtual, ed, cfg.Seed)
}

// TestExtremeConfigs: every config of the grid, through NewGame, NewHistory, Replay,
// ReplayHistory, PlayGame, the record encoders and the record decoders of both forms, either
// fails with an error wrapping ErrBadConfig (and no game) or, exactly when it is playable, gives a
// game that plays to a scored end. None panics. (Players+Virtual overflowed once: 2 players and
// math.MaxInt virtual opponents passed validate, and the game panicked at its first View.)
func TestExtremeConfigs(t *testing.T) {
	good := 0
	for _, cfg := range extremeConfigs() {
		ok := playable(cfg)
		if ok {
			good++
		}
		rec := newRecord(cfg)
		check := func(via string, g Game, err error) {
			t.Helper()
			switch {
			case ok && err != nil:
				t.Errorf("%+v via %s: %v, want a game", cfg, via, err)
			case ok:
				if g.Config() != cfg {
					t.Errorf("%+v via %s: a game of %+v", cfg, via, g.Config())
				}
				if err := playOut(g, rand.New(rand.NewPCG(cfg.Seed, uint64(cfg.Players)))); err != nil {
					t.Errorf("%+v via %s: %v", cfg, via, err)
				}
			case !errors.Is(err, ErrBadConfig):
				t.Errorf("%+v via %s: %v, want an error wrapping ErrBadConfig", cfg, via, err)
			case g != Game{}:
				t.Errorf("%+v via %s: an error, and a game that is not the zero Game", cfg, via)
			}
		}
		g, err := NewGame(cfg)
		check("NewGame", g, err)
		h, err := NewHistory(cfg)
		check("NewHistory", historyGame(h), err)
		g, err = Replay(rec)
		check("Replay", g, err)
		h, err = ReplayHistory(rec)
		check("ReplayHistory", historyGame(h), err)
		if ok {
			bots := make([]Bot, cfg.Players)
			for p := range bots {
				bots[p] = newRandomBot(uint64(p))
			}
			if _, err := PlayGame(cfg, bots...); err != nil {
				t.Errorf("%+v: PlayGame: %v", cfg, err)
			}
		} else if _, err := PlayGame(cfg); !errors.Is(err, ErrBadConfig) {
			t.Errorf("%+v: PlayGame: %v, want an error wrapping ErrBadConfig", cfg, err)
		}

		// The encoders write only a record that can be replayed; the decoders read only one.
		b, err := json.Marshal(rec)
		if ok != (err == nil) || (!ok && !errors.Is(err, ErrBadConfig)) {
			t.Errorf("%+v: json.Marshal of its record: %s, %v", cfg, b, err)
		}
		text, err := rec.MarshalText()
		if ok != (err == nil) || (!ok && !errors.Is(err, ErrBadConfig)) {
			t.Errorf("%+v: MarshalText of its record: %s, %v", cfg, text, err)
		}
		var fromJSON, fromText Record
		err = json.Unmarshal([]byte(recordJSONText(cfg)), &fromJSON)
		if !ok && !errors.Is(err, ErrBadJSON) {
			t.Errorf("%+v: the record's JSON reads with %v, want an error wrapping ErrBadJSON too", cfg, err)
		}
		g = Game{}
		if err == nil {
			g, err = Replay(fromJSON)
		}
		check("JSON record", g, err)
		err = fromText.UnmarshalText([]byte(recordText(cfg)))
		if !ok && !errors.Is(err, ErrBadValue) {
			t.Errorf("%+v: the record's text reads with %v, want an error wrapping ErrBadValue too", cfg, err)
		}
		g = Game{}
		if err == nil {
			g, err = Replay(fromText)
		}
		check("text record", g, err)
	}
	if good != 18 {
		t.Errorf("%d playable configs in the grid, want 18 (9 mixes, 2 editions)", good)
	}
}

// historyGame is h's game, or the zero Game for no History.
func historyGame(h *History) Game {
	if h == nil {
		return Game{}
	}
	return h.Game()
}
