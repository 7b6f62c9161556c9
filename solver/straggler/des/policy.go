package des

import (
	"fmt"

	"github.com/mrsched/mrsched/solver/straggler"
)

// MappingNodes turns a mapping of solver/straggler (per-node rates λ_i over
// service rates μ_i, response model DelayedExp(Dλ_i/μ_i, μ_i − λ_i)) into
// simulated nodes: an M/M/1 queue (exponential service of rate μ_i, own
// Poisson(λ_i) stream) followed by the constant delay Dλ_i/μ_i. Run them
// with Config.Independent. A node with λ_i = 0 receives no task and is left
// out of the join, whereas the analytic MST keeps its Exp(μ_i) response in
// the maximum; the difference is below the simulation noise whenever a
// loaded node's offset dominates (it does for DM-EP at D = 100).
func MappingNodes(lambda, mu []float64, m straggler.Model) ([]Node, error) {
	if len(lambda) != len(mu) {
		return nil, fmt.Errorf("%w: %d rates for %d nodes", ErrConfig, len(lambda), len(mu))
	}
	nodes := make([]Node, len(mu))
	for i := range mu {
		nodes[i] = Node{Rate: mu[i], Lambda: lambda[i], Delay: m.D * lambda[i] / mu[i]}
	}
	return nodes, nil
}

// PolicyCheck is one policy's mapping with its analytic MST (eq. 8 by
// quadrature, solver/straggler) and the simulated MST of the same rates.
type PolicyCheck struct {
	Policy   straggler.Policy `json:"policy"`
	Lambda   []float64        `json:"lambda"`
	Analytic straggler.Result `json:"analytic"`
	Sim      Estimate         `json:"sim"`
}

// CheckPolicies maps the total rate over mu with every policy, then
// simulates each mapping (independent queues, run's Jobs, Warmup,
// Replications and Seed; its Lambda, Nodes and Independent are set here).
func CheckPolicies(pols []straggler.Policy, total float64, mu []float64, opt straggler.MapOptions, run Config) ([]PolicyCheck, error) {
	out := make([]PolicyCheck, 0, len(pols))
	for _, p := range pols {
		m, err := straggler.Map(p, total, mu, opt)
		if err != nil {
			return nil, err
		}
		nodes, err := MappingNodes(m.Lambda, mu, opt.Model)
		if err != nil {
			return nil, err
		}
		c := run
		c.Nodes, c.Independent = nodes, true
		r, err := Simulate(c)
		if err != nil {
			return nil, fmt.Errorf("policy %s: %w", p, err)
		}
		out = append(out, PolicyCheck{Policy: p, Lambda: m.Lambda, Analytic: m.MST, Sim: r.MST})
	}
	return out, nil
}
