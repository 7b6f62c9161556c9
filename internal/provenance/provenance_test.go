package provenance

import (
	"encoding/json"
	"errors"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

func TestBuildFrom(t *testing.T) {
	vcs := &debug.BuildInfo{GoVersion: "go1.99", Main: debug.Module{Path: "m", Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "true"}, {Key: "vcs.time", Value: "2026-01-02T03:04:05Z"}}}
	plain := &debug.BuildInfo{GoVersion: "go1.99", Main: debug.Module{Path: "m", Version: "v1.2.3"}}
	// Expected values: the fields of the build info and the stamp as given
	// (the rules of BuildFrom's doc comment).
	for _, tc := range []struct {
		name  string
		bi    *debug.BuildInfo
		ok    bool
		stamp Stamp
		want  Build
	}{
		{"vcs from Go", vcs, true, Stamp{}, Build{Version: "(devel)", Revision: "abc123", Dirty: true, CommitTime: "2026-01-02T03:04:05Z", GoVersion: "go1.99"}},
		{"linker stamp wins the version, Go's vcs the revision", vcs, true, Stamp{Version: "v0.1-3-gabc", Revision: "other", Modified: "false"},
			Build{Version: "v0.1-3-gabc", Revision: "abc123", Dirty: true, CommitTime: "2026-01-02T03:04:05Z", GoVersion: "go1.99"}},
		{"worktree: stamp only", plain, true, Stamp{Version: "abc-dirty", Revision: "abc", Modified: "true"}, Build{Version: "abc-dirty", Revision: "abc", Dirty: true, GoVersion: "go1.99"}},
		{"module version", plain, true, Stamp{}, Build{Version: "v1.2.3", GoVersion: "go1.99"}},
	} {
		if got := BuildFrom(tc.bi, tc.ok, tc.stamp); got != tc.want {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
	if got := BuildFrom(nil, false, Stamp{}); got.Version != "unknown" || got.GoVersion == "" {
		t.Errorf("no build info: got %+v, want version unknown and the runtime's Go version", got)
	}
}

func TestStartTime(t *testing.T) {
	now := time.Date(2026, 5, 6, 7, 8, 9, 500, time.FixedZone("x", 3600))
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "SOURCE_DATE_EPOCH" {
				return v
			}
			return ""
		}
	}
	// 1700000000 s after the epoch is 2023-11-14T22:13:20Z (date -u -d @1700000000).
	for _, tc := range []struct {
		epoch, want string
		err         error
	}{
		{"", "2026-05-06T06:08:09Z", nil},
		{"1700000000", "2023-11-14T22:13:20Z", nil},
		{"0", "1970-01-01T00:00:00Z", nil},
		{"yesterday", "", ErrSourceDateEpoch},
		{"1.5", "", ErrSourceDateEpoch},
	} {
		got, err := StartTime(now, env(tc.epoch))
		if !errors.Is(err, tc.err) {
			t.Errorf("SOURCE_DATE_EPOCH=%q: error %v, want %v", tc.epoch, err, tc.err)
			continue
		}
		if err == nil && FormatTime(got) != tc.want {
			t.Errorf("SOURCE_DATE_EPOCH=%q: got %s, want %s", tc.epoch, FormatTime(got), tc.want)
		}
	}
}

func record() Record {
	r := Record{Tool: "mrsched", Build: Build{Version: "v1", Revision: "abc", GoVersion: "go1.99"},
		CommandLine: []string{"mrsched", "solve", "--seed", "7", "a b.json"}, Start: "2026-01-01T00:00:00Z"}
	r.SetSeed("7")
	return r
}

func TestInsert(t *testing.T) {
	r := record()
	rb, _ := json.Marshal(r)
	for _, tc := range []struct {
		name, in string
		stamped  bool // whether the first value gets the record
	}{
		{"indented object", "{\n  \"a\": 1\n}\n", true},
		{"empty object", "{}\n", true},
		{"one-line object (JSON lines header)", "{\"a\":1}\n{\"b\":2}\n", true},
		{"list", "[\n  {\"a\": 1}\n]\n", true},
		{"two lists", "[1]\n[2]\n", false},
		{"a number", "3\n", false},
		{"already stamped", "{\"provenance\": {}}\n", false},
		{"already stamped after other keys", "{\"a\": [1, {\"b\": \"}\"}], \"provenance\": {}}\n", false},
		{"nested key of the same name", "{\"z\": {\"provenance\": 1}}\n", true},
		{"the name inside a string", "{\"z\": \"}{\\\"provenance\\\": \"}\n", true},
		{"a string value", "\"x\"\n", false},
		{"empty", "", false},
	} {
		out, err := Insert([]byte(tc.in), r)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !tc.stamped {
			if string(out) != tc.in {
				t.Errorf("%s: changed to %q", tc.name, out)
			}
			continue
		}
		dec := json.NewDecoder(strings.NewReader(string(out)))
		var first map[string]json.RawMessage
		if err := dec.Decode(&first); err != nil {
			t.Fatalf("%s: output is not JSON: %v\n%s", tc.name, err, out)
		}
		var got Record
		if err := json.Unmarshal(first[Key], &got); err != nil {
			t.Fatalf("%s: provenance: %v\n%s", tc.name, err, out)
		}
		gb, _ := json.Marshal(got)
		if string(gb) != string(rb) {
			t.Errorf("%s: provenance %s, want %s", tc.name, gb, rb)
		}
		// The rest of the input is kept: the values after the first, and
		// the first value's own keys.
		if strings.Contains(tc.in, `"b":2`) && !strings.HasSuffix(string(out), "\n{\"b\":2}\n") {
			t.Errorf("%s: later values changed: %q", tc.name, out)
		}
		if strings.HasPrefix(tc.in, "[") {
			var rows []map[string]int
			if err := json.Unmarshal(first[RowsKey], &rows); err != nil || len(rows) != 1 || rows[0]["a"] != 1 {
				t.Errorf("%s: rows %s, want the list (%v)", tc.name, first[RowsKey], err)
			}
		}
		if strings.HasPrefix(tc.in, "{") && strings.Contains(tc.in, `"a"`) && string(first["a"]) != "1" {
			t.Errorf("%s: key a lost: %q", tc.name, out)
		}
		if strings.Contains(tc.in, "\n  \"a\"") && !strings.Contains(string(out), "\n  \"provenance\": {\n    \"tool\"") {
			t.Errorf("%s: not indented as MarshalIndent: %s", tc.name, out)
		}
	}
	for _, bad := range []string{"{oops", "{\"a\": }", "[1, 2", "{\"a\": \"unterminated}"} {
		if _, err := Insert([]byte(bad), r); !errors.Is(err, ErrJSON) {
			t.Errorf("bad JSON %q: error %v, want ErrJSON", bad, err)
		}
	}
}

func TestMarkdown(t *testing.T) {
	md := record().Markdown()
	// Each line names a field of the record (the fields set in record()).
	for _, want := range []string{"## Provenance", "| tool | mrsched v1 |", "| revision | abc |", "| go | go1.99 |",
		"| command line | `mrsched solve --seed 7 'a b.json'` |", "| seed | 7 |", "| start | 2026-01-01T00:00:00Z |"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "time limit") {
		t.Errorf("Markdown shows an unset time limit:\n%s", md)
	}
}

func TestStampSVG(t *testing.T) {
	r := record()
	r.CommandLine = append(r.CommandLine, "--methods", "a<b&c")
	svg := "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\">\n<g/>\n</svg>\n"
	out := string(StampSVG([]byte(svg), r))
	// The element follows the opening tag; the JSON inside is valid XML
	// text (encoding/json writes <, > and & as \u escapes), and no "--"
	// (not allowed in a comment) can break it.
	if !strings.HasPrefix(out, "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\">\n<metadata id=\"provenance\">{") ||
		!strings.HasSuffix(out, "</metadata>\n<g/>\n</svg>\n") {
		t.Errorf("metadata misplaced:\n%s", out)
	}
	if strings.Contains(out, "a<b") || !strings.Contains(out, `"a\u003cb\u0026c"`) {
		t.Errorf("metadata not escaped:\n%s", out)
	}
	if got := string(StampSVG([]byte("not svg"), r)); got != "not svg" {
		t.Errorf("non-SVG changed: %q", got)
	}
}

func TestSetSeed(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"7", "7"}, {"-3", "-3"}, {"18446744073709551615", "18446744073709551615"}, {"x", ""}, {"", ""},
	} {
		var r Record
		r.SetSeed(tc.in)
		if string(r.Seed) != tc.want {
			t.Errorf("SetSeed(%q) = %q, want %q", tc.in, r.Seed, tc.want)
		}
	}
}

func TestStrip(t *testing.T) {
	r := record()
	// Strip undoes each stamp exactly (the inputs of TestInsert and
	// TestStampSVG, and a Markdown table).
	for _, in := range []string{
		"{\n  \"a\": 1\n}\n", "{}\n", "{\"a\":1}\n{\"b\":2}\n", "{\"a\":{\"b\":[1,2]}}",
		"{\n  \"a\": {\n    \"b\": 1\n  }\n}\n",
	} {
		out, err := Insert([]byte(in), r)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(Strip(out)); got != in {
			t.Errorf("Strip(Insert(%q)) = %q", in, got)
		}
	}
	md := "| a |\n|---|\n| 1 |\n"
	if got := string(Strip([]byte(md + r.Markdown()))); got != md {
		t.Errorf("Markdown: got %q, want %q", got, md)
	}
	svg := "<svg width=\"1\">\n<g/>\n</svg>\n"
	if got := string(Strip(StampSVG([]byte(svg), r))); got != svg {
		t.Errorf("SVG: got %q, want %q", got, svg)
	}
	for _, in := range []string{"[1, 2]\n", "plain text\n", ""} {
		if got := string(Strip([]byte(in))); got != in {
			t.Errorf("Strip(%q) = %q", in, got)
		}
	}
}

// TestEnginesUsed: NoteEngine collects names once each, sorted;
// ResetEngines forgets them.
func TestEnginesUsed(t *testing.T) {
	ResetEngines()
	if got := EnginesUsed(); len(got) != 0 {
		t.Fatalf("after reset: %v", got)
	}
	for _, n := range []string{"highs", "cbc program", "highs"} {
		NoteEngine(n)
	}
	if got := EnginesUsed(); len(got) != 2 || got[0] != "cbc program" || got[1] != "highs" {
		t.Errorf("EnginesUsed = %q, want [cbc program highs] (each name once, sorted)", got)
	}
	ResetEngines()
	if got := EnginesUsed(); len(got) != 0 {
		t.Errorf("after reset: %v", got)
	}
}

// TestEngineNames: "name version" per engine in the record's order, nil
// (not empty) for a run that used none, so a page lists no engines.
func TestEngineNames(t *testing.T) {
	r := Record{Engines: []Engine{{Name: "highs", Version: "1.7.2"}, {Name: "cbc", Version: "2.10.11"}}}
	if got := r.EngineNames(); strings.Join(got, "|") != "highs 1.7.2|cbc 2.10.11" {
		t.Errorf("EngineNames = %q", got)
	}
	if got := (Record{}).EngineNames(); got != nil {
		t.Errorf("EngineNames of no engines = %#v, want nil", got)
	}
}

// TestReadVersion: the version of this binary is its build (ReadBuild)
// under the tool's name, with the engines given.
func TestReadVersion(t *testing.T) {
	engines := []Engine{{Name: "highs", Version: "1.7.2"}}
	v := ReadVersion("mrsched", engines)
	if v.Tool != "mrsched" || v.Build != ReadBuild() || len(v.Engines) != 1 || v.Engines[0] != engines[0] {
		t.Errorf("ReadVersion = %+v, want tool mrsched, build %+v, engines %v", v, ReadBuild(), engines)
	}
}
