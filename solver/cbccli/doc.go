// Package cbccli is a mip.Engine that drives CBC's command-line program cbc
// (Debian package coinor-cbc, CBC 2.10): the model is written in the CPLEX
// LP format of package mip, cbc solves it with its branch-and-cut
// (timeMode elapsed and seconds for a wall-clock limit, ratioGap for the
// relative gap) and writes its solution file, which is read back; the
// bound of a search stopped by its limit is read from cbc's log (rounded
// there, so lowered by one unit of the last printed digit). Unlike the cgo
// engine of package solver/cbc, cbc runs as a process, so a context cancels
// a solve at once (the process is killed) and several solves run in
// parallel; the portfolio of package solver/exact/portfolio relies on both.
// On the unbalanced log-normal batches of the exact benchmark it proves instances that
// glpsol does not (docs/appendix/exact.md, "Engine choice").
package cbccli
