package report

import (
	"fmt"
	"strings"
)

// ExpandHelp replaces the placeholders of a command's help text by the
// lists this package keeps, so that the help never goes stale:
// {{generators}} by GenHelp, {{methods}} by every method (Names) with its
// Help, one a line.
func ExpandHelp(text string) string {
	if !strings.Contains(text, "{{") {
		return text
	}
	var methods strings.Builder
	for _, n := range Names() {
		fmt.Fprintf(&methods, "   %-18s %s\n", n, Help(n))
	}
	return strings.NewReplacer(
		"{{generators}}", "   "+strings.ReplaceAll(GenHelp, "\n", "\n   "),
		"{{methods}}", methods.String(),
	).Replace(text)
}
