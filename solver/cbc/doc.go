// Package cbc is an LP/MIP engine (mip.Engine) over COIN-OR CBC (Forrest
// et al., https://github.com/coin-or/Cbc), the native library of Debian's
// coinor-libcbc-dev (CBC 2.10.8), through its C interface Cbc_C_Interface.h
// and cgo.
//
// The engine is compiled only with the build tag cbc (go build -tags cbc),
// so that the rest of mrsched builds with no C toolchain; without the tag
// this package is empty and solver/engine does not offer "cbc".
//
// Notes on CBC 2.10's C interface, which shape the engine:
//   - CbcMain1, behind Cbc_solve, keeps global state, so solves are
//     serialised by a process-wide mutex (the Engine is safe for concurrent
//     use, but solves do not run in parallel).
//   - C++ exceptions (CoinError) thrown by the readers or the solver are
//     caught in a small C++ shim (shim.cpp) and become Go errors.
//   - The C interface has no row duals, so Result.RowDuals is nil, and no
//     objective offset, which the engine adds itself.
//   - A solve cannot be interrupted: the context's deadline and
//     Options.TimeLimit become CBC's seconds limit, but cancelling the
//     context does not stop a running solve.
//   - CBC's log goes to the process's standard output, so it is switched off
//     (log level 0) and Options.Log receives only a one-line summary.
package cbc
