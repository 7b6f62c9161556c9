package experiments

import (
	"fmt"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/tabular"
)

// Studies are the names RunStudy accepts, in the order 'mrsched cluster
// study' lists them: the LsPS Table II experiment, every H-PFSP figure
// (HPFSPAll) and every policy on a SWIM trace (SWIMTrace).
var Studies = []string{"lsps", "hpfsp", "swim"}

// StudyConfig is one run of a cluster study: what 'mrsched cluster study
// NAME' runs (SWIM only for the swim study).
type StudyConfig struct {
	Study   string // one of Studies
	Seeds   int    `flag:"seeds" usage:"independent replications" rule:"AtLeastOne"`
	Workers int    `flag:"workers" usage:"parallel simulations" rule:"AtLeastOne"` // the tables do not depend on it
	SWIM    SWIMStudy
}

// SWIMStudy is the SWIM study's trace file, cluster nodes, job limit (0:
// all) and label of its files (see SWIMTrace); the other studies ignore
// it.
type SWIMStudy struct {
	Trace   string `flag:"trace,input" usage:"SWIM trace FILE" arg:"FILE"`
	Nodes   int    `flag:"nodes" usage:"cluster nodes (2 map + 2 reduce slots each)"`
	MaxJobs int    `flag:"max-jobs" usage:"keep only the first M jobs of the trace (0: all)" arg:"M"`
	Name    string `flag:"name" usage:"label of the output files (default: FB-2009 or FB-2010 from the file name, with the node count)"`
}

// DefaultStudyConfig is the default of 'mrsched cluster study NAME': 20
// seeds on Workers workers; SWIM's FB-2009 day (from the repository root)
// on 100 nodes, every job.
func DefaultStudyConfig(name string) StudyConfig {
	return StudyConfig{Study: name, Seeds: 20, Workers: Workers,
		SWIM: SWIMStudy{Trace: "../shared/data/swim/FB-2009_samples_24_times_1hr_0.tsv", Nodes: 100}}
}

// Validate names the first field of c that is not allowed (an ErrConfig).
func (c StudyConfig) Validate() error {
	switch {
	case c.Study != "lsps" && c.Study != "hpfsp" && c.Study != "swim":
		return fmt.Errorf("%w: study %q: want lsps, hpfsp or swim", ErrConfig, c.Study)
	case c.Seeds < 1:
		return fmt.Errorf("%w: seeds %d: want ≥ 1", ErrConfig, c.Seeds)
	case c.Workers < 1:
		return fmt.Errorf("%w: workers %d: want ≥ 1", ErrConfig, c.Workers)
	}
	return nil
}

// RunStudy validates c, sets Workers to c.Workers and runs the study in
// env: it returns the study's tables in order (the LsPS study also writes
// its result files under env.OutDir).
func RunStudy(env Env, c StudyConfig) ([]*tabular.Table, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	Workers = c.Workers
	switch c.Study {
	case "lsps":
		r, err := LsPSTableII(env, c.Seeds)
		if err != nil {
			return nil, err
		}
		return []*tabular.Table{r.Table()}, r.Write(env)
	case "hpfsp":
		return HPFSPAll(env, c.Seeds)
	}
	t, err := SWIMTrace(env, c.SWIM.Trace, c.SWIM.Nodes, c.SWIM.MaxJobs, c.SWIM.Name)
	return []*tabular.Table{t}, err
}

// SimulateFile reads the cluster workload at path and runs the policy
// named policy (cluster.PolicyFor with s) on it (Simulate with c). A
// setting out of range is a cluster.ErrConfig or an ErrConfig naming it.
func SimulateFile(path, policy string, s cluster.PolicySettings, c SimulateConfig) (*cluster.Result, error) {
	w, err := workload.ReadFile(path)
	if err != nil {
		return nil, err
	}
	pol, err := cluster.PolicyFor(policy, s)
	if err != nil {
		return nil, err
	}
	return Simulate(w, pol, c)
}
