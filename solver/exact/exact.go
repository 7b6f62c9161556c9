package exact

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/exact/polish"
	"github.com/mrsched/mrsched/solver/exact/portfolio"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/orderls"
	"github.com/mrsched/mrsched/tolerance"
)

// ErrMethod is returned for an unknown method or missing arguments.
var ErrMethod = errors.New("exact: invalid method")

// Options for Solve.
type Options struct {
	Method string // portfolio (default), mip, search, order-lp, polish or a fluid policy
	Order  []int  // for order-lp (job indices)
	// TimeLimit bounds the whole call, counted from Start (0: none): every
	// phase (engine loading, model building, solving, polishing, bounds,
	// validation) ends by mip.Deadline(Start, TimeLimit), which leaves
	// mip.OutputMargin(TimeLimit) for the caller to write the answer.
	TimeLimit time.Duration
	// Start is when the time limit began (zero: when Solve is called). A
	// command passes its process start so that the limit covers start-up.
	Start time.Time
	// Now is the clock (nil: time.Now); tests inject one.
	Now      func() time.Time
	K        int          // k of klps
	Progress func(string) // progress lines (search), may be nil
	// NoLPBound skips the LP relaxation bound (which needs the engine).
	NoLPBound bool
	// GapLimit is the relative gap (objective − bound)/objective at which
	// the methods stop and the answer's status is "gap limit" (when not
	// optimal under the tolerance policy): 0 means DefaultGapLimit, a
	// negative value none.
	GapLimit float64
	// Deadlines is DeadlinesSoft ("": the same) or DeadlinesHard.
	Deadlines string

	lowerBound float64 // the best instance bound known before the method
	// incumbent, when set, holds (as float64 bits) the objective of a
	// schedule found beside the method, shown in its progress lines.
	incumbent *atomic.Uint64
	// listed, when set, receives the local method's list-search candidate
	// as soon as that search returns, so that Solve can answer with it
	// when the method does not return by the deadline (a starved
	// machine) instead of the far weaker fluid heuristics.
	listed *atomic.Pointer[candidate]
}

// DefaultGapLimit is the gap limit of Options.GapLimit = 0: the relative
// accuracy of the LP and MIP engines' values (engineAccuracy). A bound
// this close to the objective is as tight as the engines can prove; the
// status says "gap limit", never "optimal".
const DefaultGapLimit = engineAccuracy

// gapLimit returns the effective gap limit (0: none).
func (o Options) gapLimit() float64 {
	switch {
	case o.GapLimit == 0:
		return DefaultGapLimit
	case o.GapLimit < 0:
		return 0
	}
	return o.GapLimit
}

func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// Answer is the uniform result. Solve fills it through one finaliser: in
// the embedded mip.Answer, Objective is the validator's total response of
// Schedule, LowerBound the best proven bound (BoundSource says which), Gap
// is mip.Gap(Objective, LowerBound), and Status is StatusOptimal exactly
// when LowerBound meets Objective under the tolerance policy. An
// infeasible answer (hard deadlines) has no schedule, and NaN objective,
// bound and gap.
type Answer struct {
	mip.Answer
	Method         string
	Engine         string
	Bounds         []Bound // every proven bound computed, best first
	ScheduleSource string  // who found Schedule (the method, or a fallback)
	GapLimit       float64 // the gap at which the methods stop (0: none)
	Order          []int
	Nodes          int64
	LPs            int64
	Time           time.Duration
	Detail         map[string]float64 // method-specific numbers (starts of polish, …)
	// Notes say what happened besides the method's normal run (an engine
	// not ready in time, a fallback schedule, a bound left out).
	Notes []string
	// InfeasibleBy names the proof of StatusInfeasible (hard deadlines):
	// InfeasibleByCertificate (then Certificate is the checked proof) or
	// the deadline MIP and its engine.
	InfeasibleBy string
	Certificate  *bounds.DeadlineCertificate
}

// Methods lists the method names Solve accepts besides fluid policies.
var Methods = []string{"portfolio", "mip", "search", "order-lp", "polish", "local"}

// Largest instances each exact method runs on (Solve runs "local", the
// list-schedule local search of package orderls, above them, with a note):
// the search keeps its prefix sets in 64-bit words, the MIP's O(n²) order
// binaries need gigabytes beyond MIPMaxN, and polish solves one fixed-order
// LP per move (a fraction of a second each at 100 jobs).
const (
	SearchMaxN = 64
	MIPMaxN    = 60
	PolishMaxN = 150
)

// MaxN returns the largest instance method runs on (0: any size); above
// it Solve runs "local" instead, with a note.
func MaxN(method string) int { return maxN(strings.ToLower(method)) }

// maxN returns the largest instance method runs on (0: any size).
func maxN(method string) int {
	switch method {
	case "portfolio", "search":
		return SearchMaxN
	case "mip":
		return MIPMaxN
	case "polish":
		return PolishMaxN
	}
	return 0
}

// DefaultMethod is the method of an empty Options.Method: the portfolio
// (package portfolio) of the search and a MIP engine side by side.
const DefaultMethod = "portfolio"

// heuristics are the fluid policies every answer can fall back on (no
// engine, O(n log n) each).
func heuristics() []fluid.Policy {
	return []fluid.Policy{fluid.MaxSRPT(), fluid.SplitSRPT(), fluid.FIFO(), fluid.PS()}
}

// recordMaxN is the largest instance whose processor-sharing schedule
// (every job in every segment: O(n²) rates) a fallback may keep.
const recordMaxN = 2000

// simMaxN is the largest instance on which every fluid heuristic runs as
// a fallback or a candidate: on a batch of 10⁵ jobs, all present at once,
// MaxSRPT took 34 s and PS 6 minutes (each arrival placed in a sorted
// array or a shared rate), so above it only FIFO and SplitSRPT run.
const simMaxN = 20000

// bestHeuristic returns the best schedule of the fluid heuristics: each is
// simulated without its schedule (O(n) memory), and the best one again
// with it; above recordMaxN jobs the processor-sharing policy, whose
// schedule has O(n²) rates, is left out.
func bestHeuristic(in *instances.Instance, label string) (candidate, float64, error) {
	var bp fluid.Policy
	bv := math.Inf(1)
	for _, p := range heuristics() {
		if p.Name() == "ps" && in.N() > recordMaxN || in.N() > simMaxN && p.Name() != "fifo" && p.Name() != "splitsrpt" {
			continue
		}
		r, err := fluid.Simulate(in, p, fluid.Options{})
		if err != nil {
			return candidate{}, 0, err
		}
		if v := in.WeightedResponse(r.Completion); v < bv {
			bv, bp = v, p
		}
	}
	r, err := fluid.Simulate(in, bp, fluid.Options{Record: true})
	if err != nil {
		return candidate{}, 0, err
	}
	return candidate{schedule: r.Schedule, source: label + bp.Name(), order: orderlp.PlanFromCompletions(in, r.Completion).Order}, in.WeightedResponse(r.Completion), nil
}

// fallback returns the schedule a method that could not answer leaves
// the answer to: the best fluid heuristic, and above simMaxN jobs, where
// only FIFO and SplitSRPT run and cost as much, the list schedule of the
// best starting order of package orderls instead (its dispatch rules, no
// search). On a log-normal batch of 10⁵ jobs on a starved machine the
// fluid fallback's gap was 19 %.
func fallback(in *instances.Instance) (candidate, error) {
	if in.N() <= simMaxN {
		c, _, err := bestHeuristic(in, "fallback ")
		return c, err
	}
	// A deadline long past stops the search at its first look at the
	// clock, after the starting orders.
	r, err := orderls.Solve(context.Background(), in, orderls.Options{Deadline: time.Unix(1, 0)})
	if err != nil {
		return candidate{}, err
	}
	return candidate{schedule: r.Schedule, order: r.Order, source: "fallback list schedule (" + r.Start + ")"}, nil
}

// Solve runs opt.Method on in and returns the best answer the toolkit
// knows: the method's schedule (or a better heuristic one, labelled), the
// best proven lower bound of the method and of Bounds (LP relaxation
// included when eng is not nil), and the status. eng may be nil for fluid
// policies and for batches solved by search or polish (package fastlp).
//
// With a time limit, Solve returns by mip.Deadline(opt.Start, opt.TimeLimit)
// (up to one engine time check): a method that cannot answer in time (an
// engine not ready, a MIP without incumbent, a method not back by the
// deadline) is replaced, with status "time limit" and a note, by the list
// search's schedule when one was found by then (the local method's or the
// seed), else by the fallback (the best fluid heuristic; above simMaxN
// jobs the list schedule of the best starting order).
func Solve(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options) (*Answer, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if err := CheckDeadlines(opt.Deadlines); err != nil {
		return nil, err
	}
	if strings.EqualFold(opt.Deadlines, DeadlinesHard) && in.HasDeadlines() {
		return solveHard(ctx, eng, in, opt)
	}
	t0 := opt.now()
	start := opt.Start
	if start.IsZero() {
		start = t0
	}
	a, method, policy, err := resolveMethod(eng, in, opt)
	if err != nil {
		return nil, err
	}
	deadline := mip.Deadline(start, opt.TimeLimit)
	if !deadline.IsZero() {
		// Leave the time to compare with the fluid heuristics, validate,
		// and present and write an answer of this size, at most a
		// quarter of the limit.
		deadline = deadline.Add(-min(opt.TimeLimit/4, time.Duration(in.N())*AfterPerJob))
		var cancel context.CancelFunc
		// The context's deadline is the same instant on the real clock.
		ctx, cancel = context.WithDeadline(ctx, time.Now().Add(deadline.Sub(t0)))
		defer cancel()
	}
	// remaining is the method's own limit (engines and the search also
	// watch ctx): never 0, which would mean "none".
	remaining := func() time.Duration {
		if deadline.IsZero() {
			return 0
		}
		return max(deadline.Sub(opt.now()), time.Nanosecond)
	}
	stopOf := func() stopReason {
		switch err := ctx.Err(); {
		case err == nil:
			if !deadline.IsZero() && !opt.now().Before(deadline) {
				return stopTimeLimit
			}
			return stopDone
		case errors.Is(err, context.DeadlineExceeded):
			return stopTimeLimit
		default:
			return stopInterrupted
		}
	}
	// The subset bound (a dynamic program over 2^n subsets, up to a
	// second at n = 20 on a loaded machine) before the method, given up at
	// the deadline; the search and the portfolio compute it themselves
	// (their root bound), so it is not computed twice for them.
	bs, pending := startBounds(ctx, in)
	nStart := len(bs)
	opt.lowerBound = math.Inf(-1)
	for _, b := range bs {
		opt.lowerBound = max(opt.lowerBound, b.Value)
	}
	if method != "search" && method != "portfolio" {
		bs = appendSubsetBound(ctx, in, bs, a)
	}
	var (
		c   candidate
		mbs []Bound
	)
	pre := listSeed(ctx, in, opt, method, remaining)
	opt.listed = new(atomic.Pointer[candidate])
	if policy == nil && !deadline.IsZero() && !opt.now().Before(deadline) {
		// The time limit is over before the method could start (a
		// policy, O(n log n), always runs).
		err = fmt.Errorf("%w: the time limit ended before %s could start", errNoTime, method)
	} else {
		c, mbs, err = runWithin(ctx, mip.OutputMargin(opt.TimeLimit)/2, method, a, func(ma *Answer) (candidate, []Bound, error) {
			return runMethod(ctx, eng, in, opt, method, policy, remaining, ma)
		})
	}
	bs = append(bs, mbs...)
	if l := opt.listed.Load(); l != nil && errors.Is(err, errNoTime) {
		if pre.schedule == nil {
			pre = *l
		} else {
			pre = better(in, pre, *l)
		}
	}
	if c, err = settle(ctx, in, method, policy, a, c, pre, err, stopOf); err != nil {
		return nil, err
	}
	bs = appendLPRelaxation(ctx, eng, in, opt, policy, c, bs, a)
	if full := awaitBounds(ctx, mip.OutputMargin(opt.TimeLimit)/4, pending, a); full != nil {
		bs = append(full, bs[nStart:]...) // the fast bounds are among them
	}
	a.GapLimit = opt.gapLimit()
	if err := finalise(in, a, c, bs); err != nil {
		return nil, err
	}
	a.Time = opt.now().Sub(t0)
	return a, nil
}

// resolveMethod normalises opt.Method (empty: DefaultMethod; above the
// method's size limit: local, with a note), checks that it can run (an
// order for order-lp, an engine for mip and order-lp) or parses it as a
// fluid policy, and returns the answer being built, the method and the
// policy (nil for an exact method).
func resolveMethod(eng mip.Engine, in *instances.Instance, opt Options) (*Answer, string, fluid.Policy, error) {
	method := strings.ToLower(opt.Method)
	if method == "" {
		method = DefaultMethod
	}
	a := &Answer{Method: method, Detail: map[string]float64{}}
	if m := maxN(method); m > 0 && in.N() > m {
		a.Notes = append(a.Notes, fmt.Sprintf("%s runs on at most %d jobs; ran local (list-schedule local search) on these %d", method, m, in.N()))
		method = "local"
		a.Method = method
	}
	var policy fluid.Policy
	switch method {
	case "portfolio", "mip", "search", "order-lp", "polish", "local":
		if method == "order-lp" && len(opt.Order) != in.N() {
			return nil, "", nil, fmt.Errorf("%w: order-lp needs --order with all %d job ids", ErrMethod, in.N())
		}
		// Only the MIP and the fixed-order LP need an engine: the search,
		// polish and the portfolio's search evaluate plans with fastlp
		// (fastlp.Release with release dates), and the portfolio's MIP is
		// a program of its own (portfolio.ChooseMIP).
		if eng == nil && (method == "mip" || method == "order-lp") {
			return nil, "", nil, fmt.Errorf("%w: method %q needs an LP/MIP engine", ErrMethod, opt.Method)
		}
	default:
		p, err := fluid.ParsePolicy(method, opt.K, opt.Order)
		if err != nil {
			return nil, "", nil, fmt.Errorf("%w %q (want %s or a policy: %v)", ErrMethod, opt.Method, strings.Join(Methods, ", "), err)
		}
		policy = p
	}
	if eng != nil && policy == nil { // a policy uses no engine
		a.Engine = eng.Name()
	}
	return a, method, policy, nil
}

// appendSubsetBound appends the subset bound (a dynamic program over 2^n
// subsets, up to a second at n = 20 on a loaded machine) to bs, or notes
// that it was left out when ctx is done first.
func appendSubsetBound(ctx context.Context, in *instances.Instance, bs []Bound, a *Answer) []Bound {
	subset := make(chan []Bound, 1)
	go func() { subset <- subsetBound(in) }()
	select {
	case sb := <-subset:
		bs = append(bs, sb...)
	case <-ctx.Done():
		a.Notes = append(a.Notes, "subset bound left out: not computed by the deadline")
	}
	return bs
}

// settle returns the candidate Solve answers with, given the method's
// candidate c and error err: the fallback heuristics' schedule when the
// method could not answer in time, else the best of c, the fluid
// heuristics (exact methods but order-lp) and the list-schedule seed pre.
// Any other error of the method is returned.
func settle(ctx context.Context, in *instances.Instance, method string, policy fluid.Policy, a *Answer, c, pre candidate, err error, stopOf func() stopReason) (candidate, error) {
	if err != nil {
		// A method that could not answer in time (engine not ready, no
		// incumbent, an LP cut off) leaves the answer to the fallback.
		if ctx.Err() == nil && !errors.Is(err, mip.ErrNotReady) && !errors.Is(err, errNoIncumbent) && !errors.Is(err, errNoTime) {
			return candidate{}, err
		}
		if errors.Is(err, errNoTime) && pre.schedule != nil {
			// The time is over: no fluid heuristic is simulated (seconds
			// at 10⁵ jobs on a starved machine) beside a list search's
			// schedule, which is far better at that size.
			a.Notes = append(a.Notes, fmt.Sprintf("%s: %v; schedule from its list search", method, err))
			pre.stop = max(stopOf(), stopTimeLimit)
			return pre, nil
		}
		a.Notes = append(a.Notes, fmt.Sprintf("%s: %v; schedule from the fallback heuristics", method, err))
		fb, ferr := fallback(in)
		if ferr != nil {
			return candidate{}, ferr
		}
		fb.stop = max(stopOf(), stopTimeLimit) // interrupted, else time limit
		c = better(in, fb, pre)
	} else if policy == nil && method != "order-lp" {
		// The best schedule found: a heuristic one when the method's is worse.
		if h, hv, herr := bestHeuristic(in, "heuristic "); herr == nil && c.schedule != nil && hv < in.WeightedResponse(c.schedule.Completion)-tolerance.Slack(hv, in.WeightedResponse(c.schedule.Completion)) {
			h.stop = c.stop
			c = h
		}
		c = better(in, c, pre)
	}
	return c, nil
}

// appendLPRelaxation appends the LP relaxation bound for the exact methods
// (a policy's answer does not load the LP engine: start-up time; 'mrsched
// bound' and Bounds give it), unless the answer is proven already or the
// MIP's dual bound (never below its root LP) is known.
func appendLPRelaxation(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options, policy fluid.Policy, c candidate, bs []Bound, a *Answer) []Bound {
	if eng != nil && policy == nil && !opt.NoLPBound && in.N() <= lpRelaxationMaxN && !provenBy(bs, c, in) && !hasSource(bs, mip.SourceMIP) && ctx.Err() == nil {
		v, err := within(ctx, mip.OutputMargin(opt.TimeLimit)/2, func() (float64, error) { return mipform.LPRelaxation(ctx, eng, in) })
		if err != nil {
			a.Notes = append(a.Notes, fmt.Sprintf("lp_relaxation bound left out: %v", err))
		} else {
			bs = append(bs, Bound{mip.SourceLPRelaxation, v})
		}
	}
	return bs
}

// AfterPerJob is the time per job that Solve keeps, before the time
// limit's end, for what follows its methods: the fluid heuristics'
// schedules (FIFO, SplitSRPT, MaxSRPT), validation, and the caller's
// table and JSON with provenance. Measured on a 10⁵-job DAG night on a
// loaded 2-core machine: heuristics and validation about 1 s, the table
// 0.3 s, encoding 0.65 s, the provenance 0.2 s; 25 µs a job leaves room.
const AfterPerJob = 25 * time.Microsecond

// hasSource reports whether bs holds a bound from source.
func hasSource(bs []Bound, source mip.BoundSource) bool {
	for _, b := range bs {
		if b.Source == source {
			return true
		}
	}
	return false
}

// provenBy reports whether the bounds already prove c optimal.
func provenBy(bs []Bound, c candidate, in *instances.Instance) bool {
	if c.schedule == nil {
		return false
	}
	obj := in.WeightedResponse(c.schedule.Completion)
	for _, b := range bs {
		if tolerance.GE(b.Value, obj) {
			return true
		}
	}
	return false
}

// runWithin runs a method on its own goroutine and waits for it until ctx
// is done and then at most grace longer: a method that has not returned by
// then (a phase that does not watch the deadline) is abandoned, with
// errNoTime, so that the caller's time limit holds whatever the method
// does; the abandoned method runs on until it notices ctx. The method
// fills its own Answer, merged into a only when it returns in time.
func runWithin(ctx context.Context, grace time.Duration, method string, a *Answer, run func(*Answer) (candidate, []Bound, error)) (candidate, []Bound, error) {
	type result struct {
		c   candidate
		bs  []Bound
		err error
		ma  *Answer
	}
	done := make(chan result, 1)
	ma := &Answer{Engine: a.Engine, Detail: map[string]float64{}} // before the goroutine: a is the caller's
	go func() {
		c, bs, err := run(ma)
		done <- result{c, bs, err, ma}
	}()
	var r result
	select {
	case r = <-done:
	case <-ctx.Done():
		t := time.NewTimer(grace)
		defer t.Stop()
		select {
		case r = <-done:
		case <-t.C:
			return candidate{}, nil, fmt.Errorf("%w: %s did not return by the deadline", errNoTime, method)
		}
	}
	a.Engine, a.Nodes, a.LPs = r.ma.Engine, r.ma.Nodes, r.ma.LPs
	for k, v := range r.ma.Detail {
		a.Detail[k] = v
	}
	a.Notes = append(a.Notes, r.ma.Notes...)
	return r.c, r.bs, r.err
}

// within runs f on its own goroutine and gives up with errNoTime when ctx
// is done and f has not returned grace later.
func within(ctx context.Context, grace time.Duration, f func() (float64, error)) (float64, error) {
	type result struct {
		v   float64
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case r := <-done:
		return r.v, r.err
	case <-t.C:
		return 0, fmt.Errorf("%w: not done by the deadline", errNoTime)
	}
}

// errNoTime: the deadline had passed before the method started.
var errNoTime = errors.New("exact: no time left")

// errNoIncumbent: the MIP stopped without a solution.
var errNoIncumbent = errors.New("exact: the MIP stopped without a solution")

// runMethod runs one method and returns its schedule and its proven bounds.
func runMethod(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options, method string, policy fluid.Policy, remaining func() time.Duration, a *Answer) (candidate, []Bound, error) {
	switch method {
	case "portfolio":
		return runPortfolio(ctx, eng, in, opt, remaining, a)
	case "mip":
		return runMIP(ctx, eng, in, opt, remaining, a)
	case "search":
		return runSearch(ctx, eng, in, opt, remaining, a)
	case "order-lp":
		return runOrderLP(ctx, eng, in, opt, remaining, a)
	case "local":
		return runLocal(ctx, in, opt, remaining, a)
	case "polish":
		return runPolish(ctx, eng, in, opt, remaining, a)
	}
	r, err := fluid.Simulate(in, policy, fluid.Options{Record: true})
	if err != nil {
		return candidate{}, nil, err
	}
	return candidate{schedule: r.Schedule, source: policy.Name(), order: orderlp.PlanFromCompletions(in, r.Completion).Order}, nil, nil
}

// runPortfolio runs the portfolio (the search with a MIP alongside) and returns
// its schedule and its bound, labelled with the portfolio member that proved it.
func runPortfolio(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options, remaining func() time.Duration, a *Answer) (candidate, []Bound, error) {
	if searchLocal(in) {
		return runSearchLocal(ctx, eng, in, opt, remaining, a)
	}
	return runPortfolioWith(ctx, eng, in, opt, portfolio.ChooseMIP(in), nil, remaining, a)
}

// runPortfolioWith runs the portfolio with the MIP engine m (nil: the
// search alone). When onStats is set, the search's progress goes to it
// instead of progress lines.
func runPortfolioWith(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options, m mip.Engine, onStats func(search.Stats), remaining func() time.Duration, a *Answer) (candidate, []Bound, error) {
	po := portfolio.Options{TimeLimit: remaining(), MIP: m, GapLimit: opt.gapLimit()}
	if po.MIP != nil {
		a.Engine += "+" + po.MIP.Name()
	}
	switch {
	case onStats != nil:
		po.Progress = onStats
	case opt.Progress != nil:
		po.Progress = func(s search.Stats) {
			opt.Progress(fmt.Sprintf("portfolio: search %d nodes, %d LPs, incumbent %.6g, %v", s.Nodes, s.LPs, s.Incumbent, s.Elapsed.Round(time.Second)))
		}
	}
	r, err := portfolio.Solve(ctx, eng, in, po)
	if err != nil {
		return candidate{}, nil, err
	}
	c := candidate{schedule: r.Schedule, order: r.Plan.Order, source: "portfolio"}
	if r.Search != nil {
		a.Nodes, a.LPs = r.Search.Stats.Nodes, r.Search.Stats.LPs
		a.Detail["root_bound"] = r.Search.RootBound
	}
	switch r.Status {
	case mip.Optimal, mip.GapLimit:
	case mip.Interrupted:
		c.stop = stopInterrupted
	default:
		c.stop = stopTimeLimit
	}
	return c, []Bound{{mip.SourcePortfolio.Within(r.BoundSource), r.LowerBound}}, nil
}

// runMIP solves the MIP (package mipform) and returns its incumbent and its
// dual bound when it is finite.
func runMIP(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options, remaining func() time.Duration, a *Answer) (candidate, []Bound, error) {
	r, err := mipform.Solve(ctx, eng, in, mip.Options{TimeLimit: remaining(), RelGap: tolerance.Rel, AbsGap: tolerance.Abs})
	if err != nil {
		return candidate{}, nil, err
	}
	a.Nodes = r.Nodes
	var bs []Bound
	if !math.IsNaN(r.LowerBound) && !math.IsInf(r.LowerBound, 0) {
		bs = append(bs, Bound{r.BoundSource, r.LowerBound})
	}
	c := candidate{schedule: r.Schedule, order: r.Plan.Order, source: "mip"}
	switch r.Status {
	case mip.Optimal:
	case mip.TimeLimit, mip.NodeLimit, mip.IterationLimit, mip.SolutionLimit, mip.Unknown:
		c.stop = stopTimeLimit
	case mip.Interrupted:
		c.stop = stopInterrupted
	default:
		return candidate{}, nil, fmt.Errorf("exact: the MIP ended with status %v", r.Status)
	}
	if r.Schedule == nil {
		return candidate{}, bs, fmt.Errorf("%w (status %v)", errNoIncumbent, r.Status)
	}
	return c, bs, nil
}

// runSearch runs the branch-and-bound search (package search) and returns its
// schedule and its proven bound.
func runSearch(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options, remaining func() time.Duration, a *Answer) (candidate, []Bound, error) {
	so := search.Options{TimeLimit: remaining(), GapLimit: opt.gapLimit()}
	if opt.Progress != nil {
		so.Progress = func(s search.Stats) {
			opt.Progress(fmt.Sprintf("search: %d nodes, %d LPs, incumbent %.6g, %v", s.Nodes, s.LPs, s.Incumbent, s.Elapsed.Round(time.Second)))
		}
	}
	r, err := search.Solve(ctx, eng, in, so)
	if err != nil {
		return candidate{}, nil, err
	}
	a.Nodes, a.LPs = r.Stats.Nodes, r.Stats.LPs
	a.Detail["root_bound"] = r.RootBound
	c := candidate{schedule: r.Schedule, order: r.Plan.Order, source: "search", stop: statusStop(r.Status)}
	return c, []Bound{{mip.SourceSearch, r.LowerBound}}, nil
}

// runOrderLP solves the fixed-order LP of opt.Order (its periods, with release
// dates, from the order's simulated schedule) and returns its schedule.
func runOrderLP(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options, remaining func() time.Duration, a *Answer) (candidate, []Bound, error) {
	var plan orderlp.Plan
	if in.IsBatch() {
		plan = orderlp.BatchPlan(opt.Order)
	} else {
		r, err := fluid.Simulate(in, fluid.Order(opt.Order), fluid.Options{})
		if err != nil {
			return candidate{}, nil, err
		}
		plan = orderlp.PlanFromCompletions(in, r.Completion)
		plan.Order = append([]int(nil), opt.Order...)
		for k := 1; k < len(plan.Period); k++ {
			plan.Period[k] = max(plan.Period[k], plan.Period[k-1])
		}
	}
	r, err := orderlp.SolveOrder(ctx, eng, in, plan)
	if err != nil {
		return candidate{}, nil, err
	}
	a.LPs = 1
	a.Detail["order_lp_value"] = r.LPValue
	c := candidate{schedule: r.Schedule, order: plan.Order, source: "order-lp", orderOptimal: r.OrderKept}
	if !r.OrderKept {
		c.order = orderlp.PlanFromCompletions(in, r.Schedule.Completion).Order
		a.Notes = append(a.Notes, fmt.Sprintf("order-lp: no schedule keeping the order was found at the LP optimum %v (the infimum over schedules completing in that order); the schedule returned completes in another order", tabularFloat(r.LPValue)))
	}
	return c, nil, nil
}

// runPolish runs the LP local search (package polish) and returns its schedule
// and the values of its starting orders.
func runPolish(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options, remaining func() time.Duration, a *Answer) (candidate, []Bound, error) {
	r, err := polish.Solve(ctx, eng, in, polish.Options{TimeLimit: remaining()})
	if err != nil {
		return candidate{}, nil, err
	}
	a.LPs = int64(r.Evaluations)
	for _, s := range r.Starts {
		a.Detail["start_"+s.Policy+"_simulated"] = s.Simulated
		a.Detail["start_"+s.Policy+"_lp"] = s.LP
	}
	c := candidate{schedule: r.Schedule, order: r.Plan.Order, source: "polish"}
	if r.TimedOut {
		c.stop = stopTimeLimit
	}
	return c, nil, nil
}
func tabularFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
