package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/tolerance"
)

// markChecked wraps H-PFSP and, before every pick, compares the slack
// system's marks (the trees of w that stop Pick's scan, and the test of
// the late jobs) with the definition: every unfinished queued job and
// every late job is marked in phase p exactly when it has a runnable task
// of phase p. It also checks the late list (exactly the active jobs out of
// the virtual queue, in arrival order) and the running list: exactly
// the active jobs with running tasks, in arrival order, each with its
// running counts and eq. 10 rate recomputed from JobState.Running.
type markChecked struct {
	*HPFSP
	t     *testing.T
	picks int
}

func (m *markChecked) Pick(p Phase, now float64) *JobState {
	marked := append([]*SlackEntry(nil), m.ss.live...)
	for _, hj := range m.lateJobs.xs {
		marked = append(marked, &hj.e)
	}
	for _, e := range marked {
		for q := Map; q <= Reduce; q++ {
			if want := m.s.Jobs[e.ID].Pending(q) > 0; e.mark[q] != want {
				m.t.Fatalf("%s at t=%v: %s marked %v in phase %v, runnable tasks %d", m.Name(), now, m.s.Jobs[e.ID].Job.ID, e.mark[q], q, m.s.Jobs[e.ID].Pending(q))
			}
		}
	}
	var running, late []*hjob
	for _, j := range m.s.Active {
		if j.Running[Map]+j.Running[Reduce] > 0 {
			running = append(running, &m.jobs[j.Index])
		}
		if !m.jobs[j.Index].e.InQueue() {
			late = append(late, &m.jobs[j.Index])
		}
	}
	if !slices.Equal(late, m.lateJobs.xs) {
		m.t.Fatalf("%s at t=%v: late list of %d jobs, %d active jobs out of the virtual queue", m.Name(), now, len(m.lateJobs.xs), len(late))
	}
	if !slices.Equal(running, m.running.xs) {
		m.t.Fatalf("%s at t=%v: running list of %d jobs, %d active jobs with running tasks", m.Name(), now, len(m.running.xs), len(running))
	}
	for _, hj := range running {
		j := &m.s.Jobs[hj.e.ID]
		rate := 0.0 // eq. 10: a running task of phase p executes 1/N(S)_p per second
		for p := Map; p <= Reduce; p++ {
			if j.Running[p] > 0 {
				rate += float64(j.Running[p]) / float64(m.s.Slots[p])
			}
		}
		if hj.cnt != [2]float64{float64(j.Running[Map]), float64(j.Running[Reduce])} || !tolerance.Eq(hj.rate, rate) {
			m.t.Fatalf("%s at t=%v: %s has counts %v and rate %v, running %v (rate %v)", m.Name(), now, j.Job.ID, hj.cnt, hj.rate, j.Running, rate)
		}
	}
	m.picks++
	return m.HPFSP.Pick(p, now)
}

// TestRunnableMarksMatchPending: the marks equal Pending > 0 at every pick
// of H-PFSP (K = 2 and 0) and Parallel PFSP on Table II, Fig. 4 and a
// synthetic workload, with the trees built from the first entry (treeMin
// 1) and, on the synthetic workload, at the default threshold.
func TestRunnableMarksMatchPending(t *testing.T) {
	defer func(n int) { treeMin = n }(treeMin)
	k0 := DefaultHPFSP()
	k0.FairLimit = 0
	for _, tm := range []int{1, treeMin} {
		treeMin = tm
		for _, c := range []struct {
			name string
			w    *workload.Workload
		}{{"table2", workload.TableII(1)}, {"fig4", workload.Fig4(0, 1)}, {"synthetic", workload.Synthetic(3000, 2)}} {
			for _, pol := range []*HPFSP{NewHPFSP("hpfsp", DefaultHPFSP()), NewHPFSP("hpfsp-0", k0), NewHPFSP("ppfsp", ParallelPFSPConfig())} {
				t.Run(fmt.Sprintf("treeMin=%d/%s/%s", tm, c.name, pol.Name()), func(t *testing.T) {
					m := &markChecked{HPFSP: pol, t: t}
					if _, err := Simulate(c.w, m, Options{}); err != nil {
						t.Fatal(err)
					}
					if m.picks == 0 {
						t.Fatal("no pick checked")
					}
				})
			}
		}
	}
}

// scanChecked wraps H-PFSP and, before every pick with the trees of w,
// runs both completable scans: scanTree (the jumps over the trees) must
// return the job and the very bits of w that scanAll (every entry in
// queue order) returns.
type scanChecked struct {
	*HPFSP
	t        *testing.T
	compared int
}

func (m *scanChecked) Pick(p Phase, now float64) *JobState {
	if m.ss.HasTree() {
		jt, wt := m.scanTree(p)
		ja, wa := m.scanAll(p)
		if jt != ja || math.Float64bits(wt) != math.Float64bits(wa) {
			name := func(j *JobState) string {
				if j == nil {
					return "none"
				}
				return j.Job.ID
			}
			m.t.Fatalf("%s at t=%v, phase %v: scanTree gives %s (w %v), scanAll %s (w %v)", m.Name(), now, p, name(jt), wt, name(ja), wa)
		}
		m.compared++
	}
	return m.HPFSP.Pick(p, now)
}

// TestScanTreeMatchesScanAll: at every pick of H-PFSP (K = 2 and 0) and
// Parallel PFSP on Table II, Fig. 4 and a synthetic workload, with the
// trees from the first entry, the two completable scans agree.
func TestScanTreeMatchesScanAll(t *testing.T) {
	defer func(n int) { treeMin = n }(treeMin)
	treeMin = 1
	k0 := DefaultHPFSP()
	k0.FairLimit = 0
	for _, c := range []struct {
		name string
		w    *workload.Workload
	}{{"table2", workload.TableII(1)}, {"fig4", workload.Fig4(0, 1)}, {"synthetic", workload.Synthetic(3000, 2)}} {
		for _, pol := range []*HPFSP{NewHPFSP("hpfsp", DefaultHPFSP()), NewHPFSP("hpfsp-0", k0), NewHPFSP("ppfsp", ParallelPFSPConfig())} {
			t.Run(c.name+"/"+pol.Name(), func(t *testing.T) {
				m := &scanChecked{HPFSP: pol, t: t}
				if _, err := Simulate(c.w, m, Options{}); err != nil {
					t.Fatal(err)
				}
				if m.compared == 0 {
					t.Fatal("no pick compared")
				}
			})
		}
	}
}

// advCounted wraps H-PFSP and counts the instants at which Advance takes
// its one-pass case (oneStep) and those at which it does not.
type advCounted struct {
	*HPFSP
	one, general int
}

func (a *advCounted) Advance(now float64) {
	if dt := now - a.last; dt > 0 {
		if a.oneStep(dt) {
			a.one++
		} else {
			a.general++
		}
	}
	a.HPFSP.Advance(now)
}

// TestAdvanceOnePassSameBits: Advance's one-pass case (no virtual
// completion within the interval, told by oneStep's bound) leaves every
// job with the very bits of w, slot times and estimates, and every
// completion at the same instant, as the general two-pass case does on
// the same run (oneStepOn false): H-PFSP (K = 2, 0, the real-time clock)
// and Parallel PFSP on Table II (with and without a heartbeat), Fig. 4
// and a synthetic workload; both cases must occur.
func TestAdvanceOnePassSameBits(t *testing.T) {
	defer func() { oneStepOn = true }()
	k0 := DefaultHPFSP()
	k0.FairLimit = 0
	kt := DefaultHPFSP()
	kt.Clock = ClockTime
	for _, c := range []struct {
		name string
		w    *workload.Workload
		opt  Options
	}{{"table2", workload.TableII(1), Options{}}, {"table2-hb3", workload.TableII(2), Options{Heartbeat: 3}}, {"fig4", workload.Fig4(0, 1), Options{}}, {"synthetic", workload.Synthetic(3000, 2), Options{}}} {
		for _, cfg := range []struct {
			name string
			c    HPFSPConfig
		}{{"hpfsp", DefaultHPFSP()}, {"hpfsp-0", k0}, {"hpfsp-time", kt}, {"ppfsp", ParallelPFSPConfig()}} {
			t.Run(c.name+"/"+cfg.name, func(t *testing.T) {
				var hs [2]*HPFSP
				var rs [2]*Result
				a := &advCounted{HPFSP: NewHPFSP(cfg.name, cfg.c)}
				for k, on := range []bool{true, false} {
					oneStepOn = on
					var pol Policy = a
					hs[k] = a.HPFSP
					if !on {
						hs[k] = NewHPFSP(cfg.name, cfg.c)
						pol = hs[k]
					}
					r, err := Simulate(c.w, pol, c.opt)
					if err != nil {
						t.Fatal(err)
					}
					rs[k] = r
				}
				if a.one == 0 || a.general == 0 {
					t.Fatalf("one-pass instants %d, general %d: both cases must occur", a.one, a.general)
				}
				if d0, d1 := digest(rs[0]), digest(rs[1]); d0 != d1 {
					t.Fatalf("digest %s with the one-pass case, %s without", d0, d1)
				}
				for i := range hs[0].jobs {
					x, y := &hs[0].jobs[i], &hs[1].jobs[i]
					if x.e.W != y.e.W || x.slotTime != y.slotTime || x.avg != y.avg || x.e.f != y.e.f || x.e.x != y.e.x {
						t.Fatalf("job %d: w %v, slot times %v, averages %v, f %v, x %v with the one-pass case; %v, %v, %v, %v, %v without",
							i, x.e.W, x.slotTime, x.avg, x.e.f, x.e.x, y.e.W, y.slotTime, y.avg, y.e.f, y.e.x)
					}
				}
			})
		}
	}
}

// sizeChecked wraps LsPS and, before every pick, compares every user's
// kept eq. 7 sizes (cachedSize) with phaseSize computed afresh.
type sizeChecked struct {
	*LsPS
	t       *testing.T
	checked int
}

func (l *sizeChecked) Pick(p Phase, now float64) *JobState {
	for u := range l.users {
		for q := Map; q <= Reduce; q++ {
			s, ok := l.cachedSize(u, q)
			ws, wok := l.phaseSize(u, q)
			if ok != wok || math.Float64bits(s) != math.Float64bits(ws) {
				l.t.Fatalf("t=%v: user %d phase %v: kept size %v (%v), from scratch %v (%v)", now, u, q, s, ok, ws, wok)
			}
			l.checked++
		}
	}
	return l.LsPS.Pick(p, now)
}

// TestLsPSKeptSizesMatchScratch: at every pick of LsPS on Table II (with
// and without a heartbeat), a synthetic workload and Fig. 3(b), each
// user's kept eq. 7 sizes have the bits of a fresh computation.
func TestLsPSKeptSizesMatchScratch(t *testing.T) {
	for _, c := range []struct {
		name string
		w    *workload.Workload
		opt  Options
	}{{"table2", workload.TableII(1), Options{}}, {"table2-hb3", workload.TableII(2), Options{Heartbeat: 3}}, {"synthetic", workload.Synthetic(3000, 2), Options{}}, {"fig3b", workload.Fig3Mixed(1), Options{}}} {
		t.Run(c.name, func(t *testing.T) {
			l := &sizeChecked{LsPS: NewLsPS(DefaultLsPS()), t: t}
			if _, err := Simulate(c.w, l, c.opt); err != nil {
				t.Fatal(err)
			}
			if l.checked == 0 {
				t.Fatal("nothing checked")
			}
		})
	}
}

// TestClampWorkMatchesMinMax: execute's clampWork gives the work of the
// expression it replaced, max(0, min(a, r)), on every pair of edge values
// (signed zeros, NaN, infinities, ties, the smallest and largest floats)
// and on random pairs: execute skips the job (result ≤ 0) exactly where
// the old expression was 0, and otherwise both have the same bits (both
// NaN for a NaN). The expected values are the old expression's, computed
// here by the builtins.
func TestClampWorkMatchesMinMax(t *testing.T) {
	edge := []float64{math.NaN(), math.Inf(-1), -math.MaxFloat64, -1, -math.SmallestNonzeroFloat64,
		math.Copysign(0, -1), 0, math.SmallestNonzeroFloat64, 0.5, 1, math.Nextafter(1, 2), 2,
		math.MaxFloat64, math.Inf(1)}
	rng := rand.New(rand.NewPCG(7, 7))
	var pairs [][2]float64
	for _, a := range edge {
		for _, r := range edge {
			pairs = append(pairs, [2]float64{a, r})
		}
	}
	for range 10000 {
		a, r := rng.Float64()*2-0.5, rng.Float64()*2-0.5
		if rng.IntN(4) == 0 {
			r = a // ties
		}
		pairs = append(pairs, [2]float64{a, r})
	}
	for _, p := range pairs {
		a, r := p[0], p[1]
		old := max(0, min(a, r))
		got := clampWork(a, r)
		if skipOld, skipNew := old == 0, got <= 0; skipOld != skipNew {
			t.Fatalf("clampWork(%v, %v) = %v (skip %v), old expression %v (skip %v)", a, r, got, skipNew, old, skipOld)
		}
		if old == 0 {
			continue
		}
		if math.IsNaN(old) != math.IsNaN(got) || !math.IsNaN(old) && math.Float64bits(old) != math.Float64bits(got) {
			t.Fatalf("clampWork(%v, %v) = %v, old expression %v", a, r, got, old)
		}
	}
}

// TestMinWMatchesMin: the trees' minW equals the builtin min on every pair
// of edge values (signed zeros, NaN, infinities, ties, the smallest and
// largest floats) as the trees read it: the same value (both NaN for a
// NaN), where −0 and +0 count as equal (every reader of the trees
// compares). The expected values are the builtin's.
func TestMinWMatchesMin(t *testing.T) {
	edge := []float64{0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1), math.MaxFloat64, -math.MaxFloat64,
		math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 0.5, 1, math.Nextafter(1, 2), 2}
	for _, a := range edge {
		for _, b := range edge {
			got, want := minW(a, b), min(a, b)
			if math.IsNaN(want) != math.IsNaN(got) || !math.IsNaN(want) && got != want {
				t.Fatalf("minW(%v, %v) = %v, builtin min %v", a, b, got, want)
			}
		}
	}
}
