package straggler

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/mrsched/mrsched/internal/confint"
	"github.com/mrsched/mrsched/internal/pq"
	"gonum.org/v1/gonum/stat"
)

// ForkJoinBounds returns the classical bounds on the mean response time of
// a homogeneous K-server M/M/1 fork-join queue (every job forks one task to
// each of K FCFS exponential servers of rate μ; arrivals Poisson(λ)):
//
//	upper = H_K/(μ−λ)                          (Nelson & Tantawi, 1988: the
//	        tasks' response times are associated, so the mean of their
//	        maximum is at most that of K independent Exp(μ−λ))
//	lower = (1/μ)[H_K + Σ_{j=1}^{K} (1/j)·ρ/(j−ρ)]   (Varki's bound)
//
// The issue quotes the check values λ = 0.5, μ = 1: K = 4 → 4.1667,
// 3.3524; K = 8 → 5.4357, 4.0436. The paper's MST for K M/M/1 nodes with
// the same λ is exactly the upper bound: it treats the nodes as
// independent.
func ForkJoinBounds(k int, lambda, mu float64) (lower, upper float64, err error) {
	if k < 1 {
		return 0, 0, fmt.Errorf("%w: fork-join needs K ≥ 1 servers, got %d", ErrParam, k)
	}
	if err := (MM1{Lambda: lambda, Mu: mu}).Validate(); err != nil {
		return 0, 0, err
	}
	rho := lambda / mu
	h := Harmonic(k)
	s := 0.0
	for j := k; j >= 1; j-- {
		s += rho / (float64(j) * (float64(j) - rho))
	}
	return (h + s) / mu, h / (mu - lambda), nil
}

// NelsonTantawi returns the Nelson–Tantawi approximation of the K-server
// fork-join mean response, exact for K = 2 (Flatto & Hahn):
// [H_K/H_2 + (4/11)(1 − H_K/H_2)ρ] · (12 − ρ)/(8(μ − λ)).
func NelsonTantawi(k int, lambda, mu float64) float64 {
	rho := lambda / mu
	r2 := (12 - rho) / (8 * (mu - lambda))
	if k == 1 {
		return 1 / (mu - lambda)
	}
	q := Harmonic(k) / 1.5
	return (q + 4*rho/11*(1-q)) * r2
}

// ForkJoinSim is the outcome of SimulateForkJoin.
type ForkJoinSim struct {
	// Interval is the mean job response time (fork to join) and the
	// half-width of its 95 % batch-means Student-t interval.
	confint.Interval
	Jobs  int     `json:"jobs"` // jobs measured (after warm-up)
	Level float64 `json:"level"`
}

// fjEvent is an arrival (server −1) or a task completion at a server.
type fjEvent struct {
	t      float64
	server int
	seq    int // tie-break for determinism
}

// fjLess orders events by time, then creation order.
func fjLess(a, b fjEvent) bool {
	if a.t != b.t {
		return a.t < b.t
	}
	return a.seq < b.seq
}

// SimulateForkJoin runs a discrete-event simulation of a fork-join queue:
// Poisson(λ) job arrivals, each job forks one task to every server i
// (FCFS, exponential service of rate mu[i]); the job joins when its last
// task completes. The first warmup jobs are discarded; the mean of the next
// jobs responses is reported with a 95% batch-means interval (20 batches).
// Single-threaded loop over an event heap; draws from src only. ctx stops
// it (ErrStopped wrapping ctx's error, checked every few thousand events).
func SimulateForkJoin(ctx context.Context, lambda float64, mu []float64, warmup, jobs int, src rand.Source) (ForkJoinSim, error) {
	K := len(mu)
	if K == 0 {
		return ForkJoinSim{}, ErrNoNodes
	}
	for _, m := range mu {
		if err := (MM1{Lambda: lambda, Mu: m}).Validate(); err != nil {
			return ForkJoinSim{}, err
		}
	}
	if jobs < 20 || warmup < 0 || src == nil {
		return ForkJoinSim{}, fmt.Errorf("%w: need ≥ 20 measured jobs, warm-up ≥ 0 and a random source", ErrParam)
	}
	rnd := rand.New(src)
	total := warmup + jobs
	arrival := make([]float64, total)
	left := make([]int, total) // tasks not yet done
	queue := make([][]int, K)  // job ids waiting or in service, FIFO
	head := make([]int, K)     // index of the job in service
	resp := make([]float64, 0, jobs)
	h := pq.New(fjLess)
	seq := 0
	push := func(t float64, s int) {
		h.Push(fjEvent{t, s, seq})
		seq++
	}
	next := 0
	push(rnd.ExpFloat64()/lambda, -1)
	for events := 0; h.Len() > 0 && len(resp) < jobs; events++ {
		if events&ctxStride == 0 && ctx.Err() != nil {
			return ForkJoinSim{}, fmt.Errorf("%w: fork-join after %d of %d jobs: %w", ErrStopped, len(resp), jobs, context.Cause(ctx))
		}
		e := h.Pop()
		if e.server < 0 {
			j := next
			next++
			arrival[j] = e.t
			left[j] = K
			for i := 0; i < K; i++ {
				queue[i] = append(queue[i], j)
				if len(queue[i])-head[i] == 1 {
					push(e.t+rnd.ExpFloat64()/mu[i], i)
				}
			}
			if next < total {
				push(e.t+rnd.ExpFloat64()/lambda, -1)
			}
			continue
		}
		i := e.server
		j := queue[i][head[i]]
		head[i]++
		if head[i] > 1024 && head[i]*2 > len(queue[i]) { // compact
			queue[i] = append(queue[i][:0], queue[i][head[i]:]...)
			head[i] = 0
		}
		if len(queue[i]) > head[i] {
			push(e.t+rnd.ExpFloat64()/mu[i], i)
		}
		left[j]--
		if left[j] == 0 && j >= warmup {
			resp = append(resp, e.t-arrival[j])
		}
	}
	// Jobs complete out of order; the measured set is the first `jobs`
	// completions among jobs ≥ warmup, which is unbiased in steady state.
	const batches = 20
	bm := make([]float64, batches)
	per := len(resp) / batches
	for b := 0; b < batches; b++ {
		bm[b] = stat.Mean(resp[b*per:(b+1)*per], nil)
	}
	return ForkJoinSim{Interval: confint.Student95(bm), Jobs: per * batches, Level: 0.95}, nil
}
