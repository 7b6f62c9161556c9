package fluid

import (
	"math/rand/v2"
	"testing"
)

// TestJHeapTop checks the indexed heaps (and FIFO's sorted slice) against a
// brute-force scan for the least job under less, through random pushes,
// deletions anywhere, key changes (fix, upj on lowered keys) and flips of
// the tie, for every order kind.
func TestJHeapTop(t *testing.T) {
	kinds := []hkind{hkFIFO, hkOrder, hkMax, hkS1Map, hkS1Shuffle, hkS2, hkBeta}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, kind := range kinds {
		const n = 300
		jobs := make([]*job, n)
		rank := rng.Perm(n)
		for i := range jobs {
			// Few distinct values so that ties exercise the tie-breaks.
			j := &job{seq: i, orig: i, tie: int64(i), x: float64(rng.IntN(4)), y: float64(rng.IntN(4)), ratio: float64(rng.IntN(3))}
			j.key = maxf(j.x, j.y)
			j.pos = [4]int{-1, -1, -1, -1}
			jobs[i] = j
		}
		h := &jheap{slot: 1, kind: kind, rank: rank}
		in := map[*job]bool{}
		next := 0
		for step := 0; step < 20000; step++ {
			switch op := rng.IntN(10); {
			case op < 4 && next < n:
				// FIFO pushes in arrival order, but now and then a
				// later job overtakes (a buffer non-empty at release).
				k := next
				if kind == hkFIFO && rng.IntN(8) == 0 && next+1 < n && !in[jobs[next+1]] {
					k = next + 1
				} else {
					next++
				}
				h.push(jobs[k])
				in[jobs[k]] = true
			case op < 7 && len(in) > 0:
				var j *job
				if rng.IntN(2) == 0 {
					j = h.top()
				} else {
					for o := range in {
						j = o
						break
					}
				}
				h.del(j)
				delete(in, j)
			case len(in) > 0 && kind != hkFIFO && kind != hkOrder && kind != hkBeta:
				var j *job
				for o := range in {
					j = o
					break
				}
				lower := rng.IntN(4) != 0
				if lower {
					j.x = maxf(j.x-float64(rng.IntN(2)), 0)
					j.y = maxf(j.y-float64(rng.IntN(2)), 0)
					if rng.IntN(3) == 0 {
						j.tie = -int64(step) // a flip lowers the tie
					}
				} else {
					j.x += float64(rng.IntN(2))
					j.y += float64(rng.IntN(2))
				}
				j.key = maxf(j.x, j.y)
				if lower {
					h.upj(j)
				} else {
					h.fix(j)
				}
			}
			var want *job
			for o := range in {
				if want == nil || h.less(o, want) {
					want = o
				}
			}
			if got := h.top(); got != want {
				t.Fatalf("kind %d step %d: top is job %v, brute force %v", kind, step, got, want)
			}
			for o := range in {
				if i := o.pos[1]; i < 0 || i >= len(h.a) || h.a[i] != o {
					t.Fatalf("kind %d step %d: job %d has position %d", kind, step, o.seq, i)
				}
			}
		}
	}
}
