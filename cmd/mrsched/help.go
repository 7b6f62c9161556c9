package main

// Command descriptions are data: help/<command path>.txt (the path's words
// joined by '-', e.g. help/gen-taillard.txt for 'mrsched gen taillard'),
// embedded in the binary and set on every command of the tree by
// clitree.Finish. Lists the library keeps are placeholders (see expand).

import (
	"embed"
	"fmt"
	"strings"

	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/report"
)

//go:embed help/*.txt
var helpFiles embed.FS

// helpName is the help file of the command at path; helpText its
// description, false when it has none (TestHelpFiles fails on such a
// command).
var helpName, helpText = clitree.HelpName, clitree.HelpFiles(helpFiles, expand)

// expand replaces the placeholders of a help file by the lists the library
// keeps (so that the help never goes stale): {{generators}} by report's
// generator specs, {{methods}} by report's methods, one a line.
func expand(text string) string {
	if !strings.Contains(text, "{{") {
		return text
	}
	var methods strings.Builder
	for _, n := range report.Names() {
		fmt.Fprintf(&methods, "   %-18s %s\n", n, report.Help(n))
	}
	return strings.NewReplacer(
		"{{generators}}", "   "+strings.ReplaceAll(report.GenHelp, "\n", "\n   "),
		"{{methods}}", methods.String(),
	).Replace(text)
}
