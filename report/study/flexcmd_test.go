package study_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/tabular"
)

// flexWorkload writes a small generated shared-scan workload (40 jobs,
// 4 datasets) and returns its path.
func flexWorkload(t *testing.T) string {
	t.Helper()
	spec := sharedscan.DefaultGenSpec()
	spec.Jobs, spec.Datasets, spec.Horizon = 40, 4, 4
	w, err := sharedscan.Generate(spec, rand.NewPCG(2, 0x5ca9))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ss.json")
	if err := sharedscan.WriteFile(path, w); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFlexPlanSimulate: FlexSimulate prints exactly what flex.Compare
// prints for the same workload, metric and schemes (the second path);
// FlexPlan's plan is GSR's proven optimum for avg-stretch (Wolf et al.
// §3.1) and its SVG is written; scheme and metric errors name their field.
func TestFlexPlanSimulate(t *testing.T) {
	path := flexWorkload(t)
	out, err := study.FlexSimulate(study.FlexSimulateConfig{Workload: path, Metric: "max-stretch", Scheme: "all", Window: 2})
	if err != nil {
		t.Fatal(err)
	}
	w, _ := sharedscan.ReadFile(path)
	m, _ := flex.ParseMetric("max-stretch")
	cmp, err := flex.Compare(w, path, m, flex.Schemes, 2)
	if err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	if err := out.Write(&got, tabular.CSV); err != nil || cmp.Write(&want, tabular.CSV, false) != nil || got.String() != want.String() {
		t.Errorf("FlexSimulate:\n%s\nflex.Compare:\n%s", got.String(), want.String())
	}
	svg := filepath.Join(t.TempDir(), "p.svg")
	plan, err := study.FlexPlan(study.FlexPlanConfig{Workload: path, Metric: "avg-stretch", Scheme: "circumflex", At: -1, SVG: svg})
	if err != nil || plan.Failed != nil {
		t.Fatalf("plan: %v %v", err, plan)
	}
	got.Reset()
	if err := plan.Write(&got, tabular.Text); err != nil || !strings.Contains(got.String(), "method gsr, optimal") {
		t.Errorf("plan: %q %v", got.String(), err)
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("svg: %v", err)
	}
	for _, tc := range []struct {
		err   error
		field string
	}{
		{planErr(study.FlexPlanConfig{Workload: path, Metric: "avg-stretch", Scheme: "batch"}), "scheme"}, // BATCH has no plan
		{planErr(study.FlexPlanConfig{Workload: path, Metric: "avg-speed", Scheme: "flex"}), "metric"},
		{simErr(study.FlexSimulateConfig{Workload: path, Metric: "max-stretch", Scheme: "fifo"}), "scheme"},
	} {
		var ce *report.ConfigError
		if !errors.As(tc.err, &ce) || ce.Field != tc.field {
			t.Errorf("%v: want a ConfigError of %s", tc.err, tc.field)
		}
	}
}

func planErr(cfg study.FlexPlanConfig) error    { _, err := study.FlexPlan(cfg); return err }
func simErr(cfg study.FlexSimulateConfig) error { _, err := study.FlexSimulate(cfg); return err }
