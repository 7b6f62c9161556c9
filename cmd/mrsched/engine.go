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
		Description: "Lists the engines: highs (HiGHS 1.15 compiled to WebAssembly, run by wazero in pure Go; the\n" +
			"default) and cbc (COIN-OR CBC, native, only in binaries built with -tags cbc). HiGHS's files\n" +
			"(highs.wasm, highs.js from npm highs@1.15.3, installed by 'make setup') are searched in\n" +
			"$" + highs.EnvDir + ", then third_party/highs above the working directory and above the\n" +
			"executable, then the user cache directory; --paths lists those directories.\n\n" +
			"Example:\n  mrsched engine info\n  mrsched engine info --paths --format json",
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
		Description: "Reads the model with the chosen engine's own reader (HiGHS's, or CBC's CoinLpIO/CoinMpsIO),\n" +
			"solves it and prints the status, objective, best bound, gap, node count and the columns' values\n" +
			"(nonzero ones unless --all; row duals of an LP with --duals). Infeasible and unbounded models\n" +
			"are results (exit status 0). The format comes from the extension (.lp or .mps); a file that is\n" +
			"not a readable model of that format (empty, binary, no End, a value that is not a number) is an\n" +
			"error naming the file and line (exit status 1); files are read up to $MRSCHED_MAX_INPUT (256 MiB).\n" +
			"--time-limit covers the whole command (loading the engine and reading included; the answer is\n" +
			"written by start + limit − min(0.5 s, limit/10)) and returns the best solution found with status\n" +
			"\"time limit\" and its gap.\n\n" +
			"Example (write a model, then solve it with each engine):\n" +
			"  printf 'Maximize\\n obj: 30 x + 50 y\\nSubject To\\n c1: x + 2 y <= 40\\n c2: 2 x + y <= 50\\nGenerals\\n x y\\nEnd\\n' > /tmp/tiny.lp\n" +
			"  mrsched mip solve /tmp/tiny.lp\n" +
			"  mrsched mip solve /tmp/tiny.lp --engine cbc --time-limit 10s --format json   # binaries built with -tags cbc",
		Flags: []cli.Flag{
			engineFlag("LP/MIP engine"),
			timeLimitFlag(0, "wall-clock limit of the solve"),
			floatFlag("gap", 0, "relative MIP gap at which the engine may stop (0: the tolerance policy, 1e-9 relative or absolute); a stop at a looser gap is reported as status \"gap limit\", not optimal", between(0, 1)),
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
