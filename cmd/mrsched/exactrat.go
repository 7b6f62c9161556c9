package main

// solve --exact: exact optima in rational arithmetic (package ratsearch, docs/exact.md).

import (
	"context"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/exact/ratsearch"
)

func solveExactAction(c *cli.Context) error {
	for _, f := range []string{"method", "order", "engine", "k"} {
		if c.IsSet(f) && (f != "method" || c.String(f) != exact.DefaultMethod) {
			return fmt.Errorf("--%s does not apply to --exact (the exact rational search is its own method)", f)
		}
	}
	path := c.String("instance")
	in, err := rational.ReadFile(path)
	if err != nil {
		return err
	}
	opt := ratsearch.Options{TimeLimit: c.Duration("time-limit"), Start: processStart}
	if p := progressLine(c); p != nil {
		opt.Progress = func(st ratsearch.Stats) { p(st.String()) }
	}
	res, err := ratsearch.Solve(context.Background(), in, opt)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if out := c.String("schedule"); out != "" {
		b, err := ratsearch.ScheduleJSON(in, res.Schedule)
		if err == nil {
			err = writeFile(c, out, b, "exact schedule")
		}
		if err != nil {
			return err
		}
	}
	return emitView(c, res.View(path, in))
}
