// Package viceroy implements the rules of the board game Viceroy (Yuri Zhuravlev, 2014) for one
// to four players: a game engine for servers, bots, user interfaces and analysis tools.
//
// # The game in brief
//
// Each of 12 turns has an auction phase and a development phase. In the auction, players bid gems
// of a colour, hidden and simultaneously, for the character cards lying at the four coloured
// arrows; a player who passes takes gems instead. In the development phase, players play cards
// from their hand into their pyramid, paying gems by the level a card goes to and taking that
// level's reward: gems, cards, tokens, infinite gems. At the end, players paint circles with their
// remaining gems and score single-colour circles, infinite gems, laws, power points, magic, sets
// and attacks.
//
// # The model
//
// The cards are a fixed catalogue: a [CardID] is a card's printed number (characters 1-64, laws
// 65-88) and [CardID.Card] returns its [Card]: four coloured sectors (indexed [TopLeft] to
// [BottomRight]) and, for characters, four rows of a cost [Color] and a [Reward]. [Gems] counts
// gems by colour. [Cards] returns the whole catalogue, which marshals to the JSON a client needs to
// draw the cards.
//
// A [Pyramid] is where one player's cards stand: places ([Place]) of level and column, unbroken
// runs, each upper card on two below, at most five levels. Every card above level 1 closes a
// [Circle] of four sectors. A [Tableau] is a pyramid with everything lying on it (tokens, see
// [Token]; infinite gems; tucked cards); [Tableau.Score] draws up the [ScoreSheet] of the seven
// categories, and [Tableau.BestPainting] finds the end-game painting that scores most.
//
// A [Game] is the whole state of a game as a plain comparable value: no pointers, slices or maps
// inside. [NewGame] sets one up from a [Config] (players, edition, seed); then the game is a
// sequence of decisions:
//
//	for !g.Over() {
//		p := g.ToMove()[0]       // who owes a decision
//		moves := g.Legal(p)      // the choices
//		g, err = g.Apply(p, moves[0])
//	}
//
// [Game.Apply] never changes the game it is called on; it returns the next one, so keeping a
// history, searching ahead or comparing positions needs no copying code. Compound choices are
// small decisions: each gem taken is one [Move], so is the deck of each card drawn, the place of a
// card and the use of an infinite gem. Simultaneous decisions (starting cards, bids, claims,
// development choices, painting) are collected one player at a time and resolved when the last
// arrives. Any other decision that has a single possible choice is made automatically; a
// simultaneous one is always asked, even with one legal move, so that its speed reveals nothing,
// unless everyone can see it is forced: a player with an empty hand passes in the development
// phase without being asked.
// All chance comes from [Config.Seed], so the same seed and moves always give the same game.
//
// # Search loops
//
// Bots that play out many games (Monte Carlo search, self-play) should use [Game.AppendToMove] and
// [Game.AppendLegal] with buffers they own, and make moves with [Game.Play]: the three allocate
// nothing and, like every method of Game, take the game by pointer, so a playout neither allocates
// nor copies the game.
// [Game.Apply] makes the same move on a copy, for a caller that keeps the game before it, and pays
// for copying the game. The repository's docs/performance.md gives the measured costs and the
// commands that measure them.
//
// An illegal move returns an error that wraps one of the package's sentinel errors
// ([ErrIllegalMove], [ErrNotYourTurn], ...), usable with [errors.Is], and the unchanged game.
//
// # What each player knows, and what happened
//
// [Game.View] is one player's information state: everything that player was shown since the deal,
// and nothing else. Besides the open table (pyramids, auction, reserve, deck sizes) it states what
// the table saw of the others: the hand cards everyone saw them take, how many law cards their hands
// hold, their screens as far as the open flows of gems show them ([PlayerView.Screen],
// [PlayerView.Unknown]), and the bookkeeping of the phase under way ([Progress]). A client or a bot
// never has to count.
//
// A [History] keeps a game with its [Record] and the table's log: typed [Event] values from the deal
// to the scores, each with a String in words and a JSON form. [History.Log] gives them as one player
// saw them, and a server sends each player their view and the events they have not yet seen:
//
//	h, _ := viceroy.NewHistory(cfg)
//	err := h.Play(p, m)                   // as Game.Apply, and logged
//	view, events := h.Game().View(p), h.Log(p)[sent:]
//
// [Language.Describe] says in words what a legal move does ("71 Levy: put an attack token on it").
//
// # English, Spanish and French
//
// Every word a player reads comes in the languages of the printed rulebooks, with their terms: a
// [Language] ([English], [Spanish], [French]) tells a move in words ([Language.Describe]), a line
// of the log, a score sheet, the game's summary, a colour or a token ([Language.Say]), a card's
// name and law text ([Language.CardName], [Language.CardText]) and why a move is refused
// ([Language.Refusal]); [Language.Words] hands its whole catalogue to an application, a web page
// say. The String methods speak English, from the same catalogue:
//
//	viceroy.Spanish.Say(e)            // "el jugador 1 coge 32 Capitán de la subasta (base roja)"
//	viceroy.French.Describe(&g, p, m) // "prendre une gemme rouge dans la Banque"
//
// The move notation is not translated: [Move.String] and [ParseMove] are one canonical notation,
// in English words, as a chess engine's is, for programs, records and tests.
//
// # Searching without seeing
//
// A bot sees only its View. [Sample] turns a view back into a game its player cannot tell from the
// real one, drawing the hidden cards, gems and choices at random among those consistent with the
// view; a bot plays out sampled games to choose its move (determinization):
//
//	for i := range n {
//		g, err := viceroy.Sample(view, uint64(i))
//		... // play each legal move out in g, and keep the one that does best over the samples
//	}
//
// [NewSampler] checks a view once and draws from it again and again. The package's own search does
// this: [Analyse] values every legal move of a view by playouts of sampled games (visits, win rate,
// score margin), for a hint or an analysis of a game, and the "search" level of [NewBot]
// ([NewSearchBot] for a budget of one's own) plays the move it values most.
//
// # Bots
//
// A [Bot] chooses a move from its [View]. [NewBot] makes the bundled ones by level, weakest first
// ([BotLevels]): "random"; "basic", a one-step estimate; "greedy", a valuation of
// what each move adds to the final score sheet; and "search", which samples and
// plays out games from its view ([NewSearchBot], [DefaultPlayouts] per decision). Two more,
// "greedy-2026" and "search-2026", are the greedy and search levels of the 2026 release, kept as
// yardsticks. [PlayGame] plays a whole game with one bot per player. The repository's
// docs/bots.md tells how each plays and how strong it is.
//
// # Saving, sending and reading games
//
// A server sends each player their [Game.View] and takes a [Move] back; both marshal with
// encoding/json, and decoding is strict (see [ErrBadJSON]). A [Game] itself has no JSON form: it
// holds every secret. A [Record] is a game as data (its [RulesVersion], config and moves), kept by a
// [History] as it plays; [Replay] rebuilds the game from it, and refuses a record of another version
// with [ErrVersion]. A record is also written as text, one move a line, for people to read and
// diff ([Record.MarshalText]).
//
// Every value prints for people: a Game as a one-line summary ([Game.String]), a move as a phrase
// of the canonical notation such as "bid red" or "place at L2 x-1" ([Move.String]), which
// [ParseMove] reads back, so that tests and bug reports can write moves by hand.
//
// # Rules decisions
//
// The rulebooks disagree in places and leave cases open; the package follows one reading,
// documented on the code that implements it. The main ones: the two editions differ only in the
// starting deal and the development-phase discard (see [Edition]); starting rewards are taken
// after the decks exist, in priority order; an attacker who finds the auction emptied by earlier
// attackers keeps the token; painting works circle by circle, since only whole single-colour
// circles score.
package viceroy
