package instances

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"gonum.org/v1/gonum/stat/distuv"
)

// ErrSpec is wrapped by errors about generator parameters.
var ErrSpec = errors.New("instances: invalid generator parameters")

// Example21 returns the worked example of Lin et al. §2.1 (Fig. 2): jobs
// J1 = (1, 2), J2 = (3, 1), J3 = (2, 2), all released at 0, unit capacities.
// Served in the order J1, J2, J3 at both stations they finish at 2, 4 and 6.
func Example21() *Instance {
	in := New([]Job{
		{ID: "J1", Map: 1, Shuffle: 2},
		{ID: "J2", Map: 3, Shuffle: 1},
		{ID: "J3", Map: 2, Shuffle: 2},
	})
	in.Metadata = map[string]any{"source": "Lin et al. §2.1 worked example (Fig. 2)"}
	return in
}

// Source yields jobs in non-decreasing release order; Next returns false
// when there are no more. Simulators consume a Source so that workloads of
// 10^7 jobs need not be held in memory.
type Source interface {
	Next() (Job, bool)
}

type sliceSource struct {
	jobs []Job
	idx  []int
	k    int
}

func (s *sliceSource) Next() (Job, bool) {
	if s.k >= len(s.idx) {
		return Job{}, false
	}
	j := s.jobs[s.idx[s.k]]
	s.k++
	return j, true
}

// Source returns the instance's jobs in release order (ties by position).
func (in *Instance) Source() Source {
	return &sliceSource{jobs: in.Jobs, idx: in.SortedByRelease()}
}

// LogNormalSpec is the synthetic workload of Lin et al. §5.3: map sizes
// log-normal with mean MapMean and standard deviation MapSD; a ratio γ
// log-normal with mean RatioMean and standard deviation RatioSD; shuffle
// size = map size · γ (so with the paper's values the shuffle size has mean
// 1 and standard deviation √((1+3.65²)(1+3.28²) − 1) ≈ 12.94, the paper's
// "12.95"); Poisson arrivals.
//
// Load ρ is the offered load of the bottleneck station:
// ρ = λ · max(E[x]/μ_m, E[y]/μ_c), with unit capacities and the paper's unit
// means simply λ = ρ. Batch instances release every job at 0 and ignore Load.
type LogNormalSpec struct {
	N                  int
	Load               float64
	Batch              bool
	MapMean, MapSD     float64
	RatioMean, RatioSD float64
	MapCap, ShuffleCap float64 // 0 means 1
	IDPrefix           string  // "" means "J"
}

// PaperLogNormal returns the §5.3 parameters: map mean 1, sd 3.65; ratio
// mean 1, sd 3.28; unit capacities.
func PaperLogNormal(n int, load float64, batch bool) LogNormalSpec {
	return LogNormalSpec{N: n, Load: load, Batch: batch, MapMean: 1, MapSD: 3.65, RatioMean: 1, RatioSD: 3.28}
}

// lognormalParams returns (μ, σ) of the underlying normal for a log-normal
// with the given mean m and standard deviation s: σ² = ln(1 + s²/m²),
// μ = ln m − σ²/2.
func lognormalParams(m, s float64) (mu, sigma float64) {
	v := math.Log1p(s * s / (m * m))
	return math.Log(m) - v/2, math.Sqrt(v)
}

func (s LogNormalSpec) caps() (float64, float64) {
	mc, sc := s.MapCap, s.ShuffleCap
	if mc == 0 {
		mc = 1
	}
	if sc == 0 {
		sc = 1
	}
	return mc, sc
}

// Validate checks the parameters.
func (s LogNormalSpec) Validate() error {
	pos := func(name string, v float64) error {
		if !(v > 0) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: %s must be positive and finite, got %v", ErrSpec, name, v)
		}
		return nil
	}
	if s.N <= 0 {
		return fmt.Errorf("%w: n must be positive, got %d", ErrSpec, s.N)
	}
	for _, c := range []struct {
		n string
		v float64
	}{{"map mean", s.MapMean}, {"map sd", s.MapSD}, {"ratio mean", s.RatioMean}, {"ratio sd", s.RatioSD}} {
		if err := pos(c.n, c.v); err != nil {
			return err
		}
	}
	// A finite mean and sd can still give an infinite σ² = ln(1 + s²/m²)
	// (s = 1e308): every draw would be NaN.
	for _, c := range []struct {
		n    string
		m, v float64
	}{{"map", s.MapMean, s.MapSD}, {"ratio", s.RatioMean, s.RatioSD}} {
		if mu, sigma := lognormalParams(c.m, c.v); math.IsInf(mu, 0) || math.IsNaN(mu) || math.IsInf(sigma, 0) || math.IsNaN(sigma) {
			return fmt.Errorf("%w: %s mean %v and sd %v overflow the log-normal parameters (σ² = ln(1 + sd²/mean²) must be finite)", ErrSpec, c.n, c.m, c.v)
		}
	}
	mc, sc := s.caps()
	if err := pos("map capacity", mc); err != nil {
		return err
	}
	if err := pos("shuffle capacity", sc); err != nil {
		return err
	}
	if !s.Batch {
		if err := pos("load", s.Load); err != nil {
			return err
		}
	}
	return nil
}

// ArrivalRate returns λ = ρ / max(E[x]/μ_m, E[y]/μ_c), with E[y] = E[x]·E[γ].
func (s LogNormalSpec) ArrivalRate() float64 {
	mc, sc := s.caps()
	return s.Load / math.Max(s.MapMean/mc, s.MapMean*s.RatioMean/sc)
}

type lognormalSource struct {
	spec     LogNormalSpec
	mapD     distuv.LogNormal
	ratioD   distuv.LogNormal
	gap      distuv.Exponential
	k        int
	t        float64
	idPrefix string
	// rng draws from the same src as the distributions' Rand methods
	// (rand.Rand keeps no state of its own): Next computes their draws
	// with the same operations without a rand.New per draw.
	rng   *rand.Rand
	idBuf []byte // the IDs of the next idChunk jobs, built in place
	// ids holds the IDs of jobs idFirst, idFirst+1, … back to back (one
	// string, one allocation per idChunk jobs); idEnd[i] is where the ID of
	// job idFirst+i ends. A job's ID is a substring of it (no copy).
	ids     string
	idEnd   []int
	idFirst int
}

// idChunk is the number of job IDs built at once (one allocation).
const idChunk = 256

// Source returns a streaming generator (O(1) memory). For each job it draws,
// in this order, the inter-arrival gap (online only), the map size and the
// ratio γ, all from src.
func (s LogNormalSpec) Source(src rand.Source) (Source, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	mmu, msig := lognormalParams(s.MapMean, s.MapSD)
	rmu, rsig := lognormalParams(s.RatioMean, s.RatioSD)
	g := &lognormalSource{
		spec:     s,
		mapD:     distuv.LogNormal{Mu: mmu, Sigma: msig, Src: src},
		ratioD:   distuv.LogNormal{Mu: rmu, Sigma: rsig, Src: src},
		idPrefix: s.IDPrefix,
		rng:      rand.New(src),
	}
	if g.idPrefix == "" {
		g.idPrefix = "J"
	}
	if !s.Batch {
		g.gap = distuv.Exponential{Rate: s.ArrivalRate(), Src: src}
	}
	return g, nil
}

func (g *lognormalSource) Next() (Job, bool) {
	if g.k >= g.spec.N {
		return Job{}, false
	}
	g.k++
	// distuv's Exponential.Rand, LogNormal.Rand (the same draws from the
	// same source, in the same order).
	if !g.spec.Batch {
		g.t += g.rng.ExpFloat64() / g.gap.Rate
	}
	x := math.Exp(g.rng.NormFloat64()*g.mapD.Sigma + g.mapD.Mu)
	y := x * math.Exp(g.rng.NormFloat64()*g.ratioD.Sigma+g.ratioD.Mu)
	return Job{ID: g.id(g.k), Release: g.t, Map: x, Shuffle: y}, true
}

// id returns idPrefix + strconv.Itoa(k), building the IDs of the next
// idChunk jobs as one string when k is past the last one built.
func (g *lognormalSource) id(k int) string {
	i := k - g.idFirst
	if g.ids == "" || i >= len(g.idEnd) {
		g.idFirst, i = k, 0
		g.idBuf, g.idEnd = g.idBuf[:0], g.idEnd[:0]
		for m := k; m < k+idChunk && m <= g.spec.N; m++ {
			g.idBuf = append(g.idBuf, g.idPrefix...)
			g.idBuf = strconv.AppendInt(g.idBuf, int64(m), 10)
			g.idEnd = append(g.idEnd, len(g.idBuf))
		}
		g.ids = string(g.idBuf)
	}
	start := 0
	if i > 0 {
		start = g.idEnd[i-1]
	}
	return g.ids[start:g.idEnd[i]]
}

// Generate materialises the workload as an instance whose metadata records
// the generator and its parameters.
func (s LogNormalSpec) Generate(src rand.Source) (*Instance, error) {
	g, err := s.Source(src)
	if err != nil {
		return nil, err
	}
	if s.N > MaxGenerateJobs {
		return nil, fmt.Errorf("%w: n = %d is more than Generate holds in memory (%d); stream the jobs with Source instead", ErrSpec, s.N, MaxGenerateJobs)
	}
	jobs := make([]Job, 0, s.N)
	for j, ok := g.Next(); ok; j, ok = g.Next() {
		jobs = append(jobs, j)
	}
	mc, sc := s.caps()
	in := &Instance{MapCapacity: mc, ShuffleCapacity: sc, Jobs: jobs}
	md := map[string]any{
		"generator":  "lognormal (Lin et al. §5.3)",
		"map_mean":   s.MapMean,
		"map_sd":     s.MapSD,
		"ratio_mean": s.RatioMean,
		"ratio_sd":   s.RatioSD,
		"batch":      s.Batch,
	}
	if !s.Batch {
		md["load"] = s.Load
		md["arrival_rate"] = s.ArrivalRate()
	}
	in.Metadata = md
	// Extreme but finite parameters can draw sizes whose sums overflow.
	if err := in.Validate(); err != nil {
		return nil, fmt.Errorf("%w: the generated instance is invalid: %v", ErrSpec, err)
	}
	return in, nil
}

// MaxGenerateJobs is the largest N that LogNormalSpec.Generate materialises,
// chosen so that 'mrsched gen lognormal' stays within a 2 GiB memory
// budget: at 2·10^6 jobs it peaks at 1.26 GB (JSON, 62 s) and 0.59 GB (CSV,
// 24 s) on a 2-core machine (/usr/bin/time -v), while 5·10^6 took 2.6 GB
// and 2·10^7 was killed. It also keeps the generated workload within
// tolerance.MaxTimeRatio (ratio 9·10^12 at 2·10^6 jobs, seed 1). Source
// streams any N.
const MaxGenerateJobs = 2_000_000
