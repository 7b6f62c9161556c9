package report

import (
	"errors"
	"fmt"
	"sync"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/sweep"
)

// ErrSources is returned by Sources for a report without instances or with
// two instances of one name.
var ErrSources = errors.New("report: bad instance list")

// Sources returns the instances of a report: the files (each read once to
// fingerprint it, see FileSource) and then the instances of the generator
// specs (see ParseGen), in the order given. Names must be unique, since
// instances are keyed by name.
func Sources(files, gens []string) ([]Source, error) {
	var srcs []Source
	for _, f := range files {
		s, err := FileSource(f)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, s)
	}
	for _, g := range gens {
		ss, err := ParseGen(g)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, ss...)
	}
	if len(srcs) == 0 {
		return nil, fmt.Errorf("%w: no instances", ErrSources)
	}
	seen := map[string]bool{}
	for _, s := range srcs {
		if seen[s.Name] {
			return nil, fmt.Errorf("%w: two instances are named %q (instances are keyed by name)", ErrSources, s.Name)
		}
		seen[s.Name] = true
	}
	return srcs, nil
}

// FirstSchedules keeps the schedules of a sweep's first cell for Gantt
// charts: set Options.KeepSchedules to its Keep method.
type FirstSchedules struct {
	mu     sync.Mutex
	in     *instances.Instance
	scheds map[string]*schedule.Schedule
}

// Keep records the schedules of cell 0 and ignores the others; it is safe
// for concurrent use.
func (f *FirstSchedules) Keep(cell int, in *instances.Instance, s map[string]*schedule.Schedule) {
	if cell != 0 {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.in, f.scheds = in, s
}

// Kept reports whether the first cell's schedules were recorded (not when
// the cell was read back from a cells file).
func (f *FirstSchedules) Kept() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.in != nil
}

// Schedules returns the first cell's instance and schedules by method (nil
// when they were not recorded; see Kept).
func (f *FirstSchedules) Schedules() (*instances.Instance, map[string]*schedule.Schedule) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.in, f.scheds
}

// Figures draws a Gantt chart of every method of methodList (in its order)
// on the first instance, named name, into dir (see GanttFigures).
func (f *FirstSchedules) Figures(name, methodList, dir string, formats ...figures.Format) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.in == nil {
		return nil, nil
	}
	ms, err := Resolve(methodList)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name()
	}
	return GanttFigures(name, f.in, f.scheds, names, dir, formats...)
}

// Problems returns the violations (of a guarantee, a bound or the model:
// a bug) and the failed method runs of a report sweep; other sweeps have
// none.
func Problems(set *sweep.Set) (violations, failures []string, err error) {
	if set == nil || set.Header.Kind != SweepKind {
		return nil, nil, nil
	}
	res, err := Decode(set)
	if err != nil {
		return nil, nil, err
	}
	rep := Build(res)
	return rep.Violations, rep.Errors, nil
}
