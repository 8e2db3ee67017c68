package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
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
//
// One server at a time runs a game's bots: the one that holds the game's lease, a row of
// viceroy_bots that names it and the deadline by which it must renew the lease (see holdBots). A
// server renews all its leases every botsTTL/3 (see heartbeats), and a bot's move is stored only
// in a transaction that finds the lease the server's and its deadline not passed. A server that
// stops answering (frozen, cut off, dead) renews nothing: within botsTTL its leases lapse, another
// server takes its games' bots over, and its own bots' moves, should it wake, are refused.
type pgStore struct {
	pool   *pgxpool.Pool
	leases pgLeases
	origin string // this store's name: in its notices, so that it skips its own, and in its leases
	notes  chan string
	stop   context.CancelFunc
	loops  sync.WaitGroup // the listener and the heartbeats
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
);
CREATE TABLE IF NOT EXISTS viceroy_bots (
	game     text PRIMARY KEY,       -- a game whose bots a server runs
	holder   text NOT NULL,          -- the server's store (pgStore.origin)
	deadline timestamptz NOT NULL    -- when its lease lapses unless renewed, by the database's clock
);
CREATE INDEX IF NOT EXISTS viceroy_bots_holder ON viceroy_bots (holder);`

// openPG connects to the database at url (a postgres:// URL or key=value settings), makes the
// tables if they are missing, starts listening for the changes other servers make, and starts
// the heartbeats of its leases.
func openPG(url string) (*pgStore, error) {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", redact(url), err)
	}
	// A transaction left open by a server that froze in it would keep its locks (a game's row, a
	// lease's row) from the other servers, and so keep them from taking its games' bots over: the
	// database ends such a session once it has idled as long as a lease lasts. The store's own
	// transactions send their statements back to back.
	cfg.ConnConfig.RuntimeParams["idle_in_transaction_session_timeout"] = fmt.Sprint(botsTTL.Milliseconds())
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", redact(url), err)
	}
	if err := makeSchema(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database %s: making the tables: %w", redact(url), err)
	}
	lctx, stop := context.WithCancel(context.Background())
	s := &pgStore{pool: pool, origin: newToken(), notes: make(chan string, 64), stop: stop,
		leases: pgLeases{held: map[string]*botsLease{}}}
	ready := make(chan struct{})
	s.loops.Add(2)
	go s.listen(lctx, ready)
	go s.heartbeats(lctx)
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

// pgCall runs f, a call of store s to the database, with a context bounded by pgTimeout.
func pgCall[T any](s *pgStore, f func(ctx context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	v, err := f(ctx)
	s.checkConnection(err)
	return v, err
}

// checkConnection looks at the error of a call to the database: when a connection was lost (the
// database went away, or the link to it), the pool's idle connections are most likely dead too,
// and are dropped, so that the next calls connect anew rather than fail one by one. (The pool
// checks a connection before it hands it out only once it has idled a second, and the heartbeats
// keep connections from idling that long.)
func (s *pgStore) checkConnection(err error) {
	var ne net.Error
	if errors.As(err, &ne) && !ne.Timeout() || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		s.pool.Reset()
	}
}

// create stores the game's header and seats in one transaction.
func (s *pgStore) create(id string, cfg viceroy.Config, seats []seat) error {
	header, err := viceroy.Record{Version: viceroy.RulesVersion, Config: cfg}.MarshalText()
	if err != nil {
		return err
	}
	_, err = pgCall(s, func(ctx context.Context) (struct{}, error) {
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
// on from seq, and notifies the other servers when it commits. A bot's move is stored only if
// this server still holds the game's lease: by its own clock (its lease has not lapsed without a
// renewal), then in the transaction, which finds the lease this server's and its deadline not
// passed, and holds it so until it commits (FOR SHARE: a server taking the lease over waits). A
// server that froze, and wakes, so stores none of its bots' moves once another may run them.
func (s *pgStore) appendMove(id string, seq int, p viceroy.Player, m viceroy.Move, byBot bool) error {
	if byBot && !s.leases.holds(id) {
		return fmt.Errorf("game %s, move %d: %w", id, seq, errLostBots)
	}
	type outcome struct{ lost, moved bool }
	out, err := pgCall(s, func(ctx context.Context) (outcome, error) {
		var out outcome
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if byBot {
				// statement_timestamp(): the time of the check itself, not the transaction's start.
				tag, err := tx.Exec(ctx, `SELECT 1 FROM viceroy_bots WHERE game = $1 AND holder = $2
					AND deadline > statement_timestamp() FOR SHARE`, id, s.origin)
				if err != nil || tag.RowsAffected() == 0 {
					out.lost = err == nil
					return err
				}
			}
			tag, err := tx.Exec(ctx, "UPDATE viceroy_games SET version = version + 1 WHERE id = $1 AND version = $2", id, seq)
			if err != nil || tag.RowsAffected() == 0 {
				return err
			}
			out.moved = true
			if _, err := tx.Exec(ctx, "INSERT INTO viceroy_moves (game, seq, player, move) VALUES ($1, $2, $3, $4)",
				id, seq, int(p), m.String()); err != nil {
				return err
			}
			return s.notify(ctx, tx, id)
		})
		return out, err
	})
	switch {
	case err != nil:
		return fmt.Errorf("%w: game %s, move %d: %w", errUnsaved, id, seq, err)
	case out.lost:
		s.leases.lose(id, errLeaseGone)
		return fmt.Errorf("game %s, move %d: %w", id, seq, errLostBots)
	case !out.moved:
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
	took, err := pgCall(s, func(ctx context.Context) (bool, error) {
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
	g, err := pgCall(s, func(ctx context.Context) (game, error) {
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
	if game := h.Game(); len(g.seats) != game.Config().Players {
		return nil, nil, fmt.Errorf("game %s: %d seats for %d players", id, len(g.seats), game.Config().Players)
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
	return pgCall(s, func(ctx context.Context) ([]viceroy.PlayerMove, error) { return readMoves(ctx, s.pool, id, from) })
}

// seats reads the game's seats.
func (s *pgStore) seats(id string) ([]seat, error) {
	return pgCall(s, func(ctx context.Context) ([]seat, error) { return readSeats(ctx, s.pool, id) })
}

// open lists the games after after with a person's seat free, by the index of free seats.
func (s *pgStore) open(after string, limit int) ([]string, error) {
	return pgCall(s, func(ctx context.Context) ([]string, error) {
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

// botsTTL is how long a lease on a game's bots lasts from its last renewal. A server renews its
// leases every botsTTL/3, so that two heartbeats in a row may fail or come late (a busy database,
// a pause of the server's) before it loses them; a server that stops answering loses them within
// botsTTL, and another takes their bots over within botsRetry more. Three seconds: a person whose
// bot was a frozen server's waits a few seconds for its move, not more, and a heartbeat has a
// second to come, a thousand times what its one UPDATE takes.
const botsTTL = 3 * time.Second

// botsRetry is how often a server that waits to run a game's bots asks again.
var botsRetry = 500 * time.Millisecond

// The causes of a lease's end, as its context gives them (context.Cause).
var (
	errLeaseLapsed = fmt.Errorf("its lease lapsed: no heartbeat renewed it within %v", botsTTL)
	errLeaseGone   = errors.New("its lease is no longer this server's in the database: it lapsed, or another server took it")
	errLetGo       = errors.New("this server let go of its bots")
	errClosed      = errors.New("the store is closed")
)

// pgLeases are the leases on games' bots that this server holds, as it knows them, by game: from
// when the database gave one until the server let it go (see release), lost or not.
type pgLeases struct {
	mu      sync.Mutex
	held    map[string]*botsLease
	failing bool // the last heartbeat failed (it was logged)
}

// botsLease is this server's lease on a game's bots.
type botsLease struct {
	ctx   context.Context // the bots run under it: it ends when the lease is lost or let go
	end   context.CancelCauseFunc
	until time.Time   // when it lapses by this server's clock (see renew); the database's deadline is no earlier
	timer *time.Timer // ends ctx at until
}

// holdBots waits, asking every botsRetry, until this server holds the lease of game id's bots,
// which it takes when no server holds it or its holder let its deadline pass (see takeBots). The
// context it returns ends when the lease is lost (a heartbeat finds it gone, or it lapses by this
// server's clock without a renewal), with ctx, or at release, which lets the lease go for another
// server to take at once.
func (s *pgStore) holdBots(ctx context.Context, id string) (context.Context, func(), error) {
	for {
		l, err := s.takeBots(ctx, id)
		if err != nil && ctx.Err() == nil {
			log.Printf("game %s: asking to run its bots: %v", id, err)
		}
		if l != nil {
			var once sync.Once
			release := func() { once.Do(func() { s.release(id, l) }) }
			if ctx.Err() != nil { // taken as ctx ended: not to be used
				release()
				return nil, nil, ctx.Err()
			}
			return l.ctx, release, nil
		}
		select {
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		case <-time.After(botsRetry):
		}
	}
}

// takeBots takes game id's lease, with a deadline botsTTL from now by the database's clock, if
// no server holds it or its deadline has passed, and notes it held; it returns nil if another
// server holds it, or this one still does (bots of the game not yet let go: one lease at a time
// for a game here too, so that a release never deletes a later lease's row). Of the servers that
// ask at once, the database gives the lease to one. A lease held is seen by a read that takes no
// lock, so that servers asking for it every botsRetry never wait on its holder's transactions,
// nor make them wait (ON CONFLICT DO UPDATE locks the row even when it does not update it).
func (s *pgStore) takeBots(ctx context.Context, id string) (*botsLease, error) {
	s.leases.mu.Lock()
	_, busy := s.leases.held[id]
	s.leases.mu.Unlock()
	if busy {
		return nil, nil
	}
	sent := time.Now()
	took, err := func() (bool, error) {
		ctx, cancel := context.WithTimeout(ctx, pgTimeout)
		defer cancel()
		tag, err := s.pool.Exec(ctx, `INSERT INTO viceroy_bots (game, holder, deadline)
			SELECT $1, $2, now() + $3 * interval '1 millisecond'
			WHERE NOT EXISTS (SELECT FROM viceroy_bots WHERE game = $1 AND deadline >= now())
			ON CONFLICT (game) DO UPDATE SET holder = excluded.holder, deadline = excluded.deadline
			WHERE viceroy_bots.deadline < now()`, id, s.origin, botsTTL.Milliseconds())
		s.checkConnection(err)
		return err == nil && tag.RowsAffected() == 1, err
	}()
	if !took {
		return nil, err
	}
	l := &botsLease{until: sent.Add(botsTTL)}
	l.ctx, l.end = context.WithCancelCause(ctx)
	s.leases.mu.Lock()
	defer s.leases.mu.Unlock()
	l.timer = time.AfterFunc(time.Until(l.until), func() {
		s.leases.mu.Lock()
		defer s.leases.mu.Unlock()
		l.loseLocked(id, errLeaseLapsed)
	})
	s.leases.held[id] = l
	return l, nil
}

// release lets go of game id's lease l: its context ends, and its row is deleted, so that another
// server may take the game's bots over at once (should the delete fail, the lease lapses within
// botsTTL, as nobody renews it). The lease is forgotten only then: until, this server does not
// take the game's lease again.
func (s *pgStore) release(id string, l *botsLease) {
	s.leases.mu.Lock()
	l.loseLocked(id, errLetGo)
	s.leases.mu.Unlock()
	_, err := pgCall(s, func(ctx context.Context) (struct{}, error) {
		_, err := s.pool.Exec(ctx, "DELETE FROM viceroy_bots WHERE game = $1 AND holder = $2", id, s.origin)
		return struct{}{}, err
	})
	if err != nil {
		log.Printf("game %s: letting its bots go: %v", id, err)
	}
	s.leases.mu.Lock()
	if s.leases.held[id] == l {
		delete(s.leases.held, id)
	}
	s.leases.mu.Unlock()
}

// heartbeats renews this server's leases every botsTTL/3, until ctx is done.
func (s *pgStore) heartbeats(ctx context.Context) {
	defer s.loops.Done()
	tick := time.NewTicker(botsTTL / 3)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			s.renew(ctx)
		case <-ctx.Done():
			return
		}
	}
}

// renew renews, in one statement, the leases this server holds whose deadlines have not passed in
// the database, and loses those the database no longer holds this server's. A renewal counts from
// when it was sent, not from when it was answered, so that this server's deadline of a lease is
// never later than the database's (both clocks run at one rate over seconds; the database's alone
// tells the deadlines, so servers' clocks need not agree). A heartbeat that fails renews nothing:
// the leases lapse unless a later one comes in time.
func (s *pgStore) renew(ctx context.Context) {
	asked := s.leases.live()
	if len(asked) == 0 {
		return
	}
	ids := make([]string, 0, len(asked))
	for id := range asked {
		ids = append(ids, id)
	}
	sent := time.Now()
	renewed, err := func() ([]string, error) {
		ctx, cancel := context.WithTimeout(ctx, botsTTL) // later, it would renew nothing
		defer cancel()
		rows, err := s.pool.Query(ctx, `UPDATE viceroy_bots SET deadline = now() + $3 * interval '1 millisecond'
			WHERE holder = $1 AND game = ANY($2) AND deadline > now() RETURNING game`, s.origin, ids, botsTTL.Milliseconds())
		if err != nil {
			s.checkConnection(err)
			return nil, err
		}
		renewed, err := pgx.CollectRows(rows, pgx.RowTo[string])
		s.checkConnection(err)
		return renewed, err
	}()
	if ctx.Err() != nil {
		return // the store closes
	}
	s.leases.renewed(sent, asked, renewed, err)
}

// live returns the leases held and not lost.
func (ls *pgLeases) live() map[string]*botsLease {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	live := map[string]*botsLease{}
	for id, l := range ls.held {
		if l.ctx.Err() == nil {
			live[id] = l
		}
	}
	return live
}

// renewed takes the answer to the heartbeat sent at sent about the leases asked: the games whose
// leases the database renewed, or the heartbeat's error. A lease renewed lasts botsTTL from sent;
// one that the database did not renew is lost.
func (ls *pgLeases) renewed(sent time.Time, asked map[string]*botsLease, renewed []string, err error) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if err != nil {
		if !ls.failing {
			log.Printf("database: renewing the leases of games' bots: %v (they lapse in %v unless renewed)", err, botsTTL)
			ls.failing = true
		}
		return
	}
	if ls.failing {
		log.Print("database: the leases of games' bots are renewed again")
		ls.failing = false
	}
	got := make(map[string]bool, len(renewed))
	for _, id := range renewed {
		got[id] = true
	}
	for id, l := range asked {
		switch {
		case l.ctx.Err() != nil: // lost or let go meanwhile
		case !got[id]:
			l.loseLocked(id, errLeaseGone)
		case !sent.Before(l.until): // it had lapsed here before the heartbeat was sent
			l.loseLocked(id, errLeaseLapsed)
		default:
			l.until = sent.Add(botsTTL)
			l.timer.Reset(time.Until(l.until))
		}
	}
}

// holds reports whether this server holds game id's lease by its own clock: taken, neither lost
// nor let go, and not lapsed (a lease found lapsed is lost here and now, should its timer be late).
func (ls *pgLeases) holds(id string) bool {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	l := ls.held[id]
	switch {
	case l == nil || l.ctx.Err() != nil:
		return false
	case !time.Now().Before(l.until):
		l.loseLocked(id, errLeaseLapsed)
		return false
	}
	return true
}

// lose ends game id's lease, if this server holds it, for cause.
func (ls *pgLeases) lose(id string, cause error) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if l := ls.held[id]; l != nil {
		l.loseLocked(id, cause)
	}
}

// loseAll ends every lease this server holds, for cause.
func (ls *pgLeases) loseAll(cause error) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	for id, l := range ls.held {
		l.loseLocked(id, cause)
	}
}

// loseLocked ends lease l of game id for cause: its context ends, and the bots running under it
// stop. A lease lost (not let go) is logged, once. The caller holds the leases' lock.
func (l *botsLease) loseLocked(id string, cause error) {
	if l.ctx.Err() == nil && cause != errLetGo && cause != errClosed {
		log.Printf("game %s: this server no longer runs its bots: %v", id, cause)
	}
	l.end(cause)
	l.timer.Stop()
}

// listen receives the notices of changed games on a connection of its own, and passes on the ids
// of those other servers changed, until ctx is done. When the connection is lost it connects
// again, and passes on "": the notices sent meanwhile are lost, so every game may have changed.
// It closes ready once it listens the first time.
func (s *pgStore) listen(ctx context.Context, ready chan struct{}) {
	defer s.loops.Done()
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

// close stops listening and renewing, lets go of the leases still held (another server takes
// their games' bots over at once, rather than once they lapse), and closes the connections;
// closing again does nothing.
func (s *pgStore) close() error {
	s.closed.Do(func() {
		s.stop()
		s.loops.Wait()
		s.leases.loseAll(errClosed)
		if _, err := pgCall(s, func(ctx context.Context) (struct{}, error) {
			_, err := s.pool.Exec(ctx, "DELETE FROM viceroy_bots WHERE holder = $1", s.origin)
			return struct{}{}, err
		}); err != nil {
			log.Printf("database: letting go of the games' bots: %v", err)
		}
		s.pool.Close()
	})
	return nil
}
