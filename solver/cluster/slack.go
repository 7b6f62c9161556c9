package cluster

import (
	"math"
	"sort"

	"github.com/mrsched/mrsched/tolerance"
)

// SlackEntry is one job of the virtual PS queue of H-PFSP (§II-C): W is its
// estimated remaining processing time w_i; its remaining time under the
// virtual PS v_i and its slack s_i (eq. 6) are kept implicitly by the
// Slack that holds it (Slack.V, Slack.S). Times are normalised: one unit
// is one second of the whole cluster (eq. 3–4, 10).
type SlackEntry struct {
	Key int // tie-break: smaller Key (earlier submission) first (§III-A)
	ID  int // owner's index (free for the caller)
	W   float64
	// done marks a job that has finished for real (Slack.Finish); the
	// completable test treats its slack as +∞ (§II-C: "we set s_i = ∞").
	// Its W is 0.
	done bool
	// f is the virtual finish time: v = f − g (Slack.g the virtual clock).
	// x is the slack's offset: s = x − Slack.d − Σ_{j≤i} w_j over the
	// queue up to and including this entry.
	f, x float64
	pos  int // index in the queue, −1 when not queued
	lpos int // index in Slack.live, −1 when not there
	// mark[c]: the entry counts in class c's tree of w (Slack.Mark;
	// H-PFSP marks a job in class p while it has runnable tasks of phase p).
	mark [2]bool
}

// Done reports whether e has finished for real (Slack.Finish).
func (e *SlackEntry) Done() bool { return e.done }

// InQueue reports whether e is in a slack system.
func (e *SlackEntry) InQueue() bool { return e.pos >= 0 }

// Slack is the slack system of H-PFSP: the virtual PS queue sorted by v
// (ties by Key), with
//
//	s_i = Σ_{j<i} v_j + (m − i + 1)·v_i − Σ_{j≤i} w_j      (eq. 6)
//
// for the job at 1-based position i of m. In the extracted text eq. 6 reads
// "Σ v_j + (m? i + 1)v_i ? ?? Σ w_j ??": the first '?' is a minus (the PS
// remaining flow time of job i is Σ_{j<i} v_j + (m−i+1)v_i, as the text
// after eq. 6 explains), the second '?' a minus, and '??' big parentheses
// around Σ_{j≤i} w_j (the time to serve job i and the jobs ahead of it).
//
// Virtual time (docs/appendix/cluster.md, "Data structures"): the virtual PS serves every
// queued job at the same rate, so one global virtual clock g (the service
// each queued job has received, Σ D/m over the intervals) and each job's
// virtual finish f = g at insertion + v give v = f − g; the queue is sorted
// by (f, Key), the same order as by (v, Key). Eq. 7–9 lower every s_k by
// D − Σ_{j≤k} Δ_j, which is −D for all plus the change of the prefix sum
// of w: so each entry keeps an offset x with s_k = x_k − d − Σ_{j≤k} w_j,
// d = Σ D. An interval then costs O(executed jobs) instead of O(m); the
// slacks are read in queue order with a running prefix sum (Pick,
// Completable). Insertions, removals and re-estimates update the offsets
// of the other entries from the same formulas as before (O(m) each).
// The values are those of eq. 6 up to rounding, which the property test
// checks against Eq6 after every update.
type Slack struct {
	q    []*SlackEntry
	live []*SlackEntry // the entries of q that are not done, in queue order
	// w and x of live, contiguous (the completable scan reads only these).
	lw, lx []float64
	// mmin[c] is a min segment tree over lw restricted to the entries
	// marked in class c (leaves at wn + i, +Inf for unmarked ones), so that
	// Pick's scan can jump to the next marked entry with a smaller w
	// (NextMarkedBelow; MinMarked).
	mmin  [2][]float64
	wn    int
	stack []int   // MinMarked's scratch space
	g     float64 // virtual clock: each queued job's PS service so far
	d     float64 // Σ D: the uniform part of eq. 9
}

// Len returns m, the number of jobs in the virtual queue.
func (ss *Slack) Len() int { return len(ss.q) }

// At returns the entry at 0-based position k.
func (ss *Slack) At(k int) *SlackEntry { return ss.q[k] }

// V returns v_e, e's remaining time under the virtual PS (e queued).
func (ss *Slack) V(e *SlackEntry) float64 { return e.f - ss.g }

// S returns s_e, e's slack (eq. 6; e queued). It sums w over the queue
// ahead of e: O(position).
func (ss *Slack) S(e *SlackEntry) float64 {
	pw := 0.0
	for k := 0; k <= e.pos; k++ {
		pw += ss.q[k].W
	}
	return e.x - ss.d - pw
}

// before reports whether a precedes virtual finish f with key in the queue.
func before(a *SlackEntry, f float64, key int) bool {
	return a.f < f || a.f == f && a.Key < key
}

// liveIndex returns where an entry with virtual finish f and key goes in
// (or is in) live.
func (ss *Slack) liveIndex(f float64, key int) int {
	return sort.Search(len(ss.live), func(k int) bool { return !before(ss.live[k], f, key) })
}

func (ss *Slack) liveAdd(e *SlackEntry) int {
	i := ss.liveIndex(e.f, e.Key)
	ss.live = append(ss.live, nil)
	copy(ss.live[i+1:], ss.live[i:])
	ss.live[i] = e
	return i
}

// isLive reports whether e is in live (at its position lpos).
func (ss *Slack) isLive(e *SlackEntry) bool {
	return e.lpos >= 0 && e.lpos < len(ss.live) && ss.live[e.lpos] == e
}

func (ss *Slack) liveRemove(e *SlackEntry) {
	if i := e.lpos; ss.isLive(e) {
		copy(ss.live[i:], ss.live[i+1:])
		ss.live[len(ss.live)-1] = nil
		ss.live = ss.live[:len(ss.live)-1]
	}
	e.lpos = -1
}

// syncLive rewrites lx, and lw, the live positions and the trees of w
// from live position lo on, after a structural change at lo (an entry
// added to or removed from live there, or none with lo = len(live)): the
// entries ahead of lo kept their place and w, while x changed everywhere
// (O(m) anyway). The trees are rebuilt whole when their size changes.
func (ss *Slack) syncLive(lo int) {
	nl, old := len(ss.live), len(ss.lw)
	if nl > cap(ss.lw) {
		ss.lw = append(ss.lw[:cap(ss.lw)], make([]float64, nl-cap(ss.lw))...)
		ss.lx = append(ss.lx[:cap(ss.lx)], make([]float64, nl-cap(ss.lx))...)
	}
	ss.lw, ss.lx = ss.lw[:nl], ss.lx[:nl]
	for i, e := range ss.live {
		ss.lx[i] = e.x
	}
	for i := lo; i < nl; i++ {
		e := ss.live[i]
		e.lpos = i
		ss.lw[i] = e.W
	}
	if nl < treeMin {
		ss.wn = 0 // short queue: no tree (HasTree false)
		return
	}
	n := 1
	for n < nl {
		n *= 2
	}
	if n == ss.wn {
		// Same size: the leaves from lo to the last one that was or is
		// used, and their ancestors.
		if hi := max(old, nl) - 1; lo <= hi {
			for c := range ss.mmin {
				t := ss.mmin[c]
				for i := lo; i <= hi; i++ {
					t[n+i] = math.Inf(1)
					if i < nl {
						t[n+i] = ss.live[i].markedW(c)
					}
				}
			}
			ss.fixTrees(lo, hi)
		}
		return
	}
	ss.wn = n
	for c := range ss.mmin {
		if cap(ss.mmin[c]) < 2*n {
			ss.mmin[c] = make([]float64, 2*n)
		}
		t := ss.mmin[c][:2*n]
		ss.mmin[c] = t
		for i, e := range ss.live {
			t[n+i] = e.markedW(c)
		}
		for i := n + nl; i < 2*n; i++ {
			t[i] = math.Inf(1)
		}
		for i := n - 1; i >= 1; i-- {
			t[i] = minW(t[2*i], t[2*i+1])
		}
	}
}

// fixTrees recomputes the inner nodes of both trees of w above the leaves
// of live positions lo..hi.
func (ss *Slack) fixTrees(lo, hi int) {
	for c := range ss.mmin {
		t := ss.mmin[c]
		for a, b := (ss.wn+lo)/2, (ss.wn+hi)/2; a >= 1; a, b = a/2, b/2 {
			for k := a; k <= b; k++ {
				t[k] = minW(t[2*k], t[2*k+1])
			}
		}
	}
}

// markedW is e's leaf in class c's tree: its w if marked, else +Inf.
func (e *SlackEntry) markedW(c int) float64 {
	if e.mark[c] {
		return e.W
	}
	return math.Inf(1)
}

// treeMin: below this many unfinished entries the scan is short and the
// trees of w cost more to keep (one path per executed job and interval)
// than they save; syncLive then drops them. Measured (user CPU of one
// -bench 'Simulate/W/hpfsp' run): FB-2010 7.7 s with 1, 16 or 64, 9.2 s
// with 256 (its live queue averages 74 entries, never 256); synthetic 10⁵
// jobs 2.1–2.2 s with 1–64, 1.9 s with 256.
var treeMin = 64 // a variable so that the property test can exercise the tree

// setLiveW records a new w of the live entry at lpos i. Eq. 7 only lowers
// w (HPFSP.Advance clamps the executed work at ≥ 0): then the minima above
// change only while they exceed it; a larger w recomputes the path.
//
// An entry in neither class's tree (no runnable task of either phase: the
// usual case for a running job, whose w Advance lowers at every instant)
// changes only lw and returns before the trees' loop; most calls were
// that loop finding no mark (callgrind).
func (ss *Slack) setLiveW(i int, w float64) {
	old := ss.lw[i]
	ss.lw[i] = w
	if ss.wn == 0 {
		return
	}
	e := ss.live[i]
	if !e.mark[0] && !e.mark[1] {
		return
	}
	for c := range ss.mmin {
		if !e.mark[c] {
			continue
		}
		t := ss.mmin[c]
		k := ss.wn + i
		t[k] = w
		if w <= old {
			for k /= 2; k >= 1 && t[k] > w; k /= 2 {
				t[k] = w
			}
			continue
		}
		for k /= 2; k >= 1; k /= 2 {
			t[k] = minW(t[2*k], t[2*k+1])
		}
	}
}

// Mark puts e in (on) or out of class c's tree of w (c is 0 or 1), the
// set NextMarkedBelow and MinMarked look at: O(log m).
func (ss *Slack) Mark(e *SlackEntry, c int, on bool) {
	if e.mark[c] == on {
		return
	}
	e.mark[c] = on
	if ss.wn == 0 || !ss.isLive(e) {
		return // no tree, or e not in it (lpos is meaningless outside live)
	}
	t := ss.mmin[c]
	k := ss.wn + e.lpos
	t[k] = e.markedW(c)
	for k /= 2; k >= 1; k /= 2 {
		t[k] = minW(t[2*k], t[2*k+1])
	}
}

// syncLiveRange is syncLive after a re-estimate that moved live entries
// only within positions lo..hi (their w, position and x changed; the
// caller has updated lx behind them): O((hi−lo)·log m).
func (ss *Slack) syncLiveRange(lo, hi int) {
	for i := lo; i <= hi; i++ {
		e := ss.live[i]
		e.lpos = i
		ss.lx[i] = e.x
	}
	for i := lo; i <= hi; i++ {
		ss.lw[i] = ss.live[i].W
	}
	if ss.wn == 0 {
		return
	}
	for c := range ss.mmin {
		t := ss.mmin[c]
		for i := lo; i <= hi; i++ {
			t[ss.wn+i] = ss.live[i].markedW(c)
		}
	}
	ss.fixTrees(lo, hi)
}

// NextMarkedBelow returns the first live position ≥ i whose entry is
// marked in class c and has w < bound, or −1 when there is none: one climb
// and one descent of the tree, O(log m). There must be a tree (ss.wn > 0;
// HasTree).
func (ss *Slack) NextMarkedBelow(c, i int, bound float64) int {
	t, n := ss.mmin[c], ss.wn
	if i >= n {
		return -1
	}
	k := n + i
	for !(t[k] < bound) {
		for k&1 == 1 { // a right child: its parent's range ends where k's does
			k >>= 1
		}
		if k == 0 {
			return -1 // climbed past the root: nothing to the right
		}
		k++ // the subtree just right of k's range
	}
	for k < n {
		if k *= 2; !(t[k] < bound) {
			k++
		}
	}
	return k - n
}

// HasTree reports whether the trees of marked w exist (at least treeMin
// unfinished entries).
func (ss *Slack) HasTree() bool { return ss.wn > 0 }

// MinMarked returns the unfinished queued entry marked in class c with the
// smallest w, the smallest Key among equal ones (nil when none is marked),
// and true; false when there is no tree (fewer than treeMin unfinished
// entries): O(log m) plus the entries tied at the minimum.
func (ss *Slack) MinMarked(c int) (*SlackEntry, bool) {
	if ss.wn == 0 {
		return nil, false
	}
	t := ss.mmin[c]
	m := t[1]
	if math.IsInf(m, 1) {
		return nil, true
	}
	var best *SlackEntry
	stack := append(ss.stack[:0], 1)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if t[i] != m {
			continue
		}
		if i >= ss.wn {
			if e := ss.live[i-ss.wn]; best == nil || e.Key < best.Key {
				best = e
			}
			continue
		}
		stack = append(stack, 2*i, 2*i+1)
	}
	ss.stack = stack
	return best, true
}

// Finish marks e as finished for real: its w becomes 0 (eq. 11–17) and
// its slack counts as +∞ from now on.
func (ss *Slack) Finish(e *SlackEntry) {
	ss.Reestimate(e, 0)
	if e.pos >= 0 && !e.done {
		i := e.lpos
		ss.liveRemove(e)
		ss.syncLive(i)
	}
	e.done = true
}

// Insert adds a new job with remaining time e.W and virtual remaining time
// v (eq. 18: v = w). Jobs ahead of it gain v_k (m grew by one: the PS
// shares with one more job); jobs behind it gain v − w (it is now ahead of
// them).
func (ss *Slack) Insert(e *SlackEntry, v float64) {
	e.f = ss.g + v
	p := sort.Search(len(ss.q), func(k int) bool { return !before(ss.q[k], e.f, e.Key) })
	ss.q = append(ss.q, nil)
	copy(ss.q[p+1:], ss.q[p:])
	ss.q[p] = e
	e.pos = p
	m := float64(len(ss.q))
	sv := 0.0
	for k := 0; k < p; k++ {
		vk := ss.q[k].f - ss.g
		ss.q[k].x += vk
		sv += vk
	}
	// Behind: s += v − w and the prefix sum of w grew by w, so x += v.
	for k := p + 1; k < len(ss.q); k++ {
		ss.q[k].pos = k
		ss.q[k].x += v
	}
	// s_e = sv + (m−p)·v − Σ_{k<p} w_k − w and s_e = x_e − d − (Σ_{k<p} w_k + w).
	e.x = sv + (m-float64(p))*v + ss.d
	lo := len(ss.live)
	if !e.done {
		lo = ss.liveAdd(e)
	}
	ss.syncLive(lo)
}

// Remove deletes e from the queue (a job whose virtual PS service is over,
// v = 0). Jobs ahead lose v_k (m shrank); jobs behind gain w_e − v_e.
func (ss *Slack) Remove(e *SlackEntry) {
	p := e.pos
	if p < 0 {
		return
	}
	lo := len(ss.live) // a finished entry is not in live
	if !e.done {
		lo = e.lpos
		ss.liveRemove(e)
	}
	for k := 0; k < p; k++ {
		ss.q[k].x -= ss.q[k].f - ss.g
	}
	// Behind: s += w_e − v_e and the prefix sum of w lost w_e: x −= v_e.
	ve := e.f - ss.g
	for k := p + 1; k < len(ss.q); k++ {
		ss.q[k].x -= ve
		ss.q[k-1] = ss.q[k]
		ss.q[k-1].pos = k - 1
	}
	ss.q[len(ss.q)-1] = nil
	ss.q = ss.q[:len(ss.q)-1]
	e.pos = -1
	ss.syncLive(min(lo, len(ss.live)))
	if len(ss.q) == 0 {
		// Nothing refers to the clocks any more: restart them at 0 (smaller
		// magnitudes, smaller rounding in f − g and x − d).
		ss.g, ss.d = 0, 0
	}
}

// Exec is executed normalised work of one queued job during an Advance.
type Exec struct {
	E     *SlackEntry
	Delta float64
}

// Advance applies eq. 7–9 for one interval: every listed job i has run
// Δt̂_i (eq. 10, already normalised, and already clamped by the caller so
// that w stays ≥ its floor), and the virtual PS has served D in total,
// shared equally: v_j −= D/m for all j (eq. 8). Then w_i −= Δt̂_i (eq. 7)
// and, writing Δ_{≤k} for the work of the listed jobs at positions ≤ k,
//
//	s_k −= D − Δ_{≤k}.
//
// With the paper's D = Σ_i Δt̂_i (the virtual PS advances by the work
// actually done) this is eq. 9, s_j −= Δt̂_i for every j ahead of i. With
// D = Δt (a virtual PS of capacity 1 running in real time, the fluid PS
// reference) idle capacity also consumes everybody's slack. The interval
// must not contain a virtual completion (the caller splits it there), so
// the order by v is unchanged. In the virtual-time form this is g += D/m,
// d += D and w_i −= Δt̂_i: O(listed jobs).
func (ss *Slack) Advance(D float64, exec []Exec) {
	if len(ss.q) == 0 {
		return
	}
	ss.advanceClock(D)
	for _, x := range exec {
		if x.E.pos >= 0 {
			ss.lowerW(x.E, x.Delta)
		}
	}
}

// advanceClock is Advance's uniform part, g += D/m and d += D (the queue
// not empty).
func (ss *Slack) advanceClock(D float64) {
	ss.g += D / float64(len(ss.q))
	ss.d += D
}

// lowerW is Advance's part for one queued entry e that ran Δ (eq. 7):
// w −= Δ, in the trees of w too while e is unfinished.
func (ss *Slack) lowerW(e *SlackEntry, delta float64) {
	e.W -= delta
	if !e.done {
		ss.setLiveW(e.lpos, e.W)
	}
}

// Reestimate replaces job e's remaining time by a new estimate w̃ (eq.
// 11–13: Δw = w̃ − w, w = w̃, v += Δw), moves it to its new place in the
// queue and updates the slacks of the jobs it passes and its own (eq.
// 14–17). With 1-based old position i, new position i', m jobs and the
// passed jobs P:
//
// Case 1, moving back (i < i'; P = old positions i+1..i'):
//
//	s_j += v_j − v_i + w_i                                         (eq. 14)
//	s_i += Σ_P v + (m−i'+1)·ṽ_i − (m−i+1)·v_i − (Σ_P w + w̃_i − w_i)  (eq. 15)
//
// Case 2, moving forward (i' < i; P = old positions i'..i−1):
//
//	s_j += ṽ_i − v_j − w̃_i                                         (eq. 16)
//	s_i += −Σ_P v + (m−i'+1)·ṽ_i − (m−i+1)·v_i + (Σ_P w − w̃_i + w_i) (eq. 17)
//
// (old v_i, w_i; new ṽ_i, w̃_i). The extracted text garbles the primes and
// minus signs of eq. 14–17 into '?' and prints the sums' limits as
// "i+1..i'−1" and "i'+1..i−1"; we derived the formulas above from eq. 6
// by writing s for the old and the new order and subtracting, which pins
// down the passed set as written (its slack gains exactly the terms of job
// i it no longer contains). Jobs ahead of both positions are unchanged;
// jobs behind both gain Δv − Δw = 0. Without a move, P is empty and
// s_i += (m−i)·Δw. A finished entry (Finish) keeps w = 0. In the offsets x (s = x − d − Σ_{j≤k} w_j) the prefix
// sums of w change too: a passed job loses w_i (case 1) or gains w̃_i
// (case 2) ahead of it, the jobs behind both gain Δw.
func (ss *Slack) Reestimate(e *SlackEntry, w float64) {
	if e.done {
		return // finished: w stays 0
	}
	if e.pos < 0 {
		e.W = w
		return
	}
	// The move in the queue is a move in live as well (live is the
	// unfinished entries in queue order): every unfinished entry passed
	// shifts by one place there, and e lands after the unfinished
	// entries now ahead of it.
	li, lp := e.lpos, e.lpos
	i := e.pos
	vOld, wOld := e.f-ss.g, e.W
	dw := w - wOld
	fNew := e.f + dw
	vNew := vOld + dw
	m := float64(len(ss.q))
	sumV := 0.0
	p := i
	if fNew > e.f {
		for p+1 < len(ss.q) && before(ss.q[p+1], fNew, e.Key) {
			j := ss.q[p+1]
			vj := j.f - ss.g
			j.x += vj - vOld // eq. 14; Σ_{≤j} w lost w_i
			sumV += vj
			ss.q[p] = j
			j.pos = p
			p++
			if !j.done {
				ss.live[lp] = j
				lp++
			}
		}
		e.x += sumV + (m-float64(p))*vNew - (m-float64(i))*vOld // eq. 15 (0-based p, i)
	} else {
		for p > 0 && !before(ss.q[p-1], fNew, e.Key) {
			j := ss.q[p-1]
			vj := j.f - ss.g
			j.x += vNew - vj // eq. 16; Σ_{≤j} w gained w̃_i
			sumV += vj
			ss.q[p] = j
			j.pos = p
			p--
			if !j.done {
				ss.live[lp] = j
				lp--
			}
		}
		e.x += -sumV + (m-float64(p))*vNew - (m-float64(i))*vOld // eq. 17
	}
	ss.q[p] = e
	e.pos = p
	e.f, e.W = fNew, w
	ss.live[lp] = e
	if dw != 0 {
		// Behind both positions: x += Δw, in live's copy too (the same
		// addition, so the same bits).
		for k := max(i, p) + 1; k < len(ss.q); k++ {
			j := ss.q[k]
			j.x += dw
			if !j.done {
				ss.lx[j.lpos] = j.x
			}
		}
	}
	ss.syncLiveRange(min(li, lp), max(li, lp))
}

// Eq6 evaluates eq. 6 from scratch for every queued job, in queue order
// (the oracle of the incremental updates).
func (ss *Slack) Eq6() []float64 {
	m := float64(len(ss.q))
	out := make([]float64, len(ss.q))
	sv, sw := 0.0, 0.0
	for k, e := range ss.q {
		v := e.f - ss.g
		sw += e.W
		out[k] = sv + (m-float64(k))*v - sw
		sv += v
	}
	return out
}

// FrontV returns the smallest v in the queue (+Inf when empty).
func (ss *Slack) FrontV() float64 {
	if len(ss.q) == 0 {
		return math.Inf(1)
	}
	return ss.q[0].f - ss.g
}

// Completable is Algorithm 4: job e is completable when every job ahead of
// it in the virtual queue (v_j < v_e, ties by Key) that has not finished
// has slack s_j ≥ w_e (tolerance.GE). A job not in the queue (its virtual
// PS service already over) is completable: no queued job is ahead of it.
func (ss *Slack) Completable(e *SlackEntry) bool {
	pw := 0.0 // finished jobs have w = 0: the live entries' sum is Σ_{i≤k} w_i
	for _, j := range ss.live {
		if j.pos >= e.pos {
			break
		}
		pw += j.W
		if !tolerance.GE(j.x-ss.d-pw, e.W) {
			return false
		}
	}
	return true
}

// minW is min(a, b) for the trees of w, written with branches: the
// builtin's NaN and signed-zero rules cost about 10 instructions per
// node (callgrind: fixTrees' line was 3.7 % of H-PFSP). A NaN
// goes to the builtin, so it propagates as before; for a == b it returns
// a where the builtin prefers −0, a difference no reader of the trees can
// see: they only compare node values (<, >, ==, !=, IsInf), for which
// −0 and +0 are the same. TestMinWMatchesMin checks it on edge values.
func minW(a, b float64) float64 {
	if a <= b {
		return a
	}
	if b < a {
		return b
	}
	return min(a, b)
}
