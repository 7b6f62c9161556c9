package taillard

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
)

// The first six processing times of machine 1 of ta001 (seed 873654221),
// from Taillard (1993) and the widely distributed tai20_5.txt.
func TestGenerateTa001FirstRow(t *testing.T) {
	in, err := Generate(20, 5, 873654221)
	if err != nil {
		t.Fatal(err)
	}
	want := []int64{54, 83, 15, 71, 77, 36}
	for j, w := range want {
		if in.P[0][j] != w {
			t.Fatalf("P[0][%d] = %d, want %d (row %v)", j, in.P[0][j], w, in.P[0][:6])
		}
	}
}

// Lehmer's generator with a = 16807, m = 2^31 − 1 started at 1 gives
// 16807, 282475249, 1622650073 (Park and Miller, CACM 31(10), 1988, Table);
// after 10000 steps the state is 1043618065 (Park and Miller's check value).
func TestLehmerKnownValues(t *testing.T) {
	r, err := NewRand(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int64{16807, 282475249, 1622650073} {
		r.Next()
		if r.seed != w {
			t.Fatalf("state %d, want %d", r.seed, w)
		}
	}
	r, _ = NewRand(1)
	for k := 0; k < 10000; k++ {
		r.Next()
	}
	if r.seed != 1043618065 {
		t.Fatalf("state after 10000 steps %d, want 1043618065", r.seed)
	}
}

func TestGenerateErrors(t *testing.T) {
	for _, c := range []struct {
		n, m int
		seed int64
	}{{0, 5, 1}, {5, 0, 1}, {5, 5, 0}, {5, 5, 2147483647}, {5, 5, -3}} {
		if _, err := Generate(c.n, c.m, c.seed); !errors.Is(err, ErrInvalid) {
			t.Errorf("Generate(%d, %d, %d): err %v, want ErrInvalid", c.n, c.m, c.seed, err)
		}
	}
}

func TestRoundTripAndDeterminism(t *testing.T) {
	var list []*Instance
	for _, s := range Seeds20x5[:3] {
		in, err := Generate(20, 5, s)
		if err != nil {
			t.Fatal(err)
		}
		list = append(list, in)
	}
	var a, b bytes.Buffer
	if err := Write(&a, list...); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, list...); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two writes differ")
	}
	got, err := Read(bytes.NewReader(a.Bytes()), "x.fsp")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d instances, want 3", len(got))
	}
	for k := range got {
		if got[k].Seed != list[k].Seed || got[k].Jobs != 20 || got[k].Machines != 5 {
			t.Fatalf("instance %d header %+v", k, got[k])
		}
		for i := range list[k].P {
			for j := range list[k].P[i] {
				if got[k].P[i][j] != list[k].P[i][j] {
					t.Fatalf("instance %d P[%d][%d] = %d, want %d", k, i, j, got[k].P[i][j], list[k].P[i][j])
				}
			}
		}
	}
}

func TestReadBareLayout(t *testing.T) {
	got, err := Read(strings.NewReader("3 2\n1 2 3\n4 5\n6\n"), "bare.fsp")
	if err != nil {
		t.Fatal(err)
	}
	if got[0].P[1][2] != 6 || got[0].P[0][0] != 1 {
		t.Fatalf("got %v", got[0].P)
	}
	tan, err := got[0].ToTandem()
	if err != nil {
		t.Fatal(err)
	}
	if tan.Jobs[2].Map != 3 || tan.Jobs[2].Shuffle != 6 {
		t.Fatalf("tandem job 3 = %+v", tan.Jobs[2])
	}
}

func TestReadErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", "no instance"},
		{"3 2\n1 2 3\n4 5\n", "bare.fsp:3"},
		{"3 2\n1 2 x\n4 5 6\n", "bare.fsp:2"},
		{"3 2 7\n", "bare.fsp:1"},
		{"3 2\n1 2 3\n4 5 6 7\n", "bare.fsp:3"},
		{"number of jobs, ...\n 3 2 1 0\nprocessing times :\n", "bare.fsp:2"},
		{"number of jobs, ...\n 3 2 1 0 0\n1 2 3\n", "bare.fsp:3"},
		{"0 2\n", "out of range"},
		{"3 2\n1 -2 3\n4 5 6\n", "negative"},
		// import taillard /dev/urandom used to read without bound; NUL
		// and invalid UTF-8 now stop the read at their line.
		{"3 2\n1 2 3\n4 5\x006\n", "bare.fsp:3: taillard: malformed .fsp file: fileio: not a UTF-8 text file: NUL byte"},
		{"3 2\n\xff\xfe 2 3\n4 5 6\n", "bare.fsp:2: taillard: malformed .fsp file: fileio: not a UTF-8 text file: invalid UTF-8"},
		{"3 2\n1 2 3\n4 5 0x6\n", "bare.fsp:3"},
		{"3 2\n1 2 3\n4 5 6_0\n", "bare.fsp:3"},
		// 20 digits exceed int64 (max 9223372036854775807, 19 digits).
		{"3 2\n1 2 3\n4 5 12345678901234567890\n", `bare.fsp:3: taillard: malformed .fsp file: "12345678901234567890" is out of range`},
	} {
		_, err := Read(strings.NewReader(c.text), "bare.fsp")
		if err == nil || !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Read(%q): err %v, want ErrSyntax containing %q", c.text, err, c.want)
		}
	}
}

// A BOM before Taillard's header line is stripped (one BOM policy).
func TestReadBOM(t *testing.T) {
	list, err := Read(strings.NewReader("\ufeffnumber of jobs, ...\n 2 2 1 0 0\nprocessing times :\n1 2\n3 4\n"), "t.fsp")
	if err != nil || len(list) != 1 || list[0].P[1][1] != 4 {
		t.Fatalf("got %v, %v", list, err)
	}
}

func TestToTandemNeedsTwoMachines(t *testing.T) {
	in, _ := Generate(4, 1, 12345)
	if _, err := in.ToTandem(); !errors.Is(err, ErrInvalid) {
		t.Fatalf("err %v, want ErrInvalid", err)
	}
}

func FuzzRead(f *testing.F) {
	var b bytes.Buffer
	in, _ := Generate(5, 3, 873654221)
	_ = Write(&b, in)
	f.Add(b.String())
	f.Add("3 2\n1 2 3\n4 5 6\n")
	f.Add("number of jobs\n1 1 1 1 1\nprocessing times :\n7\n")
	f.Fuzz(func(t *testing.T, s string) {
		list, err := Read(strings.NewReader(s), "fuzz.fsp")
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("error %v does not wrap ErrSyntax", err)
			}
			return
		}
		var out bytes.Buffer
		if err := Write(&out, list...); err != nil {
			t.Fatal(err)
		}
		again, err := Read(&out, "again.fsp")
		if err != nil {
			t.Fatalf("re-reading written file: %v", err)
		}
		if len(again) != len(list) {
			t.Fatalf("%d instances after round trip, want %d", len(again), len(list))
		}
	})
}

func TestReadFileLimit(t *testing.T) {
	p := filepath.Join(t.TempDir(), "t.fsp")
	if err := os.WriteFile(p, []byte("2 2\n1 2\n3 4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if list, err := ReadFile(p); err != nil || len(list) != 1 {
		t.Fatalf("ReadFile = %v, %v", list, err)
	}
	fileio.SetLimit(4)
	defer fileio.SetLimit(0)
	if _, err := ReadFile(p); !errors.Is(err, fileio.ErrTooLarge) {
		t.Fatalf("over the limit: %v", err)
	}
}
