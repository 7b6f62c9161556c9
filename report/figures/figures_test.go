package figures

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/fluid"
)

func TestGanttFilesDeterministic(t *testing.T) {
	spec := instances.PaperLogNormal(50, 0.75, true)
	in, err := spec.Generate(rand.NewPCG(3, 4))
	if err != nil {
		t.Fatal(err)
	}
	res, err := fluid.Simulate(in, fluid.MaxSRPT(), fluid.Options{Record: true})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if out := os.Getenv("GANTT_OUT"); out != "" {
		dir = out // look at the picture: GANTT_OUT=/tmp/x go test -run Gantt
	}
	var first [][]byte
	for k := 0; k < 2; k++ {
		p, err := Gantt(in, res.Schedule, "MaxSRPT on a 50-job log-normal batch")
		if err != nil {
			t.Fatal(err)
		}
		w, h := GanttSize(in.N())
		files, err := Save(p, w, h, filepath.Join(dir, "gantt50"))
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range files {
			b, err := os.ReadFile(f)
			if err != nil || len(b) == 0 {
				t.Fatalf("%s: %v", f, err)
			}
			if len(b) > 500<<10 {
				t.Errorf("%s is %d bytes, over the 500 KB limit for committed figures", f, len(b))
			}
			if k == 0 {
				first = append(first, b)
			} else if !bytes.Equal(first[i], b) {
				t.Errorf("%s differs between two renders of the same data", f)
			}
		}
	}
}

func TestGanttErrors(t *testing.T) {
	in := instances.Example21()
	if _, err := Gantt(in, &schedule.Schedule{Completion: []float64{1}}, ""); !errors.Is(err, ErrData) {
		t.Errorf("short completion list: %v", err)
	}
	bad := &schedule.Schedule{Completion: []float64{1, 2, 3}, Segments: []schedule.Segment{{Start: 0, End: 1, Rates: []schedule.Rate{{Job: 7, Map: 1}}}}}
	if _, err := Gantt(in, bad, ""); !errors.Is(err, ErrData) {
		t.Errorf("unknown job: %v", err)
	}
	if _, err := Lines(nil, LineOptions{}); !errors.Is(err, ErrData) {
		t.Errorf("no series: %v", err)
	}
	if _, err := Lines([]Series{{Name: "x", Points: []XY{{X: -1, Y: 1}}}}, LineOptions{LogX: true}); !errors.Is(err, ErrData) {
		t.Errorf("nothing plottable on a log axis: %v", err)
	}
}

func TestLines(t *testing.T) {
	p, err := Lines([]Series{
		{Name: "maxsrpt", Points: []XY{{X: 2, Y: 1.1}, {X: 4, Y: 1.2}, {X: 8, Y: 1.25}}},
		{Name: "empty bucket skipped", Points: []XY{{X: 2, Y: 1}, {X: 3, Y: 0}}},
	}, LineOptions{Title: "t", X: "n", Y: "ratio", LogY: true, HMarks: []Mark{{At: 4.0 / 3, Label: "2α/(1+α)"}}, VMarks: []Mark{{At: 5, Label: "p99"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Save(p, 6, 4, filepath.Join(t.TempDir(), "lines")); err != nil {
		t.Fatal(err)
	}
}
