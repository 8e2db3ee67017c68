package viceroy_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"math/rand/v2"
	"slices"

	"github.com/laar/viceroy"
)

// A new game starts with every player choosing, hidden, which starting card goes to the pyramid.
func ExampleNewGame() {
	g, err := viceroy.NewGame(viceroy.Config{Players: 3, Seed: 42})
	if err != nil {
		panic(err)
	}
	fmt.Println("to move:", g.ToMove())
	fmt.Println("player 0 is", g.Decision(0))
	fmt.Println("dealt:", g.View(0).Dealt)
	fmt.Println(g.Legal(0)[0])
	// Output:
	// to move: [player 0 player 1 player 2]
	// player 0 is choosing starting cards
	// dealt: [2 Ambassador 56 Poisoner 57 Enchantress 18 Grandee]
	// keep 2 Ambassador in the pyramid
}

// The main loop: ask who owes a decision, list the legal moves, apply one. Apply returns the next
// game and leaves the old one as it was.
func ExampleGame_Apply() {
	g, _ := viceroy.NewGame(viceroy.Config{Players: 2, Seed: 1})
	choose := rand.New(rand.NewPCG(1, 2))
	for !g.Over() {
		p := g.ToMove()[0]
		moves := g.Legal(p)
		next, err := g.Apply(p, moves[choose.IntN(len(moves))])
		if err != nil {
			panic(err) // a move from Legal is always accepted
		}
		g = next
	}
	fmt.Println("over after turn", g.Turn(), "with", len(g.Scores()), "score sheets")
	// Output:
	// over after turn 12 with 2 score sheets
}

// An illegal move returns an error usable with errors.Is, and the game unchanged.
func ExampleGame_Apply_illegal() {
	g, _ := viceroy.NewGame(viceroy.Config{Players: 2, Seed: 1})
	after, err := g.Apply(0, viceroy.Move{Kind: viceroy.Bid, Color: viceroy.Red})
	fmt.Println(err)
	fmt.Println("unchanged:", after == g)
	// Output:
	// viceroy: illegal move: player 0 cannot bid a red gem now: it is no move of the decision asked (the decision now is choosing starting cards)
	// unchanged: true
}

// A view holds what one player may know: their own hand and screen, and of the others only
// counts. It is what a server sends to a client.
func ExampleGame_View() {
	g, _ := viceroy.NewGame(viceroy.Config{Players: 2, Seed: 7})
	for g.Turn() == 0 {
		p := g.ToMove()[0]
		g, _ = g.Apply(p, g.Legal(p)[0])
	}
	v := g.View(0)
	fmt.Println("turn", v.Turn, "-", v.Decision)
	fmt.Println("my hand:", v.Hand)
	fmt.Println("my screen:", v.Screen)
	fmt.Println("player 1 holds", v.Players[1].HandSize, "cards and", v.Players[1].Gems, "gems")
	// Output:
	// turn 1 - bidding
	// my hand: [16 Miner 67 Barter 79 Harmony 87 Good Neighbours]
	// my screen: 2 blue, 2 red, 1 green, 1 yellow
	// player 1 holds 4 cards and 6 gems
}

// Scores draws up one score sheet per player by the seven categories of the rules.
func ExampleGame_Scores() {
	a, _ := viceroy.NewBot("basic", 1)
	b, _ := viceroy.NewBot("basic", 2)
	g, _ := viceroy.PlayGame(viceroy.Config{Players: 2, Seed: 3}, a, b)
	for _, s := range g.Scores() {
		fmt.Println(s.Player, "total", s.Total)
	}
	fmt.Println("winners:", g.Winners())
	// Output:
	// player 0 total 9
	// player 1 total 35
	// winners: [player 1]
}

// A playout loop for search bots: AppendToMove and AppendLegal fill buffers the loop owns and take
// the game by pointer, and Play makes the move in place, so the loop neither allocates nor copies
// the game.
func ExampleGame_AppendLegal() {
	rng := rand.New(rand.NewPCG(1, 2))
	var who [viceroy.MaxPlayers]viceroy.Player
	var moves [64]viceroy.Move
	g, _ := viceroy.NewGame(viceroy.Config{Players: 4, Seed: 7})
	decisions := 0
	for {
		toMove := g.AppendToMove(who[:0])
		if len(toMove) == 0 {
			break // the game is over
		}
		p := toMove[rng.IntN(len(toMove))]
		legal := g.AppendLegal(moves[:0], p)
		if err := g.Play(p, legal[rng.IntN(len(legal))]); err != nil {
			panic(err) // a legal move is never refused
		}
		decisions++
	}
	fmt.Println("over:", g.Over(), "after", decisions, "decisions; winners:", g.Winners())
	// Output:
	// over: true after 282 decisions; winners: [player 2]
}

// A game record (config and moves) marshals to JSON and replays to the identical game.
func ExampleReplay() {
	cfg := viceroy.Config{Players: 2, Seed: 5}
	g, _ := viceroy.NewGame(cfg)
	rec := viceroy.Record{Version: viceroy.RulesVersion, Config: cfg}
	for len(rec.Moves) < 30 {
		p := g.ToMove()[0]
		m := g.Legal(p)[0]
		g, _ = g.Apply(p, m)
		rec.Moves = append(rec.Moves, viceroy.PlayerMove{Player: p, Move: m})
	}
	data, _ := json.Marshal(rec.Moves[0])
	fmt.Println(string(data))

	replayed, err := viceroy.Replay(rec)
	fmt.Println(replayed == g, err)
	// Output:
	// {"player":0,"move":{"kind":"keep-in-pyramid","card":59}}
	// true <nil>
}

// A tableau is a pyramid with what lies on its cards; it can be built by hand and scored.
func ExampleTableau_Score() {
	var t viceroy.Tableau
	// Gunner (9) and Margrave (33) side by side; Pathfinder (53) on both closes a green circle.
	t, _ = t.Place(9, viceroy.Place{Level: 1, Col: 0})
	t, _ = t.Place(33, viceroy.Place{Level: 1, Col: 1})
	t, _ = t.Place(53, viceroy.Place{Level: 2, Col: 0})
	bonus, _ := viceroy.NewToken(viceroy.CircleBonus, 4, viceroy.Green)
	t, _ = t.Put(9, bonus)
	fmt.Println(t.Pyramid)
	fmt.Println(t.Score(0))
	// Output:
	// L2:   [53]
	// L1: [ 9][33]
	// player 0
	//   single-colour circles     6
	//   infinite gems             0
	//   laws                      0
	//   power points              0
	//   magic                     0
	//   sets                      0
	//   attacks                   0
	//   total                     6
}

// BestPainting finds the end-game painting that scores most with the gems left, and Paint lays
// it on the circles.
func ExampleTableau_BestPainting() {
	var t viceroy.Tableau
	t, _ = t.Place(1, viceroy.Place{Level: 1, Col: 0})  // Boatswain: all red
	t, _ = t.Place(33, viceroy.Place{Level: 1, Col: 1}) // Margrave: top-left green
	t, _ = t.Place(5, viceroy.Place{Level: 2, Col: 0})  // Scout: bottom red, red
	fmt.Println(t.Circles()[0])
	gems := viceroy.Gems{viceroy.Red: 1}
	painting := t.BestPainting(gems)
	for _, pc := range painting {
		fmt.Println("paint the circle at", pc.Top, pc.Color)
	}
	painted, left, err := t.Paint(painting, gems)
	if err != nil {
		panic(err)
	}
	fmt.Println(painted.Circles()[0], "gems left:", left.Total())
	// Output:
	// L2 x0 circle [red green red red]
	// paint the circle at L2 x0 red
	// L2 x0 circle [red red red red] gems left: 0
}

// Bots choose from a view, so they never see hidden information. PlayGame runs a game with one
// bot per player.
func ExamplePlayGame() {
	basic, _ := viceroy.NewBot("basic", 1)
	random2, _ := viceroy.NewBot("random", 2)
	random3, _ := viceroy.NewBot("random", 3)
	g, err := viceroy.PlayGame(viceroy.Config{Players: 3, Seed: 11}, basic, random2, random3)
	if err != nil {
		panic(err)
	}
	fmt.Println("over:", g.Over())
	fmt.Println("winners:", g.Winners())
	// Output:
	// over: true
	// winners: [player 0]
}

// hoarder is a Bot written for the example: in the auction it bids the colour it holds most of,
// once it holds at least 4 of it, and otherwise passes to take gems; every other decision it
// leaves to the first legal move. A bot sees only its player's View, so it cannot cheat.
type hoarder struct{}

func (hoarder) Choose(v viceroy.View, legal []viceroy.Move) viceroy.Move {
	if v.Decision == viceroy.ChooseBid {
		best := viceroy.Move{Kind: viceroy.Pass}
		most := 3
		for _, m := range legal {
			if m.Kind == viceroy.Bid && int(v.Screen[m.Color]) > most {
				best, most = m, int(v.Screen[m.Color])
			}
		}
		return best
	}
	return legal[0]
}

// A Bot of one's own: any type with a Choose method that picks one of the legal moves from its
// player's view. PlayGame seats it beside the bundled bots.
func ExampleBot() {
	basic, _ := viceroy.NewBot("basic", 1)
	g, err := viceroy.PlayGame(viceroy.Config{Players: 2, Seed: 3}, hoarder{}, basic)
	if err != nil {
		panic(err)
	}
	for _, sheet := range g.Scores() {
		fmt.Println(sheet.Player, "scores", sheet.Total)
	}
	// Output:
	// player 0 scores 10
	// player 1 scores 40
}

// A whole game: ask who owes a decision, list the legal moves, apply one, until the game is over.
func Example() {
	g, err := viceroy.NewGame(viceroy.Config{Players: 3, Seed: 42})
	if err != nil {
		panic(err)
	}
	fmt.Println(g)
	for !g.Over() {
		p := g.ToMove()[0]
		g, err = g.Apply(p, g.Legal(p)[0])
		if err != nil {
			panic(err) // never happens for a move from Legal
		}
	}
	fmt.Println(g)
	// Output:
	// 3 players, second edition: setup; player 0 (choosing starting cards), player 1 (choosing starting cards) and player 2 (choosing starting cards) to move
	// 3 players, second edition: over, won by player 1
}

// The catalogue: every card by its printed number.
func ExampleCardID_Card() {
	captain := viceroy.CardID(32).Card()
	fmt.Println(captain.Name, "costs on level 5:", captain.Cost(5))
	for level, row := range captain.Rows {
		fmt.Printf("level %d: +%v, %v\n", level+1, row.Cost, row.Reward)
	}
	// Output:
	// Captain costs on level 5: 1 blue, 1 green, 3 yellow
	// level 1: +green, cards:1
	// level 2: +blue, gems:5
	// level 3: +yellow, magic:1
	// level 4: +yellow, points:12
}

// A History keeps the table's log beside the game: here, what player 0 saw of the setup of a
// two-player game, the other player's starting cards and choices hidden.
func ExampleHistory() {
	h, err := viceroy.NewHistory(viceroy.Config{Players: 2, Seed: 3})
	if err != nil {
		log.Fatal(err)
	}
	for g := h.Game(); g.Turn() == 0; g = h.Game() {
		p := g.ToMove()[0]
		if err := h.Play(p, g.Legal(p)[0]); err != nil {
			log.Fatal(err)
		}
	}
	for _, e := range h.Log(0)[:8] {
		fmt.Println(e)
	}
	// Output:
	// player 0 is dealt 13 Arcanist, 56 Poisoner, 45 Sergeant, 2 Ambassador
	// player 1 is dealt 4 starting cards
	// player 0 chooses, hidden from the others: start the pyramid with 13 Arcanist
	// player 0 chooses, hidden from the others: keep 56 Poisoner in hand
	// player 1 has chosen
	// player 1 has chosen
	// player 0 reveals: start the pyramid with 13 Arcanist
	// player 1 reveals: start the pyramid with 53 Pathfinder
}

// Sample turns a view back into a game: the cards and gems the viewer has not seen are drawn at
// random, and the sampled game shows the viewer the same view.
func ExampleSample() {
	g, err := viceroy.NewGame(viceroy.Config{Players: 3, Seed: 8})
	if err != nil {
		log.Fatal(err)
	}
	for range 40 {
		p := g.ToMove()[0]
		g, _ = g.Apply(p, g.Legal(p)[0])
	}
	view := g.View(0)
	s, err := viceroy.Sample(view, 1)
	if err != nil {
		log.Fatal(err)
	}
	same, _ := json.Marshal(s.View(0))
	want, _ := json.Marshal(view)
	fmt.Println("player 0 sees the same game:", string(same) == string(want))
	fmt.Println("player 1's hand is the same:", slices.Equal(s.View(1).Hand, g.View(1).Hand))
	// Output:
	// player 0 sees the same game: true
	// player 1's hand is the same: false
}

// Play makes a move on the game itself, for loops that keep no copy: a search's playouts, say.
// With buffers of its own for AppendToMove and AppendLegal, such a loop allocates nothing.
func ExampleGame_Play() {
	g, _ := viceroy.NewGame(viceroy.Config{Players: 4, Seed: 7})
	choose := rand.New(rand.NewPCG(7, 8))
	var who []viceroy.Player
	var moves []viceroy.Move
	decisions := 0
	for !g.Over() {
		who = g.AppendToMove(who[:0])
		p := who[choose.IntN(len(who))]
		moves = g.AppendLegal(moves[:0], p)
		if err := g.Play(p, moves[choose.IntN(len(moves))]); err != nil {
			panic(err) // a move from AppendLegal is always accepted
		}
		decisions++
	}
	fmt.Println(decisions > 200, g.Phase(), len(g.Winners()) > 0)
	// Output:
	// true over true
}

// ParseMove reads a move as Move.String writes it, whatever the case and spacing; a card may be
// named by its number alone. Text that is no move is an error wrapping ErrBadValue.
func ExampleParseMove() {
	for _, text := range []string{"bid red", "Play 32 Captain", "play 32", "place at L2 x-1", "play 32 Baron"} {
		m, err := viceroy.ParseMove(text)
		if err != nil {
			fmt.Println(errors.Is(err, viceroy.ErrBadValue), err)
			continue
		}
		fmt.Printf("%q: %v\n", text, m)
	}
	// Output:
	// "bid red": bid red
	// "Play 32 Captain": play 32 Captain
	// "play 32": play 32 Captain
	// "place at L2 x-1": place at L2 x-1
	// true viceroy: bad value: move "play 32 Baron": card 32 is 32 Captain, not "baron"; expected "play <card>"
}

// Every move kind has one text form, which MoveKind's documentation lists with an example; each
// example reads back as a move of its kind, and writes as the same text.
func ExampleParseMove_everyForm() {
	forms := []string{"keep 32 Captain in the pyramid", "keep 5 Scout in the hand", "bid blue", "attack",
		"pass", "take 40 Admiral", "claim 24 Agent", "stay in", "play 20 Recruiter", "discard 20 Recruiter",
		"place at L1 x-1", "use the infinite gem on 73 Bastion", "pay the cost", "take the rewards of rows 1-3",
		"take 15 points", "take a blue gem", "draw from the small deck", "draw from the law deck",
		"choose option 0", "make the infinite gem blue", "tuck 2 Ambassador", "tuck under 6 Chancellor",
		"keep the card", "done", "park a blue gem", "put back 67 Barter", "pick token 0 on 46 Saboteur",
		"give a blue gem", "paint the circle at L2 x-2 blue", "accept the best painting", "finish painting"}
	kinds := map[viceroy.MoveKind]bool{}
	for _, text := range forms {
		m, err := viceroy.ParseMove(text)
		if err != nil || m.String() != text {
			fmt.Println(text, err)
		}
		kinds[m.Kind] = true
	}
	fmt.Println(len(kinds), "kinds", kinds[viceroy.KeepInPyramid], kinds[viceroy.FinishPainting], kinds[viceroy.NoMove])
	// Output:
	// 29 kinds true true false
}

// A record's text form is a few header lines and a line a move, the move as Move.String writes it:
// easy to read, to diff and to edit by hand, and it replays as the JSON form does.
func ExampleRecord_MarshalText() {
	cfg := viceroy.Config{Players: 2, Seed: 5}
	h, _ := viceroy.NewHistory(cfg)
	for len(h.Record().Moves) < 4 {
		g := h.Game()
		p := g.ToMove()[0]
		_ = h.Play(p, g.Legal(p)[0])
	}
	text, _ := h.Record().MarshalText()
	fmt.Print(string(text))

	var back viceroy.Record
	if err := back.UnmarshalText(text); err != nil {
		panic(err)
	}
	g, err := viceroy.Replay(back)
	fmt.Println(g == h.Game(), err)
	// Output:
	// version 2
	// players 2
	// virtual 0
	// edition second
	// seed 5
	// 0: keep 59 First Mate in the pyramid
	// 0: keep 34 Hermit in the hand
	// 1: keep 53 Pathfinder in the pyramid
	// 1: keep 4 Mentor in the hand
	// true <nil>
}

// A Language tells the moves in words of the rulebooks: here player 0's choices in the first
// round of the auction, in Spanish and in French (ExampleGame_Describe has them in English).
func ExampleLanguage_Describe() {
	g, err := viceroy.NewGame(viceroy.Config{Players: 2, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	for g.Decision(0) != viceroy.ChooseBid {
		p := g.ToMove()[0]
		g, _ = g.Apply(p, g.Legal(p)[0])
	}
	for _, l := range []viceroy.Language{viceroy.English, viceroy.Spanish, viceroy.French} {
		for _, m := range g.Legal(0)[1:3] {
			fmt.Println(l.Describe(&g, 0, m))
		}
		fmt.Println(l.Describe(&g, 0, viceroy.Move{Kind: viceroy.Pass}))
	}
	// Output:
	// bid a red gem, for 32 Captain
	// bid a green gem, for 14 Executioner
	// pass, and take 3 gems of your choice
	// pujar una gema roja, por 32 Capitán
	// pujar una gema verde, por 14 Verdugo
	// pasar, y coger 3 gemas a tu elección
	// miser une gemme rouge, pour 32 Capitaine
	// miser une gemme verte, pour 14 Bourreau
	// passer, et prendre 3 gemmes de votre choix
}

// Say tells the table's log, a score sheet or the game's summary in a language: here the first
// events a player of a game saw, in each of them.
func ExampleLanguage_Say() {
	h, err := viceroy.NewHistory(viceroy.Config{Players: 2, Seed: 5})
	if err != nil {
		log.Fatal(err)
	}
	for len(h.Log(0)) < 40 {
		g := h.Game()
		p := g.ToMove()[0]
		if err := h.Play(p, g.Legal(p)[0]); err != nil {
			log.Fatal(err)
		}
	}
	for _, l := range viceroy.Languages() {
		fmt.Printf("%s (%s):\n", l.Words()["language"], l)
		for _, e := range h.Log(0)[30:37] {
			fmt.Println(" ", l.Say(e))
		}
		fmt.Println(" ", l.Say(h.Game()))
	}
	// Output:
	// English (en):
	//   player 0 takes 1 red
	//   turn 1 begins
	//   auction round 1
	//   player 0 chooses, hidden from the others: bid a blue gem
	//   player 1 has chosen
	//   player 0 reveals: bid a blue gem
	//   player 1 reveals: bid a blue gem
	//   2 players, second edition: turn 1, auction round 3; player 0 (bidding) and player 1 (bidding) to move
	// español (es):
	//   el jugador 0 coge 1 gema roja
	//   empieza el turno 1
	//   subasta 1
	//   el jugador 0 elige, en secreto: pujar una gema azul
	//   el jugador 1 ha elegido
	//   el jugador 0 revela: pujar una gema azul
	//   el jugador 1 revela: pujar una gema azul
	//   2 jugadores, segunda edición: turno 1, subasta 3; juegan: jugador 0 (pujando) y jugador 1 (pujando)
	// français (fr):
	//   le joueur 0 prend 1 gemme rouge
	//   le tour 1 commence
	//   Enchère 1
	//   le joueur 0 choisit, en secret : miser une gemme bleue
	//   le joueur 1 a choisi
	//   le joueur 0 révèle : miser une gemme bleue
	//   le joueur 1 révèle : miser une gemme bleue
	//   2 joueurs, deuxième édition : tour 1, Enchère 3 ; à jouer : joueur 0 (mise) et joueur 1 (mise)
}

// CardName and CardText give a card's words in a language.
func ExampleLanguage_CardText() {
	for _, l := range viceroy.Languages() {
		fmt.Printf("%s: %s\n", l.CardName(71), l.CardText(71))
	}
	// Output:
	// Levy: Choose one: put an attack token on this law; or put a 6-point token on this law; or take 4 gems of your choice from the reserve.
	// Leva: Elige una: pon una ficha de ataque sobre esta ley; o pon una ficha de 6 puntos de poder sobre esta ley; o coge 4 gemas a tu elección de la reserva.
	// Levée: Au choix : placez un jeton Attaque sur cette Loi ; ou placez un jeton Pouvoir de 6 points sur cette Loi ; ou prenez 4 gemmes de votre choix dans la Banque.
}
