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
}

// Config describes one simulation experiment.
type Config struct {
	Lambda       float64 // job arrival rate Λ; every node receives every job's task
	Nodes        []Node
	Jobs         int    // measured jobs per replication
	Warmup       int    // jobs discarded at the start of each replication
	Replications int    // independent replications (≥ 2)
	Seed         uint64 // replication r uses rand.NewPCG(Seed, r)
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
	Response    Estimate `json:"response"`     // mean task response time (arrival to departure)
}

// Result is the outcome of Simulate.
type Result struct {
	Nodes []NodeStats `json:"nodes"`
	MST   Estimate    `json:"mst"` // mean job sojourn = E[max_i task response]
	Level float64     `json:"level"`
}

func (c Config) validate() error {
	if !(c.Lambda > 0) || math.IsInf(c.Lambda, 1) {
		return fmt.Errorf("%w: lambda %v must be positive and finite", ErrConfig, c.Lambda)
	}
	if len(c.Nodes) == 0 {
		return fmt.Errorf("%w: no nodes", ErrConfig)
	}
	for i, n := range c.Nodes {
		if !(n.Rate > 0) || math.IsInf(n.Rate, 1) || !(n.Offset >= 0) || math.IsInf(n.Offset, 1) {
			return fmt.Errorf("%w: node %d: rate %v must be positive, offset %v non-negative", ErrConfig, i, n.Rate, n.Offset)
		}
		if rho := c.Lambda * (n.Offset + 1/n.Rate); !(rho < 1) {
			return fmt.Errorf("%w: node %d: utilisation %v ≥ 1 (unstable)", ErrConfig, i, rho)
		}
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

// replicate runs one replication. The observation window is [A_w, A_end),
// from the arrival of the first measured job to the arrival of the last;
// busy time and the number-in-system area are the exact overlaps of every
// task's service and sojourn intervals with that window.
func (c Config) replicate(r uint64) repOut {
	rnd := rand.New(rand.NewPCG(c.Seed, r))
	K := len(c.Nodes)
	out := repOut{busy: make([]float64, K), num: make([]float64, K), resp: make([]float64, K)}
	last := make([]float64, K) // departure of the previous task at each node
	total := c.Warmup + c.Jobs
	arr := make([]float64, total)
	dep := make([][]float64, K)
	start := make([][]float64, K)
	for i := range dep {
		dep[i] = make([]float64, total)
		start[i] = make([]float64, total)
	}
	t := 0.0
	for j := 0; j < total; j++ {
		t += rnd.ExpFloat64() / c.Lambda
		arr[j] = t
		for i, n := range c.Nodes {
			s := n.Offset + rnd.ExpFloat64()/n.Rate
			b := math.Max(t, last[i])
			last[i] = b + s
			start[i][j], dep[i][j] = b, b+s
		}
	}
	w0, w1 := arr[c.Warmup], arr[total-1]
	overlap := func(a, b float64) float64 { return math.Max(0, math.Min(b, w1)-math.Max(a, w0)) }
	for j := 0; j < total; j++ {
		mx := 0.0
		for i := 0; i < K; i++ {
			out.busy[i] += overlap(start[i][j], dep[i][j])
			out.num[i] += overlap(arr[j], dep[i][j])
			if j >= c.Warmup {
				out.resp[i] += dep[i][j] - arr[j]
				mx = math.Max(mx, dep[i][j]-arr[j])
			}
		}
		if j >= c.Warmup {
			out.mst += mx
		}
	}
	span := w1 - w0
	for i := 0; i < K; i++ {
		if span > 0 {
			out.busy[i] /= span
			out.num[i] /= span
		}
		out.resp[i] /= float64(c.Jobs)
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
