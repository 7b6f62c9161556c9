package cluster

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/tolerance"
	"gonum.org/v1/gonum/stat"
)

// twoJobs: one node with 2 map slots and 1 reduce slot; job A (user a,
// t = 0) has 4 map tasks of 4 s and a 2 s reduce; job B (user b, t = 1) has
// 2 map tasks of 1 s and a 1 s reduce.
func twoJobs() *workload.Workload {
	return &workload.Workload{Nodes: 1, MapSlots: 2, ReduceSlots: 1, Jobs: []workload.Job{
		{ID: "A", User: "a", Submit: 0, Map: []float64{4, 4, 4, 4}, Reduce: []float64{2}},
		{ID: "B", User: "b", Submit: 1, Map: []float64{1, 1}, Reduce: []float64{1}},
	}}
}

func run(t *testing.T, w *workload.Workload, p Policy, opt Options) *Result {
	t.Helper()
	r, err := Simulate(w, p, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestHandFIFOFair checks both schedules worked out by hand.
//
// FIFO: A.m0, A.m1 run [0,4]; A.m2, A.m3 [4,8]; B's maps [8,9]; A.r0 takes
// the reduce slot [8,10], so B.r0 waits: [10,11]. Responses A = 10, B = 10.
//
// Fair: at t = 4 both users demand 2 map slots → shares 1 and 1; the tie
// goes to user a (A.m2 [4,8]), the second slot to b (B.m0 [4,5]); at t = 5
// b has deficit 1 − 0 (a has 1 − 1): B.m1 [5,6]; at t = 6 B.r0 [6,7] and
// A.m3 [6,10]; A.r0 [10,12]. Responses A = 12, B = 6.
//
// Alone: A's maps take 8 s on 2 slots plus 2 s of reduce = 10; B 1 + 1 = 2.
func TestHandFIFOFair(t *testing.T) {
	cases := []struct {
		p                  Policy
		respA, respB       float64
		slowA, slowB, mean float64
	}{
		{&FIFO{}, 10, 10, 1, 5, 10},
		{&Fair{}, 12, 6, 1.2, 3, 9},
	}
	for _, c := range cases {
		r := run(t, twoJobs(), c.p, Options{Timeline: true})
		a, b := r.Jobs[0], r.Jobs[1]
		if a.Response != c.respA || b.Response != c.respB || a.Slowdown != c.slowA || b.Slowdown != c.slowB || r.MeanResponse != c.mean {
			t.Errorf("%s: responses %v %v slowdowns %v %v mean %v, want %v %v %v %v %v", c.p.Name(),
				a.Response, b.Response, a.Slowdown, b.Slowdown, r.MeanResponse, c.respA, c.respB, c.slowA, c.slowB, c.mean)
		}
		if a.Alone != 10 || b.Alone != 2 {
			t.Errorf("alone %v %v, want 10 2", a.Alone, b.Alone)
		}
	}
	// The Fair timeline of B, slot by slot.
	r := run(t, twoJobs(), &Fair{}, Options{Timeline: true})
	var got []TaskRecord
	for _, x := range r.Timeline {
		if x.Job == "B" {
			got = append(got, x)
		}
	}
	want := []TaskRecord{
		{Job: "B", Phase: "map", Task: 0, Node: 0, Slot: 1, Start: 4, End: 5},
		{Job: "B", Phase: "map", Task: 1, Node: 0, Slot: 1, Start: 5, End: 6},
		{Job: "B", Phase: "reduce", Task: 0, Node: 0, Slot: 0, Start: 6, End: 7},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Fair timeline of B:\n got %+v\nwant %+v", got, want)
	}
}

// TestHeartbeat: with a 3 s heartbeat the FIFO schedule of twoJobs
// assigns only at 0, 3, 6, 9, …: A.m0, A.m1 [0,4]; at 6: A.m2, A.m3
// [6,10]; at 12: B.m0, B.m1 [12,13] and A.r0 [12,14]; at 15: B.r0
// [15,16]. Responses A = 14, B = 15.
func TestHeartbeat(t *testing.T) {
	r := run(t, twoJobs(), &FIFO{}, Options{Heartbeat: 3})
	if r.Jobs[0].Response != 14 || r.Jobs[1].Response != 15 {
		t.Errorf("responses %v %v, want 14 15", r.Jobs[0].Response, r.Jobs[1].Response)
	}
}

func randomWorkload(rnd *rand.Rand, n, users int, reduce bool) *workload.Workload {
	w := &workload.Workload{Nodes: 1 + rnd.IntN(3), MapSlots: 1 + rnd.IntN(3), ReduceSlots: 1 + rnd.IntN(2)}
	t := 0.0
	for k := 0; k < n; k++ {
		t += rnd.ExpFloat64() * 5
		m := make([]float64, 1+rnd.IntN(8))
		for i := range m {
			m[i] = 0.5 + rnd.ExpFloat64()*3
		}
		var r []float64
		if reduce {
			r = make([]float64, rnd.IntN(4))
			for i := range r {
				r[i] = 0.5 + rnd.ExpFloat64()*2
			}
		}
		w.Jobs = append(w.Jobs, workload.Job{ID: string(rune('a'+k%26)) + string(rune('0'+k/26)), User: string(rune('A' + rnd.IntN(users))), Submit: math.Round(t*4) / 4, Map: m, Reduce: r})
	}
	return w
}

// TestAloneEqualsSingleJob: a lone job's response under every policy is
// Alone (the definition of the slowdown denominator).
func TestAloneEqualsSingleJob(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 7))
	for trial := 0; trial < 30; trial++ {
		w := randomWorkload(rnd, 1, 1, true)
		for _, name := range PolicyNames {
			p, _ := NewPolicy(name)
			r := run(t, w, p, Options{})
			if !tolerance.Eq(r.Jobs[0].Response, r.Jobs[0].Alone) {
				t.Fatalf("%s trial %d: response %v, alone %v", name, trial, r.Jobs[0].Response, r.Jobs[0].Alone)
			}
		}
	}
}

// TestLsPSAlphaZeroIsFair: with α = 0 every user gets the Fair share (eq.
// 8 gives SU_i = SU*), and with a CV threshold of 0 every CV is ≥ the
// threshold, so tier 2 is Fair too: the task-to-slot timeline must equal
// Fair's exactly, on random multi-user workloads and on LsPS Table II.
func TestLsPSAlphaZeroIsFair(t *testing.T) {
	rnd := rand.New(rand.NewPCG(11, 3))
	ws := []*workload.Workload{workload.TableII(1)}
	for k := 0; k < 25; k++ {
		ws = append(ws, randomWorkload(rnd, 30, 4, true))
	}
	for k, w := range ws {
		fair := run(t, w, &Fair{}, Options{Timeline: true})
		l := NewLsPS(LsPSConfig{Alpha: 0, CVThreshold: 0})
		ls := run(t, w, l, Options{Timeline: true})
		if !reflect.DeepEqual(fair.Timeline, ls.Timeline) {
			t.Fatalf("workload %d: LsPS(α=0, all CV ≥ threshold) differs from Fair", k)
		}
		fifo, _, _ := l.Stats()
		for u, f := range fifo {
			if f {
				t.Fatalf("workload %d: user %d in FIFO mode with threshold 0", k, u)
			}
		}
	}
	// And the default LsPS (α = 1) does differ on Table II.
	w := workload.TableII(1)
	fair := run(t, w, &Fair{}, Options{Timeline: true})
	ls := run(t, w, NewLsPS(DefaultLsPS()), Options{Timeline: true})
	if reflect.DeepEqual(fair.Timeline, ls.Timeline) {
		t.Fatal("LsPS(α=1) equals Fair on Table II: the size-based shares have no effect")
	}
}

// TestLsPSWelford checks eq. 1–6 against gonum's mean and population
// variance of the job sizes s = t̄ᵐ·nᵐ + t̄ʳ·nʳ.
func TestLsPSWelford(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 5))
	var u lspsUser
	var sizes, tms []float64
	for k := 0; k < 50; k++ {
		tm, tr := rnd.ExpFloat64()*10, rnd.ExpFloat64()*5
		nm, nr := float64(1+rnd.IntN(20)), float64(rnd.IntN(4))
		u.add(tm, tr, nm, nr)
		sizes = append(sizes, tm*nm+tr*nr)
		tms = append(tms, tm)
		mean, pv := stat.PopMeanVariance(sizes, nil)
		if !tolerance.Eq(u.mean, mean) || !tolerance.Eq(u.v/float64(u.j), pv) || !tolerance.Eq(u.tm, stat.Mean(tms, nil)) {
			t.Fatalf("after %d jobs: mean %v var %v t̄ᵐ %v, gonum %v %v %v", k+1, u.mean, u.v/float64(u.j), u.tm, mean, pv, stat.Mean(tms, nil))
		}
	}
	l := &LsPS{users: []lspsUser{u}}
	cv, ok := l.CV(0)
	mean, pv := stat.PopMeanVariance(sizes, nil)
	if !ok || !tolerance.Eq(cv, math.Sqrt(pv)/mean) {
		t.Fatalf("CV = %v, want %v", cv, math.Sqrt(pv)/mean)
	}
}

// TestLsPSTier2FIFO: one user, equal jobs (CV = 0 < 1) → after two jobs
// have finished, tier 2 switches to FIFO; Fair would interleave them.
// Three jobs of 4 map tasks of 2 s on 2 slots, no reduce; jobs 0 and 1 at
// t = 0 (both CVs undefined → Fair), job 2 at 20 and job 3 at 20.5 (history
// CV = 0, current CV' = 0 → FIFO): under FIFO job 2 runs [20,24], job 3
// [24,28]; under Fair they would share and finish at 27.5 and 28.
func TestLsPSTier2FIFO(t *testing.T) {
	mk := func(id string, at float64) workload.Job {
		return workload.Job{ID: id, User: "u", Submit: at, Map: []float64{2, 2, 2, 2}}
	}
	w := &workload.Workload{Nodes: 1, MapSlots: 2, ReduceSlots: 0, Jobs: []workload.Job{mk("0", 0), mk("1", 0), mk("2", 20), mk("3", 20.5)}}
	r := run(t, w, NewLsPS(DefaultLsPS()), Options{})
	if r.Jobs[2].Finish != 24 || r.Jobs[3].Finish != 28 {
		t.Errorf("LsPS finishes %v %v, want 24 28 (FIFO tier 2)", r.Jobs[2].Finish, r.Jobs[3].Finish)
	}
	f := run(t, w, &Fair{}, Options{})
	if f.Jobs[2].Finish == 24 {
		t.Errorf("Fair finishes job 2 at 24 too: the test does not tell the modes apart")
	}
}

func TestFluidPSHand(t *testing.T) {
	// Two jobs at t = 0 on 2 map slots, map work 4 and 8 slot-seconds →
	// sizes 2 and 4; PS at rate 1/2 each: the first ends at 4, the second
	// at 4 + 2 = 6. A third job of size 1 at t = 10 ends at 11.
	w := &workload.Workload{Nodes: 1, MapSlots: 2, ReduceSlots: 1, Jobs: []workload.Job{
		{ID: "a", Map: []float64{2, 2}}, {ID: "b", Map: []float64{4, 4}}, {ID: "c", Submit: 10, Map: []float64{1, 1}},
	}}
	got := FluidPS(w)
	if want := []float64{4, 6, 11}; !reflect.DeepEqual(got, want) {
		t.Fatalf("FluidPS = %v, want %v", got, want)
	}
}

// TestParallelPFSPProtective: Parallel PFSP with exact sizes finishes every
// job no later than the fluid PS reference. The theorem behind it (PFSP is
// protective on one preemptive server, Friedman and Hurley, the paper's
// ref. [6]) carries over to the slots exactly when the slot system behaves
// as one server: map-only jobs, all tasks of one length d, task counts
// multiples of N(S)_M and submissions on the grid d·ℕ — then every wave
// puts one job on all slots. We check that on random such workloads.
func TestParallelPFSPProtective(t *testing.T) {
	fifoLate, strictlyEarlier := 0, 0
	for seed := uint64(1); seed <= 150; seed++ {
		rnd := rand.New(rand.NewPCG(seed, 17))
		S := []int{1, 2, 4}[rnd.IntN(3)]
		d := []float64{1, 2.5}[rnd.IntN(2)]
		w := &workload.Workload{Nodes: 1, MapSlots: S, ReduceSlots: 1}
		tm := 0
		for k := 0; k < 3+rnd.IntN(15); k++ {
			tm += rnd.IntN(4)
			m := make([]float64, S*(1+rnd.IntN(6)))
			for i := range m {
				m[i] = d
			}
			w.Jobs = append(w.Jobs, workload.Job{ID: string(rune('a' + k)), Submit: float64(tm) * d, Map: m})
		}
		ps := FluidPS(w)
		r := run(t, w, NewHPFSP("ppfsp", ParallelPFSPConfig()), Options{})
		for i, j := range r.Jobs {
			if !tolerance.LE(j.Finish, ps[i]) {
				t.Fatalf("seed %d: job %s finishes at %v, after PS (%v)", seed, j.ID, j.Finish, ps[i])
			}
		}
		for i, j := range r.Jobs {
			if j.Finish < ps[i]-1e-9 {
				strictlyEarlier++
			}
		}
		// The check can fail: FIFO is not protective on the same inputs.
		fifo := run(t, w, &FIFO{}, Options{})
		for i, j := range fifo.Jobs {
			if !tolerance.LE(j.Finish, ps[i]) {
				fifoLate++
				break
			}
		}
	}
	if fifoLate == 0 || strictlyEarlier == 0 {
		t.Fatalf("degenerate test: FIFO late on %d workloads, PPFSP strictly earlier than PS %d times", fifoLate, strictlyEarlier)
	}
	t.Logf("FIFO later than PS on %d of 150 workloads; Parallel PFSP strictly earlier than PS for %d jobs", fifoLate, strictlyEarlier)
}

// TestHPFSPRuns: H-PFSP with estimates and the fair phase on Table II and
// a reduce-heavy random workload: every job finishes, the policy never
// picks an ineligible job (Simulate would fail), and the slack system still
// satisfies eq. 6 at the end.
func TestHPFSPRuns(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 9))
	for _, w := range []*workload.Workload{workload.TableII(2), randomWorkload(rnd, 60, 3, true), workload.Fig4(2.236, 1)} {
		for _, k := range []int{0, 2, 5} {
			c := DefaultHPFSP()
			c.FairLimit = k
			h := NewHPFSP("hpfsp", c)
			r := run(t, w, h, Options{})
			for _, j := range r.Jobs {
				if !(j.Finish >= j.Submit) || j.Slowdown < 1-1e-9 {
					t.Fatalf("job %s: finish %v submit %v slowdown %v", j.ID, j.Finish, j.Submit, j.Slowdown)
				}
			}
			want := h.ss.Eq6()
			for i := 0; i < h.ss.Len(); i++ {
				if s := h.ss.S(h.ss.At(i)); math.Abs(s-want[i]) > 1e-6*(1+math.Abs(want[i])) {
					t.Fatalf("slack %d drifted: %v vs eq. 6 %v", i, s, want[i])
				}
			}
		}
	}
}

// TestWaterfill: max-min shares by hand. 10 slots, equal weights, demands
// 2, 10, 10 → the first user is capped at 2 and the others split 8: 2, 4,
// 4. Weights 1:3 with ample demand → 2.5, 7.5. Total demand 3 < 10 → the
// demands themselves.
func TestWaterfill(t *testing.T) {
	cases := []struct{ c, w, d, want []float64 }{
		{[]float64{10}, []float64{1, 1, 1}, []float64{2, 10, 10}, []float64{2, 4, 4}},
		{[]float64{10}, []float64{1, 3}, []float64{10, 10}, []float64{2.5, 7.5}},
		{[]float64{10}, []float64{1, 1}, []float64{1, 2}, []float64{1, 2}},
		{[]float64{6}, []float64{2, 1, 1}, []float64{10, 1, 10}, []float64{10.0 / 3, 1, 5.0 / 3}},
	}
	for _, c := range cases {
		got, _ := waterfill(c.c[0], c.w, c.d, nil, nil)
		for k := range got {
			if !tolerance.Eq(got[k], c.want[k]) {
				t.Errorf("waterfill(%v, %v, %v) = %v, want %v", c.c[0], c.w, c.d, got, c.want)
				break
			}
		}
	}
}

// spy is FIFO plus a 1 s ticker that records the map progress of job 0.
type spy struct {
	FIFO
	got []float64
}

func (s *spy) Interval() float64 { return 1 }
func (s *spy) Tick(now float64) {
	s.got = append(s.got, s.s.Jobs[0].Progress(Map, now))
}

// TestProgress: 4 map tasks of 2 s on 2 slots, started at 0, 0, 2, 2. At
// t = 1: (0 + ½ + ½)/4 = 0.25; t = 2: 2 done → 0.5; t = 3: (2 + ½ + ½)/4 =
// 0.75. (Ticks at 1, 2, 3; the job finishes at 4.)
func TestProgress(t *testing.T) {
	w := &workload.Workload{Nodes: 1, MapSlots: 2, ReduceSlots: 0, Jobs: []workload.Job{{ID: "a", Map: []float64{2, 2, 2, 2}}}}
	s := &spy{}
	run(t, w, s, Options{})
	want := []float64{0.25, 0.5, 0.75}
	if len(s.got) < 3 || !reflect.DeepEqual(s.got[:3], want) {
		t.Fatalf("progress %v, want %v", s.got, want)
	}
}

// TestBadHeartbeat: found by the bad-input QA (docs/cli.md, "Bad input"): a NaN
// heartbeat passed the "< 0" check and hung the event loop.
func TestBadHeartbeat(t *testing.T) {
	for _, hb := range []float64{-1, math.NaN(), math.Inf(1)} {
		if _, err := Simulate(twoJobs(), &FIFO{}, Options{Heartbeat: hb}); !errors.Is(err, ErrConfig) {
			t.Errorf("heartbeat %v: %v", hb, err)
		}
	}
}

// TestValidate: settings outside their documented ranges are rejected by
// Simulate with ErrConfig and the field's name; the boundaries are
// accepted. Heartbeat 1e308 used to run and
// print a 300-digit makespan).
func TestValidate(t *testing.T) {
	w := twoJobs()
	withH := func(f func(*HPFSPConfig)) Policy { c := DefaultHPFSP(); f(&c); return NewHPFSP("hpfsp", c) }
	cases := []struct {
		name  string
		pol   Policy
		opt   Options
		field string // "" : valid
	}{
		{"heartbeat 1e308", &Fair{}, Options{Heartbeat: 1e308}, "Heartbeat"},
		{"heartbeat NaN", &Fair{}, Options{Heartbeat: math.NaN()}, "Heartbeat"},
		{"heartbeat -1", &Fair{}, Options{Heartbeat: -1}, "Heartbeat"},
		{"heartbeat +Inf", &Fair{}, Options{Heartbeat: math.Inf(1)}, "Heartbeat"},
		{"heartbeat one day", &Fair{}, Options{Heartbeat: MaxHeartbeat}, ""},
		{"heartbeat 3", &Fair{}, Options{Heartbeat: 3}, ""},
		{"alpha 1.5", NewLsPS(LsPSConfig{Alpha: 1.5, CVThreshold: 1}), Options{}, "Alpha"},
		{"cv -1", NewLsPS(LsPSConfig{Alpha: 1, CVThreshold: -1}), Options{}, "CVThreshold"},
		{"cv NaN", NewLsPS(LsPSConfig{Alpha: 1, CVThreshold: math.NaN()}), Options{}, "CVThreshold"},
		{"lsps default", NewLsPS(DefaultLsPS()), Options{}, ""},
		{"fair limit -1", withH(func(c *HPFSPConfig) { c.FairLimit = -1 }), Options{}, "FairLimit"},
		{"beta 2", withH(func(c *HPFSPConfig) { c.Beta = 2 }), Options{}, "Beta"},
		{"interval 0", withH(func(c *HPFSPConfig) { c.UpdateInterval = 0 }), Options{}, "UpdateInterval"},
		{"interval 1e308", withH(func(c *HPFSPConfig) { c.UpdateInterval = 1e308 }), Options{}, "UpdateInterval"},
		{"default task NaN", withH(func(c *HPFSPConfig) { c.DefaultTask = math.NaN() }), Options{}, "DefaultTask"},
		{"stage switch 0", withH(func(c *HPFSPConfig) { c.StageSwitch = 0 }), Options{}, "StageSwitch"},
		{"clock 7", withH(func(c *HPFSPConfig) { c.Clock = 7 }), Options{}, "Clock"},
		{"wmin -1", withH(func(c *HPFSPConfig) { c.WMin = -1 }), Options{}, "WMin"},
		{"hpfsp default", NewHPFSP("hpfsp", DefaultHPFSP()), Options{}, ""},
		{"ppfsp default", NewHPFSP("ppfsp", ParallelPFSPConfig()), Options{}, ""},
	}
	for _, c := range cases {
		_, err := Simulate(w, c.pol, c.opt)
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.field != "" && (!errors.Is(err, ErrConfig) || !strings.Contains(fmt.Sprint(err), c.field)):
			t.Errorf("%s: error %v, want ErrConfig naming %s", c.name, err, c.field)
		}
	}
}
