package main

// LP/MIP engines (issue 3): `mrsched engine info` and `mrsched mip solve`.
// Library code: solver/mip, solver/highs, solver/cbc, solver/engine.

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/highs"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// engineCommands returns engine and mip.
func engineCommands() []*cli.Command {
	return []*cli.Command{engineCmd(), mipCmd()}
}

func engineCmd() *cli.Command {
	return &cli.Command{
		Name:        "engine",
		Category:    catEngine,
		Usage:       "the LP/MIP engines built into this program",
		Subcommands: []*cli.Command{engineInfoCmd()},
	}
}

func engineInfoCmd() *cli.Command {
	return &cli.Command{
		Name:  "info",
		Usage: "which LP/MIP engines are present, their versions and where their files are",
		Flags: []cli.Flag{
			formatFlag("table"),
			&cli.BoolFlag{Name: "paths", Usage: "also list the directories searched for HiGHS's files"},
			outFlag("the list"), quietFlag(),
		},
		Action: func(c *cli.Context) error {
			infos := engine.Available()
			tb := &tabular.Table{Header: []string{"engine", "available", "default", "version", "kind", "location", "problem"}}
			for _, in := range infos {
				tb.Add(in.Name, strconv.FormatBool(in.Available), strconv.FormatBool(in.Default), in.Version, in.Kind, in.Location, in.Problem)
			}
			if !c.Bool("paths") {
				return emitTables(c, map[string]any{"engines": infos}, tb)
			}
			pt := &tabular.Table{Title: "HiGHS search path", Header: []string{"order", "directory", "has files"}}
			for i, d := range highs.SearchDirs() {
				pt.Add(strconv.Itoa(i+1), d.Path, strconv.FormatBool(d.HasFiles))
			}
			return emitTables(c, map[string]any{"engines": infos, "highs_search_path": highs.SearchPath()}, tb, pt)
		},
	}
}

func mipCmd() *cli.Command {
	return &cli.Command{
		Name:        "mip",
		Category:    catEngine,
		Usage:       "solve LP/MIP models from LP or MPS files",
		Subcommands: []*cli.Command{mipSolveCmd()},
	}
}

func mipSolveCmd() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "solve an LP or MIP given as an LP or MPS file",
		ArgsUsage: "FILE.lp|FILE.mps",
		Flags: []cli.Flag{
			engineFlag("LP/MIP engine"),
			timeLimitFlag(0, "wall-clock limit of the solve"),
			floatFlag("gap", 0, "relative MIP gap (0: "+strconv.FormatFloat(mip.DefaultRelGap, 'g', -1, 64)+")", between(0, 1)),
			&cli.Int64Flag{Name: "seed", Usage: "the engine's random seed"},
			&cli.BoolFlag{Name: "all", Usage: "list every column, zeros too"},
			&cli.BoolFlag{Name: "duals", Usage: "list the row duals of an LP (HiGHS only)"},
			&cli.BoolFlag{Name: "log", Usage: "copy the engine's log to stderr"},
			formatFlag("table"), outFlag("the result"), quietFlag(),
		},
		Action: mipSolveAction,
	}
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
	return emit(c, func(w io.Writer, f tabular.Format) error {
		if f == tabular.JSON {
			return tabular.WriteJSON(w, sol)
		}
		return writeTables(w, f, mipTables(sol, f)...)
	})
}

// gapCell is a gap in a key/value table: a percentage for people, the
// fraction in CSV.
func gapCell(f tabular.Format, g float64) string {
	if f == tabular.CSV {
		return tabular.Float(g)
	}
	return tabular.Percent(g)
}

// mipTables are the tables of a solved model in format f: the summary,
// the columns and the row duals; in CSV one key/value table (columns as
// "x:<name>", duals as "dual:<name>").
func mipTables(sol engine.Solution, f tabular.Format) []*tabular.Table {
	st := &tabular.Table{Header: []string{"field", "value"}}
	st.Add("file", sol.File)
	st.Add("engine", sol.Engine)
	st.Add("status", sol.Status)
	st.Add("objective", tabular.Float(float64(sol.Objective)))
	st.Add("best_bound", tabular.Float(float64(sol.BestBound)))
	st.Add("gap", gapCell(f, float64(sol.Gap)))
	st.Add("nodes", strconv.FormatInt(sol.Nodes, 10))
	st.Add("time_seconds", tabular.Float(math.Round(sol.TimeSeconds*1e6)/1e6))
	st.Add("columns", strconv.Itoa(sol.Model["columns"]))
	st.Add("rows", strconv.Itoa(sol.Model["rows"]))
	ct := &tabular.Table{Header: []string{"column", "value"}, RightAlign: []bool{false, true}}
	for _, c := range sol.Columns {
		ct.Add(c.Name, tabular.Float(c.Value))
	}
	dt := &tabular.Table{Header: []string{"row", "dual"}, RightAlign: []bool{false, true}}
	for _, d := range sol.Rows {
		dt.Add(d.Name, tabular.Float(d.Dual))
	}
	if f == tabular.CSV {
		st.Header = []string{"key", "value"}
		for _, r := range ct.Rows {
			st.Add("x:"+r[0], r[1])
		}
		for _, r := range dt.Rows {
			st.Add("dual:"+r[0], r[1])
		}
		return []*tabular.Table{st}
	}
	out := []*tabular.Table{st}
	for _, t := range []*tabular.Table{ct, dt} {
		if len(t.Rows) > 0 {
			out = append(out, t)
		}
	}
	return out
}
