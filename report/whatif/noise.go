package whatif

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/mrsched/mrsched/instances"
	"gonum.org/v1/gonum/stat/distuv"
)

// LogNormalNoise is the estimation-error model: a size s is really s·F with
// F = exp(σ·Z), Z standard normal, so that log F is normal with mean 0 and
// standard deviation Sigma, and F has median 1 (a size is as likely to be
// under- as overestimated by any factor) and mean exp(σ²/2). Sigma = 0 gives
// F = 1 exactly. It is a value type in the style of gonum's distuv: Src is
// the random source the draws come from.
type LogNormalNoise struct {
	Sigma float64
	Src   rand.Source
}

// Validate checks that Sigma is finite and ≥ 0.
func (n LogNormalNoise) Validate() error {
	if math.IsNaN(n.Sigma) || math.IsInf(n.Sigma, 0) || n.Sigma < 0 {
		return fmt.Errorf("%w: sigma: want a finite σ ≥ 0, got %v", ErrConfig, n.Sigma)
	}
	return nil
}

// Median returns the factors' median, 1.
func (n LogNormalNoise) Median() float64 { return 1 }

// Rand draws one factor F = exp(σZ) from Src (distuv.LogNormal with μ = 0).
func (n LogNormalNoise) Rand() float64 {
	return distuv.LogNormal{Mu: 0, Sigma: n.Sigma, Src: n.Src}.Rand()
}

// Perturb returns a copy of in whose job j has map size Map·F and shuffle
// size Shuffle·G, with F and G drawn in this order for j = 0, 1, …, n−1
// (2n draws). Releases, weights, dependencies and deadlines are kept (the
// copy shares in's After slices and metadata, which it never changes).
func (n LogNormalNoise) Perturb(in *instances.Instance) *instances.Instance {
	out := *in
	out.Jobs = slices.Clone(in.Jobs)
	for j := range out.Jobs {
		out.Jobs[j].Map *= n.Rand()
		out.Jobs[j].Shuffle *= n.Rand()
	}
	return &out
}
