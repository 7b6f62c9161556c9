package study

import (
	"errors"
	"math"

	"github.com/mrsched/mrsched/internal/numlist"

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

// StragglerNodes names the mapper nodes of 'mrsched mst eval' and 'mst
// map' (--nodes, or --mu and --lambda): a node file, or lists of rates.
type StragglerNodes struct {
	// File is a node file (JSON or .csv, nodes.ReadFile) with μ, and λ
	// where known, per node; "" when Mu gives the nodes.
	File string
	// Mu and Lambda are comma-separated service rates μ_i and arrival
	// rates λ_i, one per node (without File); LambdaSet says Lambda was
	// given (a given empty list is an error, an absent one unknown rates).
	Mu, Lambda string
	LambdaSet  bool
}

// Rates returns every node's μ and λ (straggler.NodeRates): λ is NaN
// where unknown, which is an error when needLambda. A malformed list is
// a *report.ConfigError of field "mu" or "lambda".
func (n StragglerNodes) Rates(needLambda bool) (mu, lambda []float64, err error) {
	if n.File == "" {
		mu, err = finiteRates("mu", n.Mu)
		if err == nil && n.LambdaSet {
			lambda, err = finiteRates("lambda", n.Lambda)
		}
	}
	if err != nil {
		return nil, nil, err
	}
	return straggler.NodeRates(n.File, mu, lambda, needLambda)
}

// finiteRates parses the comma-separated finite numbers s of field.
func finiteRates(field, s string) ([]float64, error) {
	xs, err := numlist.Floats(s, "a finite number", func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) })
	if err != nil {
		return nil, &report.ConfigError{Field: field, Err: err}
	}
	return xs, nil
}

// StragglerEval evaluates the mean sojourn time of the nodes (Rates,
// every λ known) by the methods of cfg ('mrsched mst eval';
// straggler.EvalReportOf); cfg.Mu and cfg.Lambda are set from nodes.
func StragglerEval(nodes StragglerNodes, cfg straggler.EvalConfig) (*straggler.EvalReport, error) {
	var err error
	if cfg.Mu, cfg.Lambda, err = nodes.Rates(true); err != nil {
		return nil, err
	}
	return straggler.EvalReportOf(cfg)
}

// StragglerNodeCount finds the optimal number of mapper nodes of cfg
// (straggler.NodeCountOf; 'mrsched mst nodes') over the node classes of
// the node file at file (each entry's count the number available) or,
// when file is "", of class ("μ:available,…", straggler.ClassesFrom);
// cfg.Classes is set from them.
func StragglerNodeCount(file, class string, cfg straggler.NodeCountConfig) (*straggler.NodeCountReport, error) {
	var err error
	if cfg.Classes, err = straggler.ClassesFrom(file, class); err != nil {
		return nil, err
	}
	return straggler.NodeCountOf(cfg)
}
