package cluster

import "math"

// LsPSConfig tunes LsPS.
type LsPSConfig struct {
	// Alpha is α of eq. 8 in [0, 1]: 0 gives every user the Fair share, 1
	// (the paper's default) shares slots in inverse proportion to the
	// users' average phase sizes.
	Alpha float64
	// CVThreshold is the coefficient-of-variation boundary of §II-C (the
	// paper: 1): a user's jobs run FIFO when both CVs are below it.
	CVThreshold float64
}

// DefaultLsPS is the paper's setting: α = 1, CV threshold 1.
func DefaultLsPS() LsPSConfig { return LsPSConfig{Alpha: 1, CVThreshold: 1} }

// LsPS is the scheduler of Yao, Tai, Sheng and Mi (Algorithm 1).
//
// Workload information (§II-A): when a job of user i finishes, the user's
// Welford statistics are updated with its measured average map and reduce
// task times t̄ᵐ_{i,j}, t̄ʳ_{i,j} (eq. 1–2), its size
// s_{i,j} = t̄ᵐ_{i,j}·nᵐ_{i,j} + t̄ʳ_{i,j}·nʳ_{i,j} (eq. 3), the mean size S̄_i
// (eq. 4) and v_i (eq. 5), and CV_i = √(v_i/j)/S̄_i (eq. 6). Eq. 5 is
// Welford's update, v += (s − S̄_old)²·(j−1)/j, which needs the mean
// *before* eq. 4's update (with the updated mean the formula would not give
// the sum of squared deviations); we use the old mean.
//
// User shares (§II-B): at each arrival and departure, for each phase p,
// S̄*_i = (1/|J_i|)·Σ_j n^p_{i,j}·t̄^p_{i,j} over the user's jobs in the
// system (eq. 7), with t̄^p_{i,j} the mean of the job's finished tasks of
// phase p, or the user's history mean t̄^p_i when none has finished; the
// share is SU_i = SU*·(α·U·(1/S̄*_i)/Σ_k(1/S̄*_k) + 1 − α) (eq. 8), where SU*
// is the Fair share; Σ SU_i = U·SU* (eq. 10) and SU_i > 0 (eq. 9, for α < 1
// or finite sizes). A free slot goes to the user with the largest deficit
// SU_i − AS_i, AS_i being the slots of that phase the user holds (the
// extracted text sorts by "AS_i − SU_i" in non-increasing order, which would
// favour the most over-served user; the prose says "largest deficit", which
// we follow). Shares a user cannot use are redistributed among the others
// in proportion to SU (max-min water-filling), as §II-B requires.
//
// Sizes that cannot be estimated yet (a user with no finished job and no
// finished task of a current job, or a phase with no task) count as
// unknown: such users get factor 1 (the Fair share) and the users with
// known sizes split the remaining U_known·SU* by eq. 8 among themselves, so
// eq. 9–10 still hold. For the reduce phase of a user with no reduce
// history, the job's (else the user's) map-task mean stands in, as H-PFSP
// does before a job's reduce phase.
//
// Tier 2 (§II-C), decided at each arrival of one of the user's jobs: CV_i
// from the history (defined once the window holds 2 jobs) and CV'_i of the
// current jobs' sizes nᵐ·t̄ᵐ_i + nʳ·t̄ʳ_i (eq. 3–6 with the user's history
// means, defined for ≥ 2 current jobs of positive size). FIFO when both
// are below the threshold (or only CV' is defined and below it), Fair
// otherwise; when both are defined and disagree, Fair and the history
// window restarts (j = 0; the last task-time means stay as eq. 7's fallback
// until eq. 1–2 overwrite them with the next job, which they do exactly
// since j = 1).
type LsPS struct {
	Config LsPSConfig
	s      *Sim
	t      tiered
	users  []lspsUser
	// factor[p][u] = SU_i/SU* for phase p (the tier-1 weight).
	factor [2][]float64
	nJobs  []int // jobs of each user in the system
	// byUser[u]: user u's jobs in the system in Sim.Active order (eq. 7
	// and CV' sum over them in that order, as a scan of Active would).
	byUser [][]*JobState
	inv    []float64
	// size[u][p], sizeOK[u][p]: phaseSize(u, p), kept until one of its
	// inputs changes (stale[u]: an arrival, task completion or departure
	// of one of u's jobs), so shares() recomputes only those users' eq. 7.
	size   [][2]float64
	sizeOK [][2]bool
	stale  []bool
}

type lspsUser struct {
	j          int     // jobs in the current window
	tm, tr     float64 // t̄ᵐ_i, t̄ʳ_i (eq. 1–2)
	haveTimes  bool    // some job of the user has ever finished
	mean, v    float64 // S̄_i and v_i (eq. 4–5)
	fifo       bool
	resets     int
	switchings int
}

// NewLsPS returns LsPS with the given configuration.
func NewLsPS(c LsPSConfig) *LsPS { return &LsPS{Config: c} }

// Name implements Policy.
func (*LsPS) Name() string { return "lsps" }

// Init implements Policy.
func (l *LsPS) Init(s *Sim) {
	l.s = s
	l.t.init(s)
	n := len(s.Users)
	l.users = make([]lspsUser, n)
	l.nJobs = make([]int, n)
	l.byUser = make([][]*JobState, n)
	l.inv = make([]float64, n)
	l.size, l.sizeOK, l.stale = make([][2]float64, n), make([][2]bool, n), make([]bool, n)
	for u := range l.stale {
		l.stale[u] = true
	}
	for p := range l.factor {
		l.factor[p] = make([]float64, n)
		for u := range l.factor[p] {
			l.factor[p][u] = 1
		}
	}
}

// Arrive implements Policy (Algorithm 1, step 1).
func (l *LsPS) Arrive(j *JobState, _ float64) {
	l.t.arrive(j)
	l.stale[j.User] = true
	l.nJobs[j.User]++
	l.byUser[j.User] = append(l.byUser[j.User], j)
	l.shares()
	l.tier2(j.User)
}

// TaskStart implements Policy.
func (l *LsPS) TaskStart(j *JobState, _ Phase, _ int, _ float64) { l.t.update(j) }

// TaskFinish implements Policy (step 2: the job's t̄*_{i,j} is read from
// JobState.DoneTime when next needed).
func (l *LsPS) TaskFinish(j *JobState, _ Phase, _ int, _ float64) {
	l.t.update(j)
	l.stale[j.User] = true
}

// Depart implements Policy (step 3: eq. 1–6).
func (l *LsPS) Depart(j *JobState, _ float64) {
	l.t.update(j)
	l.stale[j.User] = true
	u := &l.users[j.User]
	nm, nr := float64(len(j.Job.Map)), float64(len(j.Job.Reduce))
	tmj := j.DoneTime[Map] / nm
	trj := 0.0
	if nr > 0 {
		trj = j.DoneTime[Reduce] / nr
	}
	u.add(tmj, trj, nm, nr)
	l.nJobs[j.User]--
	js := l.byUser[j.User]
	for k, x := range js {
		if x == j {
			copy(js[k:], js[k+1:])
			js[len(js)-1] = nil
			l.byUser[j.User] = js[:len(js)-1]
			break
		}
	}
	l.shares()
}

// add records a finished job with measured mean task times tmj, trj and
// task counts nm, nr: eq. 1–5.
func (u *lspsUser) add(tmj, trj, nm, nr float64) {
	u.j++
	k := float64(u.j)
	u.tm += (tmj - u.tm) / k // eq. 1
	u.tr += (trj - u.tr) / k // eq. 2 (0 for a map-only job)
	u.haveTimes = true
	s := tmj*nm + trj*nr                             // eq. 3
	u.v += (s - u.mean) * (s - u.mean) * (k - 1) / k // eq. 5 (old mean)
	u.mean += (s - u.mean) / k                       // eq. 4
}

// CV returns CV_i of eq. 6 for user u and whether it is defined (≥ 2 jobs
// in the window and a positive mean).
func (l *LsPS) CV(u int) (float64, bool) {
	us := &l.users[u]
	if us.j < 2 || !(us.mean > 0) {
		return 0, false
	}
	return math.Sqrt(us.v/float64(us.j)) / us.mean, true
}

// currentCV returns CV'_i: eq. 3–6 over the user's current jobs with the
// user's history task-time means.
func (l *LsPS) currentCV(u int) (float64, bool) {
	us := &l.users[u]
	if !us.haveTimes {
		return 0, false
	}
	n, mean, v := 0.0, 0.0, 0.0
	for _, j := range l.byUser[u] {
		s := us.tm*float64(len(j.Job.Map)) + us.tr*float64(len(j.Job.Reduce))
		n++
		v += (s - mean) * (s - mean) * (n - 1) / n
		mean += (s - mean) / n
	}
	if n < 2 || !(mean > 0) {
		return 0, false
	}
	return math.Sqrt(v/n) / mean, true
}

func (l *LsPS) tier2(u int) {
	th := l.Config.CVThreshold
	cv, okH := l.CV(u)
	cvc, okC := l.currentCV(u)
	us := &l.users[u]
	was := us.fifo
	switch {
	case okH && okC && (cv < th) != (cvc < th):
		us.fifo = false
		us.j, us.mean, us.v = 0, 0, 0 // new collection window
		us.resets++
	case okH && okC:
		us.fifo = cv < th && cvc < th
	case okC:
		us.fifo = cvc < th
	default:
		us.fifo = false
	}
	if us.fifo != was {
		us.switchings++
	}
}

// phaseSize returns S̄*_i of eq. 7 for phase p and whether it is known.
func (l *LsPS) phaseSize(u int, p Phase) (float64, bool) {
	us := &l.users[u]
	sum, n := 0.0, 0
	for _, j := range l.byUser[u] {
		n++
		nt := float64(j.NumTasks(p))
		if nt == 0 {
			continue
		}
		var t float64
		switch {
		case j.Done[p] > 0:
			t = j.DoneTime[p] / float64(j.Done[p])
		case us.haveTimes && (p == Map || us.tr > 0):
			t = us.tm
			if p == Reduce {
				t = us.tr
			}
		case p == Reduce && j.Done[Map] > 0:
			t = j.DoneTime[Map] / float64(j.Done[Map])
		case p == Reduce && us.haveTimes:
			t = us.tm
		default:
			return 0, false
		}
		sum += nt * t
	}
	if n == 0 || !(sum > 0) {
		return 0, false
	}
	return sum / float64(n), true
}

// cachedSize is phaseSize(u, p), recomputed (both phases) only when one
// of user u's jobs arrived, finished a task or departed since the last
// call: phaseSize reads only the user's job list, their finished task
// counts and times, and the user's history means (eq. 1–2), which change
// at those events only.
func (l *LsPS) cachedSize(u int, p Phase) (float64, bool) {
	if l.stale[u] {
		for q := Map; q <= Reduce; q++ {
			l.size[u][q], l.sizeOK[u][q] = l.phaseSize(u, q)
		}
		l.stale[u] = false
	}
	return l.size[u][p], l.sizeOK[u][p]
}

// shares recomputes the tier-1 factors SU_i/SU* of eq. 8 for both phases.
func (l *LsPS) shares() {
	a := l.Config.Alpha
	for p := Map; p <= Reduce; p++ {
		f := l.factor[p]
		inv := l.inv
		clear(inv)
		known, sumInv := 0, 0.0
		for u := range f {
			f[u] = 1
			if l.nJobs[u] == 0 {
				continue
			}
			if s, ok := l.cachedSize(u, p); ok {
				inv[u] = 1 / s
				known++
				sumInv += inv[u]
			}
		}
		if known == 0 || a == 0 {
			continue
		}
		for u := range f {
			if inv[u] > 0 {
				f[u] = a*float64(known)*inv[u]/sumInv + 1 - a // eq. 8 over the known users
			}
		}
	}
}

// Pick implements Policy (step 4).
func (l *LsPS) Pick(p Phase, _ float64) *JobState {
	return l.t.pick(p, l.factor[p],
		func(u int) bool { return l.users[u].fifo })
}

// Stats reports, per user, whether its tier 2 is FIFO at the end, how many
// times the history window was reset and how many times tier 2 switched.
func (l *LsPS) Stats() (fifo []bool, resets, switchings []int) {
	for _, u := range l.users {
		fifo = append(fifo, u.fifo)
		resets = append(resets, u.resets)
		switchings = append(switchings, u.switchings)
	}
	return
}
