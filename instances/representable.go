package instances

import (
	"fmt"
	"math"

	"github.com/mrsched/mrsched/tolerance"
)

// checkRepresentable refuses an instance whose event times cannot be
// computed in float64 without losing a job: a non-zero size or a duration
// (size / capacity) below the smallest normal float64 (subnormal, or 0
// after the division), and a smallest non-zero duration that the time
// scale swallows — the ratio of the horizon (largest release plus every
// map and shuffle duration) to it above tolerance.MaxTimeRatio, where
// r + x == r or nearly (the derivation is in package tolerance). The
// instance is otherwise valid (finite, non-negative, capacities positive).
func (in *Instance) checkRepresentable() error {
	maxR, horizon := 0.0, 0.0
	minD, minJob, minField := math.Inf(1), -1, ""
	for _, c := range []struct {
		name string
		v    float64
	}{{"map_capacity", in.MapCapacity}, {"shuffle_capacity", in.ShuffleCapacity}} {
		if c.v < tolerance.MinNormal {
			return &FieldError{Job: -1, Field: c.name, Err: fmt.Errorf("%w: %s is below the smallest normal float64 (%g): rescale the units", ErrUnrepresentable, FormatFloat(c.v), tolerance.MinNormal)}
		}
	}
	for i, j := range in.Jobs {
		maxR = math.Max(maxR, j.Release)
		for _, c := range []struct {
			name      string
			size, cap float64
		}{{"map", j.Map, in.MapCapacity}, {"shuffle", j.Shuffle, in.ShuffleCapacity}} {
			if c.size == 0 {
				continue
			}
			d := c.size / c.cap
			if c.size < tolerance.MinNormal || d < tolerance.MinNormal {
				return &FieldError{Job: i, Field: c.name, Err: fmt.Errorf("%w: size %s with capacity %s takes %s, below the smallest normal float64 (%g): rescale the units", ErrUnrepresentable, FormatFloat(c.size), FormatFloat(c.cap), FormatFloat(d), tolerance.MinNormal)}
			}
			horizon += d
			if d < minD {
				minD, minJob, minField = d, i, c.name
			}
		}
	}
	horizon += maxR
	if minJob >= 0 && horizon/minD > tolerance.MaxTimeRatio {
		return &FieldError{Job: minJob, Field: minField, Err: fmt.Errorf("%w: the duration %s is lost against the time scale %s (max release + all durations; ratio %.3g above %.3g = 2^%d): event times t + d would round away its digits; rescale or drop the tiny jobs or shift the releases", ErrUnrepresentable, FormatFloat(minD), FormatFloat(horizon), horizon/minD, float64(tolerance.MaxTimeRatio), 53-tolerance.DurationBits)}
	}
	return nil
}

// dropTiny sets to 0 every non-zero size whose duration (size / capacity)
// is below the float64 resolution at the instance's time scale (horizon /
// tolerance.MaxTimeRatio, the horizon as in checkRepresentable), so that a
// trace with a few sizes many orders of magnitude below the rest (SWIM's
// FB-2010 has map inputs of 10⁻¹¹ of the mean) becomes representable. A
// job whose two sizes are both that small keeps the larger one, raised to
// twice the resolution (x + y > 0). Zeroing only shrinks the horizon and
// raising k jobs adds at most 2k resolutions to it, so the result passes
// checkRepresentable's ratio. It returns the number of sizes changed.
func (in *Instance) dropTiny() int {
	horizon := 0.0
	for _, j := range in.Jobs {
		horizon = math.Max(horizon, j.Release)
	}
	for _, j := range in.Jobs {
		horizon += j.Map/in.MapCapacity + j.Shuffle/in.ShuffleCapacity
	}
	res := horizon / tolerance.MaxTimeRatio
	changed := 0
	for i := range in.Jobs {
		j := &in.Jobs[i]
		tinyX := j.Map > 0 && j.Map/in.MapCapacity < res
		tinyY := j.Shuffle > 0 && j.Shuffle/in.ShuffleCapacity < res
		switch {
		case tinyX && tinyY || tinyX && j.Shuffle == 0 || tinyY && j.Map == 0:
			if j.Map/in.MapCapacity >= j.Shuffle/in.ShuffleCapacity {
				j.Map, j.Shuffle = 2*res*in.MapCapacity, 0
			} else {
				j.Map, j.Shuffle = 0, 2*res*in.ShuffleCapacity
			}
			changed++
		case tinyX:
			j.Map = 0
			changed++
		case tinyY:
			j.Shuffle = 0
			changed++
		}
	}
	return changed
}
