// Package figures is the one home of the toolkit's plots (only it and the
// CLI import gonum.org/v1/plot): solvers, reductions and studies return
// plain data series and this package draws them — ratio against n with the
// guarantee lines (§4, Corollaries 4 and 6), relative E[T] against load
// (§5.2, Fig. 7), mean slowdown by size bucket (§5.3, Fig. 9), Gantt
// charts of any schedule.Schedule, the FLEX study (Wolf et al. §4,
// Fig. 5–6) and plan, the straggler figures (Farhat et al. Fig. 3–11) and
// the adversary's ratios. Every figure has a title, labelled axes with
// units, at least three labelled ticks on a linear axis and its legend
// outside the data area; files are SVG, PNG on request, written
// atomically, and the same data give the same bytes.
package figures
