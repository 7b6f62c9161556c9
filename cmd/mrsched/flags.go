package main

// Shared flags. Every flag that several commands have is built here, once,
// with the one validation that says the flag's name and what it allows:
// "--k: want an integer ≥ 1, got 0". Validations run as urfave/cli flag
// actions, after parsing and before the command reads any file.

import (
	"flag"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/numlist"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// rule is the set of values a number flag accepts; want says it in words.
type rule struct {
	want string
	ok   func(float64) bool
}

func isFinite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// The rules of number flags.
var (
	anyFinite   = rule{"a finite number", isFinite}
	positive    = rule{"a positive finite number", func(x float64) bool { return x > 0 && isFinite(x) }}
	nonNegative = rule{"a finite number ≥ 0", func(x float64) bool { return x >= 0 && isFinite(x) }}
	atLeastOne  = rule{"an integer ≥ 1", func(x float64) bool { return x >= 1 }}
	nonNegInt   = rule{"an integer ≥ 0", func(x float64) bool { return x >= 0 }}
	unitOpen    = rule{"a number in (0, 1)", func(x float64) bool { return x > 0 && x < 1 }}
)

// between is the rule "a number in [lo, hi]" (integers when the flag is).
func between(lo, hi float64) rule {
	return rule{fmt.Sprintf("a value in [%s, %s]", numStr(lo), numStr(hi)),
		func(x float64) bool { return x >= lo && x <= hi }}
}

// check returns the flag's error for a value outside r.
func (r rule) check(flag string, x float64) error {
	if r.ok(x) {
		return nil
	}
	return fmt.Errorf("--%s: want %s, got %s", flag, r.want, numStr(x))
}

// numStr writes x in flag messages: integers in full, others shortest.
func numStr(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// intFlag is an integer flag whose values must satisfy r.
func intFlag(name string, value int, usage string, r rule, aliases ...string) *cli.IntFlag {
	return &cli.IntFlag{Name: name, Aliases: aliases, Value: value, Usage: usage + " (" + r.want + ")",
		Action: func(_ *cli.Context, v int) error { return r.check(name, float64(v)) }}
}

// floatFlag is a number flag whose values must satisfy r.
func floatFlag(name string, value float64, usage string, r rule, aliases ...string) *cli.Float64Flag {
	return &cli.Float64Flag{Name: name, Aliases: aliases, Value: value, Usage: usage + " (" + r.want + ")",
		Action: func(_ *cli.Context, v float64) error { return r.check(name, v) }}
}

// floatsFlag is a comma-separated list of numbers, each satisfying r.
func floatsFlag(name string, value []float64, usage string, r rule) *cli.Float64SliceFlag {
	return &cli.Float64SliceFlag{Name: name, Value: cli.NewFloat64Slice(value...), Usage: usage + " (comma-separated, each " + r.want + ")",
		Action: func(_ *cli.Context, v []float64) error {
			if len(v) == 0 {
				return fmt.Errorf("--%s: want at least one value", name)
			}
			for _, x := range v {
				if err := r.check(name, x); err != nil {
					return err
				}
			}
			return nil
		}}
}

// intsFlag is a list of integers (see parseInts: items N, LO..HI, LO-HI/STEP),
// each satisfying r; read it with intsOf.
func intsFlag(name, value, usage string, r rule, aliases ...string) *cli.StringFlag {
	return &cli.StringFlag{Name: name, Aliases: aliases, Value: value,
		Usage: usage + " (comma-separated N, LO..HI or LO-HI/STEP, each " + r.want + ")",
		Action: func(_ *cli.Context, s string) error {
			_, err := parseInts(name, s, r)
			return err
		}}
}

// intsOf returns the values of a flag made by intsFlag.
func intsOf(c *cli.Context, name string, r rule) ([]int, error) {
	return parseInts(name, c.String(name), r)
}

// parseInts parses a comma-separated list of integers for flag --name
// (package numlist: items N, LO..HI or LO-HI/STEP). Every value must
// satisfy r.
func parseInts(name, s string, r rule) ([]int, error) {
	out, err := numlist.Ints(s)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--%s: want at least one value", name)
	}
	for _, v := range out {
		if err := r.check(name, float64(v)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// parseFloats parses a comma-separated list of numbers for flag --name,
// each satisfying r.
func parseFloats(name, s string, r rule) ([]float64, error) {
	var out []float64
	for i, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		x, err := strconv.ParseFloat(item, 64)
		if err != nil {
			return nil, fmt.Errorf("--%s: item %d %q is not a number (want %s)", name, i+1, item, r.want)
		}
		if err := r.check(name, x); err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// floatsOf returns the values of a comma-separated list flag (see
// parseFloats).
func floatsOf(c *cli.Context, name string, r rule) ([]float64, error) {
	return parseFloats(name, c.String(name), r)
}

// durationFlag is a duration ≥ 0 (0 meaning what zero says).
func durationFlag(name string, value time.Duration, usage, zero string) *cli.DurationFlag {
	return &cli.DurationFlag{Name: name, Value: value, Usage: usage + " (a duration such as 30s or 5m; 0: " + zero + ")",
		Action: func(_ *cli.Context, d time.Duration) error {
			if d < 0 {
				return fmt.Errorf("--%s: want a duration ≥ 0 such as 30s (0: %s), got %s", name, zero, d)
			}
			return nil
		}}
}

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

// repeated is a repeatable string flag whose values may contain commas
// (urfave/cli's slice flags split on them, which breaks generator specs).
type repeated []string

// aliasSync is what Serialize returns: urfave/cli copies a flag's value to
// its aliases after parsing (set.Set(alias, Serialize())), and every name of
// a repeatedFlag shares one *repeated, so that copy must be a no-op — without
// it "--instance a.json" became the list [a.json a.json] ("two instances are
// named …") and two files became one path "a.json b.json".
const aliasSync = "\x00mrsched-repeated-alias-sync\x00"

func (r *repeated) Set(v string) error {
	if v == aliasSync {
		return nil
	}
	*r = append(*r, v)
	return nil
}
func (r *repeated) String() string    { return strings.Join(*r, " ") }
func (r *repeated) Serialize() string { return aliasSync }

// repeatedFlag gives every parse a fresh value: commands are built once
// and run many times in one process (tests), and a shared value would
// accumulate the values of earlier runs.
type repeatedFlag struct {
	cli.GenericFlag
	files bool // the values are input files (see protectedInputs)
}

func (f *repeatedFlag) Apply(set *flag.FlagSet) error {
	f.GenericFlag.Value = &repeated{}
	return f.GenericFlag.Apply(set)
}

func repeatedOf(c *cli.Context, name string) []string {
	if r, ok := c.Generic(name).(*repeated); ok && r != nil {
		return *r
	}
	return nil
}

// choiceFlag is a string flag whose value is one of choices (any case).
func choiceFlag(name, value, usage string, choices ...string) *cli.StringFlag {
	want := strings.Join(choices, ", ")
	return &cli.StringFlag{Name: name, Value: value, Usage: usage + ": " + want,
		Action: func(_ *cli.Context, s string) error {
			if !slices.Contains(choices, strings.ToLower(s)) {
				return fmt.Errorf("--%s: want one of %s, got %q", name, want, s)
			}
			return nil
		}}
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
