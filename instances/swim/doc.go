// Package swim reads the SWIM project's Facebook MapReduce workload traces
// (github.com/SWIMProjectUCB/SWIM, folder workloadSuite; New BSD licence,
// Regents of the University of California, 2011), as shipped beside this
// repository in shared/data/swim.
//
// Each line of a trace is TAB-separated: job id, submit time (seconds since
// the start of the synthetic day), gap to the previous submission, map input
// bytes, shuffle bytes, reduce output bytes and — in the withInputPaths files
// only — an anonymised input path (jobs with the same path read the same
// dataset). The package only parses and validates; turning records into
// tandem instances, shared-scan workloads or cluster workloads is done by the
// packages that own those models.
package swim
