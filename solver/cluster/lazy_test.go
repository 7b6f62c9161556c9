package cluster

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mrsched/mrsched/instances/workload"
)

// lazyTraced wraps H-PFSP and, after every Advance (once per instant) and
// before every pick, hashes every active job's current w (a lazy job's
// replayed by currentW, without changing it), so that a run with the lazy
// late jobs can be compared event by event with the eager one. It also
// checks the lists the lazy form keeps against their definitions: runQ
// and lazy together are exactly the running jobs, lazy exactly the late
// ones among them (none with lazyOn false), apart from the stale ones
// (late, every task started); lateMarked[p] is exactly the late jobs marked in phase
// p, in arrival order. At every pick it compares Pick's choice with the
// comparator as it was before (pickBefore).
type lazyTraced struct {
	*HPFSP
	t                            *testing.T
	trace                        []uint64
	maxLazy, multiReplays, picks int
}

func (l *lazyTraced) snapshot(now float64) {
	h := fnv.New64a()
	var b [8]byte
	for _, j := range l.s.Active {
		hj := &l.jobs[j.Index]
		if dead := !hj.e.InQueue() && l.allStarted(hj); dead {
			// A late job with every task started: its w is never read
			// again (Pick reads a late job's w only while it has a
			// runnable task; Depart sets it to 0), and the lazy form
			// stops keeping it.
			if lazyOn && j.Running[Map]+j.Running[Reduce] > 0 && !hj.stale {
				l.t.Fatalf("%s at t=%v: running late job %d with every task started is not stale", l.Name(), now, hj.e.ID)
			}
			continue
		}
		if hj.stale {
			l.t.Fatalf("%s at t=%v: job %d is stale, queued %v, all started %v", l.Name(), now, hj.e.ID, hj.e.InQueue(), l.allStarted(hj))
		}
		if hj.inLazy && len(l.steps)-hj.wSync >= 2 {
			l.multiReplays++
		}
		bits := math.Float64bits(l.currentW(hj))
		for i := range b {
			b[i] = byte(bits >> (8 * i))
		}
		h.Write(b[:])
	}
	l.trace = append(l.trace, h.Sum64())
	var run []*hjob
	for _, hj := range l.running.xs {
		if hj.stale {
			run = append(run, hj)
		}
	}
	for _, hj := range l.runQ {
		if hj.inLazy || lazyOn && !hj.e.InQueue() {
			l.t.Fatalf("%s at t=%v: job %d in runQ is lazy %v, queued %v", l.Name(), now, hj.e.ID, hj.inLazy, hj.e.InQueue())
		}
		run = append(run, hj)
	}
	for _, hj := range l.lazy {
		if !hj.inLazy || hj.e.InQueue() {
			l.t.Fatalf("%s at t=%v: job %d in lazy is lazy %v, queued %v", l.Name(), now, hj.e.ID, hj.inLazy, hj.e.InQueue())
		}
		run = append(run, hj)
	}
	slices.SortFunc(run, func(a, b *hjob) int { return a.e.Key - b.e.Key })
	if !slices.Equal(run, l.running.xs) {
		l.t.Fatalf("%s at t=%v: runQ and lazy hold %d jobs, %d running", l.Name(), now, len(run), len(l.running.xs))
	}
	l.maxLazy = max(l.maxLazy, len(l.lazy))
	for p := Map; p <= Reduce; p++ {
		var want []*hjob
		for _, hj := range l.lateJobs.xs {
			if hj.e.mark[p] {
				want = append(want, hj)
			}
		}
		if !slices.Equal(want, l.lateMarked[p].xs) {
			l.t.Fatalf("%s at t=%v: %d late jobs marked in phase %v listed, %d marked", l.Name(), now, len(l.lateMarked[p].xs), p, len(want))
		}
	}
}

func (l *lazyTraced) Advance(now float64) {
	l.HPFSP.Advance(now)
	l.snapshot(now)
}

func (l *lazyTraced) Pick(p Phase, now float64) *JobState {
	l.snapshot(now)
	want := l.pickBefore(p, now)
	got := l.HPFSP.Pick(p, now)
	if got != want {
		name := func(j *JobState) string {
			if j == nil {
				return "none"
			}
			return j.Job.ID
		}
		l.t.Fatalf("%s at t=%v, phase %v: Pick gives %s, the comparator before the change %s", l.Name(), now, p, name(got), name(want))
	}
	l.picks++
	return got
}

// pickBefore is HPFSP.Pick as it was before the lazy late jobs:
// the late jobs' test over every late job, the work-conserving fallback
// without the tree over every active job (w read through currentW); the
// fair phase and the scan are Pick's own (unchanged). The fair phase's
// pruning of its candidate list is idempotent, so running it before Pick
// does not change what Pick sees.
func (l *lazyTraced) pickBefore(p Phase, now float64) *JobState {
	h := l.HPFSP
	if best := h.pickFair(p, now); best != nil {
		return best
	}
	best, bestW := h.scan(p)
	for _, hj := range h.lateJobs.xs {
		if w := h.currentW(hj); hj.e.mark[p] && w < bestW {
			best, bestW = &h.s.Jobs[hj.e.ID], w
		}
	}
	if best != nil {
		return best
	}
	if j, ok := h.minMarkedJob(p); ok {
		return j
	}
	for _, j := range h.s.Active {
		if w := h.currentW(&h.jobs[j.Index]); j.Pending(p) > 0 && w < bestW {
			best, bestW = j, w
		}
	}
	return best
}

// TestLazyLateWSameBits: H-PFSP (K = 2, 0, the real-time clock) and
// Parallel PFSP with the late running jobs' w kept lazily (replayed over
// the logged steps when read, not kept once every task of the job has
// started) and eagerly (lazyOn false: lowered at every instant, the code
// before the change) give every active job whose w can still be read the
// same w, bit for bit, after every instant and at every pick, and Pick
// makes the same choice as the comparator before the change, on Table II (with
// and without a heartbeat), Fig. 4, a synthetic workload and 30 random
// workloads; the step log restarts every 3 steps here (maxSteps), so that
// the restart is exercised too. The expected values are the eager run's.
func TestLazyLateWSameBits(t *testing.T) {
	defer func(n int) { maxSteps, lazyOn = n, true }(maxSteps)
	k0 := DefaultHPFSP()
	k0.FairLimit = 0
	kt := DefaultHPFSP()
	kt.Clock = ClockTime
	type wcase struct {
		name string
		w    *workload.Workload
		opt  Options
	}
	cs := []wcase{{"table2", workload.TableII(1), Options{}}, {"table2-hb3", workload.TableII(2), Options{Heartbeat: 3}}, {"fig4", workload.Fig4(0, 1), Options{}}, {"synthetic", workload.Synthetic(1500, 2), Options{}}}
	rnd := rand.New(rand.NewPCG(8, 19))
	for k := 0; k < 30; k++ {
		cs = append(cs, wcase{fmt.Sprintf("random%d", k), randomWorkload(rnd, 40, 3, k%3 != 0), Options{}})
	}
	lazySeen, multiSeen := 0, 0
	for _, ms := range []int{4096, 3} {
		maxSteps = ms
		for _, c := range cs {
			for _, cfg := range []struct {
				name string
				c    HPFSPConfig
			}{{"hpfsp", DefaultHPFSP()}, {"hpfsp-0", k0}, {"hpfsp-time", kt}, {"ppfsp", ParallelPFSPConfig()}} {
				var runs [2]*lazyTraced
				for k, on := range []bool{true, false} {
					lazyOn = on
					runs[k] = &lazyTraced{HPFSP: NewHPFSP(cfg.name, cfg.c), t: t}
					if _, err := Simulate(c.w, runs[k], c.opt); err != nil {
						t.Fatal(err)
					}
				}
				if runs[1].maxLazy != 0 {
					t.Fatalf("%s/%s: lazy jobs with lazyOn false", c.name, cfg.name)
				}
				a, b := runs[0].trace, runs[1].trace
				if len(a) != len(b) {
					t.Fatalf("%s/%s (maxSteps %d): %d snapshots lazy, %d eager", c.name, cfg.name, ms, len(a), len(b))
				}
				for i := range a {
					if a[i] != b[i] {
						t.Fatalf("%s/%s (maxSteps %d): the active jobs' w differ at snapshot %d of %d", c.name, cfg.name, ms, i, len(a))
					}
				}
				if runs[0].maxLazy > 0 {
					lazySeen++
				}
				if runs[0].multiReplays > 0 {
					multiSeen++
				}
			}
		}
	}
	// Both must occur, or the comparison proves nothing.
	if lazySeen == 0 || multiSeen == 0 {
		t.Fatalf("runs with lazy jobs %d, with replays of two or more steps %d", lazySeen, multiSeen)
	}
	t.Logf("runs with lazy jobs %d, with replays of two or more steps %d", lazySeen, multiSeen)
}
