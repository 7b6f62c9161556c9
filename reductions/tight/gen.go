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
