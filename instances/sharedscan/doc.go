// Package sharedscan defines the shared-scan workload of Wolf et al.,
// "CIRCUMFLEX: A Scheduling Optimizer for MapReduce Workloads Involving
// Shared Scans" (IBM Research Report; §2, §4 and appendix A.1–A.2).
//
// A workload has S map slots, a set of datasets with sizes, and Map jobs.
// Each job arrives at a time a_j, scans one dataset (fully shared scans,
// §2.2) or a set of datasets (semi-shared scans, §2.2 Fig. 4: the datasets
// are then the blocks or partitions whose Venn regions the scheduler forms),
// has a weight w_j, a minimum and maximum number of slots m_j ≤ M_j (A.1),
// an optional deadline D_j and optional SLA steps (pseudo-deadlines D_{j,k}
// with penalties p_{j,k}, A.2 Fig. 7(e)), and the fraction f_j ∈ (0,1] of
// its map work that is scan work (§4).
//
// Units. Dataset sizes are in slot-time units: one slot scans a dataset of
// size x in time x. Times (arrivals, deadlines) are in the same time unit
// (the §4 generator and the SWIM importer use minutes).
//
// Work model for f < 1 (our reading of §4, which only says "the fraction of
// Map phase work which is due to the scans"): a job whose scan work is
// X_j = Σ_{d∈datasets(j)} size_d has unshared map work W_j = X_j / f_j, i.e.
// it adds (1−f_j)/f_j units of per-job (non-shareable) work to every unit of
// data it scans. A shared scan of one unit of data by a set R of jobs costs
// 1 + Σ_{j∈R} (1−f_j)/f_j; with f = 1 (the §4 base case) it costs 1 whatever
// the number of jobs sharing it.
//
// The package reads and writes workloads as JSON (errors name the file and
// the JSON path, e.g. "jobs[3].max_slots"), validates them, generates the §4
// workloads (Zipf-like popularity and size, the κ correlation procedure,
// Poisson arrivals scaled to utilisation ρ) and imports the SWIM Facebook
// trace with input paths.
package sharedscan
