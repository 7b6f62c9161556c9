package cliout

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/provenance"
)

// TestSetProcessRun: the recorded start is SOURCE_DATE_EPOCH when it is
// set (86400 s after the epoch is 1970-01-02T00:00:00Z) and processStart
// in whole seconds when it is not; a bad SOURCE_DATE_EPOCH is the error
// and records no run. The command line and build are recorded as given.
func TestSetProcessRun(t *testing.T) {
	start := time.Date(2026, 1, 2, 3, 4, 5, 600, time.FixedZone("CET", 3600))
	args := []string{"mrsched", "gen", "nmts"}
	for _, tc := range []struct {
		env, want string
		err       error
	}{
		{"", "2026-01-02T02:04:05Z", nil}, // start in UTC, truncated to the second
		{"86400", "1970-01-02T00:00:00Z", nil},
		{"soon", "", provenance.ErrSourceDateEpoch},
	} {
		t.Setenv("SOURCE_DATE_EPOCH", tc.env)
		app := &cli.App{}
		err := SetProcessRun(app, args, start, nil)
		run, ok := app.Metadata[runKey].(Run)
		switch {
		case !errors.Is(err, tc.err):
			t.Errorf("SOURCE_DATE_EPOCH=%q: error %v, want %v", tc.env, err, tc.err)
		case tc.err != nil && ok:
			t.Errorf("SOURCE_DATE_EPOCH=%q: a run was recorded with the error", tc.env)
		case tc.err == nil && (!ok || provenance.FormatTime(run.Start) != tc.want || !slices.Equal(run.CommandLine, args) ||
			run.Build != provenance.ReadBuild()):
			t.Errorf("SOURCE_DATE_EPOCH=%q: run %+v (recorded %v), want start %s, command line %v", tc.env, run, ok, tc.want, args)
		}
	}
}
