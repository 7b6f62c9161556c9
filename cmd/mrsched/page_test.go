package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/onepage"
	"github.com/mrsched/mrsched/tabular"
)

// TestHTMLPage: 'study nightly --html' and 'report --html' write the
// one-page report of the run whose JSON they print: the title, one plan
// row per job in the JSON plan's order, the JSON's gap and no external
// reference (onepage.Check); a report of several instances summarises the
// others.
func TestHTMLPage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name   string
		args   []string
		others bool
	}{
		{"nightly", []string{"study", "nightly", "--methods", "fifo,maxsrpt,splitsrpt,lbcount"}, false},
		{"report", []string{"report", "--gen", "lognormal,n=50,batch,seed=1-2", "--methods", "fifo,maxsrpt,lbcount"}, true},
	} {
		page, js := filepath.Join(dir, tc.name+".html"), filepath.Join(dir, tc.name+".json")
		code, _, stderr := runCLI(t, append(tc.args, "--format", "json", "--out", js, "--html", page)...)
		if code != 0 || !strings.Contains(stderr, "wrote "+page+" (one-page report)") {
			t.Fatalf("%s: exit %d, stderr %q", tc.name, code, stderr)
		}
		raw, err := os.ReadFile(js)
		if err != nil {
			t.Fatal(err)
		}
		html, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		var out struct {
			Plan   [][]string `json:"plan"`
			Report struct {
				Instances []report.InstanceResult `json:"instances"`
			} `json:"report"`
			Instances []report.InstanceResult `json:"instances"`
		}
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatal(err)
		}
		ins := append(out.Report.Instances, out.Instances...) // study nightly nests the report
		if len(ins) == 0 {
			t.Fatalf("%s: no instances in the JSON", tc.name)
		}
		ir := ins[0]
		want := onepage.Expect{Title: "Plan for " + ir.Name + " (" + itoa(ir.N) + " jobs)", Gap: float64(ir.Gap)}
		for _, r := range out.Plan { // study nightly's plan: rank, job, …
			want.Jobs = append(want.Jobs, r[1])
		}
		if want.Jobs == nil { // report prints no plan: one row per job, in any order
			if got := strings.Count(string(html), `<tr class="job">`); got != ir.N {
				t.Errorf("%s: %d plan rows, want %d", tc.name, got, ir.N)
			}
			if refs := onepage.ExternalRefs(html); len(refs) > 0 || !strings.Contains(string(html), `data-gap="`+jsonFloat(ir.Gap)+`"`) {
				t.Errorf("%s: external references %q or gap %v not shown", tc.name, refs, ir.Gap)
			}
		} else if err := onepage.Check(html, want); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		if got := strings.Contains(string(html), `<section id="others"`); got != tc.others {
			t.Errorf("%s: section of the other instances present %v, want %v", tc.name, got, tc.others)
		}
		if !strings.Contains(string(html), "--html "+page) {
			t.Errorf("%s: the provenance does not show the command line", tc.name)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func jsonFloat(x tabular.Num) string { b, _ := json.Marshal(x); return string(b) }
