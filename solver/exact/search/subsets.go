package search

import (
	"math"
	"math/bits"
	"time"
)

// MaxIdeals caps the number of job sets tabulated for batches of more than
// MaxDPJobs jobs. The search reaches only sets closed under the dominance
// rule (every job's predecessors included); on the log-normal batches of
// `gen lognormal --batch` there are 10^2–10^5 of them at n = 20–26 out of
// 2^n, so the subset bound and the pair tail are tabulated over them alone
// (a map from set to index) when there are at most MaxIdeals.
//
// The tables of closed sets cost about n pair costs and map look-ups per
// set: on Taillard's 50-job instances (1.3 million closed sets for ta040,
// more than 2^21 for ta031) they took 10–80 s on a loaded machine, so the
// cap is 2^17 and the construction gives up (the tail falls back) when it
// has used tableShare of the time limit.
const MaxIdeals = 1 << 17

// tableShare is the part of the time limit the tables over closed sets may
// use before the search gives them up.
const tableShare = 0.1

// tableCheckEvery is how many sets pass between two reads of the clock
// while the tables over closed sets are built.
const tableCheckEvery = 1024

// tables hold, per tabulated set, its prefix sums and the bounds of the
// orders below it: the subset bound h, the pair tail T and T' (pairtail.go).
type tables struct {
	index map[uint64]int32 // nil: dense, the index of a set is its mask
	X, Y  []float64
	h     []float64
	T, Tp []float64 // nil when the pair tail is off
	// W is the window tail (windows.go; nil when not built).
	W []float64
	// sets lists the tabulated closed sets, supersets first (nil: dense).
	sets []uint64
}

// at returns the index of the tabulated set S (closed under the
// precedence masks).
func (t *tables) at(S uint64) int {
	if t.index == nil {
		return int(S)
	}
	return int(t.index[S])
}

// buildTables tabulates h (and, unless Options.NoPairTail, T and T') over
// every set when dense (the search asks for dense tables for n ≤
// MaxDPJobs), or over the closed sets when there are at most MaxIdeals; it
// returns nil otherwise.
func (s *searcher) buildTables(dense bool) *tables {
	n := s.n
	t := &tables{}
	var sets []uint64 // every superset before its subsets
	if dense {
		N := 1 << n
		t.X, t.Y = make([]float64, N), make([]float64, N)
		for S := 1; S < N; S++ {
			j := bits.TrailingZeros(uint(S))
			t.X[S], t.Y[S] = t.X[S&(S-1)]+s.x[j], t.Y[S&(S-1)]+s.y[j]
		}
		sets = make([]uint64, 0, N)
		for S := N - 1; S >= 0; S-- {
			sets = append(sets, uint64(S))
		}
	} else {
		sets = s.ideals()
		if sets == nil || s.tablesLate() {
			return nil
		}
		t.index = make(map[uint64]int32, len(sets))
		t.sets = sets
		t.X, t.Y = make([]float64, len(sets)), make([]float64, len(sets))
		for i, S := range sets {
			t.index[S] = int32(i)
			// Summed from the highest job down, as the dense table does
			// (X[S] = X[S minus its lowest job] + x of it): the same sums
			// bit for bit.
			for r := S; r != 0; {
				j := 63 - bits.LeadingZeros64(r)
				t.X[i], t.Y[i] = t.X[i]+s.x[j], t.Y[i]+s.y[j]
				r &^= 1 << j
			}
		}
	}
	m := len(t.X)
	t.h = make([]float64, m)
	pair := !s.opt.NoPairTail
	if pair {
		t.T, t.Tp = make([]float64, m), make([]float64, m)
	}
	full := uint64(1)<<n - 1
	if n == 64 {
		full = math.MaxUint64
	}
	for k, S := range sets {
		if t.index != nil && k%tableCheckEvery == tableCheckEvery-1 && s.tablesLate() {
			return nil
		}
		i := t.at(S)
		L := max(t.X[i], t.Y[i])
		if S == full {
			if pair {
				t.Tp[i] = L
			}
			continue
		}
		if t.index == nil && !s.closed(S) {
			continue // not reached by the search
		}
		bh, bt, btp := math.Inf(1), math.Inf(1), math.Inf(1)
		for rest := full &^ S; rest != 0; rest &= rest - 1 {
			j := bits.TrailingZeros64(rest)
			if s.preds[j]&^S != 0 {
				continue
			}
			u := t.at(S | 1<<j)
			LU := max(t.X[u], t.Y[u])
			bh = min(bh, s.posCost(j, t.X[u], t.Y[u])+t.h[u])
			if pair {
				bt = min(bt, t.Tp[u])
				if S != 0 {
					btp = min(btp, pairCost(s.x[j], s.y[j], t.X[i], t.Y[i], L, LU)+t.T[u])
				}
			}
		}
		t.h[i] = bh
		if pair {
			t.T[i], t.Tp[i] = bt, btp
		}
	}
	return t
}

// ideals lists the sets closed under the precedence masks, by decreasing
// size (every superset before its subsets), or nil when there are more
// than MaxIdeals.
func (s *searcher) ideals() []uint64 {
	seen := map[uint64]bool{0: true}
	level := []uint64{0}
	all := []uint64{0}
	for len(level) > 0 {
		var next []uint64
		for _, S := range level {
			for j := 0; j < s.n; j++ {
				U := S | 1<<j
				if U == S || s.preds[j]&^S != 0 || seen[U] {
					continue
				}
				seen[U] = true
				next = append(next, U)
			}
		}
		all = append(all, next...)
		if len(all) > MaxIdeals || s.tablesLate() {
			return nil
		}
		level = next
	}
	for a, b := 0, len(all)-1; a < b; a, b = a+1, b-1 {
		all[a], all[b] = all[b], all[a]
	}
	return all
}

// tablesLate reports whether building the tables over closed sets has used
// more than tableShare of the time limit (never without a limit).
func (s *searcher) tablesLate() bool {
	if s.deadline.IsZero() {
		return false
	}
	budget := time.Duration(tableShare * float64(s.deadline.Sub(s.start)))
	return s.now().Sub(s.start) > budget
}

// closed reports whether every job of S has its predecessors in S.
func (s *searcher) closed(S uint64) bool {
	for r := S; r != 0; r &= r - 1 {
		if s.preds[bits.TrailingZeros64(r)]&^S != 0 {
			return false
		}
	}
	return true
}
