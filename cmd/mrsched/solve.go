package main

// Commands of exact optima and bounds (issue 4; Lin et al. §3–5): solve,
// bound, export, gen taillard, import taillard.

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/taillard"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// processStart is when the program started (package initialisation): the
// time limits of solve and mip solve count from here, so that they cover
// start-up.
var processStart = time.Now()

// solveCommands returns solve, bound and export (gen taillard and import
// taillard are in main's tree).
func solveCommands() []*cli.Command {
	return inCategory(catExact, solveCmd(), boundCmd(), exportCmd())
}

func solveCmd() *cli.Command {
	return cmd("solve", solveAction, tableOut("the result",
		instanceFlag(),
		&cli.StringFlag{Name: "method", Aliases: []string{"m"}, Value: exact.DefaultMethod, Usage: "portfolio, mip, search, order-lp, polish or a policy name"},
		&cli.StringFlag{Name: "order", Usage: "completion order for order-lp (or priority order for --method order)"},
		timeLimitFlag(60*time.Second, "time limit"),
		engineFlag("LP/MIP engine"),
		kFlag(),
		fileOutFlag("schedule", "write the schedule to `FILE` (CSV when it ends in .csv, otherwise JSON)"))...)
}

func solveAction(c *cli.Context) error {
	path := c.String("instance")
	in, err := instances.ReadFile(path)
	if err != nil {
		return err
	}
	order, err := instances.ParseOrder(in, c.String("order"))
	if err != nil {
		return fmt.Errorf("--order: %w", err)
	}
	// The engine is loaded when a method first needs it (exact.Solve).
	eng, err := engine.Lazy(c.String("engine"))
	if err != nil {
		return fmt.Errorf("--engine: %w", err)
	}
	opt := exact.Options{Method: c.String("method"), Order: order, TimeLimit: c.Duration("time-limit"), Start: processStart,
		K: c.Int("k"), Progress: progressLine(c)}
	a, err := exact.Solve(context.Background(), eng, in, opt)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if out := c.String("schedule"); out != "" {
		if err := saveSchedule(c, out, in, a.Schedule); err != nil {
			return err
		}
	}
	return emitView(c, report.SolveView(path, in, a))
}

func boundCmd() *cli.Command {
	return cmd("bound", instanceAction(func(c *cli.Context, in *instances.Instance) (*tabular.View, error) {
		var eng mip.Engine
		if !c.Bool("no-lp") {
			var err error
			if eng, err = engine.Get(c.String("engine")); err != nil {
				return nil, fmt.Errorf("--engine: %w", err)
			}
		}
		rows, err := report.AllBounds(context.Background(), in, eng)
		return report.BoundsView(rows), err
	}), tableOut("the bounds",
		instanceFlag(),
		engineFlag("engine for the LP relaxation"),
		&cli.BoolFlag{Name: "no-lp", Usage: "skip the LP relaxation"})...)
}

func exportCmd() *cli.Command {
	return cmd("export", export,
		instanceFlag(),
		&cli.BoolFlag{Name: "lp", Usage: "CPLEX LP format"},
		&cli.BoolFlag{Name: "mps", Usage: "free MPS format"},
		&cli.BoolFlag{Name: "release-form", Usage: "use the release-date formulation even for a batch"},
		outFlag("the model"), quietFlag())
}

func export(c *cli.Context) error {
	if c.Bool("lp") == c.Bool("mps") {
		return fmt.Errorf("export: give exactly one of --lp and --mps (see 'mrsched export --help')")
	}
	in, err := instances.ReadFile(c.String("instance"))
	if err != nil {
		return err
	}
	f, err := mipform.Build(in, c.Bool("release-form"))
	if err != nil {
		return err
	}
	write := mip.WriteMPS
	if c.Bool("lp") {
		write = mip.WriteLP
	}
	return emitWith(c, func(w io.Writer) error { return write(w, f.Model) })
}

func genTaillardCmd() *cli.Command {
	return cmd("taillard", func(c *cli.Context) error {
		seed := c.Int64("seed")
		if k := c.Int("seeds20x5"); k != 0 {
			seed = taillard.Seeds20x5[k-1]
		}
		ti, err := taillard.Generate(c.Int("jobs"), c.Int("machines"), seed)
		if err != nil {
			return err
		}
		return emitWith(c, func(w io.Writer) error { return taillard.WriteAs(w, ti, c.String("format")) })
	},
		intFlag("jobs", 20, "number of jobs", atLeastOne),
		intFlag("machines", 5, "number of machines (≥ 2 for json)", atLeastOne),
		&cli.Int64Flag{Name: "seed", Value: taillard.Seeds20x5[0], Usage: "time seed (an integer in [1, 2^31−2])",
			Action: func(_ *cli.Context, v int64) error { return between(1, 1<<31-2).Check("seed", float64(v)) }},
		intFlag("seeds20x5", 0, "use seed K of Taillard's 20 × 5 set", between(1, 10)),
		choiceFlag("format", "fsp", "output format", "fsp", "json"),
		outFlag("the instance"), quietFlag())
}

func importTaillardCmd() *cli.Command {
	return cmd("taillard", func(c *cli.Context) error {
		path, err := oneArg(c, "FILE.fsp")
		if err != nil {
			return err
		}
		in, err := taillard.ReadTandemFile(path, c.Int("index"))
		if err != nil {
			return err
		}
		return emitInstance(c, in)
	},
		intFlag("index", 1, "which instance of the file (1-based)", atLeastOne),
		instanceOutFlag(),
		quietFlag())
}
