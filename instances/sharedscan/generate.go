package sharedscan

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
)

// ErrSpec is wrapped by every error about generator or importer parameters.
var ErrSpec = errors.New("sharedscan: invalid parameters")

// CorrelationLevels is the number of popularity–size correlation levels of
// §4: 0 perfectly negative, 4 random, 8 perfectly positive.
const CorrelationLevels = 9

// GenSpec are the parameters of the §4 workload generator. DefaultGenSpec
// returns the paper's base case.
type GenSpec struct {
	Jobs     int     `flag:"jobs" usage:"arrivals (the maximum peaks at 1.1 GB)" rule:"Between(1, 1000000)"` // number of arrivals (§4: 1000)
	Datasets int     `flag:"datasets" usage:"D" rule:"Between(1, 10000)"`                                    // D (§4: 20)
	Theta1   float64 `flag:"theta1" usage:"popularity Zipf-like parameter in [0,1]"`                         // Zipf-like popularity parameter θ1 ∈ [0,1]
	Theta2   float64 `flag:"theta2" usage:"size Zipf-like parameter in [0,1]"`                               // Zipf-like size parameter θ2 ∈ [0,1]
	// Correlation is the level 0…8 of §4's κ procedure: levels 0–3 are
	// negative correlation with κ = 1, 6, 11, 16 (κ = 1+5·level), 4 is the
	// random case κ = D, levels 5–8 positive with κ = 16, 11, 6, 1.
	Correlation  int     `flag:"correlation" usage:"κ level 0…8"`
	Slots        int     `flag:"slots" usage:"S" rule:"Between(1, 100000)"`                     // S (§4: 100)
	Horizon      float64 `flag:"horizon" usage:"T (minutes)"`                                   // T in minutes (§4: 100)
	Rho          float64 `flag:"rho" usage:"utilisation on unshared map work"`                  // utilisation ρ on unshared map work (§4: 0.9)
	ScanFraction float64 `flag:"f" usage:"scan fraction of map work in (0,1]"`                  // f (§4: 1)
	MinSlots     int     `flag:"min-slots" usage:"m_j" rule:"Between(0, 100000)"`               // m_j for every job (not given in §4; default 1)
	MaxSlots     int     `flag:"max-slots" usage:"M_j (capped at S)" rule:"Between(1, 100000)"` // M_j for every job (not given in §4; default S, see docs/flex.md)
}

// DefaultGenSpec returns the §4 base case: 1000 arrivals, D = 20,
// θ1 = θ2 = 1, random correlation, S = 100, T = 100 minutes, ρ = 0.9,
// f = 1, and our choice of slot limits m_j = 1, M_j = S = 100 (the paper does
// not state them; docs/flex.md shows how the §4 ratios depend on M_j).
func DefaultGenSpec() GenSpec {
	return GenSpec{Jobs: 1000, Datasets: 20, Theta1: 1, Theta2: 1, Correlation: 4, Slots: 100,
		Horizon: 100, Rho: 0.9, ScanFraction: 1, MinSlots: 1, MaxSlots: 100}
}

// GenConfig is the generator's spec and seed ('mrsched gen sharedscan').
type GenConfig struct {
	GenSpec
	Seed uint64 `flag:"seed" usage:"random seed"` // the workload draws from PCG(Seed, GenStream)
}

// GenStream is the PCG stream of GenConfig.Generate.
const GenStream = 0x5ca9

// DefaultGenConfig is DefaultGenSpec with seed 1.
func DefaultGenConfig() GenConfig { return GenConfig{GenSpec: DefaultGenSpec(), Seed: 1} }

// Generate draws the workload of c (Generate from PCG(c.Seed,
// GenStream)) with M_j capped at S.
func (c GenConfig) Generate() (File, error) {
	spec := c.GenSpec
	spec.MaxSlots = min(spec.MaxSlots, spec.Slots)
	w, err := Generate(spec, rand.NewPCG(c.Seed, GenStream))
	return File{Workload: w}, err
}

// The maxima of GenSpec keep 'mrsched gen sharedscan' within a 2 GiB memory
// budget and about a minute on a 2-core machine (/usr/bin/time -v):
// MaxJobs = 10^6 jobs peak at 1.08 GB (31 s; 10^7 was killed for memory),
// MaxDatasets = 10^4 data sets at 60 MB (5 s with 1000 jobs; 10^6 ran past
// 100 s), MaxSlots = 10^5 slots at 17 MB. Larger requests are refused
// before anything is allocated.
const (
	MaxJobs     = 1_000_000
	MaxDatasets = 10_000
	MaxSlots    = 100_000
)

func (s GenSpec) check() error {
	bad := func(f string, a ...any) error { return fmt.Errorf("%w: "+f, append([]any{ErrSpec}, a...)...) }
	switch {
	case s.Jobs < 1 || s.Jobs > MaxJobs:
		return bad("jobs must be in [1, %d], got %d", MaxJobs, s.Jobs)
	case s.Datasets < 1 || s.Datasets > MaxDatasets:
		return bad("datasets must be in [1, %d], got %d", MaxDatasets, s.Datasets)
	case !(s.Theta1 >= 0 && s.Theta1 <= 1):
		return bad("theta1 must be in [0,1], got %v", s.Theta1)
	case !(s.Theta2 >= 0 && s.Theta2 <= 1):
		return bad("theta2 must be in [0,1], got %v", s.Theta2)
	case s.Correlation < 0 || s.Correlation >= CorrelationLevels:
		return bad("correlation level must be 0…8, got %d", s.Correlation)
	case s.Slots < 1 || s.Slots > MaxSlots:
		return bad("slots must be in [1, %d], got %d", MaxSlots, s.Slots)
	case !(s.Horizon > 0) || math.IsInf(s.Horizon, 0):
		return bad("horizon must be finite and > 0, got %v", s.Horizon)
	case !(s.Rho > 0) || math.IsInf(s.Rho, 0):
		return bad("rho must be finite and > 0, got %v", s.Rho)
	case !(s.ScanFraction > 0 && s.ScanFraction <= 1):
		return bad("scan fraction must be in (0,1], got %v", s.ScanFraction)
	case s.MaxSlots < 1 || s.MaxSlots > s.Slots:
		return bad("max slots must be in [1, %d], got %d", s.Slots, s.MaxSlots)
	case s.MinSlots < 0 || s.MinSlots > s.MaxSlots:
		return bad("min slots must be in [0, max slots %d], got %d", s.MaxSlots, s.MinSlots)
	}
	return nil
}

// ZipfLike returns the Zipf-like probabilities p_i ∝ i^(−θ), i = 1…n
// (§4 after Knuth: θ = 1 is pure Zipf, θ = 0 uniform).
func ZipfLike(n int, theta float64) []float64 {
	p := make([]float64, n)
	s := 0.0
	for i := range p {
		p[i] = math.Pow(float64(i+1), -theta)
		s += p[i]
	}
	for i := range p {
		p[i] /= s
	}
	return p
}

// Kappa returns the sign (+1 positive, −1 negative, 0 random) and κ of a
// correlation level for D datasets: κ moves in steps of 5 from 1 towards D
// (§4: "we increment κ in steps of 5 for both positive and negative
// correlations yielding a total of 9 parametric choices").
func Kappa(level, d int) (sign, kappa int) {
	switch {
	case level < 4:
		return -1, min(1+5*level, d)
	case level == 4:
		return 0, d
	default:
		return 1, min(1+5*(8-level), d)
	}
}

// SizeRanks runs §4's κ procedure: it returns rank[i], the size rank
// (0 = largest) of the dataset with popularity rank i (0 = most popular).
// For positive correlation the datasets are visited in decreasing
// popularity, for negative in increasing popularity; the k-th visited
// (k = 1…D) takes a size rank drawn uniformly from {1, …, min(κ+k−1, D)}
// minus the ranks already taken. κ = 1 gives a perfect correlation, κ = D
// a uniformly random assignment.
func SizeRanks(level, d int, rng *rand.Rand) []int {
	sign, kappa := Kappa(level, d)
	rank := make([]int, d)
	used := make([]bool, d)
	for k := 0; k < d; k++ {
		hi := min(kappa+k, d) // candidates 1…hi, i.e. indices 0…hi−1
		var cand []int
		for r := 0; r < hi; r++ {
			if !used[r] {
				cand = append(cand, r)
			}
		}
		r := cand[rng.IntN(len(cand))]
		used[r] = true
		pop := k // decreasing popularity
		if sign < 0 {
			pop = d - 1 - k
		}
		rank[pop] = r
	}
	return rank
}

// Generate draws a §4 workload. Arrival times are the order statistics of
// Jobs uniform draws on [0, T) (a Poisson process conditioned on Jobs
// arrivals in the horizon); each arrival scans one dataset drawn from the
// popularity distribution; dataset sizes follow the size distribution
// through the κ procedure and are scaled so that Σ_j W_j = ρ·T·S over the
// realised arrivals. Dataset ids are "d01", "d02", … in decreasing
// popularity. Same spec and source, byte-identical workload.
func Generate(spec GenSpec, src rand.Source) (*Workload, error) {
	if err := spec.check(); err != nil {
		return nil, err
	}
	rng := rand.New(src)
	n, d := spec.Jobs, spec.Datasets
	arr := make([]float64, n)
	for i := range arr {
		arr[i] = rng.Float64() * spec.Horizon
	}
	sort.Float64s(arr)
	pop := ZipfLike(d, spec.Theta1)
	cdf := make([]float64, d)
	acc := 0.0
	for i, p := range pop {
		acc += p
		cdf[i] = acc
	}
	choice := make([]int, n)
	for i := range choice {
		u := rng.Float64()
		k := sort.SearchFloat64s(cdf, u)
		if k >= d {
			k = d - 1
		}
		choice[i] = k
	}
	ranks := SizeRanks(spec.Correlation, d, rng)
	sz := ZipfLike(d, spec.Theta2)
	size := make([]float64, d)
	for i := range size {
		size[i] = sz[ranks[i]]
	}
	total := 0.0
	for _, c := range choice {
		total += size[c] / spec.ScanFraction
	}
	scale := spec.Rho * spec.Horizon * float64(spec.Slots) / total
	w := &Workload{Slots: spec.Slots}
	width := len(fmt.Sprint(d))
	for i := range size {
		w.Datasets = append(w.Datasets, Dataset{ID: fmt.Sprintf("d%0*d", width, i+1), Size: size[i] * scale})
	}
	for i, t := range arr {
		w.Jobs = append(w.Jobs, Job{ID: fmt.Sprintf("j%d", i+1), Arrival: t, Datasets: []string{w.Datasets[choice[i]].ID},
			Weight: 1, MinSlots: spec.MinSlots, MaxSlots: spec.MaxSlots, ScanFraction: spec.ScanFraction})
	}
	w.Metadata = map[string]any{
		"generator": "wolf-circumflex §4", "theta1": spec.Theta1, "theta2": spec.Theta2,
		"correlation_level": spec.Correlation, "horizon": spec.Horizon, "rho": spec.Rho,
		"time_unit": "minute",
	}
	return w, w.Validate()
}
