package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// fileSystem is what a dirStore needs of its directory: files named relative to it, written at
// their end, and made durable by syncing. A file's contents are durable once the file is synced;
// a file created, renamed or removed, once the directory is synced. What is not durable may be
// lost at a power cut. The store reaches its files through this interface so that a test can cut
// the power (see powerFS in the tests): osDir is the one on a directory of the operating system's.
type fileSystem interface {
	// openFile opens the file name as os.OpenFile does with flag (os.O_WRONLY with os.O_APPEND,
	// os.O_CREATE and os.O_EXCL); a file made has mode 0o644.
	openFile(name string, flag int) (file, error)
	// readFile returns the contents of the file name.
	readFile(name string) ([]byte, error)
	// rename renames the file from to to, replacing any file to.
	rename(from, to string) error
	// remove removes the file name.
	remove(name string) error
	// names lists the names of the directory's files, sorted.
	names() ([]string, error)
	// syncDir makes the directory's entries durable: the files created, renamed and removed in it.
	syncDir() error
}

// file is a file of a fileSystem open to write. Every write goes at its end: the store only
// appends, or writes a new file.
type file interface {
	io.Writer
	// size returns the file's size in bytes.
	size() (int64, error)
	// Sync makes the file's contents durable.
	Sync() error
	// Truncate cuts the file to size bytes.
	Truncate(size int64) error
	Close() error
}

// osDir is the fileSystem of a directory of the operating system's, named by its path. Its errors
// name the files as the store does, relative to the directory, never by the path: an error may
// reach a client, who has no business knowing where the server keeps its files.
type osDir string

// path returns the path of the file name.
func (d osDir) path(name string) string { return filepath.Join(string(d), name) }

func (d osDir) openFile(name string, flag int) (file, error) {
	f, err := os.OpenFile(d.path(name), flag, 0o644)
	if err != nil {
		return nil, relative(err, name)
	}
	return osFile{f, name}, nil
}

func (d osDir) readFile(name string) ([]byte, error) {
	b, err := os.ReadFile(d.path(name))
	return b, relative(err, name)
}

func (d osDir) rename(from, to string) error {
	return relative(os.Rename(d.path(from), d.path(to)), from)
}

func (d osDir) remove(name string) error { return relative(os.Remove(d.path(name)), name) }

func (d osDir) names() ([]string, error) {
	entries, err := os.ReadDir(string(d))
	if err != nil {
		return nil, relative(err, ".")
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	slices.Sort(names) // ReadDir sorts them already; the interface promises it
	return names, nil
}

func (d osDir) syncDir() error {
	f, err := os.Open(string(d))
	if err != nil {
		return relative(err, ".")
	}
	return relative(errors.Join(f.Sync(), f.Close()), ".")
}

// osFile is a file of an osDir, its errors naming it by name.
type osFile struct {
	f    *os.File
	name string
}

func (f osFile) Write(b []byte) (int, error) {
	n, err := f.f.Write(b)
	return n, relative(err, f.name)
}

func (f osFile) size() (int64, error) {
	info, err := f.f.Stat()
	if err != nil {
		return 0, relative(err, f.name)
	}
	return info.Size(), nil
}

func (f osFile) Sync() error            { return relative(f.f.Sync(), f.name) }
func (f osFile) Truncate(n int64) error { return relative(f.f.Truncate(n), f.name) }
func (f osFile) Close() error           { return relative(f.f.Close(), f.name) }

// relative returns err with the path that the operating system's error names replaced by name, the
// file's name in the store's directory; what err is (fs.ErrNotExist...) is kept.
func relative(err error, name string) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	case errors.As(err, &le):
		return &fs.PathError{Op: le.Op, Path: name, Err: le.Err}
	}
	return err
}
