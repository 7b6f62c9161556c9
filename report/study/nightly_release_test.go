package study

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// The nightly study accepts release dates: it used to refuse
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

// refuseSize fails as a method does on a batch above its size limit.
type refuseSize struct{}

func (refuseSize) Name() string      { return "test-refuse-size" }
func (refuseSize) Kind() report.Kind { return report.Exact }
func (refuseSize) Run(context.Context, *instances.Instance, report.Env) (report.Outcome, error) {
	return report.Outcome{}, errors.New("n = 4 is above this method's limit 3")
}

func init() {
	report.Register("test-refuse-size", "test only", func(string) (report.Method, error) { return refuseSize{}, nil })
}

// A method that refuses the batch is that method's failure (report.ErrFailedRuns
// with its reason), never a guarantee violation: the other methods are
// checked as usual and no violation is counted.
func TestNightlyMethodFailureIsNotAViolation(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Map: 3, Shuffle: 1}, {ID: "b", Map: 1, Shuffle: 2},
		{ID: "c", Map: 2, Shuffle: 2}, {ID: "d", Map: 1, Shuffle: 1}})
	sw, err := NightlySweep(report.InstanceSource("refused", "test", in), "fifo,maxsrpt,test-refuse-size,lbprefix", 10*time.Second, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := Violations(set); n != 0 {
		t.Errorf("%d violations, want 0 (a refused size is not a violation)", n)
	}
	err = Problems(set)
	if errors.Is(err, report.ErrViolation) || !errors.Is(err, report.ErrFailedRuns) || !strings.Contains(err.Error(), "above this method's limit") {
		t.Errorf("Problems = %v, want ErrFailedRuns naming the method's reason", err)
	}
	if out := renderAll(t, set)[tabular.Text]; !strings.Contains(out, "METHOD(S) FAILED") || strings.Contains(out, "VIOLATION") {
		t.Errorf("text output does not list the failed method as such:\n%s", out)
	}
}
