package sharedscan

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/internal/testenv"
)

const small = `{
  "kind": "sharedscan",
  "slots": 4,
  "datasets": [{"id": "red", "size": 8}, {"id": "blue", "size": 4}],
  "jobs": [
    {"id": "j1", "arrival": 0, "datasets": ["red"]},
    {"id": "j2", "arrival": 1, "datasets": ["red"], "weight": 2, "min_slots": 1, "max_slots": 3, "deadline": 5,
     "sla": [{"deadline": 4, "penalty": 1}, {"deadline": 6, "penalty": 3}], "scan_fraction": 0.5},
    {"id": "j3", "arrival": 1.5, "datasets": ["blue", "red"]}
  ]
}`

func TestReadDefaultsAndRoundTrip(t *testing.T) {
	w, err := ReadJSON(strings.NewReader(small), "small.json")
	if err != nil {
		t.Fatal(err)
	}
	// Defaults documented on ReadJSON: weight 1, min 1, max = slots, f = 1.
	j := w.Jobs[0]
	if j.Weight != 1 || j.MinSlots != 1 || j.MaxSlots != 4 || j.ScanFraction != 1 || j.Deadline != nil {
		t.Errorf("defaults: %+v", j)
	}
	idx := w.DatasetIndex()
	// W_2 = 8 / 0.5 = 16 (package doc work model); W_3 = 4 + 8.
	if got := w.UnsharedWork(1, idx); got != 16 {
		t.Errorf("W_2 = %v, want 16", got)
	}
	if got := w.ScanWork(2, idx); got != 12 {
		t.Errorf("X_3 = %v, want 12", got)
	}
	// Isolation time W_2/M_2 = 16/3.
	if got := w.IsolationTime(1, idx); got != 16.0/3 {
		t.Errorf("isolation = %v", got)
	}
	if w.FullyShared() {
		t.Error("j3 scans two datasets: not fully shared")
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, w); err != nil {
		t.Fatal(err)
	}
	w2, err := ReadJSON(bytes.NewReader(b.Bytes()), "rt.json")
	if err != nil {
		t.Fatalf("round trip: %v\n%s", err, b.String())
	}
	var b2 bytes.Buffer
	if err := WriteJSON(&b2, w2); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), b2.Bytes()) {
		t.Error("write → read → write not byte-identical")
	}
}

func TestReadErrors(t *testing.T) {
	base := func(jobs string) string {
		return `{"kind":"sharedscan","slots":4,"datasets":[{"id":"a","size":1}],"jobs":[` + jobs + `]}`
	}
	cases := []struct{ in, want string }{
		{`{"kind":"sharedscan",`, "x.json:1: sharedscan: syntax error"},
		{`{"kind":"tandem","slots":1,"datasets":[],"jobs":[]}`, `x.json:1: kind: sharedscan: invalid workload: unknown kind "tandem"`},
		{`{"kind":"sharedscan","slots":1.5}`, "x.json:1: slots: sharedscan: invalid workload: 1.5 is not an integer"},
		{`{"kind":"sharedscan","slots":1,"datasets":[{"id":"a","size":-1}],"jobs":[{"id":"x","arrival":0,"datasets":["a"]}]}`, "x.json:1: datasets[0].size"},
		{base(`{"id":"x","arrival":0,"datasets":["b"]}`), `x.json:1: jobs[0].datasets[0]: sharedscan: invalid workload: unknown dataset "b"`},
		{base(`{"id":"x","arrival":0,"datasets":["a"],"max_slots":9}`), "x.json:1: jobs[0].max_slots"},
		{base(`{"id":"x","arrival":0,"datasets":["a"],"min_slots":3,"max_slots":2}`), "x.json:1: jobs[0].max_slots: sharedscan: invalid workload: 2 is below min_slots 3"},
		{base(`{"id":"x","arrival":0,"datasets":["a"]},{"id":"x","arrival":1,"datasets":["a"]}`), `x.json:1: jobs[1].id: sharedscan: invalid workload: duplicate id "x"`},
		{base(`{"id":"x","arrival":0,"datasets":["a"],"sla":[{"deadline":2,"penalty":1},{"deadline":1,"penalty":2}]}`), "x.json:1: jobs[0].sla[1].deadline"},
		{base(`{"id":"x","arrival":0,"datasets":["a"],"scan_fraction":0}`), "x.json:1: jobs[0].scan_fraction"},
		{base(`{"id":"x","arrival":0,"datasets":["a"],"speed":1}`), "x.json:1: jobs[0].speed: sharedscan: invalid workload: unknown field"},
		{base(`{"id":"x","datasets":["a"]}`), "x.json:1: jobs[0].arrival: sharedscan: invalid workload: missing field"},
		{base(`{"id":"x","arrival":"soon","datasets":["a"]}`), "x.json:1: jobs[0].arrival: sharedscan: invalid workload: not a number"},
		{base(``), "x.json:1: jobs: sharedscan: invalid workload: no jobs"},
		// Found by the bad-input QA (docs/cli.md, "Bad input"): finite sizes
		// whose sums overflow printed +Inf work and NaN ratios.
		{`{"kind":"sharedscan","slots":4,"datasets":[{"id":"a","size":1e308},{"id":"b","size":1e308}],"jobs":[{"id":"x","arrival":0,"datasets":["a"]}]}`, "x.json:1: datasets: sharedscan: invalid workload: too large"},
		{base(`{"id":"x","arrival":1e300,"datasets":["a"]},{"id":"y","arrival":0,"datasets":["a"]}`), "x.json:1: datasets: sharedscan: invalid workload: too large"},
		// Bad input: duplicate keys, NUL in ids, quoted slot counts.
		{"{\"kind\":\"sharedscan\",\n\"slots\":1,\"slots\":2}", `x.json:2: sharedscan: syntax error: key "slots" twice in one object`},
		{base(`{"id":"x\u0000","arrival":0,"datasets":["a"]}`), `x.json:1: jobs[0].id: sharedscan: invalid workload: "x\x00" has a NUL character`},
		{`{"kind":"sharedscan","slots":"4"}`, `x.json:1: slots: sharedscan: invalid workload: "4" is not an integer`},
	}
	for _, c := range cases {
		_, err := ReadJSON(strings.NewReader(c.in), "x.json")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s\n got %v\nwant prefix %q", c.in, err, c.want)
		}
		if err != nil && !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrSyntax) {
			t.Errorf("%v wraps neither ErrInvalid nor ErrSyntax", err)
		}
	}
}

// TestFromSWIMBadSpec: found by the bad-input QA (docs/cli.md, "Bad input"):
// negative --from/--to were accepted, and every error listed all the
// constraints instead of naming the broken one.
func TestFromSWIMBadSpec(t *testing.T) {
	recs := []swim.Record{{ID: "job0", Submit: 49, MapBytes: 1 << 27, ShuffleBytes: 1, InputPath: "/a"}}
	cases := []struct {
		mod  func(*SWIMSpec)
		want string
	}{
		{func(s *SWIMSpec) { s.From = -5 }, "from must be finite and ≥ 0, got -5"},
		{func(s *SWIMSpec) { s.To = -1 }, "to must be finite and ≥ 0 (0: no limit), got -1"},
		{func(s *SWIMSpec) { s.Slots = 0 }, "slots must be ≥ 1, got 0"},
		{func(s *SWIMSpec) { s.BlockMinutes = math.NaN() }, "block minutes must be finite and > 0, got NaN"},
		{func(s *SWIMSpec) { s.Limit = -1 }, "limit must be ≥ 0, got -1"},
	}
	for _, c := range cases {
		spec := DefaultSWIMSpec()
		c.mod(&spec)
		_, err := FromSWIM(recs, spec)
		if !errors.Is(err, ErrSpec) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want ErrSpec …%s…", err, c.want)
		}
	}
}

func FuzzReadJSON(f *testing.F) {
	f.Add(small)
	f.Add(`{"kind":"sharedscan","slots":1,"datasets":[{"id":"a","size":1}],"jobs":[{"id":"x","arrival":0,"datasets":["a"]}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		w, err := ReadJSON(strings.NewReader(s), "f.json")
		if err != nil {
			return
		}
		if err := w.Validate(); err != nil {
			t.Fatalf("accepted an invalid workload: %v", err)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, w); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadJSON(&b, "rt.json"); err != nil {
			t.Fatalf("round trip failed: %v", err)
		}
	})
}

func TestZipfLike(t *testing.T) {
	// θ = 0 uniform; θ = 1 pure Zipf: p_1 = 1/H_3 = 6/11 for n = 3.
	p := ZipfLike(4, 0)
	for _, v := range p {
		if v != 0.25 {
			t.Fatalf("uniform: %v", p)
		}
	}
	p = ZipfLike(3, 1)
	if math.Abs(p[0]-6.0/11) > 1e-15 || math.Abs(p[2]-2.0/11) > 1e-15 {
		t.Fatalf("zipf: %v", p)
	}
}

func TestKappaProcedure(t *testing.T) {
	// §4: κ = 1 is perfectly positive (k-th most popular is k-th largest)
	// or perfectly negative (k-th least popular is k-th largest).
	rng := rand.New(rand.NewPCG(1, 2))
	pos := SizeRanks(8, 20, rng)
	neg := SizeRanks(0, 20, rng)
	for i := range pos {
		if pos[i] != i || neg[i] != 19-i {
			t.Fatalf("perfect correlations: pos %v neg %v", pos, neg)
		}
	}
	levels := [][2]int{{-1, 1}, {-1, 6}, {-1, 11}, {-1, 16}, {0, 20}, {1, 16}, {1, 11}, {1, 6}, {1, 1}}
	for l, want := range levels {
		s, k := Kappa(l, 20)
		if s != want[0] || k != want[1] {
			t.Errorf("level %d: (%d,%d), want %v", l, s, k, want)
		}
		r := SizeRanks(l, 20, rng)
		seen := map[int]bool{}
		for _, v := range r {
			seen[v] = true
		}
		if len(seen) != 20 {
			t.Errorf("level %d: not a permutation %v", l, r)
		}
	}
}

func TestGenerate(t *testing.T) {
	spec := DefaultGenSpec()
	w, err := Generate(spec, rand.NewPCG(7, 8))
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Jobs) != 1000 || len(w.Datasets) != 20 || w.Slots != 100 {
		t.Fatalf("shape: %d jobs %d datasets %d slots", len(w.Jobs), len(w.Datasets), w.Slots)
	}
	// §4: sizes scaled so that the unshared utilisation is exactly ρ.
	if got := w.Utilisation(100); math.Abs(got-0.9) > 1e-12 {
		t.Errorf("utilisation %v, want 0.9", got)
	}
	// Popularity is Zipf with θ1 = 1: d01 expected 1000/H_20 ≈ 278 arrivals;
	// a binomial 3-sigma band is ±43.
	n := 0
	for _, j := range w.Jobs {
		if j.Datasets[0] == "d01" {
			n++
		}
	}
	if n < 235 || n > 321 {
		t.Errorf("d01 arrivals %d, expected about 278", n)
	}
	for i := 1; i < len(w.Jobs); i++ {
		if w.Jobs[i].Arrival < w.Jobs[i-1].Arrival || w.Jobs[i].Arrival >= 100 {
			t.Fatal("arrivals not sorted in [0,100)")
		}
	}
	var a, b bytes.Buffer
	w2, _ := Generate(spec, rand.NewPCG(7, 8))
	WriteJSON(&a, w)
	WriteJSON(&b, w2)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("same seed, different workload")
	}
	// Perfectly positive correlation: the most popular dataset is the largest.
	spec.Correlation = 8
	w, _ = Generate(spec, rand.NewPCG(1, 1))
	for i := 1; i < len(w.Datasets); i++ {
		if w.Datasets[i].Size > w.Datasets[i-1].Size {
			t.Fatal("level 8: sizes must decrease with popularity")
		}
	}
	spec.Theta1 = 2
	if _, err := Generate(spec, rand.NewPCG(1, 1)); !errors.Is(err, ErrSpec) {
		t.Errorf("theta1 = 2 accepted: %v", err)
	}
}

func TestFromSWIM(t *testing.T) {
	mb := float64(1 << 20)
	recs := []swim.Record{
		{ID: "job0", Submit: 60, MapBytes: 100 * mb, InputPath: "p1"},
		{ID: "job1", Submit: 120, MapBytes: 0, InputPath: "p2"},
		{ID: "job2", Submit: 180, MapBytes: 300 * mb, InputPath: "p1"},
		{ID: "job3", Submit: 240, MapBytes: 10000 * mb},
	}
	w, err := FromSWIM(recs, DefaultSWIMSpec())
	if err != nil {
		t.Fatal(err)
	}
	// p1: max(⌈100/64⌉, ⌈300/64⌉) = 5 blocks × 0.5 = 2.5 slot-minutes; job3:
	// ⌈10000/64⌉ = 157 blocks → 78.5, M = min(100, 157) = 100; job0 has 2 tasks.
	if len(w.Datasets) != 2 || w.Datasets[0].Size != 2.5 || w.Datasets[1].Size != 78.5 || w.Datasets[1].ID != "job:job3" {
		t.Fatalf("datasets %+v", w.Datasets)
	}
	if len(w.Jobs) != 3 || w.Jobs[0].MaxSlots != 2 || w.Jobs[2].MaxSlots != 100 || w.Jobs[1].Arrival != 2 {
		t.Fatalf("jobs %+v", w.Jobs)
	}
	if w.Metadata["dropped_no_map_input"] != 1 || w.Metadata["jobs_reading_under_90pct_of_dataset"] != 1 {
		t.Errorf("metadata %v", w.Metadata)
	}
	path := testenv.RequireData(t, "swim", "FB-2010_samples_24_times_1hr_withInputPaths_0.tsv")
	all, err := swim.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	spec := DefaultSWIMSpec()
	spec.Limit = 2000
	w, err = FromSWIM(all, spec)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Jobs) != 2000 || len(w.Datasets) >= 2000 {
		t.Errorf("%d jobs on %d datasets: expected sharing", len(w.Jobs), len(w.Datasets))
	}
}
