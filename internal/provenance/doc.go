// Package provenance records where a result comes from: the tool's version
// and the VCS revision it was built from (runtime/debug.ReadBuildInfo, and
// the version `make build` stamps with -ldflags -X), the Go version, the
// command line, the seed and time limit of the run, the LP/MIP engines it
// used with their versions, and when it started. A Record is written as the
// `provenance` object of every JSON output (Insert), as the closing block
// of a Markdown report (Markdown) and as the metadata of an SVG figure
// (SVGMetadata), so that a number in a paper or a ticket can be traced back
// to the build and the command that produced it.
//
// The record is the one part of an output that describes the run rather
// than the result: the start time changes from run to run. Setting
// SOURCE_DATE_EPOCH (seconds since 1970, the reproducible-builds
// convention) fixes it, so that the same build, command line, input and
// seed give byte-identical output (StartTime).
package provenance
