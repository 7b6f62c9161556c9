package bounds

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// due returns a job with a deadline.
func due(id string, r, x, y, d float64, after ...int) instances.Job {
	return instances.Job{ID: id, Release: r, Map: x, Shuffle: y, Due: d, HasDue: true, After: after}
}

func TestDeadlineProofKnown(t *testing.T) {
	for _, c := range []struct {
		name             string
		in               *instances.Instance
		infeasible       bool
		relaxation       string
		jobs             []int
		start, end, work float64
	}{
		// Two maps of 1 due at 1.5: the map station needs 2 in [0, 1.5].
		{"two maps", instances.New([]instances.Job{due("a", 0, 1, 0, 1.5), due("b", 0, 1, 0, 1.5)}), true, "map station", []int{0, 1}, 0, 1.5, 2},
		// The same with deadline 2: 2 ≤ 2, feasible (serve a then b).
		{"two maps tight", instances.New([]instances.Job{due("a", 0, 1, 0, 2), due("b", 0, 1, 0, 2)}), false, "", nil, 0, 0, 0},
		// Shuffles 1 and 2 due at 2.5 and 2: 3 > 2.5 on the shuffle station.
		{"two shuffles", instances.New([]instances.Job{due("a", 0, 0, 1, 2.5), due("b", 0, 0, 2, 2)}), true, "shuffle station", []int{0, 1}, 0, 2.5, 3},
		// b (1,0) due 1.5 after a (1,1): d'_a = 1.5 − 1 = 0.5, and a alone
		// needs 1 > 0.5 (jobs are checked in index order).
		{"chain", instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 1}, due("b", 0, 1, 0, 1.5, 0)}), true, "job alone", []int{0}, 0, 0.5, 1},
		// b after a, b due 3 (needs 1 alone): d'_a = 3 − 1 = 2, and a
		// (map 1) with c (map 1.5, due 2) share [0, 2]: 2.5 > 2.
		{"successor deadline", instances.New([]instances.Job{{ID: "a", Map: 1}, due("b", 0, 1, 0, 3, 0), due("c", 0, 1.5, 0, 2)}), true, "map station", []int{0, 2}, 0, 2, 2.5},
		// Map (2,0) and shuffle (0,2) both due at 2 run in parallel.
		{"parallel", instances.New([]instances.Job{due("a", 0, 2, 0, 2), due("b", 0, 0, 2, 2)}), false, "", nil, 0, 0, 0},
		// Releases: a (map 2) released at 1 due 3 is feasible alone, b
		// (map 1) released 0 due 4: feasible (b first, then a).
		{"releases", instances.New([]instances.Job{due("a", 1, 2, 0, 3), due("b", 0, 1, 0, 4)}), false, "", nil, 0, 0, 0},
		// Capacity 2: two maps of 2 due at 1.5 need 2 > 1.5 of time.
		{"capacity", &instances.Instance{MapCapacity: 2, ShuffleCapacity: 1, Jobs: []instances.Job{due("a", 0, 2, 0, 1.5), due("b", 0, 2, 0, 1.5)}}, true, "map station", []int{0, 1}, 0, 1.5, 2},
	} {
		cert, err := DeadlineProof(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if (cert != nil) != c.infeasible {
			t.Fatalf("%s: certificate %+v, want infeasible %v", c.name, cert, c.infeasible)
		}
		if cert == nil {
			continue
		}
		if cert.Relaxation() != c.relaxation || len(cert.Jobs) != len(c.jobs) || cert.Start != c.start || cert.End != c.end || cert.Work != c.work {
			t.Errorf("%s: got %s %v [%v, %v] work %v, want %s %v [%v, %v] work %v", c.name, cert.Relaxation(), cert.Jobs, cert.Start, cert.End, cert.Work,
				c.relaxation, c.jobs, c.start, c.end, c.work)
		}
		for k := range c.jobs {
			if k < len(cert.Jobs) && cert.Jobs[k] != c.jobs[k] {
				t.Errorf("%s: jobs %v, want %v", c.name, cert.Jobs, c.jobs)
			}
		}
	}
}

// TestDeadlineVerifyTampered changes one number of a valid certificate
// (the "two maps" case: work 2 in [0, 1.5]) and expects Verify to refuse
// it: a DeadlineProof that skipped Verify would report these.
func TestDeadlineVerifyTampered(t *testing.T) {
	in := instances.New([]instances.Job{due("a", 0, 1, 0, 1.5), due("b", 0, 1, 0, 1.5), due("c", 0, 0, 1, 9)})
	good := DeadlineCertificate{Alpha: 1, Jobs: []int{0, 1}}
	if err := good.Verify(in); err != nil {
		t.Fatalf("valid certificate refused: %v", err)
	}
	for _, c := range []struct {
		name string
		cert DeadlineCertificate
	}{
		{"shuffle station", DeadlineCertificate{Alpha: 0, Jobs: []int{0, 1}}},       // no shuffle work: 0 ≤ 1.5
		{"one job", DeadlineCertificate{Alpha: 1, Jobs: []int{0}}},                  // 1 ≤ 1.5
		{"wide window", DeadlineCertificate{Alpha: 1, Jobs: []int{0, 1, 2}}},        // 2 ≤ 9
		{"alpha out of range", DeadlineCertificate{Alpha: 2, Jobs: []int{0, 1}}},    // not a relaxation
		{"alone two jobs", DeadlineCertificate{Alone: true, Jobs: []int{0, 1}}},     // the single-job check names one
		{"repeated job", DeadlineCertificate{Alpha: 1, Jobs: []int{0, 0}}},          // 1 + 1 counted twice
		{"index out of range", DeadlineCertificate{Alpha: 1, Jobs: []int{0, 1, 7}}}, // no job 7
		{"empty", DeadlineCertificate{Alpha: 1}},
	} {
		if err := c.cert.Verify(in); !errors.Is(err, ErrCertificate) {
			t.Errorf("%s: Verify = %v, want ErrCertificate", c.name, err)
		}
	}
	// Moving the deadline by one ulp above the work makes the case
	// feasible on the map station: Verify must see it.
	in.Jobs[0].Due, in.Jobs[1].Due = 2, 2
	if err := good.Verify(in); !errors.Is(err, ErrCertificate) {
		t.Errorf("deadline 2: Verify = %v, want ErrCertificate", err)
	}
}

// TestEffectiveWindowsChain: a (1,2) → b (3,1) → c (1,1) due 10, released
// at 0.5: r'_a = 0, r'_b = 0 + max(1,2) = 2, r'_c = 2 + 3 = 5; d'_c = 10,
// d'_b = 10 − 1 = 9, d'_a = 9 − 3 = 6 (closed forms of the definition).
func TestEffectiveWindowsChain(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 2}, {ID: "b", Release: 0.5, Map: 3, Shuffle: 1, After: []int{0}}, due("c", 0, 1, 1, 10, 1)})
	rel, d, err := EffectiveWindows(in)
	if err != nil {
		t.Fatal(err)
	}
	for j, w := range [][2]float64{{0, 6}, {2, 9}, {5, 10}} {
		if rel[j] != w[0] || d[j] != w[1] {
			t.Errorf("job %d: window [%v, %v], want [%v, %v]", j, rel[j], d[j], w[0], w[1])
		}
	}
	// Without a deadline every window is open.
	in.Jobs[2].HasDue = false
	if _, d, _ = EffectiveWindows(in); !math.IsInf(d[0], 1) {
		t.Errorf("d'_a = %v without deadlines, want +Inf", d[0])
	}
}

// TestDeadlineProofLarge: 10^5 independent jobs, seeded, with deadlines
// at 0.4 of the total map work for every job: the map station is
// overloaded (closed form: Σ x > 0.4·Σ x), and the proof is found and
// verified at this size.
func TestDeadlineProofLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("10^5 jobs")
	}
	rng := rand.New(rand.NewPCG(7, 7))
	n := 100000
	jobs := make([]instances.Job, n)
	total := 0.0
	for j := range jobs {
		jobs[j] = instances.Job{ID: "j", Map: rng.Float64(), Shuffle: 0.1 * rng.Float64()}
		total += jobs[j].Map
	}
	for j := range jobs {
		jobs[j].Due, jobs[j].HasDue = 0.4*total, true
	}
	cert, err := DeadlineProof(instances.New(jobs))
	if err != nil || cert == nil {
		t.Fatalf("cert %v, err %v", cert, err)
	}
	if cert.Relaxation() != "map station" || len(cert.Jobs) != n {
		t.Errorf("got %s with %d jobs, want the map station with all %d", cert.Relaxation(), len(cert.Jobs), n)
	}
}
