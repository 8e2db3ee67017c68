package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/laar/viceroy"
)

// gameStore keeps every game durably: its config, its seats and its moves in order. The server
// holds in memory only the games in play (see server.evict), and loads the others from the store
// when they are asked for. Each game's calls are serialized by its table's lock; a store shared by
// several servers (pgStore) also settles races between them: of two moves written as the same
// move number of a game, one fails with errConflict.
type gameStore interface {
	// create saves a new game of cfg with its seats.
	create(id string, cfg viceroy.Config, seats []seat) error
	// appendMove makes move m of player p durable as move number seq of the game (counted from
	// 0: the moves stored before it). It fails with errConflict when the game stored has moved
	// past seq (another server played that move), and with an error wrapping errUnsaved when it
	// could not be written; on either failure nothing was stored. A bot's move (byBot) is stored
	// only while this server may run the game's bots (see holdBots); otherwise it fails with
	// errLostBots, and nothing was stored.
	appendMove(id string, seq int, p viceroy.Player, m viceroy.Move, byBot bool) error
	// takeSeat gives the free person's seat p to the token whose hash is tokenHash; it fails with
	// errSeatTaken when the seat is not a free person's seat.
	takeSeat(id string, p viceroy.Player, tokenHash string) error
	// load replays the game from the store: its history, its seats, and the number of lines of
	// its record it set aside as unplayable (see dirStore.loadRecord). It fails with an error
	// wrapping errNoGame when the store holds no game id.
	load(id string) (*viceroy.History, []seat, int, error)
	// movesSince returns the game's moves from move number from on: those another server played.
	movesSince(id string, from int) ([]viceroy.PlayerMove, error)
	// seats returns the game's seats as stored.
	seats(id string) ([]seat, error)
	// open lists, in the order of their ids, at most limit games after the id after that have a
	// person's seat free: the games to join. (Such a game is never over: its free seat owes its
	// first decision.)
	open(after string, limit int) ([]string, error)
	// changes returns the ids of the games that another server sharing the store changed, as they
	// come ("" when any game may have changed: notices were lost), or nil for a store that no
	// other server shares.
	changes() <-chan string
	// holdBots waits until this server may run the bots of game id, and returns a context that
	// lasts while it may (it ends with ctx, or when the store finds that this server lost the
	// right), and the release to call when it stops running them; it returns ctx's error if ctx
	// ends first. Of the servers sharing a store, one at a time runs a game's bots, so that no two
	// think for one decision; another takes over once that one stops, is gone, or stops answering.
	holdBots(ctx context.Context, id string) (held context.Context, release func(), err error)
	// close releases the store.
	close() error
}

var (
	// errNoGame is the error of a game that the store does not hold.
	errNoGame = errors.New("no such game")
	// errConflict is the error of a move written as a move number that the game stored has
	// already passed: another server played a move first.
	errConflict = errors.New("the game stored has moved on")
	// errSeatTaken is the error of a seat given that is not a free person's seat.
	errSeatTaken = errors.New("the seat is not free")
	// errLostBots is the error of a bot's move written by a server that no longer may run the
	// game's bots: another server has taken them over.
	errLostBots = errors.New("this server no longer runs the game's bots")
)

// dirStore keeps every game in a directory as two files: ID.record, the game's record in its text
// form (viceroy.Record.MarshalText), to which each move is appended as a line, and synced, before
// the game in memory takes it and before it is answered; and ID.seats, the seats as JSON, written
// anew (to a temporary file, synced, then renamed) whenever a seat is taken. Files created or
// renamed are made durable by syncing the directory. A directory is one server's: games are loaded
// from it on demand, their records replayed.
type dirStore struct {
	dir string
	// failing, when set, is the error every write of a record line fails with, as on a full or
	// read-only disk: the tests' way to see that a failed write changes nothing (failWrites).
	failing atomic.Pointer[error]

	mu     sync.Mutex
	counts map[string]int // by game: the moves in its record, once known
}

// newDirStore opens the directory store in dir, made if missing.
func newDirStore(dir string) (*dirStore, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &dirStore{dir: dir, counts: map[string]int{}}, nil
}

// failWrites makes every write of a record line fail with err from now on, or, with nil, no more.
func (s *dirStore) failWrites(err error) {
	if err == nil {
		s.failing.Store(nil)
		return
	}
	s.failing.Store(&err)
}

// errUnsaved marks a move that could not be made durable: it was not played, and may be sent
// again once the disk takes writes again.
var errUnsaved = errors.New("the move could not be saved")

// recordPath and seatsPath name a game's files.
func (s *dirStore) recordPath(id string) string { return filepath.Join(s.dir, id+".record") }
func (s *dirStore) seatsPath(id string) string  { return filepath.Join(s.dir, id+".seats") }

// validID reports whether id can name a game: 1 to 64 lowercase hex digits, as newToken makes
// them. An id from a request is checked before it names a file or a row.
func validID(id string) bool {
	return len(id) > 0 && len(id) <= 64 && strings.Trim(id, "0123456789abcdef") == ""
}

// create writes a new game's files: the record's header lines and the seats.
func (s *dirStore) create(id string, cfg viceroy.Config, seats []seat) error {
	text, err := viceroy.NewRecord(cfg).MarshalText()
	if err != nil {
		return err
	}
	if err := s.saveSeats(id, seats); err != nil {
		return err
	}
	if err := s.writeWhole(s.recordPath(id), text); err != nil {
		return err
	}
	s.mu.Lock()
	s.counts[id] = 0
	s.mu.Unlock()
	return nil
}

// moves returns the number of moves in the game's record, read from the file the first time.
func (s *dirStore) moves(id string) (int, error) {
	s.mu.Lock()
	n, ok := s.counts[id]
	s.mu.Unlock()
	if ok {
		return n, nil
	}
	h, _, err := s.loadRecord(id)
	if err != nil {
		return 0, err
	}
	n = len(h.Record().Moves)
	s.mu.Lock()
	s.counts[id] = n
	s.mu.Unlock()
	return n, nil
}

// appendMove adds move m of player p to the game's record file, as the record's text form writes a
// move ("0: bid red"), and syncs it, once it has checked that the record holds seq moves. A write
// that fails is undone: the file is cut back to where it was, so that the record never holds a
// move the game did not take, nor half a line; the error wraps errUnsaved.
func (s *dirStore) appendMove(id string, seq int, p viceroy.Player, m viceroy.Move, byBot bool) error {
	n, err := s.moves(id)
	if err != nil {
		return fmt.Errorf("%w: game %s: %w", errUnsaved, id, err)
	}
	if n != seq {
		return fmt.Errorf("game %s: move %d written when its record holds %d: %w", id, seq, n, errConflict)
	}
	if err := s.appendLine(id, fmt.Sprintf("%d: %v\n", p, m)); err != nil {
		return fmt.Errorf("%w: %w", errUnsaved, err)
	}
	s.mu.Lock()
	s.counts[id] = n + 1
	s.mu.Unlock()
	return nil
}

// appendLine appends a line to the game's record file and syncs it, or cuts the file back to
// where it was if it cannot.
func (s *dirStore) appendLine(id, line string) error {
	f, err := os.OpenFile(s.recordPath(id), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if failing := s.failing.Load(); failing != nil {
		err = *failing
	}
	if err == nil {
		_, err = f.WriteString(line)
	}
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		// Cut back what a failed write may have left (as much as the disk allows).
		return errors.Join(err, f.Truncate(info.Size()))
	}
	return nil
}

// takeSeat gives the free person's seat p to tokenHash, and writes the seats anew.
func (s *dirStore) takeSeat(id string, p viceroy.Player, tokenHash string) error {
	seats, err := s.seats(id)
	if err != nil {
		return err
	}
	if p < 0 || int(p) >= len(seats) || seats[p].taken() {
		return fmt.Errorf("game %s, seat %d: %w", id, p, errSeatTaken)
	}
	seats[p].TokenHash = tokenHash
	return s.saveSeats(id, seats)
}

// writeWhole writes a file whole, durably: to a temporary file beside it, synced, renamed over
// it, and the directory synced, so that a crash leaves the old file or the new one.
func (s *dirStore) writeWhole(path string, b []byte) error {
	tmp, err := os.CreateTemp(s.dir, filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
	err = errors.Join(err, tmp.Sync(), tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return s.syncDir()
}

// syncDir makes the directory's entries durable: a file created or renamed in it.
func (s *dirStore) syncDir() error {
	d, err := os.Open(s.dir)
	if err != nil {
		return err
	}
	return errors.Join(d.Sync(), d.Close())
}

// saveSeats writes the seats of a game, replacing the file whole.
func (s *dirStore) saveSeats(id string, seats []seat) error {
	b, err := json.Marshal(seats)
	if err != nil {
		return err
	}
	return s.writeWhole(s.seatsPath(id), append(b, '\n'))
}

// loadRecord reads a game's record file, and the valid part of it: its header and the moves that
// read and play in order. Whatever follows the first line that does not (a line cut short by a
// crash, a line written twice, a move the game refuses) was never answered, or is not to be
// trusted: it is moved to ID.record.bad, beside the record, the record is cut back to the valid
// part, and the game resumes there; quarantined says how many lines were moved.
func (s *dirStore) loadRecord(id string) (h *viceroy.History, quarantined int, err error) {
	path := s.recordPath(id)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	lines := strings.SplitAfter(string(b), "\n")
	header := 0
	for header < len(lines) && !isMoveLine(lines[header]) {
		header++
	}
	var r viceroy.Record
	if err := r.UnmarshalText([]byte(strings.Join(lines[:header], ""))); err != nil {
		return nil, 0, err
	}
	h, err = viceroy.NewHistory(r.Config)
	if err != nil {
		return nil, 0, err
	}
	good := header
	for ; good < len(lines); good++ {
		if lines[good] == "" {
			continue // the empty string after the last newline
		}
		if !s.playLine(h, lines[good]) {
			break
		}
	}
	bad := strings.Join(lines[good:], "")
	if bad == "" {
		return h, 0, nil
	}
	if err := appendFile(path+".bad", bad); err != nil {
		return nil, 0, err
	}
	if err := s.writeWhole(path, []byte(strings.Join(lines[:good], ""))); err != nil {
		return nil, 0, err
	}
	return h, len(lines[good:]) - btoi(strings.HasSuffix(bad, "\n")), nil
}

// isMoveLine reports whether a line of a record's text form is a move's: a player's number and a
// colon.
func isMoveLine(line string) bool {
	n, _, ok := strings.Cut(line, ":")
	return ok && n != "" && strings.Trim(n, "0123456789") == ""
}

// playLine plays the move of a record line, whole (with its newline), on h, and reports whether it
// was one that the game took.
func (s *dirStore) playLine(h *viceroy.History, line string) bool {
	body, whole := strings.CutSuffix(line, "\n")
	n, text, ok := strings.Cut(body, ":")
	p, err := strconv.Atoi(n)
	if !whole || !ok || err != nil { // a line cut short by a crash, or no move's
		return false
	}
	m, err := viceroy.ParseMove(text)
	return err == nil && h.Play(viceroy.Player(p), m) == nil
}

// appendFile appends text to the file at path, made if missing, and syncs it.
func appendFile(path, text string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	_, err = f.WriteString(text)
	return errors.Join(err, f.Sync(), f.Close())
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// seats reads a game's seats.
func (s *dirStore) seats(id string) ([]seat, error) {
	if !validID(id) {
		return nil, fmt.Errorf("game %q: %w", id, errNoGame)
	}
	b, err := os.ReadFile(s.seatsPath(id))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("game %s: %w", id, errNoGame)
	}
	if err != nil {
		return nil, err
	}
	var seats []seat
	if err := json.Unmarshal(b, &seats); err != nil {
		return nil, fmt.Errorf("%s: %w", s.seatsPath(id), err)
	}
	return seats, nil
}

// open lists the games after after with a person's seat free, reading the seats files in the
// order of their names.
func (s *dirStore) open(after string, limit int) ([]string, error) {
	entries, err := os.ReadDir(s.dir) // sorted by name
	if err != nil {
		return nil, err
	}
	open := []string{}
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), ".seats")
		if !ok || id <= after || !validID(id) {
			continue
		}
		if len(open) == limit {
			break
		}
		seats, err := s.seats(id)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(seats, func(st seat) bool { return !st.taken() }) {
			open = append(open, id)
		}
	}
	return open, nil
}

// movesSince reads the game's record and returns its moves from number from on.
func (s *dirStore) movesSince(id string, from int) ([]viceroy.PlayerMove, error) {
	h, _, err := s.loadRecord(id)
	if err != nil {
		return nil, err
	}
	moves := h.Record().Moves
	return moves[min(max(from, 0), len(moves)):], nil
}

// changes is nil: a directory is one server's.
func (s *dirStore) changes() <-chan string { return nil }

// holdBots returns at once: a directory is one server's, which runs the bots of all its games.
func (s *dirStore) holdBots(ctx context.Context, _ string) (context.Context, func(), error) {
	return ctx, func() {}, nil
}

// close does nothing: every write was synced as it was made.
func (s *dirStore) close() error { return nil }

// load replays the game id from its files, up to the first line of its record that does not play
// (see loadRecord), and says how many lines it set aside.
func (s *dirStore) load(id string) (*viceroy.History, []seat, int, error) {
	seats, err := s.seats(id)
	if err != nil {
		return nil, nil, 0, err
	}
	h, quarantined, err := s.loadRecord(id)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("game %s: %w", id, err)
	}
	if cfg := h.Game(); len(seats) != cfg.NumPlayers() {
		return nil, nil, 0, fmt.Errorf("game %s: %d seats for %d players", id, len(seats), cfg.NumPlayers())
	}
	s.mu.Lock()
	s.counts[id] = len(h.Record().Moves)
	s.mu.Unlock()
	return h, seats, quarantined, nil
}
