package mipform

import (
	"math"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/fluid"
)

// horizonMargin is the relative margin added to a simulated heuristic's
// total response before it is used as an upper bound on OPT (the fluid
// simulator's totals are accurate to rounding, ~1e-12 relative).
const horizonMargin = 1e-9

// releaseHorizons returns the makespan bound H of the release MIP and, per
// job, an upper bound U_j on its completion time, both valid for every
// optimal schedule (docs/appendix/exact.md, "Release-date MIP", big-M constants):
// with UB the best total response of the heuristics MaxSRPT, SplitSRPT,
// FIFO and PS (≥ OPT) and B_j a lower bound on the other jobs' total
// response (bounds.CountingStandalone of the instance without j, and
// Σ_{i≠j} max(x_i, y_i)), an optimal schedule has
// C_j − r_j = OPT − Σ_{i≠j} (C_i − r_i) ≤ UB − B_j, so
// C_j ≤ U_j = r_j + UB − B_j; and H = min(Horizon(in), max_j U_j). With
// weights the same argument on Σ w_j (C_j − r_j) (UB the heuristics' best
// weighted response, B_j = Σ_{i≠j} w_i max(x_i, y_i)) gives
// U_j = r_j + (UB − B_j)/w_j. The heuristics respect the dependencies, so
// UB bounds the optimum with them; the dependencies only raise the other
// jobs' responses, so B_j stays a lower bound.
func releaseHorizons(in *instances.Instance) (H float64, U []float64) {
	H = Horizon(in)
	n := in.N()
	U = make([]float64, n)
	for j := range U {
		U[j] = H
	}
	ub := math.Inf(1)
	for _, p := range []fluid.Policy{fluid.MaxSRPT(), fluid.SplitSRPT(), fluid.FIFO(), fluid.PS()} {
		if r, err := fluid.Simulate(in, p, fluid.Options{}); err == nil {
			ub = math.Min(ub, in.WeightedResponse(r.Completion))
		}
	}
	if math.IsInf(ub, 1) || math.IsNaN(ub) {
		return H, U
	}
	ub += horizonMargin * (1 + math.Abs(ub))
	weighted := in.HasWeights()
	alone := 0.0
	for j, jb := range in.Jobs {
		alone += in.Weight(j) * math.Max(jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity)
	}
	maxU := 0.0
	for j, jb := range in.Jobs {
		rest := &instances.Instance{MapCapacity: in.MapCapacity, ShuffleCapacity: in.ShuffleCapacity}
		rest.Jobs = append(append(rest.Jobs, in.Jobs[:j]...), in.Jobs[j+1:]...)
		var b float64
		if weighted {
			b = alone - in.Weight(j)*math.Max(jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity)
		} else {
			b = math.Max(bounds.CountingStandalone(rest), alone-math.Max(jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity))
		}
		// The margin covers the rounding of the bound's sums.
		b -= horizonMargin * (1 + math.Abs(b))
		if weighted {
			U[j] = math.Min(H, jb.Release+(ub-b)/in.Weight(j))
		} else {
			U[j] = math.Min(H, jb.Release+ub-b)
		}
		maxU = math.Max(maxU, U[j])
	}
	return math.Min(H, maxU), U
}
