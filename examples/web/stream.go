package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"
	"weak"

	"github.com/laar/viceroy"
)

// A watch is a stream of states or a long poll: a request that waits for the table to change.
// Watches are bounded, by seat, by client address and in all (see watchLimit); and a game that
// only watches use may leave memory to make room (see server.room), which ends them.

// watchKey marks, in the context of a stream or a long poll, a watch: server.table counts it so
// (see server.use), and notes it in the watching the key holds.
type watchKey struct{}

// watching is a watch being served: the holding of the game it watches (nil until server.table
// finds the game), and what to do when it ends, in reverse order.
type watching struct {
	holding *holding
	ends    []func()
}

// end ends the watch: it is no longer counted, by the bounds nor by its game.
func (wt *watching) end() {
	for i := len(wt.ends) - 1; i >= 0; i-- {
		wt.ends[i]()
	}
	wt.ends = nil
}

// watch begins a watch of the client of r, if the bounds of its address and of the server allow
// it, and marks the request's context so that server.table counts it as a watch. It returns the
// request to serve and the watch, which the caller ends (see watching.end); on refusal it has
// written the answer.
func (s *server) watch(w http.ResponseWriter, r *http.Request) (*http.Request, *watching, bool) {
	end, err := s.watches.begin(clientOf(r))
	if err != nil {
		refuseWatch(w, err)
		return nil, nil, false
	}
	wt := &watching{ends: []func(){end}}
	return r.WithContext(context.WithValue(r.Context(), watchKey{}, wt)), wt, true
}

// watchSeat counts watch wt against the bound of seat p of table t, and reports whether the bound
// allows it; on refusal it has written the answer. A seat's watches are counted once its token is
// checked, so that no one else can take them.
func (s *server) watchSeat(w http.ResponseWriter, wt *watching, t *table, p viceroy.Player) bool {
	end, err := s.watches.beginSeat(fmt.Sprintf("%s/%d", t.id, p))
	if err != nil {
		refuseWatch(w, err)
		return false
	}
	wt.ends = append(wt.ends, end)
	return true
}

// refuseWatch answers a watch beyond a bound (errWatches) with when to try again.
func refuseWatch(w http.ResponseWriter, err error) {
	e := err.(errWatches)
	retryAfter(w, watchRetry)
	writeError(w, e.status, "too-many-streams", e.msg)
}

// waits reports whether a request for the state may wait for a change, a long poll: it names the
// version or the news that its page has seen.
func waits(r *http.Request) bool {
	q := r.URL.Query()
	v, errV := strconv.Atoi(q.Get("version"))
	n, errN := strconv.Atoi(q.Get("news"))
	return errV == nil && v >= 0 || errN == nil && n >= 0
}

// beatLine is the comment line a stream sends every beat, to keep the connection and to tell the
// page that it is alive.
var beatLine = []byte(": beat\n\n")

// sink is where a stream's events go: the request's answer, held open.
type sink struct {
	w  http.ResponseWriter
	rc *http.ResponseController
	r  *http.Request
}

// answerWith begins the stream's answer on w, the answer to r.
func answerWith(w http.ResponseWriter, r *http.Request) *sink {
	sk := &sink{w, http.NewResponseController(w), r}
	sk.rc.SetReadDeadline(time.Time{}) // the server's ReadTimeout would end the stream
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // a proxy in front must not hold the events back
	w.WriteHeader(http.StatusOK)
	return sk
}

// write writes b in the answer, and reports whether the client took it within streamWriteLimit.
func (sk *sink) write(b []byte) bool {
	sk.rc.SetWriteDeadline(time.Now().Add(streamWriteLimit))
	_, err := sk.w.Write(b)
	return err == nil && sk.rc.Flush() == nil
}

// gone returns the channel closed when the client goes: the request's end.
func (sk *sink) gone() <-chan struct{} { return sk.r.Context().Done() }

// close lifts the deadline of the writes, as the connection may serve other requests (HTTP/2).
func (sk *sink) close() { sk.rc.SetWriteDeadline(time.Time{}) }

// pump sends the states of seat rd.p of table t, held in h, in language rd.l, to the stream's sink
// sk, from the log's event since on, until the stream ends (see server.stream): when its client goes or does not
// take a write, when the game leaves memory or breaks, or when the server stops. Then it closes
// the sink.
func (s *server) pump(sk *sink, t *table, h *holding, rd reader, since int) {
	defer sk.close()
	f := s.feedOf(h, rd)
	defer s.unfeed(h, rd)
	beat := time.NewTicker(s.beat)
	defer beat.Stop()
	sent := -1
	for {
		event, news, logNext, changed, err := f.next(t, rd, since, sent)
		if err != nil {
			return // the game broke: the page's next request is told
		}
		if event != nil {
			sent, since = news, logNext
			if !sk.write(*event) {
				return
			}
		}
		select {
		case <-changed:
		case <-beat.C:
			if !sk.write(beatLine) {
				return
			}
		case <-h.gone:
			return // the game left memory: the page opens the stream again, which loads it again
		case <-sk.gone():
			return
		case <-s.ctx.Done():
			return
		}
	}
}

// reader is a seat read in a language: the streams of a seat read in one language share a feed.
type reader struct {
	p viceroy.Player
	l viceroy.Language
}

// feed is one seat's state in one language as its streams send it, the server-sent event ready to write: built once
// for each change of the table and each point of the log it is told from, and shared by the seat's
// streams that are at that point (all, in a while, but one just opened). Its lock is held while it
// is built, so that the seat's other streams wait for it rather than build it again; the table's
// lock only while the state is read, and the state is marshalled outside it. The event is held
// weakly: once the streams have written it, it is garbage, and a stream that finds it gone builds
// it again.
type feed struct {
	streams int // the seat's streams, counted under the server's lock (see feedOf)

	mu      sync.Mutex
	news    int // the table's news the event is of
	since   int // the first event of the log it tells
	logNext int // where the log it tells leaves off
	event   weak.Pointer[[]byte]
}

// feedOf returns the feed of seat rd.p of the game of holding h in language rd.l, for a stream
// more, which calls unfeed when it ends.
func (s *server) feedOf(h *holding, rd reader) *feed {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h.feeds == nil {
		h.feeds = map[reader]*feed{}
	}
	f := h.feeds[rd]
	if f == nil {
		f = &feed{}
		h.feeds[rd] = f
	}
	f.streams++
	return f
}

// unfeed counts a stream of the feed rd of the game of holding h fewer; the last one drops the
// feed.
func (s *server) unfeed(h *holding, rd reader) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f := h.feeds[rd]; f != nil {
		if f.streams--; f.streams <= 0 {
			delete(h.feeds, rd)
		}
	}
}

// next returns the event that a stream of seat rd.p of table t in language rd.l sends next, if the table has changed
// since the news sent: the seat's state, the log told from since on, and the news it is of and
// where its log leaves off. Otherwise it returns nil, and the channel closed at the next change.
// It returns errBroken for a broken table.
func (f *feed) next(t *table, rd reader, since, sent int) (event *[]byte, news, logNext int, changed chan struct{}, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	event = f.event.Value()
	var st *state
	if err := t.locked(func() {
		changed, news = t.changed, t.news
		if news != sent && (event == nil || f.news != news || f.since != since) {
			built := t.stateFor(rd.p, since, rd.l)
			st = &built
		}
	}); err != nil {
		return nil, 0, 0, nil, err
	}
	if news == sent {
		return nil, 0, 0, changed, nil
	}
	if st != nil {
		b, _ := json.Marshal(st) // a state always marshals: the library's values and strings
		e := fmt.Appendf(make([]byte, 0, len(b)+64), "event: state\nid: %d\ndata: %s\n\n", st.News, b)
		event = &e
		f.event, f.news, f.since, f.logNext = weak.Make(event), st.News, since, st.LogNext
	}
	return event, f.news, f.logNext, changed, nil
}
