package workload

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/tabular"
)

const small = `{"kind": "cluster", "nodes": 2, "map_slots": 2, "reduce_slots": 1,
 "jobs": [
  {"id": "a", "user": "u1", "submit": 0, "map": [4, 4, 3], "reduce": [2]},
  {"id": "b", "submit": 1.5, "map": {"count": 3, "time": 2, "last": 0.5}}
 ]}`

func TestReadSmall(t *testing.T) {
	w, err := ReadJSON(strings.NewReader(small), "s.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []Job{
		{ID: "a", User: "u1", Submit: 0, Map: []float64{4, 4, 3}, Reduce: []float64{2}},
		{ID: "b", User: DefaultUser, Submit: 1.5, Map: []float64{2, 2, 0.5}},
	}
	if !reflect.DeepEqual(w.Jobs, want) || w.TotalMapSlots() != 4 || w.TotalReduceSlots() != 2 {
		t.Fatalf("got %+v", w)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, w := range []*Workload{TableII(3), Fig2(3, 1), Fig3Mixed(1), Fig4(2.236, 1), Synthetic(50, 1)} {
		var b bytes.Buffer
		if err := WriteJSON(&b, w); err != nil {
			t.Fatal(err)
		}
		got, err := ReadJSON(bytes.NewReader(b.Bytes()), "rt")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Jobs, w.Jobs) || got.Nodes != w.Nodes || got.MapSlots != w.MapSlots {
			t.Fatal("round trip changed the jobs")
		}
		var b2 bytes.Buffer
		WriteJSON(&b2, got)
		if !bytes.Equal(b.Bytes(), b2.Bytes()) {
			t.Fatal("second write differs from the first")
		}
	}
}

func TestReadErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{`[]`, "x.json:1: workload: syntax error"},
		{`{"kind": "tandem"}`, "x.json:1: kind: workload: invalid workload"},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [], "extra": 1}`, "x.json:1: extra: workload: invalid workload: unknown field"},
		{`{"kind": "cluster", "nodes": 0, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "map": [1]}]}`, "x.json: nodes: "},
		{`{"kind": "cluster", "nodes": 1.5, "map_slots": 1, "reduce_slots": 1, "jobs": []}`, "x.json:1: nodes: workload: invalid workload: 1.5 is not an integer"},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "map": [1, -2]}]}`, "x.json:1: jobs[0].map[1]: workload: invalid workload: task duration must be finite and > 0"},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "map": [1, "x"]}]}`, "x.json:1: jobs[0].map[1]: workload: invalid workload: not a number"},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 0, "jobs": [{"id": "a", "map": [1], "reduce": [1]}]}`, "x.json:1: jobs[0].reduce: workload: invalid workload: the job has reduce tasks but the cluster has no reduce slot"},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "map": [1]}, {"id": "a", "map": [1]}]}`, "x.json:1: jobs[1].id: workload: invalid workload: duplicate id"},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "map": []}]}`, "x.json:1: jobs[0].map: workload: invalid workload: a job needs at least one map task"},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "submit": -1, "map": [1]}]}`, "x.json:1: jobs[0].submit"},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "map": {"count": 2}}]}`, "x.json:1: jobs[0].map: workload: invalid workload: the compact form needs both count and time"},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "map": {"count": 4194305, "time": 1}}]}`, "x.json:1: jobs[0].map.count"},
		{"{\n\"kind\": \"cluster\",\n nodes: 1}", "x.json:3: workload: syntax error"},
		// Bad input: duplicate keys, control characters in ids and user
		// names, quoted counts; errors now carry the line.
		{"{\"kind\": \"cluster\", \"nodes\": 1, \"map_slots\": 1, \"reduce_slots\": 1, \"jobs\": [\n{\"id\": \"a\", \"map\": [1], \"map\": [2]}]}", `x.json:2: jobs[0]: workload: invalid workload: key "map" twice in one object`},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a\u0000", "map": [1]}]}`, "x.json:1: jobs[0].id: workload: invalid workload: \"a\\x00\" has a NUL character"},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "user": "", "map": [1]}]}`, "x.json:1: jobs[0].user: workload: invalid workload: empty"},
		{`{"kind": "cluster", "nodes": "1", "map_slots": 1, "reduce_slots": 1, "jobs": []}`, "x.json:1: nodes: workload: invalid workload: \"1\" is not an integer"},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "map": {"count": 2e0, "time": 1}}]}`, "x.json:1: jobs[0].map.count: workload: invalid workload: 2e0 is not an integer"},
		// Found by the bad-input QA (docs/cli.md, "Bad input"): finite durations
		// whose sums overflow printed a mean response of +Inf.
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "map": [1e308, 1e308]}]}`, "x.json: jobs: workload: invalid workload: too large"},
		{`{"kind": "cluster", "nodes": 1, "map_slots": 1, "reduce_slots": 1, "jobs": [{"id": "a", "submit": 1e300, "map": [1]}, {"id": "b", "map": [1]}]}`, "x.json: jobs: workload: invalid workload: too large"},
	}
	for _, c := range cases {
		_, err := ReadJSON(strings.NewReader(c.in), "x.json")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("ReadJSON(%s):\n got %v\nwant prefix %q", c.in, err, c.want)
			continue
		}
		if !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrSyntax) {
			t.Errorf("%v wraps neither ErrInvalid nor ErrSyntax", err)
		}
	}
}

// TestTableIIShape checks the generator against LsPS Table II: job counts
// per user, 20 map tasks per PiEstimator job, input-derived map counts.
func TestTableIIShape(t *testing.T) {
	w := TableII(1)
	if err := w.Validate(); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, j := range w.Jobs {
		count[j.User]++
		if j.User == "u2-piestimator" && len(j.Map) != 20 {
			t.Fatalf("PiEstimator job with %d maps", len(j.Map))
		}
		if j.User == "u4-sort" && len(j.Reduce) != 19 {
			t.Fatalf("Sort job with %d reduces", len(j.Reduce))
		}
	}
	want := map[string]int{"u1-wordcount": 150, "u2-piestimator": 100, "u3-grep": 30, "u4-sort": 5}
	if !reflect.DeepEqual(count, want) {
		t.Fatalf("jobs per user %v, want %v (Table II)", count, want)
	}
	if w.TotalMapSlots() != 22 || w.TotalReduceSlots() != 22 {
		t.Fatal("want 11 nodes × (2 + 2) slots")
	}
	// Same seed, same workload; another seed, another workload.
	if !reflect.DeepEqual(TableII(1).Jobs, w.Jobs) || reflect.DeepEqual(TableII(2).Jobs, w.Jobs) {
		t.Fatal("generator not a function of the seed")
	}
}

// TestAppTasks: a 130 MB WordCount input is 3 splits (64, 64, 2 MB): map
// times 2 + 64·0.8 = 53.2, 53.2 and 2 + 2·0.8 = 3.6 s without noise; one
// reducer of 5 + 130·0.1 = 18 s.
func TestAppTasks(t *testing.T) {
	a := WordCount
	a.Noise = 0
	m, r := a.Tasks(130, nil)
	if !reflect.DeepEqual(m, []float64{2 + 64*0.8, 2 + 64*0.8, 2 + 2*0.8}) || !reflect.DeepEqual(r, []float64{5 + 130*0.1}) {
		t.Fatalf("tasks %v %v", m, r)
	}
}

// TestFromSWIM: the first FB-2009 record (740773 map bytes, 2339561
// shuffle, 627471 output) is one map task of 1 + 740773/16e6 s and one
// reducer of 1 + 2339561/8e6 + 627471/16e6 s.
func TestFromSWIM(t *testing.T) {
	recs := []swim.Record{{ID: "job0", Submit: 49, MapBytes: 740773, ShuffleBytes: 2339561, ReduceBytes: 627471},
		{ID: "job4", Submit: 208, MapBytes: 3 << 26, ShuffleBytes: 0, ReduceBytes: 9838062}}
	w, err := FromSWIM(recs, "t", DefaultSWIMOptions())
	if err != nil {
		t.Fatal(err)
	}
	j := w.Jobs[0]
	if len(j.Map) != 1 || j.Map[0] != 1+740773/16e6 || len(j.Reduce) != 1 || j.Reduce[0] != 1+2339561/8e6+627471/16e6 {
		t.Fatalf("job0 = %+v", j)
	}
	if j := w.Jobs[1]; len(j.Map) != 3 || len(j.Reduce) != 0 || j.Map[2] != 1+float64(1<<26)/16e6 {
		t.Fatalf("job4 = %+v (3 full splits, map-only)", j)
	}
	path := filepath.Join("..", "..", "..", "shared", "data", "swim", "FB-2009_samples_24_times_1hr_0_first50jobs.tsv")
	if _, err := os.Stat(path); err == nil {
		recs, err := swim.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// 50 records, 2 of them empty (awk -F'\t' '$4==0 && $5==0' counts 2).
		if w, err := FromSWIM(recs, path, DefaultSWIMOptions()); err != nil || len(w.Jobs) != 48 || w.Metadata["dropped_empty"] != 2 {
			t.Fatalf("first50jobs: %v", err)
		}
	}
}

// import swim used to drop an all-zero job while import swim-cluster
// made it a one-task job. Both now drop it (swim.Record.Empty).
func TestFromSWIMDropsEmpty(t *testing.T) {
	recs := []swim.Record{{ID: "e", Submit: 1, ReduceBytes: 7}, {ID: "a", Submit: 2, MapBytes: 1}, {ID: "z", Submit: 3}}
	w, err := FromSWIM(recs, "t", DefaultSWIMOptions())
	if err != nil || len(w.Jobs) != 1 || w.Jobs[0].ID != "a" || w.Metadata["dropped_empty"] != 2 {
		t.Fatalf("got %+v, %v; want only job a, 2 dropped", w, err)
	}
	o := DefaultSWIMOptions()
	o.MaxJobs = 1 // counts kept jobs: job a, not the empty e
	if w, err := FromSWIM(recs, "t", o); err != nil || len(w.Jobs) != 1 || w.Jobs[0].ID != "a" {
		t.Fatalf("MaxJobs 1: %+v, %v", w, err)
	}
	if _, err := FromSWIM(recs[2:], "t", o); !errors.Is(err, ErrInvalid) {
		t.Fatalf("only empty jobs: %v", err)
	}
}

// TestFromSWIMBadOptions: found by the bad-input QA (docs/cli.md, "Bad input"):
// negative users and max jobs were taken as 1 and "all".
func TestFromSWIMBadOptions(t *testing.T) {
	recs := []swim.Record{{ID: "job0", Submit: 49, MapBytes: 740773, ShuffleBytes: 2339561, ReduceBytes: 627471}}
	for _, mod := range []func(*SWIMOptions){
		func(o *SWIMOptions) { o.Users = -1 },
		func(o *SWIMOptions) { o.MaxJobs = -1 },
	} {
		o := DefaultSWIMOptions()
		mod(&o)
		if _, err := FromSWIM(recs, "t", o); !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v: got %v, want ErrInvalid", o, err)
		}
	}
}

func FuzzReadJSON(f *testing.F) {
	f.Add(small)
	var b bytes.Buffer
	WriteJSON(&b, Fig3Mixed(1))
	f.Add(b.String())
	f.Fuzz(func(t *testing.T, in string) {
		w, err := ReadJSON(strings.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		if err := w.Validate(); err != nil {
			t.Fatalf("accepted an invalid workload: %v", err)
		}
		var out bytes.Buffer
		if err := WriteJSON(&out, w); err != nil {
			t.Fatal(err)
		}
		w2, err := ReadJSON(&out, "again")
		if err != nil || !reflect.DeepEqual(w2.Jobs, w.Jobs) {
			t.Fatalf("round trip failed: %v", err)
		}
	})
}

// TestFile: a File renders the workload's JSON whatever the format asked
// (WriteJSON's bytes), says JSON is its format, and saves a file that
// reads back equal, saying "2 jobs" (the two jobs of small); it never
// writes over a protected file.
func TestFile(t *testing.T) {
	w, err := ReadJSON(strings.NewReader(small), "small.json")
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := WriteJSON(&want, w); err != nil {
		t.Fatal(err)
	}
	f := File{Workload: w}
	for _, format := range []tabular.Format{tabular.JSON, tabular.CSV, tabular.Text} {
		var got bytes.Buffer
		if err := f.Write(&got, format); err != nil || got.String() != want.String() {
			t.Errorf("%v: wrote %q, %v; want WriteJSON's %q", format, got.String(), err, want.String())
		}
	}
	if f.Format() != tabular.JSON {
		t.Errorf("format %v, want JSON", f.Format())
	}
	path := filepath.Join(t.TempDir(), "w.json")
	what, err := f.Save(path)
	if err != nil || what != "2 jobs" {
		t.Fatalf("Save: %q, %v; want \"2 jobs\"", what, err)
	}
	back, err := ReadFile(path)
	if err != nil || !reflect.DeepEqual(back.Jobs, w.Jobs) {
		t.Errorf("read back %+v, %v; want %+v", back, err, w)
	}
	if _, err := f.Save(path, fileio.Protect(path)); err == nil {
		t.Error("Save wrote over a protected file")
	}
}
