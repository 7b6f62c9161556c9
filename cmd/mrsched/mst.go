package main

// Straggling mappers (Farhat et al.): mrsched mst eval|map|fit|nodes|forkjoin|figures.

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances/nodes"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/straggler"
	"github.com/mrsched/mrsched/solver/straggler/des"
	"github.com/mrsched/mrsched/tabular"
)

func mstCommands() []*cli.Command {
	return inCategory(catStraggler, group("mst",
		inCategory(catStraggler, mstEvalCmd(), mstMapCmd(), mstFitCmd(), mstNodesCmd(), mstForkJoinCmd(), mstFiguresCmd(), mstSimulateCmd())...))
}

// mstCommonFlags are --format and --out, then flags.
func mstCommonFlags(flags ...cli.Flag) []cli.Flag {
	return append([]cli.Flag{formatFlag("table"), outFlag("the result")}, flags...)
}

// dFlag is --D, the deterministic coefficient of the delayed exponential
// model.
func dFlag(note string) cli.Flag {
	return &cli.Float64Flag{Name: "D", Usage: "deterministic coefficient of the delayed exponential model" + note}
}

// muFlag is --mu, the nodes' service rates.
func muFlag() cli.Flag { return &cli.StringFlag{Name: "mu", Usage: "service rates μ1,μ2,…"} }

// mstNodes returns per-node μ and λ from --nodes or --mu/--lambda
// (straggler.NodeRates); λ may be absent (NaN) when needLambda is false.
func mstNodes(c *cli.Context, needLambda bool) (mu, lambda []float64, err error) {
	switch path := c.String("nodes"); {
	case path != "" && c.IsSet("mu"):
		return nil, nil, errors.New("give either --nodes or --mu, not both")
	case path == "" && !c.IsSet("mu"):
		return nil, nil, errors.New("give the nodes: --nodes FILE or --mu μ1,μ2,…")
	case c.IsSet("mu"):
		mu, err = parseFloats("mu", c.String("mu"), anyFinite)
		if err == nil && c.IsSet("lambda") {
			lambda, err = parseFloats("lambda", c.String("lambda"), anyFinite)
		}
	}
	if err == nil {
		mu, lambda, err = straggler.NodeRates(c.String("nodes"), mu, lambda, needLambda)
	}
	return mu, lambda, flagError(err)
}

// flagError names the flag of a configuration field a library rejected:
// a straggler.FieldError, or an error with one of the prefixes
// ("cluster study: invalid configuration: heartbeat …" becomes
// "--heartbeat …").
func flagError(err error, prefixes ...error) error {
	var fe *straggler.FieldError
	if errors.As(err, &fe) {
		return fmt.Errorf("--%s %s", fe.Field, fe.Msg)
	}
	for _, p := range prefixes {
		if errors.Is(err, p) {
			return errors.New("--" + strings.TrimPrefix(err.Error(), p.Error()+": "))
		}
	}
	return err
}

func mstEvalCmd() *cli.Command {
	return cmd("eval", cliout.Action(func(c *cli.Context) (*straggler.EvalReport, error) {
		mu, lambda, err := mstNodes(c, true)
		if err != nil {
			return nil, err
		}
		r, err := straggler.EvalReportOf(straggler.EvalConfig{Mu: mu, Lambda: lambda, D: c.Float64("D"),
			Method: c.String("method"), Samples: c.Int("samples"), Seed: c.Uint64("seed"), RelTol: c.Float64("rel-tol")})
		return r, flagError(err)
	}), mstCommonFlags(
		&cli.StringFlag{Name: "nodes", Usage: "node file (JSON or .csv) with mu and lambda per node"},
		muFlag(),
		&cli.StringFlag{Name: "lambda", Usage: "arrival rates λ1,λ2,… (one per node)"},
		dFlag(" (0 = M/M/1)"),
		&cli.StringFlag{Name: "method", Value: "auto", Usage: "closed, integral, mc, all or auto"},
		&cli.IntFlag{Name: "samples", Value: 100000, Usage: "Monte Carlo samples"},
		seedFlag(1, "Monte Carlo seed"),
		&cli.Float64Flag{Name: "rel-tol", Value: 1e-9, Usage: "relative accuracy of the integral"})...)
}

func mstMapCmd() *cli.Command {
	return cmd("map", func(c *cli.Context) error {
		mu, _, err := mstNodes(c, false)
		var v *straggler.MapView
		if err == nil {
			v, err = straggler.MapNamed(straggler.MapConfig{Policy: c.String("policy"), Total: c.Float64("total"), Mu: mu, PerNode: c.Bool("per-node"),
				Options: straggler.MapOptions{Model: straggler.Model{D: c.Float64("D")}, AllowMigration: c.Bool("allow-migration")}})
		}
		if err == nil {
			err = emit(c, v.Write)
		}
		if err == nil && v.Uncertified() {
			return exitWith(2, errors.New("optimal mapping: KKT conditions not met within the iteration limit"))
		}
		return err
	}, mstCommonFlags(
		&cli.StringFlag{Name: "nodes", Usage: "node file (JSON or .csv); mu per node"},
		muFlag(),
		&cli.Float64Flag{Name: "total", Usage: "total task arrival rate λ", Required: true},
		&cli.StringFlag{Name: "policy", Value: "optimal", Usage: "fair, dep, sep, mep, dmep, optimal or all"},
		dFlag(" (0 = M/M/1)"),
		&cli.BoolFlag{Name: "allow-migration", Usage: "let S-EP return negative λ_i (the paper's formal eq. 23) instead of failing on eq. 24"},
		&cli.BoolFlag{Name: "per-node", Usage: "print every node's λ_i (table formats)"})...)
}

func mstFitCmd() *cli.Command {
	return cmd("fit", cliout.ReadAction("samples", nodes.ReadSamplesFile, func(c *cli.Context, xs []float64) (*tabular.View, error) {
		return straggler.FitView(xs, c.Float64("offset"))
	}), mstCommonFlags(
		&cli.StringFlag{Name: "samples", Usage: "file with one completion time per line", Required: true},
		&cli.Float64Flag{Name: "offset", Value: math.NaN(), Usage: "offset T for the least-squares fit (default: the smallest sample)"})...)
}

func mstNodesCmd() *cli.Command {
	return cmd("nodes", cliout.Action(func(c *cli.Context) (*straggler.NodeCountReport, error) {
		if c.String("nodes") == "" && c.String("class") == "" {
			return nil, errors.New("give --class μ:available,… or --nodes FILE")
		}
		classes, err := straggler.ClassesFrom(c.String("nodes"), c.String("class"))
		if err != nil {
			return nil, flagError(err)
		}
		return straggler.NodeCountOf(straggler.NodeCountConfig{Classes: classes, Total: c.Float64("total"), Policy: c.String("policy"),
			D: c.Float64("D"), BruteLimit: c.Int("brute-limit"), Curve: c.Bool("curve")})
	}), mstCommonFlags(
		&cli.StringFlag{Name: "class", Usage: "node classes μ:available,… (or use --nodes with count as availability)"},
		&cli.StringFlag{Name: "nodes", Usage: "node file; each entry's count is the number available"},
		&cli.Float64Flag{Name: "total", Usage: "total task arrival rate λ", Required: true},
		&cli.StringFlag{Name: "policy", Value: "optimal", Usage: "mapping policy for each selection"},
		dFlag(""),
		intFlag("brute-limit", 2000, "enumerate all selections when there are at most this many", nonNegInt),
		&cli.BoolFlag{Name: "curve", Usage: "print the MST for every N (table formats)"})...)
}

func mstForkJoinCmd() *cli.Command {
	return cmd("forkjoin", viewAction(func(c *cli.Context) (*tabular.View, error) {
		return straggler.ForkJoinView(c.Int("k"), c.Float64("lambda"), c.Float64("mu"), c.Int("jobs"), c.Uint64("seed"))
	}), mstCommonFlags(
		&cli.IntFlag{Name: "k", Value: 4, Usage: "number of servers K"},
		&cli.Float64Flag{Name: "lambda", Value: 0.5, Usage: "job arrival rate"},
		&cli.Float64Flag{Name: "mu", Value: 1, Usage: "service rate of every server"},
		&cli.IntFlag{Name: "jobs", Value: 200000, Usage: "jobs measured after 10% warm-up (0: no simulation)"},
		seedFlag(1, "simulation seed"))...)
}

func mstFiguresCmd() *cli.Command {
	return cmd("figures", func(c *cli.Context) error {
		figs, err := figures.SaveStragglerPaper(c.String("out"), func(done, total int, name string) {
			infof(c, "mst figures: %d/%d %s", done, total, name)
		}, figures.Formats(c.Bool("png"))...)
		for _, f := range figs {
			fmt.Fprintf(c.App.Writer, "%s\t%s\n", f.Name, f.Note)
		}
		return err
	},
		&cli.StringFlag{Name: "out", Value: "results/straggler", Usage: "output directory"},
		besidesSVGFlag(),
		&cli.BoolFlag{Name: "quiet", Usage: "no progress on stderr"})
}

// mstSimulateCmd is mrsched mst simulate: Fig. 5, 7, 9, 12 and the DM-EP
// check (solver/straggler/des.Reproduce).
func mstSimulateCmd() *cli.Command {
	d := des.DefaultFigOptions()
	return cmd("simulate", viewAction(func(c *cli.Context) (*tabular.View, error) {
		d.Seed, d.Replications, d.Jobs, d.Warmup, d.Workers = c.Uint64("seed"), c.Int("reps"), c.Int("jobs"), c.Int("warmup"), c.Int("workers")
		d.TaskEvents = c.StringSlice("task-events")
		r, err := des.Reproduce(d)
		if err == nil {
			err = figures.SaveStragglerDES(r, c.String("figures"), figures.Formats(c.Bool("png"))...)
		}
		if err != nil {
			return nil, err
		}
		return r.View(), nil
	}), append([]cli.Flag{
		formatFlag("table"),
		outFlag("the table"),
		seedFlag(d.Seed, "simulation seed"),
		repsFlag(d.Replications),
		workersFlag(1),
		&cli.IntFlag{Name: "jobs", Value: d.Jobs, Usage: "measured tasks per node and replication"},
		&cli.IntFlag{Name: "warmup", Value: d.Warmup, Usage: "tasks discarded at the start of each replication"},
		inListFlag("task-events", "Google 2011 task_events `FILE` or directory of parts (gzip or plain CSV, repeat in order) for the Fig. 2 fit"),
	}, figuresFlags("the Fig. 5, 7, 9, 12 panels (with CSV)")...)...)
}
