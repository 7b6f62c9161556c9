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
	if err := fs.Parse(args); err != nil {
		return err
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
			s, err := fluid.SimulateStream(src, 1, 1, p, fluid.Options{}, func(r fluid.JobResult) {
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
		in, err := instances.PaperLogNormal(*ms, load, false).Generate(rand.New(rand.NewPCG(*seed, 0x5eed^*seed)))
		if err != nil {
			return err
		}
		for _, p := range pl {
			r, err := fluid.Simulate(in, p, fluid.Options{Record: true})
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
