package study

import (
	"bytes"
	"context"
	"io"

	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/solver/cluster/experiments"
	"github.com/mrsched/mrsched/tabular"
)

// ClusterSimulateConfig configures ClusterSimulate ('mrsched cluster
// simulate': one slot-level simulation of a cluster workload).
type ClusterSimulateConfig struct {
	Workload string                 // cluster workload file (JSON, 'mrsched gen cluster')
	Policy   string                 // fifo, fair, lsps, hpfsp or ppfsp (cluster.PolicyFor)
	Settings cluster.PolicySettings // the policies' parameters
	// Simulate is the simulation's heartbeat and context (its Timeline is
	// set from Timeline).
	Simulate experiments.SimulateConfig
	// Timeline, when not "", is the file the task-to-slot timeline is
	// written to (CSV, experiments.TimelineTable).
	Timeline string
	Jobs     bool // one row per job instead of the per-user summary
	// Protect lists files never written over (the caller's inputs).
	Protect []string
}

// ClusterSimulate simulates the workload of cfg under its policy
// (experiments.SimulateFile); Output.View is experiments.SimulateView
// (without the timeline, which goes to cfg.Timeline). Errors of the
// settings wrap cluster.ErrConfig or experiments.ErrConfig.
func ClusterSimulate(cfg ClusterSimulateConfig) (*report.Output, error) {
	sim := cfg.Simulate
	sim.Timeline = cfg.Timeline != ""
	r, err := experiments.SimulateFile(cfg.Workload, cfg.Policy, cfg.Settings, sim)
	if err != nil {
		return nil, err
	}
	out := &report.Output{}
	if cfg.Timeline != "" {
		var b bytes.Buffer
		if err := experiments.TimelineTable(r).Write(&b, tabular.CSV); err != nil {
			return nil, err
		}
		if err := fileio.WriteFileAtomic(cfg.Timeline, b.Bytes(), fileio.Protect(cfg.Protect...)); err != nil {
			return nil, err
		}
		out.Files, r.Timeline = []string{cfg.Timeline + " (timeline)"}, nil
	}
	out.View = experiments.SimulateView(r, cfg.Workload, cfg.Jobs)
	return out, nil
}

// ClusterStudyConfig configures ClusterStudy ('mrsched cluster study
// NAME').
type ClusterStudyConfig struct {
	Study experiments.StudyConfig // the study, its replications, workers and SWIM trace
	// Out is the folder of the study's tables and figures ("": no files).
	Out string
	PNG bool // PNG figures besides the SVG ones
	// Progress, when not nil, receives the study's messages.
	Progress io.Writer
}

// ClusterStudy runs the study of cfg (experiments.RunStudy) with its
// figures drawn by figures.SaveCluster and returns its tables. ctx stops
// it (an error wrapping cluster.ErrStopped); errors of the study's fields
// wrap experiments.ErrConfig.
func ClusterStudy(ctx context.Context, cfg ClusterStudyConfig) ([]*tabular.Table, error) {
	env := experiments.Env{Context: ctx, Progress: cfg.Progress, OutDir: cfg.Out, Render: func(dir string, f experiments.Figure) error {
		return figures.SaveCluster(dir, f, figures.Formats(cfg.PNG)...)
	}}
	return experiments.RunStudy(env, cfg.Study)
}
