package reductions

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/worstcase"
	"github.com/mrsched/mrsched/solver/engine"
)

// OptimumFile reads the reduced tandem instance at path and compares its
// exact optimum with the threshold y (OptimumVsY) using the LP engine
// named engineName (engine.Get; "" for the default); an error of the
// search names the file. It returns the instance with the check.
func OptimumFile(ctx context.Context, path, engineName string, progress func(done, total int)) (*instances.Instance, *OptCheck, error) {
	in, err := instances.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	eng, err := engine.Get(engineName)
	if err != nil {
		return nil, nil, err
	}
	res, err := OptimumVsY(ctx, eng, in, progress)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return in, res, nil
}

// WorstPath is the file in dir of a worst instance found by Worst:
// search-POLICY-nN.json.
func WorstPath(dir string, f *worstcase.Found) string {
	return filepath.Join(dir, fmt.Sprintf("search-%s-n%d.json", f.Policy, f.Instance.N()))
}

// ErrConfig reports a configuration field that is not allowed; the
// message names the field (the flag of the mrsched command).
var ErrConfig = errors.New("reductions: invalid configuration")

// NMTSConfig is a random NMTS instance with a chosen answer: what 'mrsched
// gen nmts' writes.
type NMTSConfig struct {
	nmts.Spec
	Answer string `flag:"answer" usage:"yes or no"`
	Seed   uint64 `flag:"seed" usage:"random seed"`
}

// DefaultNMTSConfig is the default of 'mrsched gen nmts': q = 3, f on
// 1..5, g on 1..20, a yes-instance, seed 1.
func DefaultNMTSConfig() NMTSConfig {
	return NMTSConfig{Spec: nmts.Spec{Q: 3, MaxF: 5, MaxG: 20}, Answer: "yes", Seed: 1}
}

// Validate names the first field of c that is not allowed (an ErrConfig).
func (c NMTSConfig) Validate() error {
	if c.Answer != "yes" && c.Answer != "no" {
		return fmt.Errorf("%w: answer: want yes or no, got %q", ErrConfig, c.Answer)
	}
	return nil
}

// GenerateNMTS validates c and builds its instance (NMTSInstance).
func GenerateNMTS(c NMTSConfig) (*nmts.Instance, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return NMTSInstance(c.Spec, c.Answer == "yes", c.Seed)
}

// Validate names the first field of c that is not allowed (an ErrConfig;
// worstcase.Run checks the search options of each n).
func (c WorstConfig) Validate() error {
	if c.TimeLimit < 0 {
		return fmt.Errorf("%w: time-limit %s: want ≥ 0 (0: none)", ErrConfig, c.TimeLimit)
	}
	return nil
}
