package main

// LP/MIP engines (issue 3): `mrsched engine info` and `mrsched mip solve`.
// Library code: solver/mip, solver/highs, solver/cbc, solver/engine.

import (
	"context"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

func engineCommands() []*cli.Command {
	info := viewAction(func(c *cli.Context) (*tabular.View, error) {
		return report.EnginesView(engine.Available(), c.Bool("paths")), nil
	})
	return inCategory(catEngine,
		group("engine", cmd("info", info,
			formatFlag("table"),
			&cli.BoolFlag{Name: "paths", Usage: "also list the directories searched for HiGHS's files"},
			outFlag("the list"), quietFlag())),
		group("mip", mipSolveCmd()))
}

func mipSolveCmd() *cli.Command {
	return cmd("solve", mipSolveAction, tableOut("the result",
		engineFlag("LP/MIP engine"),
		timeLimitFlag(0, "wall-clock limit of the solve"),
		floatFlag("gap", 0, "relative MIP gap at which the engine may stop (0: the tolerance policy, 1e-9 relative or absolute); a stop at a looser gap is reported as status \"gap limit\", not optimal", between(0, 1)),
		&cli.Int64Flag{Name: "seed", Usage: "the engine's random seed"},
		&cli.BoolFlag{Name: "all", Usage: "list every column, zeros too"},
		&cli.BoolFlag{Name: "duals", Usage: "list the row duals of an LP (HiGHS only)"},
		&cli.BoolFlag{Name: "log", Usage: "copy the engine's log to stderr"})...)
}

func mipSolveAction(c *cli.Context) error {
	path, err := oneArg(c, "FILE.lp or FILE.mps")
	if err != nil {
		return err
	}
	eng, err := engine.Lazy(c.String("engine"))
	if err != nil {
		return fmt.Errorf("--engine: %w", err)
	}
	data, err := fileio.ReadTextFile(path, 0)
	if err != nil {
		return fmt.Errorf("%w: %w", mip.ErrRead, err)
	}
	opt := mip.Options{TimeLimit: c.Duration("time-limit"), RelGap: c.Float64("gap"), Seed: c.Int64("seed")}
	if c.Bool("log") {
		opt.Log = c.App.ErrWriter
	}
	ctx, cancel := engine.CommandContext(context.Background(), processStart, opt.TimeLimit)
	defer cancel()
	m, r, err := engine.SolveFile(ctx, eng, path, data, opt)
	if err != nil {
		return err
	}
	sol := engine.NewSolution(path, eng.Name(), m, r, c.Bool("all"), c.Bool("duals"))
	return emitView(c, report.SolutionView(sol))
}
