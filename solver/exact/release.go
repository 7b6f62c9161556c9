package exact

import (
	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
)

// SourceBusyExclusion is the source of bounds.BusyPeriods: busy periods of
// the single-server relaxations, each bounded by the exclusion bound
// (bounds.Exclusion, ≥ mixed_counting) or, when small, the subset bound.
const SourceBusyExclusion = "busy_exclusion"

// releaseBounds are the bounds only instances with release dates, unit
// weights and independent jobs get (none otherwise).
func releaseBounds(in *instances.Instance) []Bound {
	if in.IsBatch() || in.HasWeights() || in.HasDependencies() {
		return nil
	}
	return []Bound{{SourceBusyExclusion, bounds.BusyPeriods(in)}}
}
