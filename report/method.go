package report

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/validate"
)

// Sentinel errors.
var (
	ErrMethod   = errors.New("report: unknown method")
	ErrSchedule = errors.New("report: a method produced an invalid schedule")
)

// Kind classifies what a method produces.
type Kind int

// Method kinds.
const (
	Heuristic Kind = iota // a feasible schedule (upper bound on OPT)
	Exact                 // a schedule and possibly a proof of optimality or a lower bound
	Bound                 // a lower bound on OPT only
)

// String names the kind.
func (k Kind) String() string {
	switch k {
	case Heuristic:
		return "heuristic"
	case Exact:
		return "exact"
	case Bound:
		return "bound"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Guarantee names the approximation guarantee that applies to a method.
type Guarantee string

// Guarantees of §4.
const (
	NoGuarantee        Guarantee = ""
	MaxSRPTGuarantee   Guarantee = "maxsrpt"   // 2α/(1+α), Corollary 4
	SplitSRPTGuarantee Guarantee = "splitsrpt" // 1 + 1/β, Corollary 6
)

// Env is what a method may use besides the instance.
type Env struct {
	// TimeLimit is the method's time limit, counted from Start (0: no
	// limit). Under a Deadline, Evaluate sets both for each method (its
	// share of the time that remains, see Evaluate).
	TimeLimit time.Duration
	// Start is when the method's time limit began (zero: when it starts).
	Start time.Time
	// Deadline, when not zero, is the instant by which Evaluate returns:
	// the time limit of the whole instance, split between its methods.
	Deadline time.Time
	// Now is the clock (nil: time.Now); tests inject one.
	Now func() time.Time
	// Finished, when set, is called by Evaluate with each method's outcome
	// as soon as the method ends, within its time: a caller that keeps
	// the schedules (writes them out) does it there, so that the time
	// limit covers that work too. An error ends Evaluate with it.
	Finished func(Outcome) error
	// Record asks for the schedule (for Gantt charts and validation).
	Record bool
	// Validate checks every schedule with validate.Check (the independent
	// validator) and fails on a violation or a total that disagrees.
	Validate bool
	// Prior holds the outcomes of the methods that ran before on this
	// instance (in the order given), for methods that start from the best
	// schedule so far (polishing, exact search with an incumbent).
	Prior []Outcome
	// Alternative is a priority order known for the instance (the paper's
	// alternative schedule of a tight family), nil when none.
	Alternative []int
}

// Outcome is what one method produced on one instance.
type Outcome struct {
	Method string
	Kind   Kind
	// Status: "heuristic", "optimal", "feasible", "time_limit",
	// "lower_bound", "not_applicable" or an engine's status word.
	Status string
	// Total is the objective of the schedule found, the weighted total
	// response time Σ w_i (C_i − r_i) (Σ (C_i − r_i) when every weight is
	// 1; NaN when the method produced none).
	Total float64
	// Lower is a proven lower bound on OPT (NaN when none).
	Lower float64
	// Optimal reports that Total is proven optimal.
	Optimal bool
	// Proof says how an Optimal total was proven (exact.ProofKind: "float
	// search", "MIP", "float bound"); "" otherwise.
	Proof     string
	Guarantee Guarantee
	Schedule  *schedule.Schedule // when Env.Record (may be nil for bounds)
	// Order is a priority order of job indices realising the schedule,
	// when the method has one (used by polishing methods).
	Order []int
	// Completion holds the schedule's completion times when the method
	// produced a schedule (kept even without Env.Record: polishing uses it).
	Completion []float64
	Note       string
}

// Method is a named solver, heuristic or bound.
type Method interface {
	Name() string
	Kind() Kind
	Run(ctx context.Context, in *instances.Instance, env Env) (Outcome, error)
}

// Factory makes a method from the argument after ':' in its name ("" when
// there is none), for example "10" in "klps:10".
type Factory func(arg string) (Method, error)

type entry struct {
	help    string
	factory Factory
}

// builtin is one line of the explicit method list.
type builtin struct {
	name, help string
	factory    Factory
}

var (
	regMu    sync.RWMutex
	registry = builtinRegistry()
)

// builtinRegistry is the explicit list of the report's methods: the
// policies and bounds (method.go), the exact methods (exact.go), the exact
// portfolio (portfolio.go) and the
// tight families' alternative (sweep.go). No method registers itself from
// init().
func builtinRegistry() map[string]entry {
	r := map[string]entry{}
	for _, list := range [][]builtin{policyMethods(), exactMethods(), portfolioMethods(), altMethods()} {
		for _, b := range list {
			if _, dup := r[b.name]; dup {
				panic("report: duplicate built-in method " + b.name) // a programming error, caught by every test
			}
			r[b.name] = entry{b.help, b.factory}
		}
	}
	return r
}

// Register adds a method name (lower case, no ':' or ','), for example a
// test's or another package's method. It panics on a duplicate, which is a
// programming error.
func Register(name, help string, f Factory) {
	regMu.Lock()
	defer regMu.Unlock()
	if _, ok := registry[name]; ok || name == "" || strings.ContainsAny(name, ":,") {
		panic("report: bad or duplicate method name " + strconv.Quote(name))
	}
	registry[name] = entry{help, f}
}

// Names returns the registered method names, sorted.
func Names() []string {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]string, 0, len(registry))
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Summary returns the one-line description a registered method was
// registered with.
func Summary(name string) string {
	regMu.RLock()
	defer regMu.RUnlock()
	return registry[name].help
}

// Resolve turns a comma-separated list such as "maxsrpt,klps:10,lb51" into
// methods, in order. Duplicates are an error.
func Resolve(list string) ([]Method, error) {
	var out []Method
	seen := map[string]bool{}
	for _, raw := range strings.Split(list, ",") {
		spec := strings.TrimSpace(strings.ToLower(raw))
		if spec == "" {
			continue
		}
		name, arg, _ := strings.Cut(spec, ":")
		regMu.RLock()
		e, ok := registry[name]
		regMu.RUnlock()
		if !ok {
			return nil, fmt.Errorf("%w %q (known: %s)", ErrMethod, name, strings.Join(Names(), ", "))
		}
		m, err := e.factory(arg)
		if err != nil {
			return nil, fmt.Errorf("method %q: %w", spec, err)
		}
		if seen[m.Name()] {
			return nil, fmt.Errorf("%w: %q given twice", ErrMethod, m.Name())
		}
		seen[m.Name()] = true
		out = append(out, m)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: empty method list", ErrMethod)
	}
	return out, nil
}

// ---------------------------------------------------------------- policies

type policyMethod struct {
	name string
	kind Kind
	g    Guarantee
	make func() fluid.Policy
}

func (m *policyMethod) Name() string { return m.name }
func (m *policyMethod) Kind() Kind   { return m.kind }

// Run simulates the policy. With env.Validate the recorded schedule is
// checked by validate.Check and its total must agree with the simulator's.
func (m *policyMethod) Run(ctx context.Context, in *instances.Instance, env Env) (Outcome, error) {
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	res, err := fluid.Simulate(in, m.make(), fluid.Options{Record: env.Record || env.Validate})
	if err != nil {
		return Outcome{}, err
	}
	total := res.TotalResponse
	if in.HasWeights() {
		total = in.WeightedResponse(res.Completion)
	}
	out := Outcome{Method: m.name, Kind: m.kind, Status: "heuristic", Total: total, Lower: math.NaN(), Guarantee: m.g,
		Completion: res.Completion}
	if env.Validate {
		if err := checkSchedule(in, res.Schedule, total); err != nil {
			return Outcome{}, fmt.Errorf("%s: %w", m.name, err)
		}
	}
	if env.Record {
		out.Schedule = res.Schedule
	}
	return out, nil
}

// checkSchedule validates s with the independent validator and compares
// its total with the one the method claims.
func checkSchedule(in *instances.Instance, s *schedule.Schedule, total float64) error {
	if s == nil {
		return fmt.Errorf("%w: no schedule recorded", ErrSchedule)
	}
	vr, err := validate.Check(in, s)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrSchedule, err)
	}
	// The validator recomputes Σ w_i (C_i − r_i) from the segments (equal
	// to Σ (C_i − r_i) bit for bit when every weight is 1); the method's
	// claim must agree to a relative 1e-6 (sums of n terms each exact to
	// tolerance.Rel).
	if d := math.Abs(vr.WeightedResponse - total); d > 1e-6*math.Max(1, math.Abs(total)) {
		return fmt.Errorf("%w: claimed total %v, validator computes %v", ErrSchedule, total, vr.WeightedResponse)
	}
	return nil
}

func noArg(name string, f func() Method) Factory {
	return func(arg string) (Method, error) {
		if arg != "" {
			return nil, fmt.Errorf("%s takes no argument, got %q", name, arg)
		}
		return f(), nil
	}
}

func kArg(name string, mk func(k int) fluid.Policy) Factory {
	return func(arg string) (Method, error) {
		k := fluid.DefaultK
		n := name
		if arg != "" {
			v, err := strconv.Atoi(arg)
			if err != nil || v < 1 {
				return nil, fmt.Errorf("k must be a positive integer, got %q", arg)
			}
			k = v
			n = name + ":" + arg
		}
		return &policyMethod{name: n, make: func() fluid.Policy { return mk(k) }}, nil
	}
}

// ---------------------------------------------------------------- bounds

type boundMethod struct {
	name string
	f    func(ctx context.Context, in *instances.Instance) (float64, error) // ctx: the method's deadline
	// weighted: f bounds the weighted objective Σ w (C−r) (the others
	// bound Σ (C−r) and do not apply to an instance with weights).
	weighted bool
}

func (m *boundMethod) Name() string { return m.name }
func (m *boundMethod) Kind() Kind   { return Bound }
func (m *boundMethod) Run(ctx context.Context, in *instances.Instance, env Env) (Outcome, error) {
	out := Outcome{Method: m.name, Kind: Bound, Status: "lower_bound", Total: math.NaN(), Lower: math.NaN()}
	if in.HasWeights() && !m.weighted {
		out.Status = "not_applicable"
		out.Note = "a bound on Σ (C−r), not on the weighted objective Σ w (C−r): see lbweighted"
		return out, nil
	}
	v, err := m.f(ctx, in)
	if errors.Is(err, bounds.ErrNotBatch) {
		out.Status = "not_applicable"
		out.Note = "batch instances only"
		return out, nil
	}
	if err != nil {
		return Outcome{}, err
	}
	out.Lower = v
	return out, nil
}

// policyMethods lists the methods of this file (see builtinRegistry).
func policyMethods() (out []builtin) {
	reg := func(name, help string, f Factory) { out = append(out, builtin{name, help, f}) }
	pol := func(name, help string, g Guarantee, p func() fluid.Policy) {
		reg(name, help, noArg(name, func() Method { return &policyMethod{name: name, g: g, make: p} }))
	}
	pol("fifo", "FIFO at both stations (§2.1 example)", NoGuarantee, fluid.FIFO)
	pol("ps", "processor sharing at both stations (§2.2)", NoGuarantee, fluid.PS)
	pol("maxsrpt", "MaxSRPT, Algorithm 1 (§4.1); guarantee 2α/(1+α) on batches", MaxSRPTGuarantee, fluid.MaxSRPT)
	pol("splitsrpt", "SplitSRPT, Algorithm 2 (§4.2), work-conserving; guarantee 1+1/β on batches", SplitSRPTGuarantee, fluid.SplitSRPT)
	pol("splitsrpt-strict", "SplitSRPT with the capacity split kept literally (§4.2); guarantee 1+1/β on batches", SplitSRPTGuarantee, fluid.SplitSRPTStrict)
	reg("klps", "k-limited processor sharing, PS shuffle (§5.1, Hadoop Fair Scheduler); klps:K, default K=100", kArg("klps", fluid.KLPS))
	reg("klps-maponly", "k-LPS whose k places limit the map phase only; klps-maponly:K", kArg("klps-maponly", fluid.KLPSMapOnly))
	bnd := func(name, help string, f func(*instances.Instance) (float64, error)) {
		reg(name, help, noArg(name, func() Method {
			return &boundMethod{name: name, f: func(_ context.Context, in *instances.Instance) (float64, error) { return f(in) }}
		}))
	}
	bnd("lb51", "lower bound of §5.1 (SRPT on the map and shuffle systems, busy periods)", func(in *instances.Instance) (float64, error) { return bounds.Paper51(in), nil })
	bnd("lbcount", "counting lower bound (≥ lb51; SRPT completion counts)", func(in *instances.Instance) (float64, error) { return bounds.Counting(in), nil })
	bnd("lbprefix", "prefix-sum lower bound, batches only", bounds.PrefixBatch)
	reg("lbweighted", "lower bound on the weighted objective with dependencies: critical paths, weighted mean busy times and their precedence Lagrangian (bounds.Precedence)",
		noArg("lbweighted", func() Method {
			return &boundMethod{name: "lbweighted", weighted: true, f: func(ctx context.Context, in *instances.Instance) (float64, error) {
				return bounds.PrecedenceContext(ctx, in, 0), nil
			}}
		}))
	return out
}

// CheckSchedule validates s with the independent validator (validate.Check)
// and checks that its total response time agrees with total.
func CheckSchedule(in *instances.Instance, s *schedule.Schedule, total float64) error {
	return checkSchedule(in, s, total)
}

// MethodList lists every method of Names with its Summary, one a line:
// the name indented three spaces and padded to 18 columns, as the help
// of 'mrsched report' shows them.
func MethodList() string {
	var b strings.Builder
	for _, n := range Names() {
		fmt.Fprintf(&b, "   %-18s %s\n", n, Summary(n))
	}
	return b.String()
}
