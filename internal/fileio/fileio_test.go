package fileio

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/mrsched/mrsched/internal/testenv"
)

// as is an endless stream of 'a' bytes: valid text that never ends.
type as struct{}

func (as) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

func TestLimit(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.csv")
	if err := os.WriteFile(big, bytes.Repeat([]byte("x"), 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	// A regular file over the limit is refused before reading, with its size.
	_, err := ReadFile(big, 999)
	var le *LimitError
	if !errors.As(err, &le) || le.Size != 1000 || le.Read != 0 || !errors.Is(err, ErrTooLarge) {
		t.Fatalf("ReadFile(999) = %v, want a LimitError with Size 1000", err)
	}
	if !strings.Contains(err.Error(), "big.csv") || !strings.Contains(err.Error(), "1000 bytes") {
		t.Errorf("message %q does not name the file and its size", err)
	}
	// Exactly the limit is fine.
	if b, err := ReadFile(big, 1000); err != nil || len(b) != 1000 {
		t.Fatalf("ReadFile(1000) = %d bytes, %v", len(b), err)
	}
	// An endless stream stops at the limit with the number of bytes read.
	_, err = ReadAll(as{}, "stdin", 4096)
	if !errors.As(err, &le) || le.Read != 4096 || le.Size != -1 {
		t.Fatalf("ReadAll(endless) = %v, want a LimitError after 4096 bytes", err)
	}
	// A stream shorter than the limit reads whole.
	if b, err := ReadAll(strings.NewReader("abc"), "s", 3); err != nil || string(b) != "abc" {
		t.Fatalf("ReadAll(abc, 3) = %q, %v", b, err)
	}
	// Open then Read one byte at a time still stops at the limit.
	f, err := Open(big, 2000)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if b, err := io.ReadAll(iotest.OneByteReader(f)); err != nil || len(b) != 1000 || f.N() != 1000 {
		t.Fatalf("Open+ReadAll = %d bytes, %v", len(b), err)
	}
	// A directory is refused.
	if _, err := ReadFile(dir, 0); err == nil {
		t.Fatal("ReadFile(directory) succeeded")
	}
}

func TestDevZero(t *testing.T) {
	// The device the issue was found with: text reading stops at byte 0.
	if _, err := os.Stat("/dev/zero"); err != nil {
		testenv.Missing(t, "/dev/zero", "run the tests on Linux or another Unix system", err)
	}
	_, err := ReadTextFile("/dev/zero", 0)
	var pe *ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ErrNotText) || pe.Line != 1 {
		t.Fatalf("ReadTextFile(/dev/zero) = %v, want ErrNotText at line 1", err)
	}
	// Raw reading stops at the limit.
	_, err = ReadFile("/dev/zero", 1<<16)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("ReadFile(/dev/zero) = %v, want ErrTooLarge", err)
	}
}

func TestLimitSetting(t *testing.T) {
	t.Setenv(LimitEnv, "")
	if n, err := Limit(); err != nil || n != DefaultMaxBytes {
		t.Fatalf("Limit() = %d, %v, want the default", n, err)
	}
	t.Setenv(LimitEnv, "2MiB")
	if n, err := Limit(); err != nil || n != 2<<20 {
		t.Fatalf("Limit() with 2MiB = %d, %v", n, err)
	}
	SetLimit(10)
	if n, _ := Limit(); n != 10 {
		t.Fatalf("SetLimit(10): Limit() = %d", n)
	}
	SetLimit(0)
	t.Setenv(LimitEnv, "lots")
	if _, err := Limit(); !errors.Is(err, ErrLimit) {
		t.Fatalf("Limit() with a bad env = %v, want ErrLimit", err)
	}
	if _, err := ReadFile("/nonexistent", 0); !errors.Is(err, ErrLimit) {
		t.Fatalf("ReadFile with a bad env = %v, want ErrLimit", err)
	}
	for _, c := range []struct {
		in   string
		want int64
	}{{"1", 1}, {"1K", 1000}, {"1kib", 1024}, {"3 MiB", 3 << 20}, {"2G", 2e9}, {"5b", 5}} {
		if n, err := ParseSize(c.in); err != nil || n != c.want {
			t.Errorf("ParseSize(%q) = %d, %v, want %d", c.in, n, err, c.want)
		}
	}
	for _, bad := range []string{"", "0", "-1", "1.5M", "0x10", "1_000", "9999999999G", "M"} {
		if _, err := ParseSize(bad); err == nil {
			t.Errorf("ParseSize(%q) succeeded", bad)
		}
	}
}

func TestText(t *testing.T) {
	cases := []struct {
		name, in, want string
		line           int // of the error; 0: no error
	}{
		{"plain", "a,b\n1,2\n", "a,b\n1,2\n", 0},
		{"bom stripped", "\ufeff# kind: tandem\n", "# kind: tandem\n", 0},
		{"only bom", "\ufeff", "", 0},
		{"bom later kept", "a\n\ufeffb", "a\n\ufeffb", 0},
		{"two boms: the second is text", "\ufeff\ufeffx", "\ufeffx", 0},
		{"utf8", "é,日本\n", "é,日本\n", 0},
		{"nul", "ab\nc\x00d", "", 2},
		{"invalid", "ab\n\n\xffx", "", 3},
		{"truncated rune", "ab\xe6\x97", "", 1},
		{"partial bom", "\xef\xbb", "", 1},
		{"surrogate", "\xed\xa0\x80", "", 1},
	}
	for _, c := range cases {
		for _, one := range []bool{false, true} {
			var r io.Reader = strings.NewReader(c.in)
			if one {
				r = iotest.OneByteReader(r)
			}
			got, err := io.ReadAll(NewTextReader(r, "f.txt"))
			if c.line == 0 {
				if err != nil || string(got) != c.want {
					t.Errorf("%s (one byte %v): got %q, %v; want %q", c.name, one, got, err, c.want)
				}
				continue
			}
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrNotText) || pe.Line != c.line || pe.File != "f.txt" {
				t.Errorf("%s (one byte %v): err %v, want ErrNotText at f.txt:%d", c.name, one, err, c.line)
			}
		}
	}
}

func TestParseFloat(t *testing.T) {
	good := map[string]float64{
		"0": 0, "12": 12, "-0.5": -0.5, "+3": 3, ".5": 0.5, "5.": 5, "1e-3": 1e-3, "1E+2": 100,
		"1.7976931348623157e308": math.MaxFloat64, "2.2250738585072014e-308": 0x1p-1022, "0e-400": 0, "-0.000e5": 0, "007": 7,
	}
	for s, want := range good {
		if v, err := ParseFloat(s); err != nil || v != want {
			t.Errorf("ParseFloat(%q) = %v, %v, want %v", s, v, err, want)
		}
	}
	// Non-zero numbers below the smallest normal float64 2^-1022 ≈
	// 2.2250738585072014e-308 (IEEE 754) are subnormal or round to 0.
	for _, s := range []string{"4.9e-324", "1e-309", "-2.2e-308", "1e-400", "0.0001e-305"} {
		var ne *NumberError
		if _, err := ParseFloat(s); !errors.As(err, &ne) || !strings.Contains(err.Error(), "smallest normal") {
			t.Errorf("ParseFloat(%q) = %v, want the below-normal NumberError", s, err)
		}
		if _, err := JSONNumber([]byte(s)); !errors.As(err, &ne) || !strings.Contains(err.Error(), "smallest normal") {
			t.Errorf("JSONNumber(%q) = %v, want the below-normal NumberError", s, err)
		}
	}
	// Each of these is accepted by strconv.ParseFloat (Go syntax, inf, nan)
	// or is no number at all.
	for _, s := range []string{"", " 1", "1 ", "1_000", "0x1p-2", "0x10", "inf", "+Inf", "NaN", "infinity",
		"1e400", "-1e400", "1e", "e5", ".", "-", "1.2.3", "1e+", "١", "1,5", "0b1", "0o7"} {
		if v, err := ParseFloat(s); err == nil || !errors.Is(err, ErrNumber) {
			t.Errorf("ParseFloat(%q) = %v, %v, want ErrNumber", s, v, err)
		}
	}
	if v, err := ParseFloatNonFinite("-Inf"); err != nil || !math.IsInf(v, -1) {
		t.Errorf("ParseFloatNonFinite(-Inf) = %v, %v", v, err)
	}
	if v, err := ParseFloatNonFinite("nan"); err != nil || !math.IsNaN(v) {
		t.Errorf("ParseFloatNonFinite(nan) = %v, %v", v, err)
	}
	if _, err := ParseFloatNonFinite("0x1p-2"); err == nil {
		t.Error("ParseFloatNonFinite(0x1p-2) succeeded")
	}
	for s, want := range map[string]int64{"0": 0, "-3": -3, "+12": 12, "9223372036854775807": math.MaxInt64} {
		if v, err := ParseInt(s); err != nil || v != want {
			t.Errorf("ParseInt(%q) = %v, %v", s, v, err)
		}
	}
	for _, s := range []string{"", "+", "1_000", "0x10", "1e3", "2.5", "9223372036854775808", " 1"} {
		if _, err := ParseInt(s); !errors.Is(err, ErrNumber) {
			t.Errorf("ParseInt(%q) = %v, want ErrNumber", s, err)
		}
	}
	e := &NumberError{Field: "map", Text: "1_000", Why: whyDecimal}
	if !strings.Contains(e.Error(), "map") || !strings.Contains(e.Error(), `"1_000"`) {
		t.Errorf("NumberError message %q does not name field and text", e)
	}
}

func TestCheckID(t *testing.T) {
	for _, ok := range []string{"J1", "job é", "日本", strings.Repeat("a", MaxIDBytes)} {
		if err := CheckID(ok); err != nil {
			t.Errorf("CheckID(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"", "a\x00b", "a\xffb", "\ufeffJ1", "a\tb", "a\nb", "\x7f", "\u0085", strings.Repeat("a", MaxIDBytes+1)} {
		if err := CheckID(bad); !errors.Is(err, ErrID) {
			t.Errorf("CheckID(%q) = %v, want ErrID", bad, err)
		}
	}
}

func TestDecodeObject(t *testing.T) {
	data := []byte("{\n  \"a\": 1,\n  \"b\": [2, 3]\n}\n")
	o, err := DecodeObject(data, 0)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(o.Keys, ",") != "a,b" || string(o.Fields["b"]) != "[2, 3]" {
		t.Fatalf("DecodeObject = %v %q", o.Keys, o.Fields["b"])
	}
	if got := LineOf(data, o.Offset("b")); got != 3 {
		t.Errorf("line of b = %d, want 3", got)
	}
	if u := o.Unknown("a"); len(u) != 1 || u[0] != "b" {
		t.Errorf("Unknown(a) = %v", u)
	}
	for in, wantLine := range map[string]int{
		"{\"a\": 1,\n\"a\": 2}":  2, // duplicate key
		"{\"a\": 1}\n{\"b\": 2}": 2, // trailing data
		"null":                   1,
		"[1]":                    1,
		"{\"a\": 1,\n\n}":        3, // syntax
		"":                       0,
		"{\"a\": ":               0,
	} {
		_, err := DecodeObject([]byte(in), 0)
		if !errors.Is(err, ErrJSON) {
			t.Errorf("DecodeObject(%q) = %v, want ErrJSON", in, err)
			continue
		}
		pe := ErrorAt("f.json", []byte(in), "", err).(*ParseError)
		if pe.Line != wantLine {
			t.Errorf("DecodeObject(%q): line %d, want %d (%v)", in, pe.Line, wantLine, pe)
		}
	}
	if _, err := DecodeMetadata([]byte(`{"x": {"k": 1, "k": 2}}`)); !errors.Is(err, ErrJSON) {
		t.Errorf("nested duplicate key: %v", err)
	}
	md, err := DecodeMetadata([]byte(`{"n": 123456789012345678901234567890, "l": [{"a": 1}, {"a": 2}]}`))
	if err != nil || md["n"].(json.Number).String() != "123456789012345678901234567890" {
		t.Errorf("DecodeMetadata = %v, %v", md, err)
	}
	for _, bad := range []string{"null", "[]", "{} {}", "1"} {
		if _, err := DecodeMetadata([]byte(bad)); err == nil {
			t.Errorf("DecodeMetadata(%q) succeeded", bad)
		}
	}
}

func TestJSONNumber(t *testing.T) {
	for s, want := range map[string]float64{"1": 1, "-0.5": -0.5, " 1e3 ": 1000, "0e-400": 0} {
		if v, err := JSONNumber([]byte(s)); err != nil || v != want {
			t.Errorf("JSONNumber(%q) = %v, %v", s, v, err)
		}
	}
	for _, s := range []string{`"1"`, "null", "true", "1e400", "+1", "0x10", "01", "NaN", "", "1 2"} {
		if _, err := JSONNumber([]byte(s)); !errors.Is(err, ErrNumber) {
			t.Errorf("JSONNumber(%q) = %v, want ErrNumber", s, err)
		}
	}
	if v, err := JSONInt([]byte("42")); err != nil || v != 42 {
		t.Errorf("JSONInt(42) = %v, %v", v, err)
	}
	for _, s := range []string{"2.5", "1e3", `"3"`, "+3", "null"} {
		if _, err := JSONInt([]byte(s)); err == nil {
			t.Errorf("JSONInt(%q) succeeded", s)
		}
	}
}

func noTemp(t *testing.T, dir string) {
	t.Helper()
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.json")
	if err := WriteFileAtomic(p, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(p, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Fatalf("content %q", b)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old 0600 kept", st.Mode().Perm())
	}

	// A directory as destination: refused, nothing left behind (before, the
	// rename failed and .DIR.tmpNNN stayed).
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(sub, []byte("x")); err == nil || !strings.Contains(err.Error(), "write "+sub) {
		t.Errorf("write to a directory: %v", err)
	}
	noTemp(t, dir)

	// A failing writer leaves nothing and keeps the old file.
	boom := errors.New("boom")
	if err := WriteAtomic(p, func(w io.Writer) error { w.Write([]byte("partial")); return boom }); !errors.Is(err, boom) {
		t.Errorf("WriteAtomic failing = %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Errorf("old file changed to %q", b)
	}
	noTemp(t, dir)

	// A missing directory: the error names the path asked for.
	if err := WriteFileAtomic(filepath.Join(dir, "no", "x.json"), nil); err == nil || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("missing dir: %v", err)
	}

	// Symbolic links are written through; the link stays a link.
	target := filepath.Join(dir, "target.json")
	link := filepath.Join(dir, "link.json")
	os.WriteFile(target, []byte("old"), 0o644)
	if err := os.Symlink("target.json", link); err != nil {
		testenv.Missing(t, "symbolic links", "run the tests on a filesystem with symbolic links", err)
	}
	if err := WriteFileAtomic(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if li, _ := os.Lstat(link); li.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced by a regular file")
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q, want new", b)
	}
	// A dangling link is refused.
	dang := filepath.Join(dir, "dangling.json")
	os.Symlink("missing.json", dang)
	if err := WriteFileAtomic(dang, []byte("x")); !errors.Is(err, ErrOverwrite) {
		t.Errorf("dangling link: %v", err)
	}
	noTemp(t, dir)

	// Protect: the input itself, another spelling, a link and a hard link.
	in := filepath.Join(dir, "same.json")
	os.WriteFile(in, []byte("input"), 0o644)
	hard := filepath.Join(dir, "hard.json")
	os.Link(in, hard)
	sym := filepath.Join(dir, "sym.json")
	os.Symlink("same.json", sym)
	for _, dst := range []string{in, filepath.Join(dir, ".", "same.json"), hard, sym} {
		if err := WriteFileAtomic(dst, []byte("out"), Protect("/nonexistent", in)); !errors.Is(err, ErrOverwrite) {
			t.Errorf("Protect: write to %s = %v, want ErrOverwrite", dst, err)
		}
	}
	if b, _ := os.ReadFile(in); string(b) != "input" {
		t.Errorf("input overwritten with %q", b)
	}
	if err := WriteFileAtomic(filepath.Join(dir, "other.json"), []byte("out"), Protect(in)); err != nil {
		t.Errorf("Protect: other file: %v", err)
	}
	noTemp(t, dir)
}

func TestParseErrorFormat(t *testing.T) {
	for _, c := range []struct {
		e    ParseError
		want string
	}{
		{ParseError{File: "a.csv", Line: 3, Path: "field map", Err: errors.New("bad")}, "a.csv:3: field map: bad"},
		{ParseError{File: "a.json", Path: "jobs[0].id", Err: errors.New("bad")}, "a.json: jobs[0].id: bad"},
		{ParseError{File: "a", Line: 1, Err: errors.New("bad")}, "a:1: bad"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

var decimalRE = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

func FuzzParseFloat(f *testing.F) {
	for _, s := range []string{"1", "-0.5", "1e3", "1_000", "0x1p-2", "inf", "nan", "1e400", ".5", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseFloat(s)
		if err != nil {
			if !errors.Is(err, ErrNumber) {
				t.Fatalf("error %v does not wrap ErrNumber", err)
			}
			return
		}
		if !decimalRE.MatchString(s) || math.IsInf(v, 0) || math.IsNaN(v) {
			t.Fatalf("ParseFloat accepted %q = %v", s, v)
		}
		if w, _ := strconv.ParseFloat(s, 64); w != v {
			t.Fatalf("ParseFloat(%q) = %v, strconv says %v", s, v, w)
		}
	})
}

func FuzzTextReader(f *testing.F) {
	for _, s := range []string{"a,b\n1,2\n", "\ufeffx", "a\x00", "\xff", "é\n日本", "\xef\xbb"} {
		f.Add([]byte(s), uint8(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, chunk uint8) {
		var r io.Reader = bytes.NewReader(data)
		if chunk%3 == 1 {
			r = iotest.OneByteReader(r)
		} else if chunk%3 == 2 {
			r = iotest.HalfReader(r)
		}
		got, err := io.ReadAll(NewTextReader(r, "f"))
		body := bytes.TrimPrefix(data, []byte(BOM))
		valid := utf8.Valid(body) && bytes.IndexByte(body, 0) < 0
		if valid != (err == nil) {
			t.Fatalf("valid %v but err %v", valid, err)
		}
		if valid && !bytes.Equal(got, body) {
			t.Fatalf("got %q, want %q", got, body)
		}
		if !valid && !bytes.HasPrefix(body, got) {
			t.Fatalf("returned %q, not a prefix of the input", got)
		}
	})
}

func FuzzDecodeObject(f *testing.F) {
	for _, s := range []string{`{"a": 1}`, `{"a": {"b": [1, {"c": 2}]}}`, `{"a":1,"a":2}`, `null`, `{} x`,
		`{"k\"e\u0079": [1, "x]", {"y": "}"}, true, null, -1.5e3], "b" : "\\"}`, ` { "jobs" : [ { "id" : "a" } , 2 ] } `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := DecodeObject(data, 0)
		if err == nil {
			if !json.Valid(data) {
				t.Fatalf("accepted invalid JSON %q", data)
			}
			if len(o.Keys) != len(o.Fields) {
				t.Fatalf("keys %v, fields %d", o.Keys, len(o.Fields))
			}
			// The zero-copy splitter agrees with encoding/json.
			var m map[string]json.RawMessage
			if err := json.Unmarshal(data, &m); err != nil || len(m) != len(o.Fields) {
				t.Fatalf("encoding/json: %v, %d keys; splitter %d", err, len(m), len(o.Fields))
			}
			for k, v := range m {
				if !bytes.Equal(v, o.Fields[k]) {
					t.Fatalf("key %q: encoding/json %q, splitter %q", k, v, o.Fields[k])
				}
			}
			for k, v := range o.Fields {
				if len(v) > 0 && v[0] == '[' {
					vals, offs := splitArray(v)
					var a []json.RawMessage
					if err := json.Unmarshal(v, &a); err != nil || len(a) != len(vals) {
						t.Fatalf("key %q array: encoding/json %d elements (%v), splitter %d", k, len(a), err, len(vals))
					}
					for i := range a {
						if !bytes.Equal(a[i], vals[i]) || !bytes.Equal(v[offs[i]:offs[i]+int64(len(vals[i]))], vals[i]) {
							t.Fatalf("key %q element %d: %q vs %q", k, i, a[i], vals[i])
						}
					}
				}
			}
		}
		_, _ = DecodeMetadata(data)
		_ = CheckDuplicates(data)
	})
}

func TestFind(t *testing.T) {
	data := []byte("{\n\"jobs\": [\n {\"id\": 1},\n {\"id\": 2,\n  \"sla\": [{\"d\": 1},\n   {\"d\": 2}]}\n]}\n")
	d := &Doc{Name: "f.json", Data: data, Invalid: errors.New("x"), Syntax: errors.New("y")}
	for path, line := range map[string]int{"": 1, "jobs": 2, "jobs[0]": 3, "jobs[1].sla[1].d": 6, "jobs[1].sla[1]": 6, "jobs[1].nope": 4, "jobs[7]": 2, "jobs[x]": 2} {
		if got := d.AtPath(path).Line(); got != line {
			t.Errorf("Find(%q): line %d, want %d", path, got, line)
		}
	}
}

// The splitters stop on input that is not valid JSON (they are only given
// validated input, but must never loop).
func FuzzSplitters(f *testing.F) {
	for _, s := range []string{`[1, 2]`, `{"a": 1}`, `[1,}`, `{"a" 1}`, `{,}`, `[`, `{"a":`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = splitArray(data)
		_, _ = splitObject(data, 0)
	})
}

// TestOpenShrunkFile: a regular file truncated after Open ends with
// ErrChanged, not a clean EOF at the bytes read so far (the size at open,
// 12 bytes, against the 5 left).
func TestOpenShrunkFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "jobs.csv")
	if err := os.WriteFile(path, []byte("id,map\nJ1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := os.Truncate(path, 5); err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(f); !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), "read 5 of its 12 bytes") {
		t.Errorf("read of a shrunk file: %v, want ErrChanged after 5 of 12 bytes", err)
	}
	// The same file read whole is fine.
	if b, err := ReadFile(path, 0); err != nil || string(b) != "id,ma" {
		t.Errorf("ReadFile = %q, %v", b, err)
	}
}

// WriteMetadata writes nothing for nil metadata and otherwise one line
// with the keys sorted and nested objects indented under the line's two
// spaces (the layout, by hand, of json.MarshalIndent with prefix and indent
// "  "); a value JSON cannot hold is an error naming the package.
func TestWriteMetadata(t *testing.T) {
	for _, c := range []struct {
		name string
		md   map[string]any
		want string
	}{
		{"nil", nil, ""},
		{"sorted", map[string]any{"b": 1, "a": "x"}, "  \"metadata\": {\n    \"a\": \"x\",\n    \"b\": 1\n  },\n"},
		{"nested", map[string]any{"s": map[string]any{"k": []int{1}}}, "  \"metadata\": {\n    \"s\": {\n      \"k\": [\n        1\n      ]\n    }\n  },\n"},
	} {
		var b bytes.Buffer
		if err := WriteMetadata(&b, c.md, "pkg"); err != nil || b.String() != c.want {
			t.Errorf("%s: %q, %v; want %q", c.name, b.String(), err, c.want)
		}
	}
	var b bytes.Buffer
	err := WriteMetadata(&b, map[string]any{"x": math.NaN()}, "pkg")
	if err == nil || !strings.HasPrefix(err.Error(), "pkg: metadata: ") {
		t.Errorf("NaN metadata: %v, want an error starting %q", err, "pkg: metadata: ")
	}
}
