package cluster

import (
	"math"
	"sort"

	"github.com/mrsched/mrsched/tolerance"
)

// SlackEntry is one job of the virtual PS queue of H-PFSP (§II-C): W is its
// estimated remaining processing time w_i, V its remaining time under the
// virtual PS v_i, S its slack s_i (eq. 6). Times are normalised: one unit is
// one second of the whole cluster (eq. 3–4, 10).
type SlackEntry struct {
	Key     int // tie-break: smaller Key (earlier submission) first (§III-A)
	ID      int // owner's index (free for the caller)
	W, V, S float64
	// Done marks a job that has finished for real while still in the
	// virtual queue; the completable test treats its slack as +∞ (§II-C:
	// "we set s_i = ∞").
	Done bool
	pos  int // index in the queue, −1 when not queued
	dlt  float64
}

// InQueue reports whether e is in a slack system.
func (e *SlackEntry) InQueue() bool { return e.pos >= 0 }

// Slack is the slack system of H-PFSP: the virtual PS queue sorted by V
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
// Every update below is incremental and keeps eq. 6 exact (up to rounding),
// which the property test checks against Eq6 after every update.
type Slack struct {
	q []*SlackEntry
}

// Len returns m, the number of jobs in the virtual queue.
func (ss *Slack) Len() int { return len(ss.q) }

// At returns the entry at 0-based position k.
func (ss *Slack) At(k int) *SlackEntry { return ss.q[k] }

func less(a *SlackEntry, v float64, key int) bool {
	return a.V < v || a.V == v && a.Key < key
}

// Insert adds a new job with e.W = e.V (eq. 18) and sets e.S. Jobs ahead of
// it gain v_k (m grew by one: the PS shares with one more job); jobs behind
// it gain v_new − w_new = 0 (it is now ahead of them with v = w), so only
// the front part is touched.
func (ss *Slack) Insert(e *SlackEntry) {
	p := sort.Search(len(ss.q), func(k int) bool { return !less(ss.q[k], e.V, e.Key) })
	ss.q = append(ss.q, nil)
	copy(ss.q[p+1:], ss.q[p:])
	ss.q[p] = e
	for k := p + 1; k < len(ss.q); k++ {
		ss.q[k].pos = k
	}
	e.pos = p
	m := float64(len(ss.q))
	sv, sw := 0.0, 0.0
	for k := 0; k < p; k++ {
		ss.q[k].S += ss.q[k].V
		sv += ss.q[k].V
		sw += ss.q[k].W
	}
	if e.W != e.V {
		// A general insertion: jobs behind gain v_new − w_new.
		for k := p + 1; k < len(ss.q); k++ {
			ss.q[k].S += e.V - e.W
		}
	}
	e.S = sv + (m-float64(p))*e.V - sw - e.W
}

// Remove deletes e from the queue (a job whose virtual PS service is over,
// v = 0). Jobs ahead lose v_k (m shrank); jobs behind gain w_e − v_e.
func (ss *Slack) Remove(e *SlackEntry) {
	p := e.pos
	if p < 0 {
		return
	}
	for k := 0; k < p; k++ {
		ss.q[k].S -= ss.q[k].V
	}
	for k := p + 1; k < len(ss.q); k++ {
		ss.q[k].S += e.W - e.V
		ss.q[k-1] = ss.q[k]
		ss.q[k-1].pos = k - 1
	}
	ss.q[len(ss.q)-1] = nil
	ss.q = ss.q[:len(ss.q)-1]
	e.pos = -1
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
// the order by V is unchanged.
func (ss *Slack) Advance(D float64, exec []Exec) {
	m := float64(len(ss.q))
	if m == 0 {
		return
	}
	for _, x := range exec {
		if x.E.pos >= 0 {
			x.E.dlt += x.Delta
		}
	}
	cum := 0.0
	dv := D / m
	for _, e := range ss.q {
		cum += e.dlt
		e.W -= e.dlt
		e.V -= dv
		e.S -= D - cum
		e.dlt = 0
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
// s_i += (m−i)·Δw.
func (ss *Slack) Reestimate(e *SlackEntry, w float64) {
	if e.pos < 0 {
		e.W = w
		return
	}
	i := e.pos
	vOld, wOld := e.V, e.W
	vNew := vOld + (w - wOld)
	m := float64(len(ss.q))
	sumV, sumW := 0.0, 0.0
	p := i
	if vNew > vOld {
		for p+1 < len(ss.q) && less(ss.q[p+1], vNew, e.Key) {
			j := ss.q[p+1]
			j.S += j.V - vOld + wOld // eq. 14
			sumV += j.V
			sumW += j.W
			ss.q[p] = j
			j.pos = p
			p++
		}
		e.S += sumV + (m-float64(p))*vNew - (m-float64(i))*vOld - (sumW + w - wOld) // eq. 15 (0-based p, i)
	} else {
		for p > 0 && !less(ss.q[p-1], vNew, e.Key) {
			j := ss.q[p-1]
			j.S += vNew - j.V - w // eq. 16
			sumV += j.V
			sumW += j.W
			ss.q[p] = j
			j.pos = p
			p--
		}
		e.S += -sumV + (m-float64(p))*vNew - (m-float64(i))*vOld + (sumW - w + wOld) // eq. 17
	}
	ss.q[p] = e
	e.pos = p
	e.V, e.W = vNew, w
}

// Eq6 evaluates eq. 6 from scratch for every queued job, in queue order
// (the oracle of the incremental updates).
func (ss *Slack) Eq6() []float64 {
	m := float64(len(ss.q))
	out := make([]float64, len(ss.q))
	sv, sw := 0.0, 0.0
	for k, e := range ss.q {
		sw += e.W
		out[k] = sv + (m-float64(k))*e.V - sw
		sv += e.V
	}
	return out
}

// FrontV returns the smallest v in the queue (+Inf when empty).
func (ss *Slack) FrontV() float64 {
	if len(ss.q) == 0 {
		return math.Inf(1)
	}
	return ss.q[0].V
}

// Completable is Algorithm 4: job e is completable when every job ahead of
// it in the virtual queue (v_j < v_e, ties by Key) that has not finished
// has slack s_j ≥ w_e (tolerance.GE). A job not in the queue (its virtual
// PS service already over) is completable: no queued job is ahead of it.
func (ss *Slack) Completable(e *SlackEntry) bool {
	for k := 0; k < e.pos; k++ {
		if j := ss.q[k]; !j.Done && !tolerance.GE(j.S, e.W) {
			return false
		}
	}
	return true
}
