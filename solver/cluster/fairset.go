package cluster

import "math/rand/v2"

// fairSet answers the question Fair and LsPS ask at every slot assignment
// — which claimant has the largest deficit under max-min fair shares with
// equal weights — in O(log n) time instead of the O(n log n) of sorting
// every claimant (waterfill) at each assignment.
//
// A claimant (a job, or a user under Fair) has an integer demand d > 0
// (running + runnable tasks of the slot's phase), r running tasks, pend =
// d − r runnable tasks and a tie key k (arrival order for jobs, user index
// for users). Claimants live in a treap ordered by (d, k) whose nodes carry
// subtree counts and demand sums and, for the claimants with pend > 0, the
// one with the most runnable tasks, the one with the fewest running tasks
// and the one with the smallest key.
//
// Exactness: waterfill with unit weights caps the claimants in increasing
// demand order while d·W ≤ left, left = c − Σ(capped d), W = uncapped
// count. With integer demands and c < 2⁵³ every such left is exact (an
// integer subtracted from a float whose ulp is ≤ 1, the result between 0
// and the float), so the capped set is the longest prefix in (d, k) order
// with c − S_k ≥ d_k·(n − k) — a condition that is monotone in k, since
// its slack changes by (d_k − d_{k+1})(n − k − 1) ≤ 0 from k to k+1 — and
// the uncapped share is the correctly rounded (c − S_K)/(n − K). A capped
// claimant's deficit is its pend exactly, an uncapped one's λ − r, largest
// for the fewest running tasks. fairSet therefore returns bit for bit the
// claimant the from-scratch scan returns (TestFairSetMatchesScan).
//
// Each node carries the three preferred claimants of its subtree by value
// (their counts and keys next to their ids), so that recomputing a node's
// aggregates reads only the node and its two children; and a claimant
// whose demand changes without changing its place in the (d, k) order —
// most task completions — is updated along its path instead of being
// deleted and reinserted.
type fairSet struct {
	nodes []fsNode
	rnd   *rand.Rand
	stack []int32
}

// fsBest is an aggregate: a claimant id (-1: none) and the two values it
// was chosen by (the count — runnable or running tasks — then the key).
type fsBest struct {
	n, k int32
	id   int32
}

type fsNode struct {
	d, r, pend, k int32
	prio          uint32
	l, r2         int32 // children (-1: none)
	cnt           int32
	sum           int64
	bestPend      fsBest // most runnable tasks, then smallest key; id -1 if none runnable
	bestRun       fsBest // fewest running tasks, then smallest key, among runnable
	firstPend     fsBest // smallest key among runnable (n unused)
	in            bool
}

var noBest = fsBest{id: -1}

func newFairSet(n int, seed uint64) *fairSet {
	f := &fairSet{nodes: make([]fsNode, n), rnd: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))}
	for i := range f.nodes {
		f.nodes[i] = fsNode{l: -1, r2: -1, bestPend: noBest, bestRun: noBest, firstPend: noBest, prio: f.rnd.Uint32()}
	}
	return f
}

func (f *fairSet) keyLess(a int32, d, k int32) bool {
	x := &f.nodes[a]
	return x.d < d || x.d == d && x.k < k
}

// morePend returns the preferred of two aggregates (either may be none)
// under "more runnable tasks, then smaller key".
func morePend(a, b fsBest) fsBest {
	if a.id < 0 {
		return b
	}
	if b.id < 0 {
		return a
	}
	if a.n > b.n || a.n == b.n && a.k < b.k {
		return a
	}
	return b
}

// lessRun: fewer running tasks, then smaller key.
func lessRun(a, b fsBest) fsBest {
	if a.id < 0 {
		return b
	}
	if b.id < 0 {
		return a
	}
	if a.n < b.n || a.n == b.n && a.k < b.k {
		return a
	}
	return b
}

// lessKey: smaller key.
func lessKey(a, b fsBest) fsBest {
	if a.id < 0 {
		return b
	}
	if b.id < 0 || a.k < b.k {
		return a
	}
	return b
}

func (f *fairSet) pull(i int32) {
	x := &f.nodes[i]
	x.cnt, x.sum = 1, int64(x.d)
	if x.pend > 0 {
		x.bestPend = fsBest{x.pend, x.k, i}
		x.bestRun = fsBest{x.r, x.k, i}
		x.firstPend = fsBest{0, x.k, i}
	} else {
		x.bestPend, x.bestRun, x.firstPend = noBest, noBest, noBest
	}
	if c := x.l; c >= 0 {
		y := &f.nodes[c]
		x.cnt += y.cnt
		x.sum += y.sum
		x.bestPend = morePend(x.bestPend, y.bestPend)
		x.bestRun = lessRun(x.bestRun, y.bestRun)
		x.firstPend = lessKey(x.firstPend, y.firstPend)
	}
	if c := x.r2; c >= 0 {
		y := &f.nodes[c]
		x.cnt += y.cnt
		x.sum += y.sum
		x.bestPend = morePend(x.bestPend, y.bestPend)
		x.bestRun = lessRun(x.bestRun, y.bestRun)
		x.firstPend = lessKey(x.firstPend, y.firstPend)
	}
}

// path fills f.stack with the links from *root down to the node with key
// (d, k) (which must be in the treap) and returns the link that points to
// it, and the nearest ancestors below and above it in key order (the last
// ancestors where the descent went right and left; -1: none).
func (f *fairSet) path(root *int32, d, k int32) (link *int32, below, above int32) {
	f.stack = f.stack[:0]
	link = root
	below, above = -1, -1
	for {
		t := *link
		x := &f.nodes[t]
		if x.d == d && x.k == k {
			return link, below, above
		}
		f.stack = append(f.stack, t)
		if x.d < d || x.d == d && x.k < k {
			link = &x.r2
			below = t
		} else {
			link = &x.l
			above = t
		}
	}
}

// repull recomputes the aggregates of the nodes on f.stack, deepest first.
func (f *fairSet) repull() {
	for i := len(f.stack) - 1; i >= 0; i-- {
		f.pull(f.stack[i])
	}
}

// repullChanged is repull after claimant id changed its running count
// only (same demand and key, so every count and sum stays): it stops at the
// first node whose aggregates neither changed nor point to id — its
// ancestors compare the same claimants with the same values.
func (f *fairSet) repullChanged(id int32) {
	for i := len(f.stack) - 1; i >= 0; i-- {
		x := &f.nodes[f.stack[i]]
		bp, br, fp := x.bestPend, x.bestRun, x.firstPend
		f.pull(f.stack[i])
		if x.bestPend == bp && x.bestRun == br && x.firstPend == fp && bp.id != id && br.id != id && fp.id != id {
			return
		}
	}
}

// stays reports whether node id, reached by path with the given nearest
// ancestors below and above, keeps its in-order place under the new key
// (d, k): its predecessor (the largest key of its left subtree, else the
// ancestor below) stays below and its successor above.
func (f *fairSet) stays(id, below, above int32, d, k int32) bool {
	pred := below
	for c := f.nodes[id].l; c >= 0; c = f.nodes[c].r2 {
		pred = c
	}
	if pred >= 0 && !f.keyLess(pred, d, k) {
		return false
	}
	succ := above
	for c := f.nodes[id].r2; c >= 0; c = f.nodes[c].l {
		succ = c
	}
	if succ < 0 {
		return true
	}
	y := &f.nodes[succ]
	return d < y.d || d == y.d && k < y.k
}

// split returns (keys < (d, k), keys ≥ (d, k)).
func (f *fairSet) split(t int32, d, k int32) (int32, int32) {
	if t < 0 {
		return -1, -1
	}
	if f.keyLess(t, d, k) {
		a, b := f.split(f.nodes[t].r2, d, k)
		f.nodes[t].r2 = a
		f.pull(t)
		return t, b
	}
	a, b := f.split(f.nodes[t].l, d, k)
	f.nodes[t].l = b
	f.pull(t)
	return a, t
}

func (f *fairSet) merge(a, b int32) int32 {
	if a < 0 {
		return b
	}
	if b < 0 {
		return a
	}
	if f.nodes[a].prio > f.nodes[b].prio {
		f.nodes[a].r2 = f.merge(f.nodes[a].r2, b)
		f.pull(a)
		return a
	}
	f.nodes[b].l = f.merge(a, f.nodes[b].l)
	f.pull(b)
	return b
}

// set gives claimant id (a node of the pool) demand d, r running tasks and
// key k in the treap rooted at *root; d = 0 removes it.
func (f *fairSet) set(root *int32, id int32, di, ri, ki int) {
	d, r, k := int32(di), int32(ri), int32(ki)
	x := &f.nodes[id]
	if x.in && x.k == k && d > 0 {
		link, below, above := f.path(root, x.d, x.k)
		if x.d == d { // same place: update along the path
			x.r, x.pend = r, d-r
			f.pull(*link)
			f.repullChanged(id)
			return
		}
		if f.stays(id, below, above, d, k) { // new demand, same place
			x.d, x.r, x.pend = d, r, d-r
			f.pull(id)
			f.repull()
			return
		}
	}
	if x.in { // delete: replace the node by the merge of its children
		link, _, _ := f.path(root, x.d, x.k)
		*link = f.merge(x.l, x.r2)
		f.repull()
		x.in = false
	}
	if d <= 0 {
		return
	}
	x.d, x.r, x.pend, x.k = d, r, d-r, k
	x.in = true
	// insert: descend while the nodes have higher priority, then split the
	// subtree there into the new node's children.
	f.stack = f.stack[:0]
	link := root
	for *link >= 0 && f.nodes[*link].prio > x.prio {
		t := *link
		f.stack = append(f.stack, t)
		if f.keyLess(t, d, k) {
			link = &f.nodes[t].r2
		} else {
			link = &f.nodes[t].l
		}
	}
	x.l, x.r2 = f.split(*link, d, k)
	f.pull(id)
	*link = id
	f.repull()
}

// best returns the claimant with the largest deficit share − running among
// those with runnable tasks when capacity c is shared max-min fairly with
// equal weights (ties: smaller key), and that claimant's share; -1 when no
// claimant has a runnable task.
func (f *fairSet) best(root int32, c float64) (int32, float64) {
	if root < 0 {
		return -1, 0
	}
	n := int64(f.nodes[root].cnt)
	if float64(f.nodes[root].sum) <= c { // every demand fits: deficit = runnable tasks
		b := f.nodes[root].bestPend.id
		if b < 0 {
			return -1, 0
		}
		return b, float64(f.nodes[b].d)
	}
	// Descend to the end of the capped prefix.
	pre, suf := noBest, noBest
	cntBefore, sumBefore := int64(0), int64(0)
	for t := int32(root); t >= 0; {
		x := &f.nodes[t]
		cl, sl := int64(0), int64(0)
		if x.l >= 0 {
			cl, sl = int64(f.nodes[x.l].cnt), f.nodes[x.l].sum
		}
		k := cntBefore + cl
		if c-float64(sumBefore+sl) >= float64(x.d)*float64(n-k) { // capped: x and its left subtree
			if x.l >= 0 {
				pre = morePend(pre, f.nodes[x.l].bestPend)
			}
			if x.pend > 0 {
				pre = morePend(pre, fsBest{x.pend, x.k, t})
			}
			cntBefore, sumBefore = k+1, sumBefore+sl+int64(x.d)
			t = x.r2
		} else { // uncapped: x and its right subtree
			if x.r2 >= 0 {
				suf = lessRun(suf, f.nodes[x.r2].bestRun)
			}
			if x.pend > 0 {
				suf = lessRun(suf, fsBest{x.r, x.k, t})
			}
			t = x.l
		}
	}
	lambda := (c - float64(sumBefore)) / float64(n-cntBefore)
	switch {
	case pre.id < 0 && suf.id < 0:
		return -1, 0
	case suf.id < 0:
		return pre.id, float64(f.nodes[pre.id].d)
	case pre.id < 0:
		return suf.id, lambda
	}
	dp := float64(pre.n)
	ds := lambda - float64(suf.n)
	if ds > dp || ds == dp && suf.k < pre.k {
		return suf.id, lambda
	}
	return pre.id, float64(f.nodes[pre.id].d)
}

// first returns the claimant with runnable tasks and the smallest key (-1
// if none).
func (f *fairSet) first(root int32) int32 {
	if root < 0 {
		return -1
	}
	return f.nodes[root].firstPend.id
}
