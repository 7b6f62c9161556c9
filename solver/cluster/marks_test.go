package cluster

import (
	"fmt"
	"math"
	"testing"

	cw "github.com/mrsched/mrsched/instances/cluster"
)

// markChecked wraps H-PFSP and, before every pick, compares the slack
// system's marks (the trees of w that stop Pick's scan) with the
// definition: every unfinished queued job is marked in phase p exactly
// when it has a runnable task of phase p.
type markChecked struct {
	*HPFSP
	t     *testing.T
	picks int
}

func (m *markChecked) Pick(p Phase, now float64) *JobState {
	for _, e := range m.ss.live {
		for q := Map; q <= Reduce; q++ {
			if want := m.s.Jobs[e.ID].Pending(q) > 0; e.mark[q] != want {
				m.t.Fatalf("%s at t=%v: %s marked %v in phase %v, runnable tasks %d", m.Name(), now, m.s.Jobs[e.ID].Job.ID, e.mark[q], q, m.s.Jobs[e.ID].Pending(q))
			}
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
			w    *cw.Workload
		}{{"table2", cw.TableII(1)}, {"fig4", cw.Fig4(0, 1)}, {"synthetic", cw.Synthetic(3000, 2)}} {
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
		w    *cw.Workload
	}{{"table2", cw.TableII(1)}, {"fig4", cw.Fig4(0, 1)}, {"synthetic", cw.Synthetic(3000, 2)}} {
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
