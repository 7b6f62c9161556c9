package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"hash"
	"math"
	"math/rand/v2"
	"os"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tabular"
)

type digestRow struct {
	Load   float64 `json:"load"`
	N      int     `json:"n"`
	Mode   string  `json:"mode"`
	Policy string  `json:"policy"`
	Events int64   `json:"events"`
	Mean   float64 `json:"mean_response_time"`
	SHA256 string  `json:"sha256"`
}

func putF(h hash.Hash, v float64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
	h.Write(b[:])
}

func putI(h hash.Hash, v int64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(v))
	h.Write(b[:])
}

// digest hashes, for each (load, policy): (a) "stream": every JobResult of
// SimulateStream on n arrivals (index, completion, response, slowdown as
// float bits, in departure order) and the whole Summary (including the
// event count and the peak number of jobs in the system); (b) "schedule":
// the schedule JSON file (schedule.WriteJSON) and the per-job results of
// Simulate with Options.Record on the first m arrivals as an instance.
// Comparing the digests of two builds checks byte-identical outputs.
func digest(args []string) error {
	fs := flag.NewFlagSet("digest", flag.ContinueOnError)
	ns := fs.Int("n", 100000, "arrivals per streamed run")
	ms := fs.Int("m", 3000, "jobs of the recorded (schedule) run; 0 skips it")
	loads := fs.String("loads", "0.5,0.75,0.9", "loads ρ")
	pols := fs.String("policies", "fifo,ps,klps,klps-maponly,maxsrpt,splitsrpt,splitsrpt-strict", "policies")
	k := fs.Int("k", fluid.DefaultK, "k of k-LPS")
	seed := fs.Uint64("seed", 1, "seed")
	out := fs.String("out", "", "output prefix (writes PREFIX.csv, .md, .json)")
	mapCap := fs.Float64("map-cap", 1, "map capacity μ_m")
	shuffleCap := fs.Float64("shuffle-cap", 1, "shuffle capacity μ_c")
	speed := fs.Float64("speed", 1, "speed factor")
	grid := fs.Float64("grid", 0, "round releases down and sizes to multiples of this (ties, simultaneous events); 0: off")
	zeros := fs.Float64("zeros", 0, "with --grid: fraction of jobs whose map (half of them) or shuffle size is set to 0")
	if err := fs.Parse(args); err != nil {
		return err
	}
	opt := fluid.Options{Speed: *speed}
	tweak := func(src instances.Source) instances.Source {
		if *grid <= 0 {
			return src
		}
		return &gridSource{src: src, g: *grid, zeros: *zeros, rng: rand.New(rand.NewPCG(*seed, 77))}
	}
	ll, err := parseFloats(*loads)
	if err != nil {
		return err
	}
	pl, err := parsePolicies(*pols, *k)
	if err != nil {
		return err
	}
	t := &tabular.Table{
		Title:      fmt.Sprintf("output digests (seed %d): SHA-256 of per-job results and summaries (stream) and of schedule files (schedule)", *seed),
		Header:     []string{"load", "n", "mode", "policy", "events", "mean_response", "sha256"},
		RightAlign: []bool{true, true, false, false, true, true, false},
	}
	var rows []digestRow
	add := func(r digestRow) {
		rows = append(rows, r)
		t.Add(tabular.Float(r.Load), fmt.Sprint(r.N), r.Mode, r.Policy, fmt.Sprint(r.Events), tabular.Float(r.Mean), r.SHA256)
		fmt.Fprintf(os.Stderr, "load %v %s %s: %s\n", r.Load, r.Mode, r.Policy, r.SHA256[:16])
	}
	for _, load := range ll {
		for _, p := range pl {
			src, err := source(*ns, load, *seed)
			if err != nil {
				return err
			}
			h := sha256.New()
			s, err := fluid.SimulateStream(tweak(src), *mapCap, *shuffleCap, p, opt, func(r fluid.JobResult) {
				putI(h, int64(r.Index))
				putF(h, r.Completion)
				putF(h, r.Response)
				putF(h, r.Slowdown)
			})
			if err != nil {
				return fmt.Errorf("%s load %v: %w", p.Name(), load, err)
			}
			putI(h, int64(s.N))
			putI(h, int64(s.MaxInSystem))
			putI(h, s.Events)
			for _, v := range []float64{s.TotalResponse, s.MeanResponse, s.MeanSlowdown, s.Makespan} {
				putF(h, v)
			}
			add(digestRow{Load: load, N: *ns, Mode: "stream", Policy: p.Name(), Events: s.Events, Mean: s.MeanResponse,
				SHA256: hex.EncodeToString(h.Sum(nil))})
		}
		if *ms == 0 {
			continue
		}
		src, err := source(*ms, load, *seed)
		if err != nil {
			return err
		}
		src = tweak(src)
		var jobs []instances.Job
		for j, ok := src.Next(); ok; j, ok = src.Next() {
			jobs = append(jobs, j)
		}
		in := instances.New(jobs)
		in.MapCapacity, in.ShuffleCapacity = *mapCap, *shuffleCap
		for _, p := range pl {
			r, err := fluid.Simulate(in, p, fluid.Options{Record: true, Speed: *speed})
			if err != nil {
				return fmt.Errorf("%s load %v (recorded): %w", p.Name(), load, err)
			}
			var b bytes.Buffer
			if err := schedule.WriteJSON(&b, in, r.Schedule); err != nil {
				return err
			}
			h := sha256.New()
			h.Write(b.Bytes())
			for i := range r.Completion {
				putF(h, r.Completion[i])
				putF(h, r.Response[i])
				putF(h, r.Slowdown[i])
			}
			putI(h, r.Summary.Events)
			putI(h, int64(r.Summary.MaxInSystem))
			for _, v := range []float64{r.TotalResponse, r.MeanResponse, r.MeanSlowdown, r.Makespan} {
				putF(h, v)
			}
			add(digestRow{Load: load, N: *ms, Mode: "schedule", Policy: p.Name(), Events: r.Summary.Events, Mean: r.MeanResponse,
				SHA256: hex.EncodeToString(h.Sum(nil))})
		}
	}
	return writeOut(*out, t, rows)
}

// gridSource rounds releases down and sizes to the nearest multiple of g
// (at least g when both would be 0) and zeroes the map or shuffle size of a
// fraction of the jobs: ties and simultaneous events for the digests.
type gridSource struct {
	src   instances.Source
	g     float64
	zeros float64
	rng   *rand.Rand
}

func (s *gridSource) Next() (instances.Job, bool) {
	j, ok := s.src.Next()
	if !ok {
		return j, false
	}
	j.Release = math.Floor(j.Release/s.g) * s.g
	j.Map = math.Round(j.Map/s.g) * s.g
	j.Shuffle = math.Round(j.Shuffle/s.g) * s.g
	if u := s.rng.Float64(); u < s.zeros/2 {
		j.Map = 0
	} else if u < s.zeros {
		j.Shuffle = 0
	}
	if j.Map == 0 && j.Shuffle == 0 {
		j.Map = s.g
	}
	return j, true
}
