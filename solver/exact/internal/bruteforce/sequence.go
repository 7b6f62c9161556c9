package bruteforce

import "github.com/mrsched/mrsched/instances"

// PlanSequence is the event sequence of a completion plan over periods
// release periods: for each period l in turn, release event l, then the
// completions order[k] placed in it (period[k] == l; period is
// non-decreasing, one entry per entry of order).
func PlanSequence(periods int, order, period []int) []Event {
	var seq []Event
	k := 0
	for l := range periods {
		seq = append(seq, Event{Job: -1, Release: l})
		for k < len(order) && period[k] == l {
			seq = append(seq, Event{Job: order[k], Release: -1})
			k++
		}
	}
	return seq
}

// BatchValue is SequenceValue of a batch (every release 0) completed in
// order: the one release event, then every completion.
func BatchValue(in *instances.Instance, order []int) (float64, error) {
	return SequenceValue(in, []float64{0}, PlanSequence(1, order, make([]int, len(order))))
}

// Permutations calls f with every permutation of 0, …, n−1 (n! calls, the
// first the identity). f must neither keep nor change the slice, which is
// reused.
func Permutations(n int, f func(order []int)) {
	a := make([]int, n)
	for i := range a {
		a[i] = i
	}
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			f(a)
			return
		}
		for i := k; i < n; i++ {
			a[k], a[i] = a[i], a[k]
			rec(k + 1)
			a[k], a[i] = a[i], a[k]
		}
	}
	rec(0)
}
