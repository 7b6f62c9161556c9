package sweep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// testSweep has n cells whose result is a small object derived from the
// index only (so the expected output is known without running anything).
func testSweep(n int, calls *atomic.Int64) Sweep {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = "k" + strconv.Itoa(i)
	}
	return Sweep{
		Kind:   "test",
		Config: map[string]any{"n": n, "name": "squares"},
		Keys:   keys,
		Compute: func(ctx context.Context, c int) (any, error) {
			if calls != nil {
				calls.Add(1)
			}
			return map[string]any{"square": c * c, "third": float64(c) / 3}, nil
		},
	}
}

func setBytes(t *testing.T, s *Set) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := s.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestParse(t *testing.T) {
	good := map[string]Spec{"": {1, 1}, "1/1": {1, 1}, "3/8": {3, 8}, " 2 / 4 ": {2, 4}}
	for s, want := range good {
		got, err := Parse(s)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"0/4", "5/4", "1/0", "a/b", "3", "-1/2", "1/2/3"} {
		if _, err := Parse(s); !errors.Is(err, ErrSpec) {
			t.Errorf("Parse(%q): error %v, want ErrSpec", s, err)
		}
	}
}

func TestOwnsPartition(t *testing.T) {
	// Every cell is owned by exactly one shard of N (round robin).
	for n := 1; n <= 6; n++ {
		for c := 0; c < 40; c++ {
			owners := 0
			for i := 1; i <= n; i++ {
				if (Spec{i, n}).Owns(c) {
					owners++
					if c%n != i-1 {
						t.Fatalf("cell %d owned by %d/%d", c, i, n)
					}
				}
			}
			if owners != 1 {
				t.Fatalf("cell %d has %d owners among %d shards", c, owners, n)
			}
		}
	}
}

func TestWorkersDoNotChangeOutput(t *testing.T) {
	var want []byte
	for w := 1; w <= 5; w++ {
		set, err := Run(context.Background(), testSweep(23, nil), Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		got := setBytes(t, set)
		if w == 1 {
			want = got
			// Hand-written expectation for the first lines (index-derived results).
			if !bytes.HasPrefix(got, []byte(`{"format":"mrsched-cells/1","kind":"test","config":{"n":23,"name":"squares"},"cells":23,"shard":"1/1"}`+"\n"+
				`{"cell":0,"key":"k0","result":{"square":0,"third":0}}`+"\n"+
				`{"cell":1,"key":"k1","result":{"square":1,"third":0.3333333333333333}}`+"\n")) {
				t.Fatalf("unexpected output:\n%s", got)
			}
			continue
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("workers=%d changed the output", w)
		}
	}
}

func TestMergeEqualsUnsharded(t *testing.T) {
	dir := t.TempDir()
	whole, err := Run(context.Background(), testSweep(17, nil), Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := setBytes(t, whole)
	for n := 1; n <= 5; n++ {
		var sets []*Set
		var names []string
		// Shards in reverse order, through files: order of arguments must not matter.
		for i := n; i >= 1; i-- {
			path := filepath.Join(dir, fmt.Sprintf("s%d-%d.jsonl", i, n))
			if _, err := Run(context.Background(), testSweep(17, nil), Options{Shard: Spec{i, n}, Workers: 3, Path: path}); err != nil {
				t.Fatal(err)
			}
			s, err := ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			sets = append(sets, s)
			names = append(names, path)
		}
		m, err := Merge(sets, names)
		if err != nil {
			t.Fatal(err)
		}
		if got := setBytes(t, m); !bytes.Equal(got, want) {
			t.Fatalf("%d shards: merged output differs:\n%s\nwant\n%s", n, got, want)
		}
	}
}

func TestKillAndResume(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cells.jsonl")
	const n = 20
	ref, err := Run(context.Background(), testSweep(n, nil), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := setBytes(t, ref)

	// First run: "killed" after 7 cells were journaled.
	ctx, cancel := context.WithCancel(context.Background())
	var journaled atomic.Int64
	_, err = Run(ctx, testSweep(n, nil), Options{Workers: 2, Path: path, afterCell: func(int) {
		if journaled.Add(1) == 7 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: error %v", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("final file written by an interrupted run")
	}
	jdata, err := os.ReadFile(path + ".journal")
	if err != nil {
		t.Fatal(err)
	}
	doneBefore := bytes.Count(jdata, []byte("\n")) - 1 // minus header
	if doneBefore < 7 {
		t.Fatalf("journal holds %d cells, want ≥ 7", doneBefore)
	}
	// A kill in the middle of a write leaves a torn last line.
	f, _ := os.OpenFile(path+".journal", os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"cell":19,"key":"k19","resu`)
	f.Close()

	var calls atomic.Int64
	var firstProgress [2]int
	got, err := Run(context.Background(), testSweep(n, &calls), Options{Workers: 3, Path: path, Progress: func(d, tot int) {
		if firstProgress == [2]int{} {
			firstProgress = [2]int{d, tot}
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if int(calls.Load()) != n-doneBefore {
		t.Fatalf("resume computed %d cells, want %d (= %d − %d done)", calls.Load(), n-doneBefore, n, doneBefore)
	}
	if firstProgress != [2]int{doneBefore, n} {
		t.Fatalf("first progress %v, want [%d %d]", firstProgress, doneBefore, n)
	}
	if b := setBytes(t, got); !bytes.Equal(b, want) {
		t.Fatalf("resumed output differs")
	}
	file, _ := os.ReadFile(path)
	if !bytes.Equal(file, want) {
		t.Fatalf("file differs from the uninterrupted run")
	}
	if _, err := os.Stat(path + ".journal"); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("journal left behind after completion")
	}
	// Running again computes nothing.
	calls.Store(0)
	if _, err := Run(context.Background(), testSweep(n, &calls), Options{Path: path}); err != nil || calls.Load() != 0 {
		t.Fatalf("rerun of a finished sweep: %d calls, %v", calls.Load(), err)
	}
}

func TestJournalOfAnotherSweep(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	_, _ = Run(ctx, testSweep(10, nil), Options{Path: path, afterCell: func(int) { cancel() }})
	if _, err := os.Stat(path + ".journal"); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), testSweep(11, nil), Options{Path: path}); !errors.Is(err, ErrMismatch) {
		t.Fatalf("journal of a 10-cell sweep reused for 11 cells: %v", err)
	}
	if _, err := Run(context.Background(), testSweep(10, nil), Options{Path: path, Shard: Spec{2, 2}}); !errors.Is(err, ErrMismatch) {
		t.Fatalf("journal of shard 1/1 reused for 2/2: %v", err)
	}
}

func TestComputeErrorNamesCell(t *testing.T) {
	sw := testSweep(5, nil)
	sw.Compute = func(ctx context.Context, c int) (any, error) {
		if c == 3 {
			return nil, errors.New("boom")
		}
		return c, nil
	}
	_, err := Run(context.Background(), sw, Options{Workers: 2})
	if err == nil || !strings.Contains(err.Error(), "cell 3 (k3): boom") {
		t.Fatalf("error %v", err)
	}
}

func TestMergeErrors(t *testing.T) {
	mk := func(sp Spec, n int) *Set {
		s, err := Run(context.Background(), testSweep(n, nil), Options{Shard: sp})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if _, err := Merge([]*Set{mk(Spec{1, 3}, 9), mk(Spec{2, 3}, 9)}, nil); !errors.Is(err, ErrMissing) {
		t.Errorf("missing shard 3/3: %v", err)
	}
	if _, err := Merge([]*Set{mk(Spec{1, 2}, 9), mk(Spec{2, 2}, 8)}, nil); !errors.Is(err, ErrMismatch) {
		t.Errorf("different sweeps: %v", err)
	}
	a, b := mk(Spec{1, 1}, 4), mk(Spec{1, 1}, 4)
	b.Cells[2].Result = []byte(`{"square":5}`)
	if _, err := Merge([]*Set{a, b}, []string{"a", "b"}); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "cell 2 differs between a and b") {
		t.Errorf("conflicting duplicate: %v", err)
	}
	// Identical duplicates (a shard given twice) are fine.
	if _, err := Merge([]*Set{a, mk(Spec{1, 1}, 4)}, nil); err != nil {
		t.Errorf("identical duplicate: %v", err)
	}
}

func TestReadErrors(t *testing.T) {
	hdr := `{"format":"mrsched-cells/1","kind":"test","config":{},"cells":2,"shard":"1/1"}`
	cases := []struct{ in, want string }{
		{"", "x.jsonl: empty file"},
		{`{"format":"other","kind":"t","config":{},"cells":1,"shard":"1/1"}`, `x.jsonl:1: format: "other"`},
		{hdr + "\n" + `{"cell":2,"key":"a","result":1}`, "x.jsonl:2: cell: index 2 out of range [0, 2)"},
		{hdr + "\n" + `{"cell":0,"key":"a"}`, "x.jsonl:2: result: missing"},
		{hdr + "\n" + `{"cell":0,"key":"a","result":1,"extra":2}`, `x.jsonl:2: json: unknown field "extra"`},
		{strings.Replace(hdr, `"1/1"`, `"3/2"`, 1), "x.jsonl:1: shard:"},
	}
	for _, c := range cases {
		_, err := Read(strings.NewReader(c.in), "x.jsonl")
		if err == nil || !errors.Is(err, ErrFile) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Read(%q): %v, want …%s…", c.in, err, c.want)
		}
	}
}

func FuzzRead(f *testing.F) {
	s, _ := Run(context.Background(), testSweep(3, nil), Options{})
	var b bytes.Buffer
	_ = s.Write(&b)
	f.Add(b.String())
	f.Add(`{"format":"mrsched-cells/1","kind":"k","config":null,"cells":1,"shard":"1/1"}` + "\n")
	f.Fuzz(func(t *testing.T, in string) {
		set, err := Read(strings.NewReader(in), "fuzz.jsonl")
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := set.Write(&out); err != nil {
			t.Fatal(err)
		}
		back, err := Read(&out, "again.jsonl")
		if err != nil {
			t.Fatalf("round trip: %v\n%s", err, out.String())
		}
		if len(back.Cells) != len(set.Cells) {
			t.Fatal("round trip changed the cell count")
		}
	})
}

// TestResumeCutOffFile is a regression test: a cells file
// (or its journal) whose last line was cut off by a kill during the write
// is resumed, with a notice naming the file and line; a malformed line
// before the last is still an error naming its line.
func TestResumeCutOffFile(t *testing.T) {
	const n = 8
	ref, err := Run(context.Background(), testSweep(n, nil), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := setBytes(t, ref)
	lines := bytes.SplitAfter(want, []byte("\n")) // header, 8 cells, ""
	for _, tc := range []struct {
		name    string
		file    string // "" or "journal": which file holds the cut-off copy
		keep    int    // whole lines kept (header included)
		cut     int    // bytes of the next line kept
		noticeL int    // line the notice names
		calls   int    // cells computed again: n − (keep − 1)
	}{
		// keep 5 lines = header + cells 0…3; the 6th line (cell 4) is cut.
		{"cells file", "", 5, 17, 6, n - 4},
		{"journal", ".journal", 5, 17, 6, n - 4},
		// Only the header survives, the first cell line is cut after 1 byte.
		{"cells file, header only", "", 1, 1, 2, n},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "cells.jsonl")
			data := append(bytes.Join(lines[:tc.keep], nil), lines[tc.keep][:tc.cut]...)
			if err := os.WriteFile(path+tc.file, data, 0o644); err != nil {
				t.Fatal(err)
			}
			var calls atomic.Int64
			got, err := Run(context.Background(), testSweep(n, &calls), Options{Path: path})
			if err != nil {
				t.Fatalf("resume: %v", err)
			}
			if int(calls.Load()) != tc.calls {
				t.Errorf("computed %d cells, want %d", calls.Load(), tc.calls)
			}
			if b := setBytes(t, got); !bytes.Equal(b, want) {
				t.Errorf("resumed output differs from the uninterrupted run")
			}
			wantNotice := fmt.Sprintf("%s:%d: dropped a cut-off last line (%d bytes", path+tc.file, tc.noticeL, tc.cut)
			if len(got.Notices) != 1 || !strings.HasPrefix(got.Notices[0], wantNotice) {
				t.Errorf("notices %q, want one starting %q", got.Notices, wantNotice)
			}
			if file, _ := os.ReadFile(path); !bytes.Equal(file, want) {
				t.Errorf("file differs from the uninterrupted run")
			}
		})
	}
	t.Run("malformed middle line", func(t *testing.T) {
		for _, suffix := range []string{"", ".journal"} {
			path := filepath.Join(t.TempDir(), "cells.jsonl")
			bad := bytes.Join([][]byte{lines[0], lines[1], []byte("{\"cell\":1,\n"), lines[3]}, nil)
			if err := os.WriteFile(path+suffix, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Run(context.Background(), testSweep(n, nil), Options{Path: path})
			if !errors.Is(err, ErrFile) || !strings.Contains(err.Error(), path+suffix+":3:") {
				t.Errorf("%s: error %v, want ErrFile naming line 3", path+suffix, err)
			}
		}
	})
}
