//go:build !unix

package cliout

// stdoutClosedAtStart is false where the runtime leaves a closed standard
// output closed (its writes fail by themselves).
func stdoutClosedAtStart() bool { return false }
