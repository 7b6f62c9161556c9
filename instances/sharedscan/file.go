package sharedscan

import (
	"io"

	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/tabular"
)

// File is a workload as a command writes it: Write renders it as JSON
// (WriteJSON) whatever the format asked for.
type File struct{ *Workload }

// Write renders the workload as JSON.
func (f File) Write(w io.Writer, _ tabular.Format) error { return WriteJSON(w, f.Workload) }

// ReadSWIMFile reads the SWIM trace at path (swim.ReadFile) and converts
// it to a shared-scan workload (FromSWIM with spec).
func ReadSWIMFile(path string, spec SWIMSpec) (*Workload, error) {
	recs, err := swim.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return FromSWIM(recs, spec)
}
