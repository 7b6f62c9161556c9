package adversary

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/mrsched/mrsched/tabular"
)

// ErrConfig reports a Config field that is not allowed; the message names
// the field (the flag of 'mrsched adversary').
var ErrConfig = errors.New("adversary: invalid configuration")

// Config is a sweep of the deterministic adversary: what 'mrsched
// adversary' runs.
type Config struct {
	// Policies: comma-separated solver/fluid names (PoliciesWithK, k = 1).
	Policies string `flag:"policy" usage:"comma-separated policies (solver/fluid names)"`
	Ns       []int  `flag:"n,rule-in-usage" usage:"comma-separated n values" rule:"AtLeastOne"`
	// Context, when not nil, stops the sweep (an error wrapping
	// ErrStopped, or fluid.ErrStopped inside a game, and the context's
	// error).
	Context context.Context
}

// DefaultConfig is the default of 'mrsched adversary': MaxSRPT,
// SplitSRPT, FIFO and PS against n = 8, 64, 512 and 4096.
func DefaultConfig() Config {
	return Config{Policies: "maxsrpt,splitsrpt,fifo,ps", Ns: []int{8, 64, 512, 4096}}
}

// Report is a finished sweep: the plays, policies outer and n inner.
type Report struct{ Results []*Result }

// Run plays the adversary against every policy of c for every n of c
// (Sweep, progress as there). A policy list that does not parse is an
// ErrConfig naming the field.
func Run(c Config, progress func(policy string, n int)) (*Report, error) {
	ps, err := PoliciesWithK(c.Policies, 1)
	if err != nil {
		return nil, fmt.Errorf("%w: policy: %w", ErrConfig, err)
	}
	all, err := sweep(c.Context, ps, c.Ns, progress)
	if err != nil {
		return nil, err
	}
	return &Report{Results: all}, nil
}

// Write renders the table of the plays (Table) in format f.
func (r *Report) Write(w io.Writer, f tabular.Format) error { return Table(r.Results).Write(w, f) }
