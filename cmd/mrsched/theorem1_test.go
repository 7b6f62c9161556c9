package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/provenance"
)

// TestReduceSeparation runs the separation study on the q = 2 instances
// with values ≤ 2 (15 cases, each reduced by both constructions, exact OPT
// by ratsearch within a budget of 100000 nodes, a fraction of a second
// each): the CSV has one row per case and construction, appendix A's
// no-instances are "violated" and the repaired construction's rows all
// "holds" (reductions.TestRunStudySmall has the numbers); two shards
// merged print the bytes of the unsharded run and write the figure;
// --random is left at its default (one value for every q, as in the help
// file's example); a bad --q is a usage error.
func TestReduceSeparation(t *testing.T) {
	dir := t.TempDir()
	args := []string{"reduce", "separation", "--q", "2", "--enum-max", "2", "--exact-nodes", "100000", "--quiet"}
	code, whole, errs := runCLI(t, append(args, "--format", "md")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(whole, "| appendix-a | 2 | no | 5 | 5 |") {
		t.Errorf("summary:\n%s", whole)
	}
	var shards []string
	for _, s := range []string{"1/2", "2/2"} {
		p := filepath.Join(dir, "s"+s[:1]+".jsonl")
		if code, _, errs := runCLI(t, append(args, "--shard", s, "--cells", p)...); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", s, code, errs)
		}
		shards = append(shards, p)
	}
	code, merged, errs := runCLI(t, append([]string{"merge", "--quiet", "--format", "md", "--figures", dir}, shards...)...)
	// The provenance block records each run's own command line.
	if code != 0 || string(provenance.Strip([]byte(merged))) != string(provenance.Strip([]byte(whole))) {
		t.Errorf("merge: exit %d (%s); output equals the unsharded run: %v", code, errs, merged == whole)
	}
	if st, err := os.Stat(filepath.Join(dir, "separation.svg")); err != nil || st.Size() == 0 {
		t.Errorf("figure: %v", err)
	}
	csvPath := filepath.Join(dir, "rows.csv")
	if code, _, errs := runCLI(t, append([]string{"merge", "--quiet", "--format", "csv", "--out", csvPath}, shards...)...); code != 0 {
		t.Fatalf("merge csv: exit %d: %s", code, errs)
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
		verdicts[r[0]+" "+r[6]+" "+r[13]+" "+r[17]]++
	}
	want := map[string]int{"appendix-a yes holds optimal": 10, "appendix-a no violated optimal": 5, "repaired yes holds optimal": 10, "repaired no holds optimal": 5}
	for k, n := range want {
		if verdicts[k] != n {
			t.Errorf("%s: %d rows, want %d (%v)", k, verdicts[k], n, verdicts)
		}
	}
	if code, _, errs := runCLI(t, "reduce", "separation", "--q", "1"); code == 0 || !strings.Contains(errs, "--q") {
		t.Errorf("--q 1: exit %d, %s", code, errs)
	}
}
