package cliflags

// The helpers: every flag of every command is made by one of them, typed
// by what it holds (IntFlag, FloatsFlag, DurationFlag, InputFlag, …), with
// its properties given as Options (Alias, Required, a Rule, RuleInUsage,
// Zero). Each flag type embeds its urfave/cli flag, so it parses and
// prints its help as that flag does, and carries the mark Built detects,
// so a test walking the command tree finds any flag written by hand.

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
)

// Option is a property of a flag made by a helper: Alias, Required, a
// Rule (values allowed), RuleInUsage, Zero. A helper panics on an option
// it does not take (flags are written by the programmer; the test that
// builds every command catches it).
type Option interface{ apply(*opts) }

type opts struct {
	aliases     []string
	required    bool
	rule        Rule
	hasRule     bool
	ruleInUsage bool
	zero        string
	hasZero     bool
	given       []string // the options given, for only
}

type optFunc struct {
	name string
	f    func(*opts)
}

func (o optFunc) apply(x *opts) { x.given = append(x.given, o.name); o.f(x) }

// apply makes a Rule an Option: the flag's values must satisfy it, and the
// usage ends with what it wants.
func (r Rule) apply(x *opts) { x.given = append(x.given, "Rule"); x.rule, x.hasRule = r, true }

// Alias gives the flag other names ("i" for -i).
func Alias(names ...string) Option {
	return optFunc{"Alias", func(x *opts) { x.aliases = append(x.aliases, names...) }}
}

// Required makes the flag required.
var Required Option = optFunc{"Required", func(x *opts) { x.required = true }}

// RuleInUsage says the usage already states the flag's Rule, so it is not
// appended.
var RuleInUsage Option = optFunc{"RuleInUsage", func(x *opts) { x.ruleInUsage = true }}

// Zero is what 0 means for a Duration: the duration must be ≥ 0 and the
// usage ends with the accepted form and the meaning of 0.
func Zero(meaning string) Option {
	return optFunc{"Zero", func(x *opts) { x.zero, x.hasZero = meaning, true }}
}

func options(list []Option) opts {
	var x opts
	for _, o := range list {
		o.apply(&x)
	}
	return x
}

// only returns an error naming the first option given that is not in
// allowed.
func (x opts) only(flag string, allowed ...string) error {
	for _, g := range x.given {
		if !slices.Contains(allowed, g) {
			return fmt.Errorf("cliflags: --%s takes no %s option", flag, g)
		}
	}
	if x.ruleInUsage && !x.hasRule {
		return fmt.Errorf("cliflags: --%s: RuleInUsage without a Rule", flag)
	}
	return nil
}

// must panics on err: a flag declaration the helpers reject.
func must(err error) {
	if err != nil {
		panic(err)
	}
}

// note returns usage with the rule's words appended ("usage (want)").
func (x opts) note(usage, want string) string {
	if !x.hasRule || x.ruleInUsage {
		return usage
	}
	return usage + " (" + want + ")"
}

// check returns the flag's error for x outside the rule.
func (x opts) check(name string, v float64) error {
	if x.hasRule {
		return x.rule.Check(name, v)
	}
	return nil
}

// Built reports whether f was made by a helper of this package (or of
// internal/cliout, which uses them).
func Built(f cli.Flag) bool {
	_, ok := f.(built)
	return ok
}

type built interface{ builtByCliflags() }

// Valued is a flag of this package whose value has type T: a row of a
// flag table (Row) copies it into a field.
type Valued[T any] interface {
	cli.Flag
	valueIn(c *cli.Context) (T, error)
}

// The flag types, each the urfave/cli flag it embeds.
type (
	IntFlag      struct{ cli.IntFlag }
	Int64Flag    struct{ cli.Int64Flag }
	Uint64Flag   struct{ cli.Uint64Flag }
	FloatFlag    struct{ cli.Float64Flag }
	FloatsFlag   struct{ cli.Float64SliceFlag }
	BoolFlag     struct{ cli.BoolFlag }
	StringFlag   struct{ cli.StringFlag }
	StringsFlag  struct{ cli.StringSliceFlag }
	DurationFlag struct{ cli.DurationFlag }
	// IntsFlag is a list of integers written N, LO..HI or LO-HI/STEP.
	IntsFlag struct {
		cli.StringFlag
		rule Rule
	}
)

func (*IntFlag) builtByCliflags()      {}
func (*Int64Flag) builtByCliflags()    {}
func (*Uint64Flag) builtByCliflags()   {}
func (*FloatFlag) builtByCliflags()    {}
func (*FloatsFlag) builtByCliflags()   {}
func (*BoolFlag) builtByCliflags()     {}
func (*StringFlag) builtByCliflags()   {}
func (*StringsFlag) builtByCliflags()  {}
func (*DurationFlag) builtByCliflags() {}
func (*IntsFlag) builtByCliflags()     {}
func (*RepeatedFlag) builtByCliflags() {}

func (f *IntFlag) valueIn(c *cli.Context) (int, error)          { return c.Int(f.Name), nil }
func (f *Int64Flag) valueIn(c *cli.Context) (int64, error)      { return c.Int64(f.Name), nil }
func (f *Uint64Flag) valueIn(c *cli.Context) (uint64, error)    { return c.Uint64(f.Name), nil }
func (f *FloatFlag) valueIn(c *cli.Context) (float64, error)    { return c.Float64(f.Name), nil }
func (f *FloatsFlag) valueIn(c *cli.Context) ([]float64, error) { return c.Float64Slice(f.Name), nil }
func (f *BoolFlag) valueIn(c *cli.Context) (bool, error)        { return c.Bool(f.Name), nil }
func (f *StringFlag) valueIn(c *cli.Context) (string, error)    { return c.String(f.Name), nil }
func (f *StringsFlag) valueIn(c *cli.Context) ([]string, error) {
	return c.StringSlice(f.Name), nil
}
func (f *DurationFlag) valueIn(c *cli.Context) (time.Duration, error) {
	return c.Duration(f.Name), nil
}

// valueIn parses the list again (with the flag's error for a bad one).
func (f *IntsFlag) valueIn(c *cli.Context) ([]int, error) {
	return ParseInts(f.Name, c.String(f.Name), f.rule)
}

// numOpts are the options of a number flag.
var numOpts = []string{"Alias", "Required", "Rule", "RuleInUsage"}

// Int is an integer flag (options: Alias, Required, a Rule, RuleInUsage).
func Int(name string, value int, usage string, opt ...Option) *IntFlag {
	o := options(opt)
	must(o.only(name, numOpts...))
	return &IntFlag{cli.IntFlag{Name: name, Aliases: o.aliases, Required: o.required, Value: value,
		Usage:  o.note(usage, o.rule.Want),
		Action: func(_ *cli.Context, v int) error { return o.check(name, float64(v)) }}}
}

// Int64 is a 64-bit integer flag (options as Int).
func Int64(name string, value int64, usage string, opt ...Option) *Int64Flag {
	o := options(opt)
	must(o.only(name, numOpts...))
	return &Int64Flag{cli.Int64Flag{Name: name, Aliases: o.aliases, Required: o.required, Value: value,
		Usage:  o.note(usage, o.rule.Want),
		Action: func(_ *cli.Context, v int64) error { return o.check(name, float64(v)) }}}
}

// Uint64 is an unsigned 64-bit integer flag (options as Int).
func Uint64(name string, value uint64, usage string, opt ...Option) *Uint64Flag {
	o := options(opt)
	must(o.only(name, numOpts...))
	return &Uint64Flag{cli.Uint64Flag{Name: name, Aliases: o.aliases, Required: o.required, Value: value,
		Usage:  o.note(usage, o.rule.Want),
		Action: func(_ *cli.Context, v uint64) error { return o.check(name, float64(v)) }}}
}

// Float is a number flag (options as Int).
func Float(name string, value float64, usage string, opt ...Option) *FloatFlag {
	o := options(opt)
	must(o.only(name, numOpts...))
	return &FloatFlag{cli.Float64Flag{Name: name, Aliases: o.aliases, Required: o.required, Value: value,
		Usage:  o.note(usage, o.rule.Want),
		Action: func(_ *cli.Context, v float64) error { return o.check(name, v) }}}
}

// Floats is a comma-separated list of numbers, at least one, each
// satisfying the Rule when one is given (options as Int).
func Floats(name string, value []float64, usage string, opt ...Option) *FloatsFlag {
	o := options(opt)
	must(o.only(name, numOpts...))
	return &FloatsFlag{cli.Float64SliceFlag{Name: name, Aliases: o.aliases, Required: o.required,
		Value: cli.NewFloat64Slice(value...), Usage: o.note(usage, "comma-separated, each "+o.rule.Want),
		Action: func(_ *cli.Context, v []float64) error {
			if len(v) == 0 {
				return fmt.Errorf("--%s: want at least one value", name)
			}
			for _, x := range v {
				if err := o.check(name, x); err != nil {
					return err
				}
			}
			return nil
		}}}
}

// Ints is a list of integers (see ParseInts: items N, LO..HI, LO-HI/STEP),
// at least one, each satisfying the Rule when one is given (options as
// Int); value is the default as written (FormatInts or IntList of a
// slice). Read it with IntsOf or a table row.
func Ints(name, value, usage string, opt ...Option) *IntsFlag {
	o := options(opt)
	must(o.only(name, numOpts...))
	r := o.rule
	if !o.hasRule {
		r = Rule{"an integer", func(float64) bool { return true }}
	}
	return &IntsFlag{StringFlag: cli.StringFlag{Name: name, Aliases: o.aliases, Required: o.required, Value: value,
		Usage: o.note(usage, "comma-separated N, LO..HI or LO-HI/STEP, each "+r.Want),
		Action: func(_ *cli.Context, s string) error {
			_, err := ParseInts(name, s, r)
			return err
		}}, rule: r}
}

// Bool is a boolean flag (options: Alias, Required).
func Bool(name string, value bool, usage string, opt ...Option) *BoolFlag {
	o := options(opt)
	must(o.only(name, "Alias", "Required"))
	return &BoolFlag{cli.BoolFlag{Name: name, Aliases: o.aliases, Required: o.required, Value: value, Usage: usage}}
}

// String is a string flag (options: Alias, Required).
func String(name, value, usage string, opt ...Option) *StringFlag {
	o := options(opt)
	must(o.only(name, "Alias", "Required"))
	return &StringFlag{cli.StringFlag{Name: name, Aliases: o.aliases, Required: o.required, Value: value, Usage: usage}}
}

// Strings is a string list flag, comma-separated or repeated (options:
// Alias, Required).
func Strings(name string, value []string, usage string, opt ...Option) *StringsFlag {
	o := options(opt)
	must(o.only(name, "Alias", "Required"))
	var val *cli.StringSlice
	if len(value) > 0 {
		val = cli.NewStringSlice(value...)
	}
	return &StringsFlag{cli.StringSliceFlag{Name: name, Aliases: o.aliases, Required: o.required, Value: val, Usage: usage}}
}

// Duration is a duration flag (options: Alias, Required, Zero: the value
// must be ≥ 0 and 0 means what Zero says).
func Duration(name string, value time.Duration, usage string, opt ...Option) *DurationFlag {
	o := options(opt)
	must(o.only(name, "Alias", "Required", "Zero"))
	f := &DurationFlag{cli.DurationFlag{Name: name, Aliases: o.aliases, Required: o.required, Value: value, Usage: usage}}
	if o.hasZero {
		f.Usage = usage + " (a duration such as 30s or 5m; 0: " + o.zero + ")"
		f.Action = func(_ *cli.Context, d time.Duration) error {
			if d < 0 {
				return fmt.Errorf("--%s: want a duration ≥ 0 such as 30s (0: %s), got %s", name, o.zero, d)
			}
			return nil
		}
	}
	return f
}

// Checked is a string flag whose value check accepts ("--NAME: " and
// check's error otherwise), checked when the flag is given (options as
// String).
func Checked(name, value, usage string, check func(string) error, opt ...Option) *StringFlag {
	f := String(name, value, usage, opt...)
	f.Action = func(_ *cli.Context, s string) error {
		if err := check(s); err != nil {
			return fmt.Errorf("--%s: %w", name, err)
		}
		return nil
	}
	return f
}

// Choice is a string flag whose value is one of choices (any case).
func Choice(name, value, usage string, choices ...string) *StringFlag {
	want := strings.Join(choices, ", ")
	f := String(name, value, usage+": "+want)
	f.Action = func(_ *cli.Context, s string) error {
		if !slices.Contains(choices, strings.ToLower(s)) {
			return fmt.Errorf("--%s: want one of %s, got %q", name, want, s)
		}
		return nil
	}
	return f
}
