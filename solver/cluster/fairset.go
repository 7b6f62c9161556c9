package cluster

// fairSet answers the question Fair and LsPS ask at every slot assignment
// — which claimant has the largest deficit under max-min fair shares with
// equal weights — in O(log n) time instead of the O(n log n) of sorting
// every claimant (waterfill) at each assignment.
//
// A claimant (a job, or a user under Fair) has an integer demand d > 0
// (running + runnable tasks of the slot's phase), r running tasks, pend =
// d − r runnable tasks and a tie key k (arrival order for jobs, user index
// for users), unique within the set.
//
// Exactness: waterfill with unit weights caps the claimants in increasing
// demand order while d·W ≤ left, left = c − Σ(capped d), W = uncapped
// count. With integer demands and c < 2⁵³ every such left is exact (an
// integer subtracted from a float whose ulp is ≤ 1, the result between 0
// and the float), so the capped set is the longest prefix in increasing
// (d, k) order with c − S_k ≥ d_k·(n − k) — a condition that is monotone in
// k, since its slack changes by (d_k − d_{k+1})(n − k − 1) ≤ 0 from k to
// k+1 — and the uncapped share is the correctly rounded (c − S_K)/(n − K).
// Between two claimants of equal demand the slack does not change, so the
// condition holds for all claimants of one demand or for none: the capped
// set does not depend on the order among equal demands. A capped
// claimant's deficit is its pend exactly, an uncapped one's λ − r, largest
// for the fewest running tasks. fairSet therefore returns bit for bit the
// claimant the from-scratch scan returns (TestFairSetMatchesScan).
//
// Layout: the claimants sit in an array sorted by demand, largest first, in
// any order among equal demands (so the capped set is a suffix), under a
// segment tree whose nodes carry the count and demand sum of their range
// and, among the claimants with pend > 0, the one with the most runnable
// tasks, the one with the fewest running tasks and the one with the
// smallest key (each by value, with the counts and key it was chosen by;
// ties by key, so the choice does not depend on the layout). A task
// completion lowers a demand by one: the claimant swaps places with the
// last claimant of its demand and is then the first of demand d − 1, so
// the array stays sorted after one swap — two leaves and their paths, no
// rebalancing. A task start changes r only: one leaf, its path up to the
// first node whose aggregates do not change. A new claimant enters at the
// end and swaps forward once per distinct smaller demand present.
type fairSet struct {
	pool *fsPool
	ids  []int32 // position → claimant
	dpos []int32 // position → demand (non-increasing)
	n    int     // claimants present (positions 0..n−1)
	leaf int     // number of leaves (a power of two ≥ n)
	tree []fsAgg // 1-based heap layout: node i has children 2i, 2i+1; leaves at leaf+position
	ph   int     // class of the keys (fsPool.kid)
}

// fsPool holds the claimants' values by id; the sets of one pool have
// disjoint claimants. kid[ph][k] is the claimant of key k in the sets of
// class ph (keys are unique within a class: a job's arrival number per
// phase, a user's index per phase), so that an aggregate need only carry
// the key.
type fsPool struct {
	c   []fsClaimant
	kid [2][]int32
}

// fsClaimant is one claimant's demand, running tasks, key and position
// (−1: in no set), together in 16 bytes.
type fsClaimant struct {
	d, r, k, pos int32
}

func newFsPool(n int) *fsPool {
	p := &fsPool{c: make([]fsClaimant, n)}
	for i := range p.c {
		p.c[i].pos = -1
	}
	return p
}

// An aggregate's choices are packed in one uint64 each, so that "the
// preferred of two" is the smaller integer (one comparison, no branch on
// the parts): the count it was chosen by in the high 32 bits — runnable
// tasks as maxInt32 − pend (more runnable tasks first), running tasks as
// r (fewer first) or nothing — and the key (unique in the set: the tie
// break, smaller first) in the low 32 bits. noPack (none) is larger than
// every packed value (pend ≥ 1, r and keys below 2³¹).
const (
	noPack   = ^uint64(0)
	maxPend  = 1<<31 - 1
	packKeys = 1<<32 - 1
)

func packPend(pend, k int32) uint64 { return uint64(maxPend-pend)<<32 | uint64(uint32(k)) }
func packRun(r, k int32) uint64     { return uint64(uint32(r))<<32 | uint64(uint32(k)) }

// packCount and packKey undo the packing (a packed value, not noPack).
func packCount(v uint64) int32 { return int32(v >> 32) }
func packKey(v uint64) int32   { return int32(uint32(v & packKeys)) }

// fsAgg is a node's aggregate over its range: the demand sum and, among
// the claimants with runnable tasks, the one with the most runnable tasks
// (bestPend), the one with the fewest running tasks (bestRun) and the one
// with the smallest key (firstPend), each packed (ties by smaller key).
type fsAgg struct {
	sum       int64
	bestPend  uint64
	bestRun   uint64
	firstPend uint64
}

var noAgg = fsAgg{bestPend: noPack, bestRun: noPack, firstPend: noPack}

func newFairSet(pool *fsPool, ph int) *fairSet {
	return &fairSet{pool: pool, ph: ph}
}

func combine(x, y *fsAgg) fsAgg {
	return fsAgg{sum: x.sum + y.sum,
		bestPend:  min(x.bestPend, y.bestPend),
		bestRun:   min(x.bestRun, y.bestRun),
		firstPend: min(x.firstPend, y.firstPend)}
}

// id returns the claimant of a packed choice (−1 for noPack).
func (f *fairSet) id(v uint64) int32 {
	if v == noPack {
		return -1
	}
	return f.pool.kid[f.ph][packKey(v)]
}

// leafAgg is the aggregate of the claimant at position q (none past n).
func (f *fairSet) leafAgg(q int) fsAgg {
	if q >= f.n {
		return noAgg
	}
	c := &f.pool.c[f.ids[q]]
	a := fsAgg{sum: int64(c.d), bestPend: noPack, bestRun: noPack, firstPend: noPack}
	if pend := c.d - c.r; pend > 0 {
		a.bestPend = packPend(pend, c.k)
		a.bestRun = packRun(c.r, c.k)
		a.firstPend = uint64(uint32(c.k))
	}
	return a
}

// fix recomputes the leaf at position q and its ancestors, up to the first
// one whose aggregate does not change (its own ancestors then do not
// either).
func (f *fairSet) fix(q int) {
	i := f.leaf + q
	f.tree[i] = f.leafAgg(q)
	f.fixUp(i / 2)
}

// pull recomputes inner node i from its children and reports whether its
// aggregate changed.
func (f *fairSet) pull(i int) bool {
	t := f.tree
	x, y, z := &t[2*i], &t[2*i+1], &t[i]
	a := combine(x, y)
	if a == *z {
		return false
	}
	*z = a
	return true
}

// fixUp recomputes inner node i and its ancestors, up to the first one
// whose aggregate does not change.
func (f *fairSet) fixUp(i int) {
	for ; i >= 1 && f.pull(i); i /= 2 {
	}
}

// fix2 is fix of the leaves at positions a and b together (a swap): both
// paths up to their lowest common ancestor, each stopped at its first
// unchanged node (below the ancestor only its own leaf matters), then one
// path from the ancestor, stopped likewise.
func (f *fairSet) fix2(a, b int) {
	i, j := f.leaf+a, f.leaf+b
	f.tree[i] = f.leafAgg(a)
	f.tree[j] = f.leafAgg(b)
	ci, cj := true, true
	for i, j = i/2, j/2; i != j; i, j = i/2, j/2 { // leaves are at one depth
		ci = ci && f.pull(i)
		cj = cj && f.pull(j)
	}
	if ci || cj {
		f.fixUp(i)
	}
}

// grow doubles the leaves (one at first: a set of one claimant, such as
// the only user of a trace, has no inner node) and rebuilds the tree.
func (f *fairSet) grow() {
	l := max(1, 2*f.leaf)
	ids, dpos := make([]int32, l), make([]int32, l)
	copy(ids, f.ids)
	copy(dpos, f.dpos)
	f.ids, f.dpos, f.leaf = ids, dpos, l
	f.tree = make([]fsAgg, 2*l)
	for q := range l {
		f.tree[l+q] = f.leafAgg(q)
	}
	for i := l - 1; i >= 1; i-- {
		f.tree[i] = combine(&f.tree[2*i], &f.tree[2*i+1])
	}
}

// place puts claimant id at position q (its demand entry included).
func (f *fairSet) place(q int, id int32) {
	f.ids[q] = id
	f.dpos[q] = f.pool.c[id].d
	f.pool.c[id].pos = int32(q)
}

// swap exchanges the claimants at positions a and b and fixes both leaves.
func (f *fairSet) swap(a, b int) {
	x, y := f.ids[a], f.ids[b]
	f.place(a, y)
	f.place(b, x)
	f.fix2(a, b)
}

// set gives claimant id demand d, r running tasks and key k; d = 0 removes
// it. The key of a present claimant never changes.
func (f *fairSet) set(id int32, di, ri, ki int) {
	p := f.pool
	d, r, k := int32(di), int32(ri), int32(ki)
	q := int(p.c[id].pos)
	if q < 0 {
		if d <= 0 {
			return
		}
		if f.n == f.leaf {
			f.grow()
		}
		q = f.n
		f.n++
		p.c[id].d, p.c[id].r, p.c[id].k = d, r, k
		kid := &p.kid[f.ph]
		for int(k) >= len(*kid) {
			*kid = append(*kid, -1)
		}
		(*kid)[k] = id
		f.place(q, id)
		if f.moveUp(q) == q {
			f.fix(q)
		}
		return
	}
	old := p.c[id].d
	p.c[id].d, p.c[id].r = d, r
	// A move swaps, and a swap fixes both leaves it touches: the leaf at q
	// needs its own fix only when the claimant stays there.
	switch {
	case d == old:
		f.fix(q)
	case d > old:
		f.dpos[q] = d
		if f.moveUp(q) == q {
			f.fix(q)
		}
	default:
		f.dpos[q] = d
		nq := f.moveDown(q)
		if d <= 0 { // now last: drop it
			f.n--
			p.c[id].pos = -1
			f.fix(nq)
		} else if nq == q {
			f.fix(q)
		}
	}
}

// moveUp restores the order after the claimant at q gained demand: it
// swaps with the first claimant of each smaller demand ahead of it, and
// returns its new position.
func (f *fairSet) moveUp(q int) int {
	d := f.dpos[q]
	for q > 0 && f.dpos[q-1] < d {
		v := f.dpos[q-1]
		// first position in [0, q) with demand ≤ v (= v: sorted)
		lo, hi := 0, q-1
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if f.dpos[m] <= v {
				hi = m
			} else {
				lo = m + 1
			}
		}
		f.swap(lo, q)
		q = lo
	}
	return q
}

// moveDown restores the order after the claimant at q lost demand: it
// swaps with the last claimant of each larger demand behind it (one swap
// for a loss of one) and returns its new position.
func (f *fairSet) moveDown(q int) int {
	d := f.dpos[q]
	for q+1 < f.n && f.dpos[q+1] > d {
		v := f.dpos[q+1]
		// last position in (q, n) with demand ≥ v (= v: sorted)
		lo, hi := q+1, f.n-1
		for lo < hi {
			m := int(uint(lo+hi+1) >> 1)
			if f.dpos[m] >= v {
				lo = m
			} else {
				hi = m - 1
			}
		}
		f.swap(q, lo)
		q = lo
	}
	return q
}

// best returns the claimant with the largest deficit share − running among
// those with runnable tasks when capacity c is shared max-min fairly with
// equal weights (ties: smaller key), and that claimant's share; -1 when no
// claimant has a runnable task.
func (f *fairSet) best(c float64) (int32, float64) {
	if f.n == 0 {
		return -1, 0
	}
	root := &f.tree[1]
	if float64(root.sum) <= c { // every demand fits: deficit = runnable tasks
		b := f.id(root.bestPend)
		if b < 0 {
			return -1, 0
		}
		return b, float64(f.pool.c[b].d)
	}
	// The first capped position U: position q (ascending rank n−1−q, the
	// claimants behind it being the smaller ones) is capped when
	// c − S ≥ d_q·(q+1), S the demand behind it = total − Σ_{≤q} d.
	total := root.sum
	n := f.n
	capped := func(q int, upto int64) bool { // upto = Σ_{≤q} d
		return c-float64(total-upto) >= float64(f.dpos[q])*float64(q+1)
	}
	pre, suf := noPack, noPack // best capped (most runnable), best uncapped (fewest running)
	i, lo, span := 1, 0, f.leaf
	before := int64(0) // Σ d before lo
	for span > 1 {
		half := span / 2
		l := 2 * i
		mid := lo + half
		// Is the last position of the left half capped? Then U ≤ mid−1
		// and the right half is capped.
		if mid-1 >= n || capped(mid-1, before+f.tree[l].sum) {
			pre = min(pre, f.tree[l+1].bestPend)
			i = l
		} else {
			suf = min(suf, f.tree[l].bestRun)
			before += f.tree[l].sum
			i, lo = l+1, mid
		}
		span = half
	}
	// The leaf lo: capped (U = lo) or not (U = lo+1).
	u := lo
	if lo < n {
		a := &f.tree[i]
		if capped(lo, before+a.sum) {
			pre = min(pre, a.bestPend)
		} else {
			suf = min(suf, a.bestRun)
			before += a.sum
			u = lo + 1
		}
	}
	lambda := (c - float64(total-before)) / float64(u)
	switch {
	case pre == noPack && suf == noPack:
		return -1, 0
	case suf == noPack:
		id := f.id(pre)
		return id, float64(f.pool.c[id].d)
	case pre == noPack:
		return f.id(suf), lambda
	}
	dp := float64(maxPend - packCount(pre)) // runnable tasks
	ds := lambda - float64(packCount(suf))  // λ − running
	if ds > dp || ds == dp && packKey(suf) < packKey(pre) {
		return f.id(suf), lambda
	}
	id := f.id(pre)
	return id, float64(f.pool.c[id].d)
}

// first returns the claimant with runnable tasks and the smallest key (-1
// if none).
func (f *fairSet) first() int32 {
	if f.n == 0 {
		return -1
	}
	return f.id(f.tree[1].firstPend)
}
