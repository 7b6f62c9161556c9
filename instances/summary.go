package instances

// Summary is what 'mrsched check' prints about an instance: its size,
// capacities, total work per station and the jobs without map or shuffle
// work (whose α and β are infinite, Lin et al. §4).
type Summary struct {
	Jobs               int     `json:"jobs"`
	Batch              bool    `json:"batch"`
	MapCapacity        float64 `json:"map_capacity"`
	ShuffleCapacity    float64 `json:"shuffle_capacity"`
	TotalMap           float64 `json:"total_map"`
	TotalShuffle       float64 `json:"total_shuffle"`
	LastRelease        float64 `json:"last_release"`
	JobsWithoutMap     int     `json:"jobs_without_map"`
	JobsWithoutShuffle int     `json:"jobs_without_shuffle"`
	// The optional fields (zero, and not shown by 'check', when absent):
	// dependency edges, jobs whose weight is not 1, jobs with a deadline,
	// and the longest chain of jobs (1 without dependencies).
	Dependencies int `json:"dependencies,omitempty"`
	WeightedJobs int `json:"weighted_jobs,omitempty"`
	JobsWithDue  int `json:"jobs_with_deadline,omitempty"`
	LongestChain int `json:"longest_chain,omitempty"`
}

// Summarize returns the summary of in.
func Summarize(in *Instance) Summary {
	s := Summary{Jobs: in.N(), Batch: in.IsBatch(), MapCapacity: in.MapCapacity, ShuffleCapacity: in.ShuffleCapacity}
	for _, j := range in.Jobs {
		s.TotalMap += j.Map
		s.TotalShuffle += j.Shuffle
		s.LastRelease = max(s.LastRelease, j.Release)
		if j.Map == 0 {
			s.JobsWithoutMap++
		}
		if j.Shuffle == 0 {
			s.JobsWithoutShuffle++
		}
		s.Dependencies += len(j.After)
		if j.Weight != 0 && j.Weight != 1 {
			s.WeightedJobs++
		}
		if j.HasDue {
			s.JobsWithDue++
		}
	}
	if s.Dependencies > 0 {
		if order, err := in.TopologicalOrder(); err == nil {
			depth := make([]int, len(in.Jobs))
			for _, k := range order {
				depth[k] = 1
				for _, p := range in.Jobs[k].After {
					depth[k] = max(depth[k], depth[p]+1)
				}
				s.LongestChain = max(s.LongestChain, depth[k])
			}
		}
	}
	return s
}
