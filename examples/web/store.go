package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/laar/viceroy"
)

// store keeps every game in a directory as two files: ID.record, the game's record in its text
// form (viceroy.Record.MarshalText), to which each move is appended as a line before it is
// answered; and ID.seats, the seats as JSON, written anew (to a temporary file, then renamed)
// whenever a seat is taken. A server started again on the same directory replays every record to
// its game and resumes it.
type store struct{ dir string }

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
	return os.WriteFile(s.recordPath(id), text, 0o644)
}

// appendMove adds move m of player p to the game's record file, as the record's text form writes a
// move: "0: bid red". One write of one whole line, so a file cut short by a crash loses at most
// the line being written, which load drops.
func (s *store) appendMove(id string, p viceroy.Player, m viceroy.Move) error {
	f, err := os.OpenFile(s.recordPath(id), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(f, "%d: %v\n", p, m)
	return errors.Join(err, f.Close())
}

// saveSeats writes the seats of a game, replacing the file whole.
func (s *store) saveSeats(id string, seats []seat) error {
	b, err := json.Marshal(seats)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(s.dir, id+".seats-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(append(b, '\n'))
	if err = errors.Join(err, tmp.Close()); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), s.seatsPath(id))
}

// loadRecord reads a game's record file. A last line without its newline is one a crash cut short:
// it was never answered, so it is dropped, and cut from the file so that the next move starts a
// line of its own.
func (s *store) loadRecord(id string) (viceroy.Record, error) {
	var r viceroy.Record
	path := s.recordPath(id)
	b, err := os.ReadFile(path)
	if err != nil {
		return r, err
	}
	if whole := bytes.LastIndexByte(b, '\n') + 1; whole < len(b) {
		b = b[:whole]
		if err := os.Truncate(path, int64(whole)); err != nil {
			return r, err
		}
	}
	err = r.UnmarshalText(b)
	return r, err
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

// load replays the game id from its files.
func (s *store) load(id string) (*viceroy.History, []seat, error) {
	r, err := s.loadRecord(id)
	if err != nil {
		return nil, nil, err
	}
	seats, err := s.loadSeats(id)
	if err != nil {
		return nil, nil, err
	}
	if len(seats) != r.Config.Players {
		return nil, nil, fmt.Errorf("game %s: %d seats for %d players", id, len(seats), r.Config.Players)
	}
	h, err := viceroy.ReplayHistory(r)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: %w", id, err)
	}
	return h, seats, nil
}
