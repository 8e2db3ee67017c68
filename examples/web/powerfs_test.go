package main

import (
	"bytes"
	"errors"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"sync"
)

// powerFS is a fileSystem in memory whose power can be cut. It keeps, for each file, what the
// page cache holds (what was written) and what the disk holds (what was synced), and, for the
// directory, the files as they stand and as they were when it was last synced. When the power is
// cut (at a given operation, or by cutNow), every operation from then on fails, and the disk is
// left as a new powerFS (left). One cut in four is a kill of the server's process (kill -9), which
// keeps all that was written, synced or not, since the page cache outlives the process. The others
// cut the power, and keep only what a power cut keeps:
//
//   - the directory as it was last synced: a file created, renamed or removed since is forgotten
//     (a file created and not synced into the directory is gone; a rename is undone);
//   - each file's contents as they were last synced, and, at random, any part of what was
//     appended since (the page cache writes back what it likes, in order): so a write cut short,
//     half a line, is left as a crash leaves it; and of a file cut shorter since it was synced,
//     the old contents or, at random, the new.
//
// It knows only what the store does: files are written at their end, and opened with
// os.O_APPEND, os.O_CREATE and os.O_EXCL (any other flag is ignored).
type powerFS struct {
	mu      sync.Mutex
	dir     map[string]*powerFile // the directory as it stands
	durable map[string]*powerFile // the directory as it was when last synced
	rng     *rand.Rand            // what a cut keeps of what was not synced
	ops     int                   // the operations so far
	cutAt   int                   // the operation at which the power goes; 0: none
	off     bool                  // the power went: every operation fails
	cut     chan struct{}         // closed when the power goes
	left    *powerFS              // what the disk held when the power went
}

// powerFile is a file of a powerFS.
type powerFile struct {
	data   []byte // as the page cache holds it
	synced []byte // as the disk holds it: data when it was last synced
}

// errPowerOff is the error of every operation once the power is cut.
var errPowerOff = errors.New("the power is off")

// newPowerFS returns an empty directory, whose cuts keep what rng chooses.
func newPowerFS(rng *rand.Rand) *powerFS {
	return &powerFS{dir: map[string]*powerFile{}, durable: map[string]*powerFile{}, rng: rng, cut: make(chan struct{})}
}

// cutAfter makes the power go at the n-th operation from now (n >= 1): that operation fails, and
// so does every one after it.
func (p *powerFS) cutAfter(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cutAt = p.ops + n
}

// cutNow cuts the power, if it has not gone already, and returns what the disk held.
func (p *powerFS) cutNow() *powerFS {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.off {
		p.powerCut()
	}
	return p.left
}

// step counts an operation, and fails it once the power is off, or goes off at it. The caller
// holds the lock.
func (p *powerFS) step(op, name string) error {
	if !p.off {
		p.ops++
		if p.ops == p.cutAt {
			p.powerCut()
		}
	}
	if p.off {
		return &fs.PathError{Op: op, Path: name, Err: errPowerOff}
	}
	return nil
}

// powerCut cuts the power: what the disk holds is left in p.left. The caller holds the lock.
func (p *powerFS) powerCut() {
	p.off = true
	left := newPowerFS(rand.New(rand.NewPCG(p.rng.Uint64(), p.rng.Uint64())))
	kill := p.rng.IntN(4) == 0
	dir := p.durable
	if kill {
		dir = p.dir
	}
	kept := map[*powerFile]*powerFile{} // a file once, under whatever names it has
	for _, name := range slices.Sorted(maps.Keys(dir)) {
		f := dir[name]
		if kept[f] == nil {
			b := p.survives(f)
			if kill {
				b = slices.Clone(f.data)
			}
			kept[f] = &powerFile{data: b, synced: slices.Clone(b)}
		}
		left.dir[name] = kept[f]
	}
	left.durable = maps.Clone(left.dir)
	p.left = left
	close(p.cut)
}

// survives returns what the disk holds of f at a power cut: what was synced, and at random a part
// of what was appended since, or, of a file cut shorter since, at random its new contents.
func (p *powerFS) survives(f *powerFile) []byte {
	switch {
	case p.rng.IntN(2) == 0:
		return slices.Clone(f.synced)
	case bytes.HasPrefix(f.data, f.synced):
		return slices.Clone(f.data[:len(f.synced)+p.rng.IntN(len(f.data)-len(f.synced)+1)])
	case bytes.HasPrefix(f.synced, f.data):
		return slices.Clone(f.data)
	}
	return slices.Clone(f.synced)
}

func (p *powerFS) openFile(name string, flag int) (file, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.step("open", name); err != nil {
		return nil, err
	}
	f, ok := p.dir[name]
	switch {
	case !ok && flag&os.O_CREATE == 0:
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	case ok && flag&os.O_EXCL != 0:
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrExist}
	case !ok:
		f = &powerFile{}
		p.dir[name] = f
	}
	return &powerHandle{p, f, name}, nil
}

func (p *powerFS) readFile(name string) ([]byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.step("read", name); err != nil {
		return nil, err
	}
	f, ok := p.dir[name]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return slices.Clone(f.data), nil
}

func (p *powerFS) rename(from, to string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.step("rename", from); err != nil {
		return err
	}
	f, ok := p.dir[from]
	if !ok {
		return &fs.PathError{Op: "rename", Path: from, Err: fs.ErrNotExist}
	}
	p.dir[to] = f
	delete(p.dir, from)
	return nil
}

func (p *powerFS) remove(name string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.step("remove", name); err != nil {
		return err
	}
	if _, ok := p.dir[name]; !ok {
		return &fs.PathError{Op: "remove", Path: name, Err: fs.ErrNotExist}
	}
	delete(p.dir, name)
	return nil
}

func (p *powerFS) names() ([]string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.step("readdir", "."); err != nil {
		return nil, err
	}
	return slices.Sorted(maps.Keys(p.dir)), nil
}

func (p *powerFS) syncDir() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.step("sync", "."); err != nil {
		return err
	}
	p.durable = maps.Clone(p.dir)
	return nil
}

// powerHandle is a file of a powerFS open to write.
type powerHandle struct {
	p    *powerFS
	f    *powerFile
	name string
}

func (h *powerHandle) Write(b []byte) (int, error) {
	h.p.mu.Lock()
	defer h.p.mu.Unlock()
	if err := h.p.step("write", h.name); err != nil {
		return 0, err
	}
	h.f.data = append(h.f.data, b...)
	return len(b), nil
}

func (h *powerHandle) size() (int64, error) {
	h.p.mu.Lock()
	defer h.p.mu.Unlock()
	if err := h.p.step("stat", h.name); err != nil {
		return 0, err
	}
	return int64(len(h.f.data)), nil
}

func (h *powerHandle) Sync() error {
	h.p.mu.Lock()
	defer h.p.mu.Unlock()
	if err := h.p.step("sync", h.name); err != nil {
		return err
	}
	h.f.synced = slices.Clone(h.f.data)
	return nil
}

func (h *powerHandle) Truncate(n int64) error {
	h.p.mu.Lock()
	defer h.p.mu.Unlock()
	if err := h.p.step("truncate", h.name); err != nil {
		return err
	}
	h.f.data = slices.Clone(h.f.data[:min(n, int64(len(h.f.data)))])
	return nil
}

// Close never fails: nothing is left to write.
func (h *powerHandle) Close() error { return nil }
