package doccheck

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
)

// TestCaptions: caption lines of the five papers' styles, and body text that is not a
// caption (expected labels written by hand from the input).
func TestCaptions(t *testing.T) {
	paper := "Figure 1: Overview\nFigure 6(a) shows the CDF.\n**Figure 5: Average\n Fig. 12. Comparison\n" +
		"TABLE II.  CURVE-FITTING\nTABLE I  \nNOTATIONS\nFigure 1. again\nSee Figure 3 for more.\n"
	want := []string{"Fig. 1", "Fig. 5", "Fig. 12", "Table II", "Table I"}
	if got := Captions([]byte(paper)); !reflect.DeepEqual(got, want) {
		t.Errorf("Captions = %q, want %q", got, want)
	}
}

// TestItemLabels: only the first cell counts; ranges and "and" lists expand (by hand).
func TestItemLabels(t *testing.T) {
	sec := "## Paper\n| item | ours |\n|---|---|\n| Fig. 1 (a) and Fig. 2 | see Fig. 7 |\n" +
		"| Figs. 9–11 (diagrams) | — |\n| Table I (notation), Table IV | — |\n"
	var got []string
	for l := range ItemLabels(sec) {
		got = append(got, l)
	}
	sort.Strings(got)
	want := []string{"Fig. 1", "Fig. 10", "Fig. 11", "Fig. 2", "Fig. 9", "Table I", "Table IV"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ItemLabels = %q, want %q", got, want)
	}
}

// TestCheckPaths: a missing file is reported with its line, an existing file and a glob
// that matches are not.
func TestCheckPaths(t *testing.T) {
	root, err := testenv.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	// Line 4: both alternatives of the brace list exist; line 5: only md does (there is no
	// results/hard/adversary.doccheck); line 6 is a placeholder for the reader.
	md := "`docs/reproduction.md` and `results/report/fig9.md`\n`results/hard/theorem1-gap-*.json`\n`results/no-such-file-doccheck.md`\n" +
		"`results/hard/adversary.{md,csv}`\n`results/hard/adversary.{md,doccheck}`\n`docs/<topic>.md`\n"
	errs := CheckPaths(root, []byte(md))
	if len(errs) != 2 || !errors.Is(errs[0], ErrNoFile) || !errors.Is(errs[1], ErrNoFile) {
		t.Fatalf("CheckPaths = %v, want two ErrNoFile", errs)
	}
	if want := "line 3: results/no-such-file-doccheck.md: doccheck: no such file"; errs[0].Error() != want {
		t.Errorf("error %q, want %q", errs[0], want)
	}
	if want := "line 5: results/hard/adversary.doccheck: doccheck: no such file"; errs[1].Error() != want {
		t.Errorf("error %q, want %q", errs[1], want)
	}
}

// papers maps each paper of ../shared/papers to the heading of its section in the index.
var papers = map[string]string{
	"lin-overlapping-tandem-queue.txt":   "Lin,",
	"wolf-circumflex-shared-scans.txt":   "Wolf",
	"yao-lsps-heterogeneous-users.txt":   "Yao,",
	"farhat-straggling-mappers.txt":      "Farhat",
	"li-hpfsp-protective-scheduling.txt": "Li,",
}

// TestReproductionCoversPapers: every figure and table caption of each paper has a row in
// its paper's section of docs/reproduction.md, and every results/docs/mk path the index
// quotes exists.
func TestReproductionCoversPapers(t *testing.T) {
	root, err := testenv.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(root, "docs", "reproduction.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range CheckPaths(root, md) {
		t.Error(err)
	}
	data, err := testenv.DataDir()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(filepath.Dir(data), "papers")
	for file, heading := range papers {
		text, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			testenv.MissingCase(t, "paper "+file, testenv.DataInstall, err)
			continue
		}
		sec, ok := Section(md, heading)
		if !ok {
			t.Errorf("docs/reproduction.md has no section \"## %s…\" for %s", heading, file)
			continue
		}
		caps := Captions(text)
		if len(caps) == 0 {
			t.Errorf("%s: no captions found (the caption pattern broke)", file)
		}
		items := ItemLabels(sec)
		for _, c := range caps {
			if !items[c] {
				t.Errorf("%s: %s has no row in section %q of docs/reproduction.md", file, c, heading)
			}
		}
	}
}
