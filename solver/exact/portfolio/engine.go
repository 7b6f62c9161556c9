package portfolio

import (
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/cbccli"
	"github.com/mrsched/mrsched/solver/glpk"
	"github.com/mrsched/mrsched/solver/mip"
)

// ChooseMIP returns the MIP engine the portfolio runs beside the search on
// in, by the measured rule of docs/appendix/exact.md ("Engine choice"): for batches
// the cbc program (package solver/cbccli), which on the unbalanced
// log-normal batches of n = 20 proved the instances glpsol proved but one
// and others glpsol did not, and on the balanced ones closed instances
// glpsol left at 1.6–4.8 % gaps; for instances with release dates glpsol
// (package solver/glpk), the engine measured there. Either falls back to
// the other when it is not installed; nil when neither is (the search
// alone). Both are killable processes, as the portfolio needs.
func ChooseMIP(in *instances.Instance) mip.Engine {
	c, cerr := cbccli.New()
	g, gerr := glpk.New()
	batch := in != nil && in.IsBatch()
	switch {
	case cerr == nil && (batch || gerr != nil):
		return c
	case gerr == nil:
		return g
	}
	return nil
}
