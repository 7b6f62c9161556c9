// Package srpt simulates a single preemptive server under Shortest
// Remaining Processing Time. It is the "speed-of-light" reference of the
// tandem benchmarks (issue 2): each tandem job (x, y) becomes one job of
// size max(x/μ_m, y/μ_c), its stand-alone time, as in the proof of
// Theorem 3 of Lin et al. (§4.1), where SRPT on these sizes bounds MaxSRPT.
// SRPT minimises the mean response time of a single server (Schrage 1968,
// the paper's [27]).
package srpt

import (
	"container/heap"
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

type item struct {
	rem float64
	seq int
	r   float64
}

type queue []item

func (q queue) Len() int { return len(q) }
func (q queue) Less(i, j int) bool {
	if q[i].rem != q[j].rem {
		return q[i].rem < q[j].rem
	}
	return q[i].seq < q[j].seq
}
func (q queue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)   { *q = append(*q, x.(item)) }
func (q *queue) Pop() any     { o := *q; n := len(o) - 1; it := o[n]; *q = o[:n]; return it }

// Simulate runs SRPT with server speed `speed` (0 means 1) on the jobs of
// src (non-decreasing release order), job sizes max(x/mapCap, y/shuffleCap).
// sink, if not nil, receives (sequence number, response time) per job.
func Simulate(src instances.Source, mapCap, shuffleCap, speed float64, sink func(seq int, response float64)) (Summary, error) {
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
				it := heap.Pop(&q).(item)
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
		size := math.Max(next.Map/mapCap, next.Shuffle/shuffleCap)
		if !(size > 0) || math.IsInf(size, 0) || !(next.Map >= 0) || !(next.Shuffle >= 0) {
			return Summary{}, fmt.Errorf("%w: job %d (id %q): sizes (%v, %v) must be finite, non-negative, not both 0", ErrInput, seq, next.ID, next.Map, next.Shuffle)
		}
		heap.Push(&q, item{rem: size, seq: seq, r: next.Release})
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
