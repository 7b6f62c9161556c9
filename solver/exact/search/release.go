package search

import (
	"math"
	"sort"

	"github.com/mrsched/mrsched/solver/exact/orderlp"
)

// The search over release-date plans (instances with release dates).

func (s *searcher) standalone(j int) float64 {
	return s.in.Jobs[j].Release + math.Max(s.x[j], s.y[j])
}

func (s *searcher) releaseRootBound() float64 {
	b := 0.0
	for j := range s.in.Jobs {
		b += s.standalone(j) - s.in.Jobs[j].Release
	}
	return b
}

// releaseDFS extends plan p; l is the current period, last the bound on
// the last placed completion, P the placed completions' bound sum.
func (s *searcher) releaseDFS(p orderlp.Plan, rel []int, l int, done []bool, last, P float64) {
	if s.err != nil || s.timeUp() {
		return
	}
	s.stats.Nodes++
	rho, _ := orderlp.Periods(s.in)
	depth := len(p.Order) + l
	if len(p.Order) == s.n {
		// Every job is placed, so the last release period has been reached
		// (its jobs complete in it).
		if err := s.evaluate(p); err != nil {
			s.err = err
		}
		return
	}
	bound := func(l2 int, last2, P2 float64, done2 []bool) float64 {
		b := P2
		for j := range s.in.Jobs {
			if !done2[j] {
				b += math.Max(math.Max(rho[l2], last2), s.standalone(j))
			}
		}
		for _, jb := range s.in.Jobs {
			b -= jb.Release
		}
		return b
	}
	type rk struct {
		j     int // −1: next period
		bound float64
		c     float64
	}
	var kids []rk
	for j := 0; j < s.n; j++ {
		if done[j] || rel[j] > l {
			continue
		}
		if !s.predsDone(j, done) {
			continue
		}
		c := math.Max(math.Max(rho[l], last), s.standalone(j))
		done[j] = true
		b := bound(l, c, P+c, done)
		done[j] = false
		if !s.cut(b) {
			kids = append(kids, rk{j, b, c})
		}
	}
	if l+1 < len(rho) {
		b := bound(l+1, math.Max(last, rho[l+1]), P, done)
		if !s.cut(b) {
			kids = append(kids, rk{-1, b, 0})
		}
	}
	sort.SliceStable(kids, func(a, b int) bool { return kids[a].bound < kids[b].bound })
	pending := make([]float64, len(kids))
	for i, k := range kids {
		pending[i] = k.bound
	}
	s.frames[depth] = pending
	if depth == 0 {
		s.rootOpen = false
	}
	for i, k := range kids {
		s.frames[depth] = pending[i:]
		if s.cut(k.bound) {
			break
		}
		if s.timeUp() {
			// The pending children stay in frames[depth]: they are the
			// open nodes that bound what the search has not proved.
			return
		}
		if k.j < 0 {
			s.releaseDFS(p, rel, l+1, done, math.Max(last, rho[l+1]), P)
		} else {
			done[k.j] = true
			q := orderlp.Plan{Order: append(append([]int(nil), p.Order...), k.j), Period: append(append([]int(nil), p.Period...), l)}
			s.releaseDFS(q, rel, l, done, k.c, P+k.c)
			done[k.j] = false
		}
		if s.stopped {
			return
		}
	}
	s.frames[depth] = nil
}
