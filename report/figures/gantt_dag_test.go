package figures

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/fluid"
)

// TestGanttMarksDependenciesAndLateJobs: on a night where b comes after a
// and misses its deadline (hand-decided: b cannot complete before 20
// minutes, due at 15), the chart draws the dependency line, the deadline
// tick and the late outline (their colours appear in the SVG), the clock
// axis and their legend entries; without the dependency and the deadline
// none of them appears.
func TestGanttMarksDependenciesAndLateJobs(t *testing.T) {
	const night = `# start: 22:00
id,release,map,shuffle,after,due
a,22:00,10,10,,
b,22:00,10,10,a,22:15
`
	const plain = `id,release,map,shuffle
a,0,10,10
b,0,10,10
`
	svg := func(csv string) string {
		in, err := instances.ReadCSV(strings.NewReader(csv), "n.csv")
		if err != nil {
			t.Fatal(err)
		}
		res, err := fluid.Simulate(in, fluid.FIFO(), fluid.Options{Record: true})
		if err != nil {
			t.Fatal(err)
		}
		p, err := Gantt(in, res.Schedule, "t")
		if err != nil {
			t.Fatal(err)
		}
		w, h := GanttSize(in.N())
		b, err := Render(p, w, h, SVG)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	rgb := func(r, g, b uint8) string { return fmt.Sprintf("#%02X%02X%02X", r, g, b) } // vgsvg writes colours as #RRGGBB
	dep, late := rgb(DependencyColor.R, DependencyColor.G, DependencyColor.B), rgb(LateColor.R, LateColor.G, LateColor.B)
	got, base := svg(night), svg(plain)
	for _, want := range []string{dep, late, "dependency: completion", "deadline", "late: completes after its deadline", "22:00", "clock time"} {
		if !strings.Contains(got, want) {
			t.Errorf("the night's chart lacks %q", want)
		}
		if strings.Contains(base, want) {
			t.Errorf("the chart without dependencies or deadlines has %q", want)
		}
	}
}
