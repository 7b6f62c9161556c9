package study

import (
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/schedule"
)

// GanttFiles reads the instance in instancePath and the schedule in
// schedulePath and draws the schedule ('mrsched gantt'; see Gantt) to
// base.svg (and base.png with PNG among the formats), titled title or,
// when title is "", "SCHEDULE on INSTANCE". It returns the files written.
func GanttFiles(instancePath, schedulePath, title, base string, formats ...figures.Format) ([]string, error) {
	in, err := instances.ReadFile(instancePath)
	if err != nil {
		return nil, err
	}
	s, err := schedule.ReadFile(schedulePath, in)
	if err != nil {
		return nil, err
	}
	if title == "" {
		title = schedulePath + " on " + instancePath
	}
	return Gantt(in, s, title, base, formats...)
}
