// Package sweep runs a sweep — a fixed, ordered list of independent cells
// (one instance of a report, one load of a study, one point of the FLEX
// study, …) — deterministically, in parallel, split into shards i/N across
// machines and resumable after a kill: finished cells go to a JSON-lines
// journal, a cut-off last line is dropped with a notice (Set.Notices), and
// Merge combines shard files into the bytes of the unsharded run. It sits
// below the solvers and the report layer so both can use it; the file
// format is in docs/appendix/report.md ("Sweep files").
package sweep
