package viceroy

import "math/bits"

// The table of decisions. Every decision a player can owe is one kind (decision), and each kind is
// one entry of decisions: who owes it, whether it is a hidden simultaneous choice, and how its
// moves are listed, checked, forced and carried out. Everything that asks what is owed now reads
// the entry of the decision owed (decisionOwed) and nothing else: ToMove (owers), Legal (list),
// Apply and Play (allows, do), the moves made for a player who has no choice (settle, forced), the
// View's Decision (name), the reasons an illegal move is refused (why), the words Describe gives
// (describe) and History (hidden, and the same settle). The rules behind each entry are in the
// doc comments of the functions it names.

// decision is a kind of decision a player can owe: an index into decisions.
type decision uint8

// The kinds of decision.
const (
	decNone           decision = iota // nobody owes a decision: an automatic step follows, or the game is over
	decStart                          // setup: the starting cards (setup.go)
	decBids                           // an auction round: bid, attack or pass (auction.go)
	decClaim                          // two bidders on two cards: which one to claim (auction.go)
	decDevelop                        // a development round: play, discard or pass (development.go)
	decPaint                          // the end: paint a circle, the best painting, or finish (painting.go)
	decPatronage                      // 78 Patronage: tuck the card just taken, or keep it (flow.go)
	decTake                           // a card taken from the auction by an attacker or a sole bidder (auction.go)
	decGems                           // the colour of the next gem taken from the reserve (flow.go)
	decDraw                           // the deck of the next card drawn (flow.go)
	decPlace                          // where the character card being played stands (flow.go)
	decPlaceLaw                       // where the law card being played goes (laws.go)
	decPay                            // an infinite gem to pay with, or the rest from the screen (flow.go)
	decReward                         // at level 5: the rewards of rows 1-3, or 15 points (flow.go)
	decOption                         // one of a law's three options (laws.go)
	decInfColor                       // the colour of an infinite gem put on a law (laws.go)
	decArchive                        // 72 Archive: a card of the hand to tuck, or stop (laws.go)
	decExile                          // 74 Exile: the free card to tuck (laws.go)
	decPark                           // 76 Treasury: a gem to park, or stop (laws.go)
	decPutBack                        // 70 Council: a law card back on the law deck (laws.go)
	decBarterOwn                      // 67 Barter: the player's own token to swap, or decline (laws.go)
	decBarterOther                    // 67 Barter: another player's token to take (laws.go)
	decGive                           // 67 Barter: a gem paid to the other player (laws.go)
	decDuel                           // against a virtual opponent on two cards: the tip card, or stay in (virtual.go)
	decAuctionDiscard                 // a card discarded from the auction for a virtual bid (virtual.go)
	numDecisions
)

// owedBy says who owes a decision of a kind.
type owedBy uint8

// Who owes a decision.
const (
	owedByNobody  owedBy = iota // decNone
	owedByWaiting               // every player in g.waiting, who choose at once
	owedByActor                 // the player carrying out the action under way (g.act.who)
	owedByPatron                // the owner of 78 Patronage
)

// decisionEntry is one kind of decision: who owes it and how its moves are listed, checked, forced
// and carried out. A nil allows finds the move in list; a nil forced counts list.
//
// The functions an entry names are called through methods written from this table by go generate
// (internal/gendecisions, decisions_gen.go: listMoves, allowsMove, forcedMove, doMove, whyNot,
// describeAs, and apply and AppendLegal, which read the entry of the decision owed at rest),
// which switch on the kind and call each function directly: a call through the function value
// would move the Game and the move to the heap, as escape analysis cannot see through it.
type decisionEntry struct {
	name   Decision // what the player is asked, as Game.Decision and the View name it
	owedBy owedBy
	// hidden marks a simultaneous choice, hidden from the others until the last one arrives: it is
	// always asked, even with a single legal move, since making it at once would show the others
	// that it was forced (settle), and History shows it to its player alone.
	hidden bool
	list   func(g *Game, dst []Move, p Player) []Move         // appends p's legal moves to dst, in their order
	allows func(g *Game, p Player, m *Move) bool              // reports whether *m is one of p's legal moves
	forced func(g *Game, p Player) (Move, bool)               // p's legal move if p has exactly one, and whether so
	do     func(g *Game, p Player, m *Move) (goOn bool)       // carries out legal move *m; see below
	why    func(g *Game, l Language, p Player, m Move) string // why m is not legal (in words of l), or "" for the general reason
	// takingPart returns who takes part in a hidden choice: the players asked for it when it begins
	// (ask), and so those Sample may find owing it.
	takingPart func(g *Game) uint8
	// describe says what move m does in this decision, or "" for the words of the move on its own
	// (Describe).
	describe func(g *Game, l Language, p Player, m Move) string
}

// An entry's do carries out a legal move, and reports whether the game must go on to the next
// decision (settle). It reports false only when the move leaves the game at rest with owes and dec
// kept current by do itself: a hidden choice while others still choose (record), a gem pick with
// another pick to follow (takeGemPick).

// decisions is the table of decisions, one entry for each kind.
//
//go:generate go run ./internal/gendecisions
var decisions = [numDecisions]decisionEntry{
	decNone: {
		name:   NoDecision,
		owedBy: owedByNobody,
		list:   (*Game).appendNothing,
	},
	decStart: {
		name:       ChooseStart,
		owedBy:     owedByWaiting,
		hidden:     true,
		takingPart: (*Game).everyone,
		list:       (*Game).appendStartMoves,
		do:         (*Game).doStart,
		why:        (*Game).whyNotDealt,
	},
	decBids: {
		name:       ChooseBid,
		owedBy:     owedByWaiting,
		hidden:     true,
		takingPart: (*Game).stillInAuction,
		list:       (*Game).appendBids,
		allows:     (*Game).allowsBid,
		do:         (*Game).record,
		why:        (*Game).whyNoBid,
		describe:   (*Game).describeBid,
	},
	decClaim: {
		name:       ChooseClaim,
		owedBy:     owedByWaiting,
		hidden:     true,
		takingPart: (*Game).claimants,
		list:       (*Game).appendClaims,
		allows:     (*Game).allowsClaim,
		do:         (*Game).record,
		why:        (*Game).whyNotTaken,
	},
	decDevelop: {
		name:       ChooseDevelopment,
		owedBy:     owedByWaiting,
		hidden:     true,
		takingPart: (*Game).stillDeveloping,
		list:       (*Game).appendDevelopmentMoves,
		allows:     (*Game).allowsDevelopment,
		do:         (*Game).record,
		why:        (*Game).whyNotPlayable,
		describe:   (*Game).describeDevelopment,
	},
	decPaint: {
		name:       ChoosePainting,
		owedBy:     owedByWaiting,
		hidden:     true,
		takingPart: (*Game).everyone,
		list:       (*Game).appendPaintMoves,
		allows:     (*Game).allowsPaint,
		do:         (*Game).doPaint,
		why:        (*Game).whyNoPaint,
	},
	decPatronage: {
		name:     ChoosePatronage,
		owedBy:   owedByPatron,
		list:     (*Game).appendPatronage,
		forced:   (*Game).neverForced,
		do:       (*Game).decidePatronage,
		describe: (*Game).describePatronage,
	},
	decTake: {
		name:   ChooseAuctionCard,
		owedBy: owedByActor,
		list:   (*Game).appendTakes,
		allows: (*Game).allowsTake,
		forced: (*Game).onlyTake,
		do:     (*Game).takeCard,
		why:    (*Game).whyNotTaken,
	},
	decGems: {
		name:   ChooseGem,
		owedBy: owedByActor,
		list:   (*Game).appendGemPicks,
		allows: (*Game).allowsGemPick,
		forced: (*Game).onlyGemPick,
		do:     (*Game).takeGemPick,
		why:    (*Game).whyNoGem,
	},
	decDraw: {
		name:   ChooseDeck,
		owedBy: owedByActor,
		list:   (*Game).appendDraws,
		allows: (*Game).allowsDraw,
		forced: (*Game).onlyDraw,
		do:     (*Game).drawCard,
	},
	decPlace: {
		name:     ChoosePlace,
		owedBy:   owedByActor,
		list:     (*Game).appendCharacterPlaces,
		allows:   (*Game).allowsPlace,
		forced:   (*Game).onlyPlace,
		do:       (*Game).placeCard,
		why:      (*Game).whyNotPlaced,
		describe: (*Game).describePlace,
	},
	decPlaceLaw: {
		name:     ChoosePlace,
		owedBy:   owedByActor,
		list:     (*Game).appendLawPlaces,
		allows:   (*Game).allowsLawPlace,
		forced:   (*Game).onlyLawPlace,
		do:       (*Game).placeLaw,
		why:      (*Game).whyNotPlaced,
		describe: (*Game).describeLawPlace,
	},
	decPay: {
		name:   ChoosePayment,
		owedBy: owedByActor,
		list:   (*Game).appendPayments,
		do:     (*Game).pay,
		why:    (*Game).whyNoInfinite,
	},
	decReward: {
		name:   ChooseReward,
		owedBy: owedByActor,
		list:   (*Game).appendRewardChoices,
		forced: (*Game).neverForced,
		do:     (*Game).chooseReward,
	},
	decOption: {
		name:     ChooseLawOption,
		owedBy:   owedByActor,
		list:     (*Game).appendOptions,
		forced:   (*Game).neverForced,
		do:       (*Game).chooseOption,
		describe: (*Game).describeOptionMove,
	},
	decInfColor: {
		name:   ChooseInfiniteColor,
		owedBy: owedByActor,
		list:   (*Game).appendInfiniteColors,
		do:     (*Game).colorInfinite,
	},
	decArchive: {
		name:     ChooseTuck,
		owedBy:   owedByActor,
		list:     (*Game).appendArchiveTucks,
		forced:   (*Game).neverForced,
		do:       (*Game).archive,
		why:      (*Game).whyNotArchived,
		describe: (*Game).describeArchive,
	},
	decExile: {
		name:     ChooseTuck,
		owedBy:   owedByActor,
		list:     (*Game).appendExiles,
		do:       (*Game).exileCard,
		describe: (*Game).describeExile,
	},
	decPark: {
		name:     ChoosePark,
		owedBy:   owedByActor,
		list:     (*Game).appendParks,
		forced:   (*Game).neverForced,
		do:       (*Game).park,
		describe: (*Game).describePark,
	},
	decPutBack: {
		name:   ChoosePutBack,
		owedBy: owedByActor,
		list:   (*Game).appendPutBacks,
		do:     (*Game).putBack,
		why:    (*Game).whyNotPutBack,
	},
	decBarterOwn: {
		name:     ChooseToken,
		owedBy:   owedByActor,
		list:     (*Game).appendOwnTokens,
		forced:   (*Game).neverForced,
		do:       (*Game).pickOwnToken,
		describe: (*Game).describeOwnToken,
	},
	decBarterOther: {
		name:     ChooseToken,
		owedBy:   owedByActor,
		list:     (*Game).appendOthersTokens,
		do:       (*Game).swapToken,
		describe: (*Game).describeOthersToken,
	},
	decGive: {
		name:   ChooseGift,
		owedBy: owedByActor,
		list:   (*Game).appendGifts,
		forced: (*Game).neverForced,
		do:     (*Game).giveGem,
	},
	decDuel: {
		name:   ChooseDuel,
		owedBy: owedByActor,
		list:   (*Game).appendDuelMoves,
		forced: (*Game).neverForced,
		do:     (*Game).doDuel,
		why:    (*Game).whyNotTaken,
	},
	decAuctionDiscard: {
		name:     ChooseAuctionDiscard,
		owedBy:   owedByActor,
		list:     (*Game).appendAuctionDiscards,
		do:       (*Game).discardForVirtual,
		describe: (*Game).describeAuctionDiscard,
	},
}

// actionDecisions gives the decision each kind of action waits for; an action placing a law card
// waits for decPlaceLaw instead (decisionOwed).
var actionDecisions = [numActKinds]decision{actNone: decNone, actTake: decTake, actGems: decGems,
	actDraw: decDraw, actPlace: decPlace, actPay: decPay, actReward: decReward, actOption: decOption,
	actInfColor: decInfColor, actArchive: decArchive, actExile: decExile, actPark: decPark,
	actPutBack: decPutBack, actBarterOwn: decBarterOwn, actBarterOther: decBarterOther, actGive: decGive,
	actDuel: decDuel, actAuctionDiscard: decAuctionDiscard}

// decisionOwed returns the kind of decision owed now, the one place where the state says it: 78
// Patronage's choice comes before anything else; then the decision the action under way waits for;
// then the simultaneous choice of the phase's step, if it collects one. A step that asks nothing
// is decNone, as is the end of the game.
func (g *Game) decisionOwed() decision {
	if g.patron != 0 {
		return decPatronage
	}
	if k := g.act.kind; k != actNone {
		if k == actPlace && g.act.card.IsLaw() {
			return decPlaceLaw
		}
		return actionDecisions[k]
	}
	switch g.phase {
	case phaseStart:
		return decStart
	case phaseAuction:
		switch g.sub {
		case subBids:
			return decBids
		case subClaim:
			return decClaim
		}
	case phaseDevelopment:
		if g.sub == subChoose {
			return decDevelop
		}
	case phasePainting:
		return decPaint
	}
	return decNone
}

// owers returns the players who owe a decision of kind d now (its entry's owedBy): none when all
// have made it, and the game goes on.
func (g *Game) owers(d decision) uint8 {
	switch owedByOf[d] {
	case owedByActor:
		return 1 << g.act.who
	case owedByWaiting:
		return g.waiting
	case owedByPatron:
		return 1 << g.patronWho // 0 for 255, an owner in no pyramid
	}
	return 0
}

// owedByOf and hiddenSet are the table's owedBy and hidden columns, packed for settle's loop,
// which reads them at every step: a byte for each kind, and bit d for each hidden kind d.
var owedByOf, hiddenSet = func() (by [numDecisions]owedBy, hidden uint32) {
	for d, e := range decisions {
		by[d] = e.owedBy
		if e.hidden {
			hidden |= 1 << d
		}
	}
	return by, hidden
}()

// owing returns the players who owe a decision now.
func (g *Game) owing() uint8 { return g.owers(g.decisionOwed()) }

// comeToRest records, in owes and dec, who owes a decision and what kind of decision it is, for a
// game at rest at a decision, and the inputs kept for it (placeLevels).
func (g *Game) comeToRest() {
	g.dec = g.decisionOwed()
	g.owes = g.owers(g.dec)
	g.placeLevels = g.placeLevelsNow()
}

// settle runs the game forward until some player has a real decision to make: automatic steps
// are taken, and a decision with a single legal move is made for its player. When it returns,
// every player who owes a decision has at least two legal moves, or owes a hidden choice, and owes
// and dec say who and which.
//
// A hidden simultaneous choice is always asked, even with a single legal move: if it were made at
// once, the others would see, before they choose, that it was forced, and so learn something
// hidden (that a player has no gem of a colour with a card to bid on, say, or no card in hand to
// pay for). The DESIGN makes such choices hidden until the last one arrives. (A pass that everyone
// can see is forced, by an empty hand in the development phase, is not asked:
// beginDevelopmentRound.)
func (g *Game) settle() { g.goOn(nil) }

// goOn is settle, logging every step and forced move into h when h is not nil (History.Play).
func (g *Game) goOn(h *History) {
	for {
		for g.idle() {
			if g.phase == phaseOver {
				g.owes, g.dec = 0, decNone
				return
			}
			if h == nil {
				g.step()
				continue
			}
			before := *g
			g.step()
			h.logStep(&before, g, -1, Move{})
		}
		d := g.decisionOwed()
		owes := g.owers(d)
		if hiddenSet>>d&1 == 0 {
			p := Player(bits.TrailingZeros8(owes))
			if m, ok := g.forcedMove(d, p); ok {
				if h == nil {
					g.doMove(d, p, &m)
					continue
				}
				before := *g
				g.doMove(d, p, &m)
				h.logStep(&before, g, p, m)
				continue
			}
		}
		g.owes, g.dec = owes, d
		return
	}
}

// idle reports whether nobody owes a decision: no 78 Patronage choice, no action under way
// (collecting), and nobody waiting to choose, which is what every entry's owedBy reads (owers). A step that asks
// nothing (decNone) has nobody waiting. settle's loop asks this at every step, as it is cheaper
// than finding the decision owed; TestIdleIsNobodyOwing holds the two together.
func (g *Game) idle() bool {
	return g.collecting() && g.waiting == 0
}

// listed reports whether *m is among p's legal moves of decision d as its list gives them: the
// check of an entry that names no allows (allowsMove).
func (g *Game) listed(d decision, p Player, m *Move) bool {
	var buf [64]Move
	for _, l := range g.listMoves(d, buf[:0], p) {
		if l == *m {
			return true
		}
	}
	return false
}

// onlyListed returns p's legal move of decision d if its list has exactly one, and whether so: the
// forced move of an entry that names no forced (forcedMove).
func (g *Game) onlyListed(d decision, p Player) (Move, bool) {
	var buf [64]Move
	moves := g.listMoves(d, buf[:0], p)
	if len(moves) != 1 {
		return Move{}, false
	}
	return moves[0], true
}

// do carries out p's move *m, which the entry of the decision owed has found legal, in a game that
// may not be at rest (Sample, History, tests): the game is not run forward.
func (g *Game) do(p Player, m *Move) { g.doMove(g.decisionOwed(), p, m) }

// ask begins hidden choice d: every player taking part in it owes it (takingPart).
func (g *Game) ask(d decision) { g.waiting = g.takingPart(d) }

// neverForced is the forced move of a decision that always has two moves or more, and so is never
// made for its player: 78 Patronage's tuck or keep, the level-5 reward, a law's three options, a
// duel's take or stay; 72 Archive's and 76 Treasury's steps and 67 Barter's first, which all offer
// to stop beside a move that continueLaw found there; 67 Barter's payment, which giveRest hands over
// when it is no choice.
func (g *Game) neverForced(Player) (Move, bool) { return Move{}, false }

// appendNothing lists the moves of decNone: there are none.
func (g *Game) appendNothing(dst []Move, _ Player) []Move { return dst }

// record records p's hidden choice *m (a bid, an attack, a pass, a claim, a development choice),
// which the entry has found legal: a claim names its card, kept apart from the round's bid, which
// the claims resolve; any other choice is kept whole. p then owes nothing more; while others still
// choose, nothing else happens, so the game stays at rest and record reports false.
func (g *Game) record(p Player, m *Move) (goOn bool) {
	if m.Kind == Claim {
		g.claim[p] = m.Card
	} else {
		g.secret[p] = *m
	}
	g.waiting &^= 1 << p
	g.owes = g.waiting
	return g.waiting == 0
}

// Simultaneous reports whether decisions of kind d are made hidden and at once by every player
// who owes one (the starting cards, bids, claims, development choices, painting), and revealed
// when the last arrives: while a player still owes one, nothing the others choose changes what
// that player sees or may choose. A server may then play a choice made from a view that the
// others' choices have since moved on from.
func (d Decision) Simultaneous() bool {
	for i := range decisions {
		if decisions[i].name == d {
			return decisions[i].hidden
		}
	}
	return false
}
