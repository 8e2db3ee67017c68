package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
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
	// load replays the game from the store: its history and its seats. It fails with an error
	// wrapping errNoGame when the store holds no game id, and with one wrapping errDamaged when
	// what it holds does not replay as written (see dirStore.loadRecord). A store logs itself
	// what it mends, since it alone knows where.
	load(id string) (*viceroy.History, []seat, error)
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
	// errDamaged is the error of a game whose stored files do not replay as written: a record
	// of another rules version, a line that is no move, a move that does not play, seats that do
	// not fit the record. Such a game is set aside whole: it is neither served nor rewritten, and
	// waits for the operator, whom the store's log tells which file and line are at fault and
	// why. Its text names no file: it may reach a client.
	errDamaged = errors.New("the game's stored files are damaged: it is set aside until they are mended")
)

// dirStore keeps every game in a directory as two files: ID.record, the game's record in its text
// form (viceroy.Record.MarshalText), to which each move is appended as a line, and synced, before
// the game in memory takes it and before it is answered; and ID.seats, the seats as JSON, written
// anew (to a temporary file, synced, then renamed) whenever a seat is taken. Files created or
// renamed are made durable by syncing the directory. A directory is one server's: games are loaded
// from it on demand, their records replayed by the library's own reader.
//
// The files are reached through a fileSystem (osDir, or a test's), by their names in the
// directory; the store's errors name no path, since they may reach a client.
type dirStore struct {
	dir   string // the directory's path, which the log names files by
	files fileSystem
	// failing, when set, is the error every write of a record line fails with, as on a full or
	// read-only disk: the tests' way to see that a failed write changes nothing (failWrites).
	failing atomic.Pointer[error]
	// cutting is held shared by every append of a record line, and alone while an unfinished last
	// line is cut off a record (see cutUnfinished): a line being written is never taken for one.
	cutting sync.RWMutex

	mu       sync.Mutex
	counts   map[string]int    // by game: the moves in its record, once known
	reported map[string]string // by game: what the log last said of it (see report)
}

// newDirStore opens the directory store in dir, made if missing.
func newDirStore(dir string) (*dirStore, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return newStoreOn(dir, osDir(dir)), nil
}

// newStoreOn opens the directory store of the files of fsys, in the directory that the log names
// dir.
func newStoreOn(dir string, fsys fileSystem) *dirStore {
	return &dirStore{dir: dir, files: fsys, counts: map[string]int{}, reported: map[string]string{}}
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

// recordName and seatsName name a game's files in the directory.
func recordName(id string) string { return id + ".record" }
func seatsName(id string) string  { return id + ".seats" }

// recordPath and seatsPath are the paths of a game's files, for the log and the tests.
func (s *dirStore) recordPath(id string) string { return filepath.Join(s.dir, recordName(id)) }
func (s *dirStore) seatsPath(id string) string  { return filepath.Join(s.dir, seatsName(id)) }

// validID reports whether id can name a game: 1 to 64 lowercase hex digits, as newToken makes
// them. An id from a request is checked before it names a file or a row.
func validID(id string) bool {
	return len(id) > 0 && len(id) <= 64 && strings.Trim(id, "0123456789abcdef") == ""
}

// create writes a new game's files: the record's header lines, then the seats. The seats come
// last because they make the game: a crash between the two leaves a record that no seats name,
// which is never listed nor loaded (and was never answered).
func (s *dirStore) create(id string, cfg viceroy.Config, seats []seat) error {
	text, err := viceroy.Record{Version: viceroy.RulesVersion, Config: cfg}.MarshalText()
	if err != nil {
		return err
	}
	if err := s.writeWhole(recordName(id), text); err != nil {
		return err
	}
	if err := s.saveSeats(id, seats); err != nil {
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
	h, err := s.loadRecord(id)
	if err != nil {
		return 0, err
	}
	return s.counted(id, len(h.Record().Moves)), nil
}

// counted notes that the record of game id holds n moves, unless the count is known already, and
// returns the count. A count known is the truth: this server's appends keep it, and a record read
// meanwhile may be older than the last of them.
func (s *dirStore) counted(id string, n int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if known, ok := s.counts[id]; ok {
		return known
	}
	s.counts[id] = n
	return n
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
// where it was if it cannot. If it cannot even cut the file back, the count of the record's moves
// is forgotten, so that the next move reads the record again first (and cuts off what is left of
// the line: see loadRecord).
func (s *dirStore) appendLine(id, line string) error {
	s.cutting.RLock()
	defer s.cutting.RUnlock()
	f, err := s.files.openFile(recordName(id), os.O_WRONLY|os.O_APPEND)
	if err != nil {
		return err
	}
	defer f.Close()
	size, err := f.size()
	if err != nil {
		return err
	}
	if failing := s.failing.Load(); failing != nil {
		err = *failing
	}
	if err == nil {
		_, err = f.Write([]byte(line))
	}
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		return nil
	}
	if cut := f.Truncate(size); cut != nil {
		s.mu.Lock()
		delete(s.counts, id)
		s.mu.Unlock()
		return errors.Join(err, cut)
	}
	return err
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

// writeWhole writes the file name whole, durably: to a temporary file beside it, synced, renamed
// over it, and the directory synced, so that a crash leaves the old file or the new one (and at
// worst a temporary file, which nothing reads).
func (s *dirStore) writeWhole(name string, b []byte) error {
	tmp := fmt.Sprintf("%s.tmp-%016x", name, rand.Uint64())
	f, err := s.files.openFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	err = errors.Join(err, f.Sync(), f.Close())
	if err == nil {
		err = s.files.rename(tmp, name)
	}
	if err != nil {
		s.files.remove(tmp)
		return err
	}
	return s.files.syncDir()
}

// saveSeats writes the seats of a game, replacing the file whole.
func (s *dirStore) saveSeats(id string, seats []seat) error {
	b, err := json.Marshal(seats)
	if err != nil {
		return err
	}
	return s.writeWhole(seatsName(id), append(b, '\n'))
}

// loadRecord reads a game's record file with the library's own reader (Record.UnmarshalText, then
// viceroy.ReplayHistory), as written: comments, blank lines and CRLF line ends are the text
// form's, and read as such. A record that does not replay so, every line of it (another rules
// version, a line that is no move, a move that does not play), is damaged: the game is set aside
// whole (see damaged), the file left as it is.
//
// One thing only is mended: an unfinished last line, the bytes after the last newline, which a
// crash left of a write cut short. No such line was ever answered, since a move is answered only
// once its whole line is synced; it is cut off (see cutUnfinished), and the game resumes before
// it. That is all there is to mend: any other line was written whole and synced, and if it does
// not play, the record cannot be trusted to say what was answered.
func (s *dirStore) loadRecord(id string) (*viceroy.History, error) {
	name := recordName(id)
	b, err := s.files.readFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, s.damaged(id, name, errors.New("the record is missing, and the seats are not"))
	}
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	whole := b[:bytes.LastIndexByte(b, '\n')+1]
	h, err := replay(whole)
	if err != nil {
		return nil, s.damaged(id, name, err)
	}
	if len(whole) < len(b) {
		if err := s.cutUnfinished(id); err != nil {
			return nil, fmt.Errorf("game %s: cutting off the unfinished last line of its record: %w", id, err)
		}
	}
	return h, nil
}

// replay reads a record's text with the library's reader and replays it. An error names the line
// at fault: Record.UnmarshalText's does, and so does one of a record that reads but does not
// replay.
func replay(text []byte) (*viceroy.History, error) {
	var r viceroy.Record
	if err := r.UnmarshalText(text); err != nil {
		return nil, err
	}
	h, err := viceroy.ReplayHistory(r)
	if err != nil {
		if line := faultyLine(text, r, err); line > 0 {
			return nil, fmt.Errorf("record line %d: %w", line, err)
		}
		return nil, err
	}
	return h, nil
}

// faultyLine returns the number of the line of a record's text at which ReplayHistory failed with
// err, or 0 if it cannot tell: the version line, for a record of another rules version, or the
// line of the move that did not play, which ReplayHistory names ("move 7: ..."). The lines are
// counted as Record.UnmarshalText reads them: blank lines and comments skipped, the header's lines
// (as many as the library writes) first, then one line a move.
func faultyLine(text []byte, r viceroy.Record, err error) int {
	nth := 0 // the version line, the first
	if !errors.Is(err, viceroy.ErrVersion) {
		var move int
		if _, scanErr := fmt.Sscanf(err.Error(), "move %d:", &move); scanErr != nil {
			return 0
		}
		header, _ := viceroy.Record{Version: viceroy.RulesVersion, Config: r.Config}.MarshalText()
		nth = strings.Count(string(header), "\n") + move
	}
	for i, line := range strings.Split(string(text), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if nth == 0 {
			return i + 1
		}
		nth--
	}
	return 0
}

// cutUnfinished cuts the unfinished last line off a game's record (see loadRecord), once no line
// is being appended: what it cuts is first kept, and synced, in ID.record.bad beside the record,
// for the operator, and the cut is logged. A crash between the two leaves the line in both, and
// the next load cuts it again (the .bad file then holds it twice).
func (s *dirStore) cutUnfinished(id string) error {
	s.cutting.Lock()
	defer s.cutting.Unlock()
	name := recordName(id)
	// Read again: the line that loadRecord read unfinished may have been being appended. (The game
	// loadRecord returns then lacks that move: as a record read a moment earlier would.)
	b, err := s.files.readFile(name)
	if err != nil {
		return err
	}
	keep := bytes.LastIndexByte(b, '\n') + 1
	if keep == len(b) {
		return nil
	}
	if err := s.appendFile(name+".bad", b[keep:]); err != nil {
		return err
	}
	f, err := s.files.openFile(name, os.O_WRONLY)
	if err != nil {
		return err
	}
	if err := errors.Join(f.Truncate(int64(keep)), f.Sync(), f.Close()); err != nil {
		return err
	}
	log.Printf("game %s: %s ended in an unfinished line, %q, left by a write that a crash cut short (it was never answered): it is cut off, and kept in %s.bad",
		id, s.recordPath(id), b[keep:], s.recordPath(id))
	return nil
}

// appendFile appends b to the file name, made if missing, and syncs it and the directory.
func (s *dirStore) appendFile(name string, b []byte) error {
	f, err := s.files.openFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err = errors.Join(err, f.Sync(), f.Close()); err != nil {
		return err
	}
	return s.files.syncDir()
}

// damaged sets game id aside because its file name does not read or replay as written, for the
// reason why: the log says so (once: see report), naming the file's path, and the error returned,
// which wraps errDamaged, names no file.
func (s *dirStore) damaged(id, name string, why error) error {
	s.report(id, fmt.Sprintf("game %s is damaged, and set aside (not served, its files left as they are for the operator): %s: %v",
		id, filepath.Join(s.dir, name), why))
	return fmt.Errorf("game %s: %w", id, errDamaged)
}

// report logs what is wrong with game id, unless it is what the log last said of it: a request
// for a damaged game, or a lobby that passes over it, does not log it again. A game that loads
// well is forgotten (see load), so that its damage is logged anew should it come back.
func (s *dirStore) report(id, msg string) {
	s.mu.Lock()
	said := s.reported[id] == msg
	s.reported[id] = msg
	s.mu.Unlock()
	if !said {
		log.Print(msg)
	}
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// seats reads a game's seats. Seats that are not JSON, or of a kind that is neither a person's nor
// a bot level's, are damage (see damaged).
func (s *dirStore) seats(id string) ([]seat, error) {
	if !validID(id) {
		return nil, fmt.Errorf("game %q: %w", id, errNoGame)
	}
	name := seatsName(id)
	b, err := s.files.readFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("game %s: %w", id, errNoGame)
	}
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	var seats []seat
	if err := json.Unmarshal(b, &seats); err != nil {
		return nil, s.damaged(id, name, err)
	}
	for p, st := range seats {
		if st.Kind != person && !slices.Contains(viceroy.BotLevels(), st.Kind) {
			return nil, s.damaged(id, name, fmt.Errorf("seat %d is of no kind known: %q", p, st.Kind))
		}
	}
	return seats, nil
}

// open lists the games after after with a person's seat free, reading the seats files in the
// order of their names. A game whose seats cannot be read is left out, and logged once (see
// report): the lobby lists the others.
func (s *dirStore) open(after string, limit int) ([]string, error) {
	names, err := s.files.names()
	if err != nil {
		return nil, err
	}
	open := []string{}
	for _, name := range names {
		id, ok := strings.CutSuffix(name, ".seats")
		if !ok || id <= after || !validID(id) {
			continue
		}
		if len(open) == limit {
			break
		}
		seats, err := s.seats(id)
		switch {
		case errors.Is(err, errNoGame), errors.Is(err, errDamaged): // gone meanwhile, or logged
			continue
		case err != nil:
			s.report(id, fmt.Sprintf("lobby: game %s is left out: %v", id, err))
			continue
		}
		if slices.ContainsFunc(seats, func(st seat) bool { return !st.taken() }) {
			open = append(open, id)
		}
	}
	return open, nil
}

// movesSince reads the game's record, as load does, and returns its moves from number from on.
func (s *dirStore) movesSince(id string, from int) ([]viceroy.PlayerMove, error) {
	h, err := s.loadRecord(id)
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

// load replays the game id from its files (see loadRecord), and checks that its seats fit it:
// one for each player; seats that do not are damage too. What it mends, it logs. A game that
// loads is forgotten by report, so that new damage is logged.
func (s *dirStore) load(id string) (*viceroy.History, []seat, error) {
	seats, err := s.seats(id)
	if err != nil {
		return nil, nil, err
	}
	h, err := s.loadRecord(id)
	if err != nil {
		return nil, nil, err
	}
	if g := h.Game(); len(seats) != g.Config().Players {
		return nil, nil, s.damaged(id, seatsName(id), fmt.Errorf("%d seats for a game of %d players", len(seats), g.Config().Players))
	}
	s.counted(id, len(h.Record().Moves))
	s.mu.Lock()
	delete(s.reported, id)
	s.mu.Unlock()
	return h, seats, nil
}
