package report

import (
	"fmt"

	"github.com/mrsched/mrsched/instances"
)

// CompareInstance returns the instance 'mrsched compare' runs on and its
// name: the file at path when path is not "", else the §2.1 example when
// example is set, else a batch of lognormal jobs of the §5.3 log-normal
// workload drawn with seed.
func CompareInstance(path string, example bool, lognormal int, seed uint64) (*instances.Instance, string, error) {
	switch {
	case path != "":
		in, err := instances.ReadFile(path)
		return in, path, err
	case example:
		return instances.Example21(), "§2.1 example", nil
	}
	in, err := instances.PaperLogNormal(lognormal, 0, true).Generate(instances.SeedSource(seed))
	if err != nil {
		return nil, "", fmt.Errorf("--lognormal: %w", err)
	}
	return in, fmt.Sprintf("§5.3 log-normal batch, n=%d, seed %d", lognormal, seed), nil
}
