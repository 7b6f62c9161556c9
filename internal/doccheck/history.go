package doccheck

import (
	"bufio"
	"bytes"
	"regexp"
	"strings"
)

// historyPattern matches a reference to the project's development history: the word
// session, issue or round followed by a number (with a space, a hyphen, a "#" or nothing
// between them, or "cluster" and a number after "session"), the helper names built from one
// (exact, split, ps, cluster, final followed by a digit) and test names made from one
// (TestIssue and a number). Such a reference means nothing to a reader of the product; the
// history itself lives in git log. "Goal" is not matched: a goal with a number is usually a
// target ("goal 60 s"); a numbered issue's goal is caught by its issue. The cases are in
// TestHistoryPattern.
var historyPattern = regexp.MustCompile(`(?i)\b(session|issue|round)s?[ _#-]{0,2}(cluster)?[0-9]+` +
	`|\b(exact|split|ps|cluster|merged|final|max)[0-9]+\b` +
	`|(?-i:(Session|Issue|Round)[0-9]+)`)

// HistoryAllow is one permitted match of the history check: a tracked file (Path, exact)
// and a substring of the matching line (Text), with the reason it is not history.
type HistoryAllow struct {
	Path   string
	Text   string
	Reason string
}

// HistoryAllowed lists the legitimate matches in this repository. Keep it short: every
// entry needs a reason that a reader accepts (an external project's issue number, a name
// defined by a paper or a benchmark suite).
var HistoryAllowed = []HistoryAllow{
	{Path: "internal/doccheck/history.go", Text: "", Reason: "the check's own pattern and documentation"},
	{Path: "internal/doccheck/history_test.go", Text: "", Reason: "the planted references that the check must find"},
}

// HistoryRef is a line that refers to development history.
type HistoryRef struct {
	Line  int    // 1-based line number
	Match string // the matching text
	Text  string // the whole line, trimmed
}

// History returns the lines of data that refer to development history (historyPattern),
// in order. A file name is checked by passing the name itself as data.
func History(data []byte) []HistoryRef {
	var refs []HistoryRef
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if m := historyPattern.FindString(line); m != "" {
			refs = append(refs, HistoryRef{Line: n, Match: m, Text: strings.TrimSpace(line)})
		}
	}
	return refs
}

// historyAllowed reports whether a reference in file path is on the allow-list.
func historyAllowed(allow []HistoryAllow, path string, ref HistoryRef) bool {
	for _, a := range allow {
		if a.Path == path && strings.Contains(ref.Text, a.Text) {
			return true
		}
	}
	return false
}

// HistoryFile is the finding of CheckHistory for one file: Name is set when the file's
// path itself refers to history, Refs lists the lines of its content that do.
type HistoryFile struct {
	Path string
	Name bool
	Refs []HistoryRef
}

// CheckHistory checks the files named by paths (read with read, which returns the content
// of a path; binary files are skipped by the caller) and returns the findings not on
// allow, in the order of paths.
func CheckHistory(paths []string, read func(path string) ([]byte, error), allow []HistoryAllow) ([]HistoryFile, error) {
	var out []HistoryFile
	for _, p := range paths {
		f := HistoryFile{Path: p, Name: len(History([]byte(p))) > 0}
		data, err := read(p)
		if err != nil {
			return nil, err
		}
		if !bytes.Contains(data, []byte{0}) {
			for _, r := range History(data) {
				if !historyAllowed(allow, p, r) {
					f.Refs = append(f.Refs, r)
				}
			}
		}
		if f.Name || len(f.Refs) > 0 {
			out = append(out, f)
		}
	}
	return out, nil
}
