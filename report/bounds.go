package report

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// BoundRow is one line of AllBounds: a parameter, a guarantee or a lower
// bound on the total response time Σ (C_j − r_j) (named by its
// mip.BoundSource).
// A bound whose method failed (the LP relaxation when the engine fails or
// the time limit ends) has Kind "failed", Value NaN (null in JSON) and the
// reason in Error.
type BoundRow struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
	Kind  string  `json:"kind"`
	Note  string  `json:"note"`
	Error string  `json:"error,omitempty"`
}

// MarshalJSON writes Value as a tabular.Num (NaN as null).
func (r BoundRow) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Name  string      `json:"name"`
		Value tabular.Num `json:"value"`
		Kind  string      `json:"kind"`
		Note  string      `json:"note"`
		Error string      `json:"error,omitempty"`
	}{r.Name, tabular.Num(r.Value), r.Kind, r.Note, r.Error})
}

// ErrBoundFailed is wrapped by AllBounds' error when a bound's method
// failed; the other bounds are still returned.
var ErrBoundFailed = errors.New("report: a bound could not be computed")

// weightedRows are the bounds on the objective Σ w_j (C_j − r_j) of
// package bounds: the mixed-station counting bound with unit weights,
// and with weights or dependencies the critical-path, weighted
// mean-busy-time and precedence-Lagrangian bounds.
func weightedRows(ctx context.Context, in *instances.Instance) []BoundRow {
	var rows []BoundRow
	if !in.HasWeights() {
		rows = append(rows, BoundRow{string(mip.SourceMixed), bounds.Mixed(in), "lower bound", "Σ_k max(L_(k), max_α f_k(α)): SRPT on one server for α·x + (1−α)·y, per rank (≥ counting)", ""})
	}
	if in.HasWeights() || in.HasDependencies() {
		w, p := bounds.WeightedPrecedence(ctx, in, 0) // the steps stop at the command's limit
		rows = append(rows,
			BoundRow{string(mip.SourceCriticalPath), bounds.CriticalPath(in), "lower bound", "Σ w_j (L_j − r_j): the longest chain of work before each job", ""},
			BoundRow{string(mip.SourceWeighted), w, "lower bound", "weighted mean busy times of preemptive WSPT on the mixed server", ""},
			BoundRow{string(mip.SourcePrecedence), p, "lower bound", "Lagrangian of the precedence constraints in weighted_wspt (≥ weighted_wspt)", ""})
	}
	return rows
}

// AllBounds returns α and β with the guarantees of MaxSRPT (2α/(1+α),
// Theorem 3, Cor. 4) and SplitSRPT (1 + 1/β, Theorem 5, Cor. 6), the §5.1
// lower bound, the counting bound, and where they apply the batch prefix
// bound, the subset bound (batches up to 22 jobs), the mixed bound, with
// weights or dependencies the bounds on Σ w_j (C_j − r_j) (weightedRows)
// and, when eng is not nil, the LP relaxation of the exact MIP (skipped,
// Kind "skipped", above mipform.MaxExportNonzeros). Rows without a value
// (NaN) are left out, but for failed and skipped ones. The closed-form and combinatorial bounds never depend on the
// engine: when the LP relaxation fails (the engine rejects the model, the
// context's deadline passes) its row says "failed" with the reason, every
// other row is returned, and the error wraps ErrBoundFailed.
func AllBounds(ctx context.Context, in *instances.Instance, eng mip.Engine) ([]BoundRow, error) {
	al, be := bounds.Alpha(in), bounds.Beta(in)
	rows := []BoundRow{
		{"alpha", al, "parameter", "max_i max(x_i/y_i, y_i/x_i), Theorem 3", ""},
		{"maxsrpt_guarantee", bounds.MaxSRPTGuarantee(al), "guarantee", "2α/(1+α): speed (Thm 3), batch ratio (Cor 4)", ""},
		{"beta", be, "parameter", "min_i max(x_i/y_i, y_i/x_i), Theorem 5 / Cor 6", ""},
		{"splitsrpt_guarantee", bounds.SplitSRPTGuarantee(be), "guarantee", "1 + 1/β: speed (Thm 5), batch ratio (Cor 6)", ""},
		{string(mip.SourcePaper51), bounds.Paper51(in), "lower bound", "§5.1: SRPT in map and shuffle systems per busy period", ""},
		{string(mip.SourceCounting), bounds.Counting(in), "lower bound", "(b) ∫ arrived − min(N_A, N_B) dt", ""},
	}
	if !in.IsBatch() {
		rows = append(rows, BoundRow{string(mip.SourceStandalone), bounds.CountingStandalone(in), "lower bound", "Σ_k max(d_k, e_k, L_(k)): counting with standalone completions", ""})
	}
	if pb, err := bounds.PrefixBatch(in); err == nil {
		rows = append(rows, BoundRow{string(mip.SourcePrefix), pb, "lower bound", "(a) batch: Σ_k max(X_(k), Y_(k))", ""})
	}
	rows = append(rows, weightedRows(ctx, in)...)
	if h, ok := search.SubsetBound(in); ok {
		rows = append(rows, BoundRow{string(mip.SourceSubset), h, "lower bound", "batch, n ≤ 22: min over orders of Σ_k max(X_k, Y_k) (subset DP, ≥ prefix)", ""})
	} else if h, err := bounds.SubsetRelease(in); err == nil {
		rows = append(rows, BoundRow{string(mip.SourceSubsetRel), h, "lower bound", "n ≤ 20: subset DP with per-station release-date makespans", ""})
	}
	var failed error
	if eng != nil {
		note := "LP relaxation of the exact MIP (" + eng.Name() + ")"
		v, err := mipform.LPRelaxation(ctx, eng, in)
		if err == nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		switch {
		case errors.Is(err, mipform.ErrTooLarge):
			// Refused before it is built: skipped, like a method above
			// its size, not a failure.
			rows = append(rows, BoundRow{Name: string(mip.SourceLPRelaxation), Value: math.NaN(), Kind: "skipped", Note: note, Error: err.Error()})
		case err != nil:
			if ctx.Err() != nil {
				err = fmt.Errorf("time limit reached (%w): %w", ctx.Err(), err)
			}
			failed = fmt.Errorf("%w: lp_relaxation: %w", ErrBoundFailed, err)
			rows = append(rows, BoundRow{Name: string(mip.SourceLPRelaxation), Value: math.NaN(), Kind: "failed", Note: note, Error: err.Error()})
		default:
			rows = append(rows, BoundRow{Name: string(mip.SourceLPRelaxation), Value: v, Kind: "lower bound", Note: note})
		}
	}
	kept := rows[:0]
	for _, r := range rows {
		if !math.IsNaN(r.Value) || r.Kind == "failed" || r.Kind == "skipped" {
			kept = append(kept, r)
		}
	}
	return kept, failed
}
