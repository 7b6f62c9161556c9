// Package google reads the Google cluster-usage trace (clusterdata-2011-2,
// Google Inc., CC-BY 4.0: "Google cluster-usage traces, clusterdata-2011-2,
// Google Inc.") and builds overlapping tandem queue instances from it as
// Lin et al. §5.1 do: single-task jobs and jobs without disk use are
// dropped, a job's map size is the resource use of its tasks and its
// shuffle size their local disk use. The readers stream the job_events and
// task_events tables (gzip or plain CSV, one or more part files) row by
// row, merged by time (each table must be time-ordered across consecutive
// parts, else ErrOrder naming file and line), and retires a job's working
// record as soon as its fate is known (its FINISH/FAIL/KILL/LOST job event
// with no task running, or the end of the input): a kept job is reduced to
// its output triple (arrival, map, shuffle), a dropped one counted and
// freed. Memory is O(live jobs + live tasks + kept jobs' output triples),
// never the number of parts or of dropped jobs. Since the public slice has
// no task_usage table, sizes are approximated from the requests: map =
// Σ over a job's task runs of run time × CPU request, shuffle = Σ run time
// × disk-space request (docs/google.md gives the rules, the window rule and
// what was dropped on the four-hour slice).
package google
