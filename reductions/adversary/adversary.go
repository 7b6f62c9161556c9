// The adversary of the proof of Theorem 2 plays the online adversary of the proof of Theorem 2
// (appendix A of the overlapping tandem queue paper) against a policy of
// package solver/fluid.
//
// With k = ⌊n^{1/3}⌋ the adversary releases k² type-1 jobs (1, 1/2) and k
// type-2 jobs (k, 3k/2) at t = 0 and simulates the policy to t = k². If the
// policy has done at least k²/5 units of type-2 map work by then (case 1),
// it releases type-1 jobs one by one at t = k² + j, j = 0..k³; otherwise
// (case 2) it releases type-2 jobs one by one at t = 2k² + j·3k/2, j =
// 0..k³. The policies are non-anticipating, so simulating the opening batch
// alone up to k² gives the same behaviour as the full instance.
//
// The proof's alternative schedules are priority orders at both stations:
// case 1, the opening type-1 jobs, then the arriving type-1 jobs, then the
// type-2 jobs ("finishes all type-1 jobs by t = k²"); case 2, the type-2
// jobs, then the type-1 jobs, then the arrivals ("schedules type-2 jobs one
// by one and then type-1 jobs one by one in [0, 2k²]"). They are simulated
// by fluid.Order with the schedule recorded and validated by validate.Check,
// so their totals are explicit upper bounds on OPT and policy/alternative
// is a lower bound on the policy's competitive ratio on the instance. The
// proof shows this ratio is Ω(k) = Ω(n^{1/3}).
//
// The instance has k² + k + k³ + 1 jobs, slightly more than n (the proof
// counts jobs loosely); both numbers are reported.

package adversary

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/validate"
)

// ErrParam is returned for n < 1 or n too large.
var ErrParam = errors.New("adversary: invalid parameter")

// MaxN bounds n (k ≤ 40: 66 000 jobs).
const MaxN = 64000

// Result is one play of the adversary.
type Result struct {
	N, K, Jobs int
	Policy     string
	// Case is 1 or 2 (the proof's cases).
	Case int
	// Type2Map is the type-2 map work the policy did by t = k².
	Type2Map float64
	Instance *instances.Instance
	// PolicyTotal is the policy's total response time on the instance.
	PolicyTotal float64
	// AltOrder and AltTotal: the proof's alternative schedule (validated).
	AltOrder []int
	AltTotal float64
	// Ratio = PolicyTotal / AltTotal ≤ PolicyTotal / OPT.
	Ratio float64
	// PaperT is the proof's lower bound on the policy's total (case 1:
	// (k²/5 + 1)k³; case 2: (2k/15 + 1)·3k⁴/2) and PaperTAlt its upper bound
	// on the alternative (case 1: (k²+k)k² + (k+1)k³ + k·3k²/2; case 2:
	// (k²+k)·2k² + 3k⁴/2).
	PaperT, PaperTAlt float64
}

// Opening returns the batch released at 0: k² type-1 jobs "a1", … then k
// type-2 jobs "b1", ….
func Opening(k int) []instances.Job {
	var jobs []instances.Job
	for i := range k * k {
		jobs = append(jobs, instances.Job{ID: fmt.Sprintf("a%d", i+1), Map: 1, Shuffle: 0.5})
	}
	kf := float64(k)
	for i := range k {
		jobs = append(jobs, instances.Job{ID: fmt.Sprintf("b%d", i+1), Map: kf, Shuffle: 1.5 * kf})
	}
	return jobs
}

// K returns ⌊n^{1/3}⌋ computed exactly in integers.
func K(n int) int {
	k := int(math.Cbrt(float64(n)))
	for (k+1)*(k+1)*(k+1) <= n {
		k++
	}
	for k*k*k > n {
		k--
	}
	return k
}

// Play plays the adversary for n against p.
func Play(n int, p fluid.Policy) (*Result, error) { return play(context.Background(), n, p, 0) }

// play plays the adversary for n against p; force 1 or 2 releases that
// case's arrivals whatever the policy did by k² (Yao's distribution, see
// yao.go), 0 lets the policy's type-2 map work decide as in the proof.
// ctx stops the simulations (fluid.ErrStopped).
func play(ctx context.Context, n int, p fluid.Policy, force int) (*Result, error) {
	if n < 1 || n > MaxN {
		return nil, fmt.Errorf("%w: n = %d, want 1..%d", ErrParam, n, MaxN)
	}
	k := K(n)
	kf := float64(k)
	k2 := kf * kf
	open := instances.New(Opening(k))
	sim, err := fluid.Simulate(open, p, fluid.Options{Record: true, Context: ctx})
	if err != nil {
		return nil, err
	}
	type2 := 0.0
	for _, seg := range sim.Schedule.Segments {
		if seg.Start >= k2 {
			break
		}
		dt := math.Min(seg.End, k2) - seg.Start
		for _, r := range seg.Rates {
			if r.Job >= k*k {
				type2 += r.Map * dt
			}
		}
	}
	res := &Result{N: n, K: k, Policy: p.Name(), Type2Map: type2}
	jobs := Opening(k)
	nOpen := len(jobs)
	var alt []int
	if force == 1 || (force == 0 && type2 >= k2/5) {
		res.Case = 1
		for j := 0; j <= k*k*k; j++ {
			jobs = append(jobs, instances.Job{ID: fmt.Sprintf("c%d", j+1), Release: k2 + float64(j), Map: 1, Shuffle: 0.5})
		}
		for i := range k * k {
			alt = append(alt, i)
		}
		for i := nOpen; i < len(jobs); i++ {
			alt = append(alt, i)
		}
		for i := k * k; i < nOpen; i++ {
			alt = append(alt, i)
		}
		res.PaperT = (k2/5 + 1) * kf * k2
		res.PaperTAlt = (k2+kf)*k2 + (kf+1)*kf*k2 + kf*1.5*k2
	} else {
		res.Case = 2
		for j := 0; j <= k*k*k; j++ {
			jobs = append(jobs, instances.Job{ID: fmt.Sprintf("c%d", j+1), Release: 2*k2 + float64(j)*1.5*kf, Map: kf, Shuffle: 1.5 * kf})
		}
		for i := k * k; i < nOpen; i++ {
			alt = append(alt, i)
		}
		for i := range k * k {
			alt = append(alt, i)
		}
		for i := nOpen; i < len(jobs); i++ {
			alt = append(alt, i)
		}
		res.PaperT = (2*kf/15 + 1) * 1.5 * k2 * k2
		res.PaperTAlt = (k2+kf)*2*k2 + 1.5*k2*k2
	}
	in := instances.New(jobs)
	in.Metadata = map[string]any{"generator": "adversary of Theorem 2 (Lin et al., appendix A)",
		"n": n, "k": k, "policy": p.Name(), "case": res.Case, "type2_map_by_k2": type2}
	res.Instance, res.Jobs, res.AltOrder = in, len(jobs), alt
	full, err := fluid.Simulate(in, p, fluid.Options{Context: ctx})
	if err != nil {
		return nil, err
	}
	res.PolicyTotal = full.TotalResponse
	altRes, err := fluid.Simulate(in, fluid.Order(alt), fluid.Options{Record: true, Context: ctx})
	if err != nil {
		return nil, err
	}
	chk, err := validate.Check(in, altRes.Schedule)
	if err != nil {
		return nil, fmt.Errorf("adversary: the alternative schedule fails validation: %w", err)
	}
	res.AltTotal = chk.TotalResponse
	res.Ratio = res.PolicyTotal / res.AltTotal
	return res, nil
}

// AltSchedule returns the validated alternative schedule of r (for files).
func AltSchedule(r *Result) (*fluid.Result, error) {
	return fluid.Simulate(r.Instance, fluid.Order(r.AltOrder), fluid.Options{Record: true})
}
