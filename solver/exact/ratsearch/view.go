package ratsearch

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// Exact numbers in the JSON forms below are strings written by
// big.Rat.RatString: an integer as "p", any other rational as "p/q" in
// lowest terms with q > 0 ("-32/9", "4645057/9", "12").

// JSONJob is one job of a JSONResult.
type JSONJob struct {
	ID         string `json:"id"`
	Release    string `json:"release"`
	Map        string `json:"map"`
	Shuffle    string `json:"shuffle"`
	Completion string `json:"completion"`
	Response   string `json:"response"`
	// Weight (present when some weight is not 1) and After (the ids of
	// the job's predecessors, when it has any).
	Weight string   `json:"weight,omitempty"`
	After  []string `json:"after,omitempty"`
}

// JSONResult is the machine-readable form of a Result (mrsched solve
// --exact --format json).
type JSONResult struct {
	Instance    string          `json:"instance"`
	Method      string          `json:"method"`
	Status      string          `json:"status"`
	Objective   string          `json:"objective"`
	LowerBound  string          `json:"lower_bound"`
	BoundSource mip.BoundSource `json:"bound_source"`
	// OPTProof is "rational" (exact.ProofRational) when the objective is
	// proven optimal: the bound equals it as fractions.
	OPTProof string `json:"opt_proof,omitempty"`
	// Gap is (objective − lower bound)/objective, exactly.
	Gap       string `json:"gap"`
	RootBound string `json:"root_bound"`
	// ObjectiveFloat and LowerBoundFloat are the nearest float64 values
	// (for plotting; the strings are the answer).
	ObjectiveFloat  float64 `json:"objective_float"`
	LowerBoundFloat float64 `json:"lower_bound_float"`
	// Verified: the schedule passed rational.Verify (always true: a
	// schedule that does not is an error, never an answer).
	Verified    bool      `json:"verified"`
	Order       []string  `json:"order"`
	Nodes       int64     `json:"nodes"`
	LPs         int64     `json:"lps"`
	PrefixLPs   int64     `json:"prefix_lps"`
	Pivots      int64     `json:"pivots"`
	TimeSeconds float64   `json:"time_seconds"`
	Jobs        []JSONJob `json:"jobs"`
}

// MethodName names the exact rational search in answers.
const MethodName = "exact rational search"

// Gap returns (objective − bound)/objective exactly (0 for a zero
// objective).
func (r *Result) Gap() *big.Rat {
	if r.Objective.Sign() == 0 {
		return new(big.Rat)
	}
	g := new(big.Rat).Sub(r.Objective, r.LowerBound)
	return g.Quo(g, r.Objective)
}

// View is the answer for people and programs: JSON a JSONResult; text and
// Markdown a summary (decimals rounded to 6 places next to the exact
// fractions) and a table of the jobs (with weight and after columns when
// the instance has weights or dependencies); CSV the table.
func (r *Result) View(path string, in *rational.Instance) *tabular.View {
	f := func(x *big.Rat) float64 { v, _ := x.Float64(); return v }
	o := JSONResult{Instance: path, Method: MethodName, Status: r.Status.String(), Objective: r.Objective.RatString(),
		LowerBound: r.LowerBound.RatString(), BoundSource: r.BoundSource, Gap: r.Gap().RatString(),
		RootBound: r.RootBound.RatString(), ObjectiveFloat: f(r.Objective), LowerBoundFloat: f(r.LowerBound),
		Verified: true, Nodes: r.Stats.Nodes, LPs: r.Stats.LPs, PrefixLPs: r.Stats.PrefixLPs, Pivots: r.Stats.Pivots,
		TimeSeconds: r.Stats.Elapsed.Seconds()}
	if r.Status == mip.Optimal {
		o.OPTProof = exact.ProofRational
	}
	for _, j := range r.Order {
		o.Order = append(o.Order, in.Jobs[j].ID)
	}
	t := &tabular.Table{Header: []string{"id", "release", "map", "shuffle", "completion", "completion (exact)", "response (exact)"},
		RightAlign: []bool{false, true, true, true, true, true, true}}
	weighted, dag := in.HasWeights(), in.HasDependencies()
	if weighted {
		t.Header = append(t.Header, "weight")
		t.RightAlign = append(t.RightAlign, true)
	}
	if dag {
		t.Header = append(t.Header, "after")
		t.RightAlign = append(t.RightAlign, false)
	}
	for i, j := range in.Jobs {
		c := r.Schedule.Completion[i]
		resp := new(big.Rat).Sub(c, j.Release)
		jj := JSONJob{ID: j.ID, Release: j.Release.RatString(), Map: j.Map.RatString(),
			Shuffle: j.Shuffle.RatString(), Completion: c.RatString(), Response: resp.RatString()}
		row := []string{j.ID, j.Release.RatString(), j.Map.RatString(), j.Shuffle.RatString(), c.FloatString(6), c.RatString(), resp.RatString()}
		if weighted {
			jj.Weight = in.W(i).RatString()
			row = append(row, jj.Weight)
		}
		if dag {
			for _, p := range j.After {
				jj.After = append(jj.After, in.Jobs[p].ID)
			}
			row = append(row, strings.Join(jj.After, ";"))
		}
		o.Jobs = append(o.Jobs, jj)
		t.Add(row...)
	}
	var h strings.Builder
	fmt.Fprintf(&h, "method %s: %s, objective %s (≈ %s), lower bound %s (≈ %s, %s), gap %s\n",
		MethodName, o.Status, o.Objective, r.Objective.FloatString(6), o.LowerBound, r.LowerBound.FloatString(6),
		o.BoundSource, o.Gap)
	fmt.Fprintf(&h, "%d nodes, %d LPs, %d prefix LPs, %d pivots, %.3gs; schedule verified exactly (rational.Verify)\norder %s\n",
		o.Nodes, o.LPs, o.PrefixLPs, o.Pivots, o.TimeSeconds, strings.Join(o.Order, ","))
	return &tabular.View{Value: o, Head: h.String(), Tables: []*tabular.Table{t}}
}

// jsonRate, jsonSegment and jsonSchedule are the exact schedule file.
type jsonRate struct {
	Job     string `json:"job"`
	Map     string `json:"map"`
	Shuffle string `json:"shuffle"`
}

type jsonSegment struct {
	Start string     `json:"start"`
	End   string     `json:"end"`
	Rates []jsonRate `json:"rates"`
}

type jsonCompletion struct {
	Job        string `json:"job"`
	Completion string `json:"completion"`
}

type jsonSchedule struct {
	Kind        string           `json:"kind"`
	Note        string           `json:"note"`
	Segments    []jsonSegment    `json:"segments"`
	Completions []jsonCompletion `json:"completions"`
}

// ScheduleKind is the "kind" of the exact schedule file.
const ScheduleKind = "exact-schedule"

// ScheduleJSON writes an exact schedule: segments [start, end) with each
// job's map and shuffle rates, and the completion times, every number a
// string "p" or "p/q" (big.Rat.RatString); jobs by id.
func ScheduleJSON(in *rational.Instance, s *rational.Schedule) ([]byte, error) {
	out := jsonSchedule{Kind: ScheduleKind, Note: "exact rationals (\"p\" or \"p/q\"); verified by rational.Verify (model (1) of Lin et al. §2.1)"}
	for _, seg := range s.Segments {
		js := jsonSegment{Start: seg.Start.RatString(), End: seg.End.RatString(), Rates: []jsonRate{}}
		for _, rt := range seg.Rates {
			js.Rates = append(js.Rates, jsonRate{Job: in.Jobs[rt.Job].ID, Map: rt.Map.RatString(), Shuffle: rt.Shuffle.RatString()})
		}
		out.Segments = append(out.Segments, js)
	}
	for i, c := range s.Completion {
		if c == nil {
			return nil, fmt.Errorf("%w: job %s has no completion time", ErrInput, in.Jobs[i].ID)
		}
		out.Completions = append(out.Completions, jsonCompletion{Job: in.Jobs[i].ID, Completion: c.RatString()})
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
