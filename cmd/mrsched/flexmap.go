package main

import (
	"context"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/sweep"
)

func flexMapCmd() *cli.Command {
	g := flex.DefaultMapGrid() // the coarse grid of docs/flex.md (issue 14)
	return cmd("map", flexMapAction,
		&cli.StringFlag{Name: "out-dir", Value: "results/flex/map", Usage: "cells (DIR/coarse, DIR/fine) and report `DIR`"},
		choiceFlag("pass", "both", "the passes to run (one with --shard)", "both", "coarse", "fine"),
		shardFlag(),
		workersFlag(2),
		repsFlag(10),
		intsFlag("max-slots", "5,10,20,30,50,100", "M_j values", atLeastOne),
		floatsFlag("min-frac", g.MinFrac, "φ values, m_j = max(1, round(φ·M_j))", between(0, 1)),
		floatsFlag("window", g.Window, "BATCH windows W in minutes", positive),
		floatsFlag("block-time", g.BlockTime, "block times b in slot-minutes (0: no block limit)", nonNegative),
		intFlag("jobs", 1000, "arrivals per workload (T = jobs/10 minutes, §4's rate)", atLeastOne),
		quietFlag())
}

func flexMapAction(c *cli.Context) error {
	s, dir := flex.DefaultMapSetup(), c.String("out-dir")
	s.Grid = flex.MapGrid{MinFrac: c.Float64Slice("min-frac"), Window: c.Float64Slice("window"), BlockTime: c.Float64Slice("block-time")}
	s.Reps, s.Workload.Jobs, s.Workload.Horizon = c.Int("reps"), c.Int("jobs"), float64(c.Int("jobs"))/10
	sp, _ := sweep.Parse(c.String("shard")) // checked by shardFlag
	ms, err := intsOf(c, "max-slots", atLeastOne)
	if s.Grid.MaxSlots = ms; err != nil {
		return err
	}
	rep, err := flex.RunMap(context.Background(), s, flex.MapRunOptions{Dir: dir, Pass: c.String("pass"), Shard: sp, Workers: c.Int("workers"), Merge: c.Args().Slice(), Progress: progressLine(c)})
	if err != nil || rep.Files == nil {
		return err
	}
	files, names, err := figures.FlexMapFiles(rep)
	for i := 0; i < len(names) && err == nil; i++ {
		err = writeFile(c, filepath.Join(dir, names[i]), files[names[i]], "")
	}
	return err
}
