package sharedscan

import (
	"fmt"
	"math"

	"github.com/mrsched/mrsched/instances/swim"
)

// SWIMSpec are the parameters of the SWIM importer.
type SWIMSpec struct {
	Slots        int     // S
	BlockBytes   float64 // bytes per map task (SWIM's replay uses 64 MiB)
	BlockMinutes float64 // slot-minutes to scan one block
	MinSlots     int     // m_j (capped at M_j)
	From, To     float64 // keep jobs submitted in [From, To) seconds; To = 0 means no upper limit
	Limit        int     // keep at most this many jobs (0: all)
}

// DefaultSWIMSpec: S = 100, 64 MiB blocks scanned in 0.5 slot-minutes,
// m_j = 1, all jobs.
func DefaultSWIMSpec() SWIMSpec {
	return SWIMSpec{Slots: 100, BlockBytes: 64 << 20, BlockMinutes: 0.5, MinSlots: 1}
}

// FromSWIM turns a SWIM trace with input paths into a shared-scan
// workload:
//   - jobs with no map input (map bytes 0) are dropped: they have no scan;
//   - every input path is a dataset; jobs on the same path scan the same
//     dataset (the trace's own definition). A job without a path gets a
//     private dataset "job:<id>";
//   - a dataset's size is the largest map input of the jobs reading it,
//     in blocks ⌈bytes/BlockBytes⌉, times BlockMinutes (slot-minutes): the
//     model has every job scan the whole dataset (§2.2);
//   - M_j = min(S, ⌈map bytes/BlockBytes⌉), the job's number of map tasks
//     (a job cannot use more slots than it has tasks); m_j = min(MinSlots, M_j);
//   - arrival = (submit − first kept submit)/60 minutes; weight 1; f = 1.
//
// The metadata records the counts of dropped jobs and of jobs whose own
// map input is less than 90% of their dataset's size.
func FromSWIM(recs []swim.Record, spec SWIMSpec) (*Workload, error) {
	for _, c := range []struct {
		bad  bool
		name string
		v    any
	}{
		{spec.Slots < 1, "slots must be ≥ 1", spec.Slots},
		{!(spec.BlockBytes > 0) || math.IsInf(spec.BlockBytes, 0), "block bytes must be finite and > 0", spec.BlockBytes},
		{!(spec.BlockMinutes > 0) || math.IsInf(spec.BlockMinutes, 0), "block minutes must be finite and > 0", spec.BlockMinutes},
		{spec.MinSlots < 0, "min slots must be ≥ 0", spec.MinSlots},
		{spec.Limit < 0, "limit must be ≥ 0", spec.Limit},
		{!(spec.From >= 0) || math.IsInf(spec.From, 0), "from must be finite and ≥ 0", spec.From},
		{!(spec.To >= 0) || math.IsInf(spec.To, 0), "to must be finite and ≥ 0 (0: no limit)", spec.To},
	} {
		if c.bad {
			return nil, fmt.Errorf("%w: %s, got %v", ErrSpec, c.name, c.v)
		}
	}
	type ds struct{ blocks float64 }
	var kept []swim.Record
	dropped := 0
	for _, r := range recs {
		if r.Submit < spec.From || (spec.To > 0 && r.Submit >= spec.To) {
			continue
		}
		if r.MapBytes <= 0 {
			dropped++
			continue
		}
		kept = append(kept, r)
		if spec.Limit > 0 && len(kept) == spec.Limit {
			break
		}
	}
	if len(kept) == 0 {
		return nil, fmt.Errorf("%w: no job with map input in the selected range", ErrSpec)
	}
	blocks := func(b float64) float64 { return math.Max(1, math.Ceil(b/spec.BlockBytes)) }
	order := []string{}
	sets := map[string]*ds{}
	key := func(r swim.Record) string {
		if r.InputPath == "" {
			return "job:" + r.ID
		}
		return r.InputPath
	}
	for _, r := range kept {
		k := key(r)
		d, ok := sets[k]
		if !ok {
			d = &ds{}
			sets[k] = d
			order = append(order, k)
		}
		d.blocks = math.Max(d.blocks, blocks(r.MapBytes))
	}
	w := &Workload{Slots: spec.Slots}
	for _, k := range order {
		w.Datasets = append(w.Datasets, Dataset{ID: k, Size: sets[k].blocks * spec.BlockMinutes})
	}
	t0 := kept[0].Submit
	partial := 0
	for _, r := range kept {
		b := blocks(r.MapBytes)
		if b < 0.9*sets[key(r)].blocks {
			partial++
		}
		mx := int(math.Min(float64(spec.Slots), b))
		w.Jobs = append(w.Jobs, Job{ID: r.ID, Arrival: (r.Submit - t0) / 60, Datasets: []string{key(r)}, Weight: 1,
			MinSlots: min(spec.MinSlots, mx), MaxSlots: mx, ScanFraction: 1})
	}
	w.Metadata = map[string]any{
		"source": "SWIM trace with input paths", "time_unit": "minute", "block_bytes": spec.BlockBytes,
		"block_minutes": spec.BlockMinutes, "dropped_no_map_input": dropped, "jobs_reading_under_90pct_of_dataset": partial,
		"first_submit_seconds": t0,
	}
	return w, w.Validate()
}
