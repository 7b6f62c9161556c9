package doccheck

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Sentinel errors of the figure and line checks.
var (
	ErrFigureMismatch = errors.New("doccheck: one figure quoted with two values")
	ErrFigureSyntax   = errors.New("doccheck: figure label without its closing mark")
	ErrLongLine       = errors.New("doccheck: line too long")
)

// A labelled figure is written <!--fig:LABEL-->VALUE<!--/fig--> in Markdown: the marks are
// invisible when the page is rendered, and the same LABEL in two documents (the README and
// a guide, a guide and BENCHMARKS.md) must carry the same VALUE.
var (
	figMark  = regexp.MustCompile(`<!--fig:([a-z0-9][a-z0-9._-]*)-->(.*?)<!--/fig-->`)
	figOpen  = regexp.MustCompile(`<!--fig:`)
	figSpace = regexp.MustCompile(`\s+`)
)

// Figure is one labelled figure of a document.
type Figure struct {
	Doc   string // the document's path
	Line  int    // 1-based line
	Label string
	Value string // the text between the marks, spaces collapsed
}

// Figures returns the labelled figures of md (named doc in the results), in order, and an
// error wrapping ErrFigureSyntax for every opening mark that has no closing mark on its line.
func Figures(doc string, md []byte) ([]Figure, []error) {
	var figs []Figure
	var errs []error
	for i, line := range strings.Split(string(md), "\n") {
		ms := figMark.FindAllStringSubmatch(line, -1)
		for _, m := range ms {
			v := strings.TrimSpace(figSpace.ReplaceAllString(m[2], " "))
			figs = append(figs, Figure{Doc: doc, Line: i + 1, Label: m[1], Value: v})
		}
		if n := len(figOpen.FindAllStringIndex(line, -1)); n != len(ms) {
			errs = append(errs, fmt.Errorf("%s:%d: %w", doc, i+1, ErrFigureSyntax))
		}
	}
	return figs, errs
}

// CheckFigures returns an error wrapping ErrFigureMismatch for every label quoted with more
// than one value across figs, naming each place and value; labels in sorted order.
func CheckFigures(figs []Figure) []error {
	byLabel := map[string][]Figure{}
	for _, f := range figs {
		byLabel[f.Label] = append(byLabel[f.Label], f)
	}
	labels := make([]string, 0, len(byLabel))
	for l := range byLabel {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	var errs []error
	for _, l := range labels {
		fs := byLabel[l]
		differ := false
		for _, f := range fs[1:] {
			differ = differ || f.Value != fs[0].Value
		}
		if !differ {
			continue
		}
		places := make([]string, len(fs))
		for i, f := range fs {
			places[i] = fmt.Sprintf("%s:%d %q", f.Doc, f.Line, f.Value)
		}
		errs = append(errs, fmt.Errorf("%w: %s: %s", ErrFigureMismatch, l, strings.Join(places, ", ")))
	}
	return errs
}

// CheckLineLength returns an error wrapping ErrLongLine for every line of text longer than
// max characters (runes, not bytes), naming doc and the line.
func CheckLineLength(doc string, text []byte, max int) []error {
	var errs []error
	for i, line := range strings.Split(string(text), "\n") {
		if n := len([]rune(line)); n > max {
			errs = append(errs, fmt.Errorf("%s:%d: %w: %d characters (at most %d)", doc, i+1, ErrLongLine, n, max))
		}
	}
	return errs
}
