package main

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/laar/viceroy"
)

// person is the name of a seat kept for a person; any other seat is a bot of a level in
// viceroy.BotLevels().
const person = "person"

// seat is one player's chair at a table: a person's, with the hash of the secret token that was
// handed out when it was taken, or a bot's, with its level and seed. Seats are saved beside the
// game's record, so that a server started again still knows whose seat is whose.
type seat struct {
	Kind      string `json:"kind"`                 // person, or a bot level
	Seed      uint64 `json:"seed,omitempty"`       // a bot's seed
	TokenHash string `json:"token_hash,omitempty"` // a person's token, hashed; "" while the seat is free
}

// taken reports whether a person holds the seat (a bot's seat is always taken).
func (s seat) taken() bool { return s.Kind != person || s.TokenHash != "" }

// hashToken returns the hex SHA-256 of a seat's token: the server keeps no token itself.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// table is one game being hosted: its History (the game, its record and the table's log) and its
// seats. The mutex serializes everything the table does: a move is checked, written to the record
// file and synced, played and announced under it, so two requests that race never both apply one
// decision, the file always holds every move that was answered, and the game in memory never holds
// one that the file lacks.
type table struct {
	id    string
	store gameStore

	// Set and read under the server's lock (see server.acquire and server.evict).
	users    int       // requests being served, streams and long polls included
	lastUsed time.Time // when the last of them began or ended
	stopBots context.CancelFunc
	evicted  atomic.Bool // the server let go of the table: a bot's move made late is dropped

	botDecisions atomic.Int64 // the decisions this server's bots have made for the table

	mu      sync.Mutex
	history *viceroy.History
	seats   []seat
	bots    []viceroy.Bot // by player; nil for a person's seat
	version int           // moves played; a client names the version it saw when it moves
	moved   []int         // by player: the version just after the player's last move (0: none yet)
	changed chan struct{} // closed, and replaced, whenever the game or the seats change
	news    int           // changes announced so far: a stream sends the state when it grows
	broken  bool          // a panic broke the game (see locked): it is kept as it is, and refused
	unsure  bool          // a write failed in a way that may have stored it all the same: catch up first
}

// errBroken is the error of a game that a panic broke, while it served a request or while its
// bots thought: its record is kept as it was, and it takes no more requests.
var errBroken = errors.New("the game is broken: a fault of the server stopped it, and its record is kept")

// locked runs f with the table's lock held. A panic in f, whatever its cause (a fault of the
// library or of this server), is recovered: the lock is released, the table is marked broken with
// its record kept as it is, the panic is logged once with its stack, and everyone waiting on the
// table is woken; locked then returns errBroken, as it does at once for a table already broken.
// The other games and the lobby go on.
func (t *table) locked(f func()) (err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.broken {
		return errBroken
	}
	defer func() {
		if r := recover(); r != nil {
			t.breaks(r, debug.Stack())
			err = errBroken
		}
	}()
	f()
	return nil
}

// breaks marks the table broken by the panic r, which stack shows: logged once, and everyone
// waiting on the table woken. The caller holds the lock.
func (t *table) breaks(r any, stack []byte) {
	if t.broken {
		return
	}
	t.broken = true
	log.Printf("game %s is broken: %v\n%s", t.id, r, stack)
	t.announce()
}

// newTable makes a table for a game replayed or started in history, with its seats.
func newTable(id string, st gameStore, h *viceroy.History, seats []seat) (*table, error) {
	t := &table{id: id, store: st, history: h, seats: seats, changed: make(chan struct{}),
		lastUsed: time.Now(), stopBots: func() {},
		bots: make([]viceroy.Bot, len(seats)), moved: make([]int, len(seats))}
	for i, pm := range h.Record().Moves {
		t.moved[pm.Player] = i + 1
	}
	t.version = len(h.Record().Moves)
	for p, s := range seats {
		if s.Kind == person {
			continue
		}
		b, err := viceroy.NewBot(s.Kind, s.Seed)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", p, err)
		}
		t.bots[p] = b
	}
	return t, nil
}

// announce wakes everyone waiting for a change. The caller holds the lock.
func (t *table) announce() {
	t.news++
	close(t.changed)
	t.changed = make(chan struct{})
}

// errSeat is the error of a seat that cannot be taken, or a token that is not the seat's.
type errSeat struct {
	status int
	code   string
	msg    string
}

func (e *errSeat) Error() string { return e.msg }

// checkSeat returns nil if p is a seat of the table and token is its token.
func (t *table) checkSeat(p viceroy.Player, token string) *errSeat {
	var want string
	var seats int // read under the lock: catching up with the store replaces the seats
	if err := t.locked(func() {
		seats = len(t.seats)
		if p >= 0 && int(p) < seats {
			want = t.seats[p].TokenHash
		}
	}); err != nil {
		return &errSeat{500, "broken-game", err.Error()}
	}
	if p < 0 || int(p) >= seats {
		return &errSeat{404, "no-such-seat", fmt.Sprintf("game %s has no seat %d", t.id, p)}
	}
	if token == "" {
		return &errSeat{401, "no-token", fmt.Sprintf("seat %d needs its token: Authorization: Bearer <token>", p)}
	}
	if want == "" || subtle.ConstantTimeCompare([]byte(hashToken(token)), []byte(want)) != 1 {
		return &errSeat{403, "wrong-token", fmt.Sprintf("the token is not seat %d's", p)}
	}
	return nil
}

// take gives a free person's seat to the holder of token, and saves the seats.
func (t *table) take(p viceroy.Player, token string) (err error) {
	if broken := t.locked(func() { err = t.takeLocked(p, token) }); broken != nil {
		return &errSeat{500, "broken-game", broken.Error()}
	}
	return err
}

// takeLocked is take with the lock held. A seat that the store finds taken (by a request to
// another server sharing it) is read again from the store.
func (t *table) takeLocked(p viceroy.Player, token string) error {
	if p < 0 || int(p) >= len(t.seats) {
		return &errSeat{404, "no-such-seat", fmt.Sprintf("game %s has no seat %d", t.id, p)}
	}
	taken := &errSeat{409, "seat-taken", fmt.Sprintf("seat %d of game %s is taken", p, t.id)}
	if t.seats[p].taken() {
		return taken
	}
	err := t.store.takeSeat(t.id, p, hashToken(token))
	if errors.Is(err, errSeatTaken) {
		if err := t.catchUp(); err != nil {
			log.Printf("game %s: %v", t.id, err)
		}
		return taken
	}
	if err != nil {
		return err
	}
	t.seats = slices.Clone(t.seats)
	t.seats[p].TokenHash = hashToken(token)
	t.announce()
	return nil
}

// errStale is the error of a move made from a version of the game that its player has moved on
// from since: another request for the seat (a second click, another tab) made a move first.
type errStale struct{ saw, moved int }

func (e errStale) Error() string {
	if e.moved < 0 {
		return fmt.Sprintf("the move was made from version %d of the game, which never was", e.saw)
	}
	return fmt.Sprintf("the move was made from version %d of the game, but the seat moved since (version %d)", e.saw, e.moved)
}

// maxConflicts is how many times a move is tried again when the store finds that another server
// moved the game first.
const maxConflicts = 5

// play makes move m for player p, writes it to the store, and wakes the waiters. With saw >= 0,
// the move was made from version saw of the game, and is refused if p has moved since: two
// requests made from one sight of the game never both apply. (The others' moves since do not make
// it stale: in simultaneous decisions they come at any time, and whether the move is still legal
// is the game's to say.)
//
// When the store says that another server sharing it moved the game first (errConflict), the
// table catches up with the store's moves and tries again, so the same checks decide: a person's
// move for a decision already made elsewhere is stale; a bot's move (saw < 0) is dropped, as
// runBots drops a move the game has moved past, and the bot thinks again. The caller holds the
// lock.
func (t *table) play(p viceroy.Player, m viceroy.Move, saw int) error {
	if saw < 0 && t.evicted.Load() {
		return nil // a bot that thought while the server let go of the table
	}
	if t.unsure {
		if err := t.catchUp(); err != nil {
			return fmt.Errorf("game %s: %w: %w", t.id, errUnsaved, err)
		}
	}
	for range maxConflicts {
		err := t.playOnce(p, m, saw)
		if !errors.Is(err, errConflict) {
			return err
		}
		if err := t.catchUp(); err != nil {
			return fmt.Errorf("game %s: %w: %w", t.id, errUnsaved, err)
		}
		if saw < 0 {
			return nil
		}
	}
	return fmt.Errorf("game %s: %w: other servers kept moving the game first", t.id, errUnsaved)
}

// playOnce is one try of play: the checks, the write, and the move played. The caller holds the
// lock.
func (t *table) playOnce(p viceroy.Player, m viceroy.Move, saw int) error {
	switch {
	case saw > t.version:
		return errStale{saw, -1}
	case saw >= 0 && t.moved[p] > saw:
		return errStale{saw, t.moved[p]}
	}
	// Write ahead: the move is checked on a copy, made durable, and only then played, so that the
	// game in memory never holds a move its record lacks. A failed write changes nothing.
	g := t.history.Game()
	if _, err := g.Apply(p, m); err != nil {
		return err
	}
	err := t.store.appendMove(t.id, t.version, p, m, t.bots[p] != nil)
	if errors.Is(err, errConflict) {
		return err
	}
	if err != nil {
		// A write that failed may yet have been stored (a database that committed, then lost the
		// connection before it said so): the next move reads the store first.
		t.unsure = true
		return fmt.Errorf("game %s: %w", t.id, err)
	}
	err = t.apply(p, m)
	t.announce()
	return err
}

// apply plays a move that the store holds on the game in memory. The caller holds the lock.
func (t *table) apply(p viceroy.Player, m viceroy.Move) error {
	if err := t.history.Play(p, m); err != nil {
		return fmt.Errorf("game %s: move %d (%d: %v), which the store holds, does not play: %w", t.id, t.version, p, m, err)
	}
	t.version++
	t.moved[p] = t.version
	return nil
}

// catchUp reads from the store what other servers sharing it changed: the moves after the
// version held, played in order, and the seats. It announces a change, if any. The caller holds
// the lock.
func (t *table) catchUp() error {
	moves, err := t.store.movesSince(t.id, t.version)
	if err != nil {
		return err
	}
	seats, err := t.store.seats(t.id)
	if err != nil {
		return err
	}
	t.unsure = false
	changed := len(moves) > 0 || !slices.Equal(seats, t.seats)
	t.seats = seats
	for _, pm := range moves {
		if err := t.apply(pm.Player, pm.Move); err != nil {
			t.announce()
			return err
		}
	}
	if changed {
		t.announce()
	}
	return nil
}

// seatInfo is what anyone may know of a seat.
type seatInfo struct {
	Kind  string `json:"kind"`  // person, or a bot level
	Taken bool   `json:"taken"` // a person holds it (always true for a bot)
}

// seatInfos lists the seats as anyone may see them. The caller holds the lock.
func (t *table) seatInfos() []seatInfo {
	out := make([]seatInfo, len(t.seats))
	for i, s := range t.seats {
		out[i] = seatInfo{s.Kind, s.taken()}
	}
	return out
}

// described is a legal move with its words (viceroy.Game.Describe).
type described struct {
	Move viceroy.Move `json:"move"`
	Text string       `json:"text"`
}

// state is everything a seat's page is sent: its player's View, its legal moves in words, its
// player's log told in lines from the event asked for on, and the seats. Nothing in it is another
// player's secret: the view and the log are the library's own for that player, and the words
// describe that player's own moves.
type state struct {
	Game    string       `json:"game"`
	Seat    int          `json:"seat"`
	Version int          `json:"version"` // moves played; a move names the version it was made from
	View    viceroy.View `json:"view"`
	Moves   []described  `json:"moves"`    // the legal moves, as View.Legal, with their words
	Log     []line       `json:"log"`      // the log told from the event "log" asked for on (see narrator.tell)
	LogNext int          `json:"log_next"` // the event to ask the log from next time: its last line's first
	News    int          `json:"news"`     // changes of the table so far (moves and seats taken)
	Seats   []seatInfo   `json:"seats"`
}

// stateFor returns what seat p is sent, with its log from event since on (clamped to the log).
// The caller holds the lock.
func (t *table) stateFor(p viceroy.Player, since int) state {
	g := t.history.Game()
	v := g.View(p)
	moves := make([]described, len(v.Legal))
	for i, m := range v.Legal {
		moves[i] = described{m, g.Describe(p, m)}
	}
	log := t.history.Log(p)
	since = min(max(since, 0), len(log))
	lines := narratorOf(v).tell(log, since)
	return state{Game: t.id, Seat: int(p), Version: t.version, View: v, Moves: moves, Log: lines,
		LogNext: next(lines, since), News: t.news, Seats: t.seatInfos()}
}
