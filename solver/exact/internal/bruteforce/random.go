package bruteforce

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/mrsched/mrsched/instances"
)

// Random returns a test instance with n jobs drawn from a mix of regimes
// chosen by the stream: small integer sizes (many ties), zero map or
// shuffle sizes, extreme ratios (up to 1000:1), continuous sizes, and — when
// releases is true — integer or continuous release times (ties included).
// Capacities are 1 except in one regime where they differ.
func Random(rng *rand.Rand, n int, releases bool) *instances.Instance {
	regime := rng.IntN(5)
	jobs := make([]instances.Job, n)
	for i := range jobs {
		var x, y float64
		switch regime {
		case 0: // small integers: ties
			x, y = float64(1+rng.IntN(3)), float64(1+rng.IntN(3))
		case 1: // zero sizes
			x, y = float64(rng.IntN(4)), float64(rng.IntN(4))
			if x == 0 && y == 0 {
				y = 1
			}
		case 2: // extreme ratios
			x, y = 1, 1
			switch rng.IntN(3) {
			case 0:
				x = 1000 * rng.Float64()
			case 1:
				y = 1000 * rng.Float64()
			default:
				x, y = 0.001+rng.Float64(), 0.001+rng.Float64()
			}
		default: // continuous
			x, y = 0.1+10*rng.Float64(), 0.1+10*rng.Float64()
		}
		r := 0.0
		if releases {
			if regime%2 == 0 {
				r = float64(rng.IntN(4))
			} else {
				r = 5 * rng.Float64()
			}
		}
		jobs[i] = instances.Job{ID: fmt.Sprintf("j%d", i+1), Release: r, Map: x, Shuffle: y}
	}
	in := instances.New(jobs)
	if regime == 4 {
		in.MapCapacity, in.ShuffleCapacity = 0.5+rng.Float64(), 0.5+rng.Float64()
	}
	return in
}

// RandomDAG returns Random(rng, n, releases) with weights and dependencies
// added, drawn by the stream: the dependency shape is one of empty, a
// chain, a fork (one job before several), a join (several before one) or
// random edges from lower to higher index (each with probability 0.3);
// weights are 1, one of a few values in {0.1, 0.5, 1, 2, 10} (ties), or
// log-uniform on [0.1, 10]. Jobs are shuffled before the edges are drawn,
// so that an edge may point from a higher index to a lower one.
func RandomDAG(rng *rand.Rand, n int, releases bool) *instances.Instance {
	in := Random(rng, n, releases)
	perm := rng.Perm(n) // perm[k]: the job at topological rank k
	edge := func(from, to int) {
		a, b := perm[from], perm[to]
		in.Jobs[b].After = append(in.Jobs[b].After, a)
	}
	switch rng.IntN(5) {
	case 0: // empty
	case 1: // chain over a random number of ranks
		for k := 1; k < 1+rng.IntN(n); k++ {
			edge(k-1, k)
		}
	case 2: // fork
		for k := 1; k < n; k++ {
			if rng.IntN(3) > 0 {
				edge(0, k)
			}
		}
	case 3: // join
		for k := 0; k < n-1; k++ {
			if rng.IntN(3) > 0 {
				edge(k, n-1)
			}
		}
	default: // random edges
		for a := 0; a < n; a++ {
			for b := a + 1; b < n; b++ {
				if rng.Float64() < 0.3 {
					edge(a, b)
				}
			}
		}
	}
	ties := []float64{0.1, 0.5, 1, 2, 10}
	switch rng.IntN(3) {
	case 0: // unit weights
	case 1:
		for j := range in.Jobs {
			in.Jobs[j].Weight = ties[rng.IntN(len(ties))]
		}
	default:
		for j := range in.Jobs {
			in.Jobs[j].Weight = math.Pow(10, 2*rng.Float64()-1)
		}
	}
	return in
}

// RandomExtension returns a completion order drawn by the stream that
// places every job after its predecessors (a random linear extension of
// the dependencies): at each step a uniformly chosen job among those whose
// predecessors are all placed.
func RandomExtension(rng *rand.Rand, in *instances.Instance) []int {
	n := in.N()
	placed := make([]bool, n)
	order := make([]int, 0, n)
	for len(order) < n {
		var ready []int
		for j, jb := range in.Jobs {
			if placed[j] {
				continue
			}
			ok := true
			for _, i := range jb.After {
				ok = ok && placed[i]
			}
			if ok {
				ready = append(ready, j)
			}
		}
		j := ready[rng.IntN(len(ready))]
		placed[j] = true
		order = append(order, j)
	}
	return order
}

// SolvedDAG draws instances of RandomDAG until one is within reach of Solve
// and returns it with Solve's result: n from 2 to 5 (mostly 3 or 4), or 6 or
// 7 when big and without releases (rel). Instances with more linear
// extensions than the brute force affords (120 orders; 24 with releases,
// whose interleavings multiply them) are redrawn from the same stream, so
// a sweep is the same on every run; so are the rare instances (sizes
// 1000:1 with weights) on which Solve's dense simplex fails its accuracy
// check. keep, when not nil, sees every instance drawn first: it may
// change it (drawing from rng) or refuse it (false: redraw).
func SolvedDAG(rng *rand.Rand, rel, big bool, keep func(*instances.Instance) bool) (*instances.Instance, Result) {
	for {
		n := 2 + rng.IntN(3) + rng.IntN(2)
		limit := 120
		switch {
		case rel:
			limit = 24
		case big:
			n = 6 + rng.IntN(2)
		}
		in := RandomDAG(rng, n, rel)
		if keep != nil && !keep(in) {
			continue
		}
		if Extensions(in) > limit {
			continue
		}
		if bf, err := Solve(in); err == nil {
			return in, bf
		}
	}
}
