package mip

import (
	"math"

	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tolerance"
)

// Answer is the part of a result that every exact method of the toolkit
// shares (the search, the portfolio, the MIP formulation and the uniform
// answer of package exact each embed it): the status, the objective of the
// schedule, the best proven lower bound and its source, and the gap
// between them, always Gap(Objective, LowerBound).
type Answer struct {
	Status      Status
	Objective   float64 // Σ w_j (C_j − r_j) of Schedule (NaN without one)
	LowerBound  float64 // the best proven lower bound on the optimum
	BoundSource BoundSource
	Gap         float64 // Gap(Objective, LowerBound)
	Schedule    *schedule.Schedule
}

// SetBound records the proven lower bound lb, proved by src, and the gap
// it leaves to the objective (set Objective first). A bound above the
// objective is lowered to it: no bound can prove more than a schedule
// reaches.
func (a *Answer) SetBound(lb float64, src BoundSource) {
	a.LowerBound, a.BoundSource = math.Min(lb, a.Objective), src
	a.Gap = Gap(a.Objective, a.LowerBound)
}

// Gap is the one relative gap of the exact methods between an objective
// obj (a validated schedule's) and a proven lower bound lb: (obj − lb)/obj,
// 0 when lb meets obj under the tolerance policy (tolerance.GE), +Inf when
// it is undefined (obj ≤ 0, or either value NaN or infinite), never
// negative.
func Gap(obj, lb float64) float64 {
	if math.IsNaN(obj) || math.IsInf(obj, 0) || math.IsNaN(lb) || math.IsInf(lb, 0) {
		return math.Inf(1)
	}
	if tolerance.GE(lb, obj) {
		return 0
	}
	if obj <= 0 {
		return math.Inf(1)
	}
	return (obj - lb) / obj
}

// BoundSource names the proof of a lower bound (Answer.BoundSource); the
// values are the labels that outputs show.
type BoundSource string

// The bound sources of every exact method and lower bound, one list.
const (
	SourceCounting     BoundSource = "counting"              // bounds.Counting (≥ §5.1)
	SourceMixed        BoundSource = "mixed_counting"        // bounds.Mixed (≥ counting)
	SourceWeighted     BoundSource = "weighted_wspt"         // bounds.Weighted (weights)
	SourceCriticalPath BoundSource = "critical_path"         // bounds.CriticalPath (dependencies, weights)
	SourcePrecedence   BoundSource = "precedence_lagrangian" // bounds.Precedence (dependencies, ≥ weighted_wspt)
	SourcePaper51      BoundSource = "paper51"               // bounds.Paper51 (§5.1)
	SourcePrefix       BoundSource = "prefix"                // bounds.PrefixBatch (batches)
	SourceRank         BoundSource = "rank_min_max"          // bounds.RankBatch (batches, ≥ mixed_counting)
	SourceRankNested   BoundSource = "rank_nested"           // bounds.RankBatch's nesting stage (batches, ≥ rank_min_max)
	SourceSubset       BoundSource = "subset"                // search.SubsetBound h(∅) (batches, n ≤ 20)
	SourceStandalone   BoundSource = "counting_standalone"   // bounds.CountingStandalone (≥ counting)
	SourceSubsetRel    BoundSource = "subset_release"        // bounds.SubsetRelease (n ≤ 20, not batches)
	SourceLPRelaxation BoundSource = "lp_relaxation"         // mipform.LPRelaxation
	SourceMIP          BoundSource = "mip_dual_bound"        // a MIP engine's proven dual bound
	SourceSearch       BoundSource = "search"                // the search: exhausted, or its open nodes
	SourceSearchRoot   BoundSource = "search root bound"     // the search's root bound only
	SourceRoot         BoundSource = "root"                  // the rational search's root bound h(∅) only
	SourceExternal     BoundSource = "external"              // a bound handed to the search (search.Options.Bound)
	SourcePortfolio    BoundSource = "portfolio"             // the portfolio's bound (see Within)
)

// EngineSource is the source of a dual bound proved by the MIP engine
// named engine, as the portfolio reports it: "<engine> MIP".
func EngineSource(engine string) BoundSource { return BoundSource(engine + " MIP") }

// Within is the source of a bound that s reports and inner proved, as
// "s (inner)" (the portfolio's "portfolio (glpk MIP)"); s alone when
// inner is empty.
func (s BoundSource) Within(inner BoundSource) BoundSource {
	if inner == "" {
		return s
	}
	return s + " (" + inner + ")"
}
