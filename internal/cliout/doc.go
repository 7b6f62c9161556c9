// Package cliout is the output side of mrsched's commands (urfave/cli/v2):
// flags that name files to read and to write, the check that no output
// file is one of the command's inputs, atomic writes reported as "wrote
// PATH", a command's result rendered in --format to stdout or --out FILE,
// and messages and progress on stderr that --quiet silences. It is generic
// CLI plumbing, kept out of cmd/mrsched so that the command only wires
// flags to library calls.
package cliout
