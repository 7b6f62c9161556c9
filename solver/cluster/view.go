package cluster

import "fmt"

// PolicySettings are the settings of a policy chosen by name (PolicyFor),
// as the command line gives them; the zero values of Clock ("") keep the
// policy's default clock.

type PolicySettings struct {
	// LsPS: α of eq. 8 in [0, 1] and the tier-2 CV threshold.
	Alpha       float64 `flag:"alpha" usage:"LsPS α of eq. 8 in [0, 1]"`
	CVThreshold float64 `flag:"cv-threshold" usage:"LsPS tier-2 CV threshold"`
	// H-PFSP: FAIR_LIMIT ≥ 0, exact remaining sizes, the virtual PS clock
	// (for Parallel PFSP too: "work", "time" or "", the policy's default),
	// UPDATE_INTERVAL > 0 seconds, eq. 18 defaults from every finished
	// task.
	FairLimit        int     `flag:"fair-limit" usage:"H-PFSP FAIR_LIMIT (0: no fair phase)"`
	Exact            bool    `flag:"exact" usage:"H-PFSP with exact remaining sizes instead of estimates"`
	Clock            string  `flag:"clock" usage:"H-PFSP virtual PS clock: work (eq. 8 as printed; hpfsp default) or time (real-time PS; ppfsp default)"`
	UpdateInterval   float64 `flag:"update-interval" usage:"H-PFSP UPDATE_INTERVAL in seconds"`
	DefaultFromTasks bool    `flag:"default-from-tasks" usage:"H-PFSP eq. 18 defaults from every finished task, not only finished jobs'"`
}

// DefaultPolicySettings are the defaults of 'mrsched cluster simulate':
// LsPS α = 1 and CV threshold 1 (DefaultLsPS), H-PFSP FAIR_LIMIT 2 and
// UPDATE_INTERVAL 5 s with estimated sizes, each policy's own clock.
func DefaultPolicySettings() PolicySettings {
	return PolicySettings{Alpha: 1, CVThreshold: 1, FairLimit: 2, UpdateInterval: 5}
}

// PolicyFor returns a fresh policy by name (see NewPolicy) configured by
// s: lsps uses Alpha and CVThreshold; hpfsp uses FairLimit, Exact,
// UpdateInterval, DefaultFromTasks and Clock; ppfsp uses Clock. A setting
// out of range is an ErrConfig naming it ("alpha 2: want a value in [0,
// 1]").
func PolicyFor(name string, s PolicySettings) (Policy, error) {
	switch name {
	case "lsps":
		if !(s.Alpha >= 0 && s.Alpha <= 1) {
			return nil, fmt.Errorf("%w: alpha %v: want a value in [0, 1]", ErrConfig, s.Alpha)
		}
		if !finite(s.CVThreshold) || !(s.CVThreshold >= 0) {
			return nil, fmt.Errorf("%w: cv-threshold %v: want a finite value ≥ 0", ErrConfig, s.CVThreshold)
		}
		return NewLsPS(LsPSConfig{Alpha: s.Alpha, CVThreshold: s.CVThreshold}), nil
	case "hpfsp", "ppfsp":
		cfg := ParallelPFSPConfig()
		if name == "hpfsp" {
			cfg = DefaultHPFSP()
			if s.FairLimit < 0 {
				return nil, fmt.Errorf("%w: fair-limit %d: want ≥ 0", ErrConfig, s.FairLimit)
			}
			if !(s.UpdateInterval > 0) {
				return nil, fmt.Errorf("%w: update-interval %v: want > 0", ErrConfig, s.UpdateInterval)
			}
			cfg.FairLimit, cfg.Exact, cfg.UpdateInterval, cfg.DefaultFromTasks = s.FairLimit, s.Exact, s.UpdateInterval, s.DefaultFromTasks
		}
		switch s.Clock {
		case "":
		case "work":
			cfg.Clock = ClockWork
		case "time":
			cfg.Clock = ClockTime
		default:
			return nil, fmt.Errorf("%w: clock %q: want work or time", ErrConfig, s.Clock)
		}
		return NewHPFSP(name, cfg), nil
	}
	return NewPolicy(name)
}
