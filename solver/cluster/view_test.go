package cluster

import (
	"errors"
	"math"
	"testing"
)

// TestPolicyFor: settings reach the policy's configuration; out-of-range
// settings are ErrConfig errors naming the setting.
func TestPolicyFor(t *testing.T) {
	ok := PolicySettings{Alpha: 0.5, CVThreshold: 1, FairLimit: 3, UpdateInterval: 5}
	for _, tc := range []struct {
		name string
		s    PolicySettings
		err  string // "" for success, else the expected message
	}{
		{"fifo", ok, ""},
		{"lsps", ok, ""},
		{"hpfsp", ok, ""},
		{"ppfsp", PolicySettings{Clock: "work"}, ""},
		{"lsps", PolicySettings{Alpha: 1.5}, "cluster: invalid configuration: alpha 1.5: want a value in [0, 1]"},
		// The flag's name, as the user wrote it, not LsPSConfig.CVThreshold.
		{"lsps", PolicySettings{Alpha: 1, CVThreshold: -1}, "cluster: invalid configuration: cv-threshold -1: want a finite value ≥ 0"},
		{"lsps", PolicySettings{Alpha: 1, CVThreshold: math.Inf(1)}, "cluster: invalid configuration: cv-threshold +Inf: want a finite value ≥ 0"},
		{"hpfsp", PolicySettings{FairLimit: -1, UpdateInterval: 5}, "cluster: invalid configuration: fair-limit -1: want ≥ 0"},
		{"hpfsp", PolicySettings{UpdateInterval: 0}, "cluster: invalid configuration: update-interval 0: want > 0"},
		{"ppfsp", PolicySettings{Clock: "wall"}, "cluster: invalid configuration: clock \"wall\": want work or time"},
	} {
		p, err := PolicyFor(tc.name, tc.s)
		switch {
		case tc.err == "" && (err != nil || p == nil || p.Name() != tc.name):
			t.Errorf("%s %+v: %v %v", tc.name, tc.s, p, err)
		case tc.err != "" && (err == nil || err.Error() != tc.err || !errors.Is(err, ErrConfig)):
			t.Errorf("%s %+v: error %v, want %q", tc.name, tc.s, err, tc.err)
		}
	}
	p, _ := PolicyFor("hpfsp", PolicySettings{FairLimit: 3, UpdateInterval: 7, Exact: true, Clock: "time"})
	if cfg := p.(*HPFSP).Config; cfg.FairLimit != 3 || cfg.UpdateInterval != 7 || !cfg.Exact || cfg.Clock != ClockTime {
		t.Errorf("hpfsp configuration %+v", cfg)
	}
}
