package main

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/laar/viceroy"
)

//go:embed static
var static embed.FS

// maxBody bounds a request's body: a move or a new game's settings are a few hundred bytes.
const maxBody = 1 << 12

// One client address creates at most creationBurst games at once, and one more every
// creationEvery.
const (
	creationBurst = 20
	creationEvery = 30 * time.Second
)

// The lobby lists the open games a page at a time: lobbyPage by default, lobbyMaxPage at most.
const (
	lobbyPage    = 50
	lobbyMaxPage = 200
)

// Games leave memory (see server.evict) when nobody has asked for them for a while: a game over
// after finishedIdle, another (abandoned) after abandonedIdle by default (-idle).
const (
	finishedIdle  = time.Minute
	abandonedIdle = 30 * time.Minute
)

// A watch (a stream of states, or a long poll) holds a connection, two goroutines and about 30 KB
// while it lasts (net/http's buffers and the request's, and the stacks; see
// TestStreamMemoryReturns and TestScale), so the watches are bounded (see watchLimit): watchesPerSeat for one seat, a person's
// tabs and devices; watchesPerAddr for one client address, a few people behind one router each
// with a few tabs (a browser opens at most 6 connections to a server over HTTP/1.1); and
// watchesInAll in all, about 120 MB and as many file descriptors, well within what one process may
// open. A watch beyond a bound is refused, and told to try again after watchRetry. A write to a
// stream that its client does not take within streamWriteLimit ends it, so that a client that
// stopped reading holds nothing.
const (
	watchesPerSeat   = 4
	watchesPerAddr   = 32
	watchesInAll     = 4096
	watchRetry       = 10 * time.Second
	streamWriteLimit = 10 * time.Second
)

// server hosts many games, each at its own table, and keeps them in a store. It holds in memory
// the games in play, and loads a game from the store when it is asked for (see acquire).
type server struct {
	store    gameStore
	maxGames int              // most games held in memory at once
	idle     [2]time.Duration // a game leaves memory after this long without a request: [0] in play, [1] over
	loops    sync.WaitGroup   // the server's own goroutines: the sweep, the store's changes
	wait     time.Duration    // how long a request for the state waits for a change
	beat     time.Duration    // how often a stream of states says it is alive
	ctx      context.Context
	stop     context.CancelFunc
	bots     sync.WaitGroup // the tables' bot goroutines
	thinking *thinkQueue    // where the search bots of all the tables wait their turn
	seeds    func() uint64  // the seeds of new games and their bots: random, or a sequence in tests
	creating *creationLimit // how fast one client address may create games
	watches  *watchLimit    // how many streams and long polls a seat, an address and the server may have open

	minHeld     time.Duration // a game stays at least this long after it was loaded or asked for (see room)
	heldPerAddr int           // the games a client address may hold when room is needed; 0 for maxGames/heldShare

	mu       sync.Mutex
	tables   map[string]*table
	holdings map[*table]*holding // what the server keeps beside each table held
	heldBy   map[string]int      // by client address: the games held that its requests brought into memory
}

// newServer serves the games kept in st, which it closes when it is closed, holding at most
// maxGames in memory at once. Games are loaded from st when they are first asked for.
func newServer(st gameStore, maxGames int) *server {
	ctx, stop := context.WithCancel(context.Background())
	s := &server{store: st, maxGames: maxGames, idle: [2]time.Duration{abandonedIdle, finishedIdle}, wait: 25 * time.Second, beat: 20 * time.Second, ctx: ctx, stop: stop,
		thinking: newThinkQueue(searchSlots(runtime.GOMAXPROCS(0))), tables: map[string]*table{}, seeds: randomUint64,
		creating: newCreationLimit(creationBurst, creationEvery), watches: newWatchLimit(watchesPerAddr, watchesPerSeat, watchesInAll),
		minHeld: heldAtLeast, holdings: map[*table]*holding{}, heldBy: map[string]int{}}
	s.loops.Add(2)
	go s.sweep()
	go s.follow(st.changes())
	return s
}

// sweep lets go of the games nobody asks for (see evict), until the server stops.
func (s *server) sweep() {
	defer s.loops.Done()
	tick := time.NewTicker(time.Minute)
	defer tick.Stop()
	for {
		select {
		case now := <-tick.C:
			s.evict(now)
		case <-s.ctx.Done():
			return
		}
	}
}

// follow catches the tables up with the changes that other servers sharing the store make, as the
// store names them, until the server stops.
func (s *server) follow(changes <-chan string) {
	defer s.loops.Done()
	for {
		select {
		case id, ok := <-changes: // a nil channel (a store of one server's) never gives
			if !ok {
				return
			}
			s.catchUp(id)
		case <-s.ctx.Done():
			return
		}
	}
}

// catchUp reads from the store the changes of game id that other servers made, if the server
// holds it, or of every game held for "".
func (s *server) catchUp(id string) {
	var tables []*table
	s.mu.Lock()
	for tid, t := range s.tables {
		if id == "" || tid == id {
			tables = append(tables, t)
		}
	}
	s.mu.Unlock()
	for _, t := range tables {
		var err error
		if t.locked(func() { err = t.catchUp() }) == nil && err != nil {
			log.Printf("game %s: catching up with the store: %v", t.id, err)
		}
	}
}

// evict lets go of the games that nobody uses (no request, stream or long poll is being
// served) and nobody has asked for in a while (a request other than a stream or a long poll):
// finishedIdle for a game over, the server's idle for one in play, which is then abandoned. A game
// only watched since it was loaded, never asked for, leaves once nobody watches it: the streams
// that loaded it leave no memory behind. Their bots stop; they stay in the store, and are loaded
// again when asked for. A broken game stays, to answer that it is broken. It returns how many
// games left.
func (s *server) evict(now time.Time) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.evictLocked(now)
}

// evictLocked is evict with the server's lock held.
func (s *server) evictLocked(now time.Time) int {
	n := 0
	for _, t := range s.tables {
		if t.users == 0 && s.leaves(t, now) {
			s.letGo(t)
			n++
		}
	}
	return n
}

// leaves reports whether table t, which nobody uses, has been left long enough to leave memory.
// A table busy at the moment (its lock held) stays this time. The caller holds the server's lock.
func (s *server) leaves(t *table, now time.Time) bool {
	if !t.mu.TryLock() {
		return false
	}
	defer t.mu.Unlock()
	if t.broken {
		return false
	}
	g := t.history.Game()
	return now.Sub(s.holdingOf(t).asked) >= s.idle[btoi(g.Over())]
}

// hold adds table t, brought into memory by a request from the client address addr (a watch if
// watch), to the games held and starts its bots, first making room if the server holds its most
// (see room). The caller holds the server's lock.
func (s *server) hold(t *table, addr string, watch bool) error {
	now := time.Now()
	if err := s.room(addr, now); err != nil {
		return err
	}
	hd := &holding{addr: addr, loaded: now, gone: make(chan struct{})}
	if !watch {
		hd.asked = now
	}
	t.lastUsed = now
	s.tables[t.id] = t
	s.holdings[t] = hd
	s.heldBy[addr]++
	s.startBots(t)
	return nil
}

// errFull is the error of a game that does not fit in memory: the server holds its most, and
// none may leave for it until retry (see room).
type errFull struct {
	most  int
	retry time.Duration
}

func (e errFull) Error() string { return fmt.Sprintf("the server holds %d games, its most", e.most) }

// acquire is acquireFor a request of the server's own, from no client address.
func (s *server) acquire(id string) (*table, error) {
	t, _, err := s.acquireFor(id, "", false)
	return t, err
}

// acquireFor returns the table of game id and its holding, loaded from the store if the server does
// not hold it, and counts a use of it until release: a request's from the client address addr, or
// a watch's (a stream or a long poll) if watch. A table that a request is being served for never
// leaves memory; one only watched may, to make room (see room), and then its watches end.
func (s *server) acquireFor(id, addr string, watch bool) (*table, *holding, error) {
	s.mu.Lock()
	t := s.tables[id]
	var hd *holding
	if t != nil {
		hd = s.use(t, 1, watch)
	}
	s.mu.Unlock()
	if t != nil {
		return t, hd, nil
	}
	h, seats, err := s.store.load(id)
	if err != nil {
		return nil, nil, err
	}
	if t, err = newTable(id, s.store, h, seats); err != nil {
		return nil, nil, fmt.Errorf("game %s: %w", id, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if held := s.tables[id]; held != nil { // another request loaded it meanwhile
		return held, s.use(held, 1, watch), nil
	}
	if err := s.hold(t, addr, watch); err != nil {
		return nil, nil, err
	}
	return t, s.use(t, 1, watch), nil
}

// release ends a request's use of table t that acquireFor counted.
func (s *server) release(t *table) {
	s.mu.Lock()
	s.use(t, -1, false)
	s.mu.Unlock()
}

// unwatch ends a watch's use of table t that acquireFor counted.
func (s *server) unwatch(t *table) {
	s.mu.Lock()
	s.use(t, -1, true)
	s.mu.Unlock()
}

// use counts a user of table t more or fewer, a watch if watch, and returns its holding (nil if the
// server holds it no longer: a watch may outlast it). A request other than a watch asks for the
// game: it keeps it in memory a while (see evict and room). The caller holds the server's lock.
func (s *server) use(t *table, n int, watch bool) *holding {
	t.users += n
	t.lastUsed = time.Now()
	hd := s.holdingOf(t)
	switch {
	case hd == nil:
	case watch:
		hd.watches += n
	default:
		hd.asked = t.lastUsed
	}
	return hd
}

// startBots runs the table's bots, if it has any, in a goroutine of their own, until the server
// stops or the table leaves memory, once the store lets this server run them (holdBots: of the
// servers sharing a database, one runs a game's bots; the others learn its moves from the store).
// A server that loses them (its lease lapsed, or another server took it) asks for them again, so
// that it takes them back should the other server stop in turn.
func (s *server) startBots(t *table) {
	if !slices.ContainsFunc(t.bots, func(b viceroy.Bot) bool { return b != nil }) {
		return
	}
	ctx, stop := context.WithCancel(s.ctx)
	t.stopBots = stop
	s.bots.Add(1)
	go func() {
		defer s.bots.Done()
		for {
			held, release, err := s.store.holdBots(ctx, t.id)
			if err != nil {
				return // the server stops, or the table leaves memory
			}
			t.runBots(held, s.thinking)
			release()
			if held.Err() == nil || ctx.Err() != nil {
				return // the game is over or broken, the server stops, or the table leaves memory
			}
		}
	}()
}

// Close stops every table's bots and waits for them, then closes the store. Every move played is
// in the store already.
func (s *server) Close() {
	s.stop()
	s.bots.Wait()
	s.loops.Wait()
	if err := s.store.close(); err != nil {
		log.Printf("closing the store: %v", err)
	}
}

// handler returns the server's routes.
func (s *server) handler() http.Handler {
	files, _ := fs.Sub(static, "static")
	mux := http.NewServeMux()
	mux.Handle("GET /", http.FileServerFS(files))
	mux.HandleFunc("GET /{$}", servePage)
	mux.HandleFunc("GET /api/words", words)
	mux.HandleFunc("GET /api/words/{lang}", words)
	mux.HandleFunc("POST /api/language", chooseLanguage)
	mux.HandleFunc("GET /api/setup", s.setup)
	mux.HandleFunc("GET /api/cards", cards)
	mux.HandleFunc("GET /api/games", s.list)
	mux.HandleFunc("POST /api/games", s.create)
	mux.HandleFunc("GET /api/games/{game}", s.info)
	mux.HandleFunc("POST /api/games/{game}/seats/{seat}", s.takeSeat)
	mux.HandleFunc("GET /api/games/{game}/seats/{seat}/state", s.state)
	mux.HandleFunc("GET /api/games/{game}/seats/{seat}/stream", s.stream)
	mux.HandleFunc("POST /api/games/{game}/seats/{seat}/moves", s.move)
	mux.HandleFunc("GET /api/games/{game}/record", s.record)
	return withLanguage(mux)
}

// setup answers with the choices of a new game: the bot levels of the library, read at run time so
// that new levels appear here without a change, and the editions.
func (s *server) setup(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, struct {
		BotLevels []string `json:"bot_levels"`
		Editions  []string `json:"editions"`
	}{viceroy.BotLevels(), []string{"second", "first"}})
}

// cards answers with the card catalogue, from which the page draws every card.
func cards(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, viceroy.Cards()) }

// newGame is the body of a request for a new game.
type newGame struct {
	Players int             `json:"players"`
	Virtual int             `json:"virtual"`
	Edition viceroy.Edition `json:"edition"`
	Seats   []string        `json:"seats"` // by player: person, or a bot level
}

// joined is the answer to a request that gave a seat: the game, the seat and its secret token.
type joined struct {
	Game  string `json:"game"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// create starts a game with a new random seed, saves it, and gives its first person's seat to the
// caller.
func (s *server) create(w http.ResponseWriter, r *http.Request) {
	addr := clientOf(r)
	if ok, wait := s.creating.allow(r, time.Now()); !ok {
		retryAfter(w, wait)
		writeError(w, http.StatusTooManyRequests, "too-many-games", "this address creates games too fast: try again in a while")
		return
	}
	var req newGame
	if err := decodeBody(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "bad-request", err.Error())
		return
	}
	seats, err := newSeats(req.Seats, req.Players, s.seeds)
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad-config", err.Error())
		return
	}
	cfg := viceroy.Config{Players: req.Players, Virtual: req.Virtual, Edition: req.Edition, Seed: s.seeds()}
	h, err := viceroy.NewHistory(cfg)
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad-config", err.Error())
		return
	}
	first := slices.IndexFunc(seats, func(s seat) bool { return s.Kind == person })
	token := newToken()
	seats[first].TokenHash = hashToken(token)
	id := newToken()[:12]
	t, err := newTable(id, s.store, h, seats)
	if err != nil {
		writeHidden(w, http.StatusInternalServerError, "internal", "the game could not be set up", err)
		return
	}
	s.mu.Lock()
	err = s.room(addr, time.Now()) // before the game is stored: one refused leaves nothing behind
	s.mu.Unlock()
	if writeNoRoom(w, err) {
		return
	}
	if err := s.store.create(id, cfg, seats); err != nil {
		writeHidden(w, http.StatusServiceUnavailable, "unsaved", "the new game could not be saved: try again later", err)
		return
	}
	s.mu.Lock()
	err = s.hold(t, addr, false)
	s.mu.Unlock()
	if writeNoRoom(w, err) { // the game is stored: it is loaded when asked for, once there is room
		return
	}
	writeJSON(w, http.StatusOK, joined{id, first, token})
}

// newSeats checks the seats of a new game: one for each player, each a person's or a known bot
// level's, and at least one a person's. Bots get seeds of their own, from seeds.
func newSeats(kinds []string, players int, seeds func() uint64) ([]seat, error) {
	if len(kinds) != players {
		return nil, fmt.Errorf("%d seats for %d players", len(kinds), players)
	}
	seats := make([]seat, len(kinds))
	for i, k := range kinds {
		seats[i].Kind = k
		if k == person {
			continue
		}
		if _, err := viceroy.NewBot(k, 0); err != nil {
			return nil, fmt.Errorf("seat %d: %w", i, err)
		}
		seats[i].Seed = seeds()
	}
	if !slices.Contains(kinds, person) {
		return nil, errors.New("no seat for a person")
	}
	return seats, nil
}

// gameInfo is what anyone may know of a game: enough to choose a seat.
type gameInfo struct {
	Game    string         `json:"game"`
	Config  viceroy.Config `json:"config"` // with Seed 0: the seed gives away every hidden fact
	Seats   []seatInfo     `json:"seats"`
	Summary string         `json:"summary"` // the game in one line, in the reader's language (viceroy.Language.Say)
	Over    bool           `json:"over"`
}

// infoOf returns what anyone may know of table t, told in l.
func infoOf(t *table, l viceroy.Language) gameInfo {
	info := gameInfo{Game: t.id, Seats: []seatInfo{}, Summary: "broken"} // a broken game has no seat to join
	t.locked(func() { info = infoFrom(t.id, t.history.Game(), t.seats, l) })
	return info
}

// infoFrom returns what anyone may know of game id, g with its seats, told in l.
func infoFrom(id string, g viceroy.Game, seats []seat, l viceroy.Language) gameInfo {
	cfg := g.Config()
	cfg.Seed = 0
	infos := make([]seatInfo, len(seats))
	for i, s := range seats {
		infos[i] = seatInfo{s.Kind, s.taken()}
	}
	return gameInfo{id, cfg, infos, l.Say(g), g.Over()}
}

// peek returns what anyone may know of game id: from its table if the server holds it, and
// otherwise from the store, without holding it; told in l.
func (s *server) peek(id string, l viceroy.Language) (gameInfo, error) {
	s.mu.Lock()
	t := s.tables[id]
	s.mu.Unlock()
	if t != nil {
		return infoOf(t, l), nil
	}
	h, seats, err := s.store.load(id)
	if err != nil {
		return gameInfo{}, err
	}
	return infoFrom(id, h.Game(), seats, l), nil
}

// list answers with the games that have a person's seat free, to join, in the order of their ids, a
// page at a time: at most "limit" of them (lobbyPage by default), those after the game "after".
// They are read from the store, so that the lobby of each server sharing it lists every game.
func (s *server) list(w http.ResponseWriter, r *http.Request) {
	limit, ok := intParam(w, r, "limit", lobbyPage)
	if !ok {
		return
	}
	limit = max(1, min(limit, lobbyMaxPage))
	ids, err := s.store.open(r.URL.Query().Get("after"), limit)
	if err != nil {
		writeHidden(w, http.StatusServiceUnavailable, "store-unavailable", "the lobby cannot be read: try again later", err)
		return
	}
	open := []gameInfo{}
	for _, id := range ids {
		info, err := s.peek(id, languageOf(r))
		if errors.Is(err, errDamaged) {
			continue // the store has logged it
		}
		if err != nil {
			log.Printf("lobby: game %s: %v", id, err)
			continue
		}
		free := slices.ContainsFunc(info.Seats, func(s seatInfo) bool { return !s.Taken })
		if free && !info.Over {
			open = append(open, info)
		}
	}
	writeJSON(w, http.StatusOK, open)
}

// table finds the game the path names, loaded from the store if need be, and holds it in memory
// until the request is answered (see acquireFor), or for a stream or a long poll (its context
// marked with watchKey) while it is watched; on failure it has written the answer.
func (s *server) table(w http.ResponseWriter, r *http.Request) (*table, bool) {
	id := r.PathValue("game")
	if !validID(id) {
		writeError(w, http.StatusNotFound, "no-such-game", fmt.Sprintf("no game %q", id))
		return nil, false
	}
	watch, _ := r.Context().Value(watchKey{}).(*watching)
	t, hd, err := s.acquireFor(id, clientOf(r), watch != nil)
	switch {
	case writeNoRoom(w, err):
		return nil, false
	case errors.Is(err, errNoGame), errors.Is(err, errDamaged):
		writeFailure(w, err)
		return nil, false
	case err != nil:
		writeHidden(w, http.StatusServiceUnavailable, "store-unavailable", "the game cannot be read: try again later", err)
		return nil, false
	}
	if watch != nil { // it may outlast its handler (see pump): it ends the use when it ends
		watch.holding = hd
		watch.ends = append(watch.ends, func() { s.unwatch(t) })
		return t, true
	}
	// The request's context ends when its handler returns, or when its client goes.
	context.AfterFunc(r.Context(), func() { s.release(t) })
	return t, true
}

func (s *server) info(w http.ResponseWriter, r *http.Request) {
	if t, ok := s.table(w, r); ok {
		writeJSON(w, http.StatusOK, infoOf(t, languageOf(r)))
	}
}

// seatOf reads the seat number of the path; on failure it has written the answer.
func seatOf(w http.ResponseWriter, r *http.Request) (viceroy.Player, bool) {
	n, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad-seat", fmt.Sprintf("seat %q is not a number", r.PathValue("seat")))
		return 0, false
	}
	return viceroy.Player(n), true
}

// takeSeat gives a free person's seat to the caller with a new token.
func (s *server) takeSeat(w http.ResponseWriter, r *http.Request) {
	t, ok := s.table(w, r)
	if !ok {
		return
	}
	p, ok := seatOf(w, r)
	if !ok {
		return
	}
	token := newToken()
	if err := t.take(p, token); err != nil {
		writeFailure(w, err)
		return
	}
	writeJSON(w, http.StatusOK, joined{t.id, int(p), token})
}

// seated finds the table and seat of the path and checks the request's token; on failure it has
// written the answer.
func (s *server) seated(w http.ResponseWriter, r *http.Request) (*table, viceroy.Player, bool) {
	t, ok := s.table(w, r)
	if !ok {
		return nil, 0, false
	}
	p, ok := seatOf(w, r)
	if !ok {
		return nil, 0, false
	}
	token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	err := t.checkSeat(p, token)
	if err != nil && err.code == "wrong-token" && s.store.changes() != nil {
		// The seat may have been taken through another server sharing the store just now.
		t.locked(func() {
			if err := t.catchUp(); err != nil {
				log.Printf("game %s: catching up with the store: %v", t.id, err)
			}
		})
		err = t.checkSeat(p, token)
	}
	if err != nil {
		writeFailure(w, err)
		return nil, 0, false
	}
	return t, p, true
}

// intParam reads a query parameter that is a number, def if it is missing; on failure it has
// written the answer.
func intParam(w http.ResponseWriter, r *http.Request, name string, def int) (int, bool) {
	q := r.URL.Query().Get(name)
	if q == "" {
		return def, true
	}
	n, err := strconv.Atoi(q)
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad-"+name, fmt.Sprintf("%s %q is not a number", name, q))
		return 0, false
	}
	return n, true
}

// seatedSince is seated for the requests that answer with the seat's state: it also reads "log",
// the first event of the seat's log the page has not seen.
func (s *server) seatedSince(w http.ResponseWriter, r *http.Request) (*table, viceroy.Player, int, bool) {
	t, p, ok := s.seated(w, r)
	if !ok {
		return nil, 0, 0, false
	}
	since, ok := intParam(w, r, "log", 0)
	return t, p, since, ok
}

// state answers with the seat's state and its log from "log" on. With "version", it waits (up to
// the server's wait) until the game has moved past that version; with "news", until the table has
// changed since (a move, or a seat taken): the long poll of a page that cannot keep a stream. A
// long poll is a watch, bounded as streams are (see watch); it answers at once when its game
// leaves memory.
func (s *server) state(w http.ResponseWriter, r *http.Request) {
	var watch *watching
	if waits(r) {
		var ok bool
		if r, watch, ok = s.watch(w, r); !ok {
			return
		}
		defer watch.end()
	}
	t, p, since, ok := s.seatedSince(w, r)
	if !ok {
		return
	}
	var gone <-chan struct{} // closed when a long poll's game leaves memory; nil for a request
	if watch != nil {
		if !s.watchSeat(w, watch, t, p) {
			return
		}
		gone = watch.holding.gone
	}
	saw, ok := intParam(w, r, "version", -1)
	if !ok {
		return
	}
	news, ok := intParam(w, r, "news", -1)
	if !ok {
		return
	}
	timeout := time.NewTimer(s.wait)
	defer timeout.Stop()
	for {
		var changed chan struct{}
		var st *state
		if err := t.locked(func() {
			if news < 0 && t.version != saw || news >= 0 && t.news != news {
				s := t.stateFor(p, since, languageOf(r))
				st = &s
			}
			changed = t.changed
		}); err != nil {
			writeFailure(w, err)
			return
		}
		if st != nil {
			writeJSON(w, http.StatusOK, *st)
			return
		}
		select {
		case <-changed:
		case <-timeout.C:
			saw, news = -1, -1 // answer as things are
		case <-gone:
			saw, news = -1, -1
		case <-r.Context().Done():
			return
		case <-s.ctx.Done():
			saw, news = -1, -1
		}
	}
}

// stream sends the seat's state as server-sent events ("event: state", its data the state's JSON,
// its id the table's news): at once, and again at every change of the table (a move, a seat
// taken), each with the log from where the one before left off. A comment line every beat keeps
// the connection, and tells the page that it is alive. A page that loses the stream opens it
// again with its own "log", and the first event brings it up to date. A stream is a watch, bounded
// (see watch); it is sent by pump, and the seat's streams share the state of each change (see
// feed). It ends when
// its client goes or does not take a write within streamWriteLimit, or when its game leaves
// memory.
func (s *server) stream(w http.ResponseWriter, r *http.Request) {
	r, watch, ok := s.watch(w, r)
	if !ok {
		return
	}
	t, p, since, ok := s.seatedSince(w, r)
	if !ok || !s.watchSeat(w, watch, t, p) {
		watch.end()
		return
	}
	defer watch.end()
	s.pump(answerWith(w, r), t, watch.holding, reader{p, languageOf(r)}, since)
}

// moveRequest is the body of a move: the move, and the version of the game it was chosen in,
// which every move must name.
type moveRequest struct {
	Version *int         `json:"version"`
	Move    viceroy.Move `json:"move"`
}

// move plays the seat's move if it may be played from the version it was chosen in (see
// table.fresh), and answers with the new state and the log from "log" on; a move answered 200 is
// stored.
func (s *server) move(w http.ResponseWriter, r *http.Request) {
	t, p, since, ok := s.seatedSince(w, r)
	if !ok {
		return
	}
	var req moveRequest
	if err := decodeBody(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "bad-move", err.Error())
		return
	}
	if req.Version == nil || *req.Version < 0 {
		writeError(w, http.StatusBadRequest, "bad-version", `a move names the version of the game it was chosen in, a number from 0: {"version":V,"move":{...}}`)
		return
	}
	var err error
	var st state
	var why string // a refused move's reason, in the reader's language
	l := languageOf(r)
	if broken := t.locked(func() {
		err = t.play(p, req.Move, *req.Version)
		if errors.Is(err, viceroy.ErrIllegalMove) && l != viceroy.English {
			g := t.history.Game()
			why = l.Refusal(&g, p, req.Move)
		}
		st = t.stateFor(p, since, l)
	}); broken != nil {
		err = broken
	}
	if why != "" {
		writeErrorWords(w, http.StatusConflict, "illegal-move", why)
		return
	}
	if err != nil {
		writeFailure(w, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// record answers with the game's record once the game is over: before, it would give away the seed
// and every hidden choice.
func (s *server) record(w http.ResponseWriter, r *http.Request) {
	t, ok := s.table(w, r)
	if !ok {
		return
	}
	var over bool
	var rec viceroy.Record
	if err := t.locked(func() {
		g := t.history.Game()
		over, rec = g.Over(), t.history.Record()
	}); err != nil {
		writeFailure(w, err)
		return
	}
	if !over {
		writeError(w, http.StatusConflict, "record-hidden", "the record holds the seed and every hidden choice; it is given out once the game is over")
		return
	}
	writeJSON(w, http.StatusOK, rec)
}

// decodeBody reads exactly one JSON value of a bounded body into v.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one JSON value in the body")
	}
	return nil
}

// failures are the codes of the errors of a request, as an error answer gives them. A failure of
// the server's own (5xx) is answered with the failure's own words, and its detail, which may name
// files or the database, goes to the server's log.
var failures = []struct {
	err    error
	status int
	code   string
}{
	{viceroy.ErrNotYourTurn, http.StatusConflict, "not-your-turn"},
	{viceroy.ErrGameOver, http.StatusConflict, "game-over"},
	{viceroy.ErrIllegalMove, http.StatusConflict, "illegal-move"},
	{errUnsaved, http.StatusServiceUnavailable, "unsaved"}, // the disk refused it: nothing changed, send it again later
	{errSeatUnsaved, http.StatusServiceUnavailable, "unsaved"},
	{errBroken, http.StatusInternalServerError, "broken-game"},
	{errNoGame, http.StatusNotFound, "no-such-game"},
	{errDamaged, http.StatusGone, "damaged-game"}, // its files are damaged: it is set aside until they are mended
}

// writeFailure answers with the error of a request that the game or the seats refused.
func writeFailure(w http.ResponseWriter, err error) {
	var es *errSeat
	var stale errStale
	var full errFull
	switch {
	case errors.As(err, &full):
		writeError(w, http.StatusServiceUnavailable, "too-many-games", err.Error())
		return
	case errors.As(err, &es):
		writeError(w, es.status, es.code, es.msg)
		return
	case errors.As(err, &stale):
		writeError(w, http.StatusConflict, "stale", err.Error())
		return
	}
	for _, f := range failures {
		switch {
		case !errors.Is(err, f.err):
		case f.status >= 500:
			writeHidden(w, f.status, f.code, f.err.Error(), err)
			return
		default:
			writeError(w, f.status, f.code, err.Error())
			return
		}
	}
	writeHidden(w, http.StatusInternalServerError, "internal", "the server failed", err)
}

// writeHidden answers status with msg, a failure of the server's told without its detail, and logs
// err, the detail (a file's path, the database's address), for the operator.
func writeHidden(w http.ResponseWriter, status int, code, msg string, err error) {
	log.Printf("answered %d %s: %v", status, code, err)
	writeError(w, status, code, msg)
}

// newToken returns 128 random bits in hex.
func newToken() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return hex.EncodeToString(b[:])
}

// randomUint64 returns a random seed.
func randomUint64() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// writeJSON answers status with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		writeHidden(w, http.StatusInternalServerError, "internal", "the answer could not be encoded", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// writeError answers status with {"error":msg,"code":code}, msg in the answer's language (see
// errorWords).
func writeError(w http.ResponseWriter, status int, code, msg string) {
	writeErrorWords(w, status, code, errorWords(answerLanguage(w), code, msg))
}

// writeErrorWords answers status with {"error":msg,"code":code}, msg already in the answer's
// language.
func writeErrorWords(w http.ResponseWriter, status int, code, msg string) {
	b, _ := json.Marshal(struct {
		Error string `json:"error"`
		Code  string `json:"code"`
	}{msg, code})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// errorWords returns the message of an error answer in language l: msg itself in English (the
// server's own words, with their details), the catalogue's phrase of "error."+code in the others,
// or msg if it has none.
func errorWords(l viceroy.Language, code, msg string) string {
	if l == viceroy.English {
		return msg
	}
	if w, ok := ownWords(l)["error."+code]; ok {
		return w
	}
	return msg
}

// count returns the number of games held.
func (s *server) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.tables)
}
