package doccheck

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
)

// userDocs returns the repository's Markdown documents a user reads: README.md,
// BENCHMARKS.md, DEVELOPING.md and every docs/ file, sorted.
func userDocs(t *testing.T, root string) []string {
	t.Helper()
	docs := []string{"BENCHMARKS.md", "DEVELOPING.md", "README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, _ := filepath.Rel(root, p)
			docs = append(docs, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(docs)
	return docs
}

// TestDocsClaims: every command, make target, repository path and labelled figure a user
// document quotes is current: the mrsched command and its flags exist in the CLI's help
// tree, the make target passes make -n, the go test pattern names tests, the path matches a
// file, and a label quoted in two places has one value.
func TestDocsClaims(t *testing.T) {
	k := newChecker(t)
	var figs []Figure
	for _, doc := range userDocs(t, k.Root) {
		md, err := os.ReadFile(filepath.Join(k.Root, doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range Extract(md) {
			if err := k.Check(c); err != nil {
				t.Errorf("%s: %v", doc, err)
			}
		}
		// Paths are relative to the repository root in code spans of every document.
		for _, err := range CheckPaths(k.Root, md) {
			t.Errorf("%s: %v", doc, err)
		}
		f, errs := Figures(doc, md)
		for _, err := range errs {
			t.Error(err)
		}
		figs = append(figs, f...)
	}
	for _, err := range CheckFigures(figs) {
		t.Error(err)
	}
}

// TestDocsPlantedStaleClaims: a document with a command that no longer exists, a make
// target that no longer exists and a figure quoted with two values fails each check, and
// its corrected form passes (the planted claims are written by hand to be stale).
func TestDocsPlantedStaleClaims(t *testing.T) {
	k := newChecker(t)
	stale := "Run `mrsched study nosuchstudy-doccheck --reps 2` or `make nosuchtarget-doccheck`.\n" +
		"```sh\nbin/mrsched gen lognormal --n 5 --nosuchflag 3 --out b.json   # stale flag\n```\n"
	want := []error{ErrUnknownCommand, ErrNoTarget, ErrUnknownFlag}
	cmds := Extract([]byte(stale))
	if len(cmds) != len(want) {
		t.Fatalf("extracted %d commands from the planted document, want %d: %+v", len(cmds), len(want), cmds)
	}
	for i, c := range cmds {
		if err := k.Check(c); !errors.Is(err, want[i]) {
			t.Errorf("%s: got %v, want %v", c.Text, err, want[i])
		}
	}
	if err := k.Check(Command{Kind: Mrsched, Args: []string{"nosuchcommand-doccheck"}, Text: "mrsched nosuchcommand-doccheck"}); !errors.Is(err, ErrUnknownCommand) {
		t.Errorf("unknown command: got %v, want %v", err, ErrUnknownCommand)
	}
	fresh := "Run `mrsched study fig9 --reps 2` or `make help`.\n" +
		"```sh\nbin/mrsched gen lognormal --n 5 --batch --out b.json && bin/mrsched compare --instance b.json\n```\n"
	cmds = Extract([]byte(fresh))
	if len(cmds) != 4 {
		t.Fatalf("extracted %d commands from the corrected document, want 4: %+v", len(cmds), cmds)
	}
	for _, c := range cmds {
		if err := k.Check(c); err != nil {
			t.Errorf("%s: %v", c.Text, err)
		}
	}
}

// TestFigures: labelled figures are read with their line and value; the same label with
// two values in two documents is reported once, naming both places; an unclosed mark is a
// syntax error (expected values written by hand from the inputs).
func TestFigures(t *testing.T) {
	readme := "Proves the batch in <!--fig:nightly-proof-->0.3  s<!--/fig--> and\n" +
		"| 100 | <!--fig:gap-100-->0.72 %<!--/fig--> |\n"
	guide := "| 100 | <!--fig:gap-100-->0.71 %<!--/fig--> |\n\nin <!--fig:nightly-proof-->0.3 s<!--/fig-->\n" +
		"broken <!--fig:open-->1 s\n"
	f1, errs := Figures("README.md", []byte(readme))
	if len(errs) != 0 {
		t.Fatalf("README: %v", errs)
	}
	want := []Figure{
		{Doc: "README.md", Line: 1, Label: "nightly-proof", Value: "0.3 s"},
		{Doc: "README.md", Line: 2, Label: "gap-100", Value: "0.72 %"},
	}
	if !reflect.DeepEqual(f1, want) {
		t.Errorf("Figures:\n got %+v\nwant %+v", f1, want)
	}
	f2, errs := Figures("docs/planner.md", []byte(guide))
	if len(errs) != 1 || !errors.Is(errs[0], ErrFigureSyntax) || !strings.Contains(errs[0].Error(), "docs/planner.md:4") {
		t.Errorf("unclosed mark: got %v, want one %v on line 4", errs, ErrFigureSyntax)
	}
	errs = CheckFigures(append(f1, f2...))
	if len(errs) != 1 || !errors.Is(errs[0], ErrFigureMismatch) {
		t.Fatalf("CheckFigures: got %v, want one %v", errs, ErrFigureMismatch)
	}
	const msg = `doccheck: one figure quoted with two values: gap-100: README.md:2 "0.72 %", docs/planner.md:1 "0.71 %"`
	if errs[0].Error() != msg {
		t.Errorf("CheckFigures message:\n got %s\nwant %s", errs[0], msg)
	}
	if errs := CheckFigures(f1); len(errs) != 0 {
		t.Errorf("CheckFigures of consistent figures: %v", errs)
	}
}

// TestDevelopingLineLength: DEVELOPING.md is one page of lines of at most 100 characters;
// CheckLineLength counts characters, not bytes (the planted lines are built to the limit).
func TestDevelopingLineLength(t *testing.T) {
	ok := strings.Repeat("é", 100) + "\n"
	long := ok + strings.Repeat("x", 101) + "\n"
	if errs := CheckLineLength("ok.md", []byte(ok), 100); len(errs) != 0 {
		t.Errorf("100 two-byte characters: %v", errs)
	}
	if errs := CheckLineLength("long.md", []byte(long), 100); len(errs) != 1 || !errors.Is(errs[0], ErrLongLine) ||
		!strings.HasPrefix(errs[0].Error(), "long.md:2:") {
		t.Errorf("a 101-character line 2: got %v", errs)
	}
	k := newChecker(t)
	dev, err := os.ReadFile(filepath.Join(k.Root, "DEVELOPING.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range CheckLineLength("DEVELOPING.md", dev, 100) {
		t.Error(err)
	}
	// One page: a printed page holds about 100 lines of this width.
	if n := strings.Count(string(dev), "\n"); n > 100 {
		t.Errorf("DEVELOPING.md has %d lines, want at most 100 (one page)", n)
	}
}

// TestMakeHelp: make help lists the targets a person uses, one line each (at most 40
// lines of at most 100 characters), and every target it names exists (make -n).
func TestMakeHelp(t *testing.T) {
	k := newChecker(t)
	cmd := exec.Command("make", "--no-print-directory", "help")
	cmd.Dir = k.Root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("make help: %v", err)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) < 10 || len(lines) > 40 {
		t.Errorf("make help prints %d lines, want 10 to 40", len(lines))
	}
	for _, err := range CheckLineLength("make help", out, 100) {
		t.Error(err)
	}
	seen := map[string]bool{}
	for _, l := range lines {
		if l == "" || !strings.HasPrefix(l, "  ") {
			continue // a heading
		}
		target := strings.Fields(l)[0]
		if err := k.Check(Command{Kind: Make, Args: []string{target}, Text: "make " + target}); err != nil {
			t.Errorf("make help names %q: %v", target, err)
		}
		seen[target] = true
	}
	for _, t0 := range []string{"setup", "run", "test", "lint", "bench"} {
		if !seen[t0] {
			t.Errorf("make help does not list %q", t0)
		}
	}
}

// citedDoc matches a guide named in any tracked file (a code comment, a help text, a make
// target): docs/<name>.md or docs/appendix/<name>.md.
var citedDoc = regexp.MustCompile(`docs/[A-Za-z0-9_/-]+\.md`)

// TestCitedDocsExist: every docs/….md path that a tracked file names exists, so a guide that
// is renamed or removed takes its citations along (planted: a removed guide is reported).
func TestCitedDocsExist(t *testing.T) {
	root, err := testenv.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	exists := func(p string) bool { _, err := os.Stat(filepath.Join(root, p)); return err == nil }
	if got := citedDoc.FindAllString("see docs/no-such-guide-doccheck.md and docs/cli.md", -1); len(got) != 2 || exists(got[0]) || !exists(got[1]) {
		t.Fatalf("planted citations: found %q; want the missing guide first, then docs/cli.md", got)
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
	for _, p := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if strings.HasPrefix(p, "results/") || strings.HasPrefix(p, "internal/doccheck/") && strings.HasSuffix(p, "_test.go") {
			continue // generated tables quote the paths of their time; the check's tests plant some
		}
		data, err := os.ReadFile(filepath.Join(root, p))
		if err != nil || bytes.IndexByte(data, 0) >= 0 {
			continue // deleted but not yet staged, or binary
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, d := range citedDoc.FindAllString(line, -1) {
				if !exists(d) {
					t.Errorf("%s:%d: cites %s, which does not exist", p, i+1, d)
				}
			}
		}
	}
}
