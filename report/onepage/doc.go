// Package onepage writes the one-page HTML report of a batch: one
// self-contained file (inline CSS and inline SVG figures; no scripts, no
// fonts and nothing else fetched from anywhere) that a planner can mail or
// print. It is one more renderer of a report's result (report.InstanceResult
// and the schedules the report recorded), not a second computation.
//
// The page opens with the recommendation (the best plan, its total
// response time, the best lower bound and the method that proved it, the
// gap (UB − LB)/UB, the optimality status and the time limit), then the
// plan (one row per job in completion order), the Gantt chart and load
// figures of the plan (package figures), the methods side by side with the
// guarantees of Corollaries 4 and 6 of Lin, Wierman, Zhang and Tan (§4:
// 2α/(1+α) for MaxSRPT, 1 + 1/β for SplitSRPT), the instance summary and
// the provenance of the run. With Options.WhatIf the page also replays the
// plan's completion order and each policy on seeded log-normal
// perturbations of the sizes (package whatif, the computation of 'mrsched
// evaluate') and draws each method's objective as a band (figures.Bands)
// under the stated noise model.
package onepage
