package reductions

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions/search"
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
func WorstPath(dir string, f *search.Found) string {
	return filepath.Join(dir, fmt.Sprintf("search-%s-n%d.json", f.Policy, f.Instance.N()))
}
