package workload

import (
	"fmt"
	"math"

	"github.com/mrsched/mrsched/instances/swim"
)

// SWIMOptions turns SWIM byte counts into tasks (see FromSWIM).

type SWIMOptions struct {
	Nodes       int `flag:"nodes" usage:"cluster nodes"`
	MapSlots    int `flag:"map-slots" usage:"map slots per node"`
	ReduceSlots int `flag:"reduce-slots" usage:"reduce slots per node"`
	// SplitBytes is the input split of one map task (64 MiB: SWIM's
	// GenerateData.sh sets INPUT_PARTITION_SIZE = 67108864).
	SplitBytes float64
	// ReduceBytes is the shuffle data per reduce task (64 MiB: SWIM's
	// replay sets DATA_PER_TASK = INPUT_PARTITION_SIZE).
	ReduceBytes float64
	// Task-time model: a map task of b bytes takes MapStartup + b/MapRate
	// seconds; a reduce task handling s shuffle bytes and o output bytes
	// takes ReduceStartup + s/ShuffleRate + o/OutputRate seconds.
	MapStartup, MapRate                    float64
	ReduceStartup, ShuffleRate, OutputRate float64
	// Users > 1 assigns job k to user "u<k mod Users>" (the traces carry no
	// user); 1 puts every job in user "fb".
	Users int `flag:"users" usage:"assign job k to user k mod USERS (the traces have no users)"`
	// MaxJobs > 0 keeps only the first MaxJobs jobs.
	MaxJobs int `flag:"max-jobs" usage:"keep only the first M jobs (0: all)" arg:"M"`
}

// DefaultSWIMOptions returns the model of docs/cluster.md: 64 MiB splits and
// 64 MiB of shuffle per reducer (SWIM's replay defaults); 1 s task start-up;
// 16 MB/s map throughput; 8 MB/s shuffle and 16 MB/s output per reducer;
// a 100-node cluster of 2 map + 2 reduce slots (the traces come from a
// 600-machine cluster; 100 nodes keep the FB-2009 day at a moderate load);
// one user.
func DefaultSWIMOptions() SWIMOptions {
	return SWIMOptions{Nodes: 100, MapSlots: 2, ReduceSlots: 2,
		SplitBytes: 64 << 20, ReduceBytes: 64 << 20,
		MapStartup: 1, MapRate: 16e6, ReduceStartup: 1, ShuffleRate: 8e6, OutputRate: 16e6, Users: 1}
}

// FromSWIM converts SWIM records into a workload. Empty jobs
// (swim.Record.Empty: neither map input nor shuffle bytes) are dropped and
// counted in the metadata as "dropped_empty", the rule of every SWIM
// importer (before, this importer made them one-task jobs while the tandem
// importer dropped them). Map tasks: one per SplitBytes of map input, the
// last one partial; a job with no map input but shuffle bytes gets one map
// task of MapStartup seconds (it still runs a task in Hadoop); MaxJobs
// counts kept jobs. Reduce-task rule: none when the shuffle is 0 (SWIM's map-only
// jobs); otherwise max(1, ⌈shuffle/ReduceBytes⌉) reduce tasks sharing the
// shuffle and output bytes equally. name labels the metadata.
func FromSWIM(recs []swim.Record, name string, o SWIMOptions) (*Workload, error) {
	if o.SplitBytes <= 0 || o.ReduceBytes <= 0 || o.MapRate <= 0 || o.ShuffleRate <= 0 || o.OutputRate <= 0 ||
		o.MapStartup < 0 || o.ReduceStartup < 0 {
		return nil, fmt.Errorf("%w: SWIM options need positive split, reduce bytes and rates, non-negative start-ups", ErrInvalid)
	}
	if o.Users < 0 || o.MaxJobs < 0 {
		return nil, fmt.Errorf("%w: SWIM options need users ≥ 0 and max jobs ≥ 0 (0: all), got %d and %d", ErrInvalid, o.Users, o.MaxJobs)
	}
	if o.Users < 1 {
		o.Users = 1
	}
	var kept []swim.Record
	dropped := 0
	for _, r := range recs {
		if r.Empty() {
			dropped++
			continue
		}
		kept = append(kept, r)
		if o.MaxJobs > 0 && len(kept) == o.MaxJobs {
			break
		}
	}
	if len(kept) == 0 {
		return nil, fmt.Errorf("%w: %s: no jobs left after dropping %d empty jobs (no map input and no shuffle bytes)", ErrInvalid, name, dropped)
	}
	recs = kept
	w := &Workload{Nodes: o.Nodes, MapSlots: o.MapSlots, ReduceSlots: o.ReduceSlots, Metadata: map[string]any{
		"generator": "swim", "trace": name, "dropped_empty": dropped,
		"split_bytes": o.SplitBytes, "reduce_bytes": o.ReduceBytes,
		"map_startup_s": o.MapStartup, "map_rate_Bps": o.MapRate,
		"reduce_startup_s": o.ReduceStartup, "shuffle_rate_Bps": o.ShuffleRate, "output_rate_Bps": o.OutputRate,
		"source": "SWIM Facebook trace (github.com/SWIMProjectUCB/SWIM, New BSD); tasks per docs/cluster.md",
	}}
	w.Jobs = make([]Job, len(recs))
	for i, r := range recs {
		nm := int(math.Ceil(r.MapBytes / o.SplitBytes))
		if nm < 1 {
			nm = 1
		}
		if nm > MaxTasks/2 {
			return nil, fmt.Errorf("%w: %s: job %s has %d map tasks", ErrInvalid, name, r.ID, nm)
		}
		m := make([]float64, nm)
		for k := range m {
			b := o.SplitBytes
			if k == nm-1 {
				b = r.MapBytes - o.SplitBytes*float64(nm-1)
			}
			m[k] = o.MapStartup + b/o.MapRate
			if m[k] <= 0 {
				m[k] = 1e-3 // zero-byte job with zero start-up: keep durations > 0
			}
		}
		var red []float64
		if r.ShuffleBytes > 0 {
			nr := max(1, int(math.Ceil(r.ShuffleBytes/o.ReduceBytes)))
			if nr > MaxTasks/2 {
				return nil, fmt.Errorf("%w: %s: job %s has %d reduce tasks", ErrInvalid, name, r.ID, nr)
			}
			red = make([]float64, nr)
			d := o.ReduceStartup + r.ShuffleBytes/float64(nr)/o.ShuffleRate + r.ReduceBytes/float64(nr)/o.OutputRate
			for k := range red {
				red[k] = d
			}
		}
		user := "fb"
		if o.Users > 1 {
			user = fmt.Sprintf("u%d", i%o.Users)
		}
		w.Jobs[i] = Job{ID: r.ID, User: user, Submit: r.Submit, Map: m, Reduce: red}
	}
	if err := w.Validate(); err != nil {
		return nil, err
	}
	return w, nil
}
