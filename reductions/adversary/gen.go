package adversary

import (
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/fluid"
)

// Generated is the instance the adversary built against one policy: what
// 'mrsched gen adversary' writes.
type Generated struct{ *Result }

// Generate plays the adversary against p for n (Play).
func Generate(n int, p fluid.Policy) (*Generated, error) {
	r, err := Play(n, p)
	if err != nil {
		return nil, err
	}
	return &Generated{r}, nil
}

// Tandem is the instance of the play.
func (g *Generated) Tandem() *instances.Instance { return g.Instance }

// Summary records the play in the instance's metadata and returns its
// one-line summary (Annotate).
func (g *Generated) Summary() string { return g.Annotate() }

// AltSchedule computes the alternative schedule of the play (the package
// function AltSchedule).
func (g *Generated) AltSchedule() (*schedule.Schedule, error) {
	alt, err := AltSchedule(g.Result)
	if err != nil {
		return nil, err
	}
	return alt.Schedule, nil
}
