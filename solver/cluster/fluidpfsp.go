package cluster

import (
	"errors"
	"fmt"
	"math/big"
	"sort"
)

// ErrFluidJob is returned by FluidPFSP and FluidPSExact for a job with a
// negative arrival, a size ≤ 0 or a fair-phase work outside [0, size].
var ErrFluidJob = errors.New("cluster: invalid fluid job")

// FluidJob is a job of the continuous model of H-PFSP §II-A ("take
// parallel slots as a processor with the aggregated capacity"): it arrives
// at Arrive and needs Size units of service of a processor of capacity 1.
// Fair is the work of its fair phase (the fluid image of FAIR_LIMIT: the
// first Fair units are served with priority, least attained service first,
// as the slot-level H-PFSP serves the job with the fewest tasks started);
// 0 for Parallel PFSP.
type FluidJob struct {
	Arrive, Size, Fair *big.Rat
}

// FluidOutcome is an exact run of FluidPFSP.
type FluidOutcome struct {
	Finish []*big.Rat // per job, in input order
	// Fallbacks counts the decision instants at which no unfinished job
	// was completable (PFSP then serves the smallest remaining size; with
	// exact sizes and no fair phase Friedman and Hurley's argument says it
	// never happens).
	Fallbacks int
}

func checkFluid(jobs []FluidJob) error {
	for i, j := range jobs {
		if j.Arrive == nil || j.Size == nil || j.Arrive.Sign() < 0 || j.Size.Sign() <= 0 ||
			j.Fair != nil && (j.Fair.Sign() < 0 || j.Fair.Cmp(j.Size) > 0) {
			return fmt.Errorf("%w: jobs[%d]", ErrFluidJob, i)
		}
	}
	return nil
}

// arrivalOrder returns the job indices by (arrival, index).
func arrivalOrder(jobs []FluidJob) []int {
	ord := make([]int, len(jobs))
	for i := range ord {
		ord[i] = i
	}
	sort.SliceStable(ord, func(a, b int) bool { return jobs[ord[a]].Arrive.Cmp(jobs[ord[b]].Arrive) < 0 })
	return ord
}

// FluidPSExact returns every job's finish time under processor sharing of
// capacity 1, in exact rational arithmetic (the reference of the
// protectiveness claim; FluidPS is its float64, slot-normalised twin).
func FluidPSExact(jobs []FluidJob) ([]*big.Rat, error) {
	if err := checkFluid(jobs); err != nil {
		return nil, err
	}
	n := len(jobs)
	ord := arrivalOrder(jobs)
	rem := make([]*big.Rat, n)
	fin := make([]*big.Rat, n)
	var present []int
	now := new(big.Rat)
	next := 0
	for next < n || len(present) > 0 {
		if len(present) == 0 {
			now.Set(jobs[ord[next]].Arrive)
		}
		for next < n && jobs[ord[next]].Arrive.Cmp(now) <= 0 {
			i := ord[next]
			rem[i] = new(big.Rat).Set(jobs[i].Size)
			present = append(present, i)
			next++
		}
		m := big.NewRat(int64(len(present)), 1)
		// Next event: the smallest remaining size done (each job served at
		// rate 1/m) or the next arrival.
		minRem := rem[present[0]]
		for _, i := range present[1:] {
			if rem[i].Cmp(minRem) < 0 {
				minRem = rem[i]
			}
		}
		dt := new(big.Rat).Mul(minRem, m)
		if next < n {
			if ta := new(big.Rat).Sub(jobs[ord[next]].Arrive, now); ta.Cmp(dt) < 0 {
				dt = ta
			}
		}
		served := new(big.Rat).Quo(dt, m)
		now = new(big.Rat).Add(now, dt)
		keep := present[:0]
		for _, i := range present {
			rem[i] = new(big.Rat).Sub(rem[i], served)
			if rem[i].Sign() <= 0 {
				fin[i] = new(big.Rat).Set(now)
			} else {
				keep = append(keep, i)
			}
		}
		present = keep
	}
	return fin, nil
}

// FluidPFSP runs Parallel PFSP (every Fair = 0) or the fluid H-PFSP in the
// paper's own setting, exactly: one processor of capacity 1, exact sizes,
// a virtual PS of capacity 1 in real time, the slack vector of eq. 6 over
// the virtual queue (v = remaining PS work, w = remaining real work, 0 and
// slack +∞ once finished), and at every instant the jobs in their fair
// phase first (least attained service, sharing equally on ties), else the
// completable job (Algorithm 4) with the smallest remaining work (ties: the
// earlier arrival) at full rate. Decisions change only at arrivals, real
// and virtual completions and fair-phase boundaries: between them the
// served job stays completable (its w and the slacks ahead of it fall at
// the same rate) and no other becomes so (slacks only fall).
func FluidPFSP(jobs []FluidJob) (*FluidOutcome, error) {
	if err := checkFluid(jobs); err != nil {
		return nil, err
	}
	n := len(jobs)
	ord := arrivalOrder(jobs)
	rank := make([]int, n)
	for r, i := range ord {
		rank[i] = r
	}
	f := &fluidPFSP{
		jobs: jobs, ord: ord, rank: rank,
		w: make([]*big.Rat, n), v: make([]*big.Rat, n), at: make([]*big.Rat, n),
		inV: make([]bool, n), done: make([]bool, n),
		out: &FluidOutcome{Finish: make([]*big.Rat, n)},
		now: new(big.Rat),
	}
	for f.finished < n {
		real, virt := f.present()
		rate, levelGap := f.rates(real, virt)
		f.advance(rate, virt, f.nextEvent(rate, levelGap, virt))
	}
	return f.out, nil
}

// fluidPFSP is the state of FluidPFSP between events.
type fluidPFSP struct {
	jobs []FluidJob
	ord  []int // job indices in arrival order
	rank []int // position of each job in ord
	w    []*big.Rat
	v    []*big.Rat
	at   []*big.Rat // attained service
	inV  []bool     // still in the virtual PS queue
	done []bool     // finished in the real system
	out  *FluidOutcome

	now            *big.Rat
	next, finished int // next arrival in ord; jobs finished
}

// fair returns job i's fair-phase length (0 when unset).
func (f *fluidPFSP) fair(i int) *big.Rat {
	if f.jobs[i].Fair == nil {
		return new(big.Rat)
	}
	return f.jobs[i].Fair
}

// present returns the unfinished jobs of the real system and the jobs of
// the virtual queue, in arrival order, after admitting the arrivals at
// now (or, when the system is empty, at the next arrival).
func (f *fluidPFSP) present() (real, virt []int) {
	jobs, ord, n := f.jobs, f.ord, len(f.jobs)
	for r := 0; r < f.next; r++ {
		i := ord[r]
		if !f.done[i] {
			real = append(real, i)
		}
		if f.inV[i] {
			virt = append(virt, i)
		}
	}
	if len(real) == 0 && len(virt) == 0 {
		f.now.Set(jobs[ord[f.next]].Arrive)
	}
	for f.next < n && jobs[ord[f.next]].Arrive.Cmp(f.now) <= 0 {
		i := ord[f.next]
		f.w[i], f.v[i], f.at[i] = new(big.Rat).Set(jobs[i].Size), new(big.Rat).Set(jobs[i].Size), new(big.Rat)
		f.inV[i] = true
		real = append(real, i)
		virt = append(virt, i)
		f.next++
	}
	return real, virt
}

// rates returns the service rates of the real system: the jobs in their
// fair phase share by least attained service (levelGap is the time until
// a fair phase ends or the least-attained group catches up), else the
// job Algorithm 4 picks runs at rate 1.
func (f *fluidPFSP) rates(real, virt []int) (rate map[int]*big.Rat, levelGap *big.Rat) {
	rate = make(map[int]*big.Rat)
	var fp []int // fair phase: attained < Fair
	for _, i := range real {
		if f.at[i].Cmp(f.fair(i)) < 0 {
			fp = append(fp, i)
		}
	}
	if len(fp) > 0 {
		return rate, f.fairPhaseRates(fp, rate)
	}
	if len(real) > 0 {
		w := f.w
		i := pfspChoice(real, virt, w, f.v, f.done, f.rank)
		if i < 0 {
			f.out.Fallbacks++
			i = real[0]
			for _, k := range real {
				if w[k].Cmp(w[i]) < 0 {
					i = k
				}
			}
		}
		rate[i] = big.NewRat(1, 1)
	}
	return rate, nil
}

// fairPhaseRates shares the processor equally among the fair-phase jobs
// of least attained service, setting their rates, and returns the time
// until one of their fair phases ends or they reach the next level.
func (f *fluidPFSP) fairPhaseRates(fp []int, rate map[int]*big.Rat) (levelGap *big.Rat) {
	at := f.at
	minAt := at[fp[0]]
	for _, i := range fp {
		if at[i].Cmp(minAt) < 0 {
			minAt = at[i]
		}
	}
	var grp []int
	var nextLevel *big.Rat
	for _, i := range fp {
		if at[i].Cmp(minAt) == 0 {
			grp = append(grp, i)
		} else if nextLevel == nil || at[i].Cmp(nextLevel) < 0 {
			nextLevel = at[i]
		}
	}
	share := big.NewRat(1, int64(len(grp)))
	for _, i := range grp {
		rate[i] = share
		// its fair phase ends after (Fair − attained)/share
		t := new(big.Rat).Quo(new(big.Rat).Sub(f.fair(i), at[i]), share)
		if levelGap == nil || t.Cmp(levelGap) < 0 {
			levelGap = t
		}
	}
	if nextLevel != nil {
		t := new(big.Rat).Quo(new(big.Rat).Sub(nextLevel, minAt), share)
		if t.Cmp(levelGap) < 0 {
			levelGap = t
		}
	}
	return levelGap
}

// nextEvent returns the time until the next decision point: a level
// change, a real or virtual completion, or the next arrival.
func (f *fluidPFSP) nextEvent(rate map[int]*big.Rat, levelGap *big.Rat, virt []int) *big.Rat {
	var dt *big.Rat
	upd := func(t *big.Rat) {
		if t != nil && (dt == nil || t.Cmp(dt) < 0) {
			dt = t
		}
	}
	upd(levelGap)
	for i, r := range rate {
		upd(new(big.Rat).Quo(f.w[i], r))
	}
	mv := big.NewRat(int64(len(virt)), 1)
	for _, i := range virt {
		upd(new(big.Rat).Mul(f.v[i], mv))
	}
	if f.next < len(f.jobs) {
		upd(new(big.Rat).Sub(f.jobs[f.ord[f.next]].Arrive, f.now))
	}
	return dt
}

// advance serves the real jobs at their rates and the virtual queue in
// PS for dt, recording real completions and virtual departures.
func (f *fluidPFSP) advance(rate map[int]*big.Rat, virt []int, dt *big.Rat) {
	w, at := f.w, f.at
	f.now = new(big.Rat).Add(f.now, dt)
	zero := new(big.Rat)
	for i, r := range rate {
		d := new(big.Rat).Mul(r, dt)
		w[i] = new(big.Rat).Sub(w[i], d)
		at[i] = new(big.Rat).Add(at[i], d)
		if w[i].Cmp(zero) <= 0 && !f.done[i] {
			f.done[i] = true
			f.finished++
			f.out.Finish[i] = new(big.Rat).Set(f.now)
			w[i] = new(big.Rat)
		}
	}
	mv := big.NewRat(int64(len(virt)), 1)
	dv := new(big.Rat).Quo(dt, mv)
	for _, i := range virt {
		f.v[i] = new(big.Rat).Sub(f.v[i], dv)
		if f.v[i].Sign() <= 0 {
			f.inV[i] = false
		}
	}
}

// pfspChoice is Algorithm 4 with the smallest remaining work: the slack
// vector of eq. 6 over the virtual queue sorted by (v, arrival), then the
// unfinished job with the smallest w (ties: earlier arrival) such that
// every unfinished job ahead of it has slack ≥ its w (jobs out of the
// virtual queue count as completable); -1 if none.
func pfspChoice(real, virt []int, w, v []*big.Rat, done []bool, rank []int) int {
	q := append([]int(nil), virt...)
	sort.Slice(q, func(a, b int) bool {
		if c := v[q[a]].Cmp(v[q[b]]); c != 0 {
			return c < 0
		}
		return rank[q[a]] < rank[q[b]]
	})
	m := int64(len(q))
	pos := map[int]int{}
	s := make([]*big.Rat, len(q))
	sv, sw := new(big.Rat), new(big.Rat)
	for k, i := range q {
		pos[i] = k
		sw.Add(sw, w[i])
		x := new(big.Rat).Mul(big.NewRat(m-int64(k), 1), v[i])
		x.Add(x, sv).Sub(x, sw)
		s[k] = x
		sv.Add(sv, v[i])
	}
	best := -1
	for _, i := range real {
		if k, ok := pos[i]; ok {
			comp := true
			for a := 0; a < k && comp; a++ {
				if !done[q[a]] && s[a].Cmp(w[i]) < 0 {
					comp = false
				}
			}
			if !comp {
				continue
			}
		}
		if best < 0 || w[i].Cmp(w[best]) < 0 || w[i].Cmp(w[best]) == 0 && rank[i] < rank[best] {
			best = i
		}
	}
	return best
}
