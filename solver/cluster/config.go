package cluster

import (
	"errors"
	"fmt"
	"math"
)

// ErrConfig is returned (wrapped, naming the field) for a simulator or
// policy setting outside its allowed range.
var ErrConfig = errors.New("cluster: invalid configuration")

// MaxHeartbeat bounds Options.Heartbeat: one day. Hadoop's TaskTracker
// heartbeat is 3 s (both papers' testbeds use the default); a heartbeat of
// a day or more only delays every assignment to the next multiple of it and
// is a unit mistake, not a model (1e308 s once produced a 300-digit
// makespan).
const MaxHeartbeat = 86400.0

// MaxUpdateInterval bounds HPFSPConfig.UpdateInterval (one day, as
// MaxHeartbeat).
const MaxUpdateInterval = 86400.0

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Validate checks the options: Heartbeat finite in [0, MaxHeartbeat].
func (o Options) Validate() error {
	if !finite(o.Heartbeat) || o.Heartbeat < 0 || o.Heartbeat > MaxHeartbeat {
		return fmt.Errorf("%w: Options.Heartbeat = %v: want seconds in [0, %v] (0: assign at once)", ErrConfig, o.Heartbeat, MaxHeartbeat)
	}
	return nil
}

// Validate checks LsPS's settings: Alpha in [0, 1] (eq. 8) and CVThreshold
// finite and ≥ 0 (§II-C; 0 keeps every user's tier 2 Fair).
func (c LsPSConfig) Validate() error {
	if !(c.Alpha >= 0 && c.Alpha <= 1) {
		return fmt.Errorf("%w: LsPSConfig.Alpha = %v: want a value in [0, 1]", ErrConfig, c.Alpha)
	}
	if !finite(c.CVThreshold) || !(c.CVThreshold >= 0) {
		return fmt.Errorf("%w: LsPSConfig.CVThreshold = %v: want a finite value ≥ 0", ErrConfig, c.CVThreshold)
	}
	return nil
}

// Validate checks H-PFSP's settings: FairLimit ≥ 0; StageSwitch in (0, 1];
// Clock ClockWork or ClockTime; and, unless Exact, Beta and MinProgress in
// [0, 1], UpdateInterval in (0, MaxUpdateInterval], WMin finite ≥ 0 and
// DefaultTask finite > 0.
func (c HPFSPConfig) Validate() error {
	bad := func(field string, v any, want string) error {
		return fmt.Errorf("%w: HPFSPConfig.%s = %v: want %s", ErrConfig, field, v, want)
	}
	switch {
	case c.FairLimit < 0:
		return bad("FairLimit", c.FairLimit, "≥ 0 (0: no fair phase)")
	case !(c.StageSwitch > 0 && c.StageSwitch <= 1):
		return bad("StageSwitch", c.StageSwitch, "a map progress in (0, 1]")
	case c.Clock != ClockWork && c.Clock != ClockTime:
		return bad("Clock", int(c.Clock), "ClockWork or ClockTime")
	case c.Exact:
		return nil
	case !(c.Beta >= 0 && c.Beta <= 1):
		return bad("Beta", c.Beta, "an EWMA weight in [0, 1]")
	case !(c.MinProgress >= 0 && c.MinProgress <= 1):
		return bad("MinProgress", c.MinProgress, "a progress fraction in [0, 1]")
	case !finite(c.UpdateInterval) || !(c.UpdateInterval > 0) || c.UpdateInterval > MaxUpdateInterval:
		return bad("UpdateInterval", c.UpdateInterval, fmt.Sprintf("seconds in (0, %v]", MaxUpdateInterval))
	case !finite(c.WMin) || !(c.WMin >= 0):
		return bad("WMin", c.WMin, "a finite value ≥ 0")
	case !finite(c.DefaultTask) || !(c.DefaultTask > 0):
		return bad("DefaultTask", c.DefaultTask, "finite seconds > 0")
	}
	return nil
}

// Validate implements the configuration check Simulate runs.
func (l *LsPS) Validate() error { return l.Config.Validate() }

// Validate implements the configuration check Simulate runs.
func (h *HPFSP) Validate() error { return h.Config.Validate() }
