//go:build cbc

package cbc

/*
#cgo pkg-config: cbc
#include <stdlib.h>
#include "shim.h"
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/mrsched/mrsched/solver/mip"
)

// Engine solves models with CBC. The zero value is ready to use; it is safe
// for concurrent use (solves are serialised, see the package doc).
type Engine struct{}

// New returns a CBC engine.
func New() *Engine { return &Engine{} }

// Name returns "cbc".
func (*Engine) Name() string { return "cbc" }

// Version returns CBC's version string ("2.10.8").
func Version() string { return C.GoString(C.Cbc_getVersion()) }

// ErrSolver is wrapped by errors CBC reports (C++ exceptions, numerical
// trouble, unreadable files).
var ErrSolver = errors.New("cbc: solver error")

// mu serialises every use of CBC: CbcMain1 keeps global state.
var mu sync.Mutex

const errLen = 1024

func cInf(v float64) C.double {
	switch {
	case math.IsInf(v, 1):
		return C.double(math.MaxFloat64)
	case math.IsInf(v, -1):
		return C.double(-math.MaxFloat64)
	}
	return C.double(v)
}

func goInf(v C.double) float64 {
	f := float64(v)
	switch {
	case f >= 1e30:
		return math.Inf(1)
	case f <= -1e30:
		return math.Inf(-1)
	}
	return f
}

// Solve solves m. See mip.Engine.
func (e *Engine) Solve(ctx context.Context, m *mip.Model, opt mip.Options) (mip.Result, error) {
	start := time.Now()
	bad := mip.Result{Status: mip.Error, Objective: math.NaN(), BestBound: math.NaN(), Gap: math.Inf(1)}
	if err := m.Validate(); err != nil {
		return bad, err
	}
	if len(m.Vars) == 0 {
		r := mip.SolveEmpty(m)
		r.Time = time.Since(start)
		return r, nil
	}
	n, nr := len(m.Vars), len(m.Rows)
	// Column-wise matrix for Cbc_loadProblem.
	cnt := make([]C.CoinBigIndex, n+1)
	for _, r := range m.Rows {
		for _, j := range r.Ind {
			cnt[j+1]++
		}
	}
	for j := 0; j < n; j++ {
		cnt[j+1] += cnt[j]
	}
	nz := int(cnt[n])
	index := make([]C.int, nz+1)
	value := make([]C.double, nz+1)
	next := make([]C.CoinBigIndex, n)
	copy(next, cnt[:n])
	for i, r := range m.Rows {
		for k, j := range r.Ind {
			index[next[j]] = C.int(i)
			value[next[j]] = C.double(r.Val[k])
			next[j]++
		}
	}
	collb, colub, obj := make([]C.double, n), make([]C.double, n), make([]C.double, n)
	for j, v := range m.Vars {
		lo, up := m.Bounds(j)
		collb[j], colub[j], obj[j] = cInf(lo), cInf(up), C.double(v.Obj)
	}
	rowlb, rowub := make([]C.double, nr+1), make([]C.double, nr+1)
	for i, r := range m.Rows {
		rowlb[i], rowub[i] = cInf(r.Lower), cInf(r.Upper)
	}
	// The limit is wall-clock time from the call: the earlier of start +
	// TimeLimit and the context's deadline (zero: none). Waiting for mu
	// (solves are serialised) counts against it, and so does the first solve
	// when a second one is needed below.
	var end time.Time
	if opt.TimeLimit > 0 {
		end = start.Add(opt.TimeLimit)
	}
	if d, ok := ctx.Deadline(); ok && (end.IsZero() || d.Before(end)) {
		end = d
	}
	if err := ctx.Err(); err != nil {
		bad.Status = mip.Interrupted
		return bad, fmt.Errorf("cbc: %w", err)
	}

	mu.Lock()
	defer mu.Unlock()
	if err := ctx.Err(); err != nil {
		bad.Status = mip.Interrupted
		return bad, fmt.Errorf("cbc: %w", err)
	}
	r, err := e.solveLocked(m, opt, end, cnt, index, value, collb, colub, obj, rowlb, rowub)
	if err == nil && (r.Status == mip.InfeasibleOrUnbounded || r.Status == mip.Infeasible) {
		// CBC does not decide between the two when the relaxation is
		// unbounded, and CBC 2.10 (Clp's presolve) even reports some
		// unbounded LPs as infeasible. A second solve with a zero objective
		// decides: if the model is feasible it is unbounded (for a MIP with
		// rational data, a feasible MIP whose relaxation is unbounded is
		// unbounded: R. R. Meyer, Math. Prog. 7, 1974).
		zero := make([]C.double, n)
		f, ferr := e.solveLocked(&mip.Model{Vars: m.Vars, Rows: m.Rows}, opt, end, cnt, index, value, collb, colub, zero, rowlb, rowub)
		if ferr == nil {
			switch f.Status {
			case mip.Optimal:
				r.Status = mip.Unbounded
			case mip.Infeasible:
				r.Status = mip.Infeasible
			}
		}
	}
	r.Time = time.Since(start)
	if opt.Log != nil {
		fmt.Fprintf(opt.Log, "cbc %s: %s, objective %v, bound %v, %d nodes, %v\n", Version(), r.Status, r.Objective, r.BestBound, r.Nodes, r.Time)
	}
	return r, err
}

// minSeconds is the smallest seconds limit given to CBC: a limit already
// reached when CBC starts becomes this, so that CBC stops at its first time
// check with status time limit (and whatever solution it has by then).
const minSeconds = 1e-3

// solveLocked loads the column-wise model into a new Cbc_Model and solves
// it with a wall-clock limit ending at end (zero: none); mu must be held.
func (e *Engine) solveLocked(m *mip.Model, opt mip.Options, end time.Time, cnt []C.CoinBigIndex, index []C.int, value, collb, colub, obj, rowlb, rowub []C.double) (mip.Result, error) {
	bad := mip.Result{Status: mip.Error, Objective: math.NaN(), BestBound: math.NaN(), Gap: math.Inf(1)}
	n, nr := len(m.Vars), len(m.Rows)
	model := C.Cbc_newModel()
	defer C.Cbc_deleteModel(model)
	errBuf := (*C.char)(C.malloc(errLen))
	defer C.free(unsafe.Pointer(errBuf))
	if C.mrs_cbc_load(model, C.int(n), C.int(nr), &cnt[0], &index[0], &value[0], &collb[0], &colub[0], &obj[0], &rowlb[0], &rowub[0], errBuf, errLen) != 0 {
		return bad, fmt.Errorf("%w: loading the model: %s", ErrSolver, C.GoString(errBuf))
	}
	isMIP := false
	for j, v := range m.Vars {
		if v.Type != mip.Continuous {
			C.Cbc_setInteger(model, C.int(j))
			isMIP = true
		}
	}
	if m.Sense == mip.Maximize {
		C.Cbc_setObjSense(model, -1)
	}
	C.Cbc_setLogLevel(model, 0)
	setParam(model, "log", "0")
	setParam(model, "slog", "0")
	gap := opt.RelGap
	if gap <= 0 {
		gap = mip.DefaultRelGap
	}
	C.Cbc_setAllowableFractionGap(model, C.double(gap))
	if opt.AbsGap > 0 {
		C.Cbc_setAllowableGap(model, C.double(opt.AbsGap))
	}
	// CBC's seconds limit counts the process's CPU time unless timeMode is
	// "elapsed" (CbcOrClpParam.cpp: "cpu uses CPU time for stopping, while
	// elapsed uses elapsed time"). CPU time runs slower than the clock on a
	// loaded machine (a 60 s limit took over 4 minutes) and faster
	// in a busy multi-threaded process, since it is the whole process's.
	// The limit is computed here, after the wait for mu.
	setParam(model, "timeMode", "elapsed")
	// cbc's default cutoff increment, 10⁻⁵, prunes nodes within 10⁻⁵ of
	// the incumbent; mip.CutoffIncrement keeps "optimal" within the
	// toolkit's tolerance (package solver/cbccli, args).
	setParam(model, "increment", strconv.FormatFloat(mip.CutoffIncrement, 'g', -1, 64))
	if !end.IsZero() {
		C.Cbc_setMaximumSeconds(model, C.double(max(time.Until(end).Seconds(), minSeconds)))
	}
	// randomCbcSeed 0 would mean "time of day"; keep runs reproducible.
	setParam(model, "randomCbcSeed", strconv.FormatInt((opt.Seed%math.MaxInt32+math.MaxInt32)%math.MaxInt32+1, 10))
	rc := C.mrs_cbc_solve(model, errBuf, errLen)
	if rc == -1000 {
		return bad, fmt.Errorf("%w: %s", ErrSolver, C.GoString(errBuf))
	}
	r := collect(model, isMIP, n, m.Offset)
	if r.Status == mip.Error {
		return r, fmt.Errorf("%w: CBC abandoned the solve (numerical difficulties), status %d/%d", ErrSolver, int(C.Cbc_status(model)), int(C.Cbc_secondaryStatus(model)))
	}
	return r, nil
}

func setParam(model unsafe.Pointer, name, value string) {
	cn, cv := C.CString(name), C.CString(value)
	C.Cbc_setParameter(model, cn, cv)
	C.free(unsafe.Pointer(cn))
	C.free(unsafe.Pointer(cv))
}

// collect reads the outcome of Cbc_solve.
func collect(model unsafe.Pointer, isMIP bool, n int, offset float64) mip.Result {
	r := mip.Result{Status: mip.Unknown, Objective: math.NaN(), BestBound: math.NaN(), Gap: math.Inf(1)}
	sec := int(C.Cbc_secondaryStatus(model))
	switch {
	case C.Cbc_isAbandoned(model) != 0:
		r.Status = mip.Error
	case !isMIP && C.Cbc_status(model) == -1:
		// A pure LP: CbcMain1 stops after the initial solve, and
		// Cbc_isProvenInfeasible is then true for an unbounded LP too.
		switch {
		case C.Cbc_isInitialSolveProvenOptimal(model) != 0:
			r.Status = mip.Optimal
		case C.Cbc_isInitialSolveProvenPrimalInfeasible(model) != 0:
			r.Status = mip.Infeasible
		case C.Cbc_isInitialSolveAbandoned(model) != 0:
			r.Status = mip.Error
		case C.Cbc_isProvenInfeasible(model) != 0 || C.Cbc_isContinuousUnbounded(model) != 0:
			r.Status = mip.InfeasibleOrUnbounded // decided by Solve
		case C.Cbc_isSecondsLimitReached(model) != 0:
			r.Status = mip.TimeLimit
		}
	case C.Cbc_isProvenOptimal(model) != 0:
		r.Status = mip.Optimal
	case C.Cbc_isProvenInfeasible(model) != 0:
		r.Status = mip.Infeasible
	case C.Cbc_isContinuousUnbounded(model) != 0 || sec == 7:
		// An unbounded relaxation: the MIP is unbounded if it is feasible
		// at all, which CBC does not decide (Solve does).
		r.Status = mip.InfeasibleOrUnbounded
	case sec == 4 || C.Cbc_isSecondsLimitReached(model) != 0:
		r.Status = mip.TimeLimit
	case sec == 3 || C.Cbc_isNodeLimitReached(model) != 0:
		r.Status = mip.NodeLimit
	case sec == 6 || C.Cbc_isSolutionLimitReached(model) != 0:
		r.Status = mip.SolutionLimit
	case sec == 8:
		r.Status = mip.IterationLimit
	case sec == 5:
		r.Status = mip.Interrupted
	case sec == 2:
		r.Status = mip.Optimal // stopped on the gap tolerance
	}
	var sol *C.double
	if isMIP {
		sol = C.Cbc_bestSolution(model)
	} else if r.Status == mip.Optimal {
		sol = C.Cbc_getColSolution(model)
	}
	if sol != nil {
		r.HasSolution = true
		r.X = make([]float64, n)
		xs := unsafe.Slice(sol, n)
		for j := range r.X {
			r.X[j] = float64(xs[j])
		}
		r.Objective = float64(C.Cbc_getObjValue(model)) + offset
	}
	if isMIP {
		r.Nodes = int64(C.Cbc_getNodeCount(model))
		bb := goInf(C.Cbc_getBestPossibleObjValue(model))
		if !math.IsInf(bb, 0) {
			bb += offset
		}
		r.BestBound = bb
		if r.HasSolution && r.Status == mip.Optimal && (math.IsNaN(r.BestBound) || math.IsInf(r.BestBound, 0)) {
			// CBC proved optimality (search finished within its gaps) but
			// reports no bound (a model closed at the root): its proof is
			// the objective itself. A finite bound is kept as reported,
			// so that a gap above the tolerance stays visible.
			r.BestBound = r.Objective
		}
		if r.HasSolution {
			r.Gap = mip.EngineGap(r.Objective, r.BestBound)
		}
	} else if r.Status == mip.Optimal {
		r.BestBound, r.Gap = r.Objective, 0
	}
	if r.Status == mip.Infeasible {
		r.BestBound = math.NaN()
	}
	return r
}

// ReadModel reads an LP or MPS file with CBC's own readers (CoinLpIO,
// CoinMpsIO, as Cbc_readLp and Cbc_readMps do) and returns the model; the
// format comes from the extension of name (.lp or .mps). The data are
// written to a temporary file, since the readers read only files. An
// OBJSENSE section of an MPS file, which CoinMpsIO 2.10 ignores (it would
// minimise a maximisation), is read here and removed before CoinMpsIO sees
// the file.
func (e *Engine) ReadModel(ctx context.Context, name string, data []byte) (*mip.Model, error) {
	ext := strings.ToLower(filepath.Ext(name))
	if ext != ".lp" && ext != ".mps" {
		return nil, fmt.Errorf("cbc: %s: unknown model format (want .lp or .mps)", name)
	}
	maximize := false
	if ext == ".mps" {
		var err error
		if data, maximize, err = stripObjSense(data); err != nil {
			return nil, fmt.Errorf("cbc: %s: %w", name, err)
		}
	}
	f, err := os.CreateTemp("", "mrsched-cbc-*"+ext)
	if err != nil {
		return nil, fmt.Errorf("cbc: %w", err)
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return nil, fmt.Errorf("cbc: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("cbc: %w", err)
	}
	mu.Lock()
	defer mu.Unlock()
	errBuf := (*C.char)(C.malloc(errLen))
	defer C.free(unsafe.Pointer(errBuf))
	cname := C.CString(f.Name())
	defer C.free(unsafe.Pointer(cname))
	var cm C.mrs_model
	defer C.mrs_free_model(&cm)
	var rc C.int
	if ext == ".lp" {
		rc = C.mrs_read_lp(cname, &cm, errBuf, errLen)
	} else {
		rc = C.mrs_read_mps(cname, &cm, errBuf, errLen)
	}
	if rc == -1000 {
		return nil, fmt.Errorf("%w: reading %s: %s", ErrSolver, name, C.GoString(errBuf))
	}
	if rc != 0 {
		return nil, fmt.Errorf("%w: reading %s: CoinMpsIO reported %d errors", ErrSolver, name, int(rc))
	}
	n, nr, nz := int(cm.ncol), int(cm.nrow), int(cm.nnz)
	out := &mip.Model{Name: name, Offset: float64(cm.offset)}
	if cm.maximize != 0 || maximize {
		out.Sense = mip.Maximize
	}
	if n > 0 {
		obj := unsafe.Slice(cm.obj, n)
		lo := unsafe.Slice(cm.collb, n)
		up := unsafe.Slice(cm.colub, n)
		integer := unsafe.Slice(cm.integer, n)
		names := unsafe.Slice(cm.colname, n)
		out.Vars = make([]mip.Var, n)
		for j := range out.Vars {
			v := mip.Var{Name: C.GoString(names[j]), Lower: goInf(lo[j]), Upper: goInf(up[j]), Obj: float64(obj[j])}
			if integer[j] != 0 {
				v.Type = mip.Integer
				if v.Lower == 0 && v.Upper == 1 {
					v.Type = mip.Binary
				}
			}
			out.Vars[j] = v
		}
	}
	if nr > 0 {
		rlo := unsafe.Slice(cm.rowlb, nr)
		rup := unsafe.Slice(cm.rowub, nr)
		names := unsafe.Slice(cm.rowname, nr)
		start := unsafe.Slice(cm.start, nr+1)
		var index []C.int
		var value []C.double
		if nz > 0 {
			index = unsafe.Slice(cm.index, nz)
			value = unsafe.Slice(cm.value, nz)
		}
		out.Rows = make([]mip.Row, nr)
		for i := range out.Rows {
			s, t := int(start[i]), int(start[i+1])
			r := mip.Row{Name: C.GoString(names[i]), Lower: goInf(rlo[i]), Upper: goInf(rup[i]), Ind: make([]int, t-s), Val: make([]float64, t-s)}
			for k := s; k < t; k++ {
				r.Ind[k-s], r.Val[k-s] = int(index[k]), float64(value[k])
			}
			out.Rows[i] = r
		}
	}
	if err := out.Validate(); err != nil {
		return nil, fmt.Errorf("cbc: reading %s: %w", name, err)
	}
	return out, nil
}

// stripObjSense removes an OBJSENSE section ("OBJSENSE" then a line "MAX",
// "MAXIMIZE", "MIN" or "MINIMIZE", or the one-line "OBJSENSE MAX") from MPS
// data and reports whether it asked for maximisation.
func stripObjSense(data []byte) ([]byte, bool, error) {
	lines := strings.SplitAfter(string(data), "\n")
	var out strings.Builder
	maximize := false
	for i := 0; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) == 0 || !strings.EqualFold(f[0], "OBJSENSE") {
			out.WriteString(lines[i])
			continue
		}
		word := ""
		if len(f) > 1 {
			word = f[1]
		} else if i+1 < len(lines) {
			if g := strings.Fields(lines[i+1]); len(g) == 1 {
				word = g[0]
				i++
			}
		}
		switch strings.ToUpper(word) {
		case "MAX", "MAXIMIZE", "MAXIMISE":
			maximize = true
		case "MIN", "MINIMIZE", "MINIMISE":
			maximize = false
		default:
			return nil, false, fmt.Errorf("line %d: OBJSENSE without MAX or MIN", i+1)
		}
	}
	return []byte(out.String()), maximize, nil
}
