package fluid

import (
	"math"
	"sort"

	"github.com/mrsched/mrsched/instances"
)

// stepSim is an independent, brute-force oracle: a time-stepped simulation
// with step dt that recomputes every priority from scratch at every step
// (sorting), shares no code with the event-driven engine, and so is
// accurate to O(dt). The shuffle work a job can take in a step is its
// buffer plus what its map produces during the step. It returns completion
// times indexed like in.Jobs. Policies: fifo, ps, klps (k places held until
// departure), klps-maponly (k places among the jobs with map work left),
// maxsrpt, splitsrpt (work-conserving).
func stepSim(in *instances.Instance, pol string, k int, dt float64) []float64 {
	n := in.N()
	order := in.SortedByRelease()
	pos := make([]int, n) // arrival rank
	for r, i := range order {
		pos[i] = r
	}
	x := make([]float64, n)
	y := make([]float64, n)
	done := make([]float64, n)
	for i, j := range in.Jobs {
		x[i], y[i] = j.Map, j.Shuffle
		done[i] = -1
	}
	cm, cc := in.MapCapacity, in.ShuffleCapacity
	left := n
	for step := 0; left > 0; step++ {
		t := float64(step) * dt
		var act []int
		for _, i := range order {
			if in.Jobs[i].Release <= t+1e-12 && done[i] < 0 {
				act = append(act, i)
			}
		}
		rm := make([]float64, n)
		rs := make([]float64, n)
		capOf := func(i int) float64 { // shuffle rate usable this step
			j := in.Jobs[i]
			if x[i] <= 0 || j.Map == 0 {
				return y[i] / dt
			}
			b := math.Max(y[i]-j.Shuffle*x[i]/j.Map, 0)
			return math.Min(b/dt+rm[i]*j.Shuffle/j.Map, y[i]/dt)
		}
		greedy := func(list []int, c float64) float64 {
			for _, i := range list {
				if c <= 0 {
					break
				}
				r := math.Min(c, capOf(i)-rs[i])
				if r > 0 {
					rs[i] += r
					c -= r
				}
			}
			return c
		}
		firstMap := func(list []int) int {
			for _, i := range list {
				if x[i] > 0 {
					return i
				}
			}
			return -1
		}
		switch pol {
		case "fifo", "maxsrpt":
			list := append([]int(nil), act...)
			if pol == "maxsrpt" {
				sort.SliceStable(list, func(a, b int) bool {
					la, lb := math.Max(x[list[a]], y[list[a]]), math.Max(x[list[b]], y[list[b]])
					if la != lb {
						return la < lb
					}
					return pos[list[a]] < pos[list[b]]
				})
			}
			if m := firstMap(list); m >= 0 {
				rm[m] = cm
			}
			greedy(list, cc)
		case "ps", "klps", "klps-maponly":
			list := act
			if pol == "klps" && len(list) > k {
				list = list[:k]
			}
			// Map: PS among the jobs of list with map work left; for
			// klps-maponly only the first k of them (in arrival order)
			// hold a place, and every job in the system shares the
			// shuffle station.
			var mapping []int
			for _, i := range list {
				if x[i] > 0 && (pol != "klps-maponly" || len(mapping) < k) {
					mapping = append(mapping, i)
				}
			}
			for _, i := range mapping {
				rm[i] = cm / float64(len(mapping))
			}
			// Water-filling by repeated levelling.
			rest := append([]int(nil), list...)
			c := cc
			for len(rest) > 0 {
				level := c / float64(len(rest))
				var keep []int
				for _, i := range rest {
					if capOf(i) < level {
						rs[i] = capOf(i)
						c -= rs[i]
					} else {
						keep = append(keep, i)
					}
				}
				if len(keep) == len(rest) {
					for _, i := range keep {
						rs[i] = level
					}
					break
				}
				rest = keep
			}
		case "splitsrpt":
			beta := math.Inf(1)
			var s1, s2 []int
			for _, i := range act {
				j := in.Jobs[i]
				r := math.Inf(1)
				if j.Map > 0 && j.Shuffle > 0 {
					r = math.Max(j.Map/j.Shuffle, j.Shuffle/j.Map)
				}
				beta = math.Min(beta, r)
				if j.Map >= j.Shuffle {
					s1 = append(s1, i)
				} else {
					s2 = append(s2, i)
				}
			}
			mu1, mu2 := 0.0, 1.0
			if !math.IsInf(beta, 1) {
				mu1, mu2 = 1/(1+beta), beta/(1+beta)
			}
			sort.SliceStable(s1, func(a, b int) bool {
				ia, ib := s1[a], s1[b]
				if x[ia] != x[ib] {
					return x[ia] < x[ib]
				}
				if x[ia] == 0 && y[ia] != y[ib] {
					return y[ia] < y[ib]
				}
				return pos[ia] < pos[ib]
			})
			sort.SliceStable(s2, func(a, b int) bool {
				ia, ib := s2[a], s2[b]
				if y[ia] != y[ib] {
					return y[ia] < y[ib]
				}
				return pos[ia] < pos[ib]
			})
			m1, m2 := firstMap(s1), firstMap(s2)
			sh1, sh2 := mu2*cm, mu1*cm
			if m1 < 0 {
				sh2 = cm
			}
			if m2 < 0 {
				sh1 = cm
			}
			if m1 >= 0 {
				rm[m1] = sh1
			}
			if m2 >= 0 {
				rm[m2] = sh2
			}
			l1 := greedy(s1, mu1*cc)
			l2 := greedy(s2, mu2*cc)
			greedy(s1, l2)
			greedy(s2, l1)
		default:
			panic("stepSim: unknown policy " + pol)
		}
		for _, i := range act {
			x[i] = math.Max(x[i]-rm[i]*dt, 0)
			y[i] = math.Max(y[i]-rs[i]*dt, 0)
			if x[i] <= 1e-12 && y[i] <= 1e-12 {
				done[i] = t + dt
				left--
			}
		}
		if step > 1e8 {
			panic("stepSim: no progress")
		}
	}
	return done
}
