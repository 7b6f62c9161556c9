package cliflags

// Tagged tables: a library configuration declares its flags as struct tags
// on its fields, one flag per tagged field, in field order:
//
//	type Config struct {
//		Seeds int    `flag:"seeds" usage:"independent replications" rule:"AtLeastOne"`
//		Trace string `flag:"trace,input" usage:"SWIM trace FILE" arg:"FILE"`
//	}
//
// Table(&cfg) is then the table of rows the typed helpers would build by
// hand, each with the field's value as its default. The tags are plain
// strings, so library packages do not import this one. The keys:
//
//	flag   the flag's name, then options: required, input (a string field
//	       naming a file read: Input), alias=NAME, rule-in-usage; or
//	       ",inline" on a struct field whose own fields are rows
//	usage  the help text (required)
//	arg    the word of usage that names the flag's value in help (the
//	       first occurrence is marked as urfave/cli's `ARG`)
//	rule   a Rule: AnyFinite, Positive, NonNegative, AtLeastOne,
//	       NonNegInt, UnitOpen, AboveOne or Between(LO, HI)
//	zero   a Duration's Zero: what 0 means
//
// An embedded struct's fields are rows too. A tag the binder cannot read,
// or a field type without a helper, panics naming the type, field and tag:
// tables are built with the command tree, so the test that builds it
// catches them.

import (
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Table returns the rows of the tagged fields of *cfg (cfg a pointer to a
// struct), in field order, each filling its field with its flag's value.
func Table(cfg any) []Field {
	v := reflect.ValueOf(cfg)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("cliflags: Table of %T, want a pointer to a struct", cfg))
	}
	return tableOf(v.Elem())
}

// Tagged is Table as the table function Filled and Call take:
// Filled(c, def, Tagged[pkg.Config]).
func Tagged[T any](cfg *T) []Field { return Table(cfg) }

// tableOf is the table of the struct v (addressable).
func tableOf(v reflect.Value) []Field {
	var out []Field
	t := v.Type()
	for i := range t.NumField() {
		sf := t.Field(i)
		name, tagged := sf.Tag.Lookup("flag")
		if !tagged {
			for _, key := range []string{"usage", "arg", "rule", "zero"} {
				if _, ok := sf.Tag.Lookup(key); ok {
					badTag(t, sf, "a "+key+" tag without a flag tag")
				}
			}
			if sf.Anonymous && sf.Type.Kind() == reflect.Struct {
				out = append(out, tableOf(v.Field(i))...)
			}
			continue
		}
		if !sf.IsExported() {
			badTag(t, sf, "an unexported field")
		}
		if name == ",inline" {
			if sf.Type.Kind() != reflect.Struct {
				badTag(t, sf, "inline on a field that is not a struct")
			}
			out = append(out, tableOf(v.Field(i))...)
			continue
		}
		out = append(out, row(t, sf, v.Field(i)))
	}
	return out
}

// badTag panics naming the field and its tag.
func badTag(t reflect.Type, sf reflect.StructField, why string) {
	panic(fmt.Sprintf("cliflags: %s.%s `%s`: %s", t, sf.Name, sf.Tag, why))
}

// row is the row of one tagged field; a helper's panic (an option it does
// not take) is repanicked naming the field.
func row(t reflect.Type, sf reflect.StructField, v reflect.Value) (f Field) {
	defer func() {
		if r := recover(); r != nil {
			badTag(t, sf, fmt.Sprint(r))
		}
	}()
	parts := strings.Split(sf.Tag.Get("flag"), ",")
	name, usage := parts[0], sf.Tag.Get("usage")
	if name == "" || usage == "" {
		panic("want a flag name and a usage")
	}
	if arg, ok := sf.Tag.Lookup("arg"); ok {
		usage = markArg(usage, arg)
	}
	var opt []Option
	input := false
	for _, p := range parts[1:] {
		switch {
		case p == "required":
			opt = append(opt, Required)
		case p == "rule-in-usage":
			opt = append(opt, RuleInUsage)
		case p == "input":
			input = true
		case strings.HasPrefix(p, "alias="):
			opt = append(opt, Alias(strings.TrimPrefix(p, "alias=")))
		default:
			panic(fmt.Sprintf("unknown flag option %q", p))
		}
	}
	if r, ok := sf.Tag.Lookup("rule"); ok {
		opt = append(opt, parseRule(r))
	}
	if z, ok := sf.Tag.Lookup("zero"); ok {
		opt = append(opt, Zero(z))
	}
	if _, ok := v.Addr().Interface().(*string); input && !ok {
		panic("input on a field that is not a string")
	}
	return helperRow(v.Addr().Interface(), name, usage, input, opt)
}

// helperRow is the row the typed helper of *p's type builds.
func helperRow(p any, name, usage string, input bool, opt []Option) Field {
	switch p := p.(type) {
	case *int:
		return Row(p, Int(name, *p, usage, opt...))
	case *int64:
		return Row(p, Int64(name, *p, usage, opt...))
	case *uint64:
		return Row(p, Uint64(name, *p, usage, opt...))
	case *float64:
		return Row(p, Float(name, *p, usage, opt...))
	case *bool:
		return Row(p, Bool(name, *p, usage, opt...))
	case *string:
		if input {
			return Row(p, Input(name, *p, usage, opt...))
		}
		return Row(p, String(name, *p, usage, opt...))
	case *[]int:
		return Row(p, Ints(name, FormatInts(*p), usage, opt...))
	case *[]float64:
		return Row(p, Floats(name, *p, usage, opt...))
	case *[]string:
		return Row(p, Strings(name, *p, usage, opt...))
	case *time.Duration:
		return Row(p, Duration(name, *p, usage, opt...))
	}
	panic(fmt.Sprintf("no flag helper for a field of type %s", reflect.TypeOf(p).Elem()))
}

// markArg returns usage with the first occurrence of the word arg (not
// inside a longer word) quoted in backquotes, urfave/cli's mark of the
// value's name.
func markArg(usage, arg string) string {
	m := regexp.MustCompile(`(?:^|[^\pL\pN_])(` + regexp.QuoteMeta(arg) + `)(?:[^\pL\pN_]|$)`).FindStringSubmatchIndex(usage)
	if arg == "" || m == nil {
		panic(fmt.Sprintf("usage has no word %q", arg))
	}
	return usage[:m[2]] + "`" + arg + "`" + usage[m[3]:]
}

// rules are the Rules a rule tag names.
var rules = map[string]Rule{"AnyFinite": AnyFinite, "Positive": Positive, "NonNegative": NonNegative,
	"AtLeastOne": AtLeastOne, "NonNegInt": NonNegInt, "UnitOpen": UnitOpen, "AboveOne": AboveOne}

var betweenTag = regexp.MustCompile(`^Between\(([^,]+), ([^,]+)\)$`)

// parseRule is the Rule a rule tag names.
func parseRule(s string) Rule {
	if r, ok := rules[s]; ok {
		return r
	}
	if m := betweenTag.FindStringSubmatch(s); m != nil {
		lo, err1 := strconv.ParseFloat(m[1], 64)
		hi, err2 := strconv.ParseFloat(m[2], 64)
		if err1 == nil && err2 == nil && lo <= hi {
			return Between(lo, hi)
		}
	}
	panic(fmt.Sprintf("unknown rule %q", s))
}
