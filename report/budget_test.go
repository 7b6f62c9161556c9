package report

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/tabular"
)

// fakeClock is a clock that moves only when a test moves it.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// clockMethod records the time limit it is given and moves the clock: by
// its whole limit when spend is set (the worst case for the split), else
// by took.
type clockMethod struct {
	name  string
	user  bool
	spend bool
	took  time.Duration
	clock *fakeClock
	got   *[]Env
}

func (m clockMethod) Name() string                       { return m.name }
func (m clockMethod) Kind() Kind                         { return Heuristic }
func (m clockMethod) NeedsTime(*instances.Instance) bool { return m.user }
func (m clockMethod) Run(_ context.Context, _ *instances.Instance, env Env) (Outcome, error) {
	*m.got = append(*m.got, env)
	if m.spend {
		m.clock.Advance(env.TimeLimit)
	} else {
		m.clock.Advance(m.took)
	}
	return Outcome{Method: m.name, Kind: Heuristic, Status: "heuristic", Total: 1, Lower: math.NaN()}, nil
}

// TestEvaluateSplitsTheBudget: under a deadline, the methods that use time
// get equal shares of what remains, each ends by the deadline and, when
// each spends its whole share, their limits add up to at most the
// instance's time; the other methods take no share.
func TestEvaluateSplitsTheBudget(t *testing.T) {
	in := instances.Example21()
	const limit = 60 * time.Second
	for _, tc := range []struct {
		name   string
		users  int           // methods that use time, each spending its share
		others time.Duration // time of the policy run before each of them
	}{
		{"one user", 1, 0},
		{"four users", 4, 0},
		{"three users after slow policies", 3, 7 * time.Second},
		{"seven users", 7, time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
			deadline := clock.Now().Add(limit)
			var got []Env
			var ms []Method
			for i := 0; i < tc.users; i++ {
				ms = append(ms, clockMethod{name: fmt.Sprintf("policy%d", i), took: tc.others, clock: clock, got: &got},
					clockMethod{name: fmt.Sprintf("user%d", i), user: true, spend: true, clock: clock, got: &got})
			}
			_, outs, err := Evaluate(context.Background(), "ex", in, ms, Env{Deadline: deadline, Now: clock.Now})
			if err != nil {
				t.Fatal(err)
			}
			var sum time.Duration
			for k, e := range got {
				if end := e.Start.Add(e.TimeLimit); end.After(deadline) {
					t.Errorf("%s ends at %v, after the deadline %v", ms[k].Name(), end, deadline)
				}
				if ms[k].(clockMethod).user {
					sum += e.TimeLimit
				} else if e.TimeLimit != deadline.Sub(e.Start) {
					// A policy takes no share: all that remains.
					t.Errorf("%s got %v, want all that remains %v", ms[k].Name(), e.TimeLimit, deadline.Sub(e.Start))
				}
			}
			if sum > limit {
				t.Errorf("the users' limits add up to %v > the limit %v", sum, limit)
			}
			// Closed form without policy time: the i-th user gets
			// (limit − i·limit/k)/(k − i) = limit/k.
			if tc.others == 0 {
				for k, e := range got {
					if ms[k].(clockMethod).user && e.TimeLimit != limit/time.Duration(tc.users) {
						t.Errorf("%s got %v, want limit/%d = %v", ms[k].Name(), e.TimeLimit, tc.users, limit/time.Duration(tc.users))
					}
				}
			}
			if len(outs) != len(ms) {
				t.Errorf("%d outcomes for %d methods", len(outs), len(ms))
			}
		})
	}
}

// TestEvaluateSkipsAfterTheDeadline: a method that would start at or after
// the deadline is not run; its row says skipped and why, and it is neither
// a failure nor a violation.
func TestEvaluateSkipsAfterTheDeadline(t *testing.T) {
	in := instances.Example21()
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	var got []Env
	ms := []Method{
		clockMethod{name: "slow", took: 2 * time.Second, clock: clock, got: &got},
		clockMethod{name: "late", user: true, spend: true, clock: clock, got: &got},
	}
	r, _, err := Evaluate(context.Background(), "ex", in, ms, Env{Deadline: clock.Now().Add(time.Second), Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Errorf("%d methods ran, want 1 (the second starts after the deadline)", len(got))
	}
	m := method(t, r, "late")
	if m.Status != StatusSkipped || !strings.Contains(m.Note, "no time left") || m.GuaranteeCheck != "" {
		t.Errorf("late: status %q, note %q, check %q; want skipped, no time left, no check", m.Status, m.Note, m.GuaranteeCheck)
	}
	if len(r.Violations)+len(r.Errors) != 0 {
		t.Errorf("a skipped method is neither a violation nor a failure: %v %v", r.Violations, r.Errors)
	}
}

// blockingMethod runs until its context ends.
type blockingMethod struct{}

func (blockingMethod) Name() string                       { return "blocking" }
func (blockingMethod) Kind() Kind                         { return Exact }
func (blockingMethod) NeedsTime(*instances.Instance) bool { return true }
func (blockingMethod) Run(ctx context.Context, _ *instances.Instance, _ Env) (Outcome, error) {
	<-ctx.Done()
	select {} // ignores the cancellation too, as a phase that does not watch the time would
}

// TestEvaluateAbandonsAtTheShare: a method still running at the end of its
// share is abandoned with status time_limit and the next method runs.
func TestEvaluateAbandonsAtTheShare(t *testing.T) {
	in := instances.Example21()
	ms := append([]Method{blockingMethod{}}, mustResolve(t, "maxsrpt")...)
	r, _, err := Evaluate(context.Background(), "ex", in, ms, Env{Deadline: time.Now().Add(20 * time.Millisecond)})
	if err != nil {
		t.Fatal(err)
	}
	if m := method(t, r, "blocking"); m.Status != "time_limit" || !strings.Contains(m.Note, "abandoned") {
		t.Errorf("blocking: status %q, note %q; want time_limit, abandoned", m.Status, m.Note)
	}
	if m := method(t, r, "maxsrpt"); m.Status != "heuristic" && m.Status != StatusSkipped {
		t.Errorf("maxsrpt: status %q after the abandoned method", m.Status)
	}
}

// TestCellBudget: with W workers and L cells still to start, a cell gets
// 1/⌈L/W⌉ of what remains, and never ends after the deadline.
func TestCellBudget(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	start := clock.Now()
	const limit = 100 * time.Second
	b := newCellBudget(start, limit, clock.Now, 5, 2)
	end := WorkDeadline(start, limit)
	// Closed form: 5 cells on 2 workers run in ⌈5/2⌉ = 3 waves; the first
	// cell gets a third of the work time (limit − 2·0.5 s margin).
	if got, want := b.next().Sub(start), end.Sub(start)/3; got != want {
		t.Errorf("first cell: %v, want %v", got, want)
	}
	var last time.Time
	for i := 1; i < 5; i++ {
		clock.Advance(10 * time.Second)
		last = b.next()
		if last.After(end) {
			t.Errorf("cell %d ends at %v, after %v", i, last, end)
		}
	}
	// The last cell (L = 1) gets all that remains.
	if !last.Equal(end) {
		t.Errorf("last cell ends at %v, want the deadline %v", last, end)
	}
	if !newCellBudget(start, 0, clock.Now, 5, 2).next().IsZero() {
		t.Error("no time limit: the cells have no deadline")
	}
}

// TestLargeInstanceEveryRow: on 300 jobs every method's row answers: the
// exact methods above their size limit are skipped with the limit in the
// note (no total, no guarantee), local and the policies run, and the report
// has neither failures nor violations.
func TestLargeInstanceEveryRow(t *testing.T) {
	in, err := instances.PaperLogNormal(300, 0, true).Generate(instances.SeedSource(1))
	if err != nil {
		t.Fatal(err)
	}
	ms := mustResolve(t, "maxsrpt,polish,portfolio,mip,search,local,lbcount")
	r, _, err := Evaluate(context.Background(), "ln300", in, ms, Env{Deadline: time.Now().Add(2 * time.Second), Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	// The size limits of solver/exact (exact.MaxN).
	limits := map[string]string{"polish": "n = 300 > 150 jobs", "portfolio": "n = 300 > 64 jobs", "mip": "n = 300 > 60 jobs", "search": "n = 300 > 64 jobs"}
	if len(r.Methods) != len(ms) {
		t.Fatalf("%d rows for %d methods", len(r.Methods), len(ms))
	}
	for _, m := range r.Methods {
		if want, ok := limits[m.Method]; ok {
			if m.Status != StatusSkipped || !strings.HasPrefix(m.Note, want) || !math.IsNaN(float64(m.TotalResponse)) || m.GuaranteeCheck != "" {
				t.Errorf("%s: status %q, note %q, total %v, check %q; want skipped, %q, no total, no check", m.Method, m.Status, m.Note, m.TotalResponse, m.GuaranteeCheck, want)
			}
			continue
		}
		switch m.Status {
		case "heuristic", "lower_bound", "time_limit":
		default:
			t.Errorf("%s: status %q (note %q)", m.Method, m.Status, m.Note)
		}
	}
	if len(r.Violations)+len(r.Errors) != 0 {
		t.Errorf("violations %v, failures %v", r.Violations, r.Errors)
	}
	// The table says why a method was skipped, in its row.
	var b strings.Builder
	if err := Build([]InstanceResult{r}).Write(&b, tabular.Text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "skipped: n = 300 > 64 jobs") {
		t.Errorf("the table does not say why portfolio was skipped:\n%s", b.String())
	}
}

// TestCompareTimeLimit: compare runs every policy within the time limit
// and, once the limit is over, runs none: their rows say skipped and why,
// which is not a failure.
func TestCompareTimeLimit(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name    string
		now     time.Time
		skipped int
	}{
		{"in time", t0, 0},
		// mip.Deadline(t0, 10 s) = t0 + 9.5 s: every policy would start after it.
		{"after the limit", t0.Add(9500 * time.Millisecond), 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := &fakeClock{t: tc.now}
			out, err := Compare(CompareConfig{Example: true, K: 1, Speed: 1, TimeLimit: 10 * time.Second, Start: t0, Now: clock.Now})
			if err != nil || out.Failed != nil {
				t.Fatalf("err %v, failed %v", err, out.Failed)
			}
			rows := out.View.Tables[0].Rows
			// fluid.ComparePolicies: seven policies.
			if len(rows) != 7 {
				t.Fatalf("%d rows, want 7", len(rows))
			}
			n := 0
			for _, r := range rows {
				if v := r[len(r)-1]; strings.HasPrefix(v, "skipped: no time left") {
					n++
				} else if v != "true" {
					t.Errorf("%s: valid %q", r[0], v)
				}
			}
			if n != tc.skipped {
				t.Errorf("%d policies skipped, want %d", n, tc.skipped)
			}
		})
	}
}

// An interrupted comparison (its context cancelled, as SIGINT does) still
// answers: every policy that had not started has a row that says so, with
// or without a time limit, and nothing counts as a failure.
func TestCompareInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, limit := range []time.Duration{0, 10 * time.Second} {
		out, err := Compare(CompareConfig{Example: true, K: 1, Speed: 1, TimeLimit: limit, Context: ctx})
		if err != nil || out.Failed != nil {
			t.Fatalf("limit %v: err %v, failed %v", limit, err, out.Failed)
		}
		rows := out.View.Tables[0].Rows
		if len(rows) != 7 { // fluid.ComparePolicies: seven policies
			t.Fatalf("limit %v: %d rows, want 7", limit, len(rows))
		}
		for _, r := range rows {
			if v := r[len(r)-1]; !strings.HasPrefix(v, "skipped: interrupted") {
				t.Errorf("limit %v: %s: %q, want skipped: interrupted…", limit, r[0], v)
			}
		}
	}
}
