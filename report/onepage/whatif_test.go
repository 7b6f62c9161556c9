package onepage_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/onepage"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/report/whatif"
	"github.com/mrsched/mrsched/tabular"
)

// whatIfPage builds the page of in with the what-if of opt.
func whatIfPage(t *testing.T, in *instances.Instance, opt whatif.Options) (*onepage.Page, []byte, report.InstanceResult, []float64) {
	t.Helper()
	ms, err := report.Resolve(testMethods)
	if err != nil {
		t.Fatal(err)
	}
	ir, outs, err := report.Evaluate(context.Background(), "nightly-default", in, ms, report.Env{Record: true, Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	scheds := report.Schedules(outs)
	p, err := onepage.Build(ir, in, scheds, onepage.Options{TimeLimit: "30s", Provenance: fixedProvenance, WhatIf: &opt})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatal(err)
	}
	return p, b.Bytes(), ir, scheds[ir.BestUpperBy].Completion
}

var whatIfRow = regexp.MustCompile(`<tr class="whatif-method"><td>([^<]*)</td><td class="n">[^<]*</td><td class="n">[^<]*</td><td class="n">[^<]*</td><td class="n">([^<]*)</td>`)

// TestPageWhatIf: with Options.WhatIf the page has a what-if section (golden
// skeleton in testdata; -update rewrites it) stating the noise model, the
// band figure and one row per method whose median is the one whatif.Run
// gives for the same plan and seed (run here on its own); the page is the
// same for the same seed and differs for another.
func TestPageWhatIf(t *testing.T) {
	in, err := study.DefaultNightly()
	if err != nil {
		t.Fatal(err)
	}
	opt := whatif.Options{Sigma: 0.3, Reps: 20, Seed: 7}
	p, page, ir, completion := whatIfPage(t, in, opt)
	if err := onepage.Check(page, expect(t, "nightly-default", in, ir, completion)); err != nil {
		t.Error(err)
	}
	checkSkeleton(t, page, "nightly-whatif.skeleton", "PageWhatIf")
	if !strings.Contains(string(page), tabular.Float(opt.Sigma)+"; 20 replications, seed 7") ||
		!strings.Contains(string(page), strings.ReplaceAll(whatif.NoiseModel(opt.Sigma), "'", "&#39;")) {
		t.Error("the page does not state the noise model")
	}
	if p.WhatIfFigure == nil || !strings.Contains(string(p.WhatIfFigure.SVG), "under size noise") || len(p.Figures) != 3 {
		t.Errorf("what-if figure %v, %d other figures (want 3)", p.WhatIfFigure != nil, len(p.Figures))
	}
	order, err := whatif.CompletionOrder(in, completion)
	if err != nil {
		t.Fatal(err)
	}
	res, err := whatif.Run(context.Background(), in, whatif.Plan{Order: order, Source: ir.BestUpperBy, Planned: in.WeightedResponse(completion)}, opt)
	if err != nil {
		t.Fatal(err)
	}
	rows := whatIfRow.FindAllStringSubmatch(string(page), -1)
	if len(rows) != len(res.Methods) || len(rows) < 3 {
		t.Fatalf("%d what-if rows, want %d (whatif.Run)", len(rows), len(res.Methods))
	}
	for k, m := range res.Methods {
		// The page formats numbers with 6 significant digits (or whole
		// numbers from 10^5 on): compare with what Run gives, so formatted.
		if rows[k][1] != m.Method || rows[k][2] != onepage.Num(m.P50) {
			t.Errorf("row %d: %s median %s, whatif.Run: %s %s", k, rows[k][1], rows[k][2], m.Method, onepage.Num(m.P50))
		}
	}
	_, again, _, _ := whatIfPage(t, in, opt)
	if !bytes.Equal(page, again) {
		t.Error("two pages with the same seed differ")
	}
	opt.Seed = 8
	if _, other, _, _ := whatIfPage(t, in, opt); bytes.Equal(page, other) {
		t.Error("the what-if does not depend on the seed")
	}
}
