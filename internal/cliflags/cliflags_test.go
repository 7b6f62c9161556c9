package cliflags_test

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
)

// run parses args with flags and returns the action's error, or the
// parse's, and what the action saw.
func run(flags []cli.Flag, action func(c *cli.Context) error, args ...string) error {
	app := &cli.App{Name: "t", Flags: flags, Action: action, Writer: io.Discard, ErrWriter: io.Discard,
		ExitErrHandler: func(*cli.Context, error) {}}
	return app.Run(append([]string{"t"}, args...))
}

// TestRules: each rule's boundary values, and the one message format.
func TestRules(t *testing.T) {
	for _, tc := range []struct {
		r    cliflags.Rule
		x    float64
		want string // "" when x satisfies r
	}{
		{cliflags.Positive, 0, "--f: want a positive finite number, got 0"},
		{cliflags.Positive, math.Inf(1), "--f: want a positive finite number, got +Inf"},
		{cliflags.Positive, 1e-300, ""},
		{cliflags.NonNegative, 0, ""},
		{cliflags.AtLeastOne, 0, "--f: want an integer ≥ 1, got 0"},
		{cliflags.UnitOpen, 1, "--f: want a number in (0, 1), got 1"},
		{cliflags.Between(2, 10), 11, "--f: want a value in [2, 10], got 11"},
		{cliflags.AnyFinite, math.NaN(), "--f: want a finite number, got NaN"},
		{cliflags.AnyFinite, 0.1, ""},
		{cliflags.AboveOne, 1, "--f: want a finite number > 1, got 1"},
		{cliflags.AboveOne, math.Inf(1), "--f: want a finite number > 1, got +Inf"},
		{cliflags.AboveOne, 1.5, ""},
	} {
		err := tc.r.Check("f", tc.x)
		if got := fmt.Sprint(err); (err == nil) != (tc.want == "") || (err != nil && got != tc.want) {
			t.Errorf("%s on %g: %v, want %q", tc.r.Want, tc.x, err, tc.want)
		}
	}
	if got := cliflags.NumStr(1e20); got != "1e+20" {
		t.Errorf("NumStr(1e20) = %s", got)
	}
}

// TestFlagValidation: values are checked after parsing, before the action.
func TestFlagValidation(t *testing.T) {
	ran := 0
	action := func(*cli.Context) error { ran++; return nil }
	flags := []cli.Flag{
		cliflags.Int("k", 1, "k", cliflags.AtLeastOne),
		cliflags.Int64("seed", 1, "seed", cliflags.Between(1, 1<<31-2), cliflags.RuleInUsage),
		cliflags.Uint64("nodes", 1, "nodes", cliflags.AtLeastOne),
		cliflags.Float("speed", 1, "speed", cliflags.Positive),
		cliflags.Floats("loads", []float64{0.5}, "loads", cliflags.UnitOpen),
		cliflags.Ints("ns", "2", "sizes", cliflags.AtLeastOne),
		cliflags.Duration("time-limit", time.Second, "limit", cliflags.Zero("no limit")),
		cliflags.Choice("engine", "highs", "engine", "highs", "cbc"),
		cliflags.Checked("shard", "", "shard", func(s string) error {
			if s != "1/2" && s != "2/2" {
				return fmt.Errorf("want 1/2 or 2/2, got %q", s)
			}
			return nil
		}, cliflags.Alias("s")),
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--k", "0"}, "--k: want an integer ≥ 1, got 0"},
		{[]string{"--seed", "2147483647"}, "--seed: want a value in [1, 2147483646], got 2147483647"},
		{[]string{"--nodes", "0"}, "--nodes: want an integer ≥ 1, got 0"},
		{[]string{"--speed", "0"}, "--speed: want a positive finite number, got 0"},
		{[]string{"--loads", "0.5,1"}, "--loads: want a number in (0, 1), got 1"},
		{[]string{"--ns", "0..3"}, "--ns: want an integer ≥ 1, got 0"},
		{[]string{"--ns", "8..4"}, `--ns: "8..4": want N, LO..HI or LO-HI/STEP`},
		{[]string{"--time-limit", "-1s"}, "--time-limit: want a duration ≥ 0 such as 30s (0: no limit), got -1s"},
		{[]string{"--engine", "gurobi"}, `--engine: want one of highs, cbc, got "gurobi"`},
		{[]string{"-s", "3/2"}, `--shard: want 1/2 or 2/2, got "3/2"`},
		{[]string{"--engine", "CBC", "--k", "3", "--ns", "1-9/4", "--shard", "2/2"}, ""},
	} {
		err := run(flags, action, tc.args...)
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
	if ran != 1 {
		t.Errorf("the action ran %d times, want once (the valid arguments)", ran)
	}
	if _, err := cliflags.ParseFloats("mu", "1,x", cliflags.AnyFinite); err == nil || err.Error() != `--mu: item 2 "x" is not a number (want a finite number)` {
		t.Errorf("ParseFloats: %v", err)
	}
}

// TestRepeatedAlias: each occurrence of a repeatable flag, under its name
// or its alias, is one value, commas kept. Found by the bad-input QA
// (docs/cli.md, "Bad input"): urfave/cli's alias sync appended every value
// twice.
func TestRepeatedAlias(t *testing.T) {
	f := cliflags.Repeatable("instance", "", true, cliflags.Alias("i"))
	for _, args := range [][]string{{"--instance", "a,b.json"}, {"-i", "a,b.json"}, {"-i", "a,b.json", "-i", "c.json"}} {
		var got []string
		if err := run([]cli.Flag{f}, func(c *cli.Context) error { got = cliflags.RepeatedOf(c, "instance"); return nil }, args...); err != nil {
			t.Fatal(err)
		}
		if want := []string{"a,b.json", "c.json"}[:len(args)/2]; !slices.Equal(got, want) {
			t.Errorf("%v: %q, want %q", args, got, want)
		}
	}
}

// A number flag says what it accepts in its usage and in its error.
func ExampleInt() {
	f := cliflags.Int("k", 1, "jobs served at once", cliflags.AtLeastOne)
	fmt.Println(f.Usage)
	fmt.Println(f.Action(nil, 0))
	// Output:
	// jobs served at once (an integer ≥ 1)
	// --k: want an integer ≥ 1, got 0
}

// Integer lists take ranges and steps; each value is checked.
func ExampleParseInts() {
	ns, err := cliflags.ParseInts("ns", "2-8/2,16", cliflags.AtLeastOne)
	fmt.Println(ns, err)
	_, err = cliflags.ParseInts("ns", "0,1", cliflags.AtLeastOne)
	fmt.Println(err)
	// Output:
	// [2 4 6 8 16] <nil>
	// --ns: want an integer ≥ 1, got 0
}

// TestPositiveBig: any size of positive integer; "" is "not given" (nil);
// zero, negatives and non-integers are refused naming the flag, when the
// flag is parsed (before any action).
func TestPositiveBig(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // the value read, "<nil>" when not given, or the error
	}{
		{nil, "<nil>"},
		{[]string{"--A", "123456789012345678901234567890"}, "123456789012345678901234567890"},
		{[]string{"--A", "0"}, `--A: "0" is not a positive integer`},
		{[]string{"--A", "1.5"}, `--A: "1.5" is not a positive integer`},
	} {
		got := ""
		app := &cli.App{Name: "t", Writer: io.Discard, ErrWriter: io.Discard, ExitErrHandler: func(*cli.Context, error) {},
			Flags: []cli.Flag{cliflags.PositiveBig("A", "A")},
			Action: func(c *cli.Context) error {
				v, err := cliflags.BigOf(c, "A")
				got = fmt.Sprint(v)
				return err
			}}
		if err := app.Run(append([]string{"t"}, tc.args...)); err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%q: got %s, want %s", tc.args, got, tc.want)
		}
	}
}

// TestSharedFlags: the shared flags keep their rules — loads in (0, 1),
// reps and workers ≥ 1, time limits ≥ 0 — and their defaults.
func TestSharedFlags(t *testing.T) {
	flags := []cli.Flag{cliflags.Loads([]float64{0.5}), cliflags.Reps(3), cliflags.Workers(2), cliflags.TimeLimit(time.Minute, "limit"), cliflags.Seed(7, "seed")}
	for _, tc := range []struct {
		args []string
		want string // the error, "" for none
	}{
		{nil, ""},
		{[]string{"--loads", "0.2,0.9"}, ""},
		{[]string{"--loads", "1"}, "--loads: want a number in (0, 1), got 1"},
		{[]string{"--reps", "0"}, "--reps: want an integer ≥ 1, got 0"},
		{[]string{"--workers", "0"}, "--workers: want an integer ≥ 1, got 0"},
		{[]string{"--time-limit", "-1s"}, "--time-limit: want a duration ≥ 0 such as 30s (0: no limit), got -1s"},
	} {
		var seed uint64
		var reps int
		err := run(flags, func(c *cli.Context) error { seed, reps = c.Uint64("seed"), c.Int("reps"); return nil }, tc.args...)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want || (tc.args == nil && (seed != 7 || reps != 3)) {
			t.Errorf("%q: error %q (want %q), seed %d reps %d", tc.args, got, tc.want, seed, reps)
		}
	}
}

// TestIntList: a list written by IntList parses back (ParseInts) to the
// same integers, so an Ints flag's default can be built from a slice.
func TestIntList(t *testing.T) {
	for _, xs := range [][]int{{2, 4, 8, 16}, {7}, {}} {
		s := cliflags.IntList(xs)
		if len(xs) == 0 {
			if s != "" {
				t.Errorf("IntList(nil) = %q", s)
			}
			continue
		}
		back, err := cliflags.ParseInts("ns", s, cliflags.AtLeastOne)
		if err != nil || !slices.Equal(back, xs) {
			t.Errorf("%v → %q → %v %v", xs, s, back, err)
		}
	}
}

// TestCount: the number of flags given among mutually exclusive ones.
func TestCount(t *testing.T) {
	for _, tc := range []struct {
		set  []bool
		want int
	}{{nil, 0}, {[]bool{false, false}, 0}, {[]bool{true, false, true}, 2}, {[]bool{false, true}, 1}} {
		if got := cliflags.Count(tc.set...); got != tc.want {
			t.Errorf("Count(%v) = %d, want %d", tc.set, got, tc.want)
		}
	}
}

// TestBuilt: every helper's flag carries the mark Built detects (a test
// walking a command tree relies on it); an urfave/cli literal does not.
func TestBuilt(t *testing.T) {
	var n int
	for i, f := range []cli.Flag{
		cliflags.Int("a", 0, "u"), cliflags.Int64("a", 0, "u"), cliflags.Uint64("a", 0, "u"),
		cliflags.Float("a", 0, "u"), cliflags.Floats("a", nil, "u"), cliflags.Ints("a", "", "u"),
		cliflags.Bool("a", false, "u"), cliflags.String("a", "", "u"), cliflags.Strings("a", nil, "u"),
		cliflags.Duration("a", 0, "u"), cliflags.Checked("a", "", "u", func(string) error { return nil }),
		cliflags.Choice("a", "x", "u", "x"), cliflags.PositiveBig("a", "u"), cliflags.Repeatable("a", "u", true),
		cliflags.Input("a", "", "u"), cliflags.Inputs("a", nil, "u"), cliflags.Output("a", "", "u"),
		cliflags.OutputBase("a", "u", []string{".svg"}), cliflags.OutputDir("a", "", "u", []string{"*.svg"}),
		cliflags.Seed(1, "u"), cliflags.TimeLimit(0, "u"), cliflags.Reps(1), cliflags.Loads(nil), cliflags.Workers(1),
		cliflags.PNG("u"), cliflags.Figures("f")[0], cliflags.Figures("f")[1],
		cliflags.Row(&n, cliflags.Int("a", 0, "u")).Flag(),
	} {
		if !cliflags.Built(f) {
			t.Errorf("flag %d (%T) is not Built", i, f)
		}
	}
	for _, f := range []cli.Flag{&cli.IntFlag{Name: "a"}, &cli.BoolFlag{Name: "a"}, &cli.StringFlag{Name: "a"}} {
		if cliflags.Built(f) {
			t.Errorf("%T literal is Built", f)
		}
	}
}
