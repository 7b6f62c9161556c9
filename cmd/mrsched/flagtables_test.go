package main

import (
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/reductions/worstcase"
	"github.com/mrsched/mrsched/report/whatif"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/solver/cluster/experiments"
	"github.com/mrsched/mrsched/solver/straggler"
)

// tables are the flag tables of the commands, each over a fresh default
// configuration.
func tables() map[string][]cliflags.Field {
	nmtsCfg, sep, tmax, tsplit := reductions.DefaultNMTSConfig(), reductions.DefaultStudyConfig(), tight.DefaultMaxSRPTConfig(), tight.DefaultSplitSRPTConfig()
	advGen, adv, yao := adversary.DefaultGenConfig(), adversary.DefaultConfig(), adversary.DefaultYaoConfig()
	worst, worstExact := reductions.DefaultWorstConfig(), reductions.DefaultWorstExactConfig()
	eval, mapping, nodeCount, forkJoin := straggler.DefaultEvalConfig(), straggler.DefaultMapConfig(), straggler.DefaultNodeCountConfig(), straggler.DefaultForkJoinConfig()
	policies, sim, study := cluster.DefaultPolicySettings(), experiments.SimulateConfig{}, experiments.DefaultStudyConfig("swim")
	gen, swim, what, scan := workload.DefaultGenConfig(), workload.DefaultSWIMOptions(), whatif.DefaultConfig(), sharedscan.DefaultGenConfig()
	return map[string][]cliflags.Field{
		"gen nmts": cliflags.Table(&nmtsCfg), "reduce separation": cliflags.Table(&sep),
		"gen tight-maxsrpt": cliflags.Table(&tmax), "gen tight-splitsrpt": cliflags.Table(&tsplit),
		"gen adversary": cliflags.Table(&advGen), "adversary": cliflags.Table(&adv), "adversary-yao": cliflags.Table(&yao),
		"search": cliflags.Table(&worst), "worst-exact": cliflags.Table(&worstExact),
		"mst eval": cliflags.Table(&eval), "mst map": cliflags.Table(&mapping), "mst nodes": cliflags.Table(&nodeCount), "mst forkjoin": cliflags.Table(&forkJoin),
		"cluster simulate policies": cliflags.Table(&policies), "cluster simulate": cliflags.Table(&sim),
		"cluster study": cliflags.Table(&study), "cluster study swim": cliflags.Table(&study.SWIM),
		"gen cluster": cliflags.Table(&gen), "import swim-cluster": cliflags.Table(&swim), "evaluate": cliflags.Table(&what),
		"gen sharedscan": cliflags.Table(&scan),
	}
}

// TestFlagTables: every table fills each field of its configuration at
// most once (two rows on one field would let one flag silently override
// the other), and each row's flag has the field's default value as its
// own: parsing no arguments and filling leaves the configuration as
// its Default function made it.
func TestFlagTables(t *testing.T) {
	for name, table := range tables() {
		seen := map[string]string{}
		before := make([]any, len(table))
		for i, row := range table {
			v := reflect.ValueOf(row.Target())
			key := fmt.Sprintf("%v/%v", v.Pointer(), v.Type()) // a field is its address and type
			if prev, dup := seen[key]; dup {
				t.Errorf("%s: --%s and --%s fill the same field", name, prev, row.Flag().Names()[0])
			}
			seen[key] = row.Flag().Names()[0]
			before[i] = v.Elem().Interface()
		}
		app := &cli.App{Name: "t", Flags: cliflags.Bind(table...), Writer: io.Discard, ErrWriter: io.Discard,
			Action: func(c *cli.Context) error { return cliflags.Fill(c, table...) }}
		args := []string{"t"}
		for _, f := range app.Flags { // a required flag is given its default
			if r, ok := f.(cli.RequiredFlag); ok && r.IsRequired() {
				args = append(args, "--"+f.Names()[0], f.(cli.DocGenerationFlag).GetValue())
			}
		}
		if err := app.Run(args); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for i, row := range table {
			after := reflect.ValueOf(row.Target()).Elem().Interface()
			if fmt.Sprint(before[i]) != fmt.Sprint(after) { // nil and empty lists print alike
				t.Errorf("%s --%s: default %v, but the field's is %v", name, row.Flag().Names()[0], after, before[i])
			}
		}
	}
}

// TestRulesAreLibraryLimits: a rule tag writes a library limit as a
// number, so each is checked against the constant it states:
// reductions.WorstExactConfig.Validate's 2 .. worstcase.MaxClimbN and
// sharedscan's Max* request limits.
func TestRulesAreLibraryLimits(t *testing.T) {
	for _, tc := range []struct {
		table, flag string
		want        cliflags.Rule
	}{
		{"worst-exact", "n", cliflags.Between(2, worstcase.MaxClimbN)},
		{"gen sharedscan", "jobs", cliflags.Between(1, sharedscan.MaxJobs)},
		{"gen sharedscan", "datasets", cliflags.Between(1, sharedscan.MaxDatasets)},
		{"gen sharedscan", "slots", cliflags.Between(1, sharedscan.MaxSlots)},
		{"gen sharedscan", "min-slots", cliflags.Between(0, sharedscan.MaxSlots)},
		{"gen sharedscan", "max-slots", cliflags.Between(1, sharedscan.MaxSlots)},
	} {
		i := slices.IndexFunc(tables()[tc.table], func(r cliflags.Field) bool { return r.Flag().Names()[0] == tc.flag })
		if i < 0 {
			t.Errorf("%s has no --%s", tc.table, tc.flag)
			continue
		}
		if usage := tables()[tc.table][i].Flag().(cli.DocGenerationFlag).GetUsage(); !strings.HasSuffix(usage, tc.want.Want+")") {
			t.Errorf("%s --%s usage %q, want the rule %q", tc.table, tc.flag, usage, tc.want.Want)
		}
	}
}

// TestEveryFlagIsBuilt walks the command tree: every flag of every
// command (and of the program) is made by a helper of internal/cliflags
// (directly or through internal/cliout), so each is declared in one style
// with its rule; only urfave/cli's own --help is not. Building the tree
// builds every tagged table (cliflags.Table), so a tag the binder cannot
// read panics here.
func TestEveryFlagIsBuilt(t *testing.T) {
	app := newApp(io.Discard, io.Discard)
	n := 0
	check := func(path string, flags []cli.Flag) {
		for _, f := range flags {
			if f == cli.HelpFlag {
				continue
			}
			n++
			if !cliflags.Built(f) {
				t.Errorf("%s --%s: a %T written by hand, not made by a cliflags helper", path, f.Names()[0], f)
			}
		}
	}
	check("mrsched", app.Flags)
	walkTree(app.Commands, "mrsched", func(path string, c *cli.Command) { check(path, c.Flags) })
	// 400 is a floor below today's count (504 flags over the
	// tree): the walk found the tree's flags.
	t.Logf("%d flags, every one Built", n)
	if n < 400 {
		t.Errorf("found %d flags, want the whole tree's", n)
	}
}
