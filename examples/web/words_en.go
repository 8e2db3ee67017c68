package main

// wordsEN is the English catalogue of this example's own words (see words.go for the
// placeholders): "log." the log told to the seat's player (narrate.go), "error." the server's
// errors as the page shows them, "page." the page's prompts, buttons and help (static/app.js and
// static/index.html). A key "X.you" is the viewer's own act, told to them ("you take {gems}"); "X"
// another player's, {player} its name ("player 1 takes {gems}") and {pn} its number from 1.
var wordsEN = map[string]string{
	// The log (narrate.go).
	"log.player":                "player {n}",
	"log.subject.you":           "you",
	"log.to":                    "to player {n}",
	"log.sep":                   "; ",
	"log.and-round":             ", round {n}",
	"log.turn":                  "turn {n}",
	"log.round.auction":         "auction, round {n}",
	"log.round.development":     "development, round {n}",
	"log.phase.setup":           "the setup phase",
	"log.phase.auction":         "the auction phase",
	"log.phase.development":     "the development phase",
	"log.phase.painting":        "painting: the gems left behind the screens may paint circles",
	"log.phase.over":            "the game is over",
	"log.revealed":              "revealed: {what}",
	"log.auction-card":          "{card} ({slot})",
	"log.auction-card.small":    "{card} ({slot}) from the small deck",
	"log.auction-card.laws":     "{card} ({slot}) from the laws deck",
	"log.to-auction":            "to the auction: {cards}",
	"log.tip-card":              "{card} ({color})",
	"log.to-tips":               "to the tips: {cards}",
	"log.virtual-bid":           "virtual opponent {n} bids {color}",
	"log.out-of-auction":        "out of the auction: {cards}",
	"log.unseen.starting":       "{n|a starting card|{n} starting cards}",
	"log.unseen.card":           "{n|a card|{n} cards}",
	"log.park":                  "{player} parks {gems} on {card}",
	"log.park.you":              "you park {gems} on {card}",
	"log.take-gems":             "{player} takes {gems}",
	"log.take-gems.you":         "you take {gems}",
	"log.discard":               "{player} discards {card}",
	"log.discard.you":           "you discard {card}",
	"log.discard-gems":          "{player} discards {card} and takes {gems}",
	"log.discard-gems.you":      "you discard {card} and take {gems}",
	"log.keep-start":            "{player} keeps {cards} in hand",
	"log.keep-start.you":        "you keep {cards} in hand",
	"log.return-start":          "{player} puts {cards} back into the deck",
	"log.return-start.you":      "you put {cards} back into the deck",
	"log.keep-and-return":       "{player} keeps {kept} in hand and puts {back} back into the deck",
	"log.keep-and-return.you":   "you keep {kept} in hand and put {back} back into the deck",
	"log.draw.small":            "{player} draws {cards} from the small deck",
	"log.draw.small.you":        "you draw {cards} from the small deck",
	"log.draw.laws":             "{player} draws {cards} from the law deck",
	"log.draw.laws.you":         "you draw {cards} from the law deck",
	"log.give":                  "{player} gives {gems} {to}",
	"log.give.you":              "you give {gems} {to}",
	"log.give.to-you":           "{player} gives {gems} to you",
	"log.paint.hidden":          "{player} paints (shown at the end)",
	"log.paint.hidden.you":      "you paint (shown at the end)",
	"log.paint":                 "{player} paints {what}",
	"log.paint.you":             "you paint {what}",
	"log.painted":               "{player} painted {what}",
	"log.painted.you":           "you painted {what}",
	"log.paint.one":             "the level-{level} circle {color} ({n} {n|gem|gems})",
	"log.paint.level":           "level {level} {colors}",
	"log.paint.many":            "{circles} circles: {levels} ({n} {n|gem|gems})",
	"log.dealt.hidden":          "{player} is dealt {n} starting cards",
	"log.dealt.hidden.you":      "you are dealt {n} starting cards",
	"log.dealt":                 "{player} is dealt {cards}",
	"log.dealt.you":             "you are dealt {cards}",
	"log.take":                  "{player} takes {card} from the auction ({slot})",
	"log.take.you":              "you take {card} from the auction ({slot})",
	"log.place":                 "{player} places {card} at level {level}",
	"log.place.you":             "you place {card} at level {level}",
	"log.place.succession":      "{player} places {card} at level {level} in the place of {host}, which goes back to {player}'s hand",
	"log.place.succession.you":  "you place {card} at level {level} in the place of {host}, which goes back to your hand",
	"log.circle-gems":           "{player} takes {gems} for single-colour circles",
	"log.circle-gems.you":       "you take {gems} for single-colour circles",
	"log.card-gets":             "{player}'s {card} gets {what}",
	"log.card-gets.you":         "your {card} gets {what}",
	"log.an-infinite-gem":       "an infinite {color} gem",
	"log.attack-used":           "{player} uses an attack token",
	"log.attack-used.you":       "you use an attack token",
	"log.attacks":               "{player} gets {n|an attack token|{n} attack tokens}",
	"log.attacks.you":           "you get {n|an attack token|{n} attack tokens}",
	"log.exile":                 "{player} exiles {card} under {host}",
	"log.exile.you":             "you exile {card} under {host}",
	"log.tuck":                  "{player} tucks {card} under {host}",
	"log.tuck.you":              "you tuck {card} under {host}",
	"log.put-back.hidden":       "{player} puts a law card back on the law deck",
	"log.put-back.hidden.you":   "you put a law card back on the law deck",
	"log.put-back":              "{player} puts {card} back on the law deck",
	"log.put-back.you":          "you put {card} back on the law deck",
	"log.swap":                  "{player} swaps a token of {card} for one of {other}'s {host}",
	"log.swap.you":              "you swap a token of {card} for one of {other}'s {host}",
	"log.swap.yours":            "{player} swaps a token of {card} for one of your {host}",
	"log.swap.yours.you":        "you swap a token of {card} for one of your {host}",
	"log.skip":                  "{player} will skip the next auction phase",
	"log.skip.you":              "you will skip the next auction phase",
	"log.score":                 "{player} {n}",
	"log.score.you":             "you {n}",
	"log.scores":                "final scores: {scores}",
	"log.put-on-it":             "{player} puts {what} on it",
	"log.put-on-it.you":         "you put {what} on it",
	"log.put-on":                "{player} puts {what} on {card}",
	"log.put-on.you":            "you put {what} on {card}",
	"log.reveal.pyramid":        "{player} starts the pyramid with {card}",
	"log.reveal.pyramid.you":    "you start the pyramid with {card}",
	"log.reveal.bid":            "{player} bids a {color} gem",
	"log.reveal.bid.you":        "you bid a {color} gem",
	"log.reveal.attack":         "{player} attacks",
	"log.reveal.attack.you":     "you attack",
	"log.reveal.pass":           "{player} passes",
	"log.reveal.pass.you":       "you pass",
	"log.reveal.claim":          "{player} claims {card}",
	"log.reveal.claim.you":      "you claim {card}",
	"log.reveal.play":           "{player} plays {card}",
	"log.reveal.play.you":       "you play {card}",
	"log.reveal.discard":        "{player} discards {card}",
	"log.reveal.discard.you":    "you discard {card}",
	"log.reveal.other":          "{player}: {move}",
	"log.reveal.other.you":      "you: {move}",
	"log.stay-in":               "{player} takes nothing and stays in the auction",
	"log.stay-in.you":           "you take nothing and stay in the auction",
	"log.reward.fifteen":        "{player} takes 15 points at level 5",
	"log.reward.fifteen.you":    "you take 15 points at level 5",
	"log.reward.rows":           "{player} takes the rewards of rows 1-3 at level 5",
	"log.reward.rows.you":       "you take the rewards of rows 1-3 at level 5",
	"log.keep-patronage":        "{player} keeps the card taken in hand rather than tuck it under {card}",
	"log.keep-patronage.you":    "you keep the card taken in hand rather than tuck it under {card}",
	"log.stop":                  "{player} stops",
	"log.stop.you":              "you stop",
	"log.swap-none":             "{player} chooses to swap no token",
	"log.swap-none.you":         "you choose to swap no token",
	"log.give-away":             "{player} chooses to give away a token of {card}",
	"log.give-away.you":         "you choose to give away a token of {card}",
	"log.choose-to":             "{player} chooses to {what}",
	"log.choose-to.you":         "you choose to {what}",
	"log.choose-for":            "{player} chooses for {card}: {what}",
	"log.choose-for.you":        "you choose for {card}: {what}",
	"log.choose":                "{player} chooses: {what}",
	"log.choose.you":            "you choose: {what}",
	"log.infinite-on":           "the infinite {n|gem|gems} on {cards}",
	"log.pay.nothing":           "{player} pays nothing",
	"log.pay.nothing.you":       "you pay nothing",
	"log.pay.with":              "{player} pays with {with}",
	"log.pay.with.you":          "you pay with {with}",
	"log.pay":                   "{player} pays {gems}",
	"log.pay.you":               "you pay {gems}",
	"log.pay.both":              "{player} pays {gems} and with {with}",
	"log.pay.both.you":          "you pay {gems} and with {with}",
	"log.token.points":          "a {n}-point token",
	"log.token.points.an":       "an {n}-point token",
	"log.token.magic-bonus":     "a +{n} magic bonus",
	"log.token.circle-bonus":    "a {color} +{n} circle bonus",
	"log.token.attack":          "an attack token",
	"log.token.science":         "a science token",
	"log.token.magic":           "a magic token",
	"log.token.defense":         "a defense token",
	"log.gems.none":             "no gems",
	"log.gems.one-color":        "{n|a {color} gem|{n} {color} gems}",
	"log.gems.mixed":            "{n} gems ({list})",
	"log.short.no-infinite":     "no {color} gem in the reserve nor on {player}'s screen for its infinite gem",
	"log.short.no-infinite.you": "no {color} gem in the reserve nor on your screen for its infinite gem",
	"log.short.ran-out":         "the reserve ran out: {got} {got|gem|gems} instead of {due}",
	"log.short.empty":           "the reserve was empty: no gems instead of {due}",
	"log.short.and-no-infinite": ", and no {color} gem for its infinite gem",
	"log.note.pass":             "your pass",
	"log.note.discard":          "discarding {card}",
	"log.note.card":             "your {card}",
	"log.note.no-infinite":      "neither the reserve nor your screen held a {color} gem: {what} got no infinite gem",
	"log.note.ran-out":          "the reserve ran out: {what} gave you {got} {got|gem|gems} instead of {due}",
	"log.note.empty":            "the reserve was empty: {what} gave you no gems instead of {due}",
	"log.note.and-no-infinite":  ", and no {color} gem was left for its infinite gem",

	// The server's errors, as the page shows them (an English answer keeps the server's own
	// words, with their details).
	"error.bad-request":       "the request is not understood",
	"error.bad-config":        "these settings make no game",
	"error.bad-move":          "that is not a move",
	"error.bad-version":       "a move names the version of the game it was chosen in",
	"error.bad-seat":          "that seat is not a number",
	"error.bad-log":           "the log asked for is not a number",
	"error.bad-news":          "the news asked for is not a number",
	"error.bad-limit":         "the limit asked for is not a number",
	"error.broken-game":       "this game broke on the server and cannot go on",
	"error.damaged-game":      "this game's record is damaged: it is set aside until it is mended",
	"error.game-over":         "the game is over",
	"error.illegal-move":      "that move is not allowed now",
	"error.internal":          "the server failed",
	"error.no-such-game":      "there is no such game",
	"error.no-such-seat":      "this game has no such seat",
	"error.no-token":          "this seat needs its token",
	"error.wrong-token":       "the token is not this seat's",
	"error.seat-taken":        "this seat is taken",
	"error.not-your-turn":     "it is not your turn",
	"error.record-hidden":     "the record holds the seed and every hidden choice; it is given out once the game is over",
	"error.stale":             "the game moved on since that move was chosen",
	"error.store-unavailable": "the games cannot be read now: try again later",
	"error.too-many-games":    "the server holds its most games, or this address creates games too fast: try again in a while",
	"error.too-many-held":     "this address holds too many games at once: try again in a while",
	"error.too-many-streams":  "too many streams are open: close one, or try again in a while",
	"error.unsaved":           "the move could not be saved, and nothing changed: try again later",
	"error.no-such-language":  "no such language: en, es or fr",

	// The page's own words (keys "page."): every word static/app.js and static/index.html write,
	// each key after the literal it replaces there (a phrase with <b> or <a> is HTML). The page fills
	// {Tap}, {tap} and {taps} with the words of "page.tap.", the imperative for a touch or a mouse
	// at a sentence's start and within it, and the noun.
	// app.js tapWord() 'Tap' (PROMPTS' ${w.Tap})
	"page.tap.Verb.touch": "Tap",
	// app.js tapWord() 'Click' (PROMPTS' ${w.Tap})
	"page.tap.Verb.mouse": "Click",
	// app.js PROMPTS' ${w.tap} (a verb: 'or tap Pass')
	"page.tap.verb.touch": "tap",
	// app.js PROMPTS' ${w.tap} (a verb)
	"page.tap.verb.mouse": "click",
	// app.js PROMPTS' ${w.tap} (a noun: 'each tap takes one')
	"page.tap.noun.touch": "tap",
	// app.js PROMPTS' ${w.tap} (a noun)
	"page.tap.noun.mouse": "click",
	// app.js PROMPTS.start.ask
	"page.prompt.start.ask.pyramid": "Choose your first card for the pyramid",
	// app.js PROMPTS.start.ask
	"page.prompt.start.ask.hand": "Choose the card to keep in your hand",
	// app.js PROMPTS.start.ask
	"page.prompt.start.ask": "Choose your starting cards: one for the pyramid, one for your hand",
	// app.js PROMPTS.start.how
	"page.prompt.start.how.pyramid": "{Tap} a dealt card to start your pyramid with it: it goes to level 1 for free and gives you its level-1 reward.",
	// app.js PROMPTS.start.how
	"page.prompt.start.how.hand": "{Tap} the card to keep in your hand.",
	// app.js PROMPTS.start.how (second edition)
	"page.prompt.start.how.second": " The two cards left go back into the deck.",
	// app.js PROMPTS.bid.ask
	"page.prompt.bid.ask": "Bid, attack or pass",
	// app.js PROMPTS.bid.how (round > 1)
	"page.prompt.bid.how.round": "Round {round} of 3: you took no card yet (bids on the same colour cancel out, and so do two claims of the same card). ",
	// app.js PROMPTS.bid.how
	"page.prompt.bid.how": "{Tap} a coloured arrow to bid a gem of its colour for its cards; if nobody else bids that colour, you take one of its cards. Or {tap} Pass in the bar",
	// app.js PROMPTS.bid.how (attack legal)
	"page.prompt.bid.how.attack": ", or your ⚔ attack tokens to take any card at once.",
	// app.js PROMPTS.bid.how (no attack)
	"page.prompt.bid.how.end": ".",
	// app.js PROMPTS.claim.ask
	"page.prompt.claim.ask": "Claim one of the two cards",
	// app.js PROMPTS.claim.how
	"page.prompt.claim.how": "You and another player bid the same colour, and it holds two cards: each of you claims one, hidden. Different cards: each takes the one claimed. The same card: neither takes one, and the auction goes on. {Tap} the card you claim.",
	// app.js PROMPTS['auction-card'].ask
	"page.prompt.auction-card.ask": "Take a card from the auction",
	// app.js PROMPTS['auction-card'].how
	"page.prompt.auction-card.how": "{Tap} a glowing card of the auction to take it into your hand.",
	// app.js PROMPTS.gem.ask (left > 1; w.gemsLeft)
	"page.prompt.gem.ask.many": "Take {left} {left|gem|gems} from the reserve, one at a time",
	// app.js PROMPTS.gem.ask (left 1)
	"page.prompt.gem.ask.one": "Take 1 more gem from the reserve",
	// app.js PROMPTS.gem.ask
	"page.prompt.gem.ask": "Take gems from the reserve",
	// app.js PROMPTS.gem.how
	"page.prompt.gem.how": "{Tap} a gem of the reserve to take it: each {taps} takes one.",
	// app.js PROMPTS.deck.ask (left > 1)
	"page.prompt.deck.ask.many": "Draw {left} cards, one at a time, each from the deck you choose",
	// app.js PROMPTS.deck.ask
	"page.prompt.deck.ask": "Draw a card from the deck you choose",
	// app.js PROMPTS.deck.how
	"page.prompt.deck.how": "{Tap} the small deck (characters) or the law deck, beside the reserve.",
	// app.js PROMPTS.development.ask
	"page.prompt.development.ask": "Play a card from your hand, discard one, or pass",
	// app.js PROMPTS.development.how
	"page.prompt.development.how": "{Tap} a card of your hand to play it into your pyramid, or to discard it; {tap} Pass in the bar when you are done.",
	// app.js PROMPTS.place.ask (endowment)
	"page.prompt.place.ask.endowment": "Choose the character card to tuck {playing} under",
	// app.js PROMPTS.place.ask (succession)
	"page.prompt.place.ask.succession": "Choose the card {playing} replaces",
	// app.js PROMPTS.place.ask
	"page.prompt.place.ask": "Place the card in your pyramid",
	// app.js PROMPTS.place.how (endowment)
	"page.prompt.place.how.endowment": "{Tap} a glowing character card of your pyramid: the law goes under it, taking no place, and that card gets one more of each token on it.",
	// app.js PROMPTS.place.how (succession)
	"page.prompt.place.how.succession": "{Tap} a glowing card of your pyramid: the law takes its place, that card goes back to your hand, and what lies on it moves onto the law.",
	// app.js PROMPTS.place.how
	"page.prompt.place.how": "{Tap} a dashed place of your pyramid",
	// app.js PROMPTS.place.how (a character)
	"page.prompt.place.how.costs": ": each shows its cost and reward",
	// app.js PROMPTS.place.how
	"page.prompt.place.how.rule": ". A level grows side by side; above level 1 a card rests on two side by side below it.",
	// app.js PROMPTS.place.how (a law)
	"page.prompt.place.how.law": " A law is free, but never on level 5.",
	// app.js PROMPTS.place.how (places closed)
	"page.prompt.place.how.closed": " Greyed: open, but you cannot pay for it.",
	// app.js PROMPTS.payment.ask (w.due)
	"page.prompt.payment.ask.due": "Pay {due}",
	// app.js PROMPTS.payment.ask
	"page.prompt.payment.ask": "Pay the cost",
	// app.js PROMPTS.payment.how
	"page.prompt.payment.how": "{Tap} a glowing card to pay one gem of its colour with its infinite gem, or {tap} a button to pay from your screen.",
	// app.js PROMPTS.reward.ask
	"page.prompt.reward.ask": "Choose the level-5 reward",
	// app.js PROMPTS.reward.how
	"page.prompt.reward.how": "{Tap} a button in the bar: the rewards of rows 1-3, or a 15-point token.",
	// app.js PROMPTS.painting.ask
	"page.prompt.painting.ask": "Paint your circles",
	// app.js PROMPTS.painting.how
	"page.prompt.painting.how": "Each gem left behind your screen can colour one sector of a circle: a circle of one colour scores its level. {Tap} a circle, or {tap} the button to let the page paint the best.",
	// app.js PROMPTS['law-option'].ask
	"page.prompt.law-option.ask": "Choose the law's option",
	// app.js PROMPTS['law-option'].how
	"page.prompt.law-option.how": "{Tap} one of the law's options in the bar.",
	// app.js PROMPTS['infinite-color'].ask
	"page.prompt.infinite-color.ask": "Choose the infinite gem's colour",
	// app.js PROMPTS['infinite-color'].how
	"page.prompt.infinite-color.how": "{Tap} the colour in the bar: the gem pays one gem of that colour once a turn, and scores at the end.",
	// app.js PROMPTS.tuck.ask
	"page.prompt.tuck.ask": "Choose a card to tuck",
	// app.js PROMPTS.tuck.how (w.playing)
	"page.prompt.tuck.how": "{Tap} a glowing card to tuck it under {playing}.",
	// app.js PROMPTS.tuck.how ('the law')
	"page.prompt.tuck.how.law": "{Tap} a glowing card to tuck it under the law.",
	// app.js PROMPTS.patronage.ask ('Patronage': {law}, 78's name)
	"page.prompt.patronage.ask": "Tuck the card under {law}, or keep it",
	// app.js PROMPTS.patronage.how ('78 Patronage': {card})
	"page.prompt.patronage.how": "{Tap} the card just taken (it glows) to tuck it under {card}: 4 points at the end, but it leaves your hand. Or {tap} Keep in the bar to keep it in your hand.",
	// app.js PROMPTS.park.ask ('Treasury': {law}, 76's name)
	"page.prompt.park.ask": "Park gems on {law}",
	// app.js PROMPTS.park.how ('76 Treasury': {card})
	"page.prompt.park.how": "{Tap} a gem behind your screen to park it on {card} (2 points at the end; it cannot be spent any more), or {tap} Stop in the bar.",
	// app.js PROMPTS['put-back'].ask (left > 0)
	"page.prompt.put-back.ask.many": "Put {left} law {left|card|cards} back on the law deck",
	// app.js PROMPTS['put-back'].ask
	"page.prompt.put-back.ask": "Put law cards back on the law deck",
	// app.js PROMPTS['put-back'].how
	"page.prompt.put-back.how": "{Tap} a law card of your hand to put it back on top of the law deck, one at a time. Their order matters: the last one you put back lies on top and is drawn first; only you know the order.",
	// app.js PROMPTS.gift.ask (left > 0; w.gemsLeft, w.other)
	"page.prompt.gift.ask.many": "Give {left} {left|gem|gems} to {other}, one at a time",
	// app.js PROMPTS.gift.ask
	"page.prompt.gift.ask": "Choose a gem to give",
	// app.js PROMPTS.gift.how
	"page.prompt.gift.how": "{Tap} a gem behind your screen to give it: each {taps} gives one.",
	// app.js PROMPTS.duel.ask
	"page.prompt.duel.ask": "Take the tip card or stay in",
	// app.js PROMPTS.duel.how
	"page.prompt.duel.how": "{Tap} a button in the bar: take the tip card now, or stay in the auction for its other card.",
	// app.js PROMPTS['auction-discard'].ask
	"page.prompt.auction-discard.ask": "Discard a card from the auction",
	// app.js PROMPTS['auction-discard'].how
	"page.prompt.auction-discard.how": "{Tap} a glowing card of the auction to discard it for the virtual opponent.",
	// app.js promptContext other: 'the other player'
	"page.other-player": "the other player",
	// app.js CATEGORIES circles
	"page.category.circles": "Circles",
	// app.js CATEGORIES infinite_gems
	"page.category.infinite_gems": "Infinite gems",
	// app.js CATEGORIES laws
	"page.category.laws": "Laws",
	// app.js CATEGORIES power_points
	"page.category.power_points": "Power points",
	// app.js CATEGORIES magic
	"page.category.magic": "Magic",
	// app.js CATEGORIES sets
	"page.category.sets": "Sets",
	// app.js CATEGORIES attacks
	"page.category.attacks": "Attacks",
	// app.js CATEGORIES total
	"page.category.total": "Total",
	// app.js WORDS.you, who(), the seat menu's 'you'
	"page.you": "you",
	// app.js WORDS.player
	"page.player": "player {n}",
	// app.js WORDS.Player
	"page.Player": "Player {n}",
	// app.js who(): `player 2 (greedy)`
	"page.player-bot": "{player} ({bot})",
	// app.js WORDS.youAre
	"page.you-are": "You (player {n})",
	// app.js WORDS.standing
	"page.standing": "If the game ended now",
	// app.js WORDS.standingNote
	"page.standing-note": "From what you may know: the pyramids, open to all, and the attack tokens everyone holds; gems left to paint circles at the end are not counted.",
	// app.js WORDS.attackWarning (n, pts)
	"page.attack-warning": "⚠ The others hold {n} attack {n|token|tokens} more than your ♜ defense tokens: {points} points at the end, unless you get more defense.",
	// app.js WORDS.attacksHeld
	"page.attacks-held": "attack tokens: behind the screen and on their cards",
	// app.js WORDS.attacksOnCards
	"page.attacks-on-cards": "+{n} ⚔ on your cards",
	// app.js WORDS.toLog
	"page.to-log": "Log",
	// app.js WORDS.toLogTitle
	"page.to-log-title": "Go to the log of the table",
	// app.js WORDS.closedMenu
	"page.closed-menu": "Nothing chosen: the menu closed.",
	// app.js WORDS.why.circles (w.circles)
	"page.why.circles": "no circle of one colour among your {circles}",
	// app.js WORDS.why.circles
	"page.why.circles.none": "no circle: a card above level 1 closes one",
	// app.js WORDS.why.infinite_gems
	"page.why.infinite_gems": "no infinite gem in your pyramid",
	// app.js WORDS.why.laws (w.laws)
	"page.why.laws": "your laws in the pyramid score nothing by their text",
	// app.js WORDS.why.laws
	"page.why.laws.none": "no law in your pyramid that scores",
	// app.js WORDS.why.power_points
	"page.why.power_points": "no ★ power-point token",
	// app.js WORDS.why.magic (w.magic)
	"page.why.magic": "no ✦+ magic bonus for your {magic} ✦ magic",
	// app.js WORDS.why.magic (w.bonus)
	"page.why.magic.bonus": "no ✦ magic token for your ✦+ bonus",
	// app.js WORDS.why.magic
	"page.why.magic.none": "no ✦ magic token and no ✦+ bonus",
	// app.js WORDS.why.sets
	"page.why.sets": "no set of ♜ ✦ ⚗: you have {defense} ♜ defense, {magic} ✦ magic, {science} ⚗ science",
	// app.js WORDS.why.attacks ({stopped}: Math.min(defense, attacks))
	"page.why.attacks": "the others hold {attacks} attack {attacks|token|tokens}, your {defense} ♜ defense {defense|stops|stop} {stopped}: −4 for each other",
	// app.js WORDS.whyTitle
	"page.why-title": "Why:",
	// app.js WORDS.category
	"page.category": "Category",
	// app.js WORDS.endowmentPlace ('Endowment': {law}, 66's name)
	"page.endowment-place": "{law} takes no place in your pyramid: you tuck it under a character card of it, which gets one more of each token on it.",
	// app.js WORDS.successionPlace ('Succession': {law}, 65's name)
	"page.succession-place": "{law} takes the place of a card of your pyramid on levels 1-4, which goes back to your hand.",
	// app.js WORDS.zoomFit
	"page.zoom-fit": "See the whole pyramids",
	// app.js WORDS.zoomRead
	"page.zoom-read": "Zoom in to read the pyramids",
	// app.js WORDS.swipe
	"page.swipe": "◀ wider than the screen: scroll it sideways ▶",
	// app.js setupForm legend 'Seats'; index.html <legend>Seats
	"page.seats": "Seats",
	// app.js setupForm, showJoin 'a person'
	"page.seat.person": "a person",
	// app.js setupForm 'bot: ' + level
	"page.seat.bot-option": "bot: {level}",
	// app.js showJoin 'bot ' + s.kind
	"page.seat.bot": "bot {level}",
	// app.js showJoin `${player}: ${...}`
	"page.seat.is": "{player}: {who}",
	// app.js setupForm `The bots, weakest first: ...`
	"page.bot-levels": "The bots, weakest first: {levels}.",
	// app.js showSetup 'game ' + g.game
	"page.game-link": "game {game}",
	// app.js showYourGames `game ${game}, ${player}`
	"page.your-game-link": "game {game}, {player}",
	// app.js showSetup 'none now'
	"page.none-now": "none now",
	// app.js showJoin 'Sit as ' + player
	"page.sit-as": "Sit as {player}",
	// app.js play 'The game moved on; here it is now.'
	"page.stale": "The game moved on; here it is now.",
	// app.js start().catch 'The page cannot start: '
	"page.cannot-start": "The page cannot start: {error}",
	// app.js draw 'The game is over'
	"page.where.over": "The game is over",
	// app.js draw 'Before the first turn: the starting cards'
	"page.where.start": "Before the first turn: the starting cards",
	// app.js draw `Turn ${v.turn} of 12 · ${v.phase}` ({phase}: the library's phase.<name>)
	"page.where.turn": "Turn {turn} of 12 · {phase}",
	// app.js draw ', round ' + v.round (auction)
	"page.where.round.auction": ", round {round}",
	// app.js draw ', round ' + v.round (development)
	"page.where.round.development": ", round {round}",
	// app.js drawPrompt 'The game is over: the score sheet is at the top of the page.'
	"page.prompt.over": "The game is over: the score sheet is at the top of the page.",
	// app.js drawPrompt 'Waiting for ' + ... + '…'
	"page.waiting": "Waiting for {players}…",
	// app.js drawPrompt ' — resolving '
	"page.resolving": " — resolving ",
	// app.js drawPrompt 'Your choice, hidden until everyone has chosen: '
	"page.chosen": "Your choice, hidden until everyone has chosen: {moves}",
	// app.js drawPrompt 'Revealed: '
	"page.revealed": "Revealed: {moves}",
	// app.js arm 'Click: '
	"page.click-one": "Click: ",
	// app.js arm 'Click to choose: '
	"page.click-choose": "Click to choose: ",
	// app.js openMenu 'Cancel'
	"page.cancel": "Cancel",
	// app.js openMenu 'Close'; index.html aria-label="Close"
	"page.close": "Close",
	// app.js moveWords bid
	"page.move-words.bid": "{player} bids {color}",
	// app.js moveWords bid (the viewer)
	"page.move-words.bid.you": "you bid {color}",
	// app.js moveWords attack
	"page.move-words.attack": "{player} attacks",
	// app.js moveWords attack (the viewer)
	"page.move-words.attack.you": "you attack",
	// app.js moveWords pass
	"page.move-words.pass": "{player} passes",
	// app.js moveWords pass (the viewer)
	"page.move-words.pass.you": "you pass",
	// app.js moveWords play
	"page.move-words.play": "{player} plays {card}",
	// app.js moveWords play (the viewer)
	"page.move-words.play.you": "you play {card}",
	// app.js moveWords discard
	"page.move-words.discard": "{player} discards {card}",
	// app.js moveWords discard (the viewer)
	"page.move-words.discard.you": "you discard {card}",
	// app.js moveWords claim
	"page.move-words.claim": "{player} claims {card}",
	// app.js moveWords claim (the viewer)
	"page.move-words.claim.you": "you claim {card}",
	// app.js moveWords keep-in-pyramid
	"page.move-words.keep-in-pyramid": "{player} keeps {card} for the pyramid",
	// app.js moveWords keep-in-pyramid (the viewer)
	"page.move-words.keep-in-pyramid.you": "you keep {card} for the pyramid",
	// app.js moveWords keep-in-hand
	"page.move-words.keep-in-hand": "{player} keeps {card} in the hand",
	// app.js moveWords keep-in-hand (the viewer)
	"page.move-words.keep-in-hand.you": "you keep {card} in the hand",
	// app.js moveWords other
	"page.move-words.other": "{player}: {move}",
	// app.js moveWords other (the viewer)
	"page.move-words.other.you": "you: {move}",
	// app.js gem() title `${count} ${color}`; drawOther known `${n} ${c}`
	"page.gem-count": "{n} {color}",
	// app.js drawAuction 'Auction '
	"page.auction": "Auction ",
	// app.js drawAuction helpLink 'how the auction works'
	"page.auction-help": "how the auction works",
	// app.js drawAuction 'No cards at the auction now: ...'
	"page.auction-empty": "No cards at the auction now: four come at the start of each turn.",
	// app.js drawAuction 'base'
	"page.slot.base": "base",
	// app.js drawAuction 'tip'
	"page.slot.tip": "tip",
	// app.js drawAuction ' ◆ virtual bid'
	"page.virtual-bid": " ◆ virtual bid",
	// app.js drawAuction "Next turn's auction: ..."
	"page.next-auction": "Next turn's auction: the cards left moved to the tips, new cards to the bases.",
	// app.js readNote (touch)
	"page.read-note.touch": "Tap any card to read it in words: its cost and reward at each level.",
	// app.js readNote (mouse)
	"page.read-note.mouse": "Hover or click any card to read it in words: its cost and reward at each level.",
	// app.js drawSupply `Large deck ${n}`
	"page.deck.large": "Large deck {n}",
	// app.js drawSupply `Small deck ${n}`
	"page.deck.small": "Small deck {n}",
	// app.js drawSupply `Law deck ${n}`
	"page.deck.laws": "Law deck {n}",
	// app.js drawSupply 'Reserve'
	"page.reserve": "Reserve",
	// app.js drawSupply 'in the reserve'
	"page.in-reserve": "in the reserve",
	// app.js drawSupply `virtual opponent ${i}: in the auction`
	"page.virtual.in": "virtual opponent {n}: in the auction",
	// app.js drawSupply `virtual opponent ${i}: out of the auction`
	"page.virtual.out": "virtual opponent {n}: out of the auction",
	// app.js drawSupply ', bid ' + vv.bid
	"page.virtual.bid": ", bid {color}",
	// app.js drawSupply 'Top of the law deck: '
	"page.laws-known": "Top of the law deck: {cards}",
	// app.js drawMe 'Screen '
	"page.screen": "Screen ",
	// app.js drawMe 'behind your screen'
	"page.behind-screen": "behind your screen",
	// app.js drawMe title 'attack tokens behind your screen'
	"page.attacks-title": "attack tokens behind your screen",
	// app.js drawMe `⚔ ${n} attack`
	"page.attacks-mine": "⚔ {n} attack",
	// app.js drawMe 'your pyramid'
	"page.tag.pyramid": "your pyramid",
	// app.js drawMe 'your hand'
	"page.tag.hand": "your hand",
	// app.js drawMe 'dealt'
	"page.tag.dealt": "dealt",
	// app.js drawMe 'being resolved'
	"page.tag.resolving": "being resolved",
	// app.js drawMe 'Your hand is empty.'
	"page.hand-empty": "Your hand is empty.",
	// app.js drawMe 'Hand'
	"page.hand": "Hand",
	// app.js drawMe 'Your pyramid'
	"page.your-pyramid": "Your pyramid",
	// app.js drawOther `${n} unknown`
	"page.unknown": "{n} unknown",
	// app.js drawOther 'in the auction'
	"page.flag.in-auction": "in the auction",
	// app.js drawOther 'developing'
	"page.flag.developing": "developing",
	// app.js drawOther `hand ${n}`
	"page.hand-size": "hand {n}",
	// app.js drawOther ` (${n} law${s})`
	"page.hand-laws": " ({n} {n|law|laws})",
	// app.js drawOther `${p.gems} gems` (English keeps its 'gems' for 1)
	"page.gems-held": "{n} gems",
	// app.js drawOther 'Known in hand: '
	"page.known-hand": "Known in hand: {cards}",
	// app.js sheetTable `P${p + 1}`
	"page.short-player": "P{n}",
	// app.js drawScores 'A solo game has no winner.'
	"page.solo": "A solo game has no winner.",
	// app.js drawScores `Won by ${winners.join(' and ')}.` ({n}: how many won)
	"page.won-by": "{n|Won|Won} by {players}.",
	// app.js drawScores 'Score sheet'
	"page.score-sheet": "Score sheet",
	// app.js drawScores 'Play again, same seats'
	"page.play-again": "Play again, same seats",
	// app.js drawScores 'A new game'; index.html <h2>A new game
	"page.new-game": "A new game",
	// app.js drawScores 'The record of the game (JSON)'
	"page.record": "The record of the game (JSON)",
	// app.js levelWords `level ${level}: costs ${cost}; gives ${gives}`
	"page.level-words": "level {level}: costs {cost}; gives {gives}",
	// app.js levelWords 'the rewards of levels 1-3, or a 15-point token'
	"page.level5-gives": "the rewards of levels 1-3, or a 15-point token",
	// app.js costWords `${n} ${c}` (joined by ' + ')
	"page.cost-part": "{n} {color}",
	// app.js cardDetails ` — law, ${c.when}`
	"page.law-title": " — law, {when}",
	// app.js cardDetails 'A law costs nothing to play; it may stand on levels 1-4.'
	"page.law-note": "A law costs nothing to play; it may stand on levels 1-4.",
	// app.js cardFace 'law · ' + c.when
	"page.law-when": "law · {when}",
	// app.js cardTitle `${card} (law, ${when}): ${text}`
	"page.law-card-title": "{card} (law, {when}): {text}",
	// app.js c.when 'now' (the card data's timing)
	"page.when.now": "now",
	// app.js c.when 'end'
	"page.when.end": "end",
	// app.js c.when 'now+end'
	"page.when.now+end": "now+end",
	// app.js c.when 'always+end'
	"page.when.always+end": "always+end",
	// app.js pyramidSVG 'no cards yet'
	"page.no-cards-yet": "no cards yet",
	// app.js pyramidSVG 'painted'
	"page.painted": "painted",
	// app.js pyramidSVG `${card}, tucked under ${host}`
	"page.tucked-under": "{card}, tucked under {host}",
	// app.js placeSVG `level ${at.level}`
	"page.place.level": "level {level}",
	// app.js placeSVG 'costs'
	"page.place.costs": "costs",
	// app.js placeSVG 'gives'
	"page.place.gives": "gives",
	// app.js placeSVG 'rows 1-3 or 15★'
	"page.place.rows5": "rows 1-3 or 15★",
	// app.js placeSVG 'a law: free'
	"page.place.law-free": "a law: free",
	// app.js placeSVG "you can't pay"
	"page.place.cannot-pay": "you can't pay",
	// app.js placeSVG `+1 ${col} gem`
	"page.place.circle": "+1 {color} gem",
	// app.js placeSVG title `level ${level}: open, but it costs more than you can pay`
	"page.place.closed-title": "level {level}: open, but it costs more than you can pay",
	// app.js placeSVG title `placed here, the card closes a circle of one colour, ...`
	"page.place.circle-title": "placed here, the card closes a circle of one colour, {color}: a {color} gem now, {level} points at the end",
	// app.js placesNote `Open places in your pyramid: on level(s) ...; a law is free.` ({n}: how many levels)
	"page.places.law": "Open places in your pyramid: on {n|level|levels} {levels}; a law is free.",
	// app.js placesNote `Open places in your pyramid: ${parts}.`
	"page.places": "Open places in your pyramid: {parts}.",
	// app.js placesNote `level ${level} (costs ${cost})`
	"page.places.part": "level {level} (costs {cost})",
	// app.js placesNote `level ${level} (costs ${cost}; you lack ${lack})`
	"page.places.part.lack": "level {level} (costs {cost}; you lack {lack})",
	// app.js moveText `place ${card} at ${levelWords}`
	"page.move.place-at": "place {card} at {where}",
	// app.js consequence ' — take 2 gems of your choice'
	"page.move.discard-gems": " — take 2 gems of your choice",
	// app.js consequence '; then '
	"page.move.rows-then": "; then ",
	// app.js consequence ' — a law: no cost; then its effect'
	"page.move.law-effect": " — a law: no cost; then its effect",
	// app.js paintWords `paint the level-${level} circle ${color}: ...`
	"page.move.paint": "paint the level-{level} circle {color}: {n} {n|gem|gems}; a circle of one colour scores {level} points at the end",
	// index.html h1 a title
	"page.html.home-title": "Your games and a new game",
	// index.html #home-link, #your-games-box h2
	"page.html.your-games": "Your games",
	// index.html #help-open, help nav, #help-how h2
	"page.html.how-to-play": "How to play",
	// index.html label Players
	"page.html.players": "Players",
	// index.html label Virtual opponents
	"page.html.virtual": "Virtual opponents",
	// index.html #virtual-note
	"page.html.virtual-note": "A virtual opponent is no player: it has no gems, hand or pyramid and takes part in the auction only, bidding a gem drawn at random each round. It competes for the colours like a player, and a card it wins is discarded, so cards grow scarcer. A solo game (1 player) has one; the table seats four in all.",
	// index.html label Edition (its options: the library's edition.second, edition.first)
	"page.html.edition": "Edition",
	// index.html #start
	"page.html.start": "Start the game",
	// index.html .first-time
	"page.html.first-time": "New to Viceroy?",
	// index.html .first-time button
	"page.html.learn": "Learn the game in two minutes",
	// index.html #your-games-box .note
	"page.html.your-games-note": "The seats this browser holds.",
	// index.html #open-games h2
	"page.html.open-games": "Games with a free seat",
	// index.html #join h2
	"page.html.take-seat": "Take a seat",
	// index.html #log-panel h2
	"page.html.at-the-table": "At the table",
	// index.html help nav, #help-icons h2
	"page.html.icons": "Icons",
	// index.html help nav, #help-cards h2
	"page.html.every-card": "Every card",
	// index.html #help-how p 1
	"page.how.intro": "Viceroy lasts <b>12 turns</b>. You win with the most points, made from the pyramid of cards you build.",
	// index.html #help-how li 1
	"page.how.start": "<b>The start.</b> You are dealt starting cards: tap one to start your pyramid, one to keep in your hand.",
	// index.html #help-how li 2
	"page.how.auction": "<b>The auction.</b> Four coloured arrows each hold cards. Bid a gem of a colour to take a card at that colour; if others bid the same colour, nobody gets it and you may bid again (three rounds at most). An <b>attack</b> token takes any card at once. <b>Passing</b> gives you 3 gems of your choice (one more for each ⚗ science token).",
	// index.html #help-how li 3
	"page.how.development": "<b>The development.</b> Play cards from your hand into your pyramid, up to three a turn, or discard one for 2 gems. A card on level 1 costs the gem of its row 1; on level 2 the gems of rows 1 and 2, and so on: the higher, the dearer, and the better its reward.",
	// index.html #help-how li 4
	"page.how.placing": "<b>Placing.</b> Each level grows side by side, with no gap: a new card goes at either end of its level. Level 1 rests on the table; a card above it rests on two cards side by side just below it, so a level has at least one card fewer than the level below it. When you place a card, the open places are drawn dashed, each with what it costs and gives; a greyed one costs more than you can pay.",
	// index.html #help-how li 5
	"page.how.circles": "<b>Circles.</b> Where four card corners meet they make a circle. A circle of one colour gives you a gem at once and its level in points at the end.",
	// index.html #help-how li 6
	"page.how.laws": "<b>Laws</b> (the purple cards) cost nothing and do what their text says; they never go on level 5.",
	// index.html #help-how li 7
	"page.how.end": "<b>The end.</b> Gems left behind your screen may paint circles; then points are counted: circles, infinite gems, laws, ★ point tokens, ✦ magic × magic bonuses, 12 for each set of ♜ defense, ✦ magic and ⚗ science, and −4 for each attack token of your opponents that your defense does not stop.",
	// index.html #help-how p 2
	"page.how.table": "On the table, what you may choose now glows gold. On a phone, tap a thing to see what it does, then confirm (a tap on a gem takes it at once); with a mouse, hover to see it and click to do it. Tap or click any card to read its full text.",
	// index.html #help-how p 3
	"page.how.rules": "The full rules: <a href=\"https://github.com/laar/viceroy/blob/main/RULES.md\" target=\"_blank\" rel=\"noopener\">RULES.md</a>.",
	// index.html legend ◆
	"page.icon.gems": "gems of your choice from the reserve",
	// index.html legend svg aria-label 'a card'
	"page.icon.card-label": "a card",
	// index.html legend card icon
	"page.icon.card": "a card from the law deck or the small deck",
	// index.html legend ★
	"page.icon.points": "a power-point token: its points at the end",
	// index.html legend ⚗
	"page.icon.science": "science: one more gem when you pass; counts in sets",
	// index.html legend ✦
	"page.icon.magic": "magic: magic tokens × magic bonuses at the end; counts in sets",
	// index.html legend ♜
	"page.icon.defense": "defense: stops an opponent's attack token; counts in sets",
	// index.html legend ⚔
	"page.icon.attack": "an attack token: takes any card of the auction; −4 points to each opponent not defended",
	// index.html legend ✦+
	"page.icon.magic-bonus": "a magic bonus: multiplies your magic tokens",
	// index.html legend ◯+
	"page.icon.circle-bonus": "a circle bonus of its colour: more points for each circle and infinite gem of that colour",
	// index.html legend ∞
	"page.icon.infinite": "an infinite gem of its colour: pays one gem of that colour once a turn; points at the end",
	// index.html legend dot
	"page.icon.row": "a card's row colour: the gem each level costs (a level costs its row and all below)",
	// index.html legend ⤓12
	"page.icon.tucked": "card 12 is tucked under this card",
	// app.js PROMPTS.development.how (w.round)
	"page.prompt.development.how.round": "Round {round} of 3: the phase ends after the third. ",
	// app.js PROMPTS.token.ask (67 Barter, the player's own token; done legal)
	"page.prompt.token.ask.own": "Choose a token of your pyramid to swap away, or swap none",
	// app.js PROMPTS.token.ask (67 Barter, another's token)
	"page.prompt.token.ask.take": "Choose the token you take in exchange",
	// app.js PROMPTS.token.how (the player's own token)
	"page.prompt.token.how.own": "{Tap} a glowing card of your pyramid to give one of its tokens away; you then choose the token you take from another player's pyramid, and pay that player 3 gems. Or {tap} “swap no token” in the bar.",
	// app.js PROMPTS.token.how (another's token)
	"page.prompt.token.how.take": "{Tap} a glowing card of another player's pyramid to take one of its tokens: yours goes to that player, and you pay them 3 gems of your choice.",
	// app.js WORDS.closesCircle (a place's menu: the circle of one colour it closes)
	"page.closes-circle": "; it closes a {color} circle of one colour: a {color} gem now, {level} points at the end",
	// app.js WORDS.lastRound + ': ' (the bid prompt: the auction round before, from the log)
	"page.last-round": "Last round: {what}",
	// app.js summarize `L${level}` (a place summed up on a phone)
	"page.sum.level": "L{level}",
	// app.js summarize 'free' (a law's place)
	"page.sum.free": "free",
	// app.js summarize '15★ or 1-3' (a level-5 place)
	"page.sum.rows5": "15★ or 1-3",
	// app.js summarize `+${n} more` (lines of tokens that do not fit)
	"page.sum.more": "+{n} more",
	// app.js consequence ': ' + the rewards of rows 1-3
	"page.move.rows": ": {rewards}",
	// app.js `${name}: ` (a heading and what it heads)
	"page.colon": "{head}: ",
	// app.js rewardWords `an ${n}-point token` (8, 11, 18: the library's reward.points says 'a')
	"page.reward.points.an": "an {n}-point token",
	// index.html #language aria-label (the switch of languages)
	"page.language": "Language",
	// app.js botName 'random' (a bot's level; '-2026' keeps its year)
	"page.bot-level.random": "random",
	// app.js botName 'basic'
	"page.bot-level.basic": "basic",
	// app.js botName 'greedy'
	"page.bot-level.greedy": "greedy",
	// app.js botName 'search'
	"page.bot-level.search": "search",
}
