// Package mip is a small, solver-independent description of linear and
// mixed-integer programs, the Engine interface that solves them, writers for
// the LP and MPS text formats that CBC, HiGHS, Gurobi, CPLEX, SCIP and GLPK
// read (so that any model built here can be checked with the solver of the
// user's choice), and the Reader interface through which engines read such
// files with their own parsers.
//
// A Model has columns (Var: continuous, integer or binary, with bounds and an
// objective coefficient) and rows (Row: Lower ≤ Σ Val[k]·x[Ind[k]] ≤ Upper,
// with math.Inf for a missing side), a sense and an objective offset. Engines
// live in solver/highs (HiGHS 1.15 compiled to WebAssembly, pure Go) and
// solver/cbc (COIN-OR CBC through cgo, build tag cbc); solver/engine chooses
// between them by name.
//
// Infeasible and unbounded models are statuses of a Result, not errors; an
// error means the engine could not run (missing files, an abort inside the
// solver, an invalid model). CheckText, ReadModel and ReadFile refuse files
// that are not readable models (ErrRead, naming file and line) before a
// solver's reader sees them; Deadline and OutputMargin define when a
// command with a time limit must end its work.
//
// Answer is the part every exact method's result shares (status, objective,
// best proven lower bound, its BoundSource, gap, schedule); Gap is the one
// gap rule of those methods, and the Source constants the one list of
// bound sources.
package mip
