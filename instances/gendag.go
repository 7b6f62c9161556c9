package instances

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
)

// DAGSpec is a random night of dependent jobs: a layered DAG over jobs
// whose sizes and releases come from Sizes (the §5.3 log-normal workload;
// a batch by default), with two priority levels and a fraction of
// deadlines.
//
// The generator, in the order it draws from the one source:
//  1. Sizes.Generate draws every job's sizes (and releases when Sizes is
//     online), jobs J1…Jn in release order;
//  2. job k (0-based) belongs to layer ⌊k·Layers/n⌋, so the layers are
//     consecutive runs of jobs whose sizes differ by at most one;
//  3. for each job of a layer ℓ > 0, in order: its fan-in f is uniform on
//     1…FanIn, and its predecessors are f jobs drawn uniformly without
//     replacement from the jobs of layer ℓ−1 that have fewer than FanOut
//     successors so far (all of them when fewer than f are left; none when
//     no job is left, FanOut 0 meaning no limit); After lists them in
//     increasing index order. Layer 0 has no predecessors;
//  4. for each job in order: weight HighWeight with probability HighFrac
//     (one uniform draw; otherwise the default weight 1, not written), then
//     a deadline with probability DueFrac (one uniform draw):
//     d_j = r_j + DueSlack·(E_j − r_j), where E_j = max(r_j, max over
//     predecessors of E_p) + max(x_j/μ_m, y_j/μ_c) is the job's earliest
//     completion in an otherwise empty system (a lower bound on C_j), so
//     every deadline can be met by a job alone when DueSlack ≥ 1.
type DAGSpec struct {
	Sizes      LogNormalSpec
	Layers     int     // number of layers, 1…n
	FanIn      int     // maximum predecessors of a job, ≥ 1
	FanOut     int     // maximum successors of a job, ≥ 0 (0: no limit)
	HighFrac   float64 // fraction of high-priority jobs, in [0, 1]
	HighWeight float64 // weight of a high-priority job, finite and > 0
	DueFrac    float64 // fraction of jobs with a deadline, in [0, 1]
	DueSlack   float64 // deadline slack factor, finite and ≥ 1
}

// DefaultDAG returns a night of n jobs: the §5.3 log-normal sizes in one
// batch, 4 layers, fan-in up to 3, fan-out up to 4, a quarter of the jobs
// at weight 10, a fifth with a deadline at 3 times their earliest
// completion.
func DefaultDAG(n int) DAGSpec {
	return DAGSpec{Sizes: PaperLogNormal(n, 0, true), Layers: 4, FanIn: 3, FanOut: 4,
		HighFrac: 0.25, HighWeight: 10, DueFrac: 0.2, DueSlack: 3}
}

// Validate checks the parameters (the sizes' with LogNormalSpec.Validate).
func (s DAGSpec) Validate() error {
	if err := s.Sizes.Validate(); err != nil {
		return err
	}
	switch {
	case s.Layers < 1 || s.Layers > s.Sizes.N:
		return fmt.Errorf("%w: layers must be in 1…n = %d, got %d", ErrSpec, s.Sizes.N, s.Layers)
	case s.FanIn < 1:
		return fmt.Errorf("%w: fan-in must be ≥ 1, got %d", ErrSpec, s.FanIn)
	case s.FanOut < 0:
		return fmt.Errorf("%w: fan-out must be ≥ 0 (0: no limit), got %d", ErrSpec, s.FanOut)
	case !(s.HighFrac >= 0 && s.HighFrac <= 1):
		return fmt.Errorf("%w: high-priority fraction must be in [0, 1], got %v", ErrSpec, s.HighFrac)
	case !(s.HighWeight > 0) || math.IsInf(s.HighWeight, 0):
		return fmt.Errorf("%w: high weight must be positive and finite, got %v", ErrSpec, s.HighWeight)
	case !(s.DueFrac >= 0 && s.DueFrac <= 1):
		return fmt.Errorf("%w: deadline fraction must be in [0, 1], got %v", ErrSpec, s.DueFrac)
	case !(s.DueSlack >= 1) || math.IsInf(s.DueSlack, 0):
		return fmt.Errorf("%w: deadline slack must be finite and ≥ 1, got %v", ErrSpec, s.DueSlack)
	}
	return nil
}

// Generate draws the night from src (see DAGSpec for the order of the
// draws); the same src state gives the same instance.
func (s DAGSpec) Generate(src rand.Source) (*Instance, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	in, err := s.Sizes.Generate(src)
	if err != nil {
		return nil, err
	}
	rng := rand.New(src)
	n := in.N()
	layerStart := func(l int) int { return (l*n + s.Layers - 1) / s.Layers } // first k with ⌊k·L/n⌋ ≥ l
	outdeg := make([]int, n)
	var cand []int
	for l := 1; l < s.Layers; l++ {
		prev0, prev1, end := layerStart(l-1), layerStart(l), layerStart(l+1)
		for k := prev1; k < end; k++ {
			f := 1 + rng.IntN(s.FanIn)
			cand = cand[:0]
			for p := prev0; p < prev1; p++ {
				if s.FanOut == 0 || outdeg[p] < s.FanOut {
					cand = append(cand, p)
				}
			}
			f = min(f, len(cand))
			for i := 0; i < f; i++ { // partial Fisher–Yates
				r := i + rng.IntN(len(cand)-i)
				cand[i], cand[r] = cand[r], cand[i]
			}
			if f == 0 {
				continue
			}
			after := append([]int(nil), cand[:f]...)
			sort.Ints(after)
			for _, p := range after {
				outdeg[p]++
			}
			in.Jobs[k].After = after
		}
	}
	earliest := make([]float64, n) // E_j; predecessors come first
	for k := range in.Jobs {
		j := &in.Jobs[k]
		e := j.Release
		for _, p := range j.After {
			e = math.Max(e, earliest[p])
		}
		earliest[k] = e + math.Max(j.Map/in.MapCapacity, j.Shuffle/in.ShuffleCapacity)
		if rng.Float64() < s.HighFrac {
			j.Weight = s.HighWeight
		}
		if rng.Float64() < s.DueFrac {
			j.Due, j.HasDue = j.Release+s.DueSlack*(earliest[k]-j.Release), true
		}
	}
	in.Metadata["generator"] = "dag (random layered DAG night over the §5.3 log-normal sizes)"
	in.Metadata["layers"] = s.Layers
	in.Metadata["fan_in"] = s.FanIn
	in.Metadata["fan_out"] = s.FanOut
	in.Metadata["high_fraction"] = s.HighFrac
	in.Metadata["high_weight"] = s.HighWeight
	in.Metadata["due_fraction"] = s.DueFrac
	in.Metadata["due_slack"] = s.DueSlack
	if err := in.Validate(); err != nil {
		return nil, fmt.Errorf("%w: the generated instance is invalid: %v", ErrSpec, err)
	}
	return in, nil
}
