package reductions

// Entry points of the 'mrsched nmts solve', 'reduce nmts' and 'reduce
// verify' commands: read the files, run the exact methods, and return the
// tables the command prints.

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"path/filepath"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tabular"
)

// ErrNotHolds marks a verification that ran and found that the claim
// "total response time ≤ y" does not hold for the schedule (or that there
// is no certificate to check).
var ErrNotHolds = errors.New("reductions: total ≤ y does not hold")

// notHolds is an ErrNotHolds with its own message.
type notHolds struct{ msg string }

func (e *notHolds) Error() string        { return e.msg }
func (e *notHolds) Is(target error) bool { return target == ErrNotHolds }

// oneBased writes 0-based indices 1-based, separated by spaces.
func oneBased(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x + 1)
	}
	return strings.Join(parts, " ")
}

// SolveNMTSTable decides in exactly (nmts.Solve's backtracking, or
// nmts.BruteForce) and returns the one-row table of the answer: q, yes/no,
// π and σ 1-based, the method and the backtracking nodes.
func SolveNMTSTable(ctx context.Context, in *nmts.Instance, bruteForce bool) (*tabular.Table, error) {
	var sol nmts.Solution
	var ok bool
	var st nmts.Stats
	var err error
	method, nodes := "backtracking", "-"
	if bruteForce {
		method = "brute force"
		sol, ok, err = nmts.BruteForce(in)
	} else {
		sol, ok, st, err = nmts.SolveContext(ctx, in)
		nodes = fmt.Sprint(st.Nodes)
	}
	if err != nil {
		return nil, err
	}
	t := &tabular.Table{Header: []string{"q", "answer", "pi", "sigma", "method", "nodes"}}
	ans, pi, sigma := "no", "-", "-"
	if ok {
		ans, pi, sigma = "yes", oneBased(sol.Pi), oneBased(sol.Sigma)
	}
	t.Add(fmt.Sprint(in.Q()), ans, pi, sigma, method, nodes)
	return t, nil
}

// BuildFile reads the NMTS instance at path and builds its reduction
// (Build), recording the file's base name in the tandem instance's
// metadata (nmts_file).
func BuildFile(path string, opt Options) (*Built, error) {
	src, err := nmts.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b, err := Build(src, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b.Tandem.Metadata["nmts_file"] = filepath.Base(path)
	return b, nil
}

// CertificatePath is where the certificate schedule of the reduced
// instance written to out goes by default: OUT.certificate.json (out's
// extension replaced).
func CertificatePath(out string) string {
	return strings.TrimSuffix(out, filepath.Ext(out)) + ".certificate.json"
}

// Verification is the outcome of VerifyFile.
type Verification struct {
	Table *tabular.Table // schedule, feasible, violations, total, y, total − y, holds
	// Violations are the first ten violations in words, then "… and N
	// more violations" when there are more.
	Violations []string
	// Err is nil when the claim holds, else an ErrNotHolds saying why.
	Err error
}

// VerifyFile checks a schedule for the reduced instance at instancePath
// against y in exact rational arithmetic: the schedule file at
// schedulePath (a float schedule file converted exactly, or an exact
// schedule file of fractions, rational.ReadScheduleFile), or ("" ) the
// certificate recorded in the instance's metadata, rebuilt exactly. No recorded certificate (a no-instance) is an
// ErrNotHolds.
func VerifyFile(instancePath, schedulePath string) (*Verification, error) {
	in, err := instances.ReadFile(instancePath)
	if err != nil {
		return nil, err
	}
	r, cert, err := FromTandem(in)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", instancePath, err)
	}
	s, what, err := verifySchedule(in, r, cert, instancePath, schedulePath)
	if err != nil {
		return nil, err
	}
	v, err := r.Check(s)
	if err != nil {
		return nil, err
	}
	t := &tabular.Table{Header: []string{"schedule", "feasible", "violations", "total", "y", "total_minus_y", "holds"}}
	diff := "-"
	if v.Total != nil {
		diff = RatString(new(big.Rat).Sub(v.Total, new(big.Rat).SetInt(r.Y)))
	}
	t.Add(what, fmt.Sprint(v.Feasible), fmt.Sprint(len(v.Report.Violations)), RatString(v.Total), r.Y.String(), diff, fmt.Sprint(v.Holds))
	out := &Verification{Table: t}
	for i, vi := range v.Report.Violations {
		if i == 10 {
			out.Violations = append(out.Violations, fmt.Sprintf("… and %d more violations", len(v.Report.Violations)-10))
			break
		}
		out.Violations = append(out.Violations, "violation: "+vi.String())
	}
	switch {
	case !v.Feasible:
		out.Err = &notHolds{instancePath + ": the schedule is infeasible in exact arithmetic"}
	case !v.Holds:
		out.Err = &notHolds{instancePath + ": the schedule costs more than y"}
	}
	return out, nil
}

// verifySchedule returns the schedule VerifyFile checks and its name in
// the table.
func verifySchedule(in *instances.Instance, r *Reduction, cert *nmts.Solution, instancePath, schedulePath string) (*rational.Schedule, string, error) {
	if schedulePath == "" {
		if cert == nil {
			return nil, "", &notHolds{instancePath + ": no certificate recorded (the NMTS instance is a no-instance); give --schedule"}
		}
		s, err := r.Certificate(*cert)
		return s, "recorded certificate (rebuilt exactly)", err
	}
	if rational.IsScheduleFile(schedulePath) { // as 'solve --exact --schedule' writes it: read exactly
		s, err := rational.ReadScheduleFile(schedulePath, r.Rational())
		return s, schedulePath, err
	}
	fs, err := schedule.ReadFile(schedulePath, in)
	if err != nil {
		return nil, "", err
	}
	s, err := rational.FromSchedule(fs)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", schedulePath, err)
	}
	return s, schedulePath, nil
}
