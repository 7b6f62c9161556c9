package instances

import (
	"container/heap"
	"fmt"
	"math"
	"strings"
)

// Weights, dependencies and deadlines extend the model of Lin et al. (§2.1)
// with the three things a planner states about a night of jobs:
//
//   - a weight w_i > 0 (default 1): the objective becomes the weighted
//     total response time Σ w_i (C_i − r_i), equal to Σ (C_i − r_i) when
//     every weight is 1;
//   - predecessors (After): job i receives no map or shuffle service before
//     every job in After has completed;
//   - a deadline d_i ≥ r_i (Due, HasDue): a schedule that completes job i
//     after d_i is late by C_i − d_i.
//
// The fields are optional and their zero values are today's model.

// smallFanIn is the number of predecessors up to which duplicates are
// looked for by comparing pairs (above it, with a map).
const smallFanIn = 32

// validateExtensions checks the optional fields: a stated weight is finite
// and positive (0 means "not given"), predecessors are indices in range,
// none is the job itself or listed twice, the dependencies form no cycle
// (the error names the jobs on one), a deadline is finite and not before
// the release, and the weighted objective cannot overflow (n·H·max w at
// most MaxMagnitude, H as in Validate).
func (in *Instance) validateExtensions() error {
	n := len(in.Jobs)
	maxW := 1.0
	deps := false
	for i, j := range in.Jobs {
		switch w := j.Weight; {
		case math.IsNaN(w):
			return &FieldError{Job: i, Field: "weight", Err: fmt.Errorf("%w: weight is NaN (want a positive number)", ErrInvalid)}
		case math.IsInf(w, 0):
			return &FieldError{Job: i, Field: "weight", Err: fmt.Errorf("%w: weight is infinite (want a finite positive number)", ErrInvalid)}
		case w < 0:
			return &FieldError{Job: i, Field: "weight", Err: fmt.Errorf("%w: weight %s is not positive", ErrInvalid, FormatFloat(w))}
		case w > maxW:
			maxW = w
		}
		for a, k := range j.After {
			switch {
			case k < 0 || k >= n:
				return &FieldError{Job: i, Field: "after", Err: fmt.Errorf("%w: predecessor index %d out of range (%d jobs)", ErrInvalid, k, n)}
			case k == i:
				return &FieldError{Job: i, Field: "after", Err: fmt.Errorf("%w: job %q is after itself", ErrInvalid, j.ID)}
			}
			if len(j.After) <= smallFanIn {
				for _, k2 := range j.After[:a] {
					if k2 == k {
						return &FieldError{Job: i, Field: "after", Err: fmt.Errorf("%w: %q listed twice", ErrInvalid, in.Jobs[k].ID)}
					}
				}
			}
			deps = true
		}
		if len(j.After) > smallFanIn {
			seen := make(map[int]bool, len(j.After))
			for _, k := range j.After {
				if seen[k] {
					return &FieldError{Job: i, Field: "after", Err: fmt.Errorf("%w: %q listed twice", ErrInvalid, in.Jobs[k].ID)}
				}
				seen[k] = true
			}
		}
		if j.HasDue {
			switch {
			case math.IsNaN(j.Due) || math.IsInf(j.Due, 0):
				return &FieldError{Job: i, Field: "due", Err: fmt.Errorf("%w: deadline %v is not finite", ErrInvalid, j.Due)}
			case j.Due < j.Release:
				return &FieldError{Job: i, Field: "due", Err: fmt.Errorf("%w: deadline %s is before the release %s", ErrInvalid, FormatFloat(j.Due), FormatFloat(j.Release))}
			}
		}
	}
	if deps {
		if cyc := in.cycle(); cyc != nil {
			names := make([]string, len(cyc))
			for k, i := range cyc {
				names[k] = fmt.Sprintf("%q", in.Jobs[i].ID)
			}
			var b strings.Builder
			for k := range cyc {
				if k > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%s is after %s", names[k], names[(k+1)%len(cyc)])
			}
			return &FieldError{Job: cyc[0], Field: "after", Err: fmt.Errorf("%w: dependency cycle through %d jobs: %s", ErrInvalid, len(cyc), b.String())}
		}
	}
	if maxW > 1 {
		var maxR, sx, sy float64
		for _, j := range in.Jobs {
			maxR = math.Max(maxR, j.Release)
			sx += j.Map
			sy += j.Shuffle
		}
		if h := float64(n) * (maxR + sx/in.MapCapacity + sy/in.ShuffleCapacity) * maxW; !(h <= MaxMagnitude) {
			return &FieldError{Job: -1, Field: "jobs", Err: fmt.Errorf("%w: too large: n·(max release + Σmap/map_capacity + Σshuffle/shuffle_capacity)·max weight = %s exceeds %g (weighted sums of response times would overflow float64)", ErrInvalid, FormatFloat(h), MaxMagnitude)}
		}
	}
	return nil
}

// cycle returns the jobs of one dependency cycle, each after the next (the
// last after the first), starting from its smallest index; nil when the
// dependencies are acyclic. The indices in After must be in range.
func (in *Instance) cycle() []int {
	n := len(in.Jobs)
	const (
		white = iota
		grey
		black
	)
	color := make([]uint8, n)
	pos := make([]int, n) // position on the current path, for grey jobs
	type frame struct{ job, next int }
	var path []int
	for s := 0; s < n; s++ {
		if color[s] != white {
			continue
		}
		stack := []frame{{s, 0}}
		color[s], pos[s] = grey, 0
		path = append(path[:0], s)
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			after := in.Jobs[f.job].After
			if f.next == len(after) {
				color[f.job] = black
				stack = stack[:len(stack)-1]
				path = path[:len(path)-1]
				continue
			}
			k := after[f.next]
			f.next++
			switch color[k] {
			case grey:
				cyc := append([]int(nil), path[pos[k]:]...)
				// Rotate so that the smallest index comes first.
				m := 0
				for i := range cyc {
					if cyc[i] < cyc[m] {
						m = i
					}
				}
				return append(cyc[m:], cyc[:m]...)
			case white:
				color[k], pos[k] = grey, len(path)
				path = append(path, k)
				stack = append(stack, frame{k, 0})
			}
		}
	}
	return nil
}

// Weight returns w_j: the job's Weight, or 1 when none is given.
func (in *Instance) Weight(j int) float64 {
	if w := in.Jobs[j].Weight; w != 0 {
		return w
	}
	return 1
}

// HasDependencies reports whether some job has a predecessor.
func (in *Instance) HasDependencies() bool {
	for _, j := range in.Jobs {
		if len(j.After) > 0 {
			return true
		}
	}
	return false
}

// HasWeights reports whether some job's weight is not 1.
func (in *Instance) HasWeights() bool {
	for _, j := range in.Jobs {
		if j.Weight != 0 && j.Weight != 1 {
			return true
		}
	}
	return false
}

// HasDeadlines reports whether some job has a deadline.
func (in *Instance) HasDeadlines() bool {
	for _, j := range in.Jobs {
		if j.HasDue {
			return true
		}
	}
	return false
}

// Successors returns, for each job, the indices of the jobs that are after
// it, in increasing order.
func (in *Instance) Successors() [][]int {
	succ := make([][]int, len(in.Jobs))
	for i, j := range in.Jobs {
		for _, k := range j.After {
			succ[k] = append(succ[k], i)
		}
	}
	return succ
}

type intHeap []int

func (h intHeap) Len() int           { return len(h) }
func (h intHeap) Less(a, b int) bool { return h[a] < h[b] }
func (h intHeap) Swap(a, b int)      { h[a], h[b] = h[b], h[a] }
func (h *intHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *intHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// TopologicalOrder returns the job indices in an order in which every job
// comes after its predecessors: among the jobs whose predecessors are all
// placed, the smallest index first (so an instance without dependencies
// gives 0, 1, …, n−1). It returns an error naming the jobs of a cycle when
// there is one (a valid instance has none).
func (in *Instance) TopologicalOrder() ([]int, error) {
	n := len(in.Jobs)
	indeg := make([]int, n)
	for i, j := range in.Jobs {
		for _, k := range j.After {
			if k < 0 || k >= n || k == i {
				return nil, &FieldError{Job: i, Field: "after", Err: fmt.Errorf("%w: bad predecessor index %d", ErrInvalid, k)}
			}
		}
		indeg[i] = len(j.After)
	}
	succ := in.Successors()
	h := make(intHeap, 0, n)
	for i := range indeg {
		if indeg[i] == 0 {
			h = append(h, i)
		}
	}
	heap.Init(&h)
	order := make([]int, 0, n)
	for h.Len() > 0 {
		i := heap.Pop(&h).(int)
		order = append(order, i)
		for _, k := range succ[i] {
			indeg[k]--
			if indeg[k] == 0 {
				heap.Push(&h, k)
			}
		}
	}
	if len(order) < n {
		// validateExtensions names the cycle.
		if err := in.validateExtensions(); err != nil {
			return nil, err
		}
		return nil, &FieldError{Job: -1, Field: "jobs", Err: fmt.Errorf("%w: dependencies contain a cycle", ErrInvalid)}
	}
	return order, nil
}

// WeightedResponse returns Σ w_j (C_j − r_j), the weighted total response
// time of the completion times c (indexed like Jobs), summed in job order:
// with every weight 1 it is Σ (C_j − r_j) bit for bit (1·x = x exactly).
func (in *Instance) WeightedResponse(c []float64) float64 {
	var s float64
	for j, jb := range in.Jobs {
		s += in.Weight(j) * (c[j] - jb.Release)
	}
	return s
}
