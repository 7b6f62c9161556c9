package cliflags_test

import (
	"bytes"
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
		cliflags.Row(&b.Q, cliflags.Int("q", b.Q, "size q of each set", cliflags.AtLeastOne)),
		cliflags.Row(&b.MaxF, cliflags.Int64("max-f", b.MaxF, "f values are uniform on 1..`N`")),
		cliflags.Row(&b.Alpha, cliflags.Float("alpha", b.Alpha, "α", cliflags.Positive)),
		cliflags.Row(&b.Name, cliflags.String("name", b.Name, "label", cliflags.Alias("o", "x"), cliflags.Required)),
		cliflags.Row(&b.Exact, cliflags.Bool("exact", b.Exact, "exact sizes")),
		cliflags.Row(&b.Ns, cliflags.Ints("n", cliflags.FormatInts(b.Ns), "values of n", cliflags.Between(2, 10))),
		cliflags.Row(&b.Plain, cliflags.Ints("m", cliflags.FormatInts(b.Plain), "number of jobs N or range LO..HI (2..10)", cliflags.Between(2, 10), cliflags.RuleInUsage)),
		cliflags.Row(&b.Loads, cliflags.Floats("loads", b.Loads, "offered loads ρ", cliflags.UnitOpen)),
		cliflags.Row(&b.Files, cliflags.Strings("file", b.Files, "input files")),
		cliflags.Row(&b.Limit, cliflags.Duration("exact-limit", b.Limit, "search per instance", cliflags.Zero("none"))),
		cliflags.Row(&b.Plain2, cliflags.Duration("time-limit", b.Plain2, "stop after this long (0: none)")),
		cliflags.Row(&b.Seed, cliflags.Seed(b.Seed, "random seed")),
	}
}

func newBound() bound {
	return bound{Q: 3, MaxF: 5, Alpha: 2, Ns: []int{4, 5, 6, 9}, Plain: []int{3, 2}, Loads: []float64{0.5, 0.9},
		Limit: time.Second, inner: inner{Seed: 7}}
}

// handWritten are the flags of newBound() written by hand as urfave/cli
// literals, with the rules' words in the usage (the declarations the
// helpers replace).
func handWritten() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "q", Value: 3, Usage: "size q of each set (an integer ≥ 1)"},
		&cli.Int64Flag{Name: "max-f", Value: 5, Usage: "f values are uniform on 1..`N`"},
		&cli.Float64Flag{Name: "alpha", Value: 2, Usage: "α (a positive finite number)"},
		&cli.StringFlag{Name: "name", Aliases: []string{"o", "x"}, Required: true, Usage: "label"},
		&cli.BoolFlag{Name: "exact", Usage: "exact sizes"},
		&cli.StringFlag{Name: "n", Value: "4..6,9", Usage: "values of n (comma-separated N, LO..HI or LO-HI/STEP, each a value in [2, 10])"},
		&cli.StringFlag{Name: "m", Value: "3,2", Usage: "number of jobs N or range LO..HI (2..10)"},
		&cli.Float64SliceFlag{Name: "loads", Value: cli.NewFloat64Slice(0.5, 0.9), Usage: "offered loads ρ (comma-separated, each a number in (0, 1))"},
		&cli.StringSliceFlag{Name: "file", Usage: "input files"},
		&cli.DurationFlag{Name: "exact-limit", Value: time.Second, Usage: "search per instance (a duration such as 30s or 5m; 0: none)"},
		&cli.DurationFlag{Name: "time-limit", Usage: "stop after this long (0: none)"},
		&cli.Uint64Flag{Name: "seed", Value: 7, Usage: "random seed"},
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

// TestOptionsMatter: changing any one argument or option changes the
// flag (an option a helper ignored would leave it unchanged).
func TestOptionsMatter(t *testing.T) {
	row := func(n int, name, usage string, opt ...cliflags.Option) []cli.Flag {
		return cliflags.Bind(cliflags.Row(&n, cliflags.Int(name, n, usage, opt...)))
	}
	base := describe(t, row(2, "n", "u", cliflags.AtLeastOne))
	for name, flags := range map[string][]cli.Flag{
		"name":        row(2, "k", "u", cliflags.AtLeastOne),
		"usage":       row(2, "n", "v", cliflags.AtLeastOne),
		"rule":        row(2, "n", "u", cliflags.NonNegInt),
		"RuleInUsage": row(2, "n", "u", cliflags.AtLeastOne, cliflags.RuleInUsage),
		"Alias":       row(2, "n", "u", cliflags.AtLeastOne, cliflags.Alias("m")),
		"Required":    row(2, "n", "u", cliflags.AtLeastOne, cliflags.Required),
		"placeholder": row(2, "n", "`u`", cliflags.AtLeastOne),
		"default":     row(3, "n", "u", cliflags.AtLeastOne),
	} {
		if describe(t, flags) == base {
			t.Errorf("%s ignored", name)
		}
	}
	d := func(opt ...cliflags.Option) string {
		return describe(t, []cli.Flag{cliflags.Duration("d", 0, "u", opt...)})
	}
	if d() == d(cliflags.Zero("none")) {
		t.Error("Zero ignored")
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
// worded as Rule.Check does, with the hand table and with the same table
// as tags (tagged: each rule tag is the Rule it names).
func TestBindRules(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--q", "0"}, "--q: want an integer ≥ 1, got 0"},
		{[]string{"--alpha", "-1"}, "--alpha: want a positive finite number, got -1"},
		{[]string{"--n", "1,2"}, "--n: want a value in [2, 10], got 1"},
		{[]string{"--m", "11"}, "--m: want a value in [2, 10], got 11"}, // RuleInUsage still checks
		{[]string{"--loads", "1"}, "--loads: want a number in (0, 1), got 1"},
		{[]string{"--exact-limit", "-1s"}, "--exact-limit: want a duration ≥ 0 such as 30s (0: none), got -1s"},
		{[]string{"--n", "x"}, "--n: "},
		{nil, `Required flag "name" not set`},
	} {
		cfg, tags := newBound(), newTagged()
		args := tc.args
		if args != nil {
			args = append([]string{"--name", "x"}, args...)
		}
		for name, flags := range map[string][]cli.Flag{"hand": cliflags.Bind(table(&cfg)...), "tags": cliflags.Bind(cliflags.Table(&tags)...)} {
			err := run(flags, func(*cli.Context) error { return nil }, args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s %v: got %v, want %q", name, tc.args, err, tc.want)
			}
		}
	}
}

// TestOptionErrors: a helper given an option it does not take panics
// naming the flag and the option (declarations are the programmer's; the
// test building every command catches them).
func TestOptionErrors(t *testing.T) {
	for _, tc := range []struct {
		make func()
		want string
	}{
		{func() { cliflags.Bool("b", false, "u", cliflags.Positive) }, "--b takes no Rule option"},
		{func() { cliflags.String("s", "", "u", cliflags.Zero("none")) }, "--s takes no Zero option"},
		{func() { cliflags.Int("n", 0, "u", cliflags.Zero("none")) }, "--n takes no Zero option"},
		{func() { cliflags.Duration("d", 0, "u", cliflags.AtLeastOne) }, "--d takes no Rule option"},
		{func() { cliflags.Int("n", 0, "u", cliflags.RuleInUsage) }, "--n: RuleInUsage without a Rule"},
		{func() { cliflags.Repeatable("r", "u", false, cliflags.Required) }, "--r takes no Required option"},
		{func() { cliflags.Input("i", "", "u", cliflags.NonNegInt) }, "--i takes no Rule option"},
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), tc.want) {
					t.Errorf("got panic %v, want %q", r, tc.want)
				}
			}()
			tc.make()
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
			cliflags.Row(&cfg.Q, cliflags.Int("q", cfg.Q, "size q of each set", cliflags.AtLeastOne)),
			cliflags.Row(&cfg.Eps, cliflags.Float("eps", cfg.Eps, "ε", cliflags.UnitOpen)),
			cliflags.Row(&cfg.Seed, cliflags.Seed(cfg.Seed, "random seed")),
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
