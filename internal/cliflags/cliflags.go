// Package cliflags builds the flags of mrsched's commands (urfave/cli/v2)
// with their validation: number flags whose values must satisfy a Rule
// ("--k: want an integer ≥ 1, got 0"), lists of numbers and integers
// (package numlist), durations, choices and repeatable flags whose values
// may contain commas, files read and written. Every flag of every command
// is made by one of its typed helpers (flags.go, paths.go), and a flag
// that fills a field of a library configuration is a row of a flag table
// (table.go) built from the field's struct tags (Table, tags.go). Validations run as flag actions, after parsing
// and before a command reads any file.
package cliflags

import (
	"flag"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/numlist"
)

// Rule is the set of values a number flag accepts; want says it in words.
type Rule struct {
	Want string
	OK   func(float64) bool
}

func IsFinite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// The rules of number flags.
var (
	AnyFinite   = Rule{"a finite number", IsFinite}
	Positive    = Rule{"a positive finite number", func(x float64) bool { return x > 0 && IsFinite(x) }}
	NonNegative = Rule{"a finite number ≥ 0", func(x float64) bool { return x >= 0 && IsFinite(x) }}
	AtLeastOne  = Rule{"an integer ≥ 1", func(x float64) bool { return x >= 1 }}
	NonNegInt   = Rule{"an integer ≥ 0", func(x float64) bool { return x >= 0 }}
	UnitOpen    = Rule{"a number in (0, 1)", func(x float64) bool { return x > 0 && x < 1 }}
	AboveOne    = Rule{"a finite number > 1", func(x float64) bool { return x > 1 && IsFinite(x) }}
)

// Between is the Rule "a number in [lo, hi]" (integers when the flag is).
func Between(lo, hi float64) Rule {
	return Rule{fmt.Sprintf("a value in [%s, %s]", NumStr(lo), NumStr(hi)),
		func(x float64) bool { return x >= lo && x <= hi }}
}

// Check returns the flag's error for a value outside r.
func (r Rule) Check(flag string, x float64) error {
	if r.OK(x) {
		return nil
	}
	return fmt.Errorf("--%s: want %s, got %s", flag, r.Want, NumStr(x))
}

// NumStr writes x in flag messages: integers in full, others shortest
// (numlist.NumStr).
func NumStr(x float64) string { return numlist.NumStr(x) }

// IntsOf returns the values of a flag made by Ints.
func IntsOf(c *cli.Context, name string, r Rule) ([]int, error) {
	return ParseInts(name, c.String(name), r)
}

// Count is how many of set are true: how many of a set of mutually
// exclusive flags were given.
func Count(set ...bool) int {
	n := 0
	for _, b := range set {
		if b {
			n++
		}
	}
	return n
}

// IntList is xs as a comma-separated list, the form of an Ints default.
func IntList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// ParseInts parses a comma-separated list of integers for flag --name
// (package numlist: items N, LO..HI or LO-HI/STEP). Every value must
// satisfy r.
func ParseInts(name, s string, r Rule) ([]int, error) {
	out, err := numlist.Ints(s)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--%s: want at least one value", name)
	}
	for _, v := range out {
		if err := r.Check(name, float64(v)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ParseFloats parses a comma-separated list of numbers for flag --name,
// each satisfying r (numlist.Floats).
func ParseFloats(name, s string, r Rule) ([]float64, error) {
	out, err := numlist.Floats(s, r.Want, r.OK)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", name, err)
	}
	return out, nil
}

// FloatsOf returns the values of a comma-separated list flag (see
// ParseFloats).
func FloatsOf(c *cli.Context, name string, r Rule) ([]float64, error) {
	return ParseFloats(name, c.String(name), r)
}

// Repeated is a repeatable string flag whose values may contain commas
// (urfave/cli's slice flags split on them, which breaks generator specs).
type Repeated []string

// aliasSync is what Serialize returns: urfave/cli copies a flag's value to
// its aliases after parsing (set.Set(alias, Serialize())), and every name of
// a RepeatedFlag shares one *Repeated, so that copy must be a no-op — without
// it "--instance a.json" became the list [a.json a.json] ("two instances are
// named …") and two files became one path "a.json b.json".
const aliasSync = "\x00mrsched-repeated-alias-sync\x00"

func (r *Repeated) Set(v string) error {
	if v == aliasSync {
		return nil
	}
	*r = append(*r, v)
	return nil
}
func (r *Repeated) String() string    { return strings.Join(*r, " ") }
func (r *Repeated) Serialize() string { return aliasSync }

// RepeatedFlag gives every parse a fresh value: commands are built once
// and run many times in one process (tests), and a shared value would
// accumulate the values of earlier runs.
type RepeatedFlag struct {
	cli.GenericFlag
	Files bool // the values are input files (see protectedInputs)
}

// Repeatable is a RepeatedFlag; files says its values are input files.
func Repeatable(name, usage string, files bool, opts ...Option) *RepeatedFlag {
	o := options(opts)
	if err := o.only(name, "Alias"); err != nil {
		panic(err)
	}
	return &RepeatedFlag{GenericFlag: cli.GenericFlag{Name: name, Aliases: o.aliases, Value: &Repeated{}, Usage: usage}, Files: files}
}

func (f *RepeatedFlag) Apply(set *flag.FlagSet) error {
	f.GenericFlag.Value = &Repeated{}
	return f.GenericFlag.Apply(set)
}

func RepeatedOf(c *cli.Context, name string) []string {
	if r, ok := c.Generic(name).(*Repeated); ok && r != nil {
		return *r
	}
	return nil
}

// The flags several commands share.

// Seed is --seed, a random seed.
func Seed(value uint64, usage string) *Uint64Flag { return Uint64("seed", value, usage) }

// TimeLimit is --time-limit, a duration ≥ 0 (0: no limit).
func TimeLimit(value time.Duration, usage string) *DurationFlag {
	return Duration("time-limit", value, usage, Zero("no limit"))
}

// Reps is --reps, the number of replications (≥ 1).
func Reps(value int) *IntFlag { return Int("reps", value, "replications", AtLeastOne) }

// Loads is --loads, a list of offered loads ρ in (0, 1).
func Loads(value []float64) *FloatsFlag { return Floats("loads", value, "offered loads ρ", UnitOpen) }

// Workers is --workers, the number of cells computed in parallel.
func Workers(value int) *IntFlag {
	return Int("workers", value, "cells computed in parallel (the output does not depend on it)", AtLeastOne)
}

// PNG is --png: PNG figures besides the SVG ones.
func PNG(usage string) *BoolFlag { return Bool("png", false, usage) }

// BesidesSVG is --png of a command that always writes SVG figures.
func BesidesSVG() *BoolFlag { return PNG("write PNG figures besides the SVG ones") }

// Speed is --speed, the factor on both capacities (> 0).
func Speed() *FloatFlag {
	return Float("speed", 1, "speed factor multiplying both capacities", Positive)
}

// Figures are --figures DIR and --png.
func Figures(what string) []cli.Flag {
	return []cli.Flag{
		OutputDir("figures", "", "write "+what+" (SVG) into `DIR`", FigureNames),
		PNG("write PNG figures too"),
	}
}

// PositiveBig is a flag of a positive integer of any size (empty: not
// given); read it with BigOf.
func PositiveBig(name, usage string) *StringFlag {
	return &StringFlag{cli.StringFlag{Name: name, Usage: usage,
		Action: func(_ *cli.Context, s string) error { _, err := ParseBig(name, s); return err }}}
}

// BigOf returns the value of a PositiveBig flag, nil when it is empty.
func BigOf(c *cli.Context, name string) (*big.Int, error) { return ParseBig(name, c.String(name)) }

// ParseBig parses a positive integer of any size for flag --name (nil for
// "").
func ParseBig(name, s string) (*big.Int, error) {
	if s == "" {
		return nil, nil
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok || v.Sign() <= 0 {
		return nil, fmt.Errorf("--%s: %q is not a positive integer", name, s)
	}
	return v, nil
}

// CommandLine is the running command as words: its path ("mrsched study
// nightly"), then every flag set on the command line in the order of the
// command's flags, "--name value" (a boolean that is true: "--name"), each
// under its first name.
func CommandLine(c *cli.Context) []string {
	command := strings.Fields(c.Command.HelpName)
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		if !c.IsSet(name) {
			continue
		}
		if v := fmt.Sprint(c.Generic(name)); v == "true" {
			command = append(command, "--"+name)
		} else {
			command = append(command, "--"+name, v)
		}
	}
	return command
}
