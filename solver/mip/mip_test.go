package mip

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
)

var inf = math.Inf(1)

func example() *Model {
	m := &Model{Name: "example", Sense: Maximize, Offset: 2.5}
	x := m.AddVar("x", Integer, 0, inf, 30)
	y := m.AddVar("y[1,2]", Integer, 0, 7, 50)
	z := m.AddVar("", Binary, 0, 1, -1)
	f := m.AddVar("free", Continuous, -inf, inf, 0)
	m.AddRow("c1", -inf, 40, []int{x, y}, []float64{1, 2})
	m.AddRow("c2", -inf, 50, []int{x, y, z}, []float64{2, 1, -0.5})
	m.AddRow("range", -3, 5, []int{f, z}, []float64{1, 1})
	m.AddRow("eq", 1, 1, []int{f}, []float64{-1})
	m.AddRow("loose", -inf, inf, []int{x}, []float64{1})
	return m
}

// The exact text of both writers for a model with every feature (the
// expected files were checked by reading them with HiGHS and CBC in the
// round-trip tests of solver/highs and solver/cbc).
func TestWriteGolden(t *testing.T) {
	var lp, mps bytes.Buffer
	if err := WriteLP(&lp, example()); err != nil {
		t.Fatal(err)
	}
	if err := WriteMPS(&mps, example()); err != nil {
		t.Fatal(err)
	}
	wantLP := `\ Problem name: example
\ 4 columns, 5 rows, 9 nonzeros; written by mrsched (solver/mip)
Maximize
 obj: + 30 x + 50 y_1_2_ - 1 x2 + 0 _free + 2.5
Subject To
 c1: + 1 x + 2 y_1_2_ <= 40
 c2: + 2 x + 1 y_1_2_ - 0.5 x2 <= 50
 range: + 1 _free + 1 x2 <= 5
 range_low: + 1 _free + 1 x2 >= -3
 eq: - 1 _free = 1
\ free row loose omitted
Bounds
 0 <= y_1_2_ <= 7
 _free free
Generals
  x y_1_2_
Binaries
  x2
End
`
	wantMPS := `* maximisation written as the minimisation of the negated objective
* (CBC ignores OBJSENSE): the optimum of the model is minus the optimum of this file
NAME example FREE
ROWS
 N  obj
 L c1
 L c2
 G range
 E eq
COLUMNS
    MARKER 'MARKER' 'INTORG'
    x obj -30
    x c1 1
    x c2 2
    y_1_2_ obj -50
    y_1_2_ c1 2
    y_1_2_ c2 1
    x2 obj 1
    x2 c2 -0.5
    x2 range 1
    MARKER 'MARKER' 'INTEND'
    _free range 1
    _free eq -1
RHS
    RHS obj 2.5
    RHS c1 40
    RHS c2 50
    RHS range -3
    RHS eq 1
RANGES
    RNG range 8
BOUNDS
 LO BND x 0
 PL BND x
 LO BND y_1_2_ 0
 UP BND y_1_2_ 7
 BV BND x2
 FR BND _free
ENDATA
`
	if lp.String() != wantLP {
		t.Errorf("LP:\n%s\nwant:\n%s", lp.String(), wantLP)
	}
	if mps.String() != wantMPS {
		t.Errorf("MPS:\n%s\nwant:\n%s", mps.String(), wantMPS)
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		edit func(*Model)
		want string
	}{
		{func(m *Model) { m.Vars[0].Lower = math.NaN() }, "vars[0] \"x\": lower bound is NaN"},
		{func(m *Model) { m.Vars[1].Lower = 9 }, "vars[1] \"y[1,2]\": lower bound 9 > upper bound 7"},
		{func(m *Model) { m.Vars[2].Lower = 2; m.Vars[2].Upper = 3 }, "binary column with bounds [2, 3]"},
		{func(m *Model) { m.Vars[0].Obj = inf }, "objective coefficient +Inf is not finite"},
		{func(m *Model) { m.Vars[0].Upper = math.Inf(-1) }, "upper bound is -Inf"},
		{func(m *Model) { m.Rows[1].Ind[2] = 4 }, "rows[1] \"c2\": ind[2] = 4 out of range [0, 4)"},
		{func(m *Model) { m.Rows[1].Ind[2] = 0 }, "rows[1] \"c2\": ind[2] repeats column 0 of ind[0]"},
		{func(m *Model) { m.Rows[0].Val = m.Rows[0].Val[:1] }, "rows[0] \"c1\": 2 indices but 1 values"},
		{func(m *Model) { m.Rows[2].Lower = 6 }, "rows[2] \"range\": lower bound 6 > upper bound 5"},
		{func(m *Model) { m.Rows[0].Val[0] = math.NaN() }, "val[0] = NaN is not finite"},
		{func(m *Model) { m.Sense = 7 }, "sense: unknown value 7"},
		{func(m *Model) { m.Vars[0].Type = 9 }, "unknown type 9"},
		{func(m *Model) { m.Offset = math.NaN() }, "offset: NaN is not finite"},
	} {
		m := example()
		if err := m.Validate(); err != nil {
			t.Fatal(err)
		}
		tc.edit(m)
		err := m.Validate()
		if !errors.Is(err, ErrModel) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want ErrModel containing %q", err, tc.want)
		}
		if err := WriteLP(&bytes.Buffer{}, m); !errors.Is(err, ErrModel) {
			t.Errorf("WriteLP of an invalid model: %v", err)
		}
	}
}

func TestStatusString(t *testing.T) {
	if Optimal.String() != "optimal" || InfeasibleOrUnbounded.String() != "infeasible or unbounded" || Status(99).String() != "Status(99)" {
		t.Fatal("Status.String")
	}
	if Binary.String() != "binary" || Maximize.String() != "maximize" {
		t.Fatal("VarType/Sense String")
	}
}

func TestSolveEmpty(t *testing.T) {
	m := &Model{Offset: 4}
	m.AddRow("zero", -1, 1, nil, nil)
	if r := SolveEmpty(m); r.Status != Optimal || r.Objective != 4 {
		t.Fatalf("%+v", r)
	}
	m.AddRow("one", 1, inf, nil, nil)
	if r := SolveEmpty(m); r.Status != Infeasible {
		t.Fatalf("%+v", r)
	}
}

// validName is the rule of sanitize, stated independently: CoinLpIO and
// CPLEX's rules restricted to [A-Za-z_][A-Za-z0-9_.]*.
func validName(s string) bool {
	if s == "" || len(s) > maxNameLen || lpKeywords[strings.ToLower(s)] {
		return false
	}
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && (c == '.' || c >= '0' && c <= '9')) {
			return false
		}
	}
	if (s[0] == 'e' || s[0] == 'E') && len(s) > 1 && (s[1] >= '0' && s[1] <= '9' || s[1] == 'e' || s[1] == 'E') {
		return false
	}
	return true
}

// FuzzNames: whatever the names, the writers' names are valid and
// distinct, and names that are already valid and distinct are kept.
func FuzzNames(f *testing.F) {
	f.Add("x", "x", "")
	f.Add("free", "e1", "x0")
	f.Add("a b", "a_b", "r0")
	f.Add(strings.Repeat("y", 200), "obj", "Inf")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		m := &Model{}
		for _, s := range []string{a, b, c, a + b} {
			m.AddVar(s, Continuous, 0, 1, 0)
			m.AddRow(s, 0, 1, []int{0}, []float64{1})
		}
		m.Rows[1].Lower = -1 // a ranged row, whose "_low" twin must be free too
		cols, rows, obj := m.Names()
		seen := map[string]bool{}
		for _, s := range cols {
			if !validName(s) || seen[s] {
				t.Fatalf("column names %q", cols)
			}
			seen[s] = true
		}
		seen = map[string]bool{obj: true}
		for i, s := range rows {
			if !validName(s) || seen[s] {
				t.Fatalf("row names %q (obj %q)", rows, obj)
			}
			seen[s] = true
			if isRanged(m.Rows[i]) {
				if seen[s+"_low"] {
					t.Fatalf("row names %q: %q_low taken", rows, s)
				}
				seen[s+"_low"] = true
			}
		}
		if validName(a) && a != b && a != c && a != a+b && cols[0] != a {
			t.Fatalf("valid distinct name %q became %q", a, cols[0])
		}
	})
}
