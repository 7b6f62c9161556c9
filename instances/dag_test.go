package instances

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

// dagJSON is a hand-written night: load and sessions after etl, report
// after both, with weights and deadlines, clock times from a 22:00 start.
const dagJSON = `{
  "kind": "tandem",
  "metadata": {"start": "22:00"},
  "jobs": [
    {"id": "etl", "release": "22:00", "map": 30, "shuffle": 10},
    {"id": "sessions", "map": 20, "shuffle": 40, "after": ["etl"], "weight": 2},
    {"id": "load", "release": "23:30", "map": 5, "shuffle": 5, "after": ["etl"]},
    {"id": "report", "map": 1, "shuffle": 1, "after": ["sessions", "load"], "weight": 3, "due": "06:00"}
  ]
}
`

const dagCSV = `# start: 22:00
id,release,map,shuffle,weight,after,due
etl,22:00,30,10,,,
sessions,0,20,40,2,etl,
load,23:30,5,5,,etl,
report,0,1,1,3,sessions; load,06:00
`

func TestReadDependenciesWeightsDeadlines(t *testing.T) {
	for _, c := range []struct {
		name string
		read func() (*Instance, error)
	}{
		{"json", func() (*Instance, error) { return ReadJSON(strings.NewReader(dagJSON), "night.json") }},
		{"csv", func() (*Instance, error) { return ReadCSV(strings.NewReader(dagCSV), "night.csv") }},
	} {
		in, err := c.read()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		// Hand-computed: 23:30 is 90 minutes after 22:00, 06:00 is 8 h =
		// 480 minutes after it (past midnight).
		if in.Jobs[2].Release != 90 || !in.Jobs[3].HasDue || in.Jobs[3].Due != 480 || in.Jobs[0].HasDue {
			t.Errorf("%s: clock times: %+v", c.name, in.Jobs)
		}
		if !reflect.DeepEqual(in.Jobs[3].After, []int{1, 2}) || !reflect.DeepEqual(in.Jobs[1].After, []int{0}) || in.Jobs[0].After != nil {
			t.Errorf("%s: after: %+v", c.name, in.Jobs)
		}
		if in.Weight(0) != 1 || in.Weight(1) != 2 || in.Weight(3) != 3 || !in.HasWeights() || !in.HasDependencies() || !in.HasDeadlines() {
			t.Errorf("%s: weights/flags: %+v", c.name, in.Jobs)
		}
		order, err := in.TopologicalOrder()
		// Smallest ready index first: etl, sessions, load, report.
		if err != nil || !reflect.DeepEqual(order, []int{0, 1, 2, 3}) {
			t.Errorf("%s: order %v %v", c.name, order, err)
		}
	}
}

// TestExtensionsRoundTrip: a file with the new fields written and read
// again gives the same jobs and the same bytes, in both formats, and a job
// whose predecessor comes later in the file keeps its index.
func TestExtensionsRoundTrip(t *testing.T) {
	in := New([]Job{
		{ID: "a", Map: 1, Shuffle: 2, After: []int{2}, Weight: 0.5},
		{ID: "b", Release: 1, Map: 3, Due: 10, HasDue: true},
		{ID: "c", Map: 2, Shuffle: 2},
	})
	for _, form := range []string{"json", "csv"} {
		var b bytes.Buffer
		write, read := WriteJSON, ReadJSON
		if form == "csv" {
			write, read = WriteCSV, ReadCSV
		}
		if err := write(&b, in); err != nil {
			t.Fatal(err)
		}
		first := b.String()
		got, err := read(strings.NewReader(first), "x."+form)
		if err != nil {
			t.Fatalf("%s: %v\n%s", form, err, first)
		}
		if !reflect.DeepEqual(got.Jobs, in.Jobs) {
			t.Fatalf("%s: %+v != %+v", form, got.Jobs, in.Jobs)
		}
		var b2 bytes.Buffer
		_ = write(&b2, got)
		if b2.String() != first {
			t.Errorf("%s: second write differs:\n%s\n%s", form, first, b2.String())
		}
	}
}

// TestOldFilesWriteWithoutNewFields: an instance without the new fields is
// written exactly as before (the expected bytes are the format of the
// writers before weights, dependencies and deadlines existed).
func TestOldFilesWriteWithoutNewFields(t *testing.T) {
	in := New([]Job{{ID: "a", Map: 1, Shuffle: 2}, {ID: "b", Release: 0.5, Map: 3}})
	var j, c bytes.Buffer
	_ = WriteJSON(&j, in)
	_ = WriteCSV(&c, in)
	wantJ := "{\n  \"kind\": \"tandem\",\n  \"map_capacity\": 1,\n  \"shuffle_capacity\": 1,\n  \"jobs\": [\n    {\"id\": \"a\", \"release\": 0, \"map\": 1, \"shuffle\": 2},\n    {\"id\": \"b\", \"release\": 0.5, \"map\": 3, \"shuffle\": 0}\n  ]\n}\n"
	wantC := "# kind: tandem\n# map_capacity: 1\n# shuffle_capacity: 1\nid,release,map,shuffle\na,0,1,2\nb,0.5,3,0\n"
	if j.String() != wantJ || c.String() != wantC {
		t.Errorf("got\n%s\n%s", j.String(), c.String())
	}
}

// TestExtensionErrors: every bad value of the new fields is an error that
// names the file, the line (CSV and JSON) or JSON path, and the field.
func TestExtensionErrors(t *testing.T) {
	const hdr = "id,map,shuffle,weight,after,due\n"
	cases := []struct {
		name, file, want string
	}{
		{"cycle", hdr + "a,1,1,,c,\nb,1,1,,a,\nc,1,1,,b,\n", `x.csv:2: field after: instances: invalid instance: dependency cycle through 3 jobs: "a" is after "c", "c" is after "b", "b" is after "a"`},
		{"unknown", hdr + "a,1,1,,zz,\n", `x.csv:2: field after: instances: invalid instance: unknown job id "zz"`},
		{"self", hdr + "a,1,1,,a,\n", `x.csv:2: field after: instances: invalid instance: job "a" is after itself`},
		{"duplicate", hdr + "a,1,1,,,\nb,1,1,,a;a,\n", `x.csv:3: field after: instances: invalid instance: "a" listed twice`},
		{"empty id", hdr + "a,1,1,,,\nb,1,1,,a;;a,\n", `x.csv:3: field after: instances: invalid instance: empty`},
		{"weight 0", hdr + "a,1,1,0,,\n", `x.csv:2: field weight: instances: invalid instance: weight 0 is not positive`},
		{"weight negative", hdr + "a,1,1,-2,,\n", `x.csv:2: field weight: instances: invalid instance: weight -2 is not positive`},
		{"weight nan", hdr + "a,1,1,nan,,\n", `x.csv:2: field weight: instances: invalid instance: "nan"`},
		{"due before release", "id,release,map,shuffle,due\na,5,1,1,4\n", `x.csv:2: field due: instances: invalid instance: deadline 4 is before the release 5`},
		{"clock without start", "id,release,map,shuffle\na,23:00,1,1\n", `x.csv:2: field release: instances: invalid instance: clock time "23:00" without a night start`},
		{"bad clock", "# start: 22:00\nid,release,map,shuffle\na,25:00,1,1\n", `x.csv:3: field release: instances: invalid instance: "25:00" (hours 00–23`},
		{"bad start", "# start: 10pm\nid,release,map,shuffle\na,23:00,1,1\n", `x.csv:3: field release: instances: invalid instance: metadata start "10pm"`},
		{"bad unit", "# start: 22:00\n# time_unit: day\nid,release,map,shuffle\na,23:00,1,1\n", `x.csv:4: field release: instances: invalid instance: metadata time_unit day`},
		{"start twice", "# start: 22:00\n# metadata: {\"start\": \"21:00\"}\nid,map,shuffle\na,1,1\n", `x.csv:1: start: instances: invalid instance: "start" given both`},
	}
	for _, c := range cases {
		_, err := ReadCSV(strings.NewReader(c.file), "x.csv")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || !errors.Is(err, ErrInvalid) {
			t.Errorf("csv %s: got %v\nwant prefix %s", c.name, err, c.want)
		}
	}
	jcases := []struct {
		name, jobs, want string
	}{
		{"cycle", `{"id":"a","map":1,"shuffle":1,"after":["b"]},
{"id":"b","map":1,"shuffle":1,"after":["a"]}`, `x.json:3: jobs[0].after: instances: invalid instance: dependency cycle through 2 jobs: "a" is after "b", "b" is after "a"`},
		{"unknown", `{"id":"a","map":1,"shuffle":1},
{"id":"b","map":1,"shuffle":1,"after":["a", "q"]}`, `x.json:4: jobs[1].after[1]: instances: invalid instance: unknown job id "q"`},
		{"self", `{"id":"a","map":1,"shuffle":1,"after":["a"]}`, `x.json:3: jobs[0].after[0]: instances: invalid instance: job "a" is after itself`},
		{"duplicate", `{"id":"a","map":1,"shuffle":1},
{"id":"b","map":1,"shuffle":1,"after":["a","a"]}`, `x.json:4: jobs[1].after[1]: instances: invalid instance: "a" listed twice`},
		{"weight 0", `{"id":"a","map":1,"shuffle":1,"weight":0}`, `x.json:3: jobs[0].weight: instances: invalid instance: weight 0 is not positive`},
		{"weight string", `{"id":"a","map":1,"shuffle":1,"weight":"NaN"}`, `x.json:3: jobs[0].weight: instances: invalid instance: not a number`},
		{"due", `{"id":"a","release":3,"map":1,"shuffle":1,"due":2}`, `x.json:3: jobs[0].due: instances: invalid instance: deadline 2 is before the release 3`},
		{"clock without start", `{"id":"a","map":1,"shuffle":1,"due":"06:00"}`, `x.json:3: jobs[0].due: instances: invalid instance: clock time "06:00" without a night start`},
		{"after not a list", `{"id":"a","map":1,"shuffle":1,"after":"b"}`, `x.json:3: jobs[0].after: instances: invalid instance: want a JSON array`},
	}
	for _, c := range jcases {
		file := "{\"kind\": \"tandem\", \"jobs\": [\n\n" + c.jobs + "]}"
		_, err := ReadJSON(strings.NewReader(file), "x.json")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || !errors.Is(err, ErrInvalid) {
			t.Errorf("json %s: got %v\nwant prefix %s", c.name, err, c.want)
		}
	}
}

// TestValidateExtensions: instances built in code are checked like files.
func TestValidateExtensions(t *testing.T) {
	base := func() *Instance {
		return New([]Job{{ID: "a", Map: 1}, {ID: "b", Map: 1}, {ID: "c", Map: 1}})
	}
	cases := []struct {
		name string
		edit func(in *Instance)
		want string // "" = valid
	}{
		{"plain", func(*Instance) {}, ""},
		{"weight 0 is the default", func(in *Instance) { in.Jobs[0].Weight = 0 }, ""},
		{"weight negative", func(in *Instance) { in.Jobs[1].Weight = -1 }, "jobs[1].weight: instances: invalid instance: weight -1 is not positive"},
		{"weight NaN", func(in *Instance) { in.Jobs[1].Weight = math.NaN() }, "jobs[1].weight: instances: invalid instance: weight is NaN"},
		{"weight Inf", func(in *Instance) { in.Jobs[2].Weight = math.Inf(1) }, "jobs[2].weight: instances: invalid instance: weight is infinite"},
		{"weight overflow", func(in *Instance) { in.Jobs[2].Weight = 1e300 }, "jobs: instances: invalid instance: too large"},
		{"index out of range", func(in *Instance) { in.Jobs[0].After = []int{3} }, "jobs[0].after: instances: invalid instance: predecessor index 3 out of range"},
		{"self", func(in *Instance) { in.Jobs[1].After = []int{1} }, `jobs[1].after: instances: invalid instance: job "b" is after itself`},
		{"twice", func(in *Instance) { in.Jobs[1].After = []int{0, 0} }, `jobs[1].after: instances: invalid instance: "a" listed twice`},
		{"cycle", func(in *Instance) { in.Jobs[2].After = []int{1}; in.Jobs[1].After = []int{2} }, `jobs[1].after: instances: invalid instance: dependency cycle through 2 jobs: "b" is after "c", "c" is after "b"`},
		{"due NaN", func(in *Instance) { in.Jobs[0].Due, in.Jobs[0].HasDue = math.NaN(), true }, "jobs[0].due: instances: invalid instance: deadline NaN is not finite"},
		{"due ignored without HasDue", func(in *Instance) { in.Jobs[0].Due = -5 }, ""},
	}
	for _, c := range cases {
		in := base()
		c.edit(in)
		err := in.Validate()
		if (c.want == "") != (err == nil) || err != nil && !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

// TestTopologicalOrder: on random DAGs every job comes after its
// predecessors and the order is a permutation; a long chain given in
// reverse is reversed.
func TestTopologicalOrder(t *testing.T) {
	in := New(make([]Job, 5))
	for i := range in.Jobs {
		in.Jobs[i] = Job{ID: string(rune('a' + i)), Map: 1}
		if i < 4 {
			in.Jobs[i].After = []int{i + 1}
		}
	}
	order, err := in.TopologicalOrder()
	// Hand-derived: e has no predecessor, then d, c, b, a.
	if err != nil || !reflect.DeepEqual(order, []int{4, 3, 2, 1, 0}) {
		t.Fatalf("chain: %v %v", order, err)
	}
	in.Jobs[4].After = []int{0}
	if _, err := in.TopologicalOrder(); err == nil || !strings.Contains(err.Error(), "dependency cycle through 5 jobs") {
		t.Errorf("cycle: %v", err)
	}
}

// TestWeightedResponse: all weights 1 give the plain sum bit for bit; hand
// computed weighted sum.
func TestWeightedResponse(t *testing.T) {
	in := New([]Job{{ID: "a", Release: 0.1, Map: 1}, {ID: "b", Release: 0.2, Map: 1}, {ID: "c", Map: 1}})
	c := []float64{0.7, 1.3, 2.9}
	plain := 0.0
	for j := range c {
		plain += c[j] - in.Jobs[j].Release
	}
	if got := in.WeightedResponse(c); math.Float64bits(got) != math.Float64bits(plain) {
		t.Errorf("unit weights: %v != %v", got, plain)
	}
	in.Jobs[1].Weight, in.Jobs[2].Weight = 2, 0.5
	// 1·0.6 + 2·1.1 + 0.5·2.9 = 4.25 (up to rounding).
	if got := in.WeightedResponse(c); math.Abs(got-4.25) > 1e-12 {
		t.Errorf("weighted: %v", got)
	}
}

// TestClockConversion: hand-computed conversions, wrap past midnight and
// units.
func TestClockConversion(t *testing.T) {
	cases := []struct {
		start, unit, clock string
		want               float64
	}{
		{"22:00", "", "22:00", 0},
		{"22:00", "", "23:30", 90},
		{"22:00", "", "06:00", 480},
		{"22:00", "", "21:59", 1439},
		{"22:00:30", "second", "22:01:00", 30},
		{"22:00", "hour", "01:30", 3.5},
		{"00:00", "minute", "00:00:01", 1.0 / 60},
	}
	for _, c := range cases {
		md := map[string]any{MetaStart: c.start}
		if c.unit != "" {
			md[MetaTimeUnit] = c.unit
		}
		got, err := ClockOf(md).Convert(c.clock)
		if err != nil || got != c.want {
			t.Errorf("%+v: got %v %v", c, got, err)
		}
	}
	for _, bad := range []string{"7:00", "24:00", "12:60", "12:00:60", "12", "12:00:00:00", "ab:cd", "+1:00"} {
		if _, err := ParseClockTime(bad); !errors.Is(err, ErrClock) {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestGuideExample: the worked example of docs/instances.md reads, with the
// values the guide states (90, 480, 4 edges, chain of 4 jobs).
func TestGuideExample(t *testing.T) {
	in, err := ReadFile("../docs/examples/night.csv")
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(in)
	idx := in.Index()
	if in.Jobs[idx["adhoc"]].Release != 90 || in.Jobs[idx["finance"]].Due != 480 || s.Dependencies != 4 || s.LongestChain != 4 || s.WeightedJobs != 3 || s.JobsWithDue != 1 {
		t.Errorf("%+v %+v", s, in.Jobs)
	}
}
