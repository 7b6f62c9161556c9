// Package mipexec runs an external MIP solver program (glpsol, cbc) on a
// model of package mip: it writes the model as an LP file without its
// objective constant, runs the program under the earlier of the time limit
// and the context's deadline (killing it a margin after that, or at once
// when the context is cancelled), and hands the solution file and the log
// to the engine's parser; a program killed after its limit still reports
// the bound of its last progress line. The engines of packages
// solver/glpk and solver/cbccli differ only in their arguments and
// parsers.
package mipexec
