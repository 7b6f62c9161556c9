package cluster

import (
	"cmp"
	"slices"
)

// FIFO is Hadoop's default scheduler: every free slot goes to the earliest
// submitted job (ties by workload index) with a runnable task of the slot's
// phase.
//
// The candidates are kept per phase in arrival order (Sim.Active order):
// map candidates in a queue (jobs arrive in that order), reduce candidates
// in a min-heap of arrival numbers (a job's reduce tasks become runnable
// when its maps finish, out of arrival order). A job's runnable tasks of a
// phase never come back once they have all started, so a candidate without
// runnable tasks is dropped when it reaches the front: O(log n) per pick
// amortised instead of a scan of the active jobs.
type FIFO struct {
	s      *Sim
	seq    []int   // per job: arrival number
	byseq  []int32 // arrival number → job
	maps   []int32 // map candidates (jobs), arrival order, from mapsAt
	mapsAt int
	reds   minHeap[int] // reduce candidates: arrival numbers
	nseq   int
}

// Name implements Policy.
func (*FIFO) Name() string { return "fifo" }

// Init implements Policy.
func (f *FIFO) Init(s *Sim) {
	f.s = s
	f.seq = make([]int, len(s.Jobs))
	f.byseq = make([]int32, len(s.Jobs))
}

// Arrive implements Policy.
func (f *FIFO) Arrive(j *JobState, _ float64) {
	f.seq[j.Index] = f.nseq
	f.byseq[f.nseq] = int32(j.Index)
	f.nseq++
	f.maps = append(f.maps, int32(j.Index))
}

// TaskStart implements Policy.
func (*FIFO) TaskStart(*JobState, Phase, int, float64) {}

// TaskFinish implements Policy.
func (f *FIFO) TaskFinish(j *JobState, p Phase, _ int, _ float64) {
	if p == Map && j.Done[Map] == len(j.Job.Map) && len(j.Job.Reduce) > 0 {
		f.reds.push(f.seq[j.Index])
	}
}

// Depart implements Policy.
func (*FIFO) Depart(*JobState, float64) {}

// Pick implements Policy.
func (f *FIFO) Pick(p Phase, _ float64) *JobState {
	if p == Map {
		for f.mapsAt < len(f.maps) {
			if j := &f.s.Jobs[f.maps[f.mapsAt]]; j.Pending(Map) > 0 {
				return j
			}
			f.mapsAt++
		}
		return nil
	}
	for len(f.reds) > 0 {
		if j := &f.s.Jobs[f.byseq[f.reds[0]]]; j.Pending(Reduce) > 0 {
			return j
		}
		f.reds.pop()
	}
	return nil
}

// Fair is the fair scheduler as both papers describe it (Zaharia et al.,
// the papers' ref. [2]/[13]): the slots of each phase are shared equally
// among the users with demand for them, a user's share equally among its
// jobs, with max-min redistribution of shares a user (job) cannot use; a
// free slot goes to the user with the largest deficit share − running,
// then to that user's job with the largest deficit. Ties go to the user
// seen first in the workload, then to the earliest job.
type Fair struct {
	s *Sim
	t tiered
}

// Name implements Policy.
func (*Fair) Name() string { return "fair" }

// Init implements Policy.
func (f *Fair) Init(s *Sim) { f.s = s; f.t.init(s) }

// Arrive implements Policy.
func (f *Fair) Arrive(j *JobState, _ float64) { f.t.arrive(j) }

// TaskStart implements Policy.
func (f *Fair) TaskStart(j *JobState, _ Phase, _ int, _ float64) { f.t.update(j) }

// TaskFinish implements Policy.
func (f *Fair) TaskFinish(j *JobState, _ Phase, _ int, _ float64) { f.t.update(j) }

// Depart implements Policy.
func (f *Fair) Depart(j *JobState, _ float64) { f.t.update(j) }

// Pick implements Policy.
func (f *Fair) Pick(p Phase, _ float64) *JobState {
	return f.t.pickFair(p)
}

// tiered is the two-tier deficit scheduler shared by Fair and LsPS (so that
// LsPS with α = 0 and Fair tier 2 runs the very same arithmetic as Fair).
// It keeps, per user and phase, the user's jobs with demand in a fairSet
// (tier 2) and, per phase, the users in a fairSet (Fair's tier 1), updated
// at every job and task event (update), so that a slot assignment costs
// O(log n) instead of a scan and sort of every active job.
type tiered struct {
	s      *Sim
	jobs   [][2]*fairSet // per user and phase: claimants 2·job+phase
	users  [2]*fairSet   // per phase: claimants 2·user+phase
	key    []int         // per job: arrival order (the order of Sim.Active)
	last   [][2]int      // per job and phase: demand registered
	lastR  [][2]int      // per job and phase: running registered
	demand [2][]int      // per phase and user: running + runnable tasks
	run    [2][]int      // per phase and user: running tasks
	nseq   int
	shares []float64
	wts    []float64
	dem    []float64
	ulist  []int
	idx    []wfItem
}

func (t *tiered) init(s *Sim) {
	t.s = s
	n := len(s.Users)
	jp, up := newFsPool(2*len(s.Jobs)), newFsPool(2*n)
	t.jobs = make([][2]*fairSet, n)
	for u := range t.jobs {
		t.jobs[u] = [2]*fairSet{newFairSet(jp, 0), newFairSet(jp, 1)}
	}
	t.users = [2]*fairSet{newFairSet(up, 0), newFairSet(up, 1)}
	t.key = make([]int, len(s.Jobs))
	t.last = make([][2]int, len(s.Jobs))
	t.lastR = make([][2]int, len(s.Jobs))
	for p := range t.demand {
		t.demand[p] = make([]int, n)
		t.run[p] = make([]int, n)
	}
}

// arrive registers a new job (in Sim.Active order).
func (t *tiered) arrive(j *JobState) {
	t.key[j.Index] = t.nseq
	t.nseq++
	t.update(j)
}

// update re-registers job j's demand and running tasks of both phases; the
// policies call it after every change of the job's state.
func (t *tiered) update(j *JobState) {
	u := j.User
	for p := Map; p <= Reduce; p++ {
		d, r := j.Running[p]+j.Pending(p), j.Running[p]
		if d == t.last[j.Index][p] && r == t.lastR[j.Index][p] {
			continue
		}
		t.demand[p][u] += d - t.last[j.Index][p]
		t.run[p][u] += r - t.lastR[j.Index][p]
		t.last[j.Index][p], t.lastR[j.Index][p] = d, r
		t.jobs[u][p].set(int32(2*j.Index+int(p)), d, r, t.key[j.Index])
		t.users[p].set(int32(2*u+int(p)), t.demand[p][u], t.run[p][u], u)
	}
}

// pickFair chooses a job for a free slot of phase p with equal user
// weights and Fair's tier 2: the user, then that user's job, with the
// largest deficit (max-min water-filling capped at each user's and job's
// demand; ties to the smaller user index, then the earlier job).
func (t *tiered) pickFair(p Phase) *JobState {
	uid, share := t.users[p].best(float64(t.s.Slots[p]))
	if uid < 0 {
		return nil
	}
	jid, _ := t.jobs[uid/2][p].best(share)
	if jid < 0 {
		return nil
	}
	return &t.s.Jobs[jid/2]
}

// pick chooses a job for a free slot of phase p: tier 1 by largest user
// deficit with shares ∝ weight[u] (max-min water-filling capped at each
// user's demand; O(users)), tier 2 by FIFO when fifo(u), otherwise by
// largest job deficit with equal job shares (fairSet, O(log jobs)). The
// weights are a slice, not a function: the loop below reads one per user
// with demand at every pick (a closure call each was 3 % of LsPS's
// instructions under callgrind).
func (t *tiered) pick(p Phase, weight []float64, fifo func(u int) bool) *JobState {
	t.wts, t.dem, t.ulist = t.wts[:0], t.dem[:0], t.ulist[:0]
	for u, d := range t.demand[p] {
		if d > 0 {
			t.ulist = append(t.ulist, u)
			t.wts = append(t.wts, weight[u])
			t.dem = append(t.dem, float64(d))
		}
	}
	if len(t.ulist) == 0 {
		return nil
	}
	t.shares, t.idx = waterfill(float64(t.s.Slots[p]), t.wts, t.dem, t.shares, t.idx)
	best, bestDef := -1, 0.0
	var bestShare float64
	for k, u := range t.ulist {
		if t.demand[p][u] == t.run[p][u] {
			continue // nothing runnable
		}
		if def := t.shares[k] - float64(t.run[p][u]); best < 0 || def > bestDef {
			best, bestDef, bestShare = u, def, t.shares[k]
		}
	}
	if best < 0 {
		return nil
	}
	var jid int32
	if fifo(best) {
		jid = t.jobs[best][p].first()
	} else {
		jid, _ = t.jobs[best][p].best(bestShare)
	}
	if jid < 0 {
		return nil
	}
	return &t.s.Jobs[jid/2]
}

// waterfill returns max-min fair shares of capacity c among claimants with
// weights w (> 0) and demands d (≥ 0): share_k = min(d_k, λ·w_k) with λ the
// largest value for which Σ share ≤ c (so Σ share = min(c, Σ d)). The
// result is written into out (resized) in the claimants' order; idx is
// scratch space. Both are returned for reuse.
func waterfill(c float64, w, d []float64, out []float64, idx []wfItem) ([]float64, []wfItem) {
	n := len(w)
	out = out[:0]
	idx = idx[:0]
	W, D := 0.0, 0.0
	for k := 0; k < n; k++ {
		out = append(out, 0)
		W += w[k]
		D += d[k]
	}
	if D <= c {
		copy(out, d) // everybody's demand fits
		return out, idx
	}
	for k := 0; k < n; k++ { // the order keys, needed only when demand exceeds c
		idx = append(idx, wfItem{d[k] / w[k], k})
	}
	slices.SortFunc(idx, func(a, b wfItem) int { // (key, index): the stable order
		if a.key != b.key {
			return cmp.Compare(a.key, b.key)
		}
		return a.k - b.k
	})
	left := c
	for pos, it := range idx {
		k := it.k
		if d[k]*W <= left*w[k] {
			out[k] = d[k]
			left -= d[k]
			W -= w[k]
			continue
		}
		for _, r := range idx[pos:] {
			out[r.k] = left * w[r.k] / W
		}
		break
	}
	return out, idx
}

type wfItem struct {
	key float64
	k   int
}
