package study

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/tolerance"
)

// googleHand: releases 0, 10, 3700, 3800, 3900 s in a 4000 s window; map
// sizes 1, 1, 1, 1, 6 and shuffle sizes 2, 2, 2, 2, 2.
func googleHand() *instances.Instance {
	in := instances.New([]instances.Job{
		{ID: "g1", Release: 0, Map: 1, Shuffle: 2}, {ID: "g2", Release: 10, Map: 1, Shuffle: 2},
		{ID: "g3", Release: 3700, Map: 1, Shuffle: 2}, {ID: "g4", Release: 3800, Map: 1, Shuffle: 2},
		{ID: "g5", Release: 3900, Map: 6, Shuffle: 2},
	})
	in.Metadata = map[string]any{"window_length_s": 4000.0}
	return in
}

func TestGoogleStudy(t *testing.T) {
	cfg := DefaultGoogleConfig()
	cfg.Loads = []float64{0.3, 0.7}
	r, err := Google(context.Background(), googleHand(), "hand.json", cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Fig. 5 per hour: [0, 3600) holds 2 jobs (2/h); [3600, 4000) holds 3
	// jobs in 400 s, 27/h, the peak.
	h := r.Hourly
	if len(h) != 2 || h[0].Jobs != 2 || h[1].Jobs != 3 || !tolerance.Eq(h[1].PerHour, 27) || !tolerance.Eq(h[0].Rel, 2.0/27) || h[1].Rel != 1 {
		t.Errorf("hourly bins %+v, want 2 jobs (2/h, 2/27) and 3 jobs (27/h, 1)", h)
	}
	// Fig. 6: maps /2 = 0.5 ×4 and 3: deviations −0.5 ×4 and 2, variance
	// (4·0.25 + 4)/5 = 1; shuffles all 1: std 0; ratios y/x = 2, 2, 2, 2,
	// 1/3 over their mean 25/15 = 5/3: 1.2 ×4 and 0.2, variance
	// (4·0.04 + 0.64)/5 = 0.16, std 0.4. Map-heavy (x > y in the
	// instance's sizes): only g5 (6 > 2), 1/5.
	for i, want := range []float64{1, 0, 0.4} {
		if got := r.Stats[i].Std; !tolerance.Eq(got, want) {
			t.Errorf("%s std %v, want %v", r.Stats[i].Quantity, got, want)
		}
	}
	if !tolerance.Eq(r.MapHeavy, 0.2) {
		t.Errorf("map-heavy %v, want 0.2", r.MapHeavy)
	}
	// Fig. 7: 2 variants × 2 loads; the best lower bound bounds every
	// policy (relative E[T] ≥ 1), the §5.1 one too.
	if len(r.Fig7) != 4 {
		t.Fatalf("%d Fig. 7 cells, want 4", len(r.Fig7))
	}
	for _, c := range r.Fig7 {
		if c.N != 5 || len(c.Policies) != 3 {
			t.Errorf("cell %+v: want 5 jobs, 3 policies", c)
		}
		for _, p := range c.Policies {
			if !tolerance.GE(float64(p.Relative), 1) || !tolerance.GE(float64(p.Relative51), float64(p.Relative)) {
				t.Errorf("%s load %v %s: relative %v, §5.1 %v: a lower bound above E[T]", c.Variant, c.Load, p.Policy, p.Relative, p.Relative51)
			}
		}
	}
	if s := r.Fig7Series("cuberoot"); len(s) != 3 || len(s[0].Points) != 2 {
		t.Errorf("cube-root series %v, want 3 policies × 2 loads", s)
	}
	// Tables: every format renders, Write as the view of its format; the
	// credit heads text and Markdown.
	for _, f := range []tabular.Format{tabular.Markdown, tabular.CSV, tabular.JSON, tabular.Text} {
		var b, v bytes.Buffer
		if err := r.Write(&b, f); err != nil {
			t.Fatal(err)
		}
		if err := r.View(f).Write(&v, f); err != nil || !bytes.Equal(b.Bytes(), v.Bytes()) {
			t.Errorf("%v: Write differs from View(%v).Write (%v)", f, f, err)
		}
		if f == tabular.Markdown && !strings.Contains(b.String(), "clusterdata-2011-2, Google Inc.") {
			t.Errorf("Markdown lacks the credit:\n%s", b.String())
		}
	}
	dir := t.TempDir()
	files, err := GoogleFigures(r, dir)
	if err != nil || len(files) != 4 {
		t.Fatalf("figures %v, %v; want 4 files", files, err)
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "google_fig7_original.svg"))
	if !bytes.Contains(svg, []byte("Google Inc.")) {
		t.Error("Fig. 7a SVG lacks the credit")
	}
}

func TestGoogleConfigErrors(t *testing.T) {
	for _, c := range []struct {
		mod  func(*GoogleConfig)
		want string
	}{
		{func(c *GoogleConfig) { c.Loads = []float64{0} }, "loads"},
		{func(c *GoogleConfig) { c.Loads = []float64{math.Inf(1)} }, "loads"},
		{func(c *GoogleConfig) { c.Variants = []string{"sqrt"} }, "variants"},
		{func(c *GoogleConfig) { c.Policies = []string{"nope"} }, "policies"},
	} {
		cfg := DefaultGoogleConfig()
		c.mod(&cfg)
		if _, err := Google(context.Background(), googleHand(), "x", cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one naming %s", err, c.want)
		}
	}
}
