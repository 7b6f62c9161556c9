package tight

import (
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
)

// Generated is a family's instance annotated for the policy the family is
// tight for (Annotate): what 'mrsched gen tight-maxsrpt' and 'gen
// tight-splitsrpt' write.
type Generated struct {
	Family *Family
	Alt    *schedule.Schedule // the alternative schedule (priority order at both stations)
	Line   string             // the one-line summary of Annotate
}

// MaxSRPTConfig is the family of GenerateMaxSRPT: what 'mrsched gen
// tight-maxsrpt' writes.
type MaxSRPTConfig struct {
	N     int     `flag:"n" usage:"number of jobs (even; the maximum takes about 15 s)" rule:"Between(2, 2000)"`
	Alpha float64 `flag:"alpha" usage:"α > 1"`
	Eps   float64 `flag:"eps" usage:"0 < ε < α − 1"`
}

// DefaultMaxSRPTConfig is n = 20, α = 2, ε = 0.01.
func DefaultMaxSRPTConfig() MaxSRPTConfig { return MaxSRPTConfig{N: 20, Alpha: 2, Eps: 0.01} }

// Generate is GenerateMaxSRPT of c.
func (c MaxSRPTConfig) Generate() (*Generated, error) { return GenerateMaxSRPT(c.N, c.Alpha, c.Eps) }

// SplitSRPTConfig is the family of GenerateSplitSRPT: what 'mrsched gen
// tight-splitsrpt' writes.
type SplitSRPTConfig struct {
	N    int     `flag:"n" usage:"number of jobs (the maximum takes about 10 s)" rule:"Between(2, 2000)"`
	Beta float64 `flag:"beta" usage:"β > 1"`
}

// DefaultSplitSRPTConfig is n = 20, β = 2.
func DefaultSplitSRPTConfig() SplitSRPTConfig { return SplitSRPTConfig{N: 20, Beta: 2} }

// Generate is GenerateSplitSRPT of c.
func (c SplitSRPTConfig) Generate() (*Generated, error) { return GenerateSplitSRPT(c.N, c.Beta) }

// GenerateMaxSRPT is MaxSRPTFamily(n, alpha, eps) annotated with MaxSRPT's
// closed-form total (MaxSRPTCost).
func GenerateMaxSRPT(n int, alpha, eps float64) (*Generated, error) {
	f, err := MaxSRPTFamily(n, alpha, eps)
	if err != nil {
		return nil, err
	}
	return annotated(f, "maxsrpt", MaxSRPTCost(n, alpha, eps))
}

// GenerateSplitSRPT is SplitSRPTFamily(n, beta) annotated with
// SplitSRPT's closed-form total (SplitSRPTCost).
func GenerateSplitSRPT(n int, beta float64) (*Generated, error) {
	f, err := SplitSRPTFamily(n, beta)
	if err != nil {
		return nil, err
	}
	return annotated(f, "splitsrpt", SplitSRPTCost(n, beta))
}

func annotated(f *Family, policy string, cost float64) (*Generated, error) {
	alt, line, err := f.Annotate(policy, cost)
	if err != nil {
		return nil, err
	}
	return &Generated{Family: f, Alt: alt, Line: line}, nil
}

// Tandem is the generated instance.
func (g *Generated) Tandem() *instances.Instance { return g.Family.Instance }

// Summary is the one-line summary of the annotation.
func (g *Generated) Summary() string { return g.Line }

// AltSchedule is the alternative schedule.
func (g *Generated) AltSchedule() (*schedule.Schedule, error) { return g.Alt, nil }
