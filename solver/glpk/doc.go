// Package glpk is a mip.Engine that drives GLPK's command-line solver
// glpsol (Debian package glpk-utils, GLPK 5.0): the model is written in the
// CPLEX LP format of package mip, glpsol solves it with its branch-and-cut
// (--tmlim for the time limit, --mipgap for the relative gap) and writes its
// solution in GLPK's plain text format (-w), which is read back; the best
// bound of a search stopped by its limit is read from glpsol's last progress
// line. Running glpsol as a process lets a context cancel a solve at once
// (the process is killed), which the portfolio of package
// solver/exact/portfolio relies on when the other method proves optimality
// first. On the batch MIP of package mipform it proves log-normal batches of
// 12–20 jobs one to two orders of magnitude faster than CBC or HiGHS
// (docs/exact.md).
package glpk
