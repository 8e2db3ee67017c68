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
	version int           // moves played; every move names the version it was chosen in
	owed    []int         // by player: the version from which its decision owed now has stood (see fresh)
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
		bots: make([]viceroy.Bot, len(seats)), owed: make([]int, len(seats))}
	t.version = len(h.Record().Moves)
	for p := range t.owed {
		t.owed[p] = t.version // a move chosen before the game was loaded is chosen again
	}
	countOn(t)
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

// countOn starts the news of table t, loaded from the store or new, where the news of a table that held
// the game before may have reached, so that a page that saw that table's states takes this one's
// (it drops a state of lower news than the one it shows). Each change a table announces is a move
// or a seat taken, or several, so its news never passes the moves and the seats taken since it was
// loaded; counting from the moves and the seats taken of the game, the news of the next table
// starts at or past where the last one stopped. The caller has table t alone.
func countOn(t *table) {
	t.news = t.version
	for _, s := range t.seats {
		if s.Kind == person && s.taken() {
			t.news++
		}
	}
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
		return fmt.Errorf("game %s: %w: %w", t.id, errSeatUnsaved, err)
	}
	t.seats = slices.Clone(t.seats)
	t.seats[p].TokenHash = hashToken(token)
	t.announce()
	return nil
}

// errSeatUnsaved is the error of a seat that the store did not take: it is still free, and may be
// asked for again.
var errSeatUnsaved = errors.New("the seat could not be saved: it is still free; try again later")

// errStale is the error of a move chosen in a version of the game that it may not be played
// from (see fresh): chosen in a version that never was, or before the game moved on in a way that
// concerns the move's player (another request for the seat moved first, or the game changed what
// the player must decide).
type errStale struct{ saw, now int }

func (e errStale) Error() string {
	if e.saw < 0 || e.saw > e.now {
		return fmt.Sprintf("the move was chosen in version %d of the game, which never was (it is at version %d)", e.saw, e.now)
	}
	return fmt.Sprintf("the move was chosen in version %d of the game, which has moved on (it is at version %d): choose again", e.saw, e.now)
}

// maxConflicts is how many times a move is tried again when the store finds that another server
// moved the game first.
const maxConflicts = 5

// fresh says whether player p may play a move chosen in version saw of the game, people's moves
// and bots' alike: nil if so, and errStale if not. A move may be played from the version it was
// chosen in, and from no other, but for one case: a simultaneous decision
// (viceroy.Decision.Simultaneous) that p has owed since that version, which the others' moves
// meanwhile cannot change (they decide hidden and at once; what p sees and may choose stays the
// same until p moves). So a move is
// played at most once: once p has moved, p owes a decision that stands from a later version, and
// the same request sent again is stale; and a move chosen from a view that is out of date is
// refused, not played on a game its player has not seen. The caller holds the lock.
func (t *table) fresh(p viceroy.Player, saw int) error {
	if saw == t.version {
		return nil
	}
	g := t.history.Game()
	if saw >= 0 && saw < t.version && saw >= t.owed[p] && g.Decision(p).Simultaneous() {
		return nil
	}
	return errStale{saw, t.version}
}

// play makes move m, chosen in version saw of the game, for player p (a person's or a bot's), if
// it is fresh (see fresh) and legal, writes it to the store, and wakes the waiters. A move is
// answered as played only once it is stored.
//
// When the store says that another server sharing it moved the game first (errConflict), the
// table catches up with the store's moves and tries again, so the same checks decide: a move for
// a decision already made elsewhere is stale. A bot's move on a table the server let go of is
// refused with errLostBots, as the store refuses one from a server that no longer runs the game's
// bots. The caller holds the lock.
func (t *table) play(p viceroy.Player, m viceroy.Move, saw int) error {
	if t.bots[p] != nil && t.evicted.Load() {
		return fmt.Errorf("game %s: %w", t.id, errLostBots)
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
	}
	return fmt.Errorf("game %s: %w: other servers kept moving the game first", t.id, errUnsaved)
}

// playOnce is one try of play: the checks, the write, and the move played. The caller holds the
// lock.
func (t *table) playOnce(p viceroy.Player, m viceroy.Move, saw int) error {
	if err := t.fresh(p, saw); err != nil {
		return err
	}
	// Write ahead: the move is checked on a copy, made durable, and only then played, so that the
	// game in memory never holds a move its record lacks. A failed write changes nothing.
	g := t.history.Game()
	if _, err := g.Apply(p, m); err != nil {
		return err
	}
	err := t.store.appendMove(t.id, t.version, p, m, t.bots[p] != nil)
	if errors.Is(err, errConflict) || errors.Is(err, errLostBots) {
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

// apply plays a move that the store holds on the game in memory, and notes from which version
// each player's decision now stands: the mover's, and any other player's that the move changed.
// The caller holds the lock.
func (t *table) apply(p viceroy.Player, m viceroy.Move) error {
	before := t.history.Game()
	if err := t.history.Play(p, m); err != nil {
		return fmt.Errorf("game %s: move %d (%d: %v), which the store holds, does not play: %w", t.id, t.version, p, m, err)
	}
	t.version++
	after := t.history.Game()
	for q := range t.owed {
		if viceroy.Player(q) == p || before.Decision(viceroy.Player(q)) != after.Decision(viceroy.Player(q)) {
			t.owed[q] = t.version
		}
	}
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

// described is a legal move with its words in the reader's language (viceroy.Language.Describe).
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
	// Now is each player's score sheet if the game ended now, from what the seat may know
	// (View.ScoresNow): the page shows how everyone stands as the game goes.
	Now []viceroy.ScoreSheet `json:"scores_now"`
}

// stateFor returns what seat p is sent, with its log from event since on (clamped to the log),
// its words in language l. The caller holds the lock.
func (t *table) stateFor(p viceroy.Player, since int, l viceroy.Language) state {
	g := t.history.Game()
	v := g.View(p)
	moves := make([]described, len(v.Legal))
	for i, m := range v.Legal {
		moves[i] = described{m, l.Describe(&g, p, m)}
	}
	log := t.history.Log(p)
	since = min(max(since, 0), len(log))
	lines := narratorOf(v, l).tell(log, since)
	return state{Game: t.id, Seat: int(p), Version: t.version, View: v, Moves: moves, Log: lines,
		LogNext: next(lines, since), News: t.news, Seats: t.seatInfos(), Now: v.ScoresNow()}
}
