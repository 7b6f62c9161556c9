package exact

import (
	"context"
	"fmt"
	"maps"
	"math"
	"sync/atomic"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/mip"
)

// SearchLocalMinN is the smallest batch (unit weights, no dependencies) on
// which the portfolio's second core runs the list-schedule local search
// with the rank bound (the "local" method) instead of the MIP. Above about
// 30 jobs neither the search nor the MIP proves log-normal or Taillard
// batches within a minute; there the local search finds better schedules
// of Taillard batches than the search's incumbents, the search better ones
// of heavy-tailed batches, and the rank bound (bounds.RankBatch, under
// 0.2 s at 64 jobs) is above the mixed counting bound the portfolio
// proves. Measured at 20 s on a loaded 2-core machine (docs/planner.md):
// Taillard 50 jobs 1.71 % (portfolio) and 1.02 % (local); log-normal 50
// jobs 0.80 % and 1.43 %; Taillard 64 jobs 1.20 % and 0.74 %; Taillard 30
// jobs proven by the portfolio in 4 s, by neither member alone.
const SearchLocalMinN = 33

// searchLocal reports whether the portfolio runs the search beside the
// local search (see SearchLocalMinN).
func searchLocal(in *instances.Instance) bool {
	return in.N() >= SearchLocalMinN && in.IsBatch() && !in.HasWeights() && !in.HasDependencies()
}

// runSearchLocal runs the portfolio's search (without the MIP) and the
// local method side by side and answers with the better schedule and
// every bound either proved. The search keeps its own incumbents and
// proof, so the answer does not depend on which member finished first;
// when the search proves optimality (or its gap limit) the local search is
// stopped, and when the local schedule meets the gap limit against the
// bounds known, the search is.
func runSearchLocal(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options, remaining func() time.Duration, a *Answer) (candidate, []Bound, error) {
	sctx, stopSearch := context.WithCancel(ctx)
	defer stopSearch()
	lctx, stopLocal := context.WithCancel(ctx)
	defer stopLocal()
	// The progress lines come from the local method; they show the
	// search's incumbent when it is the better schedule.
	var searchBest atomic.Uint64
	searchBest.Store(math.Float64bits(math.Inf(1)))
	lopt := opt
	lopt.incumbent = &searchBest
	onStats := func(s search.Stats) { searchBest.Store(math.Float64bits(s.Incumbent)) }
	type result struct {
		c   candidate
		bs  []Bound
		err error
	}
	sa := &Answer{Engine: a.Engine, Detail: map[string]float64{}}
	done := make(chan result, 1)
	go func() {
		c, bs, err := runPortfolioWith(sctx, eng, in, opt, nil, onStats, remaining, sa)
		if err == nil && c.stop == stopDone {
			stopLocal() // the search proved it
		}
		done <- result{c, bs, err}
	}()
	lc, lbs, lerr := runLocal(lctx, in, lopt, remaining, a)
	localProved := false
	if lerr == nil && lc.schedule != nil && ctx.Err() == nil {
		lb := opt.lowerBound
		for _, b := range lbs {
			lb = max(lb, b.Value)
		}
		if g := opt.gapLimit(); g > 0 && mip.Gap(in.WeightedResponse(lc.schedule.Completion), lb) <= g {
			localProved = true
			stopSearch()
		}
	}
	sr := <-done
	a.Nodes, a.LPs = sa.Nodes, sa.LPs
	maps.Copy(a.Detail, sa.Detail)
	a.Notes = append(a.Notes, sa.Notes...)
	switch {
	case sr.err != nil && lerr != nil:
		return candidate{}, nil, sr.err
	case sr.err != nil:
		a.Notes = append(a.Notes, fmt.Sprintf("search: %v; answered by the local search", sr.err))
		return lc, lbs, nil
	case lerr != nil:
		a.Notes = append(a.Notes, fmt.Sprintf("local: %v; answered by the search", lerr))
		return sr.c, sr.bs, nil
	}
	bs := append(sr.bs, lbs...)
	if localProved {
		lc.stop = stopDone
		return better(in, lc, sr.c), bs, nil
	}
	// The search's stop reason: done when it proved, else its time limit
	// or interruption (the local search stopped with it).
	return better(in, sr.c, lc), bs, nil
}
