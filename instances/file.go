package instances

import (
	"fmt"
	"io"

	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/tabular"
)

// File is an instance as a command writes it: Write renders it in CSV
// (tabular.CSV) or JSON (any other format), Save writes it to a file, CSV
// when the name ends in .csv, otherwise JSON (WriteFile).
type File struct{ *Instance }

// Write renders the instance: CSV for tabular.CSV, JSON otherwise.
func (f File) Write(w io.Writer, format tabular.Format) error {
	if format == tabular.CSV {
		return WriteCSV(w, f.Instance)
	}
	return WriteJSON(w, f.Instance)
}

// Save writes the instance to path (WriteFile) and says what it wrote
// ("N jobs").
func (f File) Save(path string, opts ...fileio.WriteOption) (string, error) {
	if err := WriteFile(path, f.Instance, opts...); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d jobs", f.N()), nil
}

// ReadSWIMFile reads the SWIM trace at path (swim.ReadFile) and converts
// it to an instance (FromSWIM with opt, its Source set to path); errors
// name the file.
func ReadSWIMFile(path string, opt SWIMOptions) (*Instance, error) {
	recs, err := swim.ReadFile(path)
	if err != nil {
		return nil, err
	}
	opt.Source = path
	in, err := FromSWIM(recs, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return in, nil
}
