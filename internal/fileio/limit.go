package fileio

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
)

// DefaultMaxBytes is the input size limit when neither SetLimit nor
// MRSCHED_MAX_INPUT sets one: 256 MiB, about 8·10⁶ tandem CSV jobs or 3·10⁶
// JSON jobs, far above every trace in the SWIM and Google data sets.
const DefaultMaxBytes int64 = 256 << 20

// LimitEnv is the environment variable that overrides DefaultMaxBytes.
const LimitEnv = "MRSCHED_MAX_INPUT"

// Sentinel errors.
var (
	ErrTooLarge  = errors.New("fileio: input over the size limit")
	ErrNotText   = errors.New("fileio: not a UTF-8 text file")
	ErrNumber    = errors.New("fileio: not a decimal number")
	ErrID        = errors.New("fileio: invalid id")
	ErrJSON      = errors.New("fileio: invalid JSON")
	ErrLimit     = errors.New("fileio: invalid size limit")
	ErrOverwrite = errors.New("fileio: refusing to overwrite")
	// ErrChanged is a file that shrank while it was read: what was read is
	// not the file that was opened.
	ErrChanged = errors.New("fileio: the file changed while it was read")
)

var limitOverride atomic.Int64

// SetLimit sets the default input size limit in bytes for the whole process
// (commands call it from a flag); n ≤ 0 restores the default
// (MRSCHED_MAX_INPUT, else DefaultMaxBytes).
func SetLimit(n int64) {
	if n < 0 {
		n = 0
	}
	limitOverride.Store(n)
}

// Limit returns the default input size limit: the value of SetLimit, else
// MRSCHED_MAX_INPUT, else DefaultMaxBytes. It fails only when
// MRSCHED_MAX_INPUT is set to something that is not a size.
func Limit() (int64, error) {
	if n := limitOverride.Load(); n > 0 {
		return n, nil
	}
	if s, ok := os.LookupEnv(LimitEnv); ok && strings.TrimSpace(s) != "" {
		n, err := ParseSize(s)
		if err != nil {
			return 0, fmt.Errorf("%s=%q: %w", LimitEnv, s, err)
		}
		return n, nil
	}
	return DefaultMaxBytes, nil
}

func resolve(max int64) (int64, error) {
	if max > 0 {
		return max, nil
	}
	return Limit()
}

// ParseSize parses a byte count: a positive decimal integer with an optional
// suffix K, M, G (powers of 1000) or KiB, MiB, GiB (powers of 1024), in any
// letter case.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	lower := strings.ToLower(t)
	for _, u := range []struct {
		suf string
		m   int64
	}{{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"k", 1e3}, {"m", 1e6}, {"g", 1e9}, {"b", 1}} {
		if strings.HasSuffix(lower, u.suf) {
			mult, t = u.m, strings.TrimSpace(t[:len(t)-len(u.suf)])
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("%w: %q (want a positive byte count such as 268435456, 512MiB or 2G)", ErrLimit, s)
	}
	return n * mult, nil
}

// LimitError reports an input refused for its size. Size is the file's size
// when known before reading (a regular file), else -1; Read is how many bytes
// were read before the limit was hit.
type LimitError struct {
	File  string
	Limit int64
	Size  int64
	Read  int64
}

func (e *LimitError) Error() string {
	if e.Size >= 0 {
		return fmt.Sprintf("%s: %s: file of %s is over the input limit of %s (set %s, e.g. %s=%s, to read it)",
			e.File, ErrTooLarge.Error(), human(e.Size), human(e.Limit), LimitEnv, LimitEnv, suggest(e.Size))
	}
	return fmt.Sprintf("%s: %s: stopped after reading %s, the input limit (set %s to raise it)",
		e.File, ErrTooLarge.Error(), human(e.Read), LimitEnv)
}

func (e *LimitError) Unwrap() error { return ErrTooLarge }

func human(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%d bytes (%.1f GiB)", n, float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%d bytes (%.1f MiB)", n, float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d bytes", n)
}

func suggest(size int64) string {
	mib := (size + (1 << 20) - 1) >> 20
	return fmt.Sprintf("%dMiB", mib)
}

// File is a file opened for reading with a size limit: Read fails with a
// *LimitError once more than the limit would be read.
type File struct {
	f     *os.File
	name  string
	limit int64
	n     int64
	size  int64 // of a regular file when opened, else -1
}

// Open opens name for reading with at most max bytes (max ≤ 0: Limit()). A
// regular file larger than the limit is refused at once with its size.
func Open(name string, max int64) (*File, error) {
	limit, err := resolve(max)
	if err != nil {
		return nil, err
	}
	f, err := OpenRead(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if st.IsDir() {
		f.Close()
		return nil, &ParseError{File: name, Err: fmt.Errorf("%w: is a directory", ErrNotText)}
	}
	if st.Mode().IsRegular() && st.Size() > limit {
		f.Close()
		return nil, &LimitError{File: name, Limit: limit, Size: st.Size(), Read: 0}
	}
	size := int64(-1)
	if st.Mode().IsRegular() {
		size = st.Size()
	}
	return &File{f: f, name: name, limit: limit, size: size}, nil
}

// OpenRead opens name for reading like os.Open, except that a named pipe
// (FIFO) is opened without blocking: os.Open waits for a writer forever,
// while OpenRead returns at once and, when no writer has the pipe open,
// the first read finds the end of the input (an empty file), which every
// reader refuses. A pipe whose writer is running (a shell's process
// substitution) is read as before.
func OpenRead(name string) (*os.File, error) {
	if st, err := os.Stat(name); err == nil && st.Mode()&os.ModeNamedPipe != 0 {
		return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	}
	return os.Open(name)
}

// Name returns the file name given to Open.
func (f *File) Name() string { return f.name }

// N returns the number of bytes read so far.
func (f *File) N() int64 { return f.n }

// Read implements io.Reader.
func (f *File) Read(p []byte) (int, error) {
	if f.n > f.limit {
		return 0, &LimitError{File: f.name, Limit: f.limit, Size: -1, Read: f.n}
	}
	// Read at most one byte past the limit to tell "exactly the limit" from
	// "over it".
	if room := f.limit + 1 - f.n; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := f.f.Read(p)
	f.n += int64(n)
	if f.n > f.limit {
		return n - int(f.n-f.limit), &LimitError{File: f.name, Limit: f.limit, Size: -1, Read: f.limit}
	}
	if err == io.EOF && f.n < f.size {
		// Truncated while read: the end is not the file's end.
		return n, &ParseError{File: f.name, Err: fmt.Errorf("%w: read %d of its %d bytes (it shrank; read it again when it is complete)", ErrChanged, f.n, f.size)}
	}
	return n, err
}

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// ReadFile reads the whole file name, at most max bytes (max ≤ 0: Limit()).
func ReadFile(name string, max int64) ([]byte, error) {
	f, err := Open(name, max)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// limited is a Reader with a limit on a stream of unknown size.
type limited struct {
	r     io.Reader
	name  string
	limit int64
	n     int64
}

func (l *limited) Read(p []byte) (int, error) {
	if l.n > l.limit {
		return 0, &LimitError{File: l.name, Limit: l.limit, Size: -1, Read: l.limit}
	}
	if room := l.limit + 1 - l.n; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := l.r.Read(p)
	l.n += int64(n)
	if l.n > l.limit {
		return n - int(l.n-l.limit), &LimitError{File: l.name, Limit: l.limit, Size: -1, Read: l.limit}
	}
	return n, err
}

// LimitReader returns a reader of r that fails with a *LimitError (naming
// name) after max bytes (max ≤ 0: Limit()). A *File is returned as is when
// its own limit is not larger.
func LimitReader(r io.Reader, name string, max int64) (io.Reader, error) {
	limit, err := resolve(max)
	if err != nil {
		return nil, err
	}
	if f, ok := r.(*File); ok && f.limit <= limit {
		return f, nil
	}
	return &limited{r: r, name: name, limit: limit}, nil
}

// ReadAll reads r to the end, at most max bytes (max ≤ 0: Limit()).
func ReadAll(r io.Reader, name string, max int64) ([]byte, error) {
	lr, err := LimitReader(r, name, max)
	if err != nil {
		return nil, err
	}
	return io.ReadAll(lr)
}

// ReadFileWith opens path with the size limit Limit() (a larger regular file
// is refused before it is read, with its size) and decodes it with read,
// which gets path as the name for its messages: the one ReadFile of every
// mrsched format.
func ReadFileWith[T any](path string, read func(io.Reader, string) (T, error)) (T, error) {
	f, err := Open(path, 0)
	if err != nil {
		var zero T
		return zero, err
	}
	defer f.Close()
	return read(f, path)
}
