// Command server hosts one game of Viceroy over HTTP, for clients that each play one seat.
//
// It teaches how the library fits a game server: the whole game is one value guarded by a mutex;
// a client sees only its player's View (the package leaves out what that player may not know);
// a move arrives as JSON, decodes strictly into a Move, and Game.Apply either accepts it or says
// why not; the moves accepted form a Record, which the server gives out only once the game is
// over, and which any client can then replay with viceroy.Replay. Until then the record would give
// away what the views keep hidden: it holds the seed, from which every shuffle and draw comes, so
// whoever has it can work out the decks and the other players' cards and gems; and its moves
// include the hidden choices (bids, development choices) that other players have not yet revealed.
//
//	go run ./examples/server -addr localhost:8080 -players 3 -seed 7
//
//	curl 'localhost:8080/view?player=0'                    # what player 0 sees and may do
//	curl -d '{"kind":"keep-in-pyramid","card":12}' 'localhost:8080/move?player=0'
//	curl 'localhost:8080/record'                           # the whole game, once it is over
//
// Endpoints:
//
//	GET  /view?player=N    200 and player N's View as JSON
//	POST /move?player=N    body: a Move as JSON; 200 and player N's new View, or
//	                       400 (bad JSON, with the error text), 409 (a move that is not legal now:
//	                       not N's decision, not among the legal moves, or the game is over)
//	GET  /record           200 and the game's Record as JSON once the game is over; before that
//	                       409, with the reason, and nothing of the record
//
// An unknown player is 404, a player that is not a number 400.
//
// The example knows nothing of who is asking: any client may ask for any player's view or move for
// any player. A real server would tie each seat to an authenticated client, or the views' secrecy
// means little.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/laar/viceroy"
)

func main() {
	addr := flag.String("addr", "localhost:8080", "address to listen on")
	players := flag.Int("players", 2, "human players (1-4)")
	virtual := flag.Int("virtual", 0, "virtual opponents (a solo game, -players 1, gets 1 unless set)")
	edition := flag.Int("edition", 2, "rules edition: 1 or 2")
	seed := flag.Uint64("seed", 1, "seed of the game")
	flag.Parse()

	cfg := viceroy.Config{Players: *players, Virtual: *virtual, Seed: *seed}
	virtualSet := false
	flag.Visit(func(f *flag.Flag) { virtualSet = virtualSet || f.Name == "virtual" })
	if cfg.Players == 1 && !virtualSet {
		cfg.Virtual = 1
	}
	if *edition == 1 {
		cfg.Edition = viceroy.FirstEdition
	} else if *edition != 2 {
		fmt.Fprintln(os.Stderr, "server: -edition must be 1 or 2")
		os.Exit(2)
	}
	h, err := newServer(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(1)
	}
	srv := &http.Server{Addr: *addr, Handler: h, ReadHeaderTimeout: 10 * time.Second}
	log.Printf("one game of Viceroy (%d players, %d virtual, %v, seed %d) on http://%s",
		cfg.Players, cfg.Virtual, cfg.Edition, cfg.Seed, *addr)
	log.Fatal(srv.ListenAndServe())
}

// maxMoveBytes bounds a move's request body: a move's JSON is a few dozen bytes.
const maxMoveBytes = 1 << 12

// server holds the game. Every handler takes the mutex for its whole reading or writing of the
// game and record, so moves are applied one at a time and a view is never of a half-made move.
type server struct {
	players int // set once; read without the lock

	mu     sync.Mutex
	game   viceroy.Game
	record viceroy.Record // the moves accepted so far; given out only once the game is over
}

// newServer sets up a game with cfg and returns the handler that serves it.
func newServer(cfg viceroy.Config) (http.Handler, error) {
	g, err := viceroy.NewGame(cfg)
	if err != nil {
		return nil, err
	}
	s := &server{players: cfg.Players, game: g, record: viceroy.NewRecord(cfg)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /view", s.view)
	mux.HandleFunc("POST /move", s.move)
	mux.HandleFunc("GET /record", s.getRecord)
	return mux, nil
}

// player reads the player query parameter; on failure it has written the error response.
func (s *server) player(w http.ResponseWriter, r *http.Request) (viceroy.Player, bool) {
	q := r.URL.Query().Get("player")
	n, err := strconv.Atoi(q)
	if err != nil {
		http.Error(w, fmt.Sprintf("player %q is not a number", q), http.StatusBadRequest)
		return 0, false
	}
	if n < 0 || n >= s.players {
		http.Error(w, fmt.Sprintf("no player %d in this game of %d players", n, s.players),
			http.StatusNotFound)
		return 0, false
	}
	return viceroy.Player(n), true
}

func (s *server) view(w http.ResponseWriter, r *http.Request) {
	p, ok := s.player(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	v := s.game.View(p)
	s.mu.Unlock()
	writeJSON(w, v)
}

func (s *server) move(w http.ResponseWriter, r *http.Request) {
	p, ok := s.player(w, r)
	if !ok {
		return
	}
	m, err := decodeMove(http.MaxBytesReader(w, r.Body, maxMoveBytes))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	next, err := s.game.Apply(p, m)
	if err == nil {
		s.game = next
		s.record.Moves = append(s.record.Moves, viceroy.PlayerMove{Player: p, Move: m})
	}
	v := s.game.View(p)
	s.mu.Unlock()
	switch {
	case errors.Is(err, viceroy.ErrNoSuchPlayer):
		http.Error(w, err.Error(), http.StatusNotFound)
	case err != nil:
		// ErrIllegalMove, ErrNotYourTurn, ErrGameOver: the request is well formed, but conflicts
		// with the state of the game.
		http.Error(w, err.Error(), http.StatusConflict)
	default:
		writeJSON(w, v)
	}
}

// decodeMove reads exactly one Move from a request body.
func decodeMove(body io.Reader) (viceroy.Move, error) {
	var m viceroy.Move
	dec := json.NewDecoder(body)
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("bad move: %v", err)
	}
	if dec.More() {
		return m, errors.New("bad move: more than one JSON value in the body")
	}
	return m, nil
}

// recordHidden is the answer to a request for the record while the game is still being played.
const recordHidden = "the record holds the seed and every hidden choice; it is given out once the game is over"

// getRecord answers with the game's record once the game is over, and with 409 before: the record
// holds the seed and every hidden choice, which no player may know while the game is being played.
func (s *server) getRecord(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	over := s.game.Over()
	rec := viceroy.Record{Version: s.record.Version, Config: s.record.Config}
	if over {
		rec.Moves = append([]viceroy.PlayerMove(nil), s.record.Moves...)
	}
	s.mu.Unlock()
	if !over {
		http.Error(w, recordHidden, http.StatusConflict)
		return
	}
	writeJSON(w, rec)
}

// writeJSON answers 200 with v as JSON; a value that will not marshal is a server error.
func writeJSON(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "cannot encode the answer: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(b, '\n'))
}
