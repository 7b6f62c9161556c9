package study_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/solver/cluster/experiments"
	"github.com/mrsched/mrsched/tabular"
)

// clusterWorkload writes the fig2 workload of 12 jobs (seed 3) and
// returns its path.
func clusterWorkload(t *testing.T) string {
	t.Helper()
	w, err := workload.GenConfig{Kind: "fig2", N: 12, SizeGB: 1, Seed: 3}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "w.json")
	if err := workload.WriteFile(path, w); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestClusterSimulate: the view is the one experiments.SimulateView makes
// of experiments.SimulateFile (the second path); with Timeline the CSV
// file has one row per task the result records (the second path with its
// timeline on) and the printed result carries none; a negative heartbeat
// is an experiments.ErrConfig.
func TestClusterSimulate(t *testing.T) {
	path := clusterWorkload(t)
	s := cluster.DefaultPolicySettings()
	for _, tc := range []struct {
		policy   string
		jobs     bool
		timeline bool
	}{{"fair", false, false}, {"lsps", true, true}, {"hpfsp", false, true}} {
		t.Run(tc.policy, func(t *testing.T) {
			tl := ""
			if tc.timeline {
				tl = filepath.Join(t.TempDir(), "tl.csv")
			}
			out, err := study.ClusterSimulate(study.ClusterSimulateConfig{Workload: path, Policy: tc.policy, Settings: s, Timeline: tl, Jobs: tc.jobs})
			if err != nil {
				t.Fatal(err)
			}
			r, err := experiments.SimulateFile(path, tc.policy, s, experiments.SimulateConfig{Timeline: tc.timeline})
			if err != nil {
				t.Fatal(err)
			}
			tasks := len(r.Timeline)
			r.Timeline = nil
			var got, want bytes.Buffer
			if err := out.Write(&got, tabular.JSON); err != nil {
				t.Fatal(err)
			}
			if err := experiments.SimulateView(r, path, tc.jobs).Write(&want, tabular.JSON); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("view differs from experiments.SimulateView:\n%s\nwant\n%s", got.String(), want.String())
			}
			if !tc.timeline {
				if len(out.Files) != 0 {
					t.Errorf("files %q, want none", out.Files)
				}
				return
			}
			if len(out.Files) != 1 || out.Files[0] != tl+" (timeline)" {
				t.Errorf("files %q, want %s (timeline)", out.Files, tl)
			}
			b, err := os.ReadFile(tl)
			if err != nil {
				t.Fatal(err)
			}
			if rows := strings.Count(string(b), "\n") - 1; tasks == 0 || rows != tasks {
				t.Errorf("timeline has %d rows, want one per task (%d)", rows, tasks)
			}
		})
	}
	_, err := study.ClusterSimulate(study.ClusterSimulateConfig{Workload: path, Policy: "fair", Settings: s, Simulate: experiments.SimulateConfig{Heartbeat: -1}})
	if !errors.Is(err, experiments.ErrConfig) {
		t.Errorf("heartbeat -1: %v, want experiments.ErrConfig", err)
	}
}

// TestClusterStudy: the LsPS study over one seed returns the tables
// experiments.RunStudy returns without figures (the second path), writes
// its figure as SVG and PNG into Out, and zero seeds is an
// experiments.ErrConfig.
func TestClusterStudy(t *testing.T) {
	dir := t.TempDir()
	cfg := experiments.DefaultStudyConfig("lsps")
	cfg.Seeds, cfg.Workers = 1, 1
	tables, err := study.ClusterStudy(context.Background(), study.ClusterStudyConfig{Study: cfg, Out: dir, PNG: true})
	if err != nil {
		t.Fatal(err)
	}
	want, err := experiments.RunStudy(experiments.Env{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var g, w bytes.Buffer
	if err := tabular.WriteTables(&g, tabular.Markdown, tables...); err != nil {
		t.Fatal(err)
	}
	if err := tabular.WriteTables(&w, tabular.Markdown, want...); err != nil {
		t.Fatal(err)
	}
	if g.Len() == 0 || g.String() != w.String() {
		t.Errorf("tables:\n%s\nwant\n%s", g.String(), w.String())
	}
	for _, f := range []string{"lsps-table2.svg", "lsps-table2.png"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("figure: %v", err)
		}
	}
	cfg.Seeds = 0
	if _, err := study.ClusterStudy(context.Background(), study.ClusterStudyConfig{Study: cfg}); !errors.Is(err, experiments.ErrConfig) {
		t.Errorf("0 seeds: %v, want experiments.ErrConfig", err)
	}
}
