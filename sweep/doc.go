// Package sweep runs a sweep — a fixed, ordered list of independent cells
// (one instance of a report, one load of a study, …) — deterministically,
// in parallel, split across machines, and resumable after a kill.
//
// # Cells and shards
//
// A Sweep has a kind ("report", "study/fig7", …), a configuration (any
// JSON value; it identifies the sweep) and n cells, each with a key and a
// Compute function whose result is a JSON value. The shard i/N (1 ≤ i ≤ N)
// owns the cells whose index c satisfies c mod N = i − 1 (round robin, so
// shards of a sweep whose cells grow in cost get similar work).
//
// # Files
//
// A shard file is JSON lines: a header line
//
//	{"format":"mrsched-cells/1","kind":…,"config":…,"cells":n,"shard":"i/N"}
//
// then one line per finished cell, {"cell":c,"key":…,"result":…}, in cell
// order. Merge combines the shard files of one sweep (same kind, config and
// cell count; every cell exactly once, or twice with identical results) into
// the set an unsharded run produces, so that rendering the merged set gives
// the same bytes as rendering the unsharded run.
//
// # Resuming
//
// With Options.Path set, Run appends each finished cell to the journal
// Path + ".journal" (one write of one line, then fsync) and, when every owned
// cell is done, writes the complete shard file atomically
// (instances.AtomicWrite) and removes the journal. A run killed part-way
// leaves the journal behind; the next run with the same sweep reads it,
// drops a torn last line, and computes only the missing cells. A journal of
// a different sweep (other kind, config, cell count or shard) is an error,
// never silently mixed in.
//
// Output never depends on the number of workers or on the order in which
// cells finish: results are stored by cell index and written in cell order.
package sweep
