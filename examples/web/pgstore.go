package main

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/laar/viceroy"
)

// pgStore keeps every game in a PostgreSQL database, which several servers may share: a game is a
// row of viceroy_games (its record's header, and its version: the number of its moves), with a
// row of viceroy_seats for each seat and a row of viceroy_moves for each move.
//
// A move is stored in a transaction that first moves the game's version on from the number of
// moves the server holds (UPDATE ... WHERE version = seq): of two servers racing for one decision,
// the second finds the version moved and stores nothing (errConflict), and (viceroy_moves' key,
// the game and the move's number, would refuse a second row all the same). The transaction also
// sends a notice on the channel viceroy_games, which PostgreSQL delivers when it commits: every
// server listening learns which game changed, and reads the new moves (see changes).
type pgStore struct {
	pool   *pgxpool.Pool
	locks  pgBotLocks
	origin string // this store's name in its notices, so that it skips its own
	notes  chan string
	stop   context.CancelFunc
	done   chan struct{} // closed when the listener has stopped
	closed sync.Once
}

// pgChannel is the channel of the notices of changed games: "origin id".
const pgChannel = "viceroy_games"

// pgTimeout bounds each call to the database: a server whose database does not answer answers
// 503 rather than hang.
const pgTimeout = 5 * time.Second

// pgSchema makes the store's tables if they are missing.
const pgSchema = `
CREATE TABLE IF NOT EXISTS viceroy_games (
	id      text PRIMARY KEY,
	header  text NOT NULL,             -- the record's header lines (viceroy.Record.MarshalText)
	version integer NOT NULL DEFAULT 0 -- the moves stored
);
CREATE TABLE IF NOT EXISTS viceroy_seats (
	game       text NOT NULL REFERENCES viceroy_games (id),
	seat       integer NOT NULL,
	kind       text NOT NULL,
	seed       bigint NOT NULL,
	token_hash text NOT NULL,
	PRIMARY KEY (game, seat)
);
CREATE INDEX IF NOT EXISTS viceroy_seats_free ON viceroy_seats (game) WHERE kind = 'person' AND token_hash = '';
CREATE TABLE IF NOT EXISTS viceroy_moves (
	game   text NOT NULL REFERENCES viceroy_games (id),
	seq    integer NOT NULL,
	player integer NOT NULL,
	move   text NOT NULL,
	PRIMARY KEY (game, seq)
);`

// openPG connects to the database at url (a postgres:// URL or key=value settings), makes the
// tables if they are missing, and starts listening for the changes other servers make.
func openPG(url string) (*pgStore, error) {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", redact(url), err)
	}
	if err := makeSchema(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database %s: making the tables: %w", redact(url), err)
	}
	lctx, stop := context.WithCancel(context.Background())
	s := &pgStore{pool: pool, origin: newToken()[:8], notes: make(chan string, 64), stop: stop, done: make(chan struct{})}
	ready := make(chan struct{})
	go s.listen(lctx, ready)
	select {
	case <-ready:
	case <-time.After(pgTimeout):
		s.close()
		return nil, fmt.Errorf("database %s: cannot listen for the changes of games", redact(url))
	}
	return s, nil
}

// redact returns a database URL without its password, to be shown in an error.
func redact(url string) string {
	cfg, err := pgx.ParseConfig(url)
	if err != nil || cfg.Password == "" {
		return url
	}
	return strings.Replace(url, cfg.Password, "xxxxx", 1)
}

// makeSchema makes the tables, one server at a time (servers started together would race in
// CREATE TABLE IF NOT EXISTS).
func makeSchema(ctx context.Context, pool *pgxpool.Pool) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(7236501)"); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, pgSchema)
		return err
	})
}

// withTimeout runs f with a context bounded by pgTimeout.
func withTimeout[T any](f func(ctx context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	return f(ctx)
}

// create stores the game's header and seats in one transaction.
func (s *pgStore) create(id string, cfg viceroy.Config, seats []seat) error {
	header, err := viceroy.NewRecord(cfg).MarshalText()
	if err != nil {
		return err
	}
	_, err = withTimeout(func(ctx context.Context) (struct{}, error) {
		return struct{}{}, pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "INSERT INTO viceroy_games (id, header) VALUES ($1, $2)", id, string(header)); err != nil {
				return err
			}
			for i, st := range seats {
				if _, err := tx.Exec(ctx, "INSERT INTO viceroy_seats (game, seat, kind, seed, token_hash) VALUES ($1, $2, $3, $4, $5)",
					id, i, st.Kind, int64(st.Seed), st.TokenHash); err != nil {
					return err
				}
			}
			return nil
		})
	})
	if err != nil {
		return fmt.Errorf("game %s: storing it: %w", id, err)
	}
	return nil
}

// appendMove stores the move as move number seq in a transaction that moves the game's version
// on from seq, and notifies the other servers when it commits.
func (s *pgStore) appendMove(id string, seq int, p viceroy.Player, m viceroy.Move, byBot bool) error {
	moved, err := withTimeout(func(ctx context.Context) (bool, error) {
		moved := false
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			tag, err := tx.Exec(ctx, "UPDATE viceroy_games SET version = version + 1 WHERE id = $1 AND version = $2", id, seq)
			if err != nil || tag.RowsAffected() == 0 {
				return err
			}
			moved = true
			if _, err := tx.Exec(ctx, "INSERT INTO viceroy_moves (game, seq, player, move) VALUES ($1, $2, $3, $4)",
				id, seq, int(p), m.String()); err != nil {
				return err
			}
			return s.notify(ctx, tx, id)
		})
		return moved, err
	})
	switch {
	case err != nil:
		return fmt.Errorf("%w: game %s, move %d: %w", errUnsaved, id, seq, err)
	case !moved:
		return fmt.Errorf("game %s: move %d stored when the game has moved on: %w", id, seq, errConflict)
	}
	return nil
}

// notify sends the notice of a change of game id, delivered when tx commits.
func (s *pgStore) notify(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, "SELECT pg_notify($1, $2)", pgChannel, s.origin+" "+id)
	return err
}

// takeSeat gives the seat to tokenHash if it is a free person's, and notifies the other servers.
func (s *pgStore) takeSeat(id string, p viceroy.Player, tokenHash string) error {
	took, err := withTimeout(func(ctx context.Context) (bool, error) {
		took := false
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			tag, err := tx.Exec(ctx, "UPDATE viceroy_seats SET token_hash = $3 WHERE game = $1 AND seat = $2 AND kind = 'person' AND token_hash = ''",
				id, int(p), tokenHash)
			if err != nil || tag.RowsAffected() == 0 {
				return err
			}
			took = true
			return s.notify(ctx, tx, id)
		})
		return took, err
	})
	switch {
	case err != nil:
		return fmt.Errorf("game %s: storing seat %d: %w", id, p, err)
	case !took:
		return fmt.Errorf("game %s, seat %d: %w", id, p, errSeatTaken)
	}
	return nil
}

// load reads the game's header, seats and moves in one snapshot, and replays the moves.
func (s *pgStore) load(id string) (*viceroy.History, []seat, error) {
	type game struct {
		header string
		seats  []seat
		moves  []viceroy.PlayerMove
	}
	g, err := withTimeout(func(ctx context.Context) (game, error) {
		var g game
		err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
			err := tx.QueryRow(ctx, "SELECT header FROM viceroy_games WHERE id = $1", id).Scan(&g.header)
			if errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("game %s: %w", id, errNoGame)
			}
			if err != nil {
				return err
			}
			if g.seats, err = readSeats(ctx, tx, id); err != nil {
				return err
			}
			g.moves, err = readMoves(ctx, tx, id, 0)
			return err
		})
		return g, err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: loading it: %w", id, err)
	}
	var r viceroy.Record
	if err := r.UnmarshalText([]byte(g.header)); err != nil {
		return nil, nil, fmt.Errorf("game %s: its header: %w", id, err)
	}
	r.Moves = g.moves
	h, err := viceroy.ReplayHistory(r)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: its moves do not replay: %w", id, err)
	}
	if game := h.Game(); len(g.seats) != game.NumPlayers() {
		return nil, nil, fmt.Errorf("game %s: %d seats for %d players", id, len(g.seats), game.NumPlayers())
	}
	return h, g.seats, nil
}

// querier is what reads rows: the pool, or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// readSeats reads a game's seats in order.
func readSeats(ctx context.Context, q querier, id string) ([]seat, error) {
	rows, err := q.Query(ctx, "SELECT kind, seed, token_hash FROM viceroy_seats WHERE game = $1 ORDER BY seat", id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (seat, error) {
		var st seat
		var seed int64
		err := row.Scan(&st.Kind, &seed, &st.TokenHash)
		st.Seed = uint64(seed)
		return st, err
	})
}

// readMoves reads a game's moves from number from on, in order.
func readMoves(ctx context.Context, q querier, id string, from int) ([]viceroy.PlayerMove, error) {
	rows, err := q.Query(ctx, "SELECT seq, player, move FROM viceroy_moves WHERE game = $1 AND seq >= $2 ORDER BY seq", id, from)
	if err != nil {
		return nil, err
	}
	next := from
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (viceroy.PlayerMove, error) {
		var seq, p int
		var text string
		if err := row.Scan(&seq, &p, &text); err != nil {
			return viceroy.PlayerMove{}, err
		}
		if seq != next {
			return viceroy.PlayerMove{}, fmt.Errorf("game %s: move %d stored where move %d should be", id, seq, next)
		}
		next++
		m, err := viceroy.ParseMove(text)
		if err != nil {
			return viceroy.PlayerMove{}, fmt.Errorf("game %s, move %d: %w", id, seq, err)
		}
		return viceroy.PlayerMove{Player: viceroy.Player(p), Move: m}, nil
	})
}

// movesSince reads the game's moves from number from on.
func (s *pgStore) movesSince(id string, from int) ([]viceroy.PlayerMove, error) {
	return withTimeout(func(ctx context.Context) ([]viceroy.PlayerMove, error) { return readMoves(ctx, s.pool, id, from) })
}

// seats reads the game's seats.
func (s *pgStore) seats(id string) ([]seat, error) {
	return withTimeout(func(ctx context.Context) ([]seat, error) { return readSeats(ctx, s.pool, id) })
}

// open lists the games after after with a person's seat free, by the index of free seats.
func (s *pgStore) open(after string, limit int) ([]string, error) {
	return withTimeout(func(ctx context.Context) ([]string, error) {
		rows, err := s.pool.Query(ctx, `SELECT DISTINCT game FROM viceroy_seats
			WHERE kind = 'person' AND token_hash = '' AND game > $1 ORDER BY game LIMIT $2`, after, limit)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[string])
	})
}

// changes gives the ids of the games that other servers changed.
func (s *pgStore) changes() <-chan string { return s.notes }

// pgBotLocks holds, on a connection of its own, a session advisory lock for each game whose bots
// this server runs. PostgreSQL releases them all if the server dies (its connection ends), and
// another server then takes its games' bots over.
type pgBotLocks struct {
	mu   sync.Mutex
	conn *pgx.Conn // taken out of the pool; nil until first needed, and again once it has failed
}

// botsRetry is how often a server that waits to run a game's bots asks again.
var botsRetry = 500 * time.Millisecond

// holdBots waits, asking every botsRetry, until this server holds the advisory lock of game id's
// bots, and returns its release.
func (s *pgStore) holdBots(ctx context.Context, id string) (context.Context, func(), error) {
	key := botsKey(id)
	for {
		ok, err := s.locks.try(ctx, s.pool, "SELECT pg_try_advisory_lock($1)", key)
		if err != nil {
			log.Printf("game %s: asking to run its bots: %v", id, err)
		}
		if ok {
			return ctx, func() {
				if _, err := s.locks.try(context.Background(), s.pool, "SELECT pg_advisory_unlock($1)", key); err != nil {
					log.Printf("game %s: letting its bots go: %v", id, err)
				}
			}, nil
		}
		select {
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		case <-time.After(botsRetry):
		}
	}
}

// try runs query, which answers a boolean, with key on the locks' connection, which it opens if
// need be; a failed connection is let go (and with it the locks it held), to be opened again.
func (l *pgBotLocks) try(ctx context.Context, pool *pgxpool.Pool, query string, key int64) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, pgTimeout)
	defer cancel()
	if l.conn == nil {
		conn, err := pool.Acquire(ctx)
		if err != nil {
			return false, err
		}
		l.conn = conn.Hijack() // its locks must never pass to another user of the pool
	}
	var ok bool
	if err := l.conn.QueryRow(ctx, query, key).Scan(&ok); err != nil {
		l.closeLocked()
		return false, err
	}
	return ok, nil
}

// release closes the locks' connection, and with it every lock.
func (l *pgBotLocks) release() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closeLocked()
}

// closeLocked closes the locks' connection, if open. The caller holds l.mu.
func (l *pgBotLocks) closeLocked() {
	if l.conn != nil {
		ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
		defer cancel()
		l.conn.Close(ctx)
		l.conn = nil
	}
}

// botsKey is the advisory lock's key of game id's bots.
func botsKey(id string) int64 {
	h := fnv.New64a()
	h.Write([]byte("viceroy bots " + id))
	return int64(h.Sum64())
}

// listen receives the notices of changed games on a connection of its own, and passes on the ids
// of those other servers changed, until ctx is done. When the connection is lost it connects
// again, and passes on "": the notices sent meanwhile are lost, so every game may have changed.
// It closes ready once it listens the first time.
func (s *pgStore) listen(ctx context.Context, ready chan struct{}) {
	defer close(s.done)
	for first := true; ctx.Err() == nil; first = false {
		err := s.listenOnce(ctx, func() {
			if first {
				close(ready)
			} else {
				s.pass(ctx, "")
			}
		})
		if ctx.Err() != nil {
			return
		}
		log.Printf("database: listening for changed games: %v (trying again)", err)
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
		}
	}
}

// listenOnce listens on one connection until it fails or ctx is done; listening is called once
// the connection listens.
func (s *pgStore) listenOnce(ctx context.Context, listening func()) error {
	pooled, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	conn := pooled.Hijack() // not given back to the pool: it would still listen
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+pgChannel); err != nil {
		return err
	}
	listening()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		origin, id, _ := strings.Cut(n.Payload, " ")
		if origin != s.origin {
			s.pass(ctx, id)
		}
	}
}

// pass hands on the id of a changed game, waiting for the server to take it (meanwhile the
// database keeps the notices that come) unless ctx is done.
func (s *pgStore) pass(ctx context.Context, id string) {
	select {
	case s.notes <- id:
	case <-ctx.Done():
	}
}

// close stops listening and closes the connections; closing again does nothing.
func (s *pgStore) close() error {
	s.closed.Do(func() {
		s.stop()
		<-s.done
		s.locks.release()
		s.pool.Close()
	})
	return nil
}
