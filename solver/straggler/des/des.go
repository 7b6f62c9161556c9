package des

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/mrsched/mrsched/internal/confint"
)

// ErrConfig reports an unusable simulation configuration.
var ErrConfig = errors.New("des: invalid configuration")

// ErrStopped wraps the context's error when Config.Context ends before
// the replications do (a time limit or an interrupt): no partial result.
var ErrStopped = errors.New("des: simulation stopped before its end")

// Node is one mapper node: task service time Offset + Exp(Rate) (eq. 1).
type Node struct {
	Rate   float64 `json:"rate"`   // γ_i > 0
	Offset float64 `json:"offset"` // T_i ≥ 0
	// Lambda is the node's own task arrival rate λ_i, used only when
	// Config.Independent is set (0: the node receives no tasks and takes
	// no part in the join).
	Lambda float64 `json:"lambda,omitempty"`
	// Delay is a constant added to every task's response after it leaves
	// the queue (a pure delay before the join, ≥ 0). It reproduces the
	// mapping model of solver/straggler (offset Dλ_i/μ_i on top of an
	// M/M/1 response) at D > 0.
	Delay float64 `json:"delay,omitempty"`
}

// Config describes one simulation experiment.
type Config struct {
	Lambda       float64 // job arrival rate Λ; every node receives every job's task
	Nodes        []Node
	Jobs         int    // measured jobs per replication
	Warmup       int    // jobs discarded at the start of each replication
	Replications int    // independent replications (≥ 2)
	Seed         uint64 // replication r uses rand.NewPCG(Seed, r)
	// Independent replaces the fork-join arrivals by one Poisson(λ_i =
	// Node.Lambda) stream per node, independent of the others; "job" j is
	// then the j-th task of every loaded node, whose responses are
	// independent: this is the paper's independence assumption behind
	// eq. (5)–(10), simulated. Lambda is ignored.
	Independent bool
	// Engine computes the task timestamps: Lindley (the zero value, the
	// fast path) or EventHeap (the reference event-driven loop). Both give
	// bit-identical results.
	Engine Engine
	// Workers is the number of replications run at the same time (≤ 1:
	// one after the other). The output does not depend on it.
	Workers int
	// Context, when not nil, stops the simulation between replications
	// (ErrStopped) once it ends.
	Context context.Context
}

// Engine selects how a replication is simulated.
type Engine int

const (
	// Lindley evaluates every node's FIFO queue by Lindley's recursion,
	// job by job in arrival order (lindley.go).
	Lindley Engine = iota
	// EventHeap runs a single-threaded loop over a heap of arrival and
	// departure events with a FIFO queue per node and fork-join
	// bookkeeping per job (eventheap.go).
	EventHeap
)

// String returns "lindley" or "eventheap".
func (e Engine) String() string {
	if e == EventHeap {
		return "eventheap"
	}
	return "lindley"
}

// Estimate is a replication mean with its 95 % Student-t half-width
// (confint.Student95; Contains reports whether a value lies in it).
type Estimate = confint.Interval

// NodeStats are the per-node outputs.
type NodeStats struct {
	Utilisation Estimate `json:"utilisation"`  // fraction of time busy
	QueueLength Estimate `json:"queue_length"` // time-average number of tasks at the node (waiting + in service)
	Response    Estimate `json:"response"`     // mean task response time (arrival to departure, plus Node.Delay)
}

// Result is the outcome of Simulate.
type Result struct {
	Nodes []NodeStats `json:"nodes"`
	MST   Estimate    `json:"mst"` // mean job sojourn = E[max_i task response] over the loaded nodes
	Level float64     `json:"level"`
}

func (c Config) validate() error {
	if !c.Independent && (!(c.Lambda > 0) || math.IsInf(c.Lambda, 1)) {
		return fmt.Errorf("%w: lambda %v must be positive and finite", ErrConfig, c.Lambda)
	}
	if len(c.Nodes) == 0 {
		return fmt.Errorf("%w: no nodes", ErrConfig)
	}
	loaded := 0
	for i, n := range c.Nodes {
		if !(n.Rate > 0) || math.IsInf(n.Rate, 1) || !(n.Offset >= 0) || math.IsInf(n.Offset, 1) || !(n.Delay >= 0) || math.IsInf(n.Delay, 1) {
			return fmt.Errorf("%w: node %d: rate %v must be positive, offset %v and delay %v non-negative and finite", ErrConfig, i, n.Rate, n.Offset, n.Delay)
		}
		lam := c.Lambda
		if c.Independent {
			if !(n.Lambda >= 0) || math.IsInf(n.Lambda, 1) {
				return fmt.Errorf("%w: node %d: lambda %v must be non-negative and finite", ErrConfig, i, n.Lambda)
			}
			lam = n.Lambda
		}
		if lam > 0 {
			loaded++
		}
		if rho := lam * (n.Offset + 1/n.Rate); !(rho < 1) {
			return fmt.Errorf("%w: node %d: utilisation %v ≥ 1 (unstable)", ErrConfig, i, rho)
		}
	}
	if loaded == 0 {
		return fmt.Errorf("%w: no node receives tasks", ErrConfig)
	}
	if c.Engine != Lindley && c.Engine != EventHeap {
		return fmt.Errorf("%w: unknown engine %d", ErrConfig, int(c.Engine))
	}
	if c.Jobs < 1 || c.Warmup < 0 || c.Replications < 2 {
		return fmt.Errorf("%w: need jobs ≥ 1, warm-up ≥ 0, replications ≥ 2 (got %d, %d, %d)", ErrConfig, c.Jobs, c.Warmup, c.Replications)
	}
	return nil
}

// repOut holds one replication's means: per node (busy, number, response), then MST.
type repOut struct {
	busy, num, resp []float64
	mst             float64
}

// trace is one replication's task timestamps, as an engine computes them:
// arr, start, dep[i][j] are the arrival, service start and departure of
// job j's task at node i (nil rows for nodes without tasks), and
// sojourn[j−Warmup] is measured job j's sojourn (its largest task response).
type trace struct {
	active          []bool
	arr, start, dep [][]float64
	sojourn         []float64
}

// newTrace allocates the timestamp rows of the loaded nodes.
func (c Config) newTrace() *trace {
	K, total := len(c.Nodes), c.Warmup+c.Jobs
	tr := &trace{active: make([]bool, K), arr: make([][]float64, K), start: make([][]float64, K), dep: make([][]float64, K),
		sojourn: make([]float64, c.Jobs)}
	for i, n := range c.Nodes {
		tr.active[i] = !c.Independent || n.Lambda > 0
		if tr.active[i] {
			tr.arr[i], tr.start[i], tr.dep[i] = make([]float64, total), make([]float64, total), make([]float64, total)
		}
	}
	return tr
}

// drawer produces the random inputs of successive jobs, the same draws in
// the same order for both engines: for job j, under fork-join, one
// inter-arrival time and then, for every node i in order, its service
// time; under Independent, for every loaded node i in order, its own
// inter-arrival time and then its service time.
type drawer struct {
	c     *Config
	rnd   *rand.Rand
	t     float64   // fork-join arrival clock
	clock []float64 // per-node arrival clocks (Independent)
}

func (c *Config) newDrawer(r uint64) *drawer {
	return &drawer{c: c, rnd: rand.New(rand.NewPCG(c.Seed, r)), clock: make([]float64, len(c.Nodes))}
}

// next draws the next job: arrival a[i] and service time s[i] at every
// loaded node i (entries of unloaded nodes are left alone).
func (d *drawer) next(active []bool, a, s []float64) {
	if !d.c.Independent {
		d.t += d.rnd.ExpFloat64() / d.c.Lambda
	}
	for i, n := range d.c.Nodes {
		if !active[i] {
			continue
		}
		a[i] = d.t
		if d.c.Independent {
			d.clock[i] += d.rnd.ExpFloat64() / n.Lambda
			a[i] = d.clock[i]
		}
		s[i] = n.Offset + d.rnd.ExpFloat64()/n.Rate
	}
}

// replicate runs replication r with the configured engine and reduces its
// trace to means (summarise).
func (c Config) replicate(r uint64) repOut {
	if c.Engine == EventHeap {
		return c.summarise(c.eventHeap(r))
	}
	return c.summarise(c.lindley(r))
}

// summarise reduces a trace to means. Node i's observation window is
// [A_i(W), A_i(last)), from the arrival of its first measured task to the
// arrival of its last one; busy time and the number-in-system area are the
// exact overlaps of every task's service and sojourn intervals with that
// window.
func (c Config) summarise(tr *trace) repOut {
	K := len(c.Nodes)
	out := repOut{busy: make([]float64, K), num: make([]float64, K), resp: make([]float64, K)}
	total := c.Warmup + c.Jobs
	for i, n := range c.Nodes {
		if !tr.active[i] {
			continue
		}
		arr, start, dep := tr.arr[i], tr.start[i], tr.dep[i]
		w0, w1 := arr[c.Warmup], arr[total-1]
		overlap := func(a, b float64) float64 { return math.Max(0, math.Min(b, w1)-math.Max(a, w0)) }
		for j := 0; j < total; j++ {
			out.busy[i] += overlap(start[j], dep[j])
			out.num[i] += overlap(arr[j], dep[j])
			if j >= c.Warmup {
				out.resp[i] += dep[j] - arr[j] + n.Delay
			}
		}
		if span := w1 - w0; span > 0 {
			out.busy[i] /= span
			out.num[i] /= span
		}
		out.resp[i] /= float64(c.Jobs)
	}
	for _, v := range tr.sojourn {
		out.mst += v
	}
	out.mst /= float64(c.Jobs)
	return out
}

// Simulate runs the replications (Workers at a time) and returns per-node
// statistics and the MST, each with a 95 % interval over replication
// means. Replication r draws from its own stream rand.NewPCG(Seed, r) and
// the means are combined in replication order, so the output depends only
// on the configuration without Workers (and Engine: both engines give
// identical results).
func Simulate(c Config) (Result, error) {
	if err := c.validate(); err != nil {
		return Result{}, err
	}
	R := c.Replications
	K := len(c.Nodes)
	outs := make([]repOut, R)
	parallel(R, c.Workers, func(r int) {
		if c.Context == nil || c.Context.Err() == nil {
			outs[r] = c.replicate(uint64(r))
		}
	})
	if c.Context != nil && c.Context.Err() != nil {
		return Result{}, fmt.Errorf("%w: %w", ErrStopped, context.Cause(c.Context))
	}
	busy, num, resp := make([][]float64, K), make([][]float64, K), make([][]float64, K)
	mst := make([]float64, R)
	for r, o := range outs {
		for i := 0; i < K; i++ {
			busy[i] = append(busy[i], o.busy[i])
			num[i] = append(num[i], o.num[i])
			resp[i] = append(resp[i], o.resp[i])
		}
		mst[r] = o.mst
	}
	res := Result{Nodes: make([]NodeStats, K), MST: confint.Student95(mst), Level: 0.95}
	for i := 0; i < K; i++ {
		res.Nodes[i] = NodeStats{Utilisation: confint.Student95(busy[i]), QueueLength: confint.Student95(num[i]), Response: confint.Student95(resp[i])}
	}
	return res, nil
}

// parallel calls f(0), …, f(n−1) on max(1, workers) goroutines; each index
// is handled exactly once and f must write only its own slot.
func parallel(n, workers int, f func(int)) {
	workers = min(max(1, workers), n)
	if workers == 1 {
		for k := 0; k < n; k++ {
			f(k)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := int(next.Add(1) - 1); k < n; k = int(next.Add(1) - 1) {
				f(k)
			}
		}()
	}
	wg.Wait()
}
