package cliflags_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
)

// help is the --help text of an app with flags.
func help(t *testing.T, flags []cli.Flag) string {
	t.Helper()
	var b bytes.Buffer
	app := &cli.App{Name: "t", Flags: flags, Writer: &b, ErrWriter: &b, Action: func(*cli.Context) error { return nil }}
	if err := app.Run([]string{"t", "--help"}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

type inner struct {
	Seed uint64
	Hook func() // no row: not a flag
}

type bound struct {
	Q       int
	MaxF    int64
	Alpha   float64
	Name    string
	Exact   bool
	Ns      []int
	Plain   []int
	Loads   []float64
	Files   []string
	Limit   time.Duration
	Plain2  time.Duration
	Skipped int // no row: not a flag
	inner
}

// table is the flag table of a bound.
func table(b *bound) []cliflags.Field {
	return []cliflags.Field{
		{Ptr: &b.Q, Tag: `flag:"q" usage:"size q of each set" rule:"at-least-one"`},
		{Ptr: &b.MaxF, Tag: `flag:"max-f" usage:"f values are uniform on 1..N" arg:"N"`},
		{Ptr: &b.Alpha, Tag: `flag:"alpha" usage:"α" rule:"positive"`},
		{Ptr: &b.Name, Tag: `flag:"name" alias:"o,x" usage:"label" required:"true"`},
		{Ptr: &b.Exact, Tag: `flag:"exact" usage:"exact sizes"`},
		{Ptr: &b.Ns, Tag: `flag:"n" usage:"values of n" rule:"between(2,10)"`},
		{Ptr: &b.Plain, Tag: `flag:"m" usage:"number of jobs N or range LO..HI (2..10)" rule:"between(2,10)" rulehelp:"no"`},
		{Ptr: &b.Loads, Tag: `flag:"loads" usage:"offered loads ρ" rule:"unit-open"`},
		{Ptr: &b.Files, Tag: `flag:"file" usage:"input files"`},
		{Ptr: &b.Limit, Tag: `flag:"exact-limit" usage:"search per instance" zero:"none"`},
		{Ptr: &b.Plain2, Tag: `flag:"time-limit" usage:"stop after this long (0: none)"`},
		{Ptr: &b.Seed, Tag: `flag:"seed" usage:"random seed"`},
	}
}

func newBound() bound {
	return bound{Q: 3, MaxF: 5, Alpha: 2, Ns: []int{4, 5, 6, 9}, Plain: []int{3, 2}, Loads: []float64{0.5, 0.9},
		Limit: time.Second, inner: inner{Seed: 7}}
}

// handWritten are the flags of newBound() written by hand with the
// helpers (the declarations the binder replaces).
func handWritten() []cli.Flag {
	return []cli.Flag{
		cliflags.Int("q", 3, "size q of each set", cliflags.AtLeastOne),
		&cli.Int64Flag{Name: "max-f", Value: 5, Usage: "f values are uniform on 1..`N`"},
		cliflags.Float("alpha", 2, "α", cliflags.Positive),
		&cli.StringFlag{Name: "name", Aliases: []string{"o", "x"}, Required: true, Usage: "label"},
		&cli.BoolFlag{Name: "exact", Usage: "exact sizes"},
		cliflags.Ints("n", "4..6,9", "values of n", cliflags.Between(2, 10)),
		&cli.StringFlag{Name: "m", Value: "3,2", Usage: "number of jobs N or range LO..HI (2..10)"},
		cliflags.Floats("loads", []float64{0.5, 0.9}, "offered loads ρ", cliflags.UnitOpen),
		&cli.StringSliceFlag{Name: "file", Usage: "input files"},
		cliflags.Duration("exact-limit", time.Second, "search per instance", "none"),
		&cli.DurationFlag{Name: "time-limit", Usage: "stop after this long (0: none)"},
		cliflags.Seed(7, "random seed"),
	}
}

// TestBindHelp: the bound flags print the help of the hand-written ones
// (names, aliases, defaults, usage, required), in row order.
func TestBindHelp(t *testing.T) {
	cfg := newBound()
	got := cliflags.Bind(table(&cfg)...)
	want := handWritten()
	if g, w := help(t, got), help(t, want); g != w {
		t.Errorf("help differs:\n got:\n%s\nwant:\n%s", g, w)
	}
	for i := range min(len(got), len(want)) {
		g, w := got[i].(cli.DocGenerationFlag), want[i].(cli.DocGenerationFlag)
		if !slices.Equal(got[i].Names(), want[i].Names()) || g.GetUsage() != w.GetUsage() || g.GetValue() != w.GetValue() ||
			g.GetDefaultText() != w.GetDefaultText() || got[i].(cli.RequiredFlag).IsRequired() != want[i].(cli.RequiredFlag).IsRequired() {
			t.Errorf("flag %d: got %v, want %v", i, got[i].Names(), want[i].Names())
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d flags, want %d", len(got), len(want))
	}
}

// describe is the help of flags and which are required (the help does
// not say it).
func describe(t *testing.T, flags []cli.Flag) string {
	s := help(t, flags)
	for _, f := range flags {
		s += fmt.Sprint(f.(cli.RequiredFlag).IsRequired())
	}
	return s
}

// TestBindTagsMatter: changing any one tag changes the flag (a tag the
// binder ignored would leave it unchanged).
func TestBindTagsMatter(t *testing.T) {
	row := func(n int, tag reflect.StructTag) []cli.Flag {
		return cliflags.Bind(cliflags.Field{Ptr: &n, Tag: tag})
	}
	base := describe(t, row(2, `flag:"n" usage:"u" rule:"at-least-one"`))
	for name, flags := range map[string][]cli.Flag{
		"flag":     row(2, `flag:"k" usage:"u" rule:"at-least-one"`),
		"usage":    row(2, `flag:"n" usage:"v" rule:"at-least-one"`),
		"rule":     row(2, `flag:"n" usage:"u" rule:"non-neg-int"`),
		"rulehelp": row(2, `flag:"n" usage:"u" rule:"at-least-one" rulehelp:"no"`),
		"alias":    row(2, `flag:"n" usage:"u" rule:"at-least-one" alias:"m"`),
		"required": row(2, `flag:"n" usage:"u" rule:"at-least-one" required:"true"`),
		"arg":      row(2, `flag:"n" usage:"u" rule:"at-least-one" arg:"u"`),
		"default":  row(3, `flag:"n" usage:"u" rule:"at-least-one"`),
	} {
		if describe(t, flags) == base {
			t.Errorf("tag %s ignored", name)
		}
	}
}

// TestFill: parsed values (and untouched defaults) come back into the
// fields of the table; fields without a row are left alone.
func TestFill(t *testing.T) {
	cfg := newBound()
	var got bound
	err := run(cliflags.Bind(table(&cfg)...), func(c *cli.Context) error {
		got = bound{Skipped: 42}
		return cliflags.Fill(c, table(&got)...)
	}, "--q", "4", "--max-f", "9", "--alpha", "0.5", "-o", "lbl", "--exact", "--n", "2..3,7", "--loads", "0.25",
		"--file", "a", "--file", "b", "--exact-limit", "2m", "--seed", "11")
	if err != nil {
		t.Fatal(err)
	}
	// Expected: the arguments above, defaults of newBound() elsewhere.
	want := bound{Q: 4, MaxF: 9, Alpha: 0.5, Name: "lbl", Exact: true, Ns: []int{2, 3, 7}, Plain: []int{3, 2},
		Loads: []float64{0.25}, Files: []string{"a", "b"}, Limit: 2 * time.Minute, Skipped: 42, inner: inner{Seed: 11}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Fill:\n got %+v\nwant %+v", got, want)
	}
	// Round trip: the defaults of a config bound then filled without
	// arguments are the config.
	var back bound
	err = run(cliflags.Bind(table(&cfg)...), func(c *cli.Context) error { return cliflags.Fill(c, table(&back)...) }, "--name", "x")
	cfg.Name = "x"
	if err != nil || !reflect.DeepEqual(back, bound{Q: 3, MaxF: 5, Alpha: 2, Name: "x", Ns: []int{4, 5, 6, 9}, Plain: []int{3, 2},
		Loads: []float64{0.5, 0.9}, Limit: time.Second, inner: inner{Seed: 7}}) {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

// TestBindRules: a value outside a field's rule is the flag's error,
// worded as Rule.Check does.
func TestBindRules(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--q", "0"}, "--q: want an integer ≥ 1, got 0"},
		{[]string{"--alpha", "-1"}, "--alpha: want a positive finite number, got -1"},
		{[]string{"--n", "1,2"}, "--n: want a value in [2, 10], got 1"},
		{[]string{"--m", "11"}, "--m: want a value in [2, 10], got 11"}, // rulehelp:"no" still checks
		{[]string{"--loads", "1"}, "--loads: want a number in (0, 1), got 1"},
		{[]string{"--exact-limit", "-1s"}, "--exact-limit: want a duration ≥ 0"},
		{[]string{"--n", "x"}, "--n: "},
	} {
		cfg := newBound()
		err := run(cliflags.Bind(table(&cfg)...), func(*cli.Context) error { return nil }, append([]string{"--name", "x"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestBindErrors: unsupported types and bad tags are ErrBind naming the
// row; Bind panics with the same error.
func TestBindErrors(t *testing.T) {
	var (
		n, m int
		b    bool
		mp   map[string]int
	)
	for _, tc := range []struct {
		table []cliflags.Field
		want  string
	}{
		{[]cliflags.Field{{Ptr: n, Tag: `flag:"n"`}}, "want a pointer to a field"},
		{[]cliflags.Field{{Ptr: (*int)(nil), Tag: `flag:"n"`}}, "want a pointer to a field"},
		{[]cliflags.Field{{Ptr: &mp, Tag: `flag:"m"`}}, "row 0 (m): unsupported type map[string]int"},
		{[]cliflags.Field{{Ptr: &b, Tag: `flag:"b" rule:"positive"`}}, "a rule needs a number"},
		{[]cliflags.Field{{Ptr: &n, Tag: `flag:"n" rule:"between(3,2)"`}}, `unknown rule "between(3,2)"`},
		{[]cliflags.Field{{Ptr: &n, Tag: `flag:"n" rule:"huge"`}}, `unknown rule "huge"`},
		{[]cliflags.Field{{Ptr: &n, Tag: `flag:"n" required:"yes"`}}, `required:"yes"`},
		{[]cliflags.Field{{Ptr: &n, Tag: `flag:"n" rulehelp:"no"`}}, "rulehelp without a rule"},
		{[]cliflags.Field{{Ptr: &n, Tag: `flag:"n" zero:"none"`}}, "zero is for a time.Duration"},
		{[]cliflags.Field{{Ptr: &n, Tag: `flag:"n" usage:"jobs" arg:"N"`}}, `arg "N" is not a word of the usage "jobs"`},
		{[]cliflags.Field{{Ptr: &n, Tag: `usage:"jobs"`}}, "no flag name"},
		{[]cliflags.Field{{Ptr: &n, Tag: `flag:"n"`}, {Ptr: &m, Tag: `flag:"m" alias:"n"`}}, `row 1 (m): flag name "n" used twice`},
	} {
		_, err := cliflags.Flags(tc.table...)
		if !errors.Is(err, cliflags.ErrBind) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want ErrBind with %q", tc.table[0].Tag, err, tc.want)
		}
		func() {
			defer func() {
				if r := recover(); r == nil || fmt.Sprint(r) != fmt.Sprint(err) {
					t.Errorf("Bind(%s): panic %v, want %v", tc.table[0].Tag, r, err)
				}
			}()
			cliflags.Bind(tc.table...)
		}()
	}
}

// TestFormatInts: runs of three or more become LO..HI; ParseInts reads
// every form back.
func TestFormatInts(t *testing.T) {
	for _, tc := range []struct {
		xs   []int
		want string
	}{
		{[]int{4, 5, 6}, "4..6"},
		{[]int{2, 3}, "2,3"},
		{[]int{3, 2}, "3,2"},
		{[]int{8, 64, 512, 4096}, "8,64,512,4096"},
		{[]int{1, 2, 3, 4, 9, 10}, "1..4,9,10"},
		{nil, ""},
	} {
		s := cliflags.FormatInts(tc.xs)
		if s != tc.want {
			t.Errorf("FormatInts(%v) = %q, want %q", tc.xs, s, tc.want)
		}
		if back, err := cliflags.ParseInts("n", s, cliflags.AnyFinite); len(tc.xs) > 0 && (err != nil || !slices.Equal(back, tc.xs)) {
			t.Errorf("ParseInts(%q) = %v, %v", s, back, err)
		}
	}
}

// ExampleBind binds a configuration's table, parses a command line and
// fills a copy of the defaults from it.
func ExampleBind() {
	type Config struct {
		Q    int
		Eps  float64
		Seed uint64
	}
	table := func(cfg *Config) []cliflags.Field {
		return []cliflags.Field{
			{Ptr: &cfg.Q, Tag: `flag:"q" usage:"size q of each set" rule:"at-least-one"`},
			{Ptr: &cfg.Eps, Tag: `flag:"eps" usage:"ε" rule:"unit-open"`},
			{Ptr: &cfg.Seed, Tag: `flag:"seed" usage:"random seed"`},
		}
	}
	defaults := Config{Q: 3, Eps: 0.01, Seed: 1}
	app := &cli.App{Name: "gen", Flags: cliflags.Bind(table(&defaults)...), Writer: io.Discard, ErrWriter: io.Discard, Action: func(c *cli.Context) error {
		cfg, err := cliflags.Filled(c, defaults, table)
		fmt.Printf("%+v %v\n", cfg, err)
		return nil
	}}
	_ = app.Run([]string{"gen", "--q", "5"})
	fmt.Println(app.Run([]string{"gen", "--eps", "2"}))
	// Output:
	// {Q:5 Eps:0.01 Seed:1} <nil>
	// --eps: want a number in (0, 1), got 2
}

// TestInsertReplace: Insert places flags before the named one (at the end
// when it is absent) and Replace swaps one, both leaving the input slice
// as it was.
func TestInsertReplace(t *testing.T) {
	names := func(fs []cli.Flag) string {
		var s []string
		for _, f := range fs {
			s = append(s, f.Names()[0])
		}
		return strings.Join(s, " ")
	}
	base := []cli.Flag{&cli.IntFlag{Name: "a"}, &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}}, &cli.IntFlag{Name: "c"}}
	x := &cli.IntFlag{Name: "x"}
	for _, tc := range []struct {
		got  []cli.Flag
		want string
	}{
		{cliflags.Insert(base, "c", x), "a quiet x c"},
		{cliflags.Insert(base, "q", x), "a x quiet c"}, // an alias names the flag too
		{cliflags.Insert(base, "none", x), "a quiet c x"},
		{cliflags.Replace(base, "quiet", x), "a x c"},
		{cliflags.Replace(base, "none", x), "a quiet c"},
	} {
		if g := names(tc.got); g != tc.want {
			t.Errorf("got %q, want %q", g, tc.want)
		}
	}
	if names(base) != "a quiet c" {
		t.Errorf("input changed: %s", names(base))
	}
}
