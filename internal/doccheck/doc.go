// Package doccheck finds the shell commands a Markdown document quotes in inline code spans
// (mrsched commands, make targets, go test -run and go run of a repository package) and
// checks that each one exists: an mrsched command path must be a node of the CLI's help tree
// and every long flag it uses must be one of that command's options; a make target must pass
// make -n; a go test -run pattern must name test functions of the package it names; a go run
// package must be a directory of the repository. It also lists the figure and table
// captions of a paper's text (Captions) and the items an index section has rows for
// (ItemLabels), and checks that quoted results/, docs/ and mk/ paths exist (CheckPaths).
// Together they keep docs/reproduction.md complete and honest about
// the files and commands behind each result; it runs the commands' help and make's dry
// run, never the commands themselves.
package doccheck
