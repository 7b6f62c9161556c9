package main

// Shared flags. Every flag that several commands have is built here, once,
// with the one validation that says the flag's name and what it allows
// (package cliflags: "--k: want an integer ≥ 1, got 0").

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/sweep"
)

// The constructors and rules of package cliflags, by their short names.
type rule = cliflags.Rule

var (
	intFlag, floatFlag, floatsFlag, intsFlag = cliflags.Int, cliflags.Float, cliflags.Floats, cliflags.Ints
	intsOf, floatsOf, parseInts, parseFloats = cliflags.IntsOf, cliflags.FloatsOf, cliflags.ParseInts, cliflags.ParseFloats
	durationFlag, choiceFlag, repeatedOf     = cliflags.Duration, cliflags.Choice, cliflags.RepeatedOf
	between, isFinite                        = cliflags.Between, cliflags.IsFinite
	seedFlag, timeLimitFlag, repsFlag        = cliflags.Seed, cliflags.TimeLimit, cliflags.Reps
	loadsFlag, workersFlag                   = cliflags.Loads, cliflags.Workers
	pngFlag, figuresFlags                    = cliflags.PNG, cliflags.Figures

	anyFinite, positive, nonNegative = cliflags.AnyFinite, cliflags.Positive, cliflags.NonNegative
	atLeastOne, nonNegInt            = cliflags.AtLeastOne, cliflags.NonNegInt
)

// The flags several commands share.

func kFlag() cli.Flag {
	return intFlag("k", fluid.DefaultK, "k of k-LPS (jobs served at once)", atLeastOne)
}

func speedFlag() cli.Flag {
	return floatFlag("speed", 1, "speed factor multiplying both capacities", positive)
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

// The file and format flags of package cliout, by their short names.
const overwriteNote = cliout.OverwriteNote

// inputsFlag is a repeatable flag of files the command reads.
type inputsFlag = cliout.InputsFlag

var (
	formatFlag, formatOf, quietFlag = cliout.Format, cliout.FormatOf, cliout.Quiet
	outFlag, fileOutFlag, inFlag    = cliout.Out, cliout.FileOut, cliout.In
	inListFlag                      = cliout.InList
)

// instanceFlag is --instance FILE (-i), a required tandem instance.
func instanceFlag() cli.Flag {
	return inFlag("instance", "tandem instance `FILE` (JSON, or CSV ending in .csv)", true, "i")
}

// engineFlag is --engine: an LP/MIP engine name (whether the engine is
// available is checked when it is needed).
func engineFlag(usage string) cli.Flag {
	return choiceFlag("engine", engine.DefaultName, usage, engine.Names()...)
}
