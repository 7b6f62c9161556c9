package study

import (
	"time"

	"github.com/mrsched/mrsched/sweep"
)

// Fig7FileSweep is the sweep of the Fig. 7 study on the SWIM traces in
// paths ('mrsched study fig7'; NewFig7Config, then Fig7Sweep).
func Fig7FileSweep(paths []string, loads []float64, maxJobs int) (sweep.Sweep, error) {
	cfg, err := NewFig7Config(paths, loads, maxJobs)
	if err != nil {
		return sweep.Sweep{}, err
	}
	return Fig7Sweep(cfg)
}

// NightlyFileSweep is the sweep of the nightly study on the batch in path,
// or on the embedded nightly batch when path is "" ('mrsched study
// nightly'; NightlySource, then NightlySweep with the time limit counted
// from start).
func NightlyFileSweep(path, methods string, timeLimit time.Duration, start time.Time) (sweep.Sweep, error) {
	src, err := NightlySource(path)
	if err != nil {
		return sweep.Sweep{}, err
	}
	return NightlySweep(src, methods, timeLimit, start)
}
