package report

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/tolerance"
)

// PlanJob is one job of a plan: what a planner reads off a schedule.
// Times are in the instance's time unit; the *Clock fields are the same
// times as clock times when the instance states a night start
// (instances.ClockOf), "" otherwise.
type PlanJob struct {
	Rank    int    // 1 for the first job to complete (ties: file order)
	Job     string // job id
	Index   int    // index into the instance's Jobs
	Weight  float64
	Map     float64
	Shuffle float64
	// After are the ids of the job's predecessors (in the file's order).
	After   []string
	Release float64
	// Start is the first instant the job is served (map or shuffle); a job
	// of size zero is never served and starts at its completion.
	Start      float64
	Completion float64
	Response   float64 // Completion − Release
	HasDue     bool
	Due        float64 // meaningful when HasDue
	// Late is true when the job completes after its deadline
	// (tolerance.LE, as the validator decides); Lateness is C − d
	// (negative: the slack of a job on time), NaN without a deadline.
	Late     bool
	Lateness float64

	ReleaseClock, StartClock, CompletionClock, DueClock string
}

// Plan lists the jobs of s on in in completion order (ties: file order),
// each with its first service, completion, predecessors and deadline.
func Plan(in *instances.Instance, s *schedule.Schedule) []PlanJob {
	n := in.N()
	start := figures.FirstService(s, n)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return s.Completion[idx[a]] < s.Completion[idx[b]] })
	clock := instances.ClockOf(in.Metadata)
	rows := make([]PlanJob, n)
	for k, j := range idx {
		jb := in.Jobs[j]
		c := s.Completion[j]
		st := start[j]
		if math.IsNaN(st) {
			st = c
		}
		p := PlanJob{Rank: k + 1, Job: jb.ID, Index: j, Weight: in.Weight(j), Map: jb.Map, Shuffle: jb.Shuffle,
			Release: jb.Release, Start: st, Completion: c, Response: c - jb.Release, Lateness: math.NaN(),
			ReleaseClock: clock.Format(jb.Release), StartClock: clock.Format(st), CompletionClock: clock.Format(c)}
		for _, i := range jb.After {
			p.After = append(p.After, in.Jobs[i].ID)
		}
		if jb.HasDue {
			p.HasDue, p.Due, p.DueClock = true, jb.Due, clock.Format(jb.Due)
			p.Lateness = c - jb.Due
			p.Late = !tolerance.LE(c, jb.Due)
		}
		rows[k] = p
	}
	return rows
}

// PlanHeader is the header of PlanTable: the same fields in every format.
var PlanHeader = []string{"rank", "job", "weight", "map", "shuffle", "after", "release", "start", "completion", "response", "due", "late", "lateness"}

// PlanTable returns the plan as a table in format f: times as clock times
// when the plan has them, otherwise numbers (full precision in JSON and
// CSV, 6 significant digits for people); "after" lists the predecessors
// separated by ';' (as in the CSV instance files); "late" is "yes" or "no"
// for a job with a deadline and empty otherwise.
func PlanTable(title string, plan []PlanJob, f tabular.Format) *tabular.Table {
	num := tabular.Human
	if f == tabular.JSON || f == tabular.CSV {
		num = tabular.Float
	}
	at := func(v float64, clock string) string {
		if clock != "" {
			return clock
		}
		return num(v)
	}
	t := &tabular.Table{Title: title, Header: PlanHeader,
		RightAlign: []bool{true, false, true, true, true, false, true, true, true, true, true, false, true}}
	for _, p := range plan {
		due, late, lateness := "", "", ""
		if p.HasDue {
			due, late, lateness = at(p.Due, p.DueClock), "no", num(p.Lateness)
			if p.Late {
				late = "yes"
			}
		}
		t.Add(strconv.Itoa(p.Rank), p.Job, num(p.Weight), num(p.Map), num(p.Shuffle), strings.Join(p.After, ";"),
			at(p.Release, p.ReleaseClock), at(p.Start, p.StartClock), at(p.Completion, p.CompletionClock), num(p.Response),
			due, late, lateness)
	}
	return t
}

// PlanLate summarises the deadlines of a plan: the jobs with one, the late
// ones (their ids in plan order), the largest lateness C − d and the
// weighted tardiness Σ w max(0, C − d) (what the validator reports as
// validate.Lateness).
type PlanLate struct {
	Jobs              int
	Late              []string
	MaxLateness       float64
	WeightedTardiness float64
}

// Deadlines returns the PlanLate of plan; Jobs is 0 when no job has a
// deadline.
func Deadlines(plan []PlanJob) PlanLate {
	l := PlanLate{MaxLateness: math.Inf(-1)}
	for _, p := range plan {
		if !p.HasDue {
			continue
		}
		l.Jobs++
		l.MaxLateness = math.Max(l.MaxLateness, p.Lateness)
		if p.Late {
			l.Late = append(l.Late, p.Job)
			l.WeightedTardiness += p.Weight * p.Lateness
		}
	}
	return l
}

// String says in one line how the plan meets its deadlines.
func (l PlanLate) String() string {
	if l.Jobs == 0 {
		return "no deadlines"
	}
	if len(l.Late) == 0 && l.Jobs == 1 {
		return fmt.Sprintf("the deadline is met (slack d − C: %s)", tabular.Human(-l.MaxLateness))
	}
	if len(l.Late) == 0 {
		return fmt.Sprintf("all %d deadlines met (smallest slack d − C: %s)", l.Jobs, tabular.Human(-l.MaxLateness))
	}
	return fmt.Sprintf("%d of %d jobs late (%s); max lateness %s, weighted tardiness %s", len(l.Late), l.Jobs,
		strings.Join(l.Late, ", "), tabular.Human(l.MaxLateness), tabular.Human(l.WeightedTardiness))
}
