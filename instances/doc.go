// Package instances defines the overlapping tandem queue instance of Lin,
// Wierman, Zhang and Tan, "Joint Optimization of Overlapping Phases in
// MapReduce" (§2.1, model (1)): n jobs, each with a release time r_i ≥ 0, a
// map size x_i ≥ 0 and a shuffle size y_i ≥ 0 (x_i + y_i > 0), served by a
// map station of capacity μ_m and a shuffle station of capacity μ_c.
//
// Zero sizes have a precise meaning in model (1), whose progress constraint
// is y_i(t)/y_i ≥ x_i(t)/x_i:
//   - x_i = 0: the job has no map work, so its whole shuffle work is
//     available at its release (the map-progress fraction is 1 from r_i on);
//   - y_i = 0: the job has no shuffle work and leaves the system the moment
//     its map work is done.
//
// The package reads and writes instances as JSON and CSV (a round trip is
// exact: numbers are written with the shortest representation that parses
// back to the same float64), validates them with errors that name the file
// and the line (CSV) or JSON path, and generates the paper's §5.3 log-normal
// workload and instances from the SWIM Facebook traces.
package instances
