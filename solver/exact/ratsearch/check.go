package ratsearch

import (
	"fmt"

	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/mip"
)

// Check re-verifies an answer independently of the search, in exact
// arithmetic: its schedule passes rational.Verify for in, the objective is
// the verified total, the lower bound is not above it, and the status is
// optimal exactly when bound and objective are equal. It returns nil or an
// error wrapping ErrCheck that says which invariant fails. Solve's answers
// always pass; Check is for answers read back or passed on (a certificate
// a third party can re-check).
func Check(in *rational.Instance, res *Result) error {
	if res == nil || res.Schedule == nil || res.Objective == nil || res.LowerBound == nil {
		return fmt.Errorf("%w: incomplete result", ErrCheck)
	}
	rep, _, err := rational.Verify(in, res.Schedule)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrCheck, err)
	}
	if err := rep.Err(); err != nil {
		return fmt.Errorf("%w: schedule does not verify: %w", ErrCheck, err)
	}
	if rep.Total.Cmp(res.Objective) != 0 {
		return fmt.Errorf("%w: objective %s, verified total %s", ErrCheck, res.Objective.RatString(), rep.Total.RatString())
	}
	if res.LowerBound.Cmp(res.Objective) > 0 {
		return fmt.Errorf("%w: lower bound %s above objective %s", ErrCheck, res.LowerBound.RatString(), res.Objective.RatString())
	}
	if (res.Status == mip.Optimal) != (res.LowerBound.Cmp(res.Objective) == 0) {
		return fmt.Errorf("%w: status %v with lower bound %s and objective %s", ErrCheck, res.Status, res.LowerBound.RatString(), res.Objective.RatString())
	}
	return nil
}
