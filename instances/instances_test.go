package instances

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/internal/testenv"
)

func randomInstance(rng *rand.Rand, n int) *Instance {
	jobs := make([]Job, n)
	for i := range jobs {
		// Awkward floats (full 53-bit mantissas, tiny and huge magnitudes,
		// exact zeros) to exercise the round trip. Ten decades keep the
		// ratio of the time scale (≤ 30 jobs · 10^5) to the smallest size
		// (≥ 5·10^-6) at most 6·10^11, below tolerance.MaxTimeRatio.
		x := (0.5 + rng.Float64()/2) * math.Pow(10, float64(rng.IntN(10)-5))
		y := (0.5 + rng.Float64()/2) * math.Pow(10, float64(rng.IntN(10)-5))
		switch rng.IntN(4) {
		case 0:
			x = 0
		case 1:
			y = 0
		}
		if x == 0 && y == 0 {
			y = 1
		}
		jobs[i] = Job{ID: "job," + strconv.Itoa(i) + "\"q", Release: rng.ExpFloat64() * 3, Map: x, Shuffle: y}
	}
	in := New(jobs)
	in.MapCapacity = 1 + rng.Float64()
	in.Metadata = map[string]any{"seed": 7, "big": "123456789012345678901234567890", "nested": map[string]any{"a": []any{1.5, "x"}}}
	return in
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 50; k++ {
		in := randomInstance(rng, 1+rng.IntN(30))
		for _, form := range []string{"json", "csv"} {
			var b bytes.Buffer
			var err error
			if form == "json" {
				err = WriteJSON(&b, in)
			} else {
				err = WriteCSV(&b, in)
			}
			if err != nil {
				t.Fatal(err)
			}
			first := b.String()
			var got *Instance
			if form == "json" {
				got, err = ReadJSON(strings.NewReader(first), "x."+form)
			} else {
				got, err = ReadCSV(strings.NewReader(first), "x."+form)
			}
			if err != nil {
				t.Fatalf("%s: %v\n%s", form, err, first)
			}
			if got.MapCapacity != in.MapCapacity || got.ShuffleCapacity != in.ShuffleCapacity || len(got.Jobs) != len(in.Jobs) {
				t.Fatalf("%s: header changed", form)
			}
			for i := range in.Jobs {
				if !reflect.DeepEqual(got.Jobs[i], in.Jobs[i]) {
					t.Fatalf("%s: job %d: %+v != %+v", form, i, got.Jobs[i], in.Jobs[i])
				}
			}
			// Writing what was read gives the same bytes (metadata included).
			var b2 bytes.Buffer
			if form == "json" {
				_ = WriteJSON(&b2, got)
			} else {
				_ = WriteCSV(&b2, got)
			}
			if b2.String() != first {
				t.Fatalf("%s: second write differs:\n%s\n---\n%s", form, first, b2.String())
			}
		}
	}
}

func TestJSONErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"kind":"tandem","jobs":[]}`, "x.json: jobs: instances: invalid instance: empty instance"},
		{`{"kind":"flow","jobs":[]}`, `x.json:1: kind: instances: invalid instance: unknown kind "flow"`},
		{`{"jobs":[]}`, "x.json:1: kind: instances: invalid instance: missing field"},
		{`{"kind":"tandem","jobs":[{"id":"a","map":1}]}`, "x.json:1: jobs[0].shuffle: instances: invalid instance: missing field"},
		{`{"kind":"tandem","jobs":[{"id":"a","map":1,"shuffle":1,"size":2}]}`, "x.json:1: jobs[0].size: instances: invalid instance: unknown field"},
		{`{"kind":"tandem","jobs":[{"id":"a","map":-1,"shuffle":1}]}`, "x.json:1: jobs[0].map: instances: invalid instance: negative value -1"},
		{`{"kind":"tandem","jobs":[{"id":"a","map":0,"shuffle":0}]}`, "x.json:1: jobs[0].map: instances: invalid instance: map and shuffle sizes are both 0"},
		{`{"kind":"tandem","jobs":[{"id":"a","map":1,"shuffle":1},{"id":"a","map":1,"shuffle":1}]}`, `x.json:1: jobs[1].id: instances: invalid instance: duplicate id "a"`},
		{`{"kind":"tandem","jobs":[{"id":"a","map":1e400,"shuffle":1}]}`, "x.json:1: jobs[0].map: instances: invalid instance: number 1e400 out of float64 range"},
		{`{"kind":"tandem","jobs":[{"id":"a","map":"NaN","shuffle":1}]}`, `x.json:1: jobs[0].map: instances: invalid instance: not a number: "NaN"`},
		{`{"kind":"tandem","map_capacity":0,"jobs":[{"id":"a","map":1,"shuffle":1}]}`, "x.json: map_capacity: instances: invalid instance: capacity must be positive"},
		{"{\"kind\":\"tandem\",\n\"jobs\":[,]}", "x.json:2: instances: syntax error"},
		{`{"kind":"tandem","frobs":1,"jobs":[]}`, "x.json:1: frobs: instances: invalid instance: unknown field"},
		{`[]`, "x.json:1: instances: syntax error: want a JSON object, found an array"},
		// Found by the bad-input QA (docs/cli.md, "Bad input"): strings and null
		// were taken as numbers ("1" as 1, null as "number  out of range").
		{`{"kind":"tandem","jobs":[{"id":"a","map":"1","shuffle":1}]}`, `x.json:1: jobs[0].map: instances: invalid instance: not a number: "1"`},
		{`{"kind":"tandem","jobs":[{"id":"a","map":null,"shuffle":1}]}`, `x.json:1: jobs[0].map: instances: invalid instance: not a number: null`},
		{`{"kind":"tandem","map_capacity":"2","jobs":[{"id":"a","map":1,"shuffle":1}]}`, `x.json:1: map_capacity: instances: invalid instance: not a number: "2"`},
		{`{"kind":"tandem","jobs":[{"id":"a","map":true,"shuffle":1}]}`, `x.json:1: jobs[0].map: instances: invalid instance: not a number: true`},
		// Finite values whose sums overflow: the CLI printed total_map +Inf
		// and the simulators stalled or printed NaN.
		{`{"kind":"tandem","jobs":[{"id":"a","map":1e308,"shuffle":1},{"id":"b","map":1e308,"shuffle":1}]}`, "x.json: jobs: instances: invalid instance: too large"},
		{`{"kind":"tandem","jobs":[{"id":"a","map":1e300,"shuffle":1},{"id":"b","map":1,"shuffle":1}]}`, "x.json: jobs: instances: invalid instance: too large"},
		{`{"kind":"tandem","jobs":[{"id":"a","release":1e308,"map":1,"shuffle":1}]}`, "x.json: jobs: instances: invalid instance: too large"},
		{`{"kind":"tandem","map_capacity":1e-301,"jobs":[{"id":"a","map":1,"shuffle":1}]}`, "x.json: jobs: instances: invalid instance: too large"},
		// Bad input: duplicate keys were taken silently (the last one won), a
		// NUL byte or invalid UTF-8 inside an id was kept, a BOM refused.
		{"{\"kind\":\"tandem\",\n\"jobs\":[{\"id\":\"a\",\"map\":1,\"map\":2,\"shuffle\":1}]}", `x.json:2: jobs[0]: instances: invalid instance: key "map" twice in one object`},
		{"{\"kind\":\"tandem\",\"kind\":\"tandem\",\"jobs\":[]}", `x.json:1: instances: syntax error: key "kind" twice in one object`},
		{"{\"kind\":\"tandem\",\"jobs\":[{\"id\":\"a\\u0000b\",\"map\":1,\"shuffle\":1}]}", `x.json:1: jobs[0].id: instances: invalid instance: "a\x00b" has a NUL character`},
		{"{\"kind\":\"tandem\",\n\"jobs\":[{\"id\":\"a\xffb\",\"map\":1,\"shuffle\":1}]}", "x.json:2: instances: syntax error: fileio: not a UTF-8 text file: invalid UTF-8 byte 0xff"},
		{"{\"kind\":\"tandem\",\"jobs\":[{\"id\":\"a\x00\",\"map\":1,\"shuffle\":1}]}", "x.json:1: instances: syntax error: fileio: not a UTF-8 text file: NUL byte"},
		{"", "x.json: instances: syntax error: empty file"},
		{"{\"kind\":\"tandem\",\n\"jobs\":[", "x.json:2: instances: syntax error: unexpected end of file"},
		{`{"kind":"tandem","jobs":[]} {}`, "x.json:1: instances: syntax error: data after the end of the JSON value"},
		{`{"kind":"tandem","metadata":{"a":1,"a":2},"jobs":[{"id":"a","map":1,"shuffle":1}]}`, `x.json:1: metadata: instances: invalid instance: must be a JSON object: key "a" twice`},
	}
	for _, c := range cases {
		_, err := ReadJSON(strings.NewReader(c.in), "x.json")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("ReadJSON(%s):\n got %v\nwant %s…", c.in, err, c.want)
		}
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ReadJSON(%s): not a *ParseError", c.in)
		}
	}
}

func TestCSVErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "x.csv:1: instances: invalid instance: missing header line"},
		{"id,release,map\na,0,1\n", `x.csv:1: header: instances: invalid instance: missing column "shuffle"`},
		{"id,map,shuffle,extra\n", `x.csv:1: header: instances: invalid instance: unknown column "extra"`},
		{"id,map,shuffle\na,1,2\nb,x,2\n", `x.csv:3: field map: instances: invalid instance: "x" is not a decimal number`},
		{"# map_capacity: 2\nid,map,shuffle\na,1,2\nb,1,-2\n", "x.csv:4: field shuffle: instances: invalid instance: negative value -2"},
		{"id,map,shuffle\na,1,2\nb,1\n", "x.csv:3: instances: invalid instance: 2 fields, header has 3"},
		{"id,map,shuffle\n", "x.csv: jobs: instances: invalid instance: empty instance"},
		{"id,map,shuffle\na,1,2\na,1,2\n", `x.csv:3: field id: instances: invalid instance: duplicate id "a"`},
		{"id,map,shuffle\na,NaN,2\n", `x.csv:2: field map: instances: invalid instance: "NaN" is not a decimal number`},
		{"id,map,shuffle\na,+Inf,2\n", `x.csv:2: field map: instances: invalid instance: "+Inf" is not a decimal number`},
		{"# map_capacity: -1\nid,map,shuffle\na,1,2\n", "x.csv: map_capacity: instances: invalid instance: negative value -1"},
		{"# metadata: [1]\nid,map,shuffle\na,1,2\n", "x.csv:1: metadata: instances: invalid instance: metadata must be a JSON object"},
		// Found by the bad-input QA (docs/cli.md, "Bad input"): a foreign kind
		// line and quoted capacities were accepted silently.
		{"# kind: cluster\nid,map,shuffle\na,1,2\n", `x.csv:1: kind: instances: invalid instance: unknown kind "cluster" (want "tandem")`},
		{"# map_capacity: \"2\"\nid,map,shuffle\na,1,2\n", `x.csv:1: map_capacity: instances: invalid instance: "\"2\"" is not a decimal number`},
		{"id,map,shuffle\na,1e308,2\nb,1e308,2\n", "x.csv: jobs: instances: invalid instance: too large"},
		// Bad input: Go-only number syntax was accepted (strconv.ParseFloat),
		// unknown "# key:" lines ignored, a BOM before "# kind" misread as
		// the header, NUL and invalid UTF-8 kept in ids.
		{"id,map,shuffle\na,1_000,2\n", `x.csv:2: field map: instances: invalid instance: "1_000" is not a decimal number`},
		{"id,map,shuffle\na,0x1p-2,2\n", `x.csv:2: field map: instances: invalid instance: "0x1p-2" is not a decimal number`},
		{"# kind: tandem\n# map_capacty: 2\nid,map,shuffle\na,1,2\n", `x.csv:2: map_capacty: instances: invalid instance: unknown comment key "map_capacty"`},
		{"# map_capacity: 2\n# map_capacity: 3\nid,map,shuffle\na,1,2\n", `x.csv:2: map_capacity: instances: invalid instance: "# map_capacity:" line given twice`},
		{"# map_capacity: 0x2\nid,map,shuffle\na,1,2\n", `x.csv:1: map_capacity: instances: invalid instance: "0x2" is not a decimal number`},
		{"id,map,shuffle\na\x00,1,2\n", "x.csv:2: instances: syntax error: fileio: not a UTF-8 text file: NUL byte at byte offset 16"},
		{"id,map,shuffle\nb,1,2\na\xff,1,2\n", "x.csv:3: instances: syntax error: fileio: not a UTF-8 text file: invalid UTF-8 byte 0xff"},
		{"id,map,shuffle\n\"a\tb\",1,2\n", `x.csv:2: field id: instances: invalid instance: "a\tb" has the control character U+0009`},
		{"id,map,shuffle\nb,1,2\n\ufeffc,1,2\n", `x.csv:3: field id: instances: invalid instance: "\ufeffc" has a byte order mark`},
		{"id,map,shuffle\na,1e400,2\n", `x.csv:2: field map: instances: invalid instance: "1e400" is out of the float64 range`},
	}
	for _, c := range cases {
		_, err := ReadCSV(strings.NewReader(c.in), "x.csv")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("ReadCSV(%q):\n got %v\nwant %s…", c.in, err, c.want)
		}
	}
}

func TestReleaseDefaultsAndZeroSizes(t *testing.T) {
	in, err := ReadCSV(strings.NewReader("id,map,shuffle\nA,0,2\nB,1,0\n"), "z.csv")
	if err != nil {
		t.Fatal(err)
	}
	// release column omitted: 0; x = 0 and y = 0 (not both) are valid.
	if !reflect.DeepEqual(in.Jobs[0], Job{ID: "A", Map: 0, Shuffle: 2}) || !reflect.DeepEqual(in.Jobs[1], Job{ID: "B", Map: 1}) || !in.IsBatch() {
		t.Fatalf("%+v", in.Jobs)
	}
}

func TestLogNormalDeterministicAndMoments(t *testing.T) {
	spec := PaperLogNormal(20000, 0.75, false)
	gen := func() []byte {
		in, err := spec.Generate(rand.NewPCG(42, 43))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, in); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a, b := gen(), gen()
	if !bytes.Equal(a, b) {
		t.Fatal("same seed gave different files")
	}
	in, _ := spec.Generate(rand.NewPCG(42, 43))
	// ln x ~ Normal(μ, σ) with σ² = ln(1 + 3.65²) and μ = −σ²/2 (log-normal
	// with mean 1, sd 3.65: §5.3); likewise ln γ with 3.28. Check sample
	// moments of the logs within 5 standard errors.
	wantSig := math.Sqrt(math.Log1p(3.65 * 3.65))
	wantMu := -wantSig * wantSig / 2
	gSig := math.Sqrt(math.Log1p(3.28 * 3.28))
	var s1, s2, g1 float64
	n := float64(len(in.Jobs))
	for _, j := range in.Jobs {
		l := math.Log(j.Map)
		s1 += l
		s2 += l * l
		g1 += math.Log(j.Shuffle / j.Map)
	}
	mean := s1 / n
	sd := math.Sqrt(s2/n - mean*mean)
	if se := wantSig / math.Sqrt(n); math.Abs(mean-wantMu) > 5*se {
		t.Errorf("mean ln x = %v, want %v ± %v", mean, wantMu, 5*se)
	}
	if math.Abs(sd-wantSig) > 0.05 {
		t.Errorf("sd ln x = %v, want %v", sd, wantSig)
	}
	if se := gSig / math.Sqrt(n); math.Abs(g1/n-(-gSig*gSig/2)) > 5*se {
		t.Errorf("mean ln γ = %v, want %v", g1/n, -gSig*gSig/2)
	}
	// Poisson arrivals at rate λ = ρ = 0.75: last release ≈ n/λ within 5 sd
	// (sd of a sum of n exponentials = √n/λ).
	last := in.Jobs[len(in.Jobs)-1].Release
	if math.Abs(last-n/0.75) > 5*math.Sqrt(n)/0.75 {
		t.Errorf("last release %v, want about %v", last, n/0.75)
	}
}

func TestSpecErrors(t *testing.T) {
	bad := []LogNormalSpec{
		PaperLogNormal(0, 0.5, false),
		PaperLogNormal(10, 0, false),
		PaperLogNormal(10, math.NaN(), false),
		{N: 3, Batch: true, MapMean: 1, MapSD: -1, RatioMean: 1, RatioSD: 1},
		// Found by the bad-input QA (docs/cli.md, "Bad input"): finite but huge
		// parameters printed NaN sizes (σ² = ln(1 + sd²) = +Inf) or sizes
		// whose sums overflow; a huge n died of out-of-memory.
		{N: 3, Batch: true, MapMean: 1, MapSD: 1e308, RatioMean: 1, RatioSD: 1},
		{N: 3, Batch: true, MapMean: 1, MapSD: 1, RatioMean: 1, RatioSD: 1e308},
		{N: 50, Batch: true, MapMean: 1e300, MapSD: 1, RatioMean: 1e10, RatioSD: 1},
		PaperLogNormal(MaxGenerateJobs+1, 0.5, true),
	}
	for _, s := range bad {
		if _, err := s.Generate(rand.NewPCG(1, 1)); !errors.Is(err, ErrSpec) {
			t.Errorf("%+v: error %v", s, err)
		}
	}
	if _, err := PaperLogNormal(3, 0, true).Generate(rand.NewPCG(1, 1)); err != nil {
		t.Errorf("batch ignores load: %v", err)
	}
}

func TestFromSWIM(t *testing.T) {
	path := testenv.RequireData(t, "swim", "FB-2009_samples_24_times_1hr_0_first50jobs.tsv")
	recs, err := swim.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	in, err := FromSWIM(recs, SWIMOptions{Source: path, DropMapOnly: true, Normalize: true, Load: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	sx, sy := 0.0, 0.0
	for _, j := range in.Jobs {
		sx += j.Map
		sy += j.Shuffle
		if j.Shuffle == 0 {
			t.Fatal("map-only job kept")
		}
	}
	n := float64(in.N())
	// Normalised means are 1; the rescaled load max(Σx, Σy)/span is 0.5.
	if math.Abs(sx/n-1) > 1e-12 || math.Abs(sy/n-1) > 1e-12 {
		t.Errorf("means %v %v", sx/n, sy/n)
	}
	span := in.Jobs[in.N()-1].Release - in.Jobs[0].Release
	if rho := math.Max(sx, sy) / span; math.Abs(rho-0.5) > 1e-12 {
		t.Errorf("load %v", rho)
	}
	if in.Metadata["dropped_map_only"].(int)+in.N()+in.Metadata["dropped_empty"].(int) != 50 {
		t.Errorf("jobs do not add up: %v", in.Metadata)
	}
}

func TestExample21(t *testing.T) {
	in := Example21()
	if err := in.Validate(); err != nil || in.N() != 3 || in.Jobs[1].Map != 3 {
		t.Fatal(in, err)
	}
}

func FuzzReadJSON(f *testing.F) {
	var b bytes.Buffer
	_ = WriteJSON(&b, Example21())
	f.Add(b.String())
	f.Add(`{"kind":"tandem","jobs":[{"id":"a","map":1,"shuffle":0,"release":2}]}`)
	// Weights, dependencies, deadlines and clock times.
	f.Add(dagJSON)
	f.Add(`{"kind":"tandem","metadata":{"start":"23:59:59","time_unit":"second"},"jobs":[{"id":"a","map":1,"shuffle":0,"release":"00:00","due":"23:59:59","weight":1e-300},{"id":"b","map":0,"shuffle":1,"after":["a"]}]}`)
	f.Add(`{"kind":"tandem","jobs":[{"id":"a","map":1,"shuffle":1,"after":["b"]},{"id":"b","map":1,"shuffle":1,"after":["a"]}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		in, err := ReadJSON(strings.NewReader(s), "fuzz.json")
		if err != nil {
			return
		}
		if err := in.Validate(); err != nil {
			t.Fatalf("accepted an invalid instance: %v", err)
		}
		var out bytes.Buffer
		if err := WriteJSON(&out, in); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(&out, "again.json")
		if err != nil || !reflect.DeepEqual(back.Jobs, in.Jobs) {
			t.Fatalf("round trip failed: %v", err)
		}
		if _, err := in.TopologicalOrder(); err != nil {
			t.Fatalf("accepted dependencies without a topological order: %v", err)
		}
	})
}

func FuzzReadCSV(f *testing.F) {
	var b bytes.Buffer
	_ = WriteCSV(&b, Example21())
	f.Add(b.String())
	f.Add("id,release,map,shuffle\na,0,1,2\n")
	// Weights, dependencies, deadlines and clock times.
	f.Add(dagCSV)
	f.Add("# start: 00:00:01\n# time_unit: hour\nid,due,map,shuffle,after,weight\nb,00:00,1,0,a,0.25\na,12:00:01,0,1,,\n")
	f.Add("id,map,shuffle,after\na,1,1,b\nb,1,1,a\n")
	f.Fuzz(func(t *testing.T, s string) {
		in, err := ReadCSV(strings.NewReader(s), "fuzz.csv")
		if err != nil {
			return
		}
		if err := in.Validate(); err != nil {
			t.Fatalf("accepted an invalid instance: %v", err)
		}
		var out bytes.Buffer
		if err := WriteCSV(&out, in); err != nil {
			t.Fatal(err)
		}
		back, err := ReadCSV(&out, "again.csv")
		if err != nil {
			t.Fatalf("round trip failed: %v\n%s", err, out.String())
		}
		for i := range in.Jobs {
			if !reflect.DeepEqual(back.Jobs[i], in.Jobs[i]) {
				t.Fatalf("round trip changed job %d", i)
			}
		}
	})
}

// TestAtomicWriteErrorNamesPath: the error names the file asked for, not the
// random temporary name (found by the bad-input QA).
func TestAtomicWriteErrorNamesPath(t *testing.T) {
	p := filepath.Join(t.TempDir(), "no", "such", "dir", "x.json")
	err := AtomicWrite(p, []byte("{}"))
	if err == nil || !strings.HasPrefix(err.Error(), "write "+p+": ") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("AtomicWrite into a missing directory: %v", err)
	}
}

// TestFromSWIMBadOptions: found by the bad-input QA (docs/cli.md, "Bad input"):
// a negative --max-jobs was taken as "all" and a tiny --load gave NaN
// release times reported as "jobs[0].release: NaN".
func TestFromSWIMBadOptions(t *testing.T) {
	recs := []swim.Record{{ID: "a", Submit: 0, MapBytes: 1, ShuffleBytes: 1}, {ID: "b", Submit: 10, MapBytes: 2, ShuffleBytes: 1}}
	cases := []struct {
		opt  SWIMOptions
		want string
	}{
		{SWIMOptions{MaxJobs: -5}, "max jobs must be ≥ 0"},
		{SWIMOptions{Load: 1e-320}, "gives the time scale +Inf"},
		{SWIMOptions{Load: -1}, "load must be a positive number"},
	}
	for _, c := range cases {
		_, err := FromSWIM(recs, c.opt)
		if !errors.Is(err, ErrSpec) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want ErrSpec …%s…", c.opt, err, c.want)
		}
	}
}
