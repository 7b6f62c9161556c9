package figures

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTicks: the nightly totals plot used to label only two y ticks
// (gonum's default on [0, 250]); Ticks labels between 4 and 10 round
// values on every range (1, 2 or 5 × 10^k steps, range/8 rounded up).
func TestTicks(t *testing.T) {
	for _, tc := range []struct {
		min, max float64
		want     string // labels, from the step rule by hand
	}{
		{0, 252, "0 50 100 150 200 250"},              // step ≥ 31.5 → 50
		{1.31, 2.05, "1.4 1.5 1.6 1.7 1.8 1.9 2.0"},   // 0.74/8 = 0.0925 → 0.1
		{0, 1, "0.0 0.2 0.4 0.6 0.8 1.0"},             // 1/8 = 0.125 → 0.2
		{-3, 7, "-2 0 2 4 6"},                         // 10/8 = 1.25 → 2
		{40, 200, "40 60 80 100 120 140 160 180 200"}, // 160/8 = 20
	} {
		var labels []string
		for _, tk := range (Ticks{}).Ticks(tc.min, tc.max) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != tc.want {
			t.Errorf("[%v, %v]: labelled ticks %q, want %q", tc.min, tc.max, got, tc.want)
		}
	}
}

// TestRenderLook: a figure carries its title, axis labels and legend
// entries, and is SVG unless PNG is asked for.
func TestRenderLook(t *testing.T) {
	p, err := Lines([]Series{
		{Name: "alpha", Points: []XY{{1, 1}, {2, 3}, {3, 2}}},
		{Name: "beta", Points: []XY{{1, 2}, {2, 1}, {3, 3}}, Dashed: true},
	}, LineOptions{Title: "a title", X: "x label (s)", Y: "y label (s)", HMarks: []Mark{{At: 2.5, Label: "a mark"}}})
	if err != nil {
		t.Fatal(err)
	}
	svg, err := Render(p, 6, 4, SVG)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"a title", "x label (s)", "y label (s)", "alpha", "beta", "a mark"} {
		if !bytes.Contains(svg, []byte(s)) {
			t.Errorf("SVG lacks %q", s)
		}
	}
	dir := t.TempDir()
	files, err := Save(p, 6, 4, filepath.Join(dir, "f"))
	if err != nil || len(files) != 1 || !strings.HasSuffix(files[0], "f.svg") {
		t.Fatalf("Save without formats: %v %v, want f.svg only", files, err)
	}
	files, err = Save(p, 6, 4, filepath.Join(dir, "g"), Formats(true)...)
	if err != nil || len(files) != 2 {
		t.Fatalf("Save with PNG: %v %v", files, err)
	}
	b, _ := os.ReadFile(files[1])
	if !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Errorf("%s is not a PNG", files[1])
	}
	if _, err := Render(p, 6, 4, "gif"); err == nil {
		t.Error("Render accepted gif")
	}
}

// Draw two series with a guarantee line and save them as SVG (PNG only on
// request).
func ExampleSave() {
	p, err := Lines([]Series{
		{Name: "MaxSRPT", Points: []XY{{X: 2, Y: 1.2}, {X: 4, Y: 1.4}, {X: 8, Y: 1.5}}},
		{Name: "SplitSRPT", Points: []XY{{X: 2, Y: 1.1}, {X: 4, Y: 1.2}, {X: 8, Y: 1.25}}},
	}, LineOptions{Title: "ratio vs n", X: "n (jobs)", Y: "total response / OPT", HMarks: []Mark{{At: 2, Label: "guarantee 2"}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, _ := os.MkdirTemp("", "figures")
	defer os.RemoveAll(dir)
	files, err := Save(p, 8, 4.5, filepath.Join(dir, "ratio"))
	for _, f := range files {
		fmt.Println(filepath.Base(f))
	}
	fmt.Println(err)
	// Output:
	// ratio.svg
	// <nil>
}

// TestLogTicks: gonum's LogTicks labels only powers of ten, so a ratio
// axis from 1.1 to 3 had no label at all (the adversary figure); LogTicks
// labels 1, 2, 5 × 10^k on ranges under two decades and round linear
// steps when those give fewer than three labels.
func TestLogTicks(t *testing.T) {
	for _, tc := range []struct {
		min, max float64
		want     string
	}{
		{1.1, 3, "1.5 2.0 2.5 3.0"},                  // digits give only 2, 3: linear, step 1.9/8 = 0.2375 → 0.5
		{0.3, 8, "0.5 1 2 5"},                        // 1, 2, 5 × 10^k inside the range
		{1, 1e6, "1 10 100 1000 10000 100000 1e+06"}, // six decades: gonum's powers of ten
	} {
		var labels []string
		for _, tk := range (LogTicks{}).Ticks(tc.min, tc.max) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != tc.want {
			t.Errorf("[%v, %v]: labelled ticks %q, want %q", tc.min, tc.max, got, tc.want)
		}
	}
}
