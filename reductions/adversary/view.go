package adversary

import (
	"fmt"
	"strings"

	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tabular"
)

// PoliciesWithK parses a comma-separated list of solver/fluid policy
// names with k for the k-LPS variants (no order), skipping empty items; an
// empty list is an error. The errors are fluid's, unwrapped ('mrsched
// adversary' prefixes them with its flag); k = 0 is fluid's default k.
// Policies (yao.go) wraps them in ErrParam.
func PoliciesWithK(list string, k int) ([]fluid.Policy, error) {
	var out []fluid.Policy
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		p, err := fluid.ParsePolicy(name, k, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("empty list")
	}
	return out, nil
}

// Annotate records the policy's total, the alternative's total and the
// ratio lower bound in the instance's metadata and returns a one-line
// summary of the play.
func (r *Result) Annotate() string {
	r.Instance.Metadata["policy_total"] = r.PolicyTotal
	r.Instance.Metadata["alternative_total"] = r.AltTotal
	r.Instance.Metadata["ratio_lower_bound"] = r.Ratio
	return fmt.Sprintf("%s: case %d, total %s, alternative %s, ratio ≥ %s", r.Policy, r.Case,
		tabular.Float(r.PolicyTotal), tabular.Float(r.AltTotal), tabular.Fixed(r.Ratio, 4))
}
