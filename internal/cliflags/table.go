package cliflags

// Flag tables: one source of truth per flag. The flags that fill a
// library's configuration struct are a table, a row per field: the field
// and the flag that fills it, made by a helper with the field's value as
// its default. The configuration declares them as tags on its fields and
// Table builds the rows (tags.go); Row builds one by hand:
//
//	cliflags.Row(&cfg.Q, cliflags.Int("q", cfg.Q, "size q of each set", cliflags.AtLeastOne))
//
// Bind(Table(&def)...) returns the flags in row order, so the library's
// DefaultXxxConfig() is the one place defaults live; Fill(c,
// Table(&cfg)...) copies the parsed values into cfg (Filled and Call into
// a copy of the defaults, with Tagged[Config] as the table). Row is typed:
// a flag whose value is not the field's type does not compile.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
)

// Field is one row of a flag table: a configuration field and the flag
// that fills it (see Row).
type Field struct {
	target any
	flag   cli.Flag
	fill   func(*cli.Context) error
}

// Row is the row of a flag table filling *p with the value of f.
func Row[T any](p *T, f Valued[T]) Field {
	return Field{target: p, flag: f, fill: func(c *cli.Context) error {
		v, err := f.valueIn(c)
		if err == nil {
			*p = v
		}
		return err
	}}
}

// Flag is the row's flag.
func (f Field) Flag() cli.Flag { return f.flag }

// Target is the pointer to the field the row fills.
func (f Field) Target() any { return f.target }

// Bind returns the flags of the table's rows, in order.
func Bind(table ...Field) []cli.Flag {
	out := make([]cli.Flag, len(table))
	for i, row := range table {
		out[i] = row.flag
	}
	return out
}

// Fill copies the values of the table's flags from c into the table's
// fields. A list flag's value is parsed (and checked) again, so Fill
// returns the flag's error for a bad one.
func Fill(c *cli.Context, table ...Field) error {
	for _, row := range table {
		if err := row.fill(c); err != nil {
			return err
		}
	}
	return nil
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
