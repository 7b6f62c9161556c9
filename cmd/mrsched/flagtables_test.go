package main

import (
	"fmt"
	"reflect"
	"testing"

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
	gen, swim, what := workload.DefaultGenConfig(), workload.DefaultSWIMOptions(), whatif.DefaultConfig()
	return map[string][]cliflags.Field{
		"gen nmts": nmtsGenFlags(&nmtsCfg), "reduce separation": separationFlags(&sep),
		"gen tight-maxsrpt": tightMaxFlags(&tmax), "gen tight-splitsrpt": tightSplitFlags(&tsplit),
		"gen adversary": adversaryGenFlags(&advGen), "adversary": adversaryFlags(&adv), "adversary-yao": adversaryYaoFlags(&yao),
		"search": searchFlags(&worst), "worst-exact": worstExactFlags(&worstExact),
		"mst eval": mstEvalFlags(&eval), "mst map": mstMapFlags(&mapping), "mst nodes": mstNodesFlags(&nodeCount), "mst forkjoin": mstForkJoinFlags(&forkJoin),
		"cluster simulate policies": policyFlags(&policies), "cluster simulate": clusterSimulateFlags(&sim),
		"cluster study": clusterStudyFlags(&study), "cluster study swim": swimStudyFlags(&study.SWIM),
		"gen cluster": genClusterFlags(&gen), "import swim-cluster": swimClusterFlags(&swim), "evaluate": evaluateFlags(&what),
	}
}

// TestFlagTables: every table binds (cliflags.Flags) and fills each field
// of its configuration at most once: two rows on one field would let one
// flag silently override the other.
func TestFlagTables(t *testing.T) {
	for name, table := range tables() {
		if _, err := cliflags.Flags(table...); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		seen := map[string]string{}
		for _, row := range table {
			v := reflect.ValueOf(row.Ptr)
			key := fmt.Sprintf("%v/%v", v.Pointer(), v.Type()) // a field is its address and type
			if prev, dup := seen[key]; dup {
				t.Errorf("%s: --%s and --%s fill the same field", name, prev, row.Tag.Get("flag"))
			}
			seen[key] = row.Tag.Get("flag")
		}
	}
}

// TestWorstExactRange: the rule of worst-exact's --n is the range
// reductions.WorstExactConfig.Validate allows, 2 .. worstcase.MaxClimbN
// (so the flag's help states the library's limit).
func TestWorstExactRange(t *testing.T) {
	want := fmt.Sprintf("between(2,%d)", worstcase.MaxClimbN)
	for _, row := range tables()["worst-exact"] {
		if row.Tag.Get("flag") == "n" {
			if got := row.Tag.Get("rule"); got != want {
				t.Errorf("--n rule %q, want %q (Validate's range)", got, want)
			}
			return
		}
	}
	t.Error("worst-exact has no --n")
}
