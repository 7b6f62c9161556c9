package tight

import (
	"fmt"

	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/tabular"
)

// Annotate builds the family's alternative schedule (PriorityBound, exact
// and validated: an upper bound on OPT), records in the instance's
// metadata the alternative's total, the policy's closed-form cost
// policyCost (MaxSRPTCost or SplitSRPTCost), the ratio lower bound and the
// guarantee, and returns the alternative schedule and a one-line summary.
func (f *Family) Annotate(policy string, policyCost float64) (*schedule.Schedule, string, error) {
	b, err := PriorityBound(f.Instance, f.Alternative)
	if err != nil {
		return nil, "", err
	}
	alt, _ := b.Total.Float64()
	md := f.Instance.Metadata
	md["alternative_total"] = alt
	md["alternative_note"] = "the paper's alternative schedule (priority order at both stations), exact and validated: an upper bound on OPT"
	md[policy+"_total_closed_form"] = policyCost
	md["ratio_lower_bound"] = policyCost / alt
	md["guarantee"] = f.Guarantee
	line := fmt.Sprintf("%s total %s, alternative (≥ OPT) %s, ratio ≥ %s, guarantee %s",
		policy, tabular.Float(policyCost), tabular.Float(alt), tabular.Fixed(policyCost/alt, 6), tabular.Fixed(f.Guarantee, 6))
	return b.Float, line, nil
}
