package mip

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// rejectCase is a file CheckText must refuse: its name and content, the
// line the ReadError names (0: the whole file) and a part of its message.
type rejectCase struct {
	name, data string
	line       int
	msg        string
}

// checkRejected checks that CheckText refuses every case with a ReadError
// wrapping ErrRead that names the file, the line and the message.
func checkRejected(t *testing.T, cases []rejectCase) {
	t.Helper()
	for _, tc := range cases {
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

// Unreadable model files (docs/cli.md, "Bad input") are
// ReadErrors naming the file and, where one line is at fault, that line.
func TestCheckTextRejects(t *testing.T) {
	checkRejected(t, []rejectCase{
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
		{"/dev/null", "", 0, "empty file"}, // the content, not the name
		{"model.txt", "Minimize\n obj: x\nEnd\n", 0, "unknown model format"},
	})
}

// Models that the engines' readers take but the linear Model cannot hold
// or would misread are ReadErrors naming the line: quadratic terms (HiGHS
// reads the objective "x + [ x^2 ] / 2" with x ≥ 1 and the Model keeps x:
// optimum 1 instead of 1.5, by hand), nan anywhere, infinite coefficients
// and right-hand sides, SOS, semi-continuous and indicator parts.
func TestCheckTextRefusesModels(t *testing.T) {
	const mpsHead = "NAME t\nROWS\n N obj\n G c1\nCOLUMNS\n"
	checkRejected(t, []rejectCase{
		{"quad-obj.lp", "Minimize\n obj: x + [ x^2 ] / 2\nSubject To\n c1: x >= 1\nEnd\n", 2, "quadratic term"},
		{"quad-product.lp", "Minimize\n obj: x + [ x * y ] / 2\nSubject To\n c1: x + y >= 1\nEnd\n", 2, "quadratic term"},
		{"quad-row.lp", "Minimize\n obj: x\nSubject To\n c1: x + [ x ^ 2 ] >= 1\nEnd\n", 4, "quadratic term"},
		{"quad-split.lp", "Minimize\n obj: x +\n [\n x ^ 2 ] / 2\nSubject To\n c1: x >= 1\nEnd\n", 3, "quadratic term"},
		{"nan-obj.lp", "Minimize\n obj: nan x + y\nSubject To\n c1: x + y >= 1\nEnd\n", 2, `"nan" is not a number`},
		{"nan-row.lp", "Minimize\n obj: x + y\nSubject To\n c1: NaN x + y >= 1\nEnd\n", 4, `"nan" is not a number`},
		{"nan-rhs.lp", "Minimize\n obj: x + y\nSubject To\n c1: x + y >= -nan\nEnd\n", 4, `"-nan" is not a number`},
		{"nan-bound.lp", "Minimize\n obj: x\nSubject To\n c1: x >= 1\nBounds\n x <= nan\nEnd\n", 6, `"nan" is not a number`},
		{"inf-coef.lp", "Minimize\n obj: inf x + y\nSubject To\n c1: x + y >= 1\nEnd\n", 2, "infinite or overflowing coefficient"},
		{"inf-row.lp", "Minimize\n obj: x\nSubject To\n c1: x - Infinity y <= 1\nEnd\n", 4, "infinite or overflowing coefficient"},
		{"inf-objconst.lp", "Minimize\n obj: x + inf\nSubject To\n c1: x >= 1\nEnd\n", 2, "infinite or overflowing coefficient"},
		{"overflow.lp", "Minimize\n obj: 1e400 x\nSubject To\n c1: x >= 1\nEnd\n", 2, "infinite or overflowing coefficient"},
		{"overflow-exp.lp", "Minimize\n obj: x\nSubject To\n c1: x - 2e+999 y >= 1\nEnd\n", 4, "infinite or overflowing coefficient"},
		{"sos.lp", "Minimize\n obj: x + y\nSubject To\n c1: x + y >= 1\nSOS\n s1: S1:: x:1 y:2\nEnd\n", 5, "SOS constraints"},
		{"semi.lp", "Minimize\n obj: x\nSubject To\n c1: x >= 1\nSemi-Continuous\n x\nEnd\n", 5, "semi-continuous"},
		{"quadobj.mps", mpsHead + " x obj 1 c1 1\nRHS\n RHS c1 1\nQUADOBJ\n x x 1\nENDATA\n", 9, "QUADOBJ section: quadratic objective terms"},
		{"qmatrix.mps", mpsHead + " x obj 1 c1 1\nQMATRIX\n x x 1\nENDATA\n", 7, "quadratic objective terms"},
		{"qcmatrix.mps", mpsHead + " x obj 1 c1 1\nQCMATRIX c1\n x x 1\nENDATA\n", 7, "quadratic constraints"},
		{"nan-col.mps", mpsHead + " x obj nan c1 1\nENDATA\n", 6, `"nan" is not a number`},
		{"inf-col.mps", mpsHead + " x obj 1 c1 -Inf\nENDATA\n", 6, `"-Inf" is infinite`},
		{"overflow-col.mps", mpsHead + " x obj 1e999 c1 1\nENDATA\n", 6, `"1e999" is infinite`},
		{"inf-rhs.mps", mpsHead + " x obj 1 c1 1\nRHS\n RHS c1 inf\nENDATA\n", 8, `"inf" is infinite`},
		{"nan-bound.mps", mpsHead + " x obj 1 c1 1\nBOUNDS\n UP BND x NaN\nENDATA\n", 8, `"NaN" is not a number`},
	})
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
		{"signs.lp", "Minimize\n obj: -2 x + 1.5e-3 y - 3E+2 z\nSubject To\n c1: x + y >= -1e-2\n c2: -inf <= x + z <= 4\nBounds\n -inf <= x <= +inf\n y >= -Infinity\n z free\nEnd\n", "lp"},
		{"free-row.lp", "Minimize\n obj: x\nSubject To\n c1: x <= +Infinity\n c2: x >= 1\nEnd\n", "lp"},
		{"names.lp", "Minimize\n obj: nanx + infy + e1\nSubject To\n c1: nanx + infy + e1 >= 1\nEnd\n", "lp"},
		{"inf-bound.mps", "NAME t\nROWS\n N obj\n G c1\nCOLUMNS\n x obj 1 c1 1\nRHS\n RHS c1 2\nBOUNDS\n UP BND x Infinity\n LO BND x -inf\nENDATA\n", "mps"},
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
