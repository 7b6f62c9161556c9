package instances

import (
	"fmt"
	"github.com/mrsched/mrsched/tolerance"
	"math"
	"strconv"

	"github.com/mrsched/mrsched/instances/swim"
)

// SWIMOptions controls the conversion of a SWIM trace into a tandem instance.
//
// Arrival = submit time, map size = map input bytes, shuffle size = shuffle
// bytes. Empty jobs (swim.Record.Empty: neither map nor shuffle bytes)
// cannot be tandem jobs (x + y > 0) and are always dropped and counted in
// the metadata as "dropped_empty", the rule of every SWIM importer.
type SWIMOptions struct {
	Source      string  // file name recorded in metadata
	DropMapOnly bool    // drop jobs with shuffle bytes = 0
	Normalize   bool    // divide sizes so that the mean map and mean shuffle sizes are 1
	Load        float64 // > 0: rescale time so that the offered load is this ρ
	MaxJobs     int     // > 0: keep only the first MaxJobs jobs (after dropping)
}

// FromSWIM converts trace records. With Load > 0 release times become
// (submit − first submit)·s with s chosen so that
// ρ = max(Σx/μ_m, Σy/μ_c) / (span of releases) equals Load (the same
// definition of load as LogNormalSpec, with the trace's empirical rate).
// The conversion is recorded in the instance's metadata.
func FromSWIM(recs []swim.Record, opt SWIMOptions) (*Instance, error) {
	if opt.Load < 0 || math.IsNaN(opt.Load) || math.IsInf(opt.Load, 0) {
		return nil, fmt.Errorf("%w: load must be a positive number, got %v", ErrSpec, opt.Load)
	}
	if opt.MaxJobs < 0 {
		return nil, fmt.Errorf("%w: max jobs must be ≥ 0 (0: all), got %d", ErrSpec, opt.MaxJobs)
	}
	var jobs []Job
	droppedEmpty, droppedMapOnly := 0, 0
	for _, r := range recs {
		if r.Empty() {
			droppedEmpty++
			continue
		}
		if opt.DropMapOnly && r.ShuffleBytes == 0 {
			droppedMapOnly++
			continue
		}
		jobs = append(jobs, Job{ID: r.ID, Release: r.Submit, Map: r.MapBytes, Shuffle: r.ShuffleBytes})
		if opt.MaxJobs > 0 && len(jobs) == opt.MaxJobs {
			break
		}
	}
	if len(jobs) == 0 {
		return nil, fmt.Errorf("%w: no jobs left after dropping %d empty and %d map-only jobs", ErrInvalid, droppedEmpty, droppedMapOnly)
	}
	md := map[string]any{
		"generator":          "swim import",
		"source":             opt.Source,
		"jobs_read":          len(recs),
		"dropped_empty":      droppedEmpty,
		"dropped_map_only":   droppedMapOnly,
		"sizes":              "map = map input bytes, shuffle = shuffle bytes",
		"release":            "submit time in seconds",
		"licence_provenance": "SWIM project (UC Berkeley), Facebook traces, New BSD licence",
	}
	sumX, sumY := 0.0, 0.0
	for _, j := range jobs {
		sumX += j.Map
		sumY += j.Shuffle
	}
	n := float64(len(jobs))
	if opt.Normalize {
		mx, my := sumX/n, sumY/n
		if mx == 0 || my == 0 {
			return nil, fmt.Errorf("%w: cannot normalise: mean map %v, mean shuffle %v", ErrInvalid, mx, my)
		}
		for i := range jobs {
			jobs[i].Map /= mx
			jobs[i].Shuffle /= my
		}
		sumX, sumY = n, n
		md["normalized"] = "sizes divided by the means (map bytes " + strconv.FormatFloat(mx, 'g', -1, 64) + ", shuffle bytes " + strconv.FormatFloat(my, 'g', -1, 64) + ") so both means are 1"
		md["map_bytes_per_unit"] = mx
		md["shuffle_bytes_per_unit"] = my
	}
	first, last := jobs[0].Release, jobs[len(jobs)-1].Release
	if opt.Load > 0 {
		span := last - first
		if span <= 0 {
			return nil, fmt.Errorf("%w: cannot set a load: all kept jobs are submitted at the same time", ErrInvalid)
		}
		rho0 := math.Max(sumX, sumY) / span // unit capacities
		scale := rho0 / opt.Load
		if !(scale > 0) || math.IsInf(scale, 0) {
			return nil, fmt.Errorf("%w: load %v gives the time scale %v (trace load %v): want a finite positive scale", ErrSpec, opt.Load, scale, rho0)
		}
		for i := range jobs {
			jobs[i].Release = (jobs[i].Release - first) * scale
		}
		md["load"] = opt.Load
		md["trace_load"] = rho0
		md["time_scale"] = scale
		md["release"] = "(submit − first submit) · time_scale, so that max(Σx, Σy)/span = load"
	}
	in := New(jobs)
	in.Metadata = md
	if k := in.dropTiny(); k > 0 {
		md["tiny_sizes_dropped"] = k
		md["tiny_sizes"] = "sizes below the float64 resolution at this time scale (horizon / 2^" + strconv.Itoa(53-tolerance.DurationBits) + ") set to 0 (a job with both that small keeps the larger, at twice the resolution)"
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	return in, nil
}
