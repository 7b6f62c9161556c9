package cliflags

// Bind and Fill: one source of truth per flag. A command declares the
// flags that fill a library's configuration struct in one table, a row
// per field: a pointer to the field and the flag in struct-tag syntax,
//
//	func genFlags(cfg *nmts.Spec) []cliflags.Field {
//		return []cliflags.Field{
//			{Ptr: &cfg.Q, Tag: `flag:"q" usage:"size q of each set" rule:"at-least-one"`},
//			{Ptr: &cfg.MaxF, Tag: `flag:"max-f" usage:"f values are uniform on 1..N" arg:"N"`},
//		}
//	}
//
// Bind(genFlags(&def)...) returns the flags in row order, each with the
// field's current value as its default, so the library's
// DefaultXxxConfig() is the one place defaults live; Fill(c,
// genFlags(&cfg)...) copies the parsed values into cfg (Filled and Call
// into a copy of the defaults). The tags:
//
//   - flag: the flag's name (required).
//   - usage: the help text.
//   - arg: the name of the value in the help (--trace FILE), a word of the
//     usage; its first whole-word occurrence there is the placeholder
//     (urfave/cli's back quotes, which a struct tag cannot hold).
//   - alias: comma-separated other names.
//   - required: "true" makes the flag required.
//   - rule: the values allowed (a Rule: any-finite, positive, non-negative,
//     at-least-one, non-neg-int, unit-open or between(LO,HI)), checked when
//     the flag is parsed, before the action reads a file, with the message
//     of Rule.Check. The rule is appended to the usage as the helpers Int,
//     Float, Ints and Floats do, unless rulehelp:"no" (the usage already
//     says it).
//   - path: for a string naming a file or folder, how the command uses it
//     ("in" a file it reads, "out" a file it writes, "dir:PATTERN,…" a
//     folder it writes the files PATTERN… into): the flag is then an
//     InputFlag, OutputFlag or OutputDirFlag, checked by the command's
//     output guard (PathArgs).
//   - zero: for a time.Duration, what 0 means; the flag is then Duration's
//     (≥ 0, with the note in its usage).
//
// Field types: int, int64, uint64, float64, string, bool, time.Duration,
// []int (a string flag read by ParseInts: N, LO..HI, LO-HI/STEP; its
// default is written with runs of three or more as LO..HI), []float64 (a
// comma-separated number list as Floats) and []string (comma-separated or
// repeated). Any other type, an unknown tag value or a duplicate name is
// an ErrBind from Flags; Bind panics with it, since tables are written by
// the programmer, not the user (a test binding every command catches it).

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
)

// ErrBind is a flag table Flags cannot bind.
var ErrBind = errors.New("cliflags: cannot bind")

// Field is one row of a flag table: a pointer to the configuration field
// the flag fills and the flag, written in the tags described above.
type Field struct {
	Ptr any               // pointer to the field: *int, *string, *[]int, …
	Tag reflect.StructTag // flag:"name" usage:"…" and the other tags
}

// Bind returns the flags of the table's rows (see Flags); it panics on a
// table Flags rejects.
func Bind(table ...Field) []cli.Flag {
	fs, err := Flags(table...)
	if err != nil {
		panic(err)
	}
	return fs
}

// Flags returns the flags of the table's rows, in order, with the fields'
// current values as defaults.
func Flags(table ...Field) ([]cli.Flag, error) {
	var out []cli.Flag
	seen := map[string]bool{}
	err := walk(table, func(f field) error {
		fl, err := f.flag()
		if err != nil {
			return err
		}
		for _, n := range fl.Names() {
			if seen[n] {
				return fmt.Errorf("%w: row %s: flag name %q used twice", ErrBind, f.path, n)
			}
			seen[n] = true
		}
		out = append(out, fl)
		return nil
	})
	return out, err
}

// Fill copies the values of the flags Bind made for the table from c into
// the table's fields. A list flag's value is parsed (and checked) again,
// so Fill returns the flag's error for a bad one.
func Fill(c *cli.Context, table ...Field) error {
	return walk(table, func(f field) error {
		v, name := f.v, f.name
		switch v.Interface().(type) {
		case time.Duration:
			v.SetInt(int64(c.Duration(name)))
		case []int:
			r, _ := f.rule()
			xs, err := ParseInts(name, c.String(name), r)
			if err != nil {
				return err
			}
			v.Set(reflect.ValueOf(xs))
		case []float64:
			v.Set(reflect.ValueOf(c.Float64Slice(name)))
		case []string:
			v.Set(reflect.ValueOf(c.StringSlice(name)))
		case int:
			v.SetInt(int64(c.Int(name)))
		case int64:
			v.SetInt(c.Int64(name))
		case uint64:
			v.SetUint(c.Uint64(name))
		case float64:
			v.SetFloat(c.Float64(name))
		case string:
			v.SetString(c.String(name))
		case bool:
			v.SetBool(c.Bool(name))
		}
		return nil
	})
}

// field is one row of a table: the field's value, the flag's name and
// tags.
type field struct {
	v    reflect.Value
	name string
	path string // the row, for errors
	tag  reflect.StructTag
}

// walk calls visit for every row of table, in order.
func walk(table []Field, visit func(field) error) error {
	for i, row := range table {
		v := reflect.ValueOf(row.Ptr)
		name, _ := row.Tag.Lookup("flag")
		path := fmt.Sprintf("%d (%s)", i, name)
		switch {
		case v.Kind() != reflect.Pointer || v.IsNil():
			return fmt.Errorf("%w: row %s: want a pointer to a field, got %T", ErrBind, path, row.Ptr)
		case name == "":
			return fmt.Errorf("%w: row %s: no flag name", ErrBind, path)
		}
		if err := visit(field{v: v.Elem(), name: name, path: path, tag: row.Tag}); err != nil {
			return err
		}
	}
	return nil
}

// rule returns the field's Rule and whether it has one.
func (f field) rule() (Rule, bool) {
	r, ok, _ := ParseRule(f.tag.Get("rule"))
	return r, ok
}

// ParseRule returns the Rule a rule tag names ("" is no rule).
func ParseRule(s string) (r Rule, ok bool, err error) {
	named := map[string]Rule{"any-finite": AnyFinite, "positive": Positive, "non-negative": NonNegative,
		"at-least-one": AtLeastOne, "non-neg-int": NonNegInt, "unit-open": UnitOpen, "above-one": AboveOne}
	if s == "" {
		return Rule{"an integer", func(float64) bool { return true }}, false, nil
	}
	if r, ok := named[s]; ok {
		return r, true, nil
	}
	if in, found := strings.CutPrefix(s, "between("); found && strings.HasSuffix(in, ")") {
		lo, hi, found := strings.Cut(strings.TrimSuffix(in, ")"), ",")
		l, err := strconv.ParseFloat(strings.TrimSpace(lo), 64)
		h, err2 := strconv.ParseFloat(strings.TrimSpace(hi), 64)
		if found && err == nil && err2 == nil && l <= h {
			return Between(l, h), true, nil
		}
	}
	return Rule{}, false, fmt.Errorf("%w: unknown rule %q", ErrBind, s)
}

// flag builds the field's flag.
func (f field) flag() (cli.Flag, error) {
	name, tag := f.name, f.tag
	r, hasRule, err := ParseRule(tag.Get("rule"))
	if err != nil {
		return nil, fmt.Errorf("row %s: %w", f.path, err)
	}
	var required bool
	switch s := tag.Get("required"); s {
	case "", "false":
	case "true":
		required = true
	default:
		return nil, fmt.Errorf("%w: row %s: required:%q (want true or false)", ErrBind, f.path, s)
	}
	switch s := tag.Get("rulehelp"); {
	case s != "" && s != "no":
		return nil, fmt.Errorf("%w: row %s: rulehelp:%q (want no)", ErrBind, f.path, s)
	case s == "no" && !hasRule:
		return nil, fmt.Errorf("%w: row %s: rulehelp without a rule", ErrBind, f.path)
	}
	var aliases []string
	if a := tag.Get("alias"); a != "" {
		aliases = strings.Split(a, ",")
	}
	usage, err := placeholder(tag.Get("usage"), tag.Get("arg"))
	if err != nil {
		return nil, fmt.Errorf("row %s: %w", f.path, err)
	}
	note := func(s string) string { // the rule appended to usage
		if !hasRule || tag.Get("rulehelp") == "no" {
			return usage
		}
		return usage + " (" + s + ")"
	}
	if _, isString := f.v.Interface().(string); !isString && tag.Get("path") != "" {
		return nil, fmt.Errorf("%w: row %s: path is for a string", ErrBind, f.path)
	}
	zero, hasZero := tag.Lookup("zero")
	_, isDuration := f.v.Interface().(time.Duration)
	if hasZero && !isDuration {
		return nil, fmt.Errorf("%w: row %s: zero is for a time.Duration", ErrBind, f.path)
	}
	numeric := map[reflect.Kind]bool{reflect.Int: true, reflect.Int64: true, reflect.Uint64: true, reflect.Float64: true}
	if hasRule && (isDuration || !numeric[f.v.Kind()] && !isNumList(f.v)) {
		return nil, fmt.Errorf("%w: row %s: a rule needs a number or a number list, not %s", ErrBind, f.path, f.v.Type())
	}
	check := func(x float64) error {
		if hasRule {
			return r.Check(name, x)
		}
		return nil
	}
	var fl cli.Flag
	switch v := f.v.Interface().(type) {
	case time.Duration:
		if hasZero {
			d := Duration(name, v, usage, zero)
			d.Aliases, d.Required = aliases, required
			return d, nil
		}
		fl = &cli.DurationFlag{Name: name, Aliases: aliases, Required: required, Value: v, Usage: usage}
	case int:
		fl = &cli.IntFlag{Name: name, Aliases: aliases, Required: required, Value: v, Usage: note(r.Want),
			Action: func(_ *cli.Context, x int) error { return check(float64(x)) }}
	case int64:
		fl = &cli.Int64Flag{Name: name, Aliases: aliases, Required: required, Value: v, Usage: note(r.Want),
			Action: func(_ *cli.Context, x int64) error { return check(float64(x)) }}
	case uint64:
		fl = &cli.Uint64Flag{Name: name, Aliases: aliases, Required: required, Value: v, Usage: note(r.Want),
			Action: func(_ *cli.Context, x uint64) error { return check(float64(x)) }}
	case float64:
		fl = &cli.Float64Flag{Name: name, Aliases: aliases, Required: required, Value: v, Usage: note(r.Want),
			Action: func(_ *cli.Context, x float64) error { return check(x) }}
	case string:
		sf := &cli.StringFlag{Name: name, Aliases: aliases, Required: required, Value: v, Usage: usage}
		if p, ok := tag.Lookup("path"); ok {
			pf, err := pathFlag(p, sf)
			if err != nil {
				return nil, fmt.Errorf("row %s: %w", f.path, err)
			}
			return pf, nil
		}
		fl = sf
	case bool:
		fl = &cli.BoolFlag{Name: name, Aliases: aliases, Required: required, Value: v, Usage: usage}
	case []int:
		fl = &cli.StringFlag{Name: name, Aliases: aliases, Required: required, Value: FormatInts(v),
			Usage:  note("comma-separated N, LO..HI or LO-HI/STEP, each " + r.Want),
			Action: func(_ *cli.Context, s string) error { _, err := ParseInts(name, s, r); return err }}
	case []float64:
		fl = &cli.Float64SliceFlag{Name: name, Aliases: aliases, Required: required, Value: cli.NewFloat64Slice(v...),
			Usage: note("comma-separated, each " + r.Want),
			Action: func(_ *cli.Context, xs []float64) error {
				if len(xs) == 0 {
					return fmt.Errorf("--%s: want at least one value", name)
				}
				for _, x := range xs {
					if err := check(x); err != nil {
						return err
					}
				}
				return nil
			}}
	case []string:
		var val *cli.StringSlice
		if len(v) > 0 {
			val = cli.NewStringSlice(v...)
		}
		fl = &cli.StringSliceFlag{Name: name, Aliases: aliases, Required: required, Value: val, Usage: usage}
	default:
		return nil, fmt.Errorf("%w: row %s: unsupported type %s", ErrBind, f.path, f.v.Type())
	}
	return fl, nil
}

// placeholder returns usage with the first whole word arg in back quotes.
func placeholder(usage, arg string) (string, error) {
	if arg == "" {
		return usage, nil
	}
	loc := regexp.MustCompile(`\b` + regexp.QuoteMeta(arg) + `\b`).FindStringIndex(usage)
	if loc == nil {
		return "", fmt.Errorf("%w: arg %q is not a word of the usage %q", ErrBind, arg, usage)
	}
	return usage[:loc[0]] + "`" + arg + "`" + usage[loc[1]:], nil
}

func isNumList(v reflect.Value) bool {
	switch v.Interface().(type) {
	case []int, []float64:
		return true
	}
	return false
}

// FormatInts writes xs as a list ParseInts reads back: runs of three or
// more consecutive integers as LO..HI, the others separated by commas
// ({4, 5, 6} is "4..6", {2, 3} is "2,3").
func FormatInts(xs []int) string {
	var parts []string
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		if j-i >= 2 {
			parts = append(parts, fmt.Sprintf("%d..%d", xs[i], xs[j]))
		} else {
			for k := i; k <= j; k++ {
				parts = append(parts, strconv.Itoa(xs[k]))
			}
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}

// Filled returns a copy of def with the values of the flags of its table
// (table(&copy)): cfg, err := Filled(c, DefaultConfig(), configFlags).
func Filled[T any](c *cli.Context, def T, table func(*T) []Field) (T, error) {
	cfg := def
	err := Fill(c, table(&cfg)...)
	return cfg, err
}

// Insert returns flags with extra inserted before the flag named before
// (at the end when there is none): a flag a config does not hold, placed
// among the config's flags.
func Insert(flags []cli.Flag, before string, extra ...cli.Flag) []cli.Flag {
	i := index(flags, before)
	if i < 0 {
		i = len(flags)
	}
	return slices.Insert(slices.Clip(flags), i, extra...)
}

// Replace returns a copy of flags with the flag named name replaced by f
// (flags unchanged when there is none): a shared flag set with one flag
// changed (--quiet without its alias -q where --q is another flag).
func Replace(flags []cli.Flag, name string, f cli.Flag) []cli.Flag {
	i := index(flags, name)
	if i < 0 {
		return flags
	}
	out := slices.Clone(flags)
	out[i] = f
	return out
}

// index is the index of the flag named name in flags, or -1.
func index(flags []cli.Flag, name string) int {
	return slices.IndexFunc(flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), name) })
}

// Call returns an action step that fills a copy of def from its table
// (Filled) and calls f with it.
func Call[T, R any](def T, table func(*T) []Field, f func(T) (R, error)) func(*cli.Context) (R, error) {
	return func(c *cli.Context) (R, error) {
		cfg, err := Filled(c, def, table)
		if err != nil {
			var zero R
			return zero, err
		}
		return f(cfg)
	}
}
