package report_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/sweep"
)

// checkMethod claims total 0 (below every lower bound: a violation) or
// fails, as its field says.
type checkMethod struct{ fail bool }

func (m checkMethod) Name() string {
	if m.fail {
		return "check-test-fail"
	}
	return "check-test-below"
}
func (checkMethod) Kind() report.Kind { return report.Heuristic }
func (m checkMethod) Run(_ context.Context, _ *instances.Instance, _ report.Env) (report.Outcome, error) {
	if m.fail {
		return report.Outcome{}, errors.New("check-test: failed on purpose")
	}
	return report.Outcome{Method: m.Name(), Kind: report.Heuristic, Status: "heuristic", Total: 0, Lower: math.NaN()}, nil
}

var registerCheck sync.Once

// TestCheck: a report with a total below the counting bound is a
// violation, a failed run is a failure, MaxSRPT on Cor. 4 (within its
// guarantee, ExampleSources) is neither.
func TestCheck(t *testing.T) {
	registerCheck.Do(func() {
		report.Register("check-test-below", "test only: claims total 0", func(string) (report.Method, error) { return checkMethod{}, nil })
		report.Register("check-test-fail", "test only: fails", func(string) (report.Method, error) { return checkMethod{fail: true}, nil })
	})
	for _, tc := range []struct {
		methods string
		want    error // nil: Check returns nil
		prefix  string
	}{
		{"maxsrpt,lbcount", nil, ""},
		{"check-test-below,lbcount", report.ErrViolation, "1 violation(s) of a guarantee"},
		{"check-test-fail,lbcount", report.ErrFailedRuns, "1 method run(s) failed"},
	} {
		srcs, err := report.Sources(nil, []string{"cor4,n=2,alpha=3,eps=0.1"})
		if err != nil {
			t.Fatal(err)
		}
		sw, err := report.NewSweep(srcs, tc.methods, report.Options{Validate: true})
		if err != nil {
			t.Fatal(err)
		}
		set, err := sweep.Run(context.Background(), sw, sweep.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		err = report.Check(set)
		switch {
		case tc.want == nil && err != nil:
			t.Errorf("%s: %v, want nil", tc.methods, err)
		case tc.want != nil && (!errors.Is(err, tc.want) || !strings.HasPrefix(err.Error(), tc.prefix)):
			t.Errorf("%s: %v, want %v starting %q", tc.methods, err, tc.want, tc.prefix)
		}
	}
	if err := report.Check(nil); err != nil {
		t.Errorf("nil set: %v", err)
	}
}
