// Package flagsets holds the command line's flag tables for the library
// configurations that mrsched's commands fill (cliflags.Row per field):
// the CLI owns its flags, the library types carry none. Each function
// returns the rows binding the flags of one command to the fields of cfg;
// cliflags.Bind declares them, cliflags.Filled and cliflags.Call fill a
// copy of the defaults from a parsed command line.
package flagsets

import (
	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/reductions/worstcase"
	"github.com/mrsched/mrsched/report/whatif"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/solver/cluster/experiments"
	"github.com/mrsched/mrsched/solver/straggler"
)

// Policy are the flags of the policies of 'mrsched cluster simulate', filling cfg.
func Policy(cfg *cluster.PolicySettings) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Alpha, cliflags.Float("alpha", cfg.Alpha, "LsPS α of eq. 8 in [0, 1]")),
		cliflags.Row(&cfg.CVThreshold, cliflags.Float("cv-threshold", cfg.CVThreshold, "LsPS tier-2 CV threshold")),
		cliflags.Row(&cfg.FairLimit, cliflags.Int("fair-limit", cfg.FairLimit, "H-PFSP FAIR_LIMIT (0: no fair phase)")),
		cliflags.Row(&cfg.Exact, cliflags.Bool("exact", cfg.Exact, "H-PFSP with exact remaining sizes instead of estimates")),
		cliflags.Row(&cfg.Clock, cliflags.String("clock", cfg.Clock, "H-PFSP virtual PS clock: work (eq. 8 as printed; hpfsp default) or time (real-time PS; ppfsp default)")),
		cliflags.Row(&cfg.UpdateInterval, cliflags.Float("update-interval", cfg.UpdateInterval, "H-PFSP UPDATE_INTERVAL in seconds")),
		cliflags.Row(&cfg.DefaultFromTasks, cliflags.Bool("default-from-tasks", cfg.DefaultFromTasks, "H-PFSP eq. 18 defaults from every finished task, not only finished jobs'")),
	}
}

// ClusterSimulate are the flags of 'mrsched cluster simulate', filling cfg.
func ClusterSimulate(cfg *experiments.SimulateConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Heartbeat, cliflags.Float("heartbeat", cfg.Heartbeat, "assign free slots only every `SECONDS` (0: at once)")),
	}
}

// ClusterStudy are the flags of every 'mrsched cluster study', filling cfg.
func ClusterStudy(cfg *experiments.StudyConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Seeds, cliflags.Int("seeds", cfg.Seeds, "independent replications", cliflags.AtLeastOne)),
		cliflags.Row(&cfg.Workers, cliflags.Int("workers", cfg.Workers, "parallel simulations", cliflags.AtLeastOne)),
	}
}

// SWIMStudy are the flags of 'mrsched cluster study swim' (besides clusterStudyFlags), filling cfg.
func SWIMStudy(cfg *experiments.SWIMStudy) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Trace, cliflags.Input("trace", cfg.Trace, "SWIM trace `FILE`")),
		cliflags.Row(&cfg.Nodes, cliflags.Int("nodes", cfg.Nodes, "cluster nodes (2 map + 2 reduce slots each)")),
		cliflags.Row(&cfg.MaxJobs, cliflags.Int("max-jobs", cfg.MaxJobs, "keep only the first `M` jobs of the trace (0: all)")),
		cliflags.Row(&cfg.Name, cliflags.String("name", cfg.Name, "label of the output files (default: FB-2009 or FB-2010 from the file name, with the node count)")),
	}
}

// GenCluster are the flags of 'mrsched gen cluster', filling cfg.
func GenCluster(cfg *workload.GenConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Kind, cliflags.String("kind", cfg.Kind, "table2, fig2, fig3a, fig3b, fig4, fig5 or synthetic", cliflags.Required)),
		cliflags.Row(&cfg.Seed, cliflags.Uint64("seed", cfg.Seed, "random seed")),
		cliflags.Row(&cfg.N, cliflags.Int("n", cfg.N, "jobs (fig2, fig3a, synthetic; the maximum peaks at 1.1 GB)", cliflags.Between(1, 1000000))),
		cliflags.Row(&cfg.SizeGB, cliflags.Float("size", cfg.SizeGB, "TeraSort size in GB (fig3a)")),
	}
}

// SWIMCluster are the flags of 'mrsched import swim-cluster', filling cfg.
func SWIMCluster(cfg *workload.SWIMOptions) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Nodes, cliflags.Int("nodes", cfg.Nodes, "cluster nodes")),
		cliflags.Row(&cfg.MapSlots, cliflags.Int("map-slots", cfg.MapSlots, "map slots per node")),
		cliflags.Row(&cfg.ReduceSlots, cliflags.Int("reduce-slots", cfg.ReduceSlots, "reduce slots per node")),
		cliflags.Row(&cfg.Users, cliflags.Int("users", cfg.Users, "assign job k to user k mod USERS (the traces have no users)")),
		cliflags.Row(&cfg.MaxJobs, cliflags.Int("max-jobs", cfg.MaxJobs, "keep only the first `M` jobs (0: all)")),
	}
}

// GenSharedScan are the flags of 'mrsched gen sharedscan', filling cfg.
func GenSharedScan(cfg *sharedscan.GenConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Jobs, cliflags.Int("jobs", cfg.Jobs, "arrivals (the maximum peaks at 1.1 GB)", cliflags.Between(1, sharedscan.MaxJobs))),
		cliflags.Row(&cfg.Datasets, cliflags.Int("datasets", cfg.Datasets, "D", cliflags.Between(1, sharedscan.MaxDatasets))),
		cliflags.Row(&cfg.Theta1, cliflags.Float("theta1", cfg.Theta1, "popularity Zipf-like parameter in [0,1]")),
		cliflags.Row(&cfg.Theta2, cliflags.Float("theta2", cfg.Theta2, "size Zipf-like parameter in [0,1]")),
		cliflags.Row(&cfg.Correlation, cliflags.Int("correlation", cfg.Correlation, "κ level 0…8")),
		cliflags.Row(&cfg.Slots, cliflags.Int("slots", cfg.Slots, "S", cliflags.Between(1, sharedscan.MaxSlots))),
		cliflags.Row(&cfg.Horizon, cliflags.Float("horizon", cfg.Horizon, "T (minutes)")),
		cliflags.Row(&cfg.Rho, cliflags.Float("rho", cfg.Rho, "utilisation on unshared map work")),
		cliflags.Row(&cfg.ScanFraction, cliflags.Float("f", cfg.ScanFraction, "scan fraction of map work in (0,1]")),
		cliflags.Row(&cfg.MinSlots, cliflags.Int("min-slots", cfg.MinSlots, "m_j", cliflags.Between(0, sharedscan.MaxSlots))),
		cliflags.Row(&cfg.MaxSlots, cliflags.Int("max-slots", cfg.MaxSlots, "M_j (capped at S)", cliflags.Between(1, sharedscan.MaxSlots))),
		cliflags.Row(&cfg.Seed, cliflags.Seed(cfg.Seed, "random seed")),
	}
}

// Evaluate are the flags of 'mrsched evaluate', filling cfg.
func Evaluate(cfg *whatif.Config) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Instance, cliflags.Input("instance", cfg.Instance, "tandem instance `FILE` the plan was made on (the estimated sizes)", cliflags.Alias("i"), cliflags.Required)),
		cliflags.Row(&cfg.Schedule, cliflags.Input("schedule", cfg.Schedule, "the plan: a schedule `FILE` ('mrsched solve --schedule'); its completion order is replayed", cliflags.Alias("s"))),
		cliflags.Row(&cfg.Order, cliflags.String("order", cfg.Order, "the plan as a completion order: job ids or 0-based indices, comma-separated, first to complete first")),
		cliflags.Row(&cfg.Sigma, cliflags.Float("sigma", cfg.Sigma, "σ of the log of each size's noise factor exp(σZ) (median 1)", cliflags.NonNegative)),
		cliflags.Row(&cfg.Reps, cliflags.Int("reps", cfg.Reps, "replications", cliflags.AtLeastOne)),
		cliflags.Row(&cfg.Seed, cliflags.Uint64("seed", cfg.Seed, "seed: replication r draws its sizes from PCG(seed, r)")),
		cliflags.Row(&cfg.Workers, cliflags.Int("workers", cfg.Workers, "replications run in parallel, 0 for GOMAXPROCS (the output does not depend on it)", cliflags.NonNegInt)),
		cliflags.Row(&cfg.Top, cliflags.Int("top", cfg.Top, "the late table shows the `N` jobs most likely late, 0 for all (JSON and CSV have all)", cliflags.NonNegInt)),
	}
}

// NMTSGen are the flags of 'mrsched gen nmts', filling cfg.
func NMTSGen(cfg *reductions.NMTSConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Spec.Q, cliflags.Int("q", cfg.Spec.Q, "size q of each set", cliflags.Between(1, 64))),
		cliflags.Row(&cfg.Spec.MaxF, cliflags.Int64("max-f", cfg.Spec.MaxF, "f values are uniform on 1..`N`", cliflags.Between(1, 4503599627370496))),
		cliflags.Row(&cfg.Spec.MaxG, cliflags.Int64("max-g", cfg.Spec.MaxG, "g values are uniform on 1..`N`", cliflags.Between(1, 4503599627370496))),
		cliflags.Row(&cfg.Answer, cliflags.String("answer", cfg.Answer, "yes or no")),
		cliflags.Row(&cfg.Seed, cliflags.Uint64("seed", cfg.Seed, "random seed")),
	}
}

// Separation are the flags of 'mrsched reduce separation', filling cfg.
func Separation(cfg *reductions.StudyConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Q, cliflags.Ints("q", cliflags.FormatInts(cfg.Q), "NMTS set sizes q", cliflags.Between(2, 5))),
		cliflags.Row(&cfg.EnumMax, cliflags.Ints("enum-max", cliflags.FormatInts(cfg.EnumMax), "per q (or one for all): every instance with f, g ≤ N (0: none)", cliflags.Between(0, 6))),
		cliflags.Row(&cfg.Random, cliflags.Ints("random", cliflags.FormatInts(cfg.Random), "per q (or one for all): seeded random yes- and as many no-instances", cliflags.NonNegInt)),
		cliflags.Row(&cfg.MaxF, cliflags.Int64("max-f", cfg.MaxF, "random f on 1..N", cliflags.AtLeastOne)),
		cliflags.Row(&cfg.MaxG, cliflags.Int64("max-g", cfg.MaxG, "random g on 1..N", cliflags.AtLeastOne)),
		cliflags.Row(&cfg.Seed, cliflags.Uint64("seed", cfg.Seed, "seed of the random instances and of the order search")),
		cliflags.Row(&cfg.Options.ExactLimit, cliflags.Duration("exact-limit", cfg.Options.ExactLimit, "exact rational search per instance and construction (rows it stops depend on the machine)", cliflags.Zero("none"))),
		cliflags.Row(&cfg.Options.ExactNodes, cliflags.Int64("exact-nodes", cfg.Options.ExactNodes, "node budget of the exact search per instance and construction (0: none; same rows on every machine)", cliflags.NonNegInt)),
	}
}

// TightMax are the flags of 'mrsched gen tight-maxsrpt', filling cfg.
func TightMax(cfg *tight.MaxSRPTConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.N, cliflags.Int("n", cfg.N, "number of jobs (even; the maximum takes about 15 s)", cliflags.Between(2, 2000))),
		cliflags.Row(&cfg.Alpha, cliflags.Float("alpha", cfg.Alpha, "α > 1")),
		cliflags.Row(&cfg.Eps, cliflags.Float("eps", cfg.Eps, "0 < ε < α − 1")),
	}
}

// TightSplit are the flags of 'mrsched gen tight-splitsrpt', filling cfg.
func TightSplit(cfg *tight.SplitSRPTConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.N, cliflags.Int("n", cfg.N, "number of jobs (the maximum takes about 10 s)", cliflags.Between(2, 2000))),
		cliflags.Row(&cfg.Beta, cliflags.Float("beta", cfg.Beta, "β > 1")),
	}
}

// AdversaryGen are the flags of 'mrsched gen adversary', filling cfg.
func AdversaryGen(cfg *adversary.GenConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Policy, cliflags.String("policy", cfg.Policy, "policy (solver/fluid name)")),
		cliflags.Row(&cfg.N, cliflags.Int("n", cfg.N, "n (k = ⌊n^{1/3}⌋; the maximum MaxN takes 2 s and 56 MB)", cliflags.Between(1, 64000))),
	}
}

// Adversary are the flags of 'mrsched adversary', filling cfg.
func Adversary(cfg *adversary.Config) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Policies, cliflags.String("policy", cfg.Policies, "comma-separated policies (solver/fluid names)")),
		cliflags.Row(&cfg.Ns, cliflags.Ints("n", cliflags.FormatInts(cfg.Ns), "comma-separated n values", cliflags.AtLeastOne, cliflags.RuleInUsage)),
	}
}

// AdversaryYao are the flags of 'mrsched adversary-yao', filling cfg.
func AdversaryYao(cfg *adversary.YaoConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Policies, cliflags.String("policy", cfg.Policies, "comma-separated policies (solver/fluid names)")),
		cliflags.Row(&cfg.Ns, cliflags.Ints("n", cliflags.FormatInts(cfg.Ns), "values of n (their sum at most 200000: n = 64000 takes 18 s for the four default policies)", cliflags.Between(1, 64000))),
	}
}

// Search are the flags of 'mrsched search', filling cfg.
func Search(cfg *reductions.WorstConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Policy, cliflags.String("policy", cfg.Policy, "maxsrpt or splitsrpt")),
		cliflags.Row(&cfg.Ns, cliflags.Ints("n", cliflags.FormatInts(cfg.Ns), "number of jobs `N` or range LO..HI (2..10)", cliflags.Between(2, 10), cliflags.RuleInUsage)),
		cliflags.Row(&cfg.AlphaMax, cliflags.Float("alpha-max", cfg.AlphaMax, "largest max(x/y, y/x) of a job")),
		cliflags.Row(&cfg.Restarts, cliflags.Int("restarts", cfg.Restarts, "hill-climb restarts per n")),
		cliflags.Row(&cfg.Steps, cliflags.Int("steps", cfg.Steps, "steps per restart")),
		cliflags.Row(&cfg.Seed, cliflags.Uint64("seed", cfg.Seed, "random seed")),
		cliflags.Row(&cfg.TimeLimit, cliflags.Duration("time-limit", cfg.TimeLimit, "stop each n's search after this long (0: none)")),
		cliflags.Row(&cfg.ExactMax, cliflags.Int("exact-max", cfg.ExactMax, "solve OPT exactly by order enumeration up to this n (≤ 8)")),
	}
}

// WorstExact are the flags of 'mrsched worst-exact', filling cfg.
func WorstExact(cfg *reductions.WorstExactConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Ns, cliflags.Ints("n", cliflags.FormatInts(cfg.Ns), "values of n", cliflags.Between(2, worstcase.MaxClimbN))),
		cliflags.Row(&cfg.Restarts, cliflags.Int("restarts", cfg.Restarts, "climbs per policy and n", cliflags.AtLeastOne)),
		cliflags.Row(&cfg.Steps, cliflags.Int("steps", cfg.Steps, "perturbations per climb", cliflags.NonNegInt)),
		cliflags.Row(&cfg.AlphaMax, cliflags.Float("alpha-max", cfg.AlphaMax, "largest max(x/y, y/x) of a job", cliflags.AboveOne)),
		cliflags.Row(&cfg.Seed, cliflags.Uint64("seed", cfg.Seed, "seed of the starts and perturbations")),
		cliflags.Row(&cfg.SolveLimit, cliflags.Duration("solve-limit", cfg.SolveLimit, "limit of each exact solve", cliflags.Zero("none, deterministic"))),
	}
}

// MSTEval are the flags of 'mrsched mst eval', filling cfg.
func MSTEval(cfg *straggler.EvalConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.D, cliflags.Float("D", cfg.D, "deterministic coefficient of the delayed exponential model (0 = M/M/1)")),
		cliflags.Row(&cfg.Method, cliflags.String("method", cfg.Method, "closed, integral, mc, all or auto")),
		cliflags.Row(&cfg.Samples, cliflags.Int("samples", cfg.Samples, "Monte Carlo samples")),
		cliflags.Row(&cfg.Seed, cliflags.Uint64("seed", cfg.Seed, "Monte Carlo seed")),
		cliflags.Row(&cfg.RelTol, cliflags.Float("rel-tol", cfg.RelTol, "relative accuracy of the integral")),
	}
}

// MSTMap are the flags of 'mrsched mst map', filling cfg.
func MSTMap(cfg *straggler.MapConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Total, cliflags.Float("total", cfg.Total, "total task arrival rate λ", cliflags.Required)),
		cliflags.Row(&cfg.Policy, cliflags.String("policy", cfg.Policy, "fair, dep, sep, mep, dmep, optimal or all")),
		cliflags.Row(&cfg.Options.Model.D, cliflags.Float("D", cfg.Options.Model.D, "deterministic coefficient of the delayed exponential model (0 = M/M/1)")),
		cliflags.Row(&cfg.Options.AllowMigration, cliflags.Bool("allow-migration", cfg.Options.AllowMigration, "let S-EP return negative λ_i (the paper's formal eq. 23) instead of failing on eq. 24")),
		cliflags.Row(&cfg.PerNode, cliflags.Bool("per-node", cfg.PerNode, "print every node's λ_i (table formats)")),
	}
}

// MSTNodes are the flags of 'mrsched mst nodes', filling cfg.
func MSTNodes(cfg *straggler.NodeCountConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Total, cliflags.Float("total", cfg.Total, "total task arrival rate λ", cliflags.Required)),
		cliflags.Row(&cfg.Policy, cliflags.String("policy", cfg.Policy, "mapping policy for each selection")),
		cliflags.Row(&cfg.D, cliflags.Float("D", cfg.D, "deterministic coefficient of the delayed exponential model")),
		cliflags.Row(&cfg.BruteLimit, cliflags.Int("brute-limit", cfg.BruteLimit, "enumerate all selections when there are at most this many", cliflags.NonNegInt)),
		cliflags.Row(&cfg.Curve, cliflags.Bool("curve", cfg.Curve, "print the MST for every N (table formats)")),
	}
}

// MSTForkJoin are the flags of 'mrsched mst forkjoin', filling cfg.
func MSTForkJoin(cfg *straggler.ForkJoinConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.K, cliflags.Int("k", cfg.K, "number of servers K")),
		cliflags.Row(&cfg.Lambda, cliflags.Float("lambda", cfg.Lambda, "job arrival rate")),
		cliflags.Row(&cfg.Mu, cliflags.Float("mu", cfg.Mu, "service rate of every server")),
		cliflags.Row(&cfg.Jobs, cliflags.Int("jobs", cfg.Jobs, "jobs measured after 10% warm-up (0: no simulation)")),
		cliflags.Row(&cfg.Seed, cliflags.Uint64("seed", cfg.Seed, "simulation seed")),
	}
}
