package reductions

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/worstcase"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// WorstExactKind is the sweep kind of WorstExactSweep.
const WorstExactKind = "hard/worst-exact"

// WorstExactConfig is the worst-case search with exact optima at every
// step (§6's open question): for every policy, n and restart, one
// worstcase.ClimbExact from a start chosen by the restart number — restart 0
// extends the policy's seed instance (the best n = 8 instance of the
// enumeration search) when there is one and n is at least its size,
// restart 1 (restart 0 without a seed) starts from the §4 tight family,
// later restarts from random instances.
type WorstExactConfig struct {
	Policies []string `json:"policies"` // "maxsrpt", "splitsrpt"
	// Ns: each in 2..worstcase.MaxClimbN (TestConfigDefaults checks the rule).
	Ns       []int   `json:"ns" flag:"n" usage:"values of n" rule:"Between(2, 14)"`
	Restarts int     `json:"restarts" flag:"restarts" usage:"climbs per policy and n" rule:"AtLeastOne"`
	Steps    int     `json:"steps" flag:"steps" usage:"perturbations per climb" rule:"NonNegInt"`
	AlphaMax float64 `json:"alpha_max" flag:"alpha-max" usage:"largest max(x/y, y/x) of a job" rule:"AboveOne"`
	Seed     uint64  `json:"seed" flag:"seed" usage:"seed of the starts and perturbations"`
	// Seeds are the starting instances of restart 0, by policy.
	Seeds map[string][]instances.Job `json:"seeds,omitempty"`
	// SolveLimit bounds each exact solve (0: none, deterministic cells).
	SolveLimit time.Duration `json:"solve_limit_ns" flag:"solve-limit" usage:"limit of each exact solve" zero:"none, deterministic"`
}

// DefaultWorstExactConfig is the default of 'mrsched worst-exact': both
// policies, n = 10..12, 3 climbs of 60 perturbations, α ≤ 4, seed 1, no
// seed instances, no solve limit.
func DefaultWorstExactConfig() WorstExactConfig {
	return WorstExactConfig{Policies: []string{"maxsrpt", "splitsrpt"}, Ns: []int{10, 11, 12}, Restarts: 3, Steps: 60, AlphaMax: 4, Seed: 1}
}

// Validate names the first invalid field.
func (c WorstExactConfig) Validate() error {
	switch {
	case len(c.Policies) == 0 || len(c.Ns) == 0:
		return fmt.Errorf("%w: policies and ns must not be empty", ErrOption)
	case c.Restarts < 1 || c.Steps < 0:
		return fmt.Errorf("%w: restarts = %d, steps = %d (want ≥ 1 and ≥ 0)", ErrOption, c.Restarts, c.Steps)
	case !(c.AlphaMax > 1) || math.IsInf(c.AlphaMax, 0):
		return fmt.Errorf("%w: alpha_max = %v, want a finite value > 1", ErrOption, c.AlphaMax)
	case c.SolveLimit < 0:
		return fmt.Errorf("%w: solve_limit = %v, want ≥ 0", ErrOption, c.SolveLimit)
	}
	for _, p := range c.Policies {
		if p != "maxsrpt" && p != "splitsrpt" {
			return fmt.Errorf("%w: policies: %q (want maxsrpt or splitsrpt)", ErrOption, p)
		}
	}
	for _, n := range c.Ns {
		if n < 2 || n > worstcase.MaxClimbN {
			return fmt.Errorf("%w: ns: %d (want 2..%d)", ErrOption, n, worstcase.MaxClimbN)
		}
	}
	return nil
}

// WorstExactCell is the result of one climb.
type WorstExactCell struct {
	Policy      string          `json:"policy"`
	N           int             `json:"n"`
	Restart     int             `json:"restart"`
	Start       string          `json:"start"`
	Sizes       [][2]float64    `json:"sizes"` // (map, shuffle) per job
	PolicyTotal float64         `json:"policy_total"`
	OPTUpper    float64         `json:"opt_upper"`
	OPTLower    float64         `json:"opt_lower"`
	Status      string          `json:"status"`
	BoundSource mip.BoundSource `json:"bound_source"`
	Proven      bool            `json:"proven"`
	RatioLow    float64         `json:"ratio_low"`
	RatioHigh   float64         `json:"ratio_high"` // +Inf is written as 0 (no bound)
	Guarantee   float64         `json:"guarantee"`
	Alpha       float64         `json:"alpha"`
	Beta        float64         `json:"beta"`
	Solves      int             `json:"solves"`
	Pruned      int             `json:"pruned"`
	Accepted    int             `json:"accepted"`
}

// Instance returns the cell's batch instance (unit capacities, jobs j1…jn)
// with the cell's findings in its metadata.
func (c *WorstExactCell) Instance() *instances.Instance {
	jobs := make([]instances.Job, len(c.Sizes))
	for i, s := range c.Sizes {
		jobs[i] = instances.Job{ID: fmt.Sprintf("j%d", i+1), Map: s[0], Shuffle: s[1]}
	}
	in := instances.New(jobs)
	in.Metadata = map[string]any{"generator": "mrsched worst-case search with exact optima",
		"policy": c.Policy, "start": c.Start, "restart": c.Restart, "policy_total": c.PolicyTotal,
		"opt_upper": c.OPTUpper, "opt_lower": c.OPTLower, "status": c.Status, "ratio_low": c.RatioLow,
		"guarantee": c.Guarantee, "alpha": c.Alpha, "beta": c.Beta}
	return in
}

// WorstExactSweep returns the sweep of c: cells policy × n × restart, in
// that order; the cells are deterministic when c.SolveLimit is 0.
func WorstExactSweep(c WorstExactConfig) (sweep.Sweep, error) {
	if err := c.Validate(); err != nil {
		return sweep.Sweep{}, err
	}
	type cell struct {
		pi, n, r int
	}
	var cells []cell
	var keys []string
	for pi, p := range c.Policies {
		for _, n := range c.Ns {
			for r := range c.Restarts {
				cells = append(cells, cell{pi, n, r})
				keys = append(keys, fmt.Sprintf("%s/n=%d/r=%d", p, n, r))
			}
		}
	}
	compute := func(ctx context.Context, i int) (any, error) {
		ce := cells[i]
		policy := c.Policies[ce.pi]
		seed := c.Seed + uint64(ce.pi)<<32 + uint64(ce.n)<<16 + uint64(ce.r)
		rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
		kind := worstcase.StartRandom
		var from *instances.Instance
		if jobs := c.Seeds[policy]; len(jobs) > 0 && ce.r == 0 && ce.n >= len(jobs) {
			kind, from = worstcase.StartExtend, instances.New(jobs)
		} else if ce.r <= 1 {
			kind = worstcase.StartFamily
		}
		start, used, err := worstcase.StartInstance(kind, policy, ce.n, c.AlphaMax, from, rng)
		if err != nil {
			return nil, err
		}
		best, st, err := worstcase.ClimbExact(ctx, start, worstcase.ClimbOptions{Policy: policy, AlphaMax: c.AlphaMax,
			Steps: c.Steps, Seed: seed, SolveLimit: c.SolveLimit})
		if err != nil {
			return nil, err
		}
		out := &WorstExactCell{Policy: policy, N: ce.n, Restart: ce.r, Start: used, PolicyTotal: best.PolicyTotal,
			OPTUpper: best.OPTUpper, OPTLower: best.OPTLower, Status: best.Status, BoundSource: best.BoundSource,
			Proven: best.Proven, RatioLow: best.RatioLow, Guarantee: best.Guarantee, Alpha: best.Alpha, Beta: best.Beta,
			Solves: st.Solves, Pruned: st.Pruned, Accepted: st.Accepted}
		if !math.IsInf(best.RatioHigh, 0) {
			out.RatioHigh = best.RatioHigh
		}
		for _, j := range best.Instance.Jobs {
			out.Sizes = append(out.Sizes, [2]float64{j.Map, j.Shuffle})
		}
		return out, nil
	}
	return sweep.Sweep{Kind: WorstExactKind, Config: c, Keys: keys, Compute: compute}, nil
}

// WorstExactCells decodes the cells of a finished set of WorstExactSweep.
func WorstExactCells(set *sweep.Set) ([]*WorstExactCell, error) {
	if set.Header.Kind != WorstExactKind {
		return nil, fmt.Errorf("%w: sweep kind %q, want %q", ErrOption, set.Header.Kind, WorstExactKind)
	}
	var out []*WorstExactCell
	for _, c := range set.Cells {
		var w WorstExactCell
		if err := json.Unmarshal(c.Result, &w); err != nil {
			return nil, fmt.Errorf("reductions: cell %d (%s): %w", c.Cell, c.Key, err)
		}
		out = append(out, &w)
	}
	return out, nil
}

// WorstExactBest returns, per policy and n in the cells' order, the cell
// with the largest certified fraction of the guarantee RatioLow/Guarantee
// among the proven ones (or, when no cell of that policy and n is proven,
// among all).
func WorstExactBest(cells []*WorstExactCell) []*WorstExactCell {
	var out []*WorstExactCell
	idx := map[string]int{}
	better := func(a, b *WorstExactCell) bool { // a better than b
		if a.Proven != b.Proven {
			return a.Proven
		}
		return a.RatioLow/a.Guarantee > b.RatioLow/b.Guarantee
	}
	for _, c := range cells {
		k := fmt.Sprintf("%s/%d", c.Policy, c.N)
		i, ok := idx[k]
		if !ok {
			idx[k] = len(out)
			out = append(out, c)
			continue
		}
		if better(c, out[i]) {
			out[i] = c
		}
	}
	return out
}

// WorstExactTable has one row per best cell: the ratio when proven, else
// the interval [policy/OPT upper, policy/OPT lower], as a fraction of the
// guarantee too; opt_proof says how a proven OPT was proven
// (exact.ProofKind of the bound's source: "float search").
func WorstExactTable(best []*WorstExactCell) *tabular.Table {
	t := &tabular.Table{Header: []string{"policy", "n", "start", "alpha", "beta", "guarantee", "policy_total", "opt", "opt_proof", "status", "ratio", "ratio_high", "ratio_over_guarantee", "solves", "pruned"}}
	for _, c := range best {
		opt, hi, proof := tabular.Float(c.OPTUpper), "-", exact.ProofKind(c.BoundSource)
		if !c.Proven {
			proof = ""
			opt = "[" + tabular.Float(c.OPTLower) + ", " + tabular.Float(c.OPTUpper) + "]"
			hi = tabular.Fixed(c.RatioHigh, 6)
		}
		t.Add(c.Policy, fmt.Sprint(c.N), c.Start, tabular.Fixed(c.Alpha, 4), tabular.Fixed(c.Beta, 4), tabular.Fixed(c.Guarantee, 6),
			tabular.Float(c.PolicyTotal), opt, proof, c.Status, tabular.Fixed(c.RatioLow, 6), hi, tabular.Fixed(c.RatioLow/c.Guarantee, 4),
			fmt.Sprint(c.Solves), fmt.Sprint(c.Pruned))
	}
	return t
}

// WorstExactSeeds reads the starting instances of restart 0 from instance
// files whose metadata names the policy (the files of 'mrsched search
// --out-dir', metadata "policy": "maxsrpt" or "splitsrpt"); a later file of
// the same policy replaces an earlier one.
func WorstExactSeeds(paths []string) (map[string][]instances.Job, error) {
	out := map[string][]instances.Job{}
	for _, p := range paths {
		in, err := instances.ReadFile(p)
		if err != nil {
			return nil, err
		}
		policy, _ := in.Metadata["policy"].(string)
		if policy != "maxsrpt" && policy != "splitsrpt" {
			return nil, fmt.Errorf("%w: %s: metadata.policy = %q, want maxsrpt or splitsrpt", ErrOption, p, policy)
		}
		for i, j := range in.Jobs {
			if j.Release != 0 {
				return nil, fmt.Errorf("%w: %s: jobs[%d].release = %v, want a batch", ErrOption, p, i, j.Release)
			}
		}
		out[policy] = in.Jobs
	}
	return out, nil
}
