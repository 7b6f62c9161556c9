package cluster

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/mrsched/mrsched/instances/workload"
)

// scanPick is the from-scratch tier computation that fairSet replaced (the
// code of tiered.pick before the O(log n) structures): collect every active
// job's demand, water-fill the users, then the chosen user's jobs. It is
// the oracle of TestFairSetMatchesScan.
func scanPick(s *Sim, p Phase, weight func(u int) float64, fifo func(u int) bool) *JobState {
	n := len(s.Users)
	demand, running, pending := make([]float64, n), make([]float64, n), make([]int, n)
	jobs := make([][]*JobState, n)
	var users []int
	for _, j := range s.Active {
		d := j.Running[p] + j.Pending(p)
		if d == 0 {
			continue
		}
		u := j.User
		if len(jobs[u]) == 0 {
			users = append(users, u)
		}
		jobs[u] = append(jobs[u], j)
		demand[u] += float64(d)
		running[u] += float64(j.Running[p])
		pending[u] += j.Pending(p)
	}
	if len(users) == 0 {
		return nil
	}
	sort.Ints(users)
	var wts, dem []float64
	for _, u := range users {
		wts = append(wts, weight(u))
		dem = append(dem, demand[u])
	}
	shares, _ := waterfill(float64(s.Slots[p]), wts, dem, nil, nil)
	best, bestDef, bestShare := -1, 0.0, 0.0
	for k, u := range users {
		if pending[u] == 0 {
			continue
		}
		if def := shares[k] - running[u]; best < 0 || def > bestDef {
			best, bestDef, bestShare = u, def, shares[k]
		}
	}
	if best < 0 {
		return nil
	}
	js := jobs[best]
	if fifo(best) {
		for _, j := range js {
			if j.Pending(p) > 0 {
				return j
			}
		}
		return nil
	}
	wts, dem = wts[:0], dem[:0]
	for _, j := range js {
		wts = append(wts, 1)
		dem = append(dem, float64(j.Running[p]+j.Pending(p)))
	}
	shares, _ = waterfill(bestShare, wts, dem, nil, nil)
	var bj *JobState
	bjDef := 0.0
	for k, j := range js {
		if j.Pending(p) == 0 {
			continue
		}
		if def := shares[k] - float64(j.Running[p]); bj == nil || def > bjDef {
			bj, bjDef = j, def
		}
	}
	return bj
}

// checked wraps Fair or LsPS and compares every pick (and, for Fair, the
// pick of both phases after every event) with scanPick.
type checked struct {
	Policy
	t      *testing.T
	s      *Sim
	weight func(u int) float64
	fifo   func(u int) bool
	picks  int
}

func (c *checked) Init(s *Sim) { c.s = s; c.Policy.Init(s) }

func (c *checked) compare(now float64) {
	for p := Map; p <= Reduce; p++ {
		var got *JobState
		switch x := c.Policy.(type) {
		case *Fair:
			got = x.t.pickFair(p)
		case *LsPS:
			got = x.Pick(p, now)
		}
		want := scanPick(c.s, p, c.weight, c.fifo)
		if got != want {
			c.t.Fatalf("%s at t=%v, %v slot: incremental pick %v, from scratch %v", c.Policy.Name(), now, p, name(got), name(want))
		}
		c.picks++
	}
}

func name(j *JobState) string {
	if j == nil {
		return "none"
	}
	return j.Job.ID
}

func (c *checked) Arrive(j *JobState, now float64) { c.Policy.Arrive(j, now); c.compare(now) }
func (c *checked) TaskStart(j *JobState, p Phase, k int, now float64) {
	c.Policy.TaskStart(j, p, k, now)
	c.compare(now)
}
func (c *checked) TaskFinish(j *JobState, p Phase, k int, now float64) {
	c.Policy.TaskFinish(j, p, k, now)
	c.compare(now)
}
func (c *checked) Depart(j *JobState, now float64) { c.Policy.Depart(j, now); c.compare(now) }

// tieWorkload: n jobs of up to 4 users on 1–3 nodes with 1–3 slots of
// each phase; task counts 1–12 (0–6 reduce), integer task times 1–9 so
// that many events coincide and ties are frequent.
func tieWorkload(rnd *rand.Rand, n int) *workload.Workload {
	w := &workload.Workload{Nodes: 1 + rnd.IntN(3), MapSlots: 1 + rnd.IntN(3), ReduceSlots: 1 + rnd.IntN(3)}
	t := 0.0
	for k := 0; k < n; k++ {
		t += float64(rnd.IntN(6))
		m := make([]float64, 1+rnd.IntN(12))
		for i := range m {
			m[i] = float64(1 + rnd.IntN(9))
		}
		r := make([]float64, rnd.IntN(7))
		for i := range r {
			r[i] = float64(1 + rnd.IntN(9))
		}
		w.Jobs = append(w.Jobs, workload.Job{ID: fmt.Sprintf("j%d", k), User: fmt.Sprintf("u%d", rnd.IntN(4)), Submit: t, Map: m, Reduce: r})
	}
	return w
}

// TestFairSetMatchesScan: after every arrival, task start, task finish and
// departure of 300 random workloads, the incremental fair shares (fairSet)
// pick the same job for a map and for a reduce slot as the from-scratch
// water-filling (scanPick), for Fair and for LsPS (whose tier-1 weights and
// per-user FIFO switch come from the policy itself).
func TestFairSetMatchesScan(t *testing.T) {
	rnd := rand.New(rand.NewPCG(19, 1))
	total := 0
	for it := 0; it < 300; it++ {
		w := tieWorkload(rnd, 2+rnd.IntN(25))
		fair := &checked{Policy: &Fair{}, t: t, weight: func(int) float64 { return 1 }, fifo: func(int) bool { return false }}
		if _, err := Simulate(w, fair, Options{}); err != nil {
			t.Fatal(err)
		}
		l := NewLsPS(LsPSConfig{Alpha: rnd.Float64(), CVThreshold: 1})
		lc := &checked{Policy: l, t: t}
		lc.weight = func(u int) float64 { return 0 }
		lc.fifo = func(u int) bool { return l.users[u].fifo }
		if _, err := Simulate(w, &lsWrap{lc, l}, Options{}); err != nil {
			t.Fatal(err)
		}
		total += fair.picks + lc.picks
	}
	if total < 10000 {
		t.Fatalf("only %d comparisons", total)
	}
}

// lsWrap sets the oracle's weights to LsPS's current factors before each
// comparison (they change at arrivals and departures).
type lsWrap struct {
	*checked
	l *LsPS
}

func (w *lsWrap) Init(s *Sim) {
	w.checked.Init(s)
	w.checked.weight = func(u int) float64 { return w.l.factor[Map][u] }
}

func (w *lsWrap) compare(now float64) {
	for p := Map; p <= Reduce; p++ {
		got := w.l.Pick(p, now)
		want := scanPick(w.s, p, func(u int) float64 { return w.l.factor[p][u] }, w.fifo)
		if got != want {
			w.t.Fatalf("lsps at t=%v, %v slot: incremental pick %v, from scratch %v", now, p, name(got), name(want))
		}
		w.picks++
	}
}

func (w *lsWrap) Arrive(j *JobState, now float64) { w.l.Arrive(j, now); w.compare(now) }
func (w *lsWrap) TaskStart(j *JobState, p Phase, k int, now float64) {
	w.l.TaskStart(j, p, k, now)
	w.compare(now)
}
func (w *lsWrap) TaskFinish(j *JobState, p Phase, k int, now float64) {
	w.l.TaskFinish(j, p, k, now)
	w.compare(now)
}
func (w *lsWrap) Depart(j *JobState, now float64) { w.l.Depart(j, now); w.compare(now) }

// TestFairSetRandomOps drives one fairSet directly with random demands,
// running counts and capacities (also fractional, as a user's share is)
// and compares best with a brute-force water-filling after every change.
func TestFairSetRandomOps(t *testing.T) {
	rnd := rand.New(rand.NewPCG(19, 2))
	const n = 40
	f := newFairSet(newFsPool(n), 0)
	d, r := make([]int, n), make([]int, n)
	for step := 0; step < 20000; step++ {
		id := rnd.IntN(n)
		if rnd.IntN(2) == 0 && d[id] > 0 {
			d[id] += 2*rnd.IntN(2) - 1 // ±1, a task's completion or a new phase (re-keyed in place when the order allows)
		} else {
			d[id] = rnd.IntN(6)
		}
		if d[id] > 0 {
			r[id] = rnd.IntN(d[id] + 1)
		} else {
			r[id] = 0
		}
		f.set(int32(id), d[id], r[id], id)
		c := float64(rnd.IntN(40))
		if rnd.IntN(2) == 0 {
			c += rnd.Float64()
		}
		var wts, dem []float64
		var ids []int
		for k := 0; k < n; k++ {
			if d[k] > 0 {
				ids = append(ids, k)
				wts = append(wts, 1)
				dem = append(dem, float64(d[k]))
			}
		}
		want, wantShare := -1, 0.0
		if len(ids) > 0 {
			sh, _ := waterfill(c, wts, dem, nil, nil)
			best := 0.0
			for i, k := range ids {
				if d[k] == r[k] {
					continue
				}
				if def := sh[i] - float64(r[k]); want < 0 || def > best {
					want, best, wantShare = k, def, sh[i]
				}
			}
		}
		checkSet(t, f, d, r)
		got, share := f.best(c)
		if int(got) != want || want >= 0 && share != wantShare {
			t.Fatalf("step %d, c=%v: best %d (share %v), brute force %d (share %v); d=%v r=%v", step, c, got, share, want, wantShare, d, r)
		}
	}
}

// checkSet verifies the set against its definition: exactly the
// claimants with d > 0, by non-increasing demand, each at the position it
// records, and every node's aggregate equal to the brute-force aggregate
// of the claimants in its range.
func checkSet(t *testing.T, f *fairSet, d, r []int) {
	t.Helper()
	p := f.pool
	var present []int
	for q := range f.n {
		id := f.ids[q]
		present = append(present, int(id))
		if int(p.c[id].pos) != q || f.dpos[q] != p.c[id].d || int(p.c[id].d) != d[id] || int(p.c[id].r) != r[id] {
			t.Fatalf("position %d: claimant %d (pos %d, d %d/%d, r %d), want d %d r %d", q, id, p.c[id].pos, f.dpos[q], p.c[id].d, p.c[id].r, d[id], r[id])
		}
		if k := p.c[id].k; int(k) >= len(p.kid[f.ph]) || p.kid[f.ph][k] != id {
			t.Fatalf("position %d: claimant %d of key %d not found by its key", q, id, k)
		}
		if q > 0 && f.dpos[q-1] < f.dpos[q] {
			t.Fatalf("demands not non-increasing at %d: %v", q, f.dpos[:f.n])
		}
	}
	sort.Ints(present)
	var want []int
	for k := range d {
		if d[k] > 0 {
			want = append(want, k)
		} else if p.c[k].pos >= 0 {
			t.Fatalf("claimant %d with d = 0 at position %d", k, p.c[k].pos)
		}
	}
	if fmt.Sprint(present) != fmt.Sprint(want) {
		t.Fatalf("claimants %v, want %v", present, want)
	}
	for i := 1; i < 2*f.leaf; i++ {
		lo, span := i, 1 // node i covers [lo, lo+span) of the leaves
		for lo < f.leaf {
			lo, span = 2*lo, 2*span
		}
		lo -= f.leaf
		agg := noAgg
		for q := lo; q < lo+span && q < f.n; q++ {
			id := f.ids[q]
			agg.sum += int64(p.c[id].d)
			if pend := p.c[id].d - p.c[id].r; pend > 0 {
				// By value then key, from the definitions (not the packing).
				if b := agg.bestPend; b == noPack || pend > maxPend-packCount(b) || pend == maxPend-packCount(b) && p.c[id].k < packKey(b) {
					agg.bestPend = packPend(pend, p.c[id].k)
				}
				if b := agg.bestRun; b == noPack || p.c[id].r < packCount(b) || p.c[id].r == packCount(b) && p.c[id].k < packKey(b) {
					agg.bestRun = packRun(p.c[id].r, p.c[id].k)
				}
				if b := agg.firstPend; b == noPack || p.c[id].k < packKey(b) {
					agg.firstPend = uint64(uint32(p.c[id].k))
				}
			}
		}
		if f.tree[i] != agg {
			t.Fatalf("node %d (positions %d..%d): aggregate %+v, brute force %+v", i, lo, lo+span-1, f.tree[i], agg)
		}
	}
}
