package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReduceSeparation runs the separation study on the q = 2 instances
// with values ≤ 2 (15 cases, each reduced by both constructions, exact OPT
// by ratsearch in well under a second each): the CSV has one row per case
// and construction, appendix A's no-instances are "violated" and the
// repaired construction's rows all "holds" (reductions.TestRunStudySmall
// has the numbers); --plot writes the SVG; --random is left at its default
// (one value for every q, as in the help file's example); a bad --q is a
// usage error.
func TestReduceSeparation(t *testing.T) {
	dir := t.TempDir()
	csvPath, plot := filepath.Join(dir, "rows.csv"), filepath.Join(dir, "sep")
	code, out, errs := runCLI(t, "reduce", "separation", "--q", "2", "--enum-max", "2", "--exact-limit", "1m",
		"--format", "md", "--csv", csvPath, "--plot", plot)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "| appendix-a | 2 | no | 5 | 5 |") {
		t.Errorf("summary:\n%s", out)
	}
	f, err := os.Open(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 31 {
		t.Fatalf("%d CSV records, want header + 30", len(recs))
	}
	verdicts := map[string]int{}
	for _, r := range recs[1:] {
		verdicts[r[0]+" "+r[6]+" "+r[13]]++
	}
	want := map[string]int{"appendix-a yes holds": 10, "appendix-a no violated": 5, "repaired yes holds": 10, "repaired no holds": 5}
	for k, n := range want {
		if verdicts[k] != n {
			t.Errorf("%s: %d rows, want %d (%v)", k, verdicts[k], n, verdicts)
		}
	}
	if st, err := os.Stat(plot + ".svg"); err != nil || st.Size() == 0 {
		t.Errorf("figure: %v", err)
	}
	if code, _, errs := runCLI(t, "reduce", "separation", "--q", "1"); code == 0 || !strings.Contains(errs, "--q") {
		t.Errorf("--q 1: exit %d, %s", code, errs)
	}
}
