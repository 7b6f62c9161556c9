package cbccli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/mrsched/mrsched/internal/provenance"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/mipexec"
)

// Sentinel errors.
var (
	// ErrNotFound is returned by New when cbc is not on the PATH.
	ErrNotFound = errors.New("cbccli: cbc not found (Debian: apt-get install coinor-cbc)")
	// ErrSolver wraps failures of cbc and unreadable output.
	ErrSolver = errors.New("cbccli: cbc failed")
)

// killMargin is how long after the limit (which cbc checks itself, in
// wall-clock seconds with timeMode elapsed) the process is killed.
const killMargin = 2 * time.Second

// Engine runs the cbc program.
type Engine struct {
	// Path is the cbc executable.
	Path string
}

// ProvenanceName is the program's name in a run's provenance.
const ProvenanceName = "cbc program"

// New finds cbc on the PATH.
func New() (*Engine, error) {
	p, err := exec.LookPath("cbc")
	if err != nil {
		return nil, ErrNotFound
	}
	return &Engine{Path: p}, nil
}

// Name returns "cbc-cli".
func (e *Engine) Name() string { return "cbc-cli" }

// Version returns cbc's version line ("Version: 2.10.8").
func (e *Engine) Version() string {
	out, _ := exec.Command(e.Path, "-quit").CombinedOutput()
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "Version:") {
			return "cbc " + strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "Version:"))
		}
	}
	return "cbc (unknown version)"
}

// Solve solves m with cbc. The earlier of opt.TimeLimit and the context's
// deadline limits the solve (cbc's own limit, with the process killed
// shortly after it); a cancelled context kills cbc and returns status
// Interrupted with the context's error.
func (e *Engine) Solve(ctx context.Context, m *mip.Model, opt mip.Options) (mip.Result, error) {
	provenance.NoteEngine(ProvenanceName)
	return mipexec.Program{
		Prefix: "cbccli", Path: e.Path, TempPrefix: "mrsched-cbc-", KillMargin: killMargin, ErrSolver: ErrSolver,
		Args: args, Parse: parse, LogBound: logBound, LogNodes: logNodes,
	}.Solve(ctx, m, opt)
}

// args are cbc's arguments: the model, elapsed-time mode, the gaps, the
// cutoff increment, the seed, the seconds left until end (at least 0.1)
// and the solution file.
//
// The increment is set to mip.CutoffIncrement: cbc's default, 10⁻⁵ ("A
// valid solution must be at least this much better than last integer
// solution", cbc's help for increment), prunes every node whose bound is
// within 10⁻⁵ of the incumbent, so its "Optimal" would prove only
// objective − 10⁻⁵ (absolute), looser than the tolerance at which the
// toolkit calls an answer optimal (package tolerance).
func args(model, sol string, gap float64, opt mip.Options, end time.Time) []string {
	args := []string{model, "timeMode", "elapsed", "ratioGap", strconv.FormatFloat(gap, 'g', -1, 64),
		"increment", strconv.FormatFloat(mip.CutoffIncrement, 'g', -1, 64)}
	if opt.AbsGap > 0 {
		args = append(args, "allowableGap", strconv.FormatFloat(opt.AbsGap, 'g', -1, 64))
	}
	if opt.Seed != 0 {
		args = append(args, "randomSeed", strconv.FormatInt(opt.Seed, 10))
	}
	if !end.IsZero() {
		secs := math.Max(0.1, time.Until(end).Seconds())
		args = append(args, "seconds", strconv.FormatFloat(secs, 'f', 3, 64))
	}
	return append(args, "solve", "solution", sol, "quit")
}

// parse reads cbc's solution file — a status line ("Optimal - objective
// value 2.0", "Stopped on time - objective value …", "Infeasible - …") and
// one line "index name value reduced-cost" per non-zero column — and its
// log.
func parse(m *mip.Model, data []byte, log string) (mip.Result, error) {
	r := mip.Result{Status: mip.Unknown, Objective: math.NaN(), BestBound: math.NaN(), Gap: math.Inf(1)}
	isMIP := m.IsMIP()
	cols, _, _ := m.Names()
	byName := make(map[string]int, len(cols))
	for j, c := range cols {
		byName[c] = j
	}
	x := make([]float64, len(m.Vars))
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	status, line := "", 0
	for sc.Scan() {
		line++
		if line == 1 {
			status = strings.TrimSpace(sc.Text())
			continue
		}
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(sc.Text()), "**"))
		if len(f) == 0 {
			continue
		}
		if len(f) < 3 {
			return r, fmt.Errorf("%w: solution line %d: %q", ErrSolver, line, sc.Text())
		}
		j, ok := byName[f[1]]
		if !ok {
			return r, fmt.Errorf("%w: solution line %d: unknown column %q", ErrSolver, line, f[1])
		}
		v, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			return r, fmt.Errorf("%w: solution line %d: value %q", ErrSolver, line, f[2])
		}
		x[j] = v
	}
	if err := sc.Err(); err != nil {
		return r, fmt.Errorf("%w: %w", ErrSolver, err)
	}
	noSolution := strings.Contains(status, "no integer solution")
	switch {
	case status == "":
		return r, fmt.Errorf("%w: empty solution file", ErrSolver)
	case strings.HasPrefix(status, "Optimal"):
		r.Status, r.HasSolution = mip.Optimal, true
	case strings.HasPrefix(status, "Stopped on time"):
		r.Status, r.HasSolution = mip.TimeLimit, isMIP && !noSolution
	case strings.HasPrefix(status, "Infeasible"), strings.HasPrefix(status, "Integer infeasible"):
		r.Status = mip.Infeasible
	case strings.HasPrefix(status, "Unbounded"):
		// For an LP cbc's simplex reports unboundedness; with integers
		// the relaxation's ray says only that the MIP is infeasible or
		// unbounded, which cbc's log then says too.
		r.Status = mip.Unbounded
		if isMIP && strings.Contains(log, "infeasible or unbounded") {
			r.Status = mip.InfeasibleOrUnbounded
		}
	default:
		return r, fmt.Errorf("%w: unknown status line %q", ErrSolver, status)
	}
	return mipexec.Finish(m, r, x, log, r.Status == mip.Optimal, logBound, logNodes), nil
}

var (
	finalBound    = regexp.MustCompile(`(?m)^Lower bound:\s+(\S+)`)
	progressBound = regexp.MustCompile(`best possible (\S+)`)
	nodesLine     = regexp.MustCompile(`(?m)^Enumerated nodes:\s+(\d+)|After (\d+) nodes`)
)

// logBound reads the proven bound of a minimisation from cbc's log: the
// summary line "Lower bound: B" of a stopped search, else the last
// "best possible B" of a progress line. cbc prints it rounded (3 decimals in
// the summary), so it is lowered by one unit of its last printed digit to
// stay a valid bound. Maximisation bounds are not read (cbc prints its
// internal, negated, objective in progress lines).
func logBound(log string, sense mip.Sense) (float64, bool) {
	if sense == mip.Maximize {
		return 0, false
	}
	var s string
	if mm := finalBound.FindAllStringSubmatch(log, -1); len(mm) > 0 {
		s = mm[len(mm)-1][1]
	} else if mm := progressBound.FindAllStringSubmatch(log, -1); len(mm) > 0 {
		s = mm[len(mm)-1][1]
	} else {
		return 0, false
	}
	b, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(b, 0) || math.IsNaN(b) || math.Abs(b) >= 1e49 {
		return 0, false
	}
	return b - lastDigit(s), true
}

// lastDigit returns one unit of the last digit of the decimal number s
// (10^−3 for "49.857", 1 for "50", 10^−7 for "1.5e-6"), plus a relative
// 1e-12 for the conversion.
func lastDigit(s string) float64 {
	mant, exp := s, 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant = s[:i]
		exp, _ = strconv.Atoi(s[i+1:])
	}
	dec := 0
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		dec = len(mant) - i - 1
	}
	v, _ := strconv.ParseFloat(s, 64)
	return math.Pow(10, float64(exp-dec)) + 1e-12*math.Abs(v)
}

// logNodes reads the number of nodes: the summary's "Enumerated nodes", else
// the last progress line's "After N nodes".
func logNodes(log string) int64 {
	mm := nodesLine.FindAllStringSubmatch(log, -1)
	if len(mm) == 0 {
		return 0
	}
	last := mm[len(mm)-1]
	s := last[1]
	if s == "" {
		s = last[2]
	}
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}
