package fluid

import (
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/validate"
)

// Comparison is one policy's outcome in Compare.
type Comparison struct {
	Policy string
	Result *Result // with the recorded schedule
	// Invalid is the validator's error when the schedule violates model
	// (1) at the scaled capacities (a simulator bug), nil otherwise.
	Invalid error
	// Skipped says why the policy has no result (Result nil): its caller
	// did not run it, or gave up on it, at a time limit. "" when it ran.
	Skipped string
}

// ComparePolicies returns the policies 'mrsched compare' puts side by side:
// FIFO, PS, k-LPS, k-LPS with the place freed after the map, MaxSRPT
// (Algorithm 1), SplitSRPT (Algorithm 2, work-conserving and strict).
func ComparePolicies(k int) []Policy {
	return []Policy{FIFO(), PS(), KLPS(k), KLPSMapOnly(k), MaxSRPT(), SplitSRPT(), SplitSRPTStrict()}
}

// Compare simulates every policy on in at the given speed (≤ 0 means 1),
// records each schedule and checks it with the independent validator
// (package validate) against in with both capacities multiplied by speed.
// An error is returned only when a simulation cannot run; a schedule the
// validator rejects is reported in its Comparison.
func Compare(in *instances.Instance, policies []Policy, speed float64) ([]Comparison, error) {
	if speed <= 0 {
		speed = 1
	}
	scaled := in.Clone()
	scaled.MapCapacity *= speed
	scaled.ShuffleCapacity *= speed
	out := make([]Comparison, 0, len(policies))
	for _, p := range policies {
		r, err := Simulate(in, p, Options{Speed: speed, Record: true})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.Name(), err)
		}
		cmp := Comparison{Policy: p.Name(), Result: r}
		if _, err := validate.Check(scaled, r.Schedule); err != nil {
			cmp.Invalid = fmt.Errorf("%s: %w", p.Name(), err)
		}
		out = append(out, cmp)
	}
	return out, nil
}
