package schedule

import (
	"fmt"
	"io"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/tabular"
)

// File is a schedule of an instance as a command writes it: Write renders
// it in CSV (tabular.CSV) or JSON (any other format), Save writes it to a
// file, CSV when the name ends in .csv, otherwise JSON (WriteFile).
type File struct {
	In       *instances.Instance
	Schedule *Schedule
}

// Write renders the schedule: CSV for tabular.CSV, JSON otherwise.
func (f File) Write(w io.Writer, format tabular.Format) error {
	if format == tabular.CSV {
		return WriteCSV(w, f.In, f.Schedule)
	}
	return WriteJSON(w, f.In, f.Schedule)
}

// Save writes the schedule to path (WriteFile) and says what it wrote
// ("N segments").
func (f File) Save(path string, opts ...fileio.WriteOption) (string, error) {
	if err := WriteFile(path, f.In, f.Schedule, opts...); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d segments", len(f.Schedule.Segments)), nil
}
