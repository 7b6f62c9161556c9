package exact

import (
	"context"
	"math"
	"time"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/mip"
)

// subsetBoundMaxN is the largest batch for which answers include the subset
// bound h(∅) of package search (O(n·2^n): about 0.2 s at n = 20).
const subsetBoundMaxN = 20

// lpRelaxationMaxN is the largest instance for which Solve adds the LP
// relaxation of the exact MIP (the batch MIP has O(n²) binaries; at n = 50
// its relaxation takes about a second).
const lpRelaxationMaxN = 50

// InstanceBounds returns the instance lower bounds that need no LP, each
// with its source: Paper51 (§5.1), Counting (≥ §5.1), for batches
// PrefixBatch and, up to 20 jobs, the subset bound h(∅) of package search;
// with release dates CountingStandalone and, up to 20 jobs,
// bounds.SubsetRelease; with dependencies CriticalPath and Precedence;
// with weights Weighted in place of the unweighted ones.
func InstanceBounds(in *instances.Instance) []Bound {
	return append(cheapBounds(context.Background(), in), subsetBound(in)...)
}

// cheapBounds are the O(n log n) instance bounds; the precedence
// Lagrangian's steps stop when ctx ends.
func cheapBounds(ctx context.Context, in *instances.Instance) []Bound {
	if in.HasWeights() {
		// The other bounds are for Σ (C_j − r_j), not Σ w_j (C_j − r_j).
		if !in.HasDependencies() {
			return []Bound{{mip.SourceWeighted, bounds.Weighted(in)}, {mip.SourceCriticalPath, bounds.CriticalPath(in)}}
		}
		w, p := bounds.WeightedPrecedence(ctx, in, 0)
		return []Bound{{mip.SourceWeighted, w}, {mip.SourceCriticalPath, bounds.CriticalPath(in)}, {mip.SourcePrecedence, p}}
	}
	bs := []Bound{{mip.SourcePaper51, bounds.Paper51(in)}, {mip.SourceCounting, bounds.Counting(in)}, {mip.SourceMixed, bounds.Mixed(in)}}
	if !in.IsBatch() {
		bs = append(bs, Bound{mip.SourceStandalone, bounds.CountingStandalone(in)})
		bs = append(bs, releaseBounds(in)...)
	}
	if pb, err := bounds.PrefixBatch(in); err == nil {
		bs = append(bs, Bound{mip.SourcePrefix, pb})
	}
	if in.HasDependencies() {
		bs = append(bs, Bound{mip.SourceCriticalPath, bounds.CriticalPath(in)}, Bound{mip.SourcePrecedence, bounds.PrecedenceContext(ctx, in, 0)})
	}
	return bs
}

// asyncBoundsN is the size above which Solve computes cheapBounds on a
// goroutine of its own beside the method (the α grids of Mixed, Weighted
// and Precedence take seconds at 10⁵ jobs), starting from fastBounds;
// below it they take well under a second and are computed first.
const asyncBoundsN = 20_000

// fastBounds are the instance bounds of cheapBounds that take one pass
// over the sorted jobs (no α grid): a floor for the gap when the others
// are not done by the deadline.
func fastBounds(in *instances.Instance) []Bound {
	var bs []Bound
	if in.HasWeights() || in.HasDependencies() {
		bs = append(bs, Bound{mip.SourceCriticalPath, bounds.CriticalPath(in)})
	}
	if in.HasWeights() {
		return bs
	}
	bs = append(bs, Bound{mip.SourcePaper51, bounds.Paper51(in)}, Bound{mip.SourceCounting, bounds.Counting(in)})
	if pb, err := bounds.PrefixBatch(in); err == nil {
		bs = append(bs, Bound{mip.SourcePrefix, pb})
	}
	return bs
}

// startBounds returns the instance bounds to start from and, for
// instances above asyncBoundsN jobs, a channel that delivers cheapBounds
// computed on its own goroutine (nil otherwise: the bounds returned are
// cheapBounds).
func startBounds(ctx context.Context, in *instances.Instance) ([]Bound, <-chan []Bound) {
	if in.N() <= asyncBoundsN {
		return cheapBounds(ctx, in), nil
	}
	done := make(chan []Bound, 1)
	go func() { done <- cheapBounds(ctx, in) }()
	return fastBounds(in), done
}

// awaitBounds waits for the bounds of startBounds until ctx is done and
// grace longer; it returns them (they include the fast bounds), or nil
// with a note in a when they are not done by then (the fast bounds
// stand).
func awaitBounds(ctx context.Context, grace time.Duration, done <-chan []Bound, a *Answer) []Bound {
	if done == nil {
		return nil
	}
	select {
	case bs := <-done:
		return bs
	default:
	}
	select {
	case bs := <-done:
		return bs
	case <-ctx.Done():
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case bs := <-done:
		return bs
	case <-t.C:
		a.Notes = append(a.Notes, "mixed, weighted and precedence bounds left out: not computed by the deadline (the counting and critical-path bounds stand)")
		return nil
	}
}

// subsetBound is the subset bound h(∅) for batches of at most
// subsetBoundMaxN jobs (none otherwise).
func subsetBound(in *instances.Instance) []Bound {
	if in.HasWeights() {
		// search.SubsetBound is weighted for such instances; the
		// release-date table is a bound on Σ (C_j − r_j) only.
		if in.N() <= subsetBoundMaxN {
			if h, ok := search.SubsetBound(in); ok {
				return []Bound{{mip.SourceSubset, h}}
			}
		}
		return nil
	}
	if in.N() <= subsetBoundMaxN {
		if h, ok := search.SubsetBound(in); ok {
			return []Bound{{mip.SourceSubset, h}}
		}
	}
	if h, err := bounds.SubsetRelease(in); err == nil && !in.IsBatch() {
		return []Bound{{mip.SourceSubsetRel, h}}
	}
	return nil
}

// InstanceBound returns the best of InstanceBounds.
func InstanceBound(in *instances.Instance) float64 {
	lb := math.Inf(-1)
	for _, b := range InstanceBounds(in) {
		lb = math.Max(lb, b.Value)
	}
	return lb
}

// Bounds returns every lower bound the toolkit knows for in that needs no
// search: InstanceBounds and, when eng is not nil, the LP relaxation of the
// exact MIP (mipform.LPRelaxation). An LP relaxation that fails (deadline,
// engine error) is left out and its error returned with the other bounds.
func Bounds(ctx context.Context, eng mip.Engine, in *instances.Instance) ([]Bound, error) {
	bs := InstanceBounds(in)
	if eng == nil {
		return bs, nil
	}
	v, err := mipform.LPRelaxation(ctx, eng, in)
	if err != nil {
		return bs, err
	}
	return append(bs, Bound{mip.SourceLPRelaxation, v}), nil
}
