package experiments

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/tabular"
)

// TestStudyConfigValidate: each field out of range is an ErrConfig naming
// it (the flag of 'mrsched cluster study').
func TestStudyConfigValidate(t *testing.T) {
	ok := StudyConfig{Study: "lsps", Seeds: 1, Workers: 1}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mod  func(*StudyConfig)
		want string
	}{
		{func(c *StudyConfig) { c.Study = "fig9" }, `study "fig9"`},
		{func(c *StudyConfig) { c.Seeds = 0 }, "seeds 0: want ≥ 1"},
		{func(c *StudyConfig) { c.Workers = -2 }, "workers -2: want ≥ 1"},
	} {
		c := ok
		tc.mod(&c)
		_, err := RunStudy(Env{}, c)
		if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want an ErrConfig with %q", c, err, tc.want)
		}
	}
}

// TestRunStudyLsPS: RunStudy("lsps") returns LsPSTableII's table (the
// study it names, called directly: the second path), with one or two
// workers alike.
func TestRunStudyLsPS(t *testing.T) {
	r, err := LsPSTableII(Env{}, 2)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := r.Table().Write(&want, tabular.CSV); err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		tables, err := RunStudy(Env{}, StudyConfig{Study: "lsps", Seeds: 2, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if len(tables) != 1 || tables[0].Write(&got, tabular.CSV) != nil || got.String() != want.String() {
			t.Errorf("workers %d: %d tables\n%s\nwant\n%s", workers, len(tables), got.String(), want.String())
		}
	}
}

// TestSimulateFile: SimulateFile on a written workload is Simulate on the
// workload itself (twoJobs, fair: the same makespan and mean response); the
// policy's and the simulation's settings out of range are the two
// packages' ErrConfig.
func TestSimulateFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.json")
	if err := workload.WriteFile(path, twoJobs()); err != nil {
		t.Fatal(err)
	}
	pol, err := cluster.PolicyFor("fair", cluster.PolicySettings{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := Simulate(twoJobs(), pol, SimulateConfig{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := SimulateFile(path, "fair", cluster.PolicySettings{}, SimulateConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Jobs) != len(want.Jobs) || got.Makespan != want.Makespan || got.MeanResponse != want.MeanResponse {
		t.Errorf("SimulateFile: %d jobs, makespan %v; want %d, %v", len(got.Jobs), got.Makespan, len(want.Jobs), want.Makespan)
	}
	if _, err := SimulateFile(path, "lsps", cluster.PolicySettings{Alpha: 2}, SimulateConfig{}); !errors.Is(err, cluster.ErrConfig) {
		t.Errorf("alpha 2: error %v, want cluster.ErrConfig", err)
	}
	if _, err := SimulateFile(path, "fair", cluster.PolicySettings{}, SimulateConfig{Heartbeat: 11}); !errors.Is(err, ErrConfig) {
		t.Errorf("heartbeat 11 > SerialSpan 10: error %v, want ErrConfig", err)
	}
	if _, err := SimulateFile(filepath.Join(t.TempDir(), "none.json"), "fair", cluster.PolicySettings{}, SimulateConfig{}); err == nil {
		t.Error("missing workload: no error")
	}
}
