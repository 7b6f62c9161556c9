package study

import (
	"bytes"
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/sweep"
)

// TestRenderFlex: the FLEX study report holds flex.Render's data files and
// one fig5 and one fig6 figure per metric and format, each with its title
// and axis labels; rendering twice gives the same bytes.
func TestRenderFlex(t *testing.T) {
	c := flex.DefaultStudy()
	c.Theta1, c.Theta2, c.Levels, c.Reps = []float64{1}, []float64{1}, []int{0, 8}, 1
	c.Metrics = []string{"sum-response"}
	c.Workload.Jobs, c.Workload.Horizon = 40, 4
	sw, err := c.Sweep()
	if err != nil {
		t.Fatal(err)
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := RenderFlex(set, figures.SVG, figures.PNG)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for k := range a {
		names = append(names, k)
	}
	sort.Strings(names)
	want := "fig5-sum-response.png fig5-sum-response.svg fig6-sum-response.png fig6-sum-response.svg fig6.csv points.csv summary.json summary.md"
	if got := strings.Join(names, " "); got != want {
		t.Fatalf("files %s, want %s", got, want)
	}
	svg := string(a["fig5-sum-response.svg"])
	for _, s := range []string{"Fig. 5 analogue", "correlation level", "ratio to FLEX", "paper CIRCUMFLEX (endpoints)"} {
		if !strings.Contains(svg, s) {
			t.Errorf("fig5 SVG lacks %q", s)
		}
	}
	b, err := RenderFlex(set)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := b["fig5-sum-response.png"]; ok {
		t.Error("PNG written without being asked for")
	}
	if !bytes.Equal(a["fig6-sum-response.svg"], b["fig6-sum-response.svg"]) {
		t.Error("two renders of the same cells differ")
	}
}
