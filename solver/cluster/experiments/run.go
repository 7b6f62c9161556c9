package experiments

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/tabular"
)

// HPFSPAll runs the H-PFSP experiments in the paper's order — Fig. 2 (10
// jobs), 3(a), 3(b), 4 and 5 (σ = 0 and 2.236) and the protectiveness
// report — with seeds replications each, and returns their tables.
func HPFSPAll(env Env, seeds int) ([]*tabular.Table, error) {
	steps := []func() (*tabular.Table, error){
		func() (*tabular.Table, error) { return HPFSPFig2(env, 10, seeds) },
		func() (*tabular.Table, error) { return HPFSPFig3a(env, seeds) },
		func() (*tabular.Table, error) { return HPFSPFig3b(env, seeds) },
		func() (*tabular.Table, error) { return HPFSPFig45(env, 0, seeds) },
		func() (*tabular.Table, error) { return HPFSPFig45(env, 2.236, seeds) },
		func() (*tabular.Table, error) { return Protect(env, seeds) },
	}
	var tables []*tabular.Table
	for _, f := range steps {
		t, err := f()
		if err != nil {
			return nil, err
		}
		tables = append(tables, t)
	}
	return tables, nil
}

// SWIMTrace imports the SWIM trace at path as 'mrsched import
// swim-cluster' does (nodes nodes, the first maxJobs jobs, 0 for all) and
// runs every policy on it (SWIM). An empty name becomes FB-2009 or FB-2010
// (from the file name) with the node count and job limit.
func SWIMTrace(env Env, path string, nodes, maxJobs int, name string) (*tabular.Table, error) {
	recs, err := swim.ReadFile(path)
	if err != nil {
		return nil, err
	}
	o := workload.DefaultSWIMOptions()
	o.Nodes, o.MaxJobs = nodes, maxJobs
	w, err := workload.FromSWIM(recs, path, o)
	if err != nil {
		return nil, err
	}
	if name == "" {
		name = fmt.Sprintf("%s-%dnodes", TraceName(path), o.Nodes)
		if o.MaxJobs > 0 {
			name += fmt.Sprintf("-first%d", o.MaxJobs)
		}
	}
	return SWIM(env, w, name)
}

// TraceName is "FB-2009" or "FB-2010" for the SWIM Facebook traces (from
// the file name), "trace" otherwise.
func TraceName(path string) string {
	base := filepath.Base(path)
	if len(base) >= 7 && strings.HasPrefix(base, "FB-") && strings.Trim(base[3:7], "0123456789") == "" {
		return base[:7]
	}
	return "trace"
}
