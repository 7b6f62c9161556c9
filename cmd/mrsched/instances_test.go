package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
)

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"mrsched"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestGenDeterministic(t *testing.T) {
	_, a, _ := runCLI(t, "gen", "lognormal", "--n", "30", "--load", "0.9", "--seed", "5")
	_, b, _ := runCLI(t, "gen", "lognormal", "--n", "30", "--load", "0.9", "--seed", "5")
	_, c, _ := runCLI(t, "gen", "lognormal", "--n", "30", "--load", "0.9", "--seed", "6")
	if a != b || a == c || !strings.Contains(a, `"kind": "tandem"`) {
		t.Fatalf("same seed must give identical output, another seed another one")
	}
}

func TestCheckBadInputs(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ name, body, want string }{
		{"neg.json", `{"kind":"tandem","jobs":[{"id":"a","map":-1,"shuffle":1}]}`, "jobs[0].map"},
		{"bad.csv", "id,map,shuffle\na,1,2\nb,x,1\n", "bad.csv:3: field map"},
		{"empty.csv", "", "missing header"},
	}
	for _, c := range cases {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errs := runCLI(t, "check", "--instance", p)
		if code != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want 1 and %q", c.name, code, errs, c.want)
		}
	}
	if code, _, errs := runCLI(t, "check", "--instance", filepath.Join(dir, "missing.json")); code != 1 || !strings.Contains(errs, "no such file") {
		t.Errorf("missing file: exit %d %q", code, errs)
	}
}

func TestImportSWIM(t *testing.T) {
	path := testenv.RequireData(t, "swim", "FB-2009_samples_24_times_1hr_0_first50jobs.tsv")
	code, out, errs := runCLI(t, "import", "swim", "--normalize", "--format", "csv", path)
	if code != 0 || !strings.HasPrefix(out, "# kind: tandem") {
		t.Fatalf("exit %d: %s %s", code, errs, out)
	}
	// Flags after the file are read as flags too (they were refused): the
	// same bytes as with the flags first.
	code2, out2, errs := runCLI(t, "import", "swim", path, "--normalize", "--format", "csv")
	if code2 != 0 || out2 != out {
		t.Fatalf("flags after the file: exit %d %q, output differs: %v", code2, errs, out2 != out)
	}
	if code, _, errs := runCLI(t, "import", "swim", path, path); code != 1 || !strings.Contains(errs, "want one TRACE.tsv argument, got 2") {
		t.Fatalf("two files: exit %d %q", code, errs)
	}
}
