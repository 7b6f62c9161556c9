package study

import (
	"errors"

	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/straggler"
	"github.com/mrsched/mrsched/solver/straggler/des"
	"github.com/mrsched/mrsched/tabular"
)

// ErrUncertified marks an optimal mapping whose KKT conditions were not
// met within the iteration limit (the mapping is still printed).
var ErrUncertified = errors.New("optimal mapping: KKT conditions not met within the iteration limit")

// StragglerMap maps cfg.Total over the nodes cfg.Mu by the policies of
// cfg (straggler.MapNamed; 'mrsched mst map'): Output.Print writes the
// mapping and Output.Failed is ErrUncertified when the optimal mapping
// is not certified.
func StragglerMap(cfg straggler.MapConfig) (*report.Output, error) {
	v, err := straggler.MapNamed(cfg)
	if err != nil {
		return nil, err
	}
	out := &report.Output{Print: v.Write}
	if v.Uncertified() {
		out.Failed = ErrUncertified
	}
	return out, nil
}

// StragglerSimulateConfig configures StragglerSimulate ('mrsched mst
// simulate': Farhat et al. Fig. 5, 7, 9, 12 and the DM-EP check).
type StragglerSimulateConfig struct {
	Options des.FigOptions // the simulations: jobs, warm-up, replications, seed, workers, trace, context
	// Figures, when not "", is the folder the panels are drawn into (SVG
	// with CSV, figures.SaveStragglerDES); PNG adds PNG files.
	Figures string
	PNG     bool
}

// StragglerSimulate runs the simulations of cfg (des.Reproduce), draws
// the panels when asked and returns the report's view (des.Report.View).
func StragglerSimulate(cfg StragglerSimulateConfig) (*tabular.View, error) {
	r, err := des.Reproduce(cfg.Options)
	if err == nil {
		err = figures.SaveStragglerDES(r, cfg.Figures, figures.Formats(cfg.PNG)...)
	}
	if err != nil {
		return nil, err
	}
	return r.View(), nil
}
