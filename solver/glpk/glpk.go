package glpk

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/mrsched/mrsched/internal/provenance"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/mipexec"
)

// Sentinel errors.
var (
	// ErrNotFound is returned by New when glpsol is not on the PATH.
	ErrNotFound = errors.New("glpk: glpsol not found (Debian: apt-get install glpk-utils)")
	// ErrSolver wraps failures of glpsol and unreadable output.
	ErrSolver = errors.New("glpk: glpsol failed")
)

// boundRel is the relative amount by which a bound read from glpsol's
// progress line (printed with 10 significant digits) is lowered so that it
// stays a valid bound after rounding.
const boundRel = 1e-9

// Engine runs glpsol.
type Engine struct {
	// Path is the glpsol executable.
	Path string
}

// ProvenanceName is the program's name in a run's provenance.
const ProvenanceName = "glpsol program"

// New finds glpsol on the PATH.
func New() (*Engine, error) {
	p, err := exec.LookPath("glpsol")
	if err != nil {
		return nil, ErrNotFound
	}
	return &Engine{Path: p}, nil
}

// Name returns "glpk".
func (e *Engine) Name() string { return "glpk" }

// Version returns glpsol's version line.
func (e *Engine) Version() string {
	out, err := exec.Command(e.Path, "--version").Output()
	if err != nil {
		return "unknown"
	}
	line, _, _ := strings.Cut(string(out), "\n")
	return strings.TrimSpace(line)
}

// Solve solves m with glpsol. The earlier of opt.TimeLimit and the
// context's deadline limits the solve (glpsol's --tmlim counts whole
// seconds, so the process is also killed at the deadline); a cancelled
// context kills glpsol and returns status Interrupted with the context's
// error.
func (e *Engine) Solve(ctx context.Context, m *mip.Model, opt mip.Options) (mip.Result, error) {
	provenance.NoteEngine(ProvenanceName)
	return mipexec.Program{
		// Killed a little after the limit, which glpsol checks itself.
		Prefix: "glpk", Path: e.Path, TempPrefix: "mrsched-glpk-", KillMargin: 2 * time.Second, ErrSolver: ErrSolver,
		FailOnExit: true, Args: args, Parse: parse, LogBound: logBound, LogNodes: logNodes,
	}.Solve(ctx, m, opt)
}

// args are glpsol's arguments: the model, the solution file, the gap and
// the whole seconds left until end (at least 1).
func args(model, sol string, gap float64, _ mip.Options, end time.Time) []string {
	args := []string{"--lp", model, "-w", sol, "--mipgap", strconv.FormatFloat(gap, 'g', -1, 64)}
	if !end.IsZero() {
		secs := int(math.Ceil(time.Until(end).Seconds()))
		args = append(args, "--tmlim", strconv.Itoa(max(secs, 1)))
	}
	return args
}

// parse reads glpsol's solution file (glp_write_mip or glp_write_sol
// format) and its log.
func parse(m *mip.Model, data []byte, log string) (mip.Result, error) {
	r := mip.Result{Status: mip.Unknown, Objective: math.NaN(), BestBound: math.NaN(), Gap: math.Inf(1)}
	isMIP := m.IsMIP()
	x := make([]float64, len(m.Vars))
	var stat string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "s":
			// s mip ROWS COLS STAT OBJ  or  s bas ROWS COLS PST DST OBJ
			if len(f) < 6 {
				return r, fmt.Errorf("%w: solution line %d: %q", ErrSolver, line, sc.Text())
			}
			stat = f[4]
			if f[1] == "bas" && len(f) >= 7 {
				// primal and dual status: both feasible is optimal.
				switch {
				case f[4] == "f" && f[5] == "f":
					stat = "o"
				case f[4] == "n" || f[4] == "i":
					stat = "n"
				case f[5] == "n" || f[5] == "i":
					stat = "unb"
				default:
					stat = "u"
				}
			}
		case "j":
			if len(f) < 3 {
				return r, fmt.Errorf("%w: solution line %d: %q", ErrSolver, line, sc.Text())
			}
			k, err := strconv.Atoi(f[1])
			if err != nil || k < 1 || k > len(x) {
				return r, fmt.Errorf("%w: solution line %d: column %q", ErrSolver, line, f[1])
			}
			// MIP: "j COL VAL"; basic: "j COL STAT PRIM DUAL".
			val := f[2]
			if !isMIP && len(f) >= 5 {
				val = f[3]
			}
			v, err := strconv.ParseFloat(val, 64)
			if err != nil {
				return r, fmt.Errorf("%w: solution line %d: value %q", ErrSolver, line, val)
			}
			x[k-1] = v
		}
	}
	if err := sc.Err(); err != nil {
		return r, fmt.Errorf("%w: %w", ErrSolver, err)
	}
	if stat == "" {
		return r, fmt.Errorf("%w: no status line in the solution file", ErrSolver)
	}
	timeUp := strings.Contains(log, "TIME LIMIT EXCEEDED")
	switch stat {
	case "o":
		r.Status, r.HasSolution = mip.Optimal, true
	case "f":
		r.Status, r.HasSolution = mip.TimeLimit, true
	case "n":
		r.Status = mip.Infeasible
		if timeUp {
			r.Status = mip.TimeLimit
		}
	case "unb":
		r.Status = mip.Unbounded
	case "u":
		r.Status = mip.Unknown
		if timeUp {
			r.Status = mip.TimeLimit
		}
		switch {
		case strings.Contains(log, "UNBOUNDED"):
			r.Status = mip.Unbounded
		case strings.Contains(log, "NO PRIMAL FEASIBLE"), strings.Contains(log, "NO INTEGER FEASIBLE"):
			r.Status = mip.Infeasible
		case strings.Contains(log, "NO DUAL FEASIBLE"):
			// presolve: the dual is infeasible, so the primal is
			// unbounded or infeasible
			r.Status = mip.InfeasibleOrUnbounded
		}
	default:
		return r, fmt.Errorf("%w: unknown status %q", ErrSolver, stat)
	}
	if !isMIP && r.Status == mip.TimeLimit {
		r.HasSolution = false
	}
	proved := r.Status == mip.Optimal && (!isMIP || strings.Contains(log, "tree is empty"))
	return mipexec.Finish(m, r, x, log, proved, logBound, logNodes), nil
}

// logBound reads the bound of glpsol's last progress line
// "+ N: mip = OBJ >= BOUND GAP (A; D)" (≤ for maximisation), lowered
// (raised) by boundRel to cover the printed rounding.
func logBound(log string, sense mip.Sense) (float64, bool) {
	for _, l := range reverseLines(log) {
		if !strings.HasPrefix(l, "+") || !strings.Contains(l, "mip =") {
			continue
		}
		_, rest, _ := strings.Cut(l, "mip =")
		sep := ">="
		if sense == mip.Maximize {
			sep = "<="
		}
		_, after, ok := strings.Cut(rest, sep)
		if !ok {
			return 0, false
		}
		f := strings.Fields(after)
		if len(f) == 0 {
			return 0, false
		}
		b, err := strconv.ParseFloat(f[0], 64)
		if err != nil || math.IsInf(b, 0) {
			return 0, false
		}
		if sense == mip.Maximize {
			return b + boundRel*math.Max(1, math.Abs(b)), true
		}
		return b - boundRel*math.Max(1, math.Abs(b)), true
	}
	return 0, false
}

// logNodes reads the number of active plus processed nodes "(A; D)" of
// the last progress line.
func logNodes(log string) int64 {
	for _, l := range reverseLines(log) {
		if !strings.HasPrefix(l, "+") {
			continue
		}
		i, j := strings.LastIndex(l, "("), strings.LastIndex(l, ")")
		if i < 0 || j < i {
			return 0
		}
		a, d, ok := strings.Cut(l[i+1:j], ";")
		if !ok {
			return 0
		}
		na, e1 := strconv.ParseInt(strings.TrimSpace(a), 10, 64)
		nd, e2 := strconv.ParseInt(strings.TrimSpace(d), 10, 64)
		if e1 != nil || e2 != nil {
			return 0
		}
		return na + nd
	}
	return 0
}

func reverseLines(s string) []string {
	ls := strings.Split(s, "\n")
	for i, j := 0, len(ls)-1; i < j; i, j = i+1, j-1 {
		ls[i], ls[j] = ls[j], ls[i]
	}
	return ls
}
