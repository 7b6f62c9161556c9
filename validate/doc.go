// Package validate is the independent checker of fluid schedules for the
// overlapping tandem queue (Lin et al., §2.1, model (1)). It shares nothing
// with the simulators and solvers that produce schedules beyond the instance
// and schedule types, so that a bug in a producer cannot hide itself.
//
// For an instance and a schedule it checks, with the tolerance policy of
// package tolerance (|a−b| ≤ 1e-9 + 1e-9·max(|a|,|b|)) for times and rates,
// and for work the relative part 1e-9·size plus the effect of the float64
// resolution of the segment boundaries that served the job (rate × 4 ulps
// of the boundary time, summed over segments; see workSlack):
//
//  1. segments are finite, have Start ≤ End and do not overlap, and every
//     rate is finite and ≥ 0 (model (1): dx_i/dt ≤ 0, dy_i/dt ≤ 0);
//  2. in every segment the map rates sum to at most μ_m and the shuffle
//     rates to at most μ_c (the capacity constraints of model (1));
//  3. no job is served before its release r_i;
//  4. each job's map work totals x_i and its shuffle work totals y_i (a job
//     may also finish work smaller than capacity × the clock's resolution at
//     its completion inside a zero-length interval, which no float64
//     segment can show);
//  5. at every segment boundary, each job's shuffle progress fraction is at
//     most its map progress fraction, y-done/y_i ≤ x-done/x_i, up to the
//     work tolerances of both totals divided by the sizes (the last
//     constraint of model (1)); because rates are constant inside a segment,
//     both fractions are linear there, so the boundaries suffice. A job with
//     x_i = 0 has map fraction 1 from its release on; a job with y_i = 0 has
//     no constraint;
//  6. each claimed completion time equals the earliest time at which both
//     of the job's totals are reached (computed from the segments);
//  7. precedence: a job with predecessors (instances.Job.After) receives
//     no map or shuffle service (a rate above tolerance.Abs in a segment of
//     positive length) before every predecessor's computed completion, up
//     to the time tolerance; a violation names both jobs.
//
// The cost Σ(C_i − r_i) of a schedule that passes is its total response
// time, the objective of model (1); the result also carries the weighted
// total response time Σ w_i (C_i − r_i) (equal to it bit for bit when every
// weight is 1) and, when the instance has deadlines, the late jobs (count,
// maximum lateness, weighted tardiness Σ w_i max(0, C_i − d_i)).
package validate
