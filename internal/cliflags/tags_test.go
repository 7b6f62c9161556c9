package cliflags_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
)

type taggedInner struct {
	Seed uint64 `flag:"seed" usage:"random seed"`
	Hook func() // no row: not a flag
}

// tagged is bound with its flag table (table) written as tags.
type tagged struct {
	Q       int           `flag:"q" usage:"size q of each set" rule:"AtLeastOne"`
	MaxF    int64         `flag:"max-f" usage:"f values are uniform on 1..N" arg:"N"`
	Alpha   float64       `flag:"alpha" usage:"α" rule:"Positive"`
	Name    string        `flag:"name,alias=o,alias=x,required" usage:"label"`
	Exact   bool          `flag:"exact" usage:"exact sizes"`
	Ns      []int         `flag:"n" usage:"values of n" rule:"Between(2, 10)"`
	Plain   []int         `flag:"m,rule-in-usage" usage:"number of jobs N or range LO..HI (2..10)" rule:"Between(2, 10)"`
	Loads   []float64     `flag:"loads" usage:"offered loads ρ" rule:"UnitOpen"`
	Files   []string      `flag:"file" usage:"input files"`
	Limit   time.Duration `flag:"exact-limit" usage:"search per instance" zero:"none"`
	Plain2  time.Duration `flag:"time-limit" usage:"stop after this long (0: none)"`
	Skipped int           // no row: not a flag
	taggedInner
}

// newTagged is newBound as a tagged.
func newTagged() tagged {
	return tagged{Q: 3, MaxF: 5, Alpha: 2, Ns: []int{4, 5, 6, 9}, Plain: []int{3, 2}, Loads: []float64{0.5, 0.9},
		Limit: time.Second, taggedInner: taggedInner{Seed: 7}}
}

// TestTableIsTheHandTable: the tags of tagged give the flags the hand
// table of bound gives (same helper types, names, aliases, defaults,
// usage, required) and so the help of the urfave/cli literals.
func TestTableIsTheHandTable(t *testing.T) {
	cfg, hand := newTagged(), newBound()
	got, want := cliflags.Bind(cliflags.Table(&cfg)...), cliflags.Bind(table(&hand)...)
	if g, w := help(t, got), help(t, handWritten()); g != w {
		t.Errorf("help differs:\n got:\n%s\nwant:\n%s", g, w)
	}
	if len(got) != len(want) {
		t.Fatalf("%d flags, want %d", len(got), len(want))
	}
	for i := range got {
		g, w := got[i].(cli.DocGenerationFlag), want[i].(cli.DocGenerationFlag)
		if fmt.Sprintf("%T", got[i]) != fmt.Sprintf("%T", want[i]) || !slices.Equal(got[i].Names(), want[i].Names()) ||
			g.GetUsage() != w.GetUsage() || g.GetValue() != w.GetValue() ||
			got[i].(cli.RequiredFlag).IsRequired() != want[i].(cli.RequiredFlag).IsRequired() {
			t.Errorf("flag %d: got %T %v %q, want %T %v %q", i, got[i], got[i].Names(), g.GetUsage(), want[i], want[i].Names(), w.GetUsage())
		}
	}
}

// TestTableFill: Fill through a tagged table stores what the hand table
// stores for the same arguments (TestFill's), every field type.
func TestTableFill(t *testing.T) {
	args := []string{"--q", "4", "--max-f", "9", "--alpha", "0.5", "-o", "lbl", "--exact", "--n", "2..3,7", "--loads", "0.25",
		"--file", "a", "--file", "b", "--exact-limit", "2m", "--time-limit", "3s", "--seed", "11", "--m", "5"}
	cfg := newTagged()
	var got tagged
	if err := run(cliflags.Bind(cliflags.Table(&cfg)...), func(c *cli.Context) (err error) {
		got, err = cliflags.Filled(c, tagged{Skipped: 42}, cliflags.Tagged[tagged])
		return err
	}, args...); err != nil {
		t.Fatal(err)
	}
	// Expected: the arguments above; Skipped keeps the value it had.
	want := tagged{Q: 4, MaxF: 9, Alpha: 0.5, Name: "lbl", Exact: true, Ns: []int{2, 3, 7}, Plain: []int{5},
		Loads: []float64{0.25}, Files: []string{"a", "b"}, Limit: 2 * time.Minute, Plain2: 3 * time.Second, Skipped: 42,
		taggedInner: taggedInner{Seed: 11}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Filled:\n got %+v\nwant %+v", got, want)
	}
}

// TestTagOptions: each tag and option is the helper option it names:
// the one-field table equals the hand row (help, required, flag type).
func TestTagOptions(t *testing.T) {
	type (
		input struct {
			F string `flag:"f,input" usage:"trace FILE" arg:"FILE"`
		}
		plain struct {
			F string `flag:"f" usage:"trace FILE" arg:"FILE"`
		}
		rules struct {
			A float64 `flag:"a" usage:"u" rule:"AnyFinite"`
			B float64 `flag:"b" usage:"u" rule:"NonNegative"`
			C int     `flag:"c" usage:"u" rule:"NonNegInt"`
			D float64 `flag:"d" usage:"u" rule:"AboveOne"`
			E float64 `flag:"e" usage:"u" rule:"Between(-1.5, 1e3)"`
		}
		options struct {
			N int `flag:"n,alias=k,required,rule-in-usage" usage:"n ≥ 1" rule:"AtLeastOne"`
		}
		inline struct {
			Plain   plain `flag:",inline"`
			Skipped input // a struct field without the inline tag has no rows
		}
		arg struct {
			// the first N that is a word, not the N of NN or N2
			F int `flag:"f" usage:"NN N2 first N of N" arg:"N"`
		}
	)
	for _, tc := range []struct {
		name string
		cfg  any
		want []cli.Flag
	}{
		{"input", &input{"a"}, []cli.Flag{cliflags.Input("f", "a", "trace `FILE`")}},
		{"string", &plain{"a"}, []cli.Flag{cliflags.String("f", "a", "trace `FILE`")}},
		{"rules", &rules{}, []cli.Flag{cliflags.Float("a", 0, "u", cliflags.AnyFinite), cliflags.Float("b", 0, "u", cliflags.NonNegative),
			cliflags.Int("c", 0, "u", cliflags.NonNegInt), cliflags.Float("d", 0, "u", cliflags.AboveOne),
			cliflags.Float("e", 0, "u", cliflags.Between(-1.5, 1000))}},
		{"options", &options{2}, []cli.Flag{cliflags.Int("n", 2, "n ≥ 1", cliflags.Alias("k"), cliflags.Required,
			cliflags.RuleInUsage, cliflags.AtLeastOne)}},
		{"inline", &inline{Plain: plain{"b"}}, []cli.Flag{cliflags.String("f", "b", "trace `FILE`")}},
		{"arg", &arg{}, []cli.Flag{cliflags.Int("f", 0, "NN N2 first `N` of N")}},
	} {
		got := cliflags.Bind(cliflags.Table(tc.cfg)...)
		if g, w := describe(t, got), describe(t, tc.want); g != w {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, g, w)
		}
		for i := range min(len(got), len(tc.want)) {
			if g, w := fmt.Sprintf("%T", got[i]), fmt.Sprintf("%T", tc.want[i]); g != w {
				t.Errorf("%s: flag %d is a %s, want a %s", tc.name, i, g, w)
			}
			// the help hides where the backquotes are; the usage shows it
			if g, w := got[i].(cli.DocGenerationFlag).GetUsage(), tc.want[i].(cli.DocGenerationFlag).GetUsage(); g != w {
				t.Errorf("%s: flag %d usage %q, want %q", tc.name, i, g, w)
			}
		}
	}
}

type (
	level     int
	badOption struct {
		F int `flag:"f,requird" usage:"u"`
	}
	badRule struct {
		F int `flag:"f" usage:"u" rule:"Positve"`
	}
	badBetween struct {
		F int `flag:"f" usage:"u" rule:"Between(2, 1)"`
	}
	badSpacing struct {
		F int `flag:"f" usage:"u" rule:"Between(1,2)"`
	}
	noUsage struct {
		F int `flag:"f"`
	}
	noName struct {
		F int `flag:",required" usage:"u"`
	}
	strayUsage struct {
		F int `usage:"u"`
	}
	badArg struct {
		F int `flag:"f" usage:"FILES" arg:"FILE"`
	}
	inputInt struct {
		F int `flag:"f,input" usage:"u"`
	}
	badType struct {
		F level `flag:"f" usage:"u"`
	}
	zeroOnInt struct {
		F int `flag:"f" usage:"u" zero:"none"`
	}
	ruleOnBool struct {
		F bool `flag:"f" usage:"u" rule:"Positive"`
	}
	unexported struct {
		//lint:ignore U1000 the binder must reject a tagged field it cannot set
		f int `flag:"f" usage:"u"`
	}
	inlineInt struct {
		F int `flag:",inline"`
	}
	nestedWrong struct{ badRule }
)

// TestTableBadTags: a tag the binder cannot read panics naming the type,
// the field, the tag and what is wrong (the test building every command
// catches it).
func TestTableBadTags(t *testing.T) {
	for _, tc := range []struct {
		cfg  any
		want string
	}{
		{&badOption{}, "cliflags_test.badOption.F `flag:\"f,requird\" usage:\"u\"`: unknown flag option \"requird\""},
		{&badRule{}, "cliflags_test.badRule.F `flag:\"f\" usage:\"u\" rule:\"Positve\"`: unknown rule \"Positve\""},
		{&badBetween{}, "cliflags_test.badBetween.F `flag:\"f\" usage:\"u\" rule:\"Between(2, 1)\"`: unknown rule"},
		{&badSpacing{}, "cliflags_test.badSpacing.F `flag:\"f\" usage:\"u\" rule:\"Between(1,2)\"`: unknown rule"},
		{&noUsage{}, "cliflags_test.noUsage.F `flag:\"f\"`: want a flag name and a usage"},
		{&noName{}, "cliflags_test.noName.F `flag:\",required\" usage:\"u\"`: want a flag name and a usage"},
		{&strayUsage{}, "cliflags_test.strayUsage.F `usage:\"u\"`: a usage tag without a flag tag"},
		{&badArg{}, "cliflags_test.badArg.F `flag:\"f\" usage:\"FILES\" arg:\"FILE\"`: usage has no word \"FILE\""},
		{&inputInt{}, "cliflags_test.inputInt.F `flag:\"f,input\" usage:\"u\"`: input on a field that is not a string"},
		{&badType{}, "cliflags_test.badType.F `flag:\"f\" usage:\"u\"`: no flag helper for a field of type cliflags_test.level"},
		{&zeroOnInt{}, "cliflags_test.zeroOnInt.F `flag:\"f\" usage:\"u\" zero:\"none\"`: cliflags: --f takes no Zero option"},
		{&ruleOnBool{}, "cliflags_test.ruleOnBool.F `flag:\"f\" usage:\"u\" rule:\"Positive\"`: cliflags: --f takes no Rule option"},
		{&unexported{}, "cliflags_test.unexported.f `flag:\"f\" usage:\"u\"`: an unexported field"},
		{&inlineInt{}, "cliflags_test.inlineInt.F `flag:\",inline\"`: inline on a field that is not a struct"},
		{&nestedWrong{}, "cliflags_test.badRule.F `flag:\"f\" usage:\"u\" rule:\"Positve\"`: unknown rule"},
		{tagged{}, "cliflags: Table of cliflags_test.tagged, want a pointer to a struct"},
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), tc.want) {
					t.Errorf("%T: got panic %v, want %q", tc.cfg, r, tc.want)
				}
			}()
			cliflags.Table(tc.cfg)
		}()
	}
}

// A configuration declares its flags as tags; Table binds them with the
// defaults as the flags' values and Filled reads a parsed command line
// back into a copy of the defaults.
func ExampleTable() {
	type Config struct {
		Seeds int    `flag:"seeds" usage:"independent replications" rule:"AtLeastOne"`
		Trace string `flag:"trace,input,required" usage:"SWIM trace FILE" arg:"FILE"`
		Hook  func() // no tag: not a flag
	}
	def := Config{Seeds: 3}
	flags := cliflags.Bind(cliflags.Table(&def)...)
	for _, f := range flags {
		fmt.Println(f)
	}
	app := &cli.App{Name: "study", Flags: flags, Action: func(c *cli.Context) error {
		cfg, err := cliflags.Filled(c, def, cliflags.Tagged[Config])
		fmt.Println(cfg.Seeds, cfg.Trace, err)
		return err
	}}
	_ = app.Run([]string{"study", "--trace", "FB-2009.tsv", "--seeds", "5"})
	// Output:
	// --seeds value	independent replications (an integer ≥ 1) (default: 3)
	// --trace FILE	SWIM trace FILE
	// 5 FB-2009.tsv <nil>
}
