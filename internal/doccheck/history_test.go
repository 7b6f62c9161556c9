package doccheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
)

// planted returns a test text with its "@" markers removed: the references the check must
// find are written "issue@ 12" in this file, so that the file itself cites no history.
func planted(s string) string { return strings.ReplaceAll(s, "@", "") }

// sessionFile is a planted file name that refers to history.
var sessionFile = planted("results/session@8-x.txt")

// TestHistoryPattern: which texts count as development history (each case written by hand:
// the first group are the forms the tree used to carry, the second ordinary prose and names
// that must pass).
func TestHistoryPattern(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{planted("// Issue@ 12: duplicate keys were taken"), true},
		{planted("docs/exact.md, \"Issue@ 13 goal 1, session@ 8\""), true},
		{planted("exact-bench-issue@13:"), true},
		{planted("results/tandem-sim/round@5-split/final.txt"), true},
		{planted("the issue@-12 fix"), true},
		{"a goal of 60 s; goal 0.5 of FIFO", false},
		{planted("Third pass (session@ cluster5)"), true},
		{"B = /tmp/exact6/bench-new", true},
		{"mutation-ps8.txt and split8", true},
		{planted("rounds@ 4 and 5"), true},
		{planted("issue@ #7"), true},
		{"func TestCheckCatchesIssue17(t *testing.T)", true}, // the test name the archtest check once had
		{"round-robin over 8 slots", false},
		{"rounds to the nearest integer", false},
		{"the Taillard suite taillard50 (50 jobs)", false},
		{"a session of the shell; an issue with 3 jobs", false},
		{"exactly 6 jobs; split into 8 parts", false},
		{"k-LPS (k = 100) and PS at load 0.9", false},
		{"func TestTissue3D(t *testing.T)", false},
	} {
		got := len(History([]byte(c.text))) > 0
		if got != c.want {
			t.Errorf("History(%q) found %v, want %v", c.text, got, c.want)
		}
	}
}

// TestCheckHistoryPlanted: the check finds a reference planted in a file's content and in a
// file's name, reports its line, and skips only allow-listed lines and binary files.
// Expected values written by hand from the planted files.
func TestCheckHistoryPlanted(t *testing.T) {
	files := map[string]string{
		"clean.go":      "package x\n\n// Sum adds the sizes.\n",
		"planted.go":    planted("package x\n\n// Regression test of issue@ 12.\nfunc f() {}\n"),
		sessionFile:     "a table\n",
		"allowed.md":    planted("see issue@ 4 of the other project\n"),
		"binary.dat":    planted("\x00issue@ 12\x00"),
		"docs/guide.md": planted("# Guide\n\nround@ 5 of the benchmark\n"),
	}
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	paths := []string{"allowed.md", "binary.dat", "clean.go", "docs/guide.md", "planted.go", sessionFile}
	allow := []HistoryAllow{{Path: "allowed.md", Text: "other project", Reason: "an external project's issue"}}
	got, err := CheckHistory(paths, read, allow)
	if err != nil {
		t.Fatal(err)
	}
	want := []HistoryFile{
		{Path: "docs/guide.md", Refs: []HistoryRef{{Line: 3, Match: planted("round@ 5"), Text: planted("round@ 5 of the benchmark")}}},
		{Path: "planted.go", Refs: []HistoryRef{{Line: 3, Match: planted("issue@ 12"), Text: planted("// Regression test of issue@ 12.")}}},
		{Path: sessionFile, Name: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("CheckHistory:\n got %+v\nwant %+v", got, want)
	}
	// Without the allow-list entry the external reference is reported too.
	got, err = CheckHistory([]string{"allowed.md"}, read, nil)
	if err != nil || len(got) != 1 {
		t.Errorf("CheckHistory without allow-list = %+v, %v; want one finding", got, err)
	}
}

// TestNoDevelopmentHistory: no tracked file (name or content) refers to a numbered session,
// issue or round of the project's development (make lint runs this test). Say what
// the text means instead: the behaviour, the measurement, the topic's section.
func TestNoDevelopmentHistory(t *testing.T) {
	root, err := testenv.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("git"); err != nil {
		testenv.Missing(t, "git", "apt-get install git", err)
	}
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		testenv.Missing(t, "a git work tree", "run from a clone of the repository", err)
	}
	var paths []string
	for _, p := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if _, err := os.Lstat(filepath.Join(root, p)); err == nil { // deleted but not yet staged
			paths = append(paths, p)
		}
	}
	read := func(p string) ([]byte, error) { return os.ReadFile(filepath.Join(root, p)) }
	found, err := CheckHistory(paths, read, HistoryAllowed)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		if f.Name {
			t.Errorf("%s: the file name refers to development history", f.Path)
		}
		for _, r := range f.Refs {
			t.Errorf("%s:%d: %q refers to development history: %s", f.Path, r.Line, r.Match, r.Text)
		}
	}
}
