package main

import (
	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/straggler/des"
)

// mstSimulateCmd is mrsched mst simulate: Fig. 5, 7, 9, 12 and the DM-EP
// check (solver/straggler/des.Reproduce).
func mstSimulateCmd() *cli.Command {
	d := des.DefaultFigOptions()
	return &cli.Command{
		Name:     "simulate",
		Category: catStraggler,
		Flags: append([]cli.Flag{formatFlag("table"), outFlag("the table"), seedFlag(d.Seed, "simulation seed"), repsFlag(d.Replications), workersFlag(1),
			&cli.IntFlag{Name: "jobs", Value: d.Jobs, Usage: "measured tasks per node and replication"},
			&cli.IntFlag{Name: "warmup", Value: d.Warmup, Usage: "tasks discarded at the start of each replication"},
			inListFlag("task-events", "Google 2011 task_events `FILE` or directory of parts (gzip or plain CSV, repeat in order) for the Fig. 2 fit")},
			figuresFlags("the Fig. 5, 7, 9, 12 panels (with CSV)")...),
		Action: func(c *cli.Context) error {
			d.Seed, d.Replications, d.Jobs, d.Warmup, d.Workers = c.Uint64("seed"), c.Int("reps"), c.Int("jobs"), c.Int("warmup"), c.Int("workers")
			d.TaskEvents = c.StringSlice("task-events")
			r, err := des.Reproduce(d)
			if err != nil {
				return err
			}
			if dir := c.String("figures"); dir != "" {
				for _, f := range r.Figures {
					if _, err := figures.StragglerDES(f, dir, figures.Formats(c.Bool("png"))...); err != nil {
						return err
					}
				}
			}
			return emitView(c, r.View())
		},
	}
}
