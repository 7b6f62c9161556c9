package study

import (
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/tabular"
)

// The nightly study accepts release dates (issue 13): it used to refuse
// them; the batch-only bound lbprefix is dropped for such instances.
func TestNightlyReleaseDates(t *testing.T) {
	in := instances.New([]instances.Job{
		{ID: "a", Release: 0, Map: 3, Shuffle: 1},
		{ID: "b", Release: 1, Map: 1, Shuffle: 2},
		{ID: "c", Release: 1, Map: 2, Shuffle: 2},
		{ID: "d", Release: 4, Map: 1, Shuffle: 1},
	})
	if got := forInstance("fifo,lbprefix,lbcount", in); got != "fifo,lbcount" {
		t.Fatalf("methods %q", got)
	}
	sw, err := NightlySweep(report.InstanceSource("releases", "test", in), "fifo,maxsrpt,lbcount,lbprefix", 10*time.Second, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	set := checkShardInvariance(t, sw)
	out := renderAll(t, set)
	for _, want := range []string{"Nightly batch releases: 4 jobs", "Recommended plan", "best lower bound"} {
		if !strings.Contains(out[tabular.Text], want) {
			t.Errorf("text output lacks %q:\n%s", want, out[tabular.Text])
		}
	}
	if strings.Contains(out[tabular.Text], "lbprefix") {
		t.Errorf("lbprefix reported for an instance with release dates:\n%s", out[tabular.Text])
	}
}
