package cluster

import (
	"errors"
	"fmt"
)

// ErrUnknownPolicy is returned by NewPolicy for an unknown name.
var ErrUnknownPolicy = errors.New("cluster: unknown policy")

// PolicyNames lists the policies NewPolicy knows.
var PolicyNames = []string{"fifo", "fair", "lsps", "hpfsp", "ppfsp"}

// NewPolicy returns a fresh policy by name with its default configuration:
// fifo, fair, lsps (α = 1), hpfsp (FAIR_LIMIT 2) or ppfsp (Parallel PFSP
// with exact sizes).
func NewPolicy(name string) (Policy, error) {
	switch name {
	case "fifo":
		return &FIFO{}, nil
	case "fair":
		return &Fair{}, nil
	case "lsps":
		return NewLsPS(DefaultLsPS()), nil
	case "hpfsp":
		return NewHPFSP("hpfsp", DefaultHPFSP()), nil
	case "ppfsp":
		return NewHPFSP("ppfsp", ParallelPFSPConfig()), nil
	}
	return nil, fmt.Errorf("%w %q (want fifo, fair, lsps, hpfsp or ppfsp)", ErrUnknownPolicy, name)
}
