package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/report"
)

// swimTrace is the SWIM trace of the release-date suite (the Facebook 2009
// day of /work/shared/data, see its README), relative to the repository.
const swimTrace = "../shared/data/swim/FB-2009_samples_24_times_1hr_0.tsv"

// plannerCSV is the ten-job planner instance with release times of the
// release-date suite (docs/appendix/exact.md, "The release-date search").
const plannerCSV = "bench/exact/testdata/planner10.csv"

// named is a benchmark instance.
type named struct {
	name, suite string
	in          *instances.Instance
}

// releaseSuite returns the instances of the release-date suites (docs/exact.md,
// "Benchmarks → Release dates"): "releases-swim", consecutive windows of n
// non-empty jobs of the SWIM trace (window w = jobs w·n … w·n+n−1), sizes
// normalised to mean 1 and time rescaled to load 0.75 (instances.FromSWIM),
// one window per seed; "releases-planner", the planner CSV. ok is false for
// other suite names.
func releaseSuite(suite, ns string, seeds int) (list []named, ok bool, err error) {
	switch suite {
	case "releases-swim":
		recs, err := swim.ReadFile(swimTrace)
		if err != nil {
			return nil, true, err
		}
		var kept []swim.Record
		for _, r := range recs {
			if !r.Empty() && r.ShuffleBytes > 0 {
				kept = append(kept, r)
			}
		}
		for _, f := range strings.Split(ns, ",") {
			var n int
			if _, err := fmt.Sscan(f, &n); err != nil {
				return nil, true, fmt.Errorf("-n %q: %w", f, err)
			}
			for w := 0; w < seeds && (w+1)*n <= len(kept); w++ {
				in, err := report.SWIMInstance(kept[w*n:(w+1)*n], swimTrace, 0.75, 0, false)
				if err != nil {
					return nil, true, err
				}
				list = append(list, named{fmt.Sprintf("swim-n%d-w%d", n, w+1), suite, in})
			}
		}
		return list, true, nil
	case "releases-planner":
		fh, err := os.Open(plannerCSV)
		if err != nil {
			return nil, true, err
		}
		defer fh.Close()
		in, err := instances.ReadCSV(fh, plannerCSV)
		if err != nil {
			return nil, true, err
		}
		return []named{{"planner10", suite, in}}, true, nil
	}
	return nil, false, nil
}
