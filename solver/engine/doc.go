// Package engine is the registry of the LP/MIP engines (mip.Engine) built
// into this program: "highs" (HiGHS 1.15 in WebAssembly, pure Go; the
// default) and "cbc" (COIN-OR CBC through cgo, present only when built with
// -tags cbc). Get returns an engine by name, Lazy one that is loaded only
// at its first use (so that commands that need no LP pay no start-up),
// Default the default one and Available what is present, with versions and
// file locations; SolveFile reads (after mip.CheckText) and solves a model
// file, CommandContext gives a command's deadline (mip.Deadline).
package engine
