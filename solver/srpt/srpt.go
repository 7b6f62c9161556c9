// Package srpt simulates a single preemptive server under Shortest
// Remaining Processing Time (Schrage 1968, the paper's [27]: SRPT minimises
// the mean response time of one server). It gives the two references of
// the tandem benchmarks (docs/tandem-sim.md): Simulate serves each tandem job
// (x, y) as one job of size max(x/μ_m, y/μ_c), its stand-alone time, as in
// the proof of Theorem 3 of Lin et al. (§4.1), where SRPT on these sizes
// bounds MaxSRPT (on the §5.3 workload E[max(x, y)] > 1, so this queue is
// overloaded at ρ = 0.75 and 0.9); SimulateMap serves the map sizes x/μ_m
// alone, a stable queue at load ρ, the least work a simulator of the same
// arrivals can do per job (the "speed of light" of the tandem simulator).
package srpt

import (
	"errors"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/instances"
)

// ErrInput is wrapped by errors about the input.
var ErrInput = errors.New("srpt: invalid input")

// Summary aggregates a run.
type Summary struct {
	N             int
	TotalResponse float64
	MeanResponse  float64
	Makespan      float64
	MaxInSystem   int
}

// item is a job in the queue: remaining size, arrival number, release.
type item struct {
	rem float64
	seq int
	r   float64
}

// queue is a binary min-heap by (rem, seq), typed (no interface boxing);
// push and pop are those of container/heap. It is written out for the
// simulator's hot loop (BenchmarkStream's srpt-ref and srpt-map in
// solver/fluid): with internal/pq a run on 10^5 jobs took 1.5 times as
// long (28.5 against 18.5 ms, side by side).
type queue []item

func (q queue) less(i, j int) bool {
	if q[i].rem != q[j].rem {
		return q[i].rem < q[j].rem
	}
	return q[i].seq < q[j].seq
}

func (q *queue) push(it item) {
	*q = append(*q, it)
	h := *q
	for j := len(h) - 1; j > 0; {
		i := (j - 1) / 2
		if !h.less(j, i) {
			break
		}
		h[i], h[j] = h[j], h[i]
		j = i
	}
}

func (q *queue) pop() item {
	h := *q
	n := len(h) - 1
	h[0], h[n] = h[n], h[0]
	for i := 0; ; {
		j := 2*i + 1
		if j >= n {
			break
		}
		if j2 := j + 1; j2 < n && h.less(j2, j) {
			j = j2
		}
		if !h.less(j, i) {
			break
		}
		h[i], h[j] = h[j], h[i]
		i = j
	}
	it := h[n]
	*q = h[:n]
	return it
}

// Simulate runs SRPT with server speed `speed` (0 means 1) on the jobs of
// src (non-decreasing release order), job sizes max(x/mapCap, y/shuffleCap)
// (Theorem 3's reference). sink, if not nil, receives (sequence number,
// response time) per job.
func Simulate(src instances.Source, mapCap, shuffleCap, speed float64, sink func(seq int, response float64)) (Summary, error) {
	return run(src, mapCap, shuffleCap, speed, false, sink)
}

// SimulateMap runs SRPT with server speed `speed` (0 means 1) on the map
// sizes x/mapCap of the jobs of src alone (the shuffle work is ignored): a
// single station at the map load, the tight reference of the tandem
// simulator's speed. A job with no map work leaves at its release.
func SimulateMap(src instances.Source, mapCap, speed float64, sink func(seq int, response float64)) (Summary, error) {
	return run(src, mapCap, 1, speed, true, sink)
}

func run(src instances.Source, mapCap, shuffleCap, speed float64, mapOnly bool, sink func(seq int, response float64)) (Summary, error) {
	if speed == 0 {
		speed = 1
	}
	if !(speed > 0) || !(mapCap > 0) || !(shuffleCap > 0) || math.IsInf(speed+mapCap+shuffleCap, 0) {
		return Summary{}, fmt.Errorf("%w: capacities and speed must be positive and finite", ErrInput)
	}
	var s Summary
	var q queue
	var sum, comp float64 // Neumaier summation
	now, last := 0.0, 0.0
	seq := 0
	next, ok := src.Next()
	for ok || len(q) > 0 {
		tArr := math.Inf(1)
		if ok {
			if next.Release < last || math.IsNaN(next.Release) {
				return Summary{}, fmt.Errorf("%w: job %d (id %q): release %v out of order", ErrInput, seq, next.ID, next.Release)
			}
			tArr = next.Release
		}
		if len(q) > 0 {
			tDone := now + q[0].rem/speed
			if tDone <= tArr {
				it := q.pop()
				now = tDone
				resp := now - it.r
				t := sum + resp
				if math.Abs(sum) >= math.Abs(resp) {
					comp += (sum - t) + resp
				} else {
					comp += (resp - t) + sum
				}
				sum = t
				s.N++
				s.Makespan = now
				if sink != nil {
					sink(it.seq, resp)
				}
				continue
			}
			q[0].rem -= (tArr - now) * speed
			if q[0].rem < 0 {
				q[0].rem = 0
			}
		}
		now = tArr
		last = tArr
		var size float64
		if mapOnly {
			size = next.Map / mapCap
			if !(size >= 0) || math.IsInf(size, 0) || !(next.Shuffle >= 0) || math.IsInf(next.Shuffle, 0) || (next.Map == 0 && next.Shuffle == 0) {
				return Summary{}, fmt.Errorf("%w: job %d (id %q): sizes (%v, %v) must be finite, non-negative, not both 0", ErrInput, seq, next.ID, next.Map, next.Shuffle)
			}
		} else {
			size = math.Max(next.Map/mapCap, next.Shuffle/shuffleCap)
			if !(size > 0) || math.IsInf(size, 0) || !(next.Map >= 0) || !(next.Shuffle >= 0) {
				return Summary{}, fmt.Errorf("%w: job %d (id %q): sizes (%v, %v) must be finite, non-negative, not both 0", ErrInput, seq, next.ID, next.Map, next.Shuffle)
			}
		}
		q.push(item{rem: size, seq: seq, r: next.Release})
		seq++
		if len(q) > s.MaxInSystem {
			s.MaxInSystem = len(q)
		}
		next, ok = src.Next()
	}
	s.TotalResponse = sum + comp
	if s.N > 0 {
		s.MeanResponse = s.TotalResponse / float64(s.N)
	}
	return s, nil
}
