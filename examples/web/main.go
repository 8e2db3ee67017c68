// Command web hosts games of Viceroy in the browser: the worked example of a real client built from
// the library's View and its JSON alone.
//
//	cd examples/web && go run .   # then open http://localhost:8080
//
// A person opens the page, chooses the players, the edition, the virtual opponents and the bots in
// the other seats (every level of viceroy.BotLevels()), and plays a whole game against them; or
// leaves seats to other people, who join from the list of open games, each with a secret token
// that the page keeps; the page lists the seats it holds as "your games". The page draws the table
// from what its seat is sent and nothing else: its player's View, its legal moves in words
// (viceroy.Language.Describe), its player's part of the table's log (viceroy.History.Log) told in
// lines addressed to that player, and the card catalogue (viceroy.Cards). A move is made by
// clicking what it concerns; on a touch screen a tap selects it and shows what it does, and a
// second tap makes it (a gem picked from the reserve or the screen, with nothing to show but
// itself, is picked at the first tap). A newcomer learns the game from the page: a short
// how-to-play, the legend of the icons, and every card's full text.
//
// The server pushes every change of a table to the pages of its seats as server-sent events; a
// page that loses its stream opens it again and catches up, and polls only if streams fail.
//
// Every game is kept in a store, each move written (and synced) before the game in memory takes it
// and before it is answered; a write the store refuses is answered 503 ("unsaved") and changes
// nothing. By default the store is the directory -dir, a record file a game, one line a move: a
// directory is one server's. With -db postgres://... the games are kept in a PostgreSQL database,
// which several servers may share: each serves every game, a move is a row written in the
// transaction that checks the game's version (so two servers racing for one decision never both
// apply; the loser reads the move it missed and answers as for a stale move), and each server
// learns of the others' changes by LISTEN/NOTIFY, reads the new moves and pushes them to its
// pages. One server at a time runs a game's bots: it holds the game's lease, a row renewed every
// second that lapses after 3 s, and a bot's move is stored only while it holds it; when that server
// stops, dies or stops answering (frozen, cut off), another server holding the game takes its bots
// over within a few seconds, and the first, should it wake, stores no bot's move.
//
// A server holds in memory only the games in use: a game is loaded from the store (its record
// replayed) when it is first asked for, and leaves memory when no request is being served for it
// and nobody has asked for it in a while: a minute once it is over, -idle (30 minutes by default)
// while it is in play, which is then abandoned; a game only watched (by streams and long polls)
// since it was loaded leaves once nobody watches it. Its bots stop meanwhile; it stays readable
// from the store and is loaded again when someone asks for it. -max-games bounds the games held at
// once: a server that holds its most lets go of the game least recently asked for that no request
// is being served for (its streams end, and its pages load it again), unless it was loaded or asked
// for within a minute; and one client address then holds at most a sixteenth of the games, its own
// going first beyond that. Streams and long polls are bounded: 4 a seat, 32 a client address, 4096
// in all, and 429 or 503 "too-many-streams" with Retry-After beyond (-client-header names the
// header in which a reverse proxy gives the client's address). Each game's transitions are
// serialized by a mutex, and every move names the version of the game it was chosen in and is
// refused as stale unless it may be played from it (its own version, or an older one while its
// player still owes the same simultaneous decision), so a move never counts twice. Bots think in
// the background, outside the game's lock, so a person's move is answered at once. The search bots
// of all the games take turns in one fair queue, on all the processors but one, each search capped
// in time, the cap shrinking as more games wait; the other bots never wait for a search (see
// thinkQueue). What a server promises, and how to run several: docs/operating.md.
//
// The HTTP API, all JSON; errors are {"error": "...", "code": "..."}:
//
//	GET  /api/setup                          the bot levels and editions a new game may have
//	GET  /api/cards                          the card catalogue
//	GET  /api/games                          the games with a person's seat free
//	POST /api/games                          {"players":2,"virtual":0,"edition":"second","seats":["person","greedy"]}:
//	                                         a new game; the answer gives its first person's seat
//	                                         and token, {"game":"...","seat":0,"token":"..."}
//	GET  /api/games/ID                       the game's seats and a summary
//	POST /api/games/ID/seats/N               take a free seat: {"game":...,"seat":N,"token":...}
//	GET  /api/games/ID/seats/N/state?log=K&version=V&news=C
//	                                         the seat's state: view, legal moves in words, each
//	                                         player's score sheet if the game ended now, the log
//	                                         told in lines from event K on (K: the first event of a
//	                                         line, as log_next gives it); with V, waits until the
//	                                         game moves on from version V, with C until the table
//	                                         changes from news C (at most 25 s)
//	GET  /api/games/ID/seats/N/stream?log=K  the seat's state as server-sent events: at once, then
//	                                         at every change of the table ("event: state", the
//	                                         state as data), and ": beat" lines every 20 s
//	POST /api/games/ID/seats/N/moves?log=K   {"version":V,"move":{...}}: the move, chosen in
//	                                         version V (required); answers with the new state once
//	                                         the move is stored, or 409 (code "stale" if it may not
//	                                         be played from version V; "illegal-move", ...), 400
//	                                         "bad-version", 503 "unsaved" (nothing changed)
//	GET  /api/games/ID/record                the record, once the game is over
//	GET  /api/words[/LANG]                   the page's words in the reader's language (or LANG:
//	                                         en, es, fr): the library's catalogue, every card's
//	                                         name and text, and the page's own phrases
//	POST /api/language                       {"lang":"es"}: remember the reader's choice (the
//	                                         cookie "lang"), and answer as GET /api/words
//
// Every answer is in the reader's language (see lang.go): the one chosen with "?lang=es" on any
// request or POST /api/language, remembered in the cookie "lang"; else the best match of
// Accept-Language among English, Spanish and French; else English. The legal moves' words, the
// log, the lobby's summaries and the errors' messages come in it (its Content-Language); GET /
// serves the page with <html lang> set to it. Two players at one table may read two languages.
//
// The seat's requests need "Authorization: Bearer <token>". A game whose stored record does not
// replay is answered 410 "damaged-game"; a store that fails, 503 without its details (they are
// logged).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	addr := flag.String("addr", "localhost:8080", "address to listen on")
	dir := flag.String("dir", "viceroy-games", "directory where every game's record is kept (without -db)")
	db := flag.String("db", "", "a PostgreSQL database (postgres://...) to keep the games in, instead of -dir; servers sharing one serve the same games")
	maxGames := flag.Int("max-games", 1000, "most games held in memory at once")
	idle := flag.Duration("idle", abandonedIdle, "a game in play that nobody asks for this long is abandoned: it leaves memory (a game over leaves after "+finishedIdle.String()+")")
	clientHeader := flag.String("client-header", "", "behind a reverse proxy: the header in which it gives the client's address (X-Real-IP, X-Forwarded-For), for the bounds of one address")
	flag.Parse()
	if *maxGames < 1 || *idle <= 0 {
		fmt.Fprintln(os.Stderr, "web: -max-games must be at least 1, and -idle more than 0")
		os.Exit(2)
	}
	if err := run(*addr, *dir, *db, *maxGames, *idle, *clientHeader); err != nil {
		fmt.Fprintln(os.Stderr, "web:", err)
		os.Exit(1)
	}
}

// openStore opens the store the flags name: the database db, or else the directory dir.
func openStore(dir, db string) (gameStore, string, error) {
	if db != "" {
		st, err := openPG(db)
		return st, "database " + redact(db), err
	}
	st, err := newDirStore(dir)
	return st, "directory " + dir, err
}

// run serves until an interrupt, then stops the bots and leaves every game in the store.
func run(addr, dir, db string, maxGames int, idle time.Duration, clientHeader string) error {
	st, where, err := openStore(dir, db)
	if err != nil {
		return err
	}
	s := newServer(st, maxGames)
	s.idle[0] = idle
	defer s.Close()
	h := s.handler()
	if clientHeader != "" {
		h = behindProxy(clientHeader, h)
	}
	srv := &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		s.stop() // long polls answer at once
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	log.Printf("Viceroy on %s, its games kept in the %s", pageURL(addr), where)
	if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// pageURL is the address a browser on this machine opens for a server listening on addr: an address
// with no host (":8080") listens on every interface, localhost among them.
func pageURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}
