package onepage_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/onepage"
	"github.com/mrsched/mrsched/report/study"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// testMethods need no engine: the policies and the lower bounds (lbweighted
// for the weighted default night, on which lb51 and lbcount do not apply).
const testMethods = "fifo,ps,maxsrpt,splitsrpt,lb51,lbcount,lbweighted"

// fixedProvenance is a provenance with every field set and no clock.
var fixedProvenance = onepage.Provenance{Module: "github.com/mrsched/mrsched", Version: "v0.0.0-test", Revision: "0123456789abcdef",
	Modified: true, GoVersion: "go1.x", Command: []string{"mrsched", "study", "nightly", "--html", "p.html"},
	TimeLimit: "30s", Start: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}

// testPage runs the methods on in as the nightly study does (report.Evaluate
// recording the schedules) and builds the page; want is what the page must
// show, computed here independently: the jobs sorted by the best
// schedule's completion times, the gap read back from the result's JSON.
func testPage(t testing.TB, name string, in *instances.Instance) (*onepage.Page, []byte, onepage.Expect) {
	t.Helper()
	ms, err := report.Resolve(testMethods)
	if err != nil {
		t.Fatal(err)
	}
	ir, outs, err := report.Evaluate(context.Background(), name, in, ms, report.Env{Record: true, Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	scheds := report.Schedules(outs)
	p, err := onepage.Build(ir, in, scheds, onepage.Options{TimeLimit: "30s", Provenance: fixedProvenance})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatal(err)
	}
	return p, b.Bytes(), expect(t, name, in, ir, scheds[ir.BestUpperBy].Completion)
}

func expect(t testing.TB, name string, in *instances.Instance, ir report.InstanceResult, completion []float64) onepage.Expect {
	t.Helper()
	idx := make([]int, in.N())
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return completion[idx[a]] < completion[idx[b]] })
	want := onepage.Expect{Title: "Plan for " + name + " (" + itoa(in.N()) + " jobs)"}
	for _, j := range idx {
		want.Jobs = append(want.Jobs, in.Jobs[j].ID)
	}
	raw, err := json.Marshal(ir)
	if err != nil {
		t.Fatal(err)
	}
	var back report.InstanceResult
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	want.Gap = float64(back.Gap)
	return want
}

func itoa(n int) string { return jsonNum(n) }

func jsonNum(n int) string { b, _ := json.Marshal(n); return string(b) }

// skeleton is the page's structure without its numbers: section ids,
// headings, table headers, figure captions and provenance labels, one a
// line.
var skeletonRE = regexp.MustCompile(`<section id="[^"]*"|<h[12]>[^<]*</h[12]>|<th[^>]*>[^<]*</th>|<figcaption>[^<]*</figcaption>|<dt>[^<]*</dt>`)

func skeleton(page []byte) string {
	return string(bytes.Join(skeletonRE.FindAll(page, -1), []byte("\n"))) + "\n"
}

// checkSkeleton compares the skeleton of page with testdata/golden (the
// test run, go test -run run -update, rewrites it).
func checkSkeleton(t *testing.T, page []byte, golden, run string) {
	t.Helper()
	golden = filepath.Join("testdata", golden)
	got := skeleton(page)
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("page skeleton differs from %s (go test -run %s -update rewrites it):\n%s", golden, run, got)
	}
}

// TestPageStructure: the page of the embedded nightly batch shows the
// recommendation, the plan (one row per job, in the completion order of the
// best schedule), figures, methods, instance and provenance, in that order
// and nothing else (golden skeleton in testdata; -update rewrites it); its
// gap is the JSON's; it references nothing outside itself.
func TestPageStructure(t *testing.T) {
	in, err := study.DefaultNightly()
	if err != nil {
		t.Fatal(err)
	}
	p, page, want := testPage(t, "nightly-default", in)
	if err := onepage.Check(page, want); err != nil {
		t.Error(err)
	}
	if len(p.Plan) != in.N() || len(p.Figures) != 3 {
		t.Errorf("%d plan rows and %d figures, want %d and 3 (Gantt, jobs in system, utilisation)", len(p.Plan), len(p.Figures), in.N())
	}
	checkSkeleton(t, page, "nightly.skeleton", "PageStructure")
	// Every plan row: response = completion − release, start ≤ completion.
	for _, r := range p.Plan {
		if r.Response != r.Completion-r.Release || r.Start > r.Completion || r.Start < r.Release {
			t.Errorf("plan row %+v inconsistent", r)
		}
	}
}

// TestCheckCatchesBrokenPages: Check fails on a page with a plan row
// missing, rows swapped, an external reference of each kind, another gap,
// another title or a section missing.
func TestCheckCatchesBrokenPages(t *testing.T) {
	in, err := study.DefaultNightly()
	if err != nil {
		t.Fatal(err)
	}
	_, page, want := testPage(t, "nightly-default", in)
	row := regexp.MustCompile(`<tr class="job">.*</tr>\n`)
	rows := row.FindAllIndex(page, -1)
	if len(rows) != in.N() {
		t.Fatalf("%d rows", len(rows))
	}
	first, second := page[rows[0][0]:rows[0][1]], page[rows[1][0]:rows[1][1]]
	inject := func(s string) []byte {
		return bytes.Replace(page, []byte("<h1>"), []byte(s+"<h1>"), 1)
	}
	for _, tc := range []struct {
		name string
		page []byte
		want onepage.Expect
	}{
		{"row missing", append(append([]byte{}, page[:rows[3][0]]...), page[rows[3][1]:]...), want},
		{"rows swapped", bytes.Replace(bytes.Replace(page, first, []byte("\x00"), 1), second, first, 1), want},
		{"https address", inject(`<p>see https://example.com</p>`), want},
		{"protocol-relative", inject(`<a x="//cdn.example.com/x">x</a>`), want},
		{"img", inject(`<img alt="">`), want},
		{"stylesheet", inject(`<style>@import "x.css";</style>`), want},
		{"css url", inject(`<p style="background:url(x.png)">x</p>`), want},
		{"script", inject(`<script>1</script>`), want},
		{"other gap", page, onepage.Expect{Title: want.Title, Jobs: want.Jobs, Gap: want.Gap + 1e-12}},
		{"other title", page, onepage.Expect{Title: want.Title + "x", Jobs: want.Jobs, Gap: want.Gap}},
		{"no provenance", bytes.Replace(page, []byte(`<section id="provenance"`), []byte(`<section id="x"`), 1), want},
	} {
		if err := onepage.Check(tc.page, tc.want); err == nil {
			t.Errorf("%s: Check passed a broken page", tc.name)
		}
	}
}

// TestPageDeterministic: the same result and provenance give the same bytes.
func TestPageDeterministic(t *testing.T) {
	in, err := study.DefaultNightly()
	if err != nil {
		t.Fatal(err)
	}
	_, a, _ := testPage(t, "nightly-default", in)
	_, b, _ := testPage(t, "nightly-default", in)
	if !bytes.Equal(a, b) {
		t.Error("two pages of the same result differ")
	}
}

var svgSize = regexp.MustCompile(`<svg role="img" aria-label="([^"]*)" width="([0-9.]+)pt" height="([0-9.]+)pt"`)

// TestPageScales: at 300 and 3,000 jobs the page has one plan row per job
// and figures of bounded size (at most 11 × 9.2 inches = 792 × 662.4 pt,
// figures.GanttSize).
func TestPageScales(t *testing.T) {
	for _, n := range []int{300, 3000} {
		in, err := instances.PaperLogNormal(n, 0.75, true).Generate(rand.NewPCG(uint64(n), 1))
		if err != nil {
			t.Fatal(err)
		}
		_, page, want := testPage(t, "lognormal", in)
		if err := onepage.Check(page, want); err != nil {
			t.Errorf("n=%d: %v", n, err)
		}
		sizes := svgSize.FindAllSubmatch(page, -1)
		if len(sizes) != 3 {
			t.Errorf("n=%d: %d figures, want 3", n, len(sizes))
		}
		for _, s := range sizes {
			if w, h := string(s[2]), string(s[3]); len(w) == 0 || atof(t, w) > 792 || atof(t, h) > 662.4+1e-9 {
				t.Errorf("n=%d: figure %q is %s × %s pt", n, s[1], w, h)
			}
		}
	}
}

func atof(t testing.TB, s string) float64 {
	var x float64
	if err := json.Unmarshal([]byte(s), &x); err != nil {
		t.Fatal(err)
	}
	return x
}

// TestPageWithoutSchedule: without the best method's schedule (a report
// read back from a cells file) the page says why there is no plan and has
// no plan rows and no figures.
func TestPageWithoutSchedule(t *testing.T) {
	in := instances.Example21()
	ms, _ := report.Resolve(testMethods)
	ir, _, err := report.Evaluate(context.Background(), "ex", in, ms, report.Env{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := onepage.Build(ir, in, nil, onepage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatal(err)
	}
	if len(p.Plan) != 0 || len(p.Figures) != 0 || !strings.Contains(b.String(), "was not kept") {
		t.Errorf("plan %d rows, %d figures, note %q", len(p.Plan), len(p.Figures), p.PlanNote)
	}
	if err := onepage.Check(b.Bytes(), onepage.Expect{Title: "Plan for ex (3 jobs)", Gap: float64(ir.Gap)}); err != nil {
		t.Error(err)
	}
	if _, err := onepage.Build(ir, instances.Example21(), nil, onepage.Options{}); err != nil {
		t.Error(err)
	}
	small := &instances.Instance{MapCapacity: 1, ShuffleCapacity: 1, Jobs: in.Jobs[:1]}
	if _, err := onepage.Build(ir, small, nil, onepage.Options{}); err == nil {
		t.Error("an instance of another size was accepted")
	}
}

// TestProvenanceFields: labels in order, empty values left out, the
// modified flag beside the revision, the start time in UTC.
func TestProvenanceFields(t *testing.T) {
	var got []string
	for _, f := range fixedProvenance.Fields() {
		got = append(got, f.Label+"="+f.Value)
	}
	want := []string{ // from fixedProvenance, field by field
		"program=github.com/mrsched/mrsched v0.0.0-test", "revision=0123456789abcdef (modified work tree)", "Go=go1.x",
		"command=mrsched study nightly --html p.html", "time limit=30s", "started=2026-01-02T03:04:05Z"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("fields\n%q\nwant\n%q", got, want)
	}
	if p := onepage.NewProvenance([]string{"x"}, "7", "", time.Time{}); p.GoVersion == "" || p.Seed != "7" {
		t.Errorf("NewProvenance: %+v", p)
	}
	// The engines that ran, in one line after the time limit.
	withEngines := fixedProvenance
	withEngines.Engines = []string{"highs 1.15.1", "cbc program cbc 2.10.8"}
	fs := withEngines.Fields()
	if len(fs) != len(want)+1 || fs[len(fs)-2].Label != "engines" || fs[len(fs)-2].Value != "highs 1.15.1; cbc program cbc 2.10.8" {
		t.Errorf("fields with engines: %q", fs)
	}
}
