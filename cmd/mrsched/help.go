package main

// Command descriptions are data: help/<command path>.txt (the path's words
// joined by '-', e.g. help/gen-taillard.txt for 'mrsched gen taillard'),
// embedded in the binary and set on every command of the tree by finish.

import (
	"embed"
	"strings"
)

//go:embed help/*.txt
var helpFiles embed.FS

// helpName is the help file of the command at path ("mrsched gen taillard"
// → "help/gen-taillard.txt").
func helpName(path string) string {
	return "help/" + strings.ReplaceAll(strings.TrimPrefix(path, "mrsched "), " ", "-") + ".txt"
}

// helpText returns the description of the command at path, and false when
// it has no help file (TestHelpFiles fails on such a command).
func helpText(path string) (string, bool) {
	b, err := helpFiles.ReadFile(helpName(path))
	if err != nil {
		return "", false
	}
	return strings.TrimSuffix(string(b), "\n"), true
}
