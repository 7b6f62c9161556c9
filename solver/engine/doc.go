// Package engine is the registry of the LP/MIP engines (mip.Engine) built
// into this program: "highs" (HiGHS 1.15 in WebAssembly, pure Go; the
// default) and "cbc" (COIN-OR CBC through cgo, present only when built with
// -tags cbc). Get returns an engine by name, Default the default one and
// Available what is present, with versions and file locations.
package engine
