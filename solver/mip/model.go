package mip

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/mrsched/mrsched/tolerance"
)

// VarType is the type of a column.
type VarType int

// The column types. A Binary column is an Integer column whose bounds are
// intersected with [0, 1].
const (
	Continuous VarType = iota
	Integer
	Binary
)

// String returns "continuous", "integer" or "binary".
func (t VarType) String() string {
	switch t {
	case Continuous:
		return "continuous"
	case Integer:
		return "integer"
	case Binary:
		return "binary"
	}
	return "VarType(" + strconv.Itoa(int(t)) + ")"
}

// Sense is the optimisation direction.
type Sense int

// The optimisation directions.
const (
	Minimize Sense = iota
	Maximize
)

// String returns "minimize" or "maximize".
func (s Sense) String() string {
	switch s {
	case Minimize:
		return "minimize"
	case Maximize:
		return "maximize"
	}
	return "Sense(" + strconv.Itoa(int(s)) + ")"
}

// Var is a column: Lower ≤ x ≤ Upper with objective coefficient Obj. Use
// math.Inf(-1) and math.Inf(1) for missing bounds. Name may be empty; the
// writers then use x<index>.
type Var struct {
	Name         string
	Type         VarType
	Lower, Upper float64
	Obj          float64
}

// Row is a linear constraint Lower ≤ Σ_k Val[k]·x[Ind[k]] ≤ Upper. Use
// math.Inf for a missing side; Lower == Upper is an equality. Name may be
// empty; the writers then use r<index>.
type Row struct {
	Name         string
	Lower, Upper float64
	Ind          []int
	Val          []float64
}

// Model is a linear or mixed-integer program:
//
//	minimise or maximise  Offset + Σ_j Vars[j].Obj·x_j
//	subject to            Rows[i].Lower ≤ Σ_k Rows[i].Val[k]·x[Rows[i].Ind[k]] ≤ Rows[i].Upper
//	                      Vars[j].Lower ≤ x_j ≤ Vars[j].Upper, x_j integer for Integer and Binary.
type Model struct {
	Name   string
	Sense  Sense
	Offset float64
	Vars   []Var
	Rows   []Row
}

// AddVar appends a column and returns its index.
func (m *Model) AddVar(name string, t VarType, lower, upper, obj float64) int {
	m.Vars = append(m.Vars, Var{Name: name, Type: t, Lower: lower, Upper: upper, Obj: obj})
	return len(m.Vars) - 1
}

// AddRow appends a row and returns its index. The slices are kept, not
// copied.
func (m *Model) AddRow(name string, lower, upper float64, ind []int, val []float64) int {
	m.Rows = append(m.Rows, Row{Name: name, Lower: lower, Upper: upper, Ind: ind, Val: val})
	return len(m.Rows) - 1
}

// IsMIP reports whether the model has an integer or binary column.
func (m *Model) IsMIP() bool {
	for _, v := range m.Vars {
		if v.Type != Continuous {
			return true
		}
	}
	return false
}

// NumNonzeros returns the number of stored row coefficients.
func (m *Model) NumNonzeros() int {
	n := 0
	for _, r := range m.Rows {
		n += len(r.Ind)
	}
	return n
}

// Bounds returns the effective bounds of column j: those of Vars[j],
// intersected with [0, 1] for a Binary column.
func (m *Model) Bounds(j int) (lower, upper float64) {
	v := m.Vars[j]
	lower, upper = v.Lower, v.Upper
	if v.Type == Binary {
		lower = math.Max(lower, 0)
		upper = math.Min(upper, 1)
	}
	return lower, upper
}

// ErrModel is wrapped by every error of Validate.
var ErrModel = errors.New("mip: invalid model")

// Validate checks that the model is well formed: known types and sense,
// no NaN, finite objective coefficients and matrix entries, Lower ≤ Upper
// for every column and row, no lower bound of +Inf or upper bound of -Inf,
// row indices in range and not repeated, len(Ind) == len(Val). Errors name
// the column or row (vars[3].lower, rows[7].ind[2]).
func (m *Model) Validate() error {
	if m.Sense != Minimize && m.Sense != Maximize {
		return fmt.Errorf("%w: sense: unknown value %d", ErrModel, int(m.Sense))
	}
	if math.IsNaN(m.Offset) || math.IsInf(m.Offset, 0) {
		return fmt.Errorf("%w: offset: %v is not finite", ErrModel, m.Offset)
	}
	for j, v := range m.Vars {
		if v.Type != Continuous && v.Type != Integer && v.Type != Binary {
			return fmt.Errorf("%w: vars[%d] %q: unknown type %d", ErrModel, j, v.Name, int(v.Type))
		}
		if math.IsNaN(v.Obj) || math.IsInf(v.Obj, 0) {
			return fmt.Errorf("%w: vars[%d] %q: objective coefficient %v is not finite", ErrModel, j, v.Name, v.Obj)
		}
		if err := checkBounds(v.Lower, v.Upper); err != nil {
			return fmt.Errorf("%w: vars[%d] %q: %v", ErrModel, j, v.Name, err)
		}
		if v.Type == Binary {
			lo, up := m.Bounds(j)
			if lo > up {
				return fmt.Errorf("%w: vars[%d] %q: binary column with bounds [%v, %v] outside [0, 1]", ErrModel, j, v.Name, v.Lower, v.Upper)
			}
		}
	}
	seen := make(map[int]int)
	for i, r := range m.Rows {
		if len(r.Ind) != len(r.Val) {
			return fmt.Errorf("%w: rows[%d] %q: %d indices but %d values", ErrModel, i, r.Name, len(r.Ind), len(r.Val))
		}
		if err := checkBounds(r.Lower, r.Upper); err != nil {
			return fmt.Errorf("%w: rows[%d] %q: %v", ErrModel, i, r.Name, err)
		}
		clear(seen)
		for k, j := range r.Ind {
			if j < 0 || j >= len(m.Vars) {
				return fmt.Errorf("%w: rows[%d] %q: ind[%d] = %d out of range [0, %d)", ErrModel, i, r.Name, k, j, len(m.Vars))
			}
			if k0, dup := seen[j]; dup {
				return fmt.Errorf("%w: rows[%d] %q: ind[%d] repeats column %d of ind[%d]", ErrModel, i, r.Name, k, j, k0)
			}
			seen[j] = k
			if v := r.Val[k]; math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("%w: rows[%d] %q: val[%d] = %v is not finite", ErrModel, i, r.Name, k, v)
			}
		}
	}
	return nil
}

func checkBounds(lo, up float64) error {
	switch {
	case math.IsNaN(lo):
		return errors.New("lower bound is NaN")
	case math.IsNaN(up):
		return errors.New("upper bound is NaN")
	case math.IsInf(lo, 1):
		return errors.New("lower bound is +Inf")
	case math.IsInf(up, -1):
		return errors.New("upper bound is -Inf")
	case lo > up:
		return fmt.Errorf("lower bound %v > upper bound %v", lo, up)
	}
	return nil
}

// Status is the outcome of a solve.
type Status int

// The solve outcomes. Optimal means proven optimal within the gap tolerance.
const (
	Unknown Status = iota
	Optimal
	Infeasible
	Unbounded
	InfeasibleOrUnbounded
	TimeLimit
	NodeLimit
	IterationLimit
	SolutionLimit
	Interrupted
	Error
	// GapLimit: stopped with a proven bound within the requested relative
	// gap of the incumbent (not proven optimal under the tolerance policy).
	GapLimit
	// Feasible: a validated schedule without an optimality proof (an
	// exact method's answer, never an engine's).
	Feasible
	// OrderOptimal: optimal for a given completion order (the fixed-order
	// LP's answer).
	OrderOptimal
)

var statusNames = [...]string{
	Unknown:               "unknown",
	Optimal:               "optimal",
	Infeasible:            "infeasible",
	Unbounded:             "unbounded",
	InfeasibleOrUnbounded: "infeasible or unbounded",
	TimeLimit:             "time limit",
	NodeLimit:             "node limit",
	IterationLimit:        "iteration limit",
	SolutionLimit:         "solution limit",
	Interrupted:           "interrupted",
	Error:                 "error",
	GapLimit:              "gap limit",
	Feasible:              "feasible",
	OrderOptimal:          "order optimal",
}

// String returns a lower-case description such as "optimal" or "time limit".
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// DefaultRelGap is the relative MIP gap used when Options.RelGap is 0. It
// is tighter than HiGHS's own default (1e-4) because the models solved here
// are exact formulations whose optima are compared with other methods.
const DefaultRelGap = 1e-6

// CutoffIncrement is the least improvement over the incumbent that a
// branch-and-bound engine with a cutoff increment (CBC's "increment") may
// demand of a new solution. A node whose bound is within it of the
// incumbent is pruned, so a proof of optimality holds only up to it; it is
// tolerance.Abs so that an engine's "optimal" stays within the tolerance at
// which the toolkit calls an answer optimal. CBC's own default is 1e-5.
const CutoffIncrement = tolerance.Abs

// Options control a solve. The zero value means: no time limit (other than
// the context's deadline), the engine's default relative gap, no log, seed 0.
type Options struct {
	// TimeLimit bounds the solve's wall-clock time (0: none). The earlier of
	// TimeLimit and the context's deadline applies.
	TimeLimit time.Duration
	// RelGap is the relative MIP gap at which a solution is declared optimal
	// (0: DefaultRelGap, the same for every engine).
	RelGap float64
	// AbsGap is the absolute MIP gap |objective − bound| at which a
	// solution is declared optimal (0: the engine's default, 1e-6 for
	// HiGHS, 1e-10 for CBC). Callers that must meet the tolerance policy
	// (package tolerance) pass tolerance.Abs with RelGap = tolerance.Rel.
	AbsGap float64
	// Log receives the engine's log when non-nil.
	Log io.Writer
	// Seed is the engine's random seed.
	Seed int64
}

// EngineGap is the relative gap of an engine's Result between its
// objective obj and its proven bound (either sense): |obj − bound|/|obj|,
// HiGHS's mip_gap; 0 when the two are equal, +Inf when it is undefined
// (either value NaN or infinite, or obj = 0 with bound ≠ 0). The gap of
// an exact method's answer, against a lower bound under the tolerance
// policy, is Gap.
func EngineGap(obj, bound float64) float64 {
	switch {
	case math.IsNaN(obj) || math.IsInf(obj, 0) || math.IsNaN(bound) || math.IsInf(bound, 0):
		return math.Inf(1)
	case obj == bound:
		return 0
	case obj == 0:
		return math.Inf(1)
	}
	return math.Abs(obj-bound) / math.Abs(obj)
}

// Result is the outcome of a solve.
type Result struct {
	Status Status
	// Objective is the objective value (Offset included) of X when
	// HasSolution, else NaN.
	Objective float64
	// BestBound is the best proven bound on the optimum (for an LP solved
	// to optimality, equal to Objective); ±Inf or NaN when unknown.
	BestBound float64
	// Gap is the relative gap |Objective − BestBound| / |Objective| (HiGHS's
	// mip_gap; EngineGap for the other engines), 0 for an LP solved to
	// optimality, +Inf when unknown. An Optimal MIP has Gap ≤ the RelGap used.
	Gap float64
	// X is the primal solution (one value per column) when HasSolution.
	X []float64
	// RowDuals are the row duals (shadow prices ∂objective/∂row bound) of an
	// LP solved to optimality, when the engine provides them; nil otherwise.
	RowDuals []float64
	// Nodes is the number of branch-and-bound nodes (0 for an LP).
	Nodes int64
	// Time is the wall-clock time of the solve.
	Time time.Duration
	// HasSolution reports whether X holds a feasible solution.
	HasSolution bool
}

// Engine solves models. Implementations are safe for concurrent use.
type Engine interface {
	// Name returns the engine's short name ("highs", "cbc").
	Name() string
	// Solve solves m. Infeasible and unbounded models give a Result with
	// that Status and a nil error; an error means the engine failed.
	Solve(ctx context.Context, m *Model, opt Options) (Result, error)
}

// SolveEmpty returns the result of a model without columns, which every
// engine handles the same way: each row is the constant 0, so the model is
// feasible (with objective Offset) iff every row admits 0.
func SolveEmpty(m *Model) Result {
	for _, r := range m.Rows {
		if r.Lower > 0 || r.Upper < 0 {
			return Result{Status: Infeasible, Objective: math.NaN(), BestBound: math.NaN(), Gap: math.Inf(1)}
		}
	}
	r := Result{Status: Optimal, Objective: m.Offset, BestBound: m.Offset, HasSolution: true, X: []float64{}}
	if !m.IsMIP() {
		r.RowDuals = make([]float64, len(m.Rows))
	}
	return r
}

// ErrNotReady is returned (wrapped) by an engine that could not be made
// ready (loaded, compiled) before the context's deadline: the caller may
// answer by other means (solver/engine.Lazy).
var ErrNotReady = errors.New("mip: engine not ready before the deadline")

// Reader is implemented by engines that read LP and MPS files with the
// solver's own parser. The format comes from the extension of name (.lp or
// .mps).
type Reader interface {
	ReadModel(ctx context.Context, name string, data []byte) (*Model, error)
}
