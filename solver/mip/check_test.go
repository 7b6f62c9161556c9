package mip

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// Unreadable model files (issue 12 §3 and more of the same kinds) are
// ReadErrors naming the file and, where one line is at fault, that line.
func TestCheckTextRejects(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		line       int
		msg        string
	}{
		{"hello.lp", "hello world\n", 1, "starts with Minimize"},
		{"hello.mps", "hello world\n", 1, "not an MPS section"},
		{"empty.lp", "", 0, "empty file"},
		{"blank.mps", " \n\n\t\n", 0, "empty file"},
		{"comments.lp", "\\ only a comment\n\\ and another\n", 0, "no objective section"},
		{"binary.lp", "Minimize\n obj: x\x00\x01\nEnd\n", 2, "control character"},
		{"latin1.lp", "Minimize\n obj: \xe9x\nEnd\n", 2, "not UTF-8"},
		{"noend.lp", "Minimize\n obj: x + y\nSubject To\n c1: x + y >= 2\n", 4, "does not end with End"},
		{"truncated.lp", "Minimize\n obj: x + y\nSubject To\n c1: x + ", 4, "does not end with End"},
		{"abc.mps", "NAME t\nROWS\n N obj\n G c1\nCOLUMNS\n x obj 1 c1 abc\nRHS\n RHS c1 2\nENDATA\n", 6, `"abc" is not a number`},
		{"rhs.mps", "NAME t\nROWS\n N obj\n G c1\nCOLUMNS\n x obj 1 c1 1\nRHS\n RHS c1 two\nENDATA\n", 8, `"two" is not a number`},
		{"rhs-noset.mps", "NAME t\nROWS\n N obj\n G c1\nCOLUMNS\n x obj 1 c1 1\nRHS\n c1 1e\nENDATA\n", 8, `"1e" is not a number`},
		{"bound.mps", "NAME t\nROWS\n N obj\n G c1\nCOLUMNS\n x obj 1 c1 1\nRHS\n RHS c1 2\nBOUNDS\n UP BND x ten\nENDATA\n", 10, `"ten" is not a number`},
		{"fields.mps", "NAME t\nROWS\n N obj\nCOLUMNS\n x obj\nENDATA\n", 5, "2 fields"},
		{"noendata.mps", "NAME t\nROWS\n N obj\nCOLUMNS\n x obj 1\n", 0, "no ENDATA section"},
		{"nocolumns.mps", "NAME t\nROWS\n N obj\nENDATA\n", 0, "no COLUMNS section"},
		{"data-first.mps", " x obj 1\nNAME t\n", 1, "data before the first MPS section"},
		{"/dev/null", "", 0, "empty file"}, // the content, not the name (issue 12)
		{"model.txt", "Minimize\n obj: x\nEnd\n", 0, "unknown model format"},
	} {
		_, err := CheckText(tc.name, []byte(tc.data))
		var re *ReadError
		if !errors.As(err, &re) || !errors.Is(err, ErrRead) {
			t.Errorf("%s: %v, want a ReadError", tc.name, err)
			continue
		}
		if re.File != tc.name || re.Line != tc.line || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: %q (line %d), want line %d and %q", tc.name, err, re.Line, tc.line, tc.msg)
		}
	}
}

// Files written by WriteLP and WriteMPS, and hand-written variants that
// HiGHS and CBC read (comments, CRLF, OBJSENSE, markers, bound types
// without values), pass.
func TestCheckTextAccepts(t *testing.T) {
	var lp, mps bytes.Buffer
	if err := WriteLP(&lp, example()); err != nil {
		t.Fatal(err)
	}
	if err := WriteMPS(&mps, example()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, data, format string }{
		{"w.lp", lp.String(), "lp"},
		{"W.MPS", mps.String(), "mps"},
		{"tiny.lp", "Maximize\n obj: 30 x + 50 y\nSubject To\n c1: x + 2 y <= 40\nGenerals\n x y\nEnd\n", "lp"},
		{"crlf.lp", "\\ comment\r\nMINIMIZE\r\n obj: x\r\nend\r\n", "lp"},
		{"sense.mps", "* comment\nNAME t\nOBJSENSE\n    MAX\nROWS\n N obj\n L c1\nCOLUMNS\n    MARKER                 'MARKER'                 'INTORG'\n x obj 1 c1 1\n    MARKER                 'MARKER'                 'INTEND'\nRHS\n c1 4\nBOUNDS\n FR BND x\n BV BND x\n MI x\n UP BND x 1e30\nENDATA\n", "mps"},
	} {
		f, err := CheckText(tc.name, []byte(tc.data))
		if err != nil || f != tc.format {
			t.Errorf("%s: %q %v, want %s", tc.name, f, err, tc.format)
		}
	}
}

// FuzzCheckText: CheckText never panics, and an accepted file has a known
// extension. Seeds: the writers' files and the rejected cases.
func FuzzCheckText(f *testing.F) {
	var lp, mps bytes.Buffer
	if err := WriteLP(&lp, example()); err != nil {
		f.Fatal(err)
	}
	if err := WriteMPS(&mps, example()); err != nil {
		f.Fatal(err)
	}
	f.Add("a.lp", lp.Bytes())
	f.Add("a.mps", mps.Bytes())
	f.Add("a.mps", []byte("NAME t\nROWS\n N obj\nCOLUMNS\n x obj abc\nENDATA\n"))
	f.Add("a.lp", []byte("hello world"))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		format, err := CheckText(name, data)
		if err == nil && format != Format(name) {
			t.Fatalf("format %q for %q", format, name)
		}
		if err != nil && !errors.Is(err, ErrRead) {
			t.Fatalf("error %v does not wrap ErrRead", err)
		}
	})
}

// failReader fails every read, as an engine's reader stopped by its context.
type failReader struct{}

func (failReader) ReadModel(ctx context.Context, name string, data []byte) (*Model, error) {
	return nil, errors.New("stopped")
}

// A read cut off by the deadline is not an unreadable file: ErrNotRead,
// not ErrRead (a 23 MB LP file read by HiGHS under a 10 s limit was
// reported as unreadable).
func TestReadModelDeadlineIsNotUnreadable(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	lp := []byte("Minimize\n obj: x\nEnd\n")
	_, err := ReadModel(ctx, failReader{}, "big.lp", lp)
	if !errors.Is(err, ErrNotRead) || errors.Is(err, ErrRead) {
		t.Fatalf("cancelled read: %v, want ErrNotRead and not ErrRead", err)
	}
	if _, err := ReadModel(context.Background(), failReader{}, "big.lp", lp); !errors.Is(err, ErrRead) {
		t.Fatalf("failed read: %v, want ErrRead", err)
	}
}
