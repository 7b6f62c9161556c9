package flex

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// MergeEps is the fraction of a dataset below which two jobs' remaining
// scans are taken as equal (and a job's remaining scan as finished): the
// epoch simulation subtracts processed fractions at every epoch, so exact
// equalities of the model (jobs arriving together, a subjob completing two
// jobs) would otherwise leave slivers of 1e-16 that become spurious
// subjobs.
const MergeEps = 1e-9

// Copy is one dataset scan of an active job: the dataset, the sharing
// group (jobs scan the same physical pass over a dataset only when both
// Dataset and Group agree: CIRCUMFLEX uses group 0 for everyone, FLEX a
// private group per job, BATCH one group per batch), and the remaining
// fraction of the dataset still to scan for this job, in (0,1].
type Copy struct {
	Dataset   int
	Group     int
	Remaining float64
}

// Active is an active job as the subjob builder sees it.
type Active struct {
	Job    int     // caller's job index (labels, penalties)
	Copies []Copy  // one per scanned dataset
	Extra  float64 // per-job work per unit of scanned data, (1−f_j)/f_j
	Min    float64 // m_j
	Max    float64 // M_j
}

// Piece is the part of a dataset copy that one subjob scans: the fraction
// Len of the dataset (between remaining-fraction levels Lo and Lo+Len).
type Piece struct {
	Dataset int
	Group   int
	Lo, Len float64
}

// Subjob is a subjob (d,k) of §2.2 (Fig. 3) or a Venn region of a
// semi-shared scan (Fig. 4).
type Subjob struct {
	Work      float64 // remaining work (slot-time)
	Min, Max  float64 // A.1: max of the relevant jobs' minima, min of their maxima
	Jobs      []int   // indices into the active list of the relevant jobs (ascending)
	Completes []int   // active jobs for which this is the last subjob
	Preds     []int   // immediate predecessors (subjob indices)
	Pieces    []Piece
	// Chain and Pos locate the subjob in its chain (Pos 1 = (d,1)) when
	// the precedence is a union of chains; Chain is −1 otherwise.
	Chain, Pos int
}

// Subjobs is the decomposition of the remaining work at one instant.
type Subjobs struct {
	List   []Subjob
	Chains [][]int // the chains, in order, when Chained
	// Chained reports whether the precedence is a union of chains (fully
	// shared scans, FLEX, BATCH); GSR applies only then.
	Chained bool
}

// Build decomposes the remaining work of the active jobs into subjobs by
// cyclic piggybacking (§2.2, Fig. 3; §3.1). sizes[d] is dataset d's size.
//
// For every dataset copy the active jobs' remaining fractions are sorted,
// r_(1) ≤ … ≤ r_(K); piece k = [r_(k−1), r_(k)) is still needed by the
// K−k+1 jobs (k)…(K) (concurrency level K_d − k + 1). Remaining fractions
// closer than MergeEps are first merged (the active slice is updated in
// place), and fractions ≤ MergeEps set to 0. Pieces with the same set of
// relevant jobs form one subjob (a Venn region of Fig. 4; with fully
// shared scans every piece is its own subjob (d,k)). The work of a subjob
// is Σ pieces Len·size_d·(1 + Σ_{j∈R} Extra_j) (package sharedscan's work
// model). Subjob R precedes R' when R' is relevant to a strict subset of
// R's jobs (§3.1 and §3.3: "from more overlapped to less overlapped"); only
// immediate predecessors are listed. If min of maxima is below max of
// minima (possible only with heterogeneous limits) Max is raised to Min.
func Build(active []Active, sizes []float64) (*Subjobs, error) {
	b := &subjobBuilder{active: active, sizes: sizes, out: &Subjobs{}, region: map[string]int{}}
	groups, keys, err := b.groupCopies()
	if err != nil {
		return nil, err
	}
	for _, k := range keys {
		b.cutGroup(k, groups[k])
	}
	out := b.out
	b.setLimitsAndWork()
	if !b.single {
		hasse(out.List, b.sets)
	}
	succ := make([][]int, len(out.List))
	for i := range out.List {
		for _, p := range out.List[i].Preds {
			succ[p] = append(succ[p], i)
		}
	}
	b.markCompletions(succ)
	b.findChains(succ)
	return out, nil
}

// copyKey is a sharing group: the dataset and group of a copy.
type copyKey struct{ d, g int }

// copyEntry is one active copy of a sharing group.
type copyEntry struct {
	a int     // index in active
	c int     // index in active[a].Copies
	r float64 // remaining
}

// subjobBuilder holds the state of Build: the active jobs, the subjobs
// made so far, and the job set of each.
type subjobBuilder struct {
	active []Active
	sizes  []float64
	single bool // every active job scans one dataset
	out    *Subjobs
	region map[string]int // subjob of each job set (semi-shared scans)
	sets   [][]int        // job set of each subjob
}

// groupCopies checks the copies, sets remaining fractions ≤ MergeEps to
// 0, and returns the unfinished copies of each sharing group with the
// groups sorted by dataset, then group.
func (b *subjobBuilder) groupCopies() (map[copyKey][]copyEntry, []copyKey, error) {
	active, sizes := b.active, b.sizes
	groups := map[copyKey][]copyEntry{}
	var keys []copyKey
	b.single = true
	for ai := range active {
		a := &active[ai]
		if len(a.Copies) != 1 {
			b.single = false
		}
		for ci := range a.Copies {
			c := &a.Copies[ci]
			if c.Dataset < 0 || c.Dataset >= len(sizes) {
				return nil, nil, fmt.Errorf("%w: active[%d] copy %d: dataset %d out of range", ErrInput, ai, ci, c.Dataset)
			}
			if math.IsNaN(c.Remaining) || c.Remaining > 1+MergeEps || c.Remaining < -MergeEps {
				return nil, nil, fmt.Errorf("%w: active[%d] copy %d: remaining fraction %v outside [0,1]", ErrInput, ai, ci, c.Remaining)
			}
			if c.Remaining <= MergeEps {
				c.Remaining = 0
				continue
			}
			k := copyKey{c.Dataset, c.Group}
			if _, ok := groups[k]; !ok {
				keys = append(keys, k)
			}
			groups[k] = append(groups[k], copyEntry{ai, ci, c.Remaining})
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].d != keys[j].d {
			return keys[i].d < keys[j].d
		}
		return keys[i].g < keys[j].g
	})
	return groups, keys, nil
}

// cutGroup sorts the remaining fractions of one sharing group, merges
// near-equal levels, and cuts the pieces between consecutive levels:
// each piece joins the subjob of its job set (with fully shared scans a
// new subjob chained after the previous one).
func (b *subjobBuilder) cutGroup(k copyKey, es []copyEntry) {
	out := b.out
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].r != es[j].r {
			return es[i].r < es[j].r
		}
		return es[i].a < es[j].a
	})
	for i := 1; i < len(es); i++ { // merge near-equal levels
		if es[i].r-es[i-1].r <= MergeEps {
			es[i].r = es[i-1].r
			b.active[es[i].a].Copies[es[i].c].Remaining = es[i].r
		}
	}
	lo := 0.0
	prev := -1
	chain := -1
	for i := 0; i < len(es); i++ {
		if es[i].r == lo {
			continue
		}
		jobs := make([]int, 0, len(es)-i)
		for _, e := range es[i:] {
			jobs = append(jobs, e.a)
		}
		sort.Ints(jobs)
		p := Piece{Dataset: k.d, Group: k.g, Lo: lo, Len: es[i].r - lo}
		lo = es[i].r
		var id int
		if b.single {
			id = len(out.List)
			out.List = append(out.List, Subjob{Jobs: jobs})
			b.sets = append(b.sets, jobs)
			if prev >= 0 {
				out.List[id].Preds = []int{prev}
			} else {
				chain = len(out.Chains)
				out.Chains = append(out.Chains, nil)
			}
			out.Chains[chain] = append(out.Chains[chain], id)
			prev = id
		} else {
			sk := setKey(jobs)
			var ok bool
			if id, ok = b.region[sk]; !ok {
				id = len(out.List)
				b.region[sk] = id
				out.List = append(out.List, Subjob{Jobs: jobs})
				b.sets = append(b.sets, jobs)
			}
		}
		out.List[id].Pieces = append(out.List[id].Pieces, p)
	}
}

// setLimitsAndWork gives each subjob the slot limits of A.1 (max of the
// minima, min of the maxima, raised to the minimum) and its work.
func (b *subjobBuilder) setLimitsAndWork() {
	for i := range b.out.List {
		s := &b.out.List[i]
		s.Min, s.Max = 0, math.Inf(1)
		extra := 1.0
		for _, a := range s.Jobs {
			s.Min = math.Max(s.Min, b.active[a].Min)
			s.Max = math.Min(s.Max, b.active[a].Max)
			extra += b.active[a].Extra
		}
		if s.Max < s.Min {
			s.Max = s.Min
		}
		for _, p := range s.Pieces {
			s.Work += p.Len * b.sizes[p.Dataset] * extra
		}
		s.Chain = -1
	}
}

// markCompletions lists, per subjob, the jobs it is the last subjob of:
// the relevant jobs to which none of its successors is relevant.
func (b *subjobBuilder) markCompletions(succ [][]int) {
	list := b.out.List
	for i := range list {
		s := &list[i]
		for _, a := range s.Jobs {
			isLast := true
			for _, q := range succ[i] {
				if contains(list[q].Jobs, a) {
					isLast = false
					break
				}
			}
			if isLast {
				s.Completes = append(s.Completes, a)
			}
		}
	}
}

// findChains decides whether the precedence is a union of chains and, if
// so, lists the chains and locates every subjob in its chain.
func (b *subjobBuilder) findChains(succ [][]int) {
	out := b.out
	out.Chained = true
	for i := range out.List {
		if len(out.List[i].Preds) > 1 || len(succ[i]) > 1 {
			out.Chained = false
			break
		}
	}
	if out.Chained && !b.single {
		out.Chains = nil
		for i := range out.List {
			if len(out.List[i].Preds) == 0 {
				c := []int{}
				for j := i; ; j = succ[j][0] {
					c = append(c, j)
					if len(succ[j]) == 0 {
						break
					}
				}
				out.Chains = append(out.Chains, c)
			}
		}
	}
	if out.Chained {
		for ci, c := range out.Chains {
			for k, id := range c {
				out.List[id].Chain, out.List[id].Pos = ci, k+1
			}
		}
	} else {
		out.Chains = nil
	}
}

func setKey(s []int) string {
	var b strings.Builder
	for i, v := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	return b.String()
}

func contains(sorted []int, v int) bool {
	i := sort.SearchInts(sorted, v)
	return i < len(sorted) && sorted[i] == v
}

func strictSubset(a, b []int) bool { // a ⊊ b, both sorted
	if len(a) >= len(b) {
		return false
	}
	i := 0
	for _, v := range b {
		if i < len(a) && a[i] == v {
			i++
		}
	}
	return i == len(a)
}

// hasse sets the immediate predecessors of every region: R precedes R' iff
// jobs(R') ⊊ jobs(R); the immediate ones are the minimal such R.
func hasse(list []Subjob, sets [][]int) {
	n := len(list)
	for i := 0; i < n; i++ {
		var cand []int
		for j := 0; j < n; j++ {
			if j != i && strictSubset(sets[i], sets[j]) {
				cand = append(cand, j)
			}
		}
		var preds []int
		for _, j := range cand {
			minimal := true
			for _, k := range cand {
				if k != j && strictSubset(sets[k], sets[j]) {
					minimal = false
					break
				}
			}
			if minimal {
				preds = append(preds, j)
			}
		}
		list[i].Preds = preds
	}
}

// Apply records that each subjob i has done work done[i] (≤ its Work):
// every relevant job's remaining fraction on every piece of the subjob
// drops by (done/Work)·Len; a completed subjob (done ≥ Work within
// MergeEps relative) removes its pieces exactly.
func (s *Subjobs) Apply(active []Active, done []float64) {
	for i := range s.List {
		sj := &s.List[i]
		if done[i] <= 0 || sj.Work <= 0 {
			continue
		}
		phi := done[i] / sj.Work
		if phi >= 1-MergeEps {
			phi = 1
		}
		for _, p := range sj.Pieces {
			dec := phi * p.Len
			for _, a := range sj.Jobs {
				for ci := range active[a].Copies {
					c := &active[a].Copies[ci]
					if c.Dataset == p.Dataset && c.Group == p.Group {
						c.Remaining -= dec
						if c.Remaining <= MergeEps {
							c.Remaining = 0
						}
					}
				}
			}
		}
	}
}
