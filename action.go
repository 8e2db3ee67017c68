package viceroy

// An action is the sequential decision one player is carrying out: the card being played, placed
// and paid for, its rewards row by row, a law's steps, gems or cards being taken. Every kind of
// action is here, with its name as the view's Progress.State carries it for Sample.

// actKind is the decision an action waits for.
type actKind uint8

// The action kinds.
const (
	actNone   actKind = iota
	actTake           // take a card from the auction (an attacker: any card; a sole bidder: one at a colour)
	actGems           // take gems from the reserve, one at a time
	actDraw           // draw cards, choosing the deck each time
	actPlace          // choose where the card being played stands
	actPay            // pay the cost, choosing which infinite gems to use
	actReward         // level 5: rows 1-3 or 15 points

	// The steps of laws (laws.go).
	actOption      // one of a law's three options
	actInfColor    // the colour of an infinite gem on the law
	actArchive     // 72 Archive: tuck cards from the hand, or stop
	actExile       // 74 Exile: the free card to tuck
	actPark        // 76 Treasury: park gems, or stop
	actPutBack     // 70 Council: law cards back on the law deck
	actBarterOwn   // 67 Barter: own token to swap, or decline
	actBarterOther // 67 Barter: the other player's token
	actGive        // 67 Barter: the gems paid to the other player

	// Decisions of humans caused by virtual opponents (virtual.go).
	actDuel           // take the tip card, or stay in
	actAuctionDiscard // discard a card from the auction

	numActKinds
)

// lawOfAction names the law whose resolution (resolveLaw, chooseOption) opens each law step: 0
// for the steps of any law with three options (hasLawOptions).
var lawOfAction = map[actKind]CardID{actOption: 0, actInfColor: 0, actArchive: lawArchive,
	actExile: lawExile, actPark: lawTreasury, actPutBack: lawCouncil, actBarterOwn: lawBarter,
	actBarterOther: lawBarter, actGive: lawBarter}

// actionNames are the names of the action kinds, as Progress.State carries them.
var actionNames = [numActKinds]string{actNone: "none", actTake: "take", actGems: "gems", actDraw: "draw",
	actPlace: "place", actPay: "pay", actReward: "reward", actOption: "option",
	actInfColor: "infinite-color", actArchive: "archive", actExile: "exile", actPark: "park",
	actPutBack: "put-back", actBarterOwn: "barter-own", actBarterOther: "barter-other", actGive: "give",
	actDuel: "duel", actAuctionDiscard: "auction-discard"}

// anyColor marks an attacker's take: any card on the auction.
const anyColor = NumColors

// action is the sequential action one player is carrying out, as a small set of counters: the
// decision it waits for now, and what follows (reward rows still to give).
type action struct {
	kind  actKind
	who   uint8
	card  CardID // the card being played or whose reward is given
	at    Place  // where it stands
	color uint8  // actTake: the auction colour, or anyColor
	n     uint8  // actGems, actDraw: how many still to take
	rows  uint8  // reward rows still to give: bit r-1 for row r
	item  uint8  // next item of the lowest row in rows
	due   Gems   // actPay: the cost still to pay
	pick  CardID // 67 Barter: the card holding the player's own token
	slot  uint8  // 67 Barter: that token's slot
	other uint8  // 67 Barter: the player paid
}
