// Command server hosts one game of Viceroy over HTTP, for clients that each play one seat.
//
// It teaches how the library fits a game server: the whole game is one History (the game, its
// record and the table's log) guarded by a mutex; a client takes a seat and gets a secret token for
// it; with the token it sees only its player's View (the package leaves out what that player may
// not know) and its player's part of the table's log, and moves for that player alone; a move
// arrives as JSON, decodes strictly into a Move, and History.Play either accepts it or says why
// not; every move names the version of the game it was chosen in (the number of moves played), so
// that a move sent twice, or chosen from a view that is out of date, is refused rather than
// applied twice; the moves accepted form a Record, which the server gives out only once the game
// is over, and which any client can then replay with viceroy.Replay. Until then the record would
// give away what the views keep hidden: it holds the seed, from which every shuffle and draw
// comes, and its moves include the hidden choices (bids, development choices) not yet revealed.
//
//	go run ./examples/server -addr localhost:8080 -players 3 -seed 7
//	go run ./examples/server -players 2 -bots 1 -level search   # player 1 is a bot
//
//	curl -X POST 'localhost:8080/seat?player=0'          # {"player":0,"token":"9f2c..."}
//	curl -H 'Authorization: Bearer 9f2c...' 'localhost:8080/view?player=0'   # {"version":0,"view":{...}}
//	curl -H 'Authorization: Bearer 9f2c...' -d '{"version":0,"move":{"kind":"keep-in-pyramid","card":12}}' 'localhost:8080/move?player=0'
//	curl -H 'Authorization: Bearer 9f2c...' 'localhost:8080/log?player=0&since=0'
//	curl 'localhost:8080/cards'                          # the card catalogue
//	curl 'localhost:8080/record'                         # the whole game, once it is over
//
// Endpoints (GET / lists them, and so does the server's log when it starts):
//
//	GET  /                 200 and {"game":...,"tokens":...,"endpoints":[{"method":"GET","path":
//	                       "/view?player=N","about":"..."},...]}: the endpoints, a line each
//	POST /seat?player=N    200 and {"player":N,"token":"..."}: the seat is now the caller's, and
//	                       the token its secret; 409 if the seat was taken already
//	GET  /view?player=N    200 and {"version":V,"view":{...}}: the game's version (the number of
//	                       moves played, the bots' included) and player N's View
//	POST /move?player=N    body: {"version":V,"move":{...}}, the move as JSON and the version of
//	                       the game it was chosen in; 200 and {"version":V,"view":{...}} after the
//	                       move (and the bots' moves it led to), or 400 (bad JSON, or no version),
//	                       409 "stale" if the game is no longer at version V (the body's "version"
//	                       gives the game's: read the view again and choose again), or 409 (a move
//	                       that is not legal now: not N's decision, not among the legal moves, or
//	                       the game is over)
//	GET  /log?player=N&since=K
//	                       200 and {"events":[...],"next":M}: the events of the table's log from
//	                       the K-th on as player N saw them (History.Log), and the number to ask
//	                       from next time; since may be left out (0); 400 if it is not a number
//	                       from 0 to the log's length
//	GET  /cards            200 and the card catalogue (viceroy.Cards) as JSON
//	GET  /record           200 and the game's Record as JSON once the game is over; before that
//	                       409, with the reason, and nothing of the record
//
// /view, /log and /move need the seat's token as "Authorization: Bearer <token>": without one they
// answer 401, with another seat's or a made-up one 403. An unknown player is 404, a player that is
// not a number 400. Every error is JSON, {"error":"what was wrong","code":"illegal-move"}: the
// error is for people, the code for programs, one of "bad-player", "no-such-player", "no-token",
// "wrong-token", "seat-taken", "bad-move" (JSON that is no move request), "stale" (with the game's
// "version"), "not-your-turn", "illegal-move", "game-over", "bad-since", "record-hidden",
// "not-found", "method-not-allowed" and "internal".
//
// With -bots N, the last N seats are played by bundled bots of -level (viceroy.NewBot): each
// decides from its own View as soon as it owes a decision, before the server answers the move that
// led there, so a client always finds the game waiting for a person. A bot's seat cannot be taken
// (409 seat-taken).
//
// What a real deployment adds: seats tied to authenticated accounts (the token here goes to
// whoever asks first, and lives only in memory), TLS so that tokens and views cannot be read on
// the way, many games with their own ids, state that survives a restart (the record replays to the
// game), limits on request rates, and time limits on decisions.
package main

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/laar/viceroy"
)

// main reads the flags, sets up the game and serves it until the process is stopped.
func main() {
	addr := flag.String("addr", "localhost:8080", "address to listen on")
	players := flag.Int("players", 2, "human players (1-4)")
	virtual := flag.Int("virtual", 0, "virtual opponents (a solo game, -players 1, gets 1 unless set)")
	edition := flag.Int("edition", 2, "rules edition: 1 or 2")
	seed := flag.Uint64("seed", 1, "seed of the game")
	nBots := flag.Int("bots", 0, "seats played by bots: the last N")
	level := flag.String("level", "greedy", "the bots' level: "+strings.Join(viceroy.BotLevels(), ", "))
	flag.Parse()

	virtualSet := false
	flag.Visit(func(f *flag.Flag) { virtualSet = virtualSet || f.Name == "virtual" })
	cfg, bots, err := configure(*players, *virtual, virtualSet, *edition, *seed, *nBots, *level)
	if err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(2)
	}
	h, err := newServer(cfg, bots...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(1)
	}
	// Every timeout set: a client that opens connections and sends nothing, or reads nothing,
	// holds them only so long.
	srv := &http.Server{Addr: *addr, Handler: h, ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute}
	announce(log.Writer(), cfg, *addr)
	log.Fatal(srv.ListenAndServe())
}

// announce writes what the server serves and where, and its endpoints, one a line.
func announce(w io.Writer, cfg viceroy.Config, addr string) {
	fmt.Fprintf(w, "one game of Viceroy (%d players, %d virtual, %v, seed %d) on http://%s\n",
		cfg.Players, cfg.Virtual, cfg.Edition, cfg.Seed, addr)
	fmt.Fprintf(w, "endpoints (%s):\n", tokenNote)
	for _, e := range endpoints {
		fmt.Fprintf(w, "  %-4s %-22s %s\n", e.Method, e.Path, e.About)
	}
}

// endpoint is one request the server answers: its method, its path with the query it takes, and
// what it does, in a line.
type endpoint struct {
	Method string `json:"method"`
	Path   string `json:"path"`
	About  string `json:"about"`
}

// tokenNote says which endpoints need a seat's token, and how to send it.
const tokenNote = "/view, /log and /move need the seat's token as \"Authorization: Bearer <token>\""

// endpoints lists the requests the server answers, for GET / and the log at start. The package
// comment tells each in full.
var endpoints = []endpoint{
	{"GET", "/", "this list"},
	{"POST", "/seat?player=N", "take seat N; the answer holds the seat's secret token"},
	{"GET", "/view?player=N", "player N's view of the game, and the game's version"},
	{"POST", "/move?player=N", `make player N's move; body: {"version":V,"move":{...}}`},
	{"GET", "/log?player=N&since=K", "the table's log as player N saw it, from event K on"},
	{"GET", "/cards", "the card catalogue"},
	{"GET", "/record", "the game's record, once the game is over"},
}

// index answers with the list of endpoints.
func index(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, struct {
		Game      string     `json:"game"`
		Tokens    string     `json:"tokens"`
		Endpoints []endpoint `json:"endpoints"`
	}{"one game of Viceroy", tokenNote, endpoints})
}

// configure reads the flags' settings: the game's config (a solo game gets one virtual opponent
// unless virtualSet) and the bots of its last nBots seats, of level, seeded from seed. It checks
// the config, and nBots against its players, before it makes a bot, so that no number of players
// or bots asked for can make the server run out of memory.
func configure(players, virtual int, virtualSet bool, edition int, seed uint64, nBots int, level string) (viceroy.Config, []viceroy.Bot, error) {
	cfg := viceroy.Config{Players: players, Virtual: virtual, Seed: seed}
	if cfg.Players == 1 && !virtualSet {
		cfg.Virtual = 1
	}
	switch edition {
	case 1:
		cfg.Edition = viceroy.FirstEdition
	case 2:
	default:
		return cfg, nil, fmt.Errorf("-edition %d: must be 1 or 2", edition)
	}
	if _, err := viceroy.NewGame(cfg); err != nil {
		return cfg, nil, err
	}
	if nBots < 0 || nBots > players {
		return cfg, nil, fmt.Errorf("-bots %d: must be from 0 to the players (%d)", nBots, players)
	}
	var bots []viceroy.Bot
	for i := range nBots {
		b, err := viceroy.NewBot(level, seed+uint64(i)+1)
		if err != nil {
			return cfg, nil, err
		}
		bots = append(bots, b)
	}
	return cfg, bots, nil
}

// maxMoveBytes bounds a move's request body: a move's JSON is a few dozen bytes.
const maxMoveBytes = 1 << 12

// server holds the game. Every handler takes the mutex for its whole reading or writing of the
// game, record and seats, so moves are applied one at a time and a view is never of a half-made
// move; a move is applied only if the game is still at the version it names, so of two requests
// made from one view, one at most is applied.
type server struct {
	players int // set once; read without the lock

	mu      sync.Mutex
	history *viceroy.History // the game, its record (given out once it is over) and its log
	version int              // moves played, the bots' included; a move names the version it was chosen in
	tokens  []string         // each seat's secret token; "" while the seat is free
	bots    []viceroy.Bot    // the bot of each seat a bot plays; nil for people's seats
}

// newServer sets up a game with cfg, whose last seats the bots play, and returns the handler that
// serves it.
func newServer(cfg viceroy.Config, bots ...viceroy.Bot) (http.Handler, error) {
	if len(bots) > cfg.Players {
		return nil, fmt.Errorf("%d bots for %d players", len(bots), cfg.Players)
	}
	h, err := viceroy.NewHistory(cfg)
	if err != nil {
		return nil, err
	}
	s := &server{players: cfg.Players, history: h, tokens: make([]string, cfg.Players),
		bots: make([]viceroy.Bot, cfg.Players)}
	for i, b := range bots {
		p := cfg.Players - len(bots) + i
		// A token that is never given out: nobody can take or play the seat.
		if s.tokens[p], err = newToken(); err != nil {
			return nil, err
		}
		s.bots[p] = b
	}
	if err := s.playBots(); err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/seat", only("POST", s.seat))
	mux.HandleFunc("/view", only("GET", s.view))
	mux.HandleFunc("/move", only("POST", s.move))
	mux.HandleFunc("/log", only("GET", s.log))
	mux.HandleFunc("/cards", only("GET", cards))
	mux.HandleFunc("/record", only("GET", s.getRecord))
	mux.HandleFunc("/{$}", only("GET", index))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not-found", "no such endpoint: "+r.URL.Path)
	})
	return mux, nil
}

// only answers 405 (as JSON) to any method but method, and passes the others to h. (A GET handler
// answers HEAD as well, without a body.)
func only(method string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != method && !(method == "GET" && r.Method == "HEAD") {
			w.Header().Set("Allow", method)
			writeError(w, http.StatusMethodNotAllowed, "method-not-allowed", r.Method+" "+r.URL.Path+": use "+method)
			return
		}
		h(w, r)
	}
}

// player reads the player query parameter; on failure it has written the error response.
func (s *server) player(w http.ResponseWriter, r *http.Request) (viceroy.Player, bool) {
	q := r.URL.Query().Get("player")
	n, err := strconv.Atoi(q)
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad-player", fmt.Sprintf("player %q is not a number", q))
		return 0, false
	}
	if n < 0 || n >= s.players {
		writeError(w, http.StatusNotFound, "no-such-player", fmt.Sprintf("no player %d in this game of %d players", n, s.players))
		return 0, false
	}
	return viceroy.Player(n), true
}

// seated reads the player query parameter and checks the request's token against that seat's;
// on failure it has written the error response.
func (s *server) seated(w http.ResponseWriter, r *http.Request) (viceroy.Player, bool) {
	p, ok := s.player(w, r)
	if !ok {
		return 0, false
	}
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || token == "" {
		w.Header().Set("WWW-Authenticate", "Bearer")
		writeError(w, http.StatusUnauthorized, "no-token", fmt.Sprintf("%v's seat needs its token: Authorization: Bearer <token>", p))
		return 0, false
	}
	s.mu.Lock()
	want := s.tokens[p]
	s.mu.Unlock()
	if want == "" || subtle.ConstantTimeCompare([]byte(token), []byte(want)) != 1 {
		writeError(w, http.StatusForbidden, "wrong-token", fmt.Sprintf("the token is not %v's", p))
		return 0, false
	}
	return p, true
}

// seat gives a free seat to the caller with a new secret token.
func (s *server) seat(w http.ResponseWriter, r *http.Request) {
	p, ok := s.player(w, r)
	if !ok {
		return
	}
	token, err := newToken()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", "cannot make a token: "+err.Error())
		return
	}
	s.mu.Lock()
	taken := s.tokens[p] != ""
	if !taken {
		s.tokens[p] = token
	}
	s.mu.Unlock()
	if taken {
		writeError(w, http.StatusConflict, "seat-taken", fmt.Sprintf("%v's seat is taken", p))
		return
	}
	writeJSON(w, struct {
		Player viceroy.Player `json:"player"`
		Token  string         `json:"token"`
	}{p, token})
}

// newToken returns 128 random bits in hex.
func newToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// versioned is the answer of /view and of a move: the game's version and a player's View.
type versioned struct {
	Version int          `json:"version"` // moves played; a move names the version it was chosen in
	View    viceroy.View `json:"view"`
}

// viewOf returns the version and player p's view. The caller holds the lock.
func (s *server) viewOf(p viceroy.Player) versioned {
	g := s.history.Game()
	return versioned{s.version, g.View(p)}
}

func (s *server) view(w http.ResponseWriter, r *http.Request) {
	p, ok := s.seated(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	v := s.viewOf(p)
	s.mu.Unlock()
	writeJSON(w, v)
}

// log answers with the player's part of the table's log from the event "since" on.
func (s *server) log(w http.ResponseWriter, r *http.Request) {
	p, ok := s.seated(w, r)
	if !ok {
		return
	}
	since := 0
	if q := r.URL.Query().Get("since"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil {
			writeError(w, http.StatusBadRequest, "bad-since", fmt.Sprintf("since %q is not a number", q))
			return
		}
		since = n
	}
	s.mu.Lock()
	log := s.history.Log(p)
	s.mu.Unlock()
	if since < 0 || since > len(log) {
		writeError(w, http.StatusBadRequest, "bad-since", fmt.Sprintf("since %d: the log has %d events", since, len(log)))
		return
	}
	writeJSON(w, struct {
		Events []viceroy.Event `json:"events"`
		Next   int             `json:"next"`
	}{log[since:], len(log)})
}

// move plays the seat's move if the game is still at the version the move names, then the bots'
// moves it leads to, and answers with the new version and view.
func (s *server) move(w http.ResponseWriter, r *http.Request) {
	p, ok := s.seated(w, r)
	if !ok {
		return
	}
	req, err := decodeMove(http.MaxBytesReader(w, r.Body, maxMoveBytes))
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad-move", err.Error())
		return
	}
	s.mu.Lock()
	now := s.version
	stale := req.Version != now
	var botErr error
	if !stale {
		if err = s.play(p, req.Move); err == nil {
			botErr = s.playBots()
		}
	}
	v := s.viewOf(p)
	s.mu.Unlock()
	switch {
	case stale:
		writeStale(w, req.Version, now)
	case botErr != nil:
		// Never happens: a bot chooses among its legal moves.
		writeError(w, http.StatusInternalServerError, "internal", botErr.Error())
	case err != nil:
		// ErrIllegalMove, ErrNotYourTurn, ErrGameOver: the request is well formed, but conflicts
		// with the state of the game.
		writeError(w, http.StatusConflict, errorCode(err), err.Error())
	default:
		writeJSON(w, v)
	}
}

// play makes player p's move m and counts it in the version. The caller holds the lock.
func (s *server) play(p viceroy.Player, m viceroy.Move) error {
	if err := s.history.Play(p, m); err != nil {
		return err
	}
	s.version++
	return nil
}

// writeStale answers 409 to a move chosen in version saw of the game, which is at version now:
// {"error":...,"code":"stale","version":now}.
func writeStale(w http.ResponseWriter, saw, now int) {
	msg := fmt.Sprintf("the move was chosen in version %d of the game, which is at version %d now: read the view again", saw, now)
	writeErrorJSON(w, http.StatusConflict, struct {
		Error   string `json:"error"`
		Code    string `json:"code"`
		Version int    `json:"version"`
	}{msg, "stale", now})
}

// playBots lets the bots make their decisions until the game waits for people only, or is over.
// The caller holds the lock (or is setting the server up).
func (s *server) playBots() error {
	for {
		g := s.history.Game()
		moved := false
		for _, p := range g.ToMove() {
			if b := s.bots[p]; b != nil {
				v := g.View(p)
				if err := s.play(p, b.Choose(v, v.Legal)); err != nil {
					return fmt.Errorf("the bot of %v: %w", p, err)
				}
				moved = true
				break
			}
		}
		if !moved {
			return nil
		}
	}
}

// errorCodes are the codes of the errors of Game.Apply, as the JSON of an error answer gives them;
// the package doc lists the server's own codes too.
var errorCodes = []struct {
	err  error
	code string
}{
	{viceroy.ErrNotYourTurn, "not-your-turn"},
	{viceroy.ErrGameOver, "game-over"},
	{viceroy.ErrIllegalMove, "illegal-move"},
}

// errorCode returns the code of an error of Apply.
func errorCode(err error) string {
	for _, c := range errorCodes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return "illegal-move"
}

// moveRequest is the body of a move: the move, and the version of the game it was chosen in.
type moveRequest struct {
	Version *int          `json:"version"` // required: nil if the body has none
	Move    *viceroy.Move `json:"move"`    // required
}

// versionedMove is a move request read and checked.
type versionedMove struct {
	Version int
	Move    viceroy.Move
}

// decodeMove reads exactly one move request from a request body: an object with the version and
// the move, and nothing else.
func decodeMove(body io.Reader) (versionedMove, error) {
	var req moveRequest
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return versionedMove{}, fmt.Errorf("bad move: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF { // More would let a stray ] or } through
		return versionedMove{}, errors.New("bad move: more than one JSON value in the body")
	}
	switch {
	case req.Version == nil:
		return versionedMove{}, errors.New(`bad move: no "version", the version of the game the move was chosen in`)
	case req.Move == nil:
		return versionedMove{}, errors.New(`bad move: no "move"`)
	}
	return versionedMove{*req.Version, *req.Move}, nil
}

// cards answers with the card catalogue.
func cards(w http.ResponseWriter, r *http.Request) { writeJSON(w, viceroy.Cards()) }

// recordHidden is the answer to a request for the record while the game is still being played.
const recordHidden = "the record holds the seed and every hidden choice; it is given out once the game is over"

// getRecord answers with the game's record once the game is over, and with 409 before: the record
// holds the seed and every hidden choice, which no player may know while the game is being played.
func (s *server) getRecord(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	g := s.history.Game()
	over := g.Over()
	rec := s.history.Record()
	s.mu.Unlock()
	if !over {
		writeError(w, http.StatusConflict, "record-hidden", recordHidden)
		return
	}
	writeJSON(w, rec)
}

// writeJSON answers 200 with v as JSON; a value that will not marshal is a server error.
func writeJSON(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", "cannot encode the answer: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(b, '\n'))
}

// writeError answers status with {"error":msg,"code":code}.
func writeError(w http.ResponseWriter, status int, code, msg string) {
	writeErrorJSON(w, status, struct {
		Error string `json:"error"`
		Code  string `json:"code"`
	}{msg, code})
}

// writeErrorJSON answers status with the error answer e, an object with "error" and "code" at
// least.
func writeErrorJSON(w http.ResponseWriter, status int, e any) {
	b, _ := json.Marshal(e)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}
