package cluster

import (
	"cmp"
	"slices"
	"sort"
)

// FIFO is Hadoop's default scheduler: every free slot goes to the earliest
// submitted job (ties by workload index) with a runnable task of the slot's
// phase.
type FIFO struct{ s *Sim }

// Name implements Policy.
func (*FIFO) Name() string { return "fifo" }

// Init implements Policy.
func (f *FIFO) Init(s *Sim) { f.s = s }

// Arrive implements Policy.
func (*FIFO) Arrive(*JobState, float64) {}

// TaskStart implements Policy.
func (*FIFO) TaskStart(*JobState, Phase, int, float64) {}

// TaskFinish implements Policy.
func (*FIFO) TaskFinish(*JobState, Phase, int, float64) {}

// Depart implements Policy.
func (*FIFO) Depart(*JobState, float64) {}

// Pick implements Policy.
func (f *FIFO) Pick(p Phase, _ float64) *JobState {
	for _, j := range f.s.Active {
		if j.Pending(p) > 0 {
			return j
		}
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
func (*Fair) Arrive(*JobState, float64) {}

// TaskStart implements Policy.
func (*Fair) TaskStart(*JobState, Phase, int, float64) {}

// TaskFinish implements Policy.
func (*Fair) TaskFinish(*JobState, Phase, int, float64) {}

// Depart implements Policy.
func (*Fair) Depart(*JobState, float64) {}

// Pick implements Policy.
func (f *Fair) Pick(p Phase, _ float64) *JobState {
	return f.t.pick(p, func(int) float64 { return 1 }, func(int) bool { return false })
}

// tiered is the two-tier deficit scheduler shared by Fair and LsPS (so that
// LsPS with α = 0 and Fair tier 2 runs the very same arithmetic as Fair).
type tiered struct {
	s       *Sim
	demand  []float64 // per user: running + pending of the phase
	running []float64
	pending []int
	jobs    [][]*JobState // per user, active jobs with demand, in Active order
	users   []int
	shares  []float64
	wts     []float64
	dem     []float64
	idx     []wfItem
}

func (t *tiered) init(s *Sim) {
	t.s = s
	n := len(s.Users)
	t.demand, t.running, t.pending = make([]float64, n), make([]float64, n), make([]int, n)
	t.jobs = make([][]*JobState, n)
}

// pick chooses a job for a free slot of phase p: tier 1 by largest user
// deficit with shares ∝ weight(u) (max-min water-filling capped at each
// user's demand), tier 2 by FIFO when fifo(u), otherwise by largest job
// deficit with equal job shares.
func (t *tiered) pick(p Phase, weight func(u int) float64, fifo func(u int) bool) *JobState {
	for u := range t.demand {
		t.demand[u], t.running[u], t.pending[u] = 0, 0, 0
		t.jobs[u] = t.jobs[u][:0]
	}
	t.users = t.users[:0]
	for _, j := range t.s.Active {
		d := j.Running[p] + j.Pending(p)
		if d == 0 {
			continue
		}
		u := j.User
		if len(t.jobs[u]) == 0 {
			t.users = append(t.users, u)
		}
		t.jobs[u] = append(t.jobs[u], j)
		t.demand[u] += float64(d)
		t.running[u] += float64(j.Running[p])
		t.pending[u] += j.Pending(p)
	}
	if len(t.users) == 0 {
		return nil
	}
	sort.Ints(t.users)
	t.wts, t.dem = t.wts[:0], t.dem[:0]
	for _, u := range t.users {
		t.wts = append(t.wts, weight(u))
		t.dem = append(t.dem, t.demand[u])
	}
	t.shares, t.idx = waterfill(float64(t.s.Slots[p]), t.wts, t.dem, t.shares, t.idx)
	best, bestDef := -1, 0.0
	var bestShare float64
	for k, u := range t.users {
		if t.pending[u] == 0 {
			continue
		}
		if def := t.shares[k] - t.running[u]; best < 0 || def > bestDef {
			best, bestDef, bestShare = u, def, t.shares[k]
		}
	}
	if best < 0 {
		return nil
	}
	js := t.jobs[best]
	if fifo(best) {
		for _, j := range js {
			if j.Pending(p) > 0 {
				return j
			}
		}
		return nil
	}
	t.wts, t.dem = t.wts[:0], t.dem[:0]
	for _, j := range js {
		t.wts = append(t.wts, 1)
		t.dem = append(t.dem, float64(j.Running[p]+j.Pending(p)))
	}
	t.shares, t.idx = waterfill(bestShare, t.wts, t.dem, t.shares, t.idx)
	var bj *JobState
	bjDef := 0.0
	for k, j := range js {
		if j.Pending(p) == 0 {
			continue
		}
		if def := t.shares[k] - float64(j.Running[p]); bj == nil || def > bjDef {
			bj, bjDef = j, def
		}
	}
	return bj
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
		idx = append(idx, wfItem{d[k] / w[k], k})
		W += w[k]
		D += d[k]
	}
	if D <= c {
		copy(out, d) // everybody's demand fits
		return out, idx
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
