package doccheck

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// ErrNoFile is wrapped by CheckPaths for a quoted repository path that matches no file.
var ErrNoFile = errors.New("doccheck: no such file")

// caption matches a figure or table caption line of a paper's extracted text: "Figure 7:",
// "Fig. 2.", "**Figure 5:", "TABLE II." or "TABLE II" alone on its line (Yao et al. put the
// title on the next line). Body text ("Figure 6(a) shows …") does not match.
var caption = regexp.MustCompile(`(?m)^\s*\**(Figure|Fig\.|TABLE)\s+([0-9]+|[IVX]+)(?:[.:]|\s*$)`)

// Captions returns the labels ("Fig. 7", "Table II") of the figure and table captions of a
// paper's text, each once, in order of first appearance.
func Captions(paper []byte) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range caption.FindAllStringSubmatch(string(paper), -1) {
		l := "Fig. " + m[2]
		if m[1] == "TABLE" {
			l = "Table " + m[2]
		}
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

// Section returns the level-2 section of md whose heading starts with "## "+prefix, up to
// the next level-2 heading, and whether there is one.
func Section(md []byte, prefix string) (string, bool) {
	lines := strings.Split(string(md), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "## "+prefix) {
			continue
		}
		end := len(lines)
		for j := i + 1; j < len(lines); j++ {
			if strings.HasPrefix(lines[j], "## ") {
				end = j
				break
			}
		}
		return strings.Join(lines[i:end], "\n"), true
	}
	return "", false
}

var (
	figRef   = regexp.MustCompile(`Figs?\.\s*([0-9]+)(?:\s*[–-]\s*([0-9]+))?`)
	tableRef = regexp.MustCompile(`Tables?\s+([IVX]+|[0-9]+)`)
)

// ItemLabels returns the figure and table labels named in the first cell of each table row
// of text (the index's "item" column): "Fig. 1 (…) and Fig. 2" names both, "Figs. 9–11"
// names 9, 10 and 11.
func ItemLabels(text string) map[string]bool {
	out := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		cells := strings.Split(l, "|")
		if !strings.HasPrefix(l, "|") || len(cells) < 3 || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") {
			continue
		}
		item := cells[1]
		for _, m := range figRef.FindAllStringSubmatch(item, -1) {
			lo, _ := strconv.Atoi(m[1])
			hi := lo
			if m[2] != "" {
				hi, _ = strconv.Atoi(m[2])
			}
			for n := lo; n <= hi; n++ {
				out[fmt.Sprintf("Fig. %d", n)] = true
			}
		}
		for _, m := range tableRef.FindAllStringSubmatch(item, -1) {
			out["Table "+m[1]] = true
		}
	}
	return out
}

var pathSpan = regexp.MustCompile("`((?:results|docs|mk)/[^`\\s]+)`")

// CheckPaths returns an error for every inline code span of md that names a path under
// results/, docs/ or mk/ matching no file below root. Glob patterns and brace lists
// ({md,csv}: every alternative must match) are allowed; a path with a <placeholder> is a
// pattern for the reader and is not checked.
func CheckPaths(root string, md []byte) []error {
	var errs []error
	for i, line := range strings.Split(string(md), "\n") {
		for _, m := range pathSpan.FindAllStringSubmatch(line, -1) {
			if strings.ContainsAny(m[1], "<>") {
				continue
			}
			for _, p := range braces(m[1]) {
				if hits, err := filepath.Glob(filepath.Join(root, p)); err != nil || len(hits) == 0 {
					errs = append(errs, fmt.Errorf("line %d: %s: %w", i+1, p, ErrNoFile))
				}
			}
		}
	}
	return errs
}

// braces expands the first {a,b,…} list of p, recursively.
func braces(p string) []string {
	i := strings.Index(p, "{")
	j := strings.Index(p, "}")
	if i < 0 || j < i {
		return []string{p}
	}
	var out []string
	for _, alt := range strings.Split(p[i+1:j], ",") {
		out = append(out, braces(p[:i]+alt+p[j+1:])...)
	}
	return out
}
