package figures

import (
	"fmt"

	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/tabular"
)

// SaveAdversary draws the adversary's ratios (Adversary) at 9 × 4.5 in and
// writes base.svg (and the other formats), returning the files written.
func SaveAdversary(results []*adversary.Result, base string, formats ...Format) ([]string, error) {
	pl, err := Adversary(results)
	if err != nil {
		return nil, err
	}
	return Save(pl, 9, 4.5, base, formats...)
}

// FlexPlanSVG draws a CIRCUMFLEX/FLEX plan's slot allocations over time
// (FlexPlan) as SVG, titled with the scheme, metric and planning instant.
func FlexPlanSVG(rep *flex.PlanReport) ([]byte, error) {
	ivs := make([]PlanInterval, len(rep.Intervals))
	for i, iv := range rep.Intervals {
		ivs[i] = PlanInterval{Start: iv.Start, End: iv.End, Slots: iv.Slots}
	}
	title := fmt.Sprintf("%s plan for %s at t = %s: slots per subjob", rep.Scheme, rep.Metric, tabular.Float(rep.At))
	return FlexPlan(title, rep.Slots, rep.Rank(), ivs, SVG)
}
