package adversary

import (
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/fluid"
)

// Generated is the instance the adversary built against one policy: what
// 'mrsched gen adversary' writes.
type Generated struct{ *Result }

// GenConfig is one play of the adversary: what 'mrsched gen adversary'
// writes.
type GenConfig struct {
	Policy string `flag:"policy" usage:"policy (solver/fluid name)"`
	N      int    `flag:"n" usage:"n (k = ⌊n^{1/3}⌋; the maximum MaxN takes 2 s and 56 MB)" rule:"Between(1, 64000)"`
}

// DefaultGenConfig is MaxSRPT against n = 512.
func DefaultGenConfig() GenConfig { return GenConfig{Policy: "maxsrpt", N: 512} }

// Generate plays the adversary against c's policy (k = 1) for c's n; a
// policy that does not parse is an ErrConfig naming the field.
func (c GenConfig) Generate() (*Generated, error) {
	p, err := fluid.ParsePolicy(c.Policy, 1, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: policy: %w", ErrConfig, err)
	}
	return Generate(c.N, p)
}

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
