package des

import (
	"testing"

	"github.com/mrsched/mrsched/solver/straggler"
)

// TestPoliciesD100 is the DM-EP question of docs/straggler.md: at D = 100,
// λ = 38 on the Fig. 11 cluster, every policy's analytic MST (eq. 8 by
// quadrature in solver/straggler; optimum 52.1955, DM-EP 94.7467 as printed
// by `mrsched mst map --policy all`) must lie inside the 95 % interval of
// an independent simulation of the same rates (seed 1: all six do). DM-EP
// must also minimise the sum of the means Σ_i E[R_i] (the bound whose
// stationarity condition is "equal derivatives of the means") among the
// policies, which shows that its MST is the one its definition implies.
func TestPoliciesD100(t *testing.T) {
	mu := fig11Cluster()
	model := straggler.Model{D: 100}
	rows, err := CheckPolicies(straggler.Policies, 38, mu, straggler.MapOptions{Model: model}, Config{Jobs: 5000, Warmup: 1000, Replications: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	sumMeans := map[straggler.Policy]float64{}
	for _, r := range rows {
		if !r.Sim.Contains(r.Analytic.MST) {
			t.Errorf("%s: analytic MST %.5g outside simulated %.5g ± %.2g", r.Policy, r.Analytic.MST, r.Sim.Mean, r.Sim.HalfWidth)
		}
		s := 0.0
		for i, l := range r.Lambda {
			s += model.Mean(l, mu[i])
		}
		sumMeans[r.Policy] = s
	}
	for p, s := range sumMeans {
		if s < sumMeans[straggler.DMEP]-1e-9*s {
			t.Errorf("%s has Σ E[R_i] = %.6g below DM-EP's %.6g", p, s, sumMeans[straggler.DMEP])
		}
	}
	if got := rows[len(rows)-1]; got.Policy != straggler.Optimal || got.Analytic.MST > 52.3 {
		t.Errorf("optimum row %v: want MST ≈ 52.2", got)
	}
}

func TestMappingNodesLength(t *testing.T) {
	if _, err := MappingNodes([]float64{1}, []float64{2, 3}, straggler.Model{}); err == nil {
		t.Error("length mismatch accepted")
	}
}
