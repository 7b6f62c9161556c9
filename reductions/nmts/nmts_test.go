package nmts

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestSolveSmall(t *testing.T) {
	for _, c := range []struct {
		name string
		in   Instance
		yes  bool // hand-checked answer (reason in the comment)
	}{
		// 1+5 = 6 and 2+3 = 5.
		{"yes2", Instance{F: []int64{1, 2}, G: []int64{3, 5}, H: []int64{6, 5}}, true},
		// Every pair sum is 1+1 = 2 or 1+3 = 4, never 3.
		{"no2", Instance{F: []int64{1, 1}, G: []int64{1, 3}, H: []int64{3, 3}}, false},
		// q = 1: Definition 1's sum condition forces h = f + g.
		{"q1", Instance{F: []int64{4}, G: []int64{9}, H: []int64{13}}, true},
		// 3+6 = 9, 2+5 = 7, 1+4 = 5.
		{"yes3", Instance{F: []int64{1, 2, 3}, G: []int64{4, 5, 6}, H: []int64{9, 7, 5}}, true},
		// 10 exceeds the largest pair sum 3+6 = 9 (Σ = 21 still holds).
		{"no3", Instance{F: []int64{1, 2, 3}, G: []int64{4, 5, 6}, H: []int64{10, 6, 5}}, false},
		// Sum-preserving but parity-blocked: f, g all even except... f = {1,1,1},
		// g = {2,2,2}: every pair sums to 3, so h must be {3,3,3}; h = {2,3,4} fails.
		{"no3b", Instance{F: []int64{1, 1, 1}, G: []int64{2, 2, 2}, H: []int64{2, 3, 4}}, false},
	} {
		sol, ok, _, err := Solve(&c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if ok != c.yes {
			t.Errorf("%s: Solve says %v, want %v", c.name, ok, c.yes)
		}
		_, bok, err := BruteForce(&c.in)
		if err != nil {
			t.Fatal(err)
		}
		if bok != c.yes {
			t.Errorf("%s: BruteForce says %v, want %v", c.name, bok, c.yes)
		}
		if ok {
			if err := c.in.Check(sol); err != nil {
				t.Errorf("%s: solver certificate: %v", c.name, err)
			}
		}
	}
}

// TestSolveAgainstBruteForce: the backtracking solver agrees with the
// independent q!² enumeration on random instances (planted yes, perturbed,
// and arbitrary sum-preserving ones that are mostly "no").
func TestSolveAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	yes, no := 0, 0
	for trial := range 600 {
		q := 1 + trial%5
		spec := Spec{Q: q, MaxF: 1 + rng.Int64N(6), MaxG: 1 + rng.Int64N(8)}
		in, planted, err := spec.YesInstance(rng)
		if err != nil {
			t.Fatal(err)
		}
		if err := in.Check(planted); err != nil {
			t.Fatalf("planted solution invalid: %v", err)
		}
		if trial%3 != 0 && q >= 2 { // perturb without asking the solver
			a, b := rng.IntN(q), rng.IntN(q)
			if a != b && in.H[b] > 1 {
				d := 1 + rng.Int64N(in.H[b]-1)
				in.H[a] += d
				in.H[b] -= d
			}
		}
		sol, ok, _, err := Solve(in)
		if err != nil {
			t.Fatal(err)
		}
		_, bok, err := BruteForce(in)
		if err != nil {
			t.Fatal(err)
		}
		if ok != bok {
			t.Fatalf("trial %d: %+v: Solve %v, BruteForce %v", trial, in, ok, bok)
		}
		if ok {
			yes++
			if err := in.Check(sol); err != nil {
				t.Fatalf("trial %d: %v", trial, err)
			}
		} else {
			no++
		}
	}
	if yes < 100 || no < 100 {
		t.Errorf("unbalanced oracle test: %d yes, %d no", yes, no)
	}
}

func TestNoInstance(t *testing.T) {
	for q := 2; q <= 6; q++ {
		in, err := Spec{Q: q, MaxF: 20, MaxG: 20}.NoInstance(rand.NewPCG(uint64(q), 7))
		if err != nil {
			t.Fatal(err)
		}
		if err := in.Validate(); err != nil {
			t.Fatal(err)
		}
		if q <= 5 { // independent confirmation
			if _, ok, _ := BruteForce(in); ok {
				t.Errorf("q=%d: brute force finds a solution of the no-instance %+v", q, in)
			}
		}
	}
	if _, err := (Spec{Q: 1, MaxF: 3, MaxG: 3}).NoInstance(rand.NewPCG(1, 1)); !errors.Is(err, ErrInvalid) {
		t.Errorf("q=1 no-instance: err = %v, want ErrInvalid", err)
	}
}

func TestDeterministic(t *testing.T) {
	gen := func() string {
		in, _, err := Spec{Q: 4, MaxF: 9, MaxG: 50}.YesInstance(rand.NewPCG(42, 1))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, in); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if a, b := gen(), gen(); a != b {
		t.Errorf("same seed, different output:\n%s\n%s", a, b)
	}
}

func TestReadErrors(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{`{"kind":"nmts","f":[1],"g":[2],"h":[3]}`, ""},
		{`{"kind":"nmts","f":[1,2],"g":[2],"h":[3]}`, "x.json:1: g: "},
		{`{"kind":"nmts","f":[1.5],"g":[2],"h":[3]}`, "x.json:1: f[0]: nmts: invalid instance: 1.5 is not an integer"},
		{`{"kind":"nmts","f":[0],"g":[2],"h":[2]}`, "f[0]: nmts: invalid instance: 0 is not a positive integer"},
		{`{"kind":"nmts","f":[1],"g":[2],"h":[4]}`, "x.json:1: h: nmts: invalid instance: Σh = 4 but Σf + Σg = 3"},
		{`{"kind":"nmts","f":[1],"g":[2],"h":[3],"x":1}`, "x.json:1: x: nmts: invalid instance: unknown field"},
		{`{"kind":"tandem","f":[1],"g":[2],"h":[3]}`, "kind: nmts: invalid instance: unknown kind"},
		{`{"kind":"nmts","g":[2],"h":[3]}`, "x.json:1: f: nmts: invalid instance: missing field"},
		{"{\n\"kind\":\"nmts\",\n\"f\":[1,}", "x.json:3: nmts: syntax error"},
		{`{"kind":"nmts","f":[9007199254740993],"g":[2],"h":[3]}`, "f[0]: nmts: invalid instance: 9007199254740993 exceeds 2^53"},
		{`{"kind":"nmts","f":[99999999999999999999],"g":[2],"h":[3]}`, "f[0]: nmts: invalid instance: 99999999999999999999 is not an integer in range"},
		{`{"kind":"nmts","f":[],"g":[],"h":[]}`, "f: nmts: invalid instance: empty set"},
		{`[1]`, "x.json:1: nmts: syntax error: want a JSON object, found an array"},
		{`{"kind":"nmts","f":[1],"g":[2],"h":[3],"metadata":[1]}`, "metadata: nmts: invalid instance: must be a JSON object"},
		// Bad input: duplicate keys were taken silently (the last one won);
		// a number in exponent form was refused without the rule.
		{"{\"kind\":\"nmts\",\"f\":[1],\n\"f\":[5],\"g\":[2],\"h\":[3]}", `x.json:2: nmts: syntax error: key "f" twice in one object`},
		{`{"kind":"nmts","f":[1e0],"g":[2],"h":[3]}`, "x.json:1: f[0]: nmts: invalid instance: 1e0 is not an integer (want a whole number written with digits only"},
		{"\ufeff{\"kind\":\"nmts\",\"f\":[1],\"g\":[2],\"h\":[3]}", ""},
	} {
		_, err := ReadJSON(strings.NewReader(c.file), "x.json")
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: unexpected error %v", c.file, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want it to contain %q", c.file, err, c.want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	in, _, err := Spec{Q: 5, MaxF: 30, MaxG: 300}.YesInstance(rand.NewPCG(3, 3))
	if err != nil {
		t.Fatal(err)
	}
	in.Metadata = map[string]any{"seed": 3}
	var b bytes.Buffer
	if err := WriteJSON(&b, in); err != nil {
		t.Fatal(err)
	}
	out, err := ReadJSON(bytes.NewReader(b.Bytes()), "rt.json")
	if err != nil {
		t.Fatal(err)
	}
	var b2 bytes.Buffer
	if err := WriteJSON(&b2, out); err != nil {
		t.Fatal(err)
	}
	if b.String() != b2.String() {
		t.Errorf("round trip changed the file:\n%s\n%s", b.String(), b2.String())
	}
}

// FuzzReadJSON: the reader never panics; whatever it accepts is valid and
// survives a write/read round trip unchanged.
func FuzzReadJSON(f *testing.F) {
	f.Add(`{"kind":"nmts","f":[1,2],"g":[3,5],"h":[6,5]}`)
	f.Add(`{"kind":"nmts","metadata":{"seed":1},"f":[1],"g":[2],"h":[3]}`)
	f.Add(`{"kind":"nmts","f":[1.0],"g":[2],"h":[3]}`)
	f.Fuzz(func(t *testing.T, s string) {
		in, err := ReadJSON(strings.NewReader(s), "fuzz.json")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.json") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if err := in.Validate(); err != nil {
			t.Fatalf("accepted an invalid instance: %v", err)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, in); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadJSON(&b, "rt.json"); err != nil {
			t.Fatalf("written file does not read back: %v", err)
		}
		if in.Q() <= 4 {
			_, ok, _, _ := Solve(in)
			_, bok, _ := BruteForce(in)
			if ok != bok {
				t.Fatalf("Solve %v, BruteForce %v on %+v", ok, bok, in)
			}
		}
	})
}
