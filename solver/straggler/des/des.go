package des

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// ErrConfig reports an unusable simulation configuration.
var ErrConfig = errors.New("des: invalid configuration")

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
}

// Estimate is a replication mean with its 95 % Student-t half-width.
type Estimate struct {
	Mean      float64 `json:"mean"`
	HalfWidth float64 `json:"half_width"`
}

// Contains reports whether v lies in the confidence interval.
func (e Estimate) Contains(v float64) bool { return math.Abs(v-e.Mean) <= e.HalfWidth }

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

// replicate runs one replication. Node i's observation window is
// [A_i(W), A_i(last)), from the arrival of its first measured task to the
// arrival of its last one; busy time and the number-in-system area are the
// exact overlaps of every task's service and sojourn intervals with that
// window. Draws: for every job j and node i in order, the inter-arrival
// time (once per job under fork-join, per node under Independent), then the
// service time.
func (c Config) replicate(r uint64) repOut {
	rnd := rand.New(rand.NewPCG(c.Seed, r))
	K := len(c.Nodes)
	out := repOut{busy: make([]float64, K), num: make([]float64, K), resp: make([]float64, K)}
	total := c.Warmup + c.Jobs
	arr, start, dep := make([][]float64, K), make([][]float64, K), make([][]float64, K)
	clock := make([]float64, K) // per-node arrival clock (Independent)
	last := make([]float64, K)  // departure of the previous task at each node
	active := make([]bool, K)
	for i, n := range c.Nodes {
		active[i] = !c.Independent || n.Lambda > 0
		if active[i] {
			arr[i], start[i], dep[i] = make([]float64, total), make([]float64, total), make([]float64, total)
		}
	}
	t := 0.0
	for j := 0; j < total; j++ {
		if !c.Independent {
			t += rnd.ExpFloat64() / c.Lambda
		}
		for i, n := range c.Nodes {
			if !active[i] {
				continue
			}
			a := t
			if c.Independent {
				clock[i] += rnd.ExpFloat64() / n.Lambda
				a = clock[i]
			}
			s := n.Offset + rnd.ExpFloat64()/n.Rate
			b := math.Max(a, last[i])
			last[i] = b + s
			arr[i][j], start[i][j], dep[i][j] = a, b, b+s
		}
	}
	sojourn := make([]float64, c.Jobs)
	for i, n := range c.Nodes {
		if !active[i] {
			continue
		}
		w0, w1 := arr[i][c.Warmup], arr[i][total-1]
		overlap := func(a, b float64) float64 { return math.Max(0, math.Min(b, w1)-math.Max(a, w0)) }
		for j := 0; j < total; j++ {
			out.busy[i] += overlap(start[i][j], dep[i][j])
			out.num[i] += overlap(arr[i][j], dep[i][j])
			if j >= c.Warmup {
				rt := dep[i][j] - arr[i][j] + n.Delay
				out.resp[i] += rt
				sojourn[j-c.Warmup] = math.Max(sojourn[j-c.Warmup], rt)
			}
		}
		if span := w1 - w0; span > 0 {
			out.busy[i] /= span
			out.num[i] /= span
		}
		out.resp[i] /= float64(c.Jobs)
	}
	for _, v := range sojourn {
		out.mst += v
	}
	out.mst /= float64(c.Jobs)
	return out
}

// Simulate runs the replications in order and returns per-node statistics
// and the MST, each with a 95 % interval over replication means. The output
// depends only on the configuration (including Seed).
func Simulate(c Config) (Result, error) {
	if err := c.validate(); err != nil {
		return Result{}, err
	}
	R := c.Replications
	K := len(c.Nodes)
	busy, num, resp := make([][]float64, K), make([][]float64, K), make([][]float64, K)
	mst := make([]float64, R)
	for r := 0; r < R; r++ {
		o := c.replicate(uint64(r))
		for i := 0; i < K; i++ {
			busy[i] = append(busy[i], o.busy[i])
			num[i] = append(num[i], o.num[i])
			resp[i] = append(resp[i], o.resp[i])
		}
		mst[r] = o.mst
	}
	res := Result{Nodes: make([]NodeStats, K), MST: estimate(mst), Level: 0.95}
	for i := 0; i < K; i++ {
		res.Nodes[i] = NodeStats{Utilisation: estimate(busy[i]), QueueLength: estimate(num[i]), Response: estimate(resp[i])}
	}
	return res, nil
}

// estimate is the mean of xs with a 95 % Student-t half-width.
func estimate(xs []float64) Estimate {
	m, sd := stat.MeanStdDev(xs, nil)
	tq := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(len(xs) - 1)}.Quantile(0.975)
	return Estimate{Mean: m, HalfWidth: tq * sd / math.Sqrt(float64(len(xs)))}
}
