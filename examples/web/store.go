package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/laar/viceroy"
)

// store keeps every game in a directory as two files: ID.record, the game's record in its text
// form (viceroy.Record.MarshalText), to which each move is appended as a line, and synced, before
// the game in memory takes it and before it is answered; and ID.seats, the seats as JSON, written
// anew (to a temporary file, synced, then renamed) whenever a seat is taken. Files created or
// renamed are made durable by syncing the directory. A server started again on the same directory
// replays every record to its game and resumes it.
type store struct {
	dir string
	// failing, when set, is the error every write of a record line fails with, as on a full or
	// read-only disk: the tests' way to see that a failed write changes nothing (failWrites).
	failing atomic.Pointer[error]
}

// failWrites makes every write of a record line fail with err from now on, or, with nil, no more.
func (s *store) failWrites(err error) {
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
func (s *store) recordPath(id string) string { return filepath.Join(s.dir, id+".record") }
func (s *store) seatsPath(id string) string  { return filepath.Join(s.dir, id+".seats") }

// create writes a new game's files: the record's header lines and the seats.
func (s *store) create(id string, cfg viceroy.Config, seats []seat) error {
	text, err := viceroy.NewRecord(cfg).MarshalText()
	if err != nil {
		return err
	}
	if err := s.saveSeats(id, seats); err != nil {
		return err
	}
	return s.writeWhole(s.recordPath(id), text)
}

// appendMove adds move m of player p to the game's record file, as the record's text form writes a
// move ("0: bid red"), and syncs it. A write that fails is undone: the file is cut back to where
// it was, so that the record never holds a move the game did not take, nor half a line; the error
// wraps errUnsaved.
func (s *store) appendMove(id string, p viceroy.Player, m viceroy.Move) error {
	f, err := os.OpenFile(s.recordPath(id), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("%w: %w", errUnsaved, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("%w: %w", errUnsaved, err)
	}
	if failing := s.failing.Load(); failing != nil {
		err = *failing
	}
	if err == nil {
		_, err = fmt.Fprintf(f, "%d: %v\n", p, m)
	}
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		// Cut back what a failed write may have left (as much as the disk allows).
		return fmt.Errorf("%w: %w", errUnsaved, errors.Join(err, f.Truncate(info.Size())))
	}
	return nil
}

// writeWhole writes a file whole, durably: to a temporary file beside it, synced, renamed over
// it, and the directory synced, so that a crash leaves the old file or the new one.
func (s *store) writeWhole(path string, b []byte) error {
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
func (s *store) syncDir() error {
	d, err := os.Open(s.dir)
	if err != nil {
		return err
	}
	return errors.Join(d.Sync(), d.Close())
}

// saveSeats writes the seats of a game, replacing the file whole.
func (s *store) saveSeats(id string, seats []seat) error {
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
func (s *store) loadRecord(id string) (h *viceroy.History, quarantined int, err error) {
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
func (s *store) playLine(h *viceroy.History, line string) bool {
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

// loadSeats reads a game's seats.
func (s *store) loadSeats(id string) ([]seat, error) {
	b, err := os.ReadFile(s.seatsPath(id))
	if err != nil {
		return nil, err
	}
	var seats []seat
	if err := json.Unmarshal(b, &seats); err != nil {
		return nil, fmt.Errorf("%s: %w", s.seatsPath(id), err)
	}
	return seats, nil
}

// ids lists the games in the directory, in order.
func (s *store) ids() ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(s.dir, "*.record"))
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(paths))
	for i, p := range paths {
		ids[i] = strings.TrimSuffix(filepath.Base(p), ".record")
	}
	sort.Strings(ids)
	return ids, nil
}

// load replays the game id from its files, up to the first line of its record that does not play
// (see loadRecord), and says how many lines it set aside.
func (s *store) load(id string) (*viceroy.History, []seat, int, error) {
	h, quarantined, err := s.loadRecord(id)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("game %s: %w", id, err)
	}
	seats, err := s.loadSeats(id)
	if err != nil {
		return nil, nil, 0, err
	}
	if cfg := h.Game(); len(seats) != cfg.NumPlayers() {
		return nil, nil, 0, fmt.Errorf("game %s: %d seats for %d players", id, len(seats), cfg.NumPlayers())
	}
	return h, seats, quarantined, nil
}
