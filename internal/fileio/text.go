package fileio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// BOM is the UTF-8 byte order mark, stripped at the very start of a text file.
const BOM = "\ufeff"

// TextReader checks and passes through a text stream: it strips a UTF-8 BOM
// at the very start and fails at the first NUL byte or invalid UTF-8
// sequence with a *ParseError naming the file, line and byte offset (wrapping
// ErrNotText). Line() is the 1-based line of the next byte to be returned
// when read byte by byte; readers that need exact line numbers count them on
// the bytes they get.
type TextReader struct {
	r       io.Reader
	name    string
	scratch []byte
	buf     []byte // checked bytes not yet returned
	pendAt  int    // scratch[pendAt:pendAt+pend] is a partial rune still to check
	pend    int
	started bool
	line    int
	off     int64 // offset in the original stream of scratch[0]
	err     error
}

// NewTextReader returns a TextReader of r; name is used in error messages.
func NewTextReader(r io.Reader, name string) *TextReader {
	return &TextReader{r: r, name: name, scratch: make([]byte, 64<<10), line: 1}
}

// Err returns the text error (a *ParseError wrapping ErrNotText) that
// stopped the reader, or nil. Line scanners that get a last, partial line
// before the error use it to report the error instead of the fragment:
// the fragment is on line Err().Line.
func (t *TextReader) Err() *ParseError {
	var pe *ParseError
	if errors.As(t.err, &pe) && errors.Is(t.err, ErrNotText) {
		return pe
	}
	return nil
}

// Read implements io.Reader.
func (t *TextReader) Read(p []byte) (int, error) {
	for len(t.buf) == 0 {
		if t.err != nil {
			return 0, t.err
		}
		t.fill()
	}
	n := copy(p, t.buf)
	t.buf = t.buf[n:]
	return n, nil
}

func (t *TextReader) fill() {
	// Move the partial rune kept by the last fill to the front (buf, which
	// may share scratch, is empty when fill runs).
	carry := t.pend
	copy(t.scratch, t.scratch[t.pendAt:t.pendAt+carry])
	t.pend, t.pendAt = 0, 0
	n, err := t.r.Read(t.scratch[carry:])
	data := t.scratch[:carry+n]
	final := err != nil
	start := 0
	if !t.started {
		if len(data) < len(BOM) && !final && string(data) == BOM[:len(data)] {
			t.pend = len(data)
			return
		}
		t.started = true
		if len(data) >= len(BOM) && string(data[:len(BOM)]) == BOM {
			start = len(BOM)
		}
	}
	good, verr := t.check(data, start, final)
	t.buf = data[start:good]
	switch {
	case verr != nil:
		t.err = verr
	case err != nil:
		t.err = err
	default:
		t.pendAt, t.pend = good, len(data)-good
	}
	t.off += int64(good)
}

// check validates data[start:] and returns the end of the valid prefix (a
// trailing partial rune is left unchecked unless final).
func (t *TextReader) check(data []byte, start int, final bool) (int, error) {
	// Fast path: the whole chunk (less a partial rune at its end) is valid
	// UTF-8 without NUL; utf8.Valid and bytes.Count are vectorised.
	end := len(data)
	if !final {
		for k := 1; k <= utf8.UTFMax-1 && end-k >= start; k++ {
			b := data[end-k]
			if b < utf8.RuneSelf {
				break
			}
			if utf8.RuneStart(b) {
				if !utf8.FullRune(data[end-k:]) {
					end -= k
				}
				break
			}
		}
	}
	if seg := data[start:end]; bytes.IndexByte(seg, 0) < 0 && utf8.Valid(seg) {
		t.line += bytes.Count(seg, []byte{'\n'})
		return end, nil
	}
	// Slow path: find the first bad byte and its line.
	i := start
	for i < len(data) {
		b := data[i]
		if b < utf8.RuneSelf {
			if b == 0 {
				return i, &ParseError{File: t.name, Line: t.line, Err: fmt.Errorf("%w: NUL byte at byte offset %d (text files must be UTF-8 without NUL bytes)", ErrNotText, t.off+int64(i))}
			}
			if b == '\n' {
				t.line++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			if !final && !utf8.FullRune(data[i:]) {
				return i, nil
			}
			return i, &ParseError{File: t.name, Line: t.line, Err: fmt.Errorf("%w: invalid UTF-8 byte 0x%02x at byte offset %d (text files must be UTF-8 without NUL bytes)", ErrNotText, b, t.off+int64(i))}
		}
		i += size
	}
	return i, nil
}

// ReadText reads r to the end as text (see TextReader), at most max bytes
// (max ≤ 0: Limit()), and returns it without a leading BOM.
func ReadText(r io.Reader, name string, max int64) ([]byte, error) {
	lr, err := LimitReader(r, name, max)
	if err != nil {
		return nil, err
	}
	return io.ReadAll(NewTextReader(lr, name))
}

// ReadTextFile reads the text file name (see TextReader), at most max bytes
// (max ≤ 0: Limit()), and returns it without a leading BOM.
func ReadTextFile(name string, max int64) ([]byte, error) {
	f, err := Open(name, max)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(NewTextReader(f, name))
}

// TextFile is a text file opened with a size limit and text checks.
type TextFile struct {
	*TextReader
	f *File
}

// OpenText opens the text file name with at most max bytes (max ≤ 0:
// Limit()) for streaming readers (see TextReader).
func OpenText(name string, max int64) (*TextFile, error) {
	f, err := Open(name, max)
	if err != nil {
		return nil, err
	}
	return &TextFile{TextReader: NewTextReader(f, name), f: f}, nil
}

// Close closes the file.
func (t *TextFile) Close() error { return t.f.Close() }

// TextError returns the reader error for a text-layer failure (size limit,
// NUL byte, invalid UTF-8) met by a reader over a TextReader of the file
// name, such as encoding/csv's: a *LimitError as it is, a text error as a
// *ParseError at its line whose error is tagged with kind (the reader's
// sentinel); nil for any other error, which the caller reports.
func TextError(name string, err error, kind error) error {
	var le *LimitError
	if errors.As(err, &le) {
		return err
	}
	var pe *ParseError
	if errors.As(err, &pe) && errors.Is(err, ErrNotText) {
		return &ParseError{File: name, Line: pe.Line, Err: &Tagged{Kind: kind, Cause: pe.Err}}
	}
	return nil
}
