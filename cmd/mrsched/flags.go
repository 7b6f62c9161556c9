package main

// Shared flags. Every flag that several commands have is built here, once,
// with the one validation that says the flag's name and what it allows
// (package cliflags: "--k: want an integer ≥ 1, got 0").

import (
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// The constructors and rules of package cliflags, by their short names.
type rule = cliflags.Rule

var (
	intFlag, floatFlag, floatsFlag, intsFlag = cliflags.Int, cliflags.Float, cliflags.Floats, cliflags.Ints
	intsOf, floatsOf, parseInts, parseFloats = cliflags.IntsOf, cliflags.FloatsOf, cliflags.ParseInts, cliflags.ParseFloats
	durationFlag, choiceFlag, repeatedOf     = cliflags.Duration, cliflags.Choice, cliflags.RepeatedOf
	between, isFinite                        = cliflags.Between, cliflags.IsFinite

	anyFinite, positive, nonNegative = cliflags.AnyFinite, cliflags.Positive, cliflags.NonNegative
	atLeastOne, nonNegInt, unitOpen  = cliflags.AtLeastOne, cliflags.NonNegInt, cliflags.UnitOpen
)

// The flags several commands share.

func kFlag() cli.Flag {
	return intFlag("k", fluid.DefaultK, "k of k-LPS (jobs served at once)", atLeastOne)
}

func speedFlag() cli.Flag {
	return floatFlag("speed", 1, "speed factor multiplying both capacities", positive)
}

func seedFlag(value uint64, usage string) cli.Flag {
	return &cli.Uint64Flag{Name: "seed", Value: value, Usage: usage}
}

func timeLimitFlag(value time.Duration, usage string) cli.Flag {
	return durationFlag("time-limit", value, usage, "no limit")
}

func repsFlag(value int) cli.Flag {
	return intFlag("reps", value, "replications", atLeastOne)
}

func loadsFlag(value []float64) cli.Flag {
	return floatsFlag("loads", value, "offered loads ρ", unitOpen)
}

func workersFlag(value int) cli.Flag {
	return intFlag("workers", value, "cells computed in parallel (the output does not depend on it)", atLeastOne)
}

func shardFlag() cli.Flag {
	return &cli.StringFlag{Name: "shard", Usage: "compute only shard `i/N` of the cells and write them as JSON lines",
		Action: func(_ *cli.Context, s string) error {
			if _, err := sweep.Parse(s); err != nil {
				return fmt.Errorf("--shard: %w", err)
			}
			return nil
		}}
}

// formatFlag is --format restricted to the given formats (all four when
// none are given).
func formatFlag(value string, allowed ...tabular.Format) cli.Flag {
	if len(allowed) == 0 {
		allowed = []tabular.Format{tabular.Text, tabular.Markdown, tabular.CSV, tabular.JSON}
	}
	names := make([]string, len(allowed))
	for i, f := range allowed {
		names[i] = f.String()
	}
	want := strings.Join(names, ", ")
	return &cli.StringFlag{Name: "format", Value: value, Usage: "output format: " + want,
		Action: func(_ *cli.Context, s string) error {
			f, err := tabular.ParseFormat(s)
			for _, a := range allowed {
				if err == nil && f == a {
					return nil
				}
			}
			return fmt.Errorf("--format: want one of %s, got %q", want, s)
		}}
}

// formatOf returns the parsed --format (validated by formatFlag).
func formatOf(c *cli.Context) (tabular.Format, error) {
	f, err := tabular.ParseFormat(c.String("format"))
	if err != nil {
		return 0, fmt.Errorf("--format: %w", err)
	}
	return f, nil
}

func quietFlag() cli.Flag {
	return &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress or messages on stderr"}
}

// overwriteNote is the output-file convention, repeated in every flag that
// names a file to write.
const overwriteNote = "replaced if it exists; never one of the command's input files"

// outputFlag is a flag naming a file the command writes: checked against
// the inputs before the command runs (see checkOutputs).
type outputFlag struct{ cli.StringFlag }

// outFlag is --out FILE: the command's result goes there instead of stdout.
func outFlag(what string) cli.Flag {
	return &outputFlag{cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write " + what + " to `FILE` instead of stdout (" + overwriteNote + ")"}}
}

// fileOutFlag is a flag naming an extra output file (a schedule, cells).
func fileOutFlag(name, usage string) cli.Flag {
	return &outputFlag{cli.StringFlag{Name: name, Usage: usage + " (" + overwriteNote + ")"}}
}

// inputFlag is a flag naming a file the command reads: output files are
// checked against it (see protectedInputs).
type inputFlag struct{ cli.StringFlag }

// inFlag returns an input file flag.
func inFlag(name, usage string, required bool, aliases ...string) cli.Flag {
	return &inputFlag{cli.StringFlag{Name: name, Aliases: aliases, Usage: usage, Required: required}}
}

func instanceFlag() cli.Flag {
	return inFlag("instance", "tandem instance `FILE` (JSON, or CSV ending in .csv)", true, "i")
}

// inputsFlag is a repeatable flag of input files.
type inputsFlag struct{ cli.StringSliceFlag }

func inListFlag(name, usage string, value ...string) cli.Flag {
	f := &inputsFlag{cli.StringSliceFlag{Name: name, Usage: usage}}
	if len(value) > 0 {
		f.Value = cli.NewStringSlice(value...)
	}
	return f
}

// engineFlag is --engine: an LP/MIP engine name (whether the engine is
// available is checked when it is needed).
func engineFlag(usage string) cli.Flag {
	return choiceFlag("engine", engine.DefaultName, usage, engine.Names()...)
}

// figuresFlags are --figures DIR and --png.
func figuresFlags(what string) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "figures", Usage: "write " + what + " (SVG) into `DIR`"},
		pngFlag("write PNG figures too"),
	}
}

// pngFlag is --png: PNG figures besides the SVG ones.
func pngFlag(usage string) cli.Flag { return &cli.BoolFlag{Name: "png", Usage: usage} }
