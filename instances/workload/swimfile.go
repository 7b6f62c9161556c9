package workload

import (
	"errors"
	"fmt"

	"github.com/mrsched/mrsched/instances/swim"
)

// ErrSWIMOptions reports a SWIMOptions field that ReadSWIMFile does not
// allow; the message names the field (the flag of 'mrsched import
// swim-cluster').
var ErrSWIMOptions = errors.New("workload: invalid SWIM options")

// ReadSWIMFile reads the SWIM trace at path (swim.ReadFile) and converts
// it (FromSWIM, its name being path), after checking that o gives at
// least one user and a job limit ≥ 0 (FromSWIM itself takes 0 users as
// one).
func ReadSWIMFile(path string, o SWIMOptions) (*Workload, error) {
	recs, err := swim.ReadFile(path)
	switch {
	case err != nil:
		return nil, err
	case o.Users < 1:
		return nil, fmt.Errorf("%w: users %d: want ≥ 1", ErrSWIMOptions, o.Users)
	case o.MaxJobs < 0:
		return nil, fmt.Errorf("%w: max-jobs %d: want ≥ 0 (0: all)", ErrSWIMOptions, o.MaxJobs)
	}
	return FromSWIM(recs, path, o)
}
