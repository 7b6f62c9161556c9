package cluster

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mrsched/mrsched/tolerance"
)

func checkEq6(t *testing.T, ss *Slack, step int, op string) {
	t.Helper()
	want := ss.Eq6()
	var notDone []*SlackEntry
	for k := 0; k < ss.Len(); k++ {
		if !ss.At(k).Done() {
			notDone = append(notDone, ss.At(k))
		}
	}
	if !slices.Equal(notDone, ss.live) {
		t.Fatalf("step %d (%s): the live list is not the queue's unfinished entries in order", step, op)
	}
	for c := range ss.mmin {
		tree := ss.mmin[c]
		if ss.wn > 0 && (len(tree) != 2*ss.wn || ss.wn < len(ss.live)) {
			t.Fatalf("step %d (%s): tree %d of %d leaves for %d entries", step, op, c, ss.wn, len(ss.live))
		}
		for k := 1; k < ss.wn; k++ {
			if tree[k] != min(tree[2*k], tree[2*k+1]) {
				t.Fatalf("step %d (%s): tree %d node %d = %v, children %v %v", step, op, c, k, tree[k], tree[2*k], tree[2*k+1])
			}
		}
		for i := range ss.wn {
			want := math.Inf(1)
			if i < len(ss.lw) && ss.live[i].mark[c] {
				want = ss.lw[i]
			}
			if tree[ss.wn+i] != want {
				t.Fatalf("step %d (%s): tree %d leaf %d = %v, want %v", step, op, c, i, tree[ss.wn+i], want)
			}
		}
		var wantE *SlackEntry // brute force: the marked entry with the smallest (w, Key)
		for _, e := range ss.live {
			if e.mark[c] && (wantE == nil || e.W < wantE.W || e.W == wantE.W && e.Key < wantE.Key) {
				wantE = e
			}
		}
		if got, ok := ss.MinMarked(c); ok != (ss.wn > 0) || ok && got != wantE {
			t.Fatalf("step %d (%s): MinMarked(%d) = %v, %v; want %v", step, op, c, got, ok, wantE)
		}
	}
	if ss.wn > 0 {
		// NextMarkedBelow from every position, with the bounds +Inf, every
		// live w (strict: an entry of that very w does not count) and just
		// above it, against the first marked entry found by brute force.
		bounds := []float64{math.Inf(1)}
		for _, e := range ss.live {
			bounds = append(bounds, e.W, math.Nextafter(e.W, math.Inf(1)))
		}
		for c := range ss.mmin {
			for _, b := range bounds {
				for i := range len(ss.live) + 1 {
					want := -1
					for k := i; k < len(ss.live); k++ {
						if ss.live[k].mark[c] && ss.lw[k] < b {
							want = k
							break
						}
					}
					if got := ss.NextMarkedBelow(c, i, b); got != want {
						t.Fatalf("step %d (%s): NextMarkedBelow(%d, %d, %v) = %d, want %d", step, op, c, i, b, got, want)
					}
				}
			}
		}
	}
	for i, e := range ss.live {
		if e.lpos != i || ss.lw[i] != e.W || ss.lx[i] != e.x {
			t.Fatalf("step %d (%s): live entry %d: lpos %d, lw %v (w %v), lx %v (x %v)", step, op, i, e.lpos, ss.lw[i], e.W, ss.lx[i], e.x)
		}
	}
	for k := 0; k < ss.Len(); k++ {
		e := ss.At(k)
		if e.pos != k {
			t.Fatalf("step %d (%s): entry at %d has pos %d", step, op, k, e.pos)
		}
		if k > 0 && before(e, ss.At(k-1).f, ss.At(k-1).Key) {
			t.Fatalf("step %d (%s): queue not sorted at %d", step, op, k)
		}
		// Tolerance: the slack is a sum of up to 2m terms of size ≤ 100·m,
		// each update adds a few roundings; 1e-9 relative to that scale.
		scale := 0.0
		for j := 0; j < ss.Len(); j++ {
			scale += math.Abs(ss.V(ss.At(j))) + math.Abs(ss.At(j).W)
		}
		if s := ss.S(e); math.Abs(s-want[k]) > 1e-9*(1+float64(ss.Len())*scale) {
			t.Fatalf("step %d (%s): s[%d] = %v incrementally, eq. 6 from scratch gives %v", step, op, k, s, want[k])
		}
	}
}

// TestSlackIncrementalMatchesEq6 is the property test of §II-C/D: after
// every insertion (eq. 18), execution step (eq. 7–9, both virtual clocks),
// re-estimation (eq. 11–17, moves in both directions and in place),
// removal and change of a mark, the incrementally maintained slacks equal
// eq. 6 evaluated from scratch (oracle: Slack.Eq6, a direct transcription
// of eq. 6), and both trees of marked w equal a brute-force minimum over
// the marked entries (every leaf, MinMarked, and NextMarkedBelow from every
// position).
func TestSlackIncrementalMatchesEq6(t *testing.T) {
	defer func(n int) { treeMin = n }(treeMin)
	for seed := uint64(1); seed <= 40; seed++ {
		// Odd seeds with the trees of w from the first entry, even ones
		// without (fewer than 400 entries, below treeMin = 1000).
		treeMin = 1000
		if seed%2 == 1 {
			treeMin = 1
		}
		rnd := rand.New(rand.NewPCG(seed, 99))
		var ss Slack
		var live []*SlackEntry
		key := 0
		for step := 0; step < 400; step++ {
			op := rnd.IntN(10)
			switch {
			case op < 3 || ss.Len() == 0:
				w := rnd.Float64() * 100
				if rnd.IntN(5) == 0 && len(live) > 0 {
					w = ss.V(live[rnd.IntN(len(live))]) // ties in v
				}
				e := &SlackEntry{Key: key, W: w}
				key++
				if rnd.IntN(2) == 0 {
					ss.Mark(e, 0, true) // marked before it enters the queue
				}
				ss.Insert(e, w)
				live = append(live, e)
				checkEq6(t, &ss, step, "insert")
				e = live[rnd.IntN(len(live))]
				c := rnd.IntN(2)
				ss.Mark(e, c, !e.mark[c])
				checkEq6(t, &ss, step, "mark")
			case op < 6:
				// Execute some jobs for a short interval, never past the
				// next virtual completion.
				m := float64(ss.Len())
				D := rnd.Float64() * ss.FrontV() * m
				var exec []Exec
				tot := 0.0
				for _, e := range live {
					if rnd.IntN(3) == 0 {
						d := min(rnd.Float64()*D/m, e.W)
						exec = append(exec, Exec{e, d})
						tot += d
					}
				}
				if rnd.IntN(2) == 0 {
					D = tot // the paper's work-driven virtual clock (eq. 8)
					if D > ss.FrontV()*m {
						continue
					}
				}
				ss.Advance(D, exec)
				checkEq6(t, &ss, step, "advance")
			case op < 8:
				e := live[rnd.IntN(len(live))]
				if e.Done() {
					continue // a finished job is never re-estimated (HPFSP.Tick)
				}
				w := max(0, e.W+(rnd.Float64()-0.5)*60)
				if rnd.IntN(6) == 0 {
					w = 0
				}
				ss.Reestimate(e, w)
				checkEq6(t, &ss, step, "reestimate")
			case op < 9 || rnd.IntN(2) == 0:
				e := live[rnd.IntN(len(live))]
				ss.Finish(e)
				checkEq6(t, &ss, step, "finish")
			default:
				k := rnd.IntN(len(live))
				ss.Remove(live[k])
				live = append(live[:k], live[k+1:]...)
				checkEq6(t, &ss, step, "remove")
			}
		}
	}
}

// TestSlackHandExample checks eq. 6 and eq. 7–9 on three jobs by hand.
// Jobs w = v = 1, 2, 3 (m = 3): s_1 = 3·1 − 1 = 2; s_2 = 1 + 2·2 − 3 = 2;
// s_3 = 1 + 2 + 1·3 − 6 = 0 (PS finishes the last job at 6 = Σw: no
// slack). Job 3 runs for 0.3 (work clock, D = 0.3): v −= 0.1 each; s_1 and
// s_2 lose 0.3 (eq. 9), s_3 is unchanged: w = (1, 2, 2.7), v = (0.9, 1.9,
// 2.9), s = (1.7, 1.7, 0): check 0.9+1.9+2.9−5.7 = 0 ✓, 3·0.9−1 = 1.7 ✓.
// Completable (Algorithm 4): job 3 has w = 2.7 > s_1 = 1.7 → not
// completable; job 2 (w = 2) likewise; job 1 always.
func TestSlackHandExample(t *testing.T) {
	var ss Slack
	es := []*SlackEntry{{Key: 0, W: 1}, {Key: 1, W: 2}, {Key: 2, W: 3}}
	for _, e := range es {
		ss.Insert(e, e.W)
	}
	for k, want := range []float64{2, 2, 0} {
		if s := ss.S(es[k]); !tolerance.Eq(s, want) {
			t.Errorf("s_%d = %v, want %v", k+1, s, want)
		}
	}
	ss.Advance(0.3, []Exec{{es[2], 0.3}})
	for k, want := range []float64{1.7, 1.7, 0} {
		if s := ss.S(es[k]); !tolerance.Eq(s, want) {
			t.Errorf("after eq. 7–9: s_%d = %v, want %v", k+1, s, want)
		}
	}
	if !ss.Completable(es[0]) || ss.Completable(es[1]) || ss.Completable(es[2]) {
		t.Errorf("completable = %v %v %v, want true false false", ss.Completable(es[0]), ss.Completable(es[1]), ss.Completable(es[2]))
	}
}
