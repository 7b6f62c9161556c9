package fileio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// WriteOption configures WriteFileAtomic.
type WriteOption func(*writeConfig)

type writeConfig struct {
	protect []string
	perm    fs.FileMode
}

// Protect refuses the write when the destination is one of paths (the
// command's input files): compared with os.SameFile, so a different spelling,
// a symbolic link or a hard link to an input is refused too. Paths that do
// not exist are ignored.
func Protect(paths ...string) WriteOption {
	return func(c *writeConfig) { c.protect = append(c.protect, paths...) }
}

// Perm sets the permission bits of a new file (default 0644; an existing
// file keeps its own).
func Perm(p fs.FileMode) WriteOption {
	return func(c *writeConfig) { c.perm = p.Perm() }
}

// WriteFileAtomic writes data to path atomically: a temporary file in the
// same directory, synced, then renamed over path, so that readers see the old
// file or the new one, never a part. The temporary file is removed on every
// failure path. If path is a symbolic link, its final target is replaced and
// the link kept; a link to a missing file, a directory or another
// non-regular file is refused. Errors name path (never the temporary file).
func WriteFileAtomic(path string, data []byte, opts ...WriteOption) error {
	return WriteAtomic(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, opts...)
}

// WriteAtomic is WriteFileAtomic with the content produced by write, so that
// large outputs need not be held in memory. If write fails, nothing is
// renamed and the temporary file is removed.
func WriteAtomic(path string, write func(io.Writer) error, opts ...WriteOption) error {
	if err := writeAtomic(path, write, opts); err != nil {
		// Name the file asked for, not the temporary one, and drop the
		// random suffix from the message (same input, same output).
		var pe *os.PathError
		var le *os.LinkError
		switch {
		case errors.Is(err, ErrOverwrite):
		case errors.As(err, &pe):
			err = pe.Err
		case errors.As(err, &le):
			err = le.Err
		}
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func writeAtomic(path string, write func(io.Writer) error, opts []WriteOption) (err error) {
	cfg := writeConfig{perm: 0o644}
	for _, o := range opts {
		o(&cfg)
	}
	target := path
	if li, lerr := os.Lstat(path); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
		t, rerr := filepath.EvalSymlinks(path)
		if rerr != nil {
			return fmt.Errorf("%w: %s is a symbolic link to a missing or unreadable file", ErrOverwrite, path)
		}
		target = t
	}
	perm := cfg.perm
	st, serr := os.Stat(target)
	switch {
	case serr == nil && st.IsDir():
		return fmt.Errorf("%w: %s is a directory", ErrOverwrite, path)
	case serr == nil && !st.Mode().IsRegular():
		return fmt.Errorf("%w: %s is not a regular file (%s)", ErrOverwrite, path, st.Mode().Type())
	case serr == nil:
		perm = st.Mode().Perm()
		for _, p := range cfg.protect {
			if pst, err := os.Stat(p); err == nil && os.SameFile(st, pst) {
				return fmt.Errorf("%w: %s is an input file of this command (%s)", ErrOverwrite, path, p)
			}
		}
	case !errors.Is(serr, fs.ErrNotExist):
		return serr
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	temps.Store(tmp, struct{}{})
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
		temps.Delete(tmp)
	}()
	if err = write(f); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Chmod(tmp, perm); err != nil {
		return err
	}
	return os.Rename(tmp, target)
}

// temps are the temporary files of the atomic writes under way.
var temps sync.Map

// RemoveTemps removes the temporary files of the atomic writes under way,
// so that a process ended by a signal in the middle of a write leaves no
// .NAME.tmpNNN file behind (the destination keeps its old content). The
// program calls it just before it exits on a signal; a write still
// running then fails.
func RemoveTemps() {
	temps.Range(func(k, _ any) bool {
		os.Remove(k.(string))
		temps.Delete(k)
		return true
	})
}

// WriteFileWith writes the file path atomically (WriteAtomic) with the
// content written by write, the one WriteFile of every mrsched format.
func WriteFileWith[T any](path string, v T, write func(io.Writer, T) error, opts ...WriteOption) error {
	return WriteAtomic(path, func(w io.Writer) error { return write(w, v) }, opts...)
}
