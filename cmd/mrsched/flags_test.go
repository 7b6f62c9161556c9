package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/internal/testenv"
)

// batch2 is a valid two-job batch; zeroShuffle has a job without shuffle
// work, whose α = max(x/y, y/x) is +∞ (Lin et al. §4).
const (
	batch2      = `{"kind":"tandem","map_capacity":1,"shuffle_capacity":1,"jobs":[{"id":"a","release":0,"map":2,"shuffle":1},{"id":"b","release":0,"map":1,"shuffle":3}]}`
	zeroShuffle = `{"kind":"tandem","map_capacity":1,"shuffle_capacity":1,"jobs":[{"id":"J1","release":0,"map":1,"shuffle":0},{"id":"J2","release":0,"map":1,"shuffle":2}]}`
)

// Bad input (docs/cli.md, "Bad input"): every number flag of these commands has one validation, run
// before any file is read (the instance path does not exist), whose error
// names the flag and what it allows. Before, 'solve -m klps -k 0' and
// '-k -3' exited 0, and 'study fig7 --loads -1' complained about the trace.
func TestFlagValidation(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.json")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"solve", "-i", missing, "-m", "klps", "-k", "0"}, "--k: want an integer ≥ 1, got 0"},
		{[]string{"solve", "-i", missing, "-m", "klps", "-k", "-3"}, "--k: want an integer ≥ 1, got -3"},
		{[]string{"simulate", "-i", missing, "--k", "0"}, "--k: want an integer ≥ 1"},
		{[]string{"compare", "--example", "--k", "-1"}, "--k: want an integer ≥ 1"},
		{[]string{"simulate", "-i", missing, "--speed", "0"}, "--speed: want a positive finite number, got 0"},
		{[]string{"simulate", "-i", missing, "--speed", "NaN"}, "--speed: want a positive finite number"},
		{[]string{"compare", "--example", "--speed", "-2"}, "--speed: want a positive finite number"},
		{[]string{"gen", "lognormal", "--n", "0"}, "--n: want a value in [1, 2000000], got 0"},
		{[]string{"gen", "lognormal", "--load", "-0.5"}, "--load: want a positive finite number"},
		{[]string{"gen", "lognormal", "--load", "+Inf"}, "--load: want a positive finite number"},
		{[]string{"gen", "lognormal", "--map-sd", "-1"}, "--map-sd: want a finite number ≥ 0"},
		{[]string{"gen", "lognormal", "--format", "md"}, "--format: want one of json, csv"},
		{[]string{"gen", "lognormal", "--seed", "-1"}, "seed"},
		{[]string{"import", "swim", "--load", "-1", missing}, "--load: want a finite number ≥ 0"},
		{[]string{"import", "swim", "--max-jobs", "-1", missing}, "--max-jobs: want an integer ≥ 0"},
		{[]string{"import", "taillard", "--index", "0", missing}, "--index: want an integer ≥ 1"},
		{[]string{"gen", "taillard", "--jobs", "0"}, "--jobs: want a value in [1, 100000]"},
		{[]string{"gen", "taillard", "--seeds20x5", "11"}, "--seeds20x5: want a value in [1, 10], got 11"},
		{[]string{"solve", "-i", missing, "--time-limit", "-1s"}, "--time-limit: want a duration ≥ 0"},
		{[]string{"mip", "solve", "--time-limit", "-5s", missing}, "--time-limit: want a duration ≥ 0"},
		{[]string{"mip", "solve", "--gap", "-0.1", missing}, "--gap: want a value in [0, 1]"},
		{[]string{"check", "-i", missing, "--format", "xml"}, "--format: want one of table, md, csv, json"},
		{[]string{"report", "-i", missing, "--workers", "0"}, "--workers: want an integer ≥ 1, got 0"},
		{[]string{"report", "-i", missing, "--shard", "3/2"}, "--shard"},
		{[]string{"report", "-i", missing, "--time-limit", "-1m"}, "--time-limit: want a duration ≥ 0"},
		{[]string{"study", "fig9", "--reps", "0"}, "--reps: want an integer ≥ 1, got 0"},
		{[]string{"study", "fig9", "--jobs", "-5"}, "--jobs: want an integer ≥ 1"},
		{[]string{"study", "fig9", "--loads", "0.5,1.5"}, "--loads: want a number in (0, 1), got 1.5"},
		{[]string{"study", "fig7", "--trace", missing, "--loads", "-1"}, "--loads: want a number in (0, 1), got -1"},
		{[]string{"study", "fig7", "--trace", missing, "--max-jobs", "-2"}, "--max-jobs: want an integer ≥ 0"},
		{[]string{"study", "tightness", "--alphas", "1"}, "--alphas: want a finite number > 1, got 1"},
		{[]string{"study", "tightness", "--ns", "0..3"}, "--ns: want an integer ≥ 1, got 0"},
		{[]string{"study", "tightness", "--ns", "8..4"}, `--ns: "8..4": want N, LO..HI`},
		{[]string{"study", "tightness", "--exact-max-n", "-1"}, "--exact-max-n: want an integer ≥ 0"},
		{[]string{"study", "nightly", "-i", missing, "--time-limit", "-1s"}, "--time-limit: want a duration ≥ 0"},
		{[]string{"study", "nightly", "-i", missing, "--methods", "fifo,nosuch"}, "--methods: "},
		{[]string{"report", "-i", missing, "--methods", "nosuch"}, "--methods: "},
		{[]string{"solve", "-i", missing, "--engine", "gurobi"}, "--engine: want one of"},
		{[]string{"bound", "-i", missing, "--engine", "gurobi"}, "--engine: want one of"},
		{[]string{"gen", "taillard", "--seed", "0"}, "--seed: want a value in [1, 2147483646], got 0"},
		// WorstExactConfig.Validate's rule (α > 1), checked at parse time under the flag's name
		{[]string{"worst-exact", "--alpha-max", "1"}, "--alpha-max: want a finite number > 1, got 1"},
		// adversary.YaoConfig.Sweep's ErrConfig, named as the flag (as 'adversary' does)
		{[]string{"adversary-yao", "--policy", "fifo,zzz"}, `--policy: fluid: invalid policy: unknown policy "zzz"`},
		{[]string{"adversary-yao", "--policy", ","}, "--policy: empty list"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(t, c.args...)
		if code != 1 || !strings.Contains(errs, c.want) || strings.Contains(errs, "missing.json") {
			t.Errorf("%v: exit %d, stderr %q, stdout %d bytes; want exit 1 and …%s… before the file is read", c.args, code, errs, len(out), c.want)
		}
	}
}

// A usage error prints one line and a pointer to --help, never
// the whole help (before, 'solve' without arguments dumped it on stdout).
func TestUsageErrorIsOneLine(t *testing.T) {
	for _, args := range [][]string{
		{"solve"},
		{"validate", "--instance", "x.json"},
		{"solve", "--bogus"},
		{"gen", "lognormal", "--n", "many"},
	} {
		code, out, errs := runCmd(t, args...)
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "--help") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1, no stdout, one line pointing to --help", args, code, out, errs)
		}
	}
	_, _, errs := runCmd(t, "solve")
	if want := "mrsched: solve: flag --instance is required (see 'mrsched solve --help')\n"; errs != want {
		t.Errorf("solve: stderr %q, want %q", errs, want)
	}
}

// 'bound --format json' used to exit 1 (json: unsupported value: +Inf)
// on every instance with a zero-map or zero-shuffle job. α is +∞ there
// (max over jobs of max(x/y, y/x), Theorem 3), written "+Inf" as in CSV.
func TestBoundJSONInfinity(t *testing.T) {
	path := testenv.WriteFile(t, t.TempDir(), "zero.json", zeroShuffle)
	code, out, errs := runCmd(t, "bound", "--instance", path, "--no-lp", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc struct{ Rows []map[string]any } // a list of rows is written as {"rows": …, "provenance": …}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Rows) == 0 {
		t.Fatalf("not JSON rows: %v\n%s", err, out)
	}
	rows := doc.Rows
	if rows[0]["name"] != "alpha" || rows[0]["value"] != "+Inf" {
		t.Errorf("alpha row %v, want value \"+Inf\"", rows[0])
	}
	code, out, _ = runCmd(t, "bound", "--instance", path, "--no-lp", "--format", "csv")
	if code != 0 || !strings.Contains(out, "alpha,+Inf,") {
		t.Errorf("CSV: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "bound", "--instance", path, "--no-lp")
	if code != 0 || !strings.Contains(out, "alpha  ") || !strings.Contains(out, " inf ") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
}

// 'simulate -i same.json --schedule same.json' used to replace silently
// its input. Every output file of a command is refused when it is one of
// the command's inputs, under any spelling; the input is unchanged.
func TestOutputNeverOverwritesInput(t *testing.T) {
	dir := t.TempDir()
	in := testenv.WriteFile(t, dir, "same.json", batch2)
	other := filepath.Join(dir, ".", "sub", "..", "same.json")
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	for _, args := range [][]string{
		{"simulate", "-i", in, "--schedule", in},
		{"simulate", "-i", in, "--schedule", other},
		{"simulate", "-i", in, "--out", in},
		{"solve", "-i", in, "-m", "maxsrpt", "--schedule", in, "--quiet"},
		{"check", "-i", in, "--out", other},
		{"bound", "-i", in, "--no-lp", "--out", in},
		{"export", "-i", in, "--lp", "--out", in},
		{"report", "-i", in, "--methods", "maxsrpt", "--cells", in, "--quiet"},
		{"report", "-i", in, "--methods", "maxsrpt", "--out", other, "--quiet"},
	} {
		code, _, errs := runCmd(t, args...)
		if code != 1 || !strings.Contains(errs, "input file") {
			t.Errorf("%v: exit %d, stderr %q; want a refusal", args, code, errs)
		}
		if b, _ := os.ReadFile(in); string(b) != batch2 {
			t.Fatalf("%v replaced its input:\n%s", args, b)
		}
	}
}

// --out used to replace a symlink by a regular file. The link stays and
// its target gets the output; an existing regular file is replaced (the
// documented convention, said in --help).
func TestOutputThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	in := testenv.WriteFile(t, dir, "in.json", batch2)
	target := testenv.WriteFile(t, dir, "target.txt", "old")
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(target, link); err != nil {
		testenv.Missing(t, "symbolic links", "run the tests on a filesystem with symbolic links", err)
	}
	if code, _, errs := runCmd(t, "check", "-i", in, "--format", "csv", "--out", link, "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("%s is no longer a symlink (%v)", link, err)
	}
	if b, _ := os.ReadFile(target); !strings.HasPrefix(string(b), "field,value\njobs,2\n") {
		t.Errorf("target holds %q", b)
	}
	_, out, _ := runCmd(t, "check", "--help")
	if !strings.Contains(out, "replaced if it exists") {
		t.Errorf("--help does not state the overwrite convention:\n%s", out)
	}
}

// Tables for people show 6 significant digits; CSV keeps
// full precision. Three jobs (1,1), (1,2), (1,3) under PS at map capacity 3
// and shuffle capacity 1: job a's completion is 3 in exact arithmetic, and
// the float64 event loop lands on 3.0000000000000004 (its shortest
// round-trip form, which CSV must keep); the mean response is 14/3.
func TestReadableNumbers(t *testing.T) {
	path := testenv.WriteFile(t, t.TempDir(), "b.json", `{"kind":"tandem","map_capacity":3,"shuffle_capacity":1,"jobs":[{"id":"a","release":0,"map":1,"shuffle":1},{"id":"b","release":0,"map":1,"shuffle":2},{"id":"c","release":0,"map":1,"shuffle":3}]}`)
	_, csv, _ := runCmd(t, "simulate", "-i", path, "--policy", "ps", "--format", "csv")
	_, table, _ := runCmd(t, "simulate", "-i", path, "--policy", "ps")
	if !strings.Contains(csv, "a,0,1,1,3.0000000000000004,") {
		t.Errorf("CSV lost precision:\n%s", csv)
	}
	if strings.Contains(table, "3.0000000000000004") || !strings.Contains(table, "mean 4.66667,") {
		t.Errorf("table not shortened to 6 significant digits:\n%s", table)
	}
}

func TestParseInts(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want []int
	}{
		{"4..8", []int{4, 5, 6, 7, 8}},
		{"3-9/3", []int{3, 6, 9}}, // the step syntax of report --gen (n=3-9/3)
		{"2,4..5,10..20/5", []int{2, 4, 5, 10, 15, 20}},
		{"7", []int{7}},
		{"-2..1", []int{-2, -1, 0, 1}},
	} {
		got, err := cliflags.ParseInts("n", tc.s, cliflags.AnyFinite)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("parseInts(%q) = %v, %v; want %v", tc.s, got, err, tc.want)
		}
	}
	// The whole int64 range overflowed hi − lo and looped 2^64 times before
	// the count was taken in uint64; 0..2000000 is over the million cap.
	for _, bad := range []string{"", "x", "5..3", "1..4/0", "1..2..3", "-9223372036854775808..9223372036854775807", "0..2000000"} {
		if _, err := cliflags.ParseInts("n", bad, cliflags.AnyFinite); err == nil || !strings.Contains(err.Error(), "--n") {
			t.Errorf("parseInts(%q) = %v, want an error naming --n", bad, err)
		}
	}
}

// FuzzParseInts checks that list flags never panic and that every value
// they accept satisfies the flag's rule.
func FuzzParseInts(f *testing.F) {
	for _, s := range []string{"4..8", "3-9/3", "2,4..5,10..20/5", "-2..1", "", "1..2..3", "9223372036854775807",
		"9223372036854775807..9223372036854775807", "-9223372036854775808..9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		xs, err := cliflags.ParseInts("n", s, cliflags.AtLeastOne)
		if err != nil {
			return
		}
		for _, x := range xs {
			if x < 1 {
				t.Fatalf("%q: accepted %d, below the rule", s, x)
			}
		}
	})
}

func TestFlagsFirst(t *testing.T) {
	cmds := commands()
	for _, tc := range []struct{ in, want string }{
		{"mrsched import swim f.tsv --out x.json --normalize", "mrsched import swim --out x.json --normalize f.tsv"},
		{"mrsched mip solve a.lp --engine=cbc --all", "mrsched mip solve --engine=cbc --all a.lp"},
		{"mrsched merge --format md a b -q c", "mrsched merge --format md -q a b c"},
		{"mrsched merge a -- -b", "mrsched merge a -- -b"},
		{"mrsched solve -i x.json", "mrsched solve -i x.json"},
		{"mrsched gen", "mrsched gen"},
		{"mrsched nosuch a --b", "mrsched nosuch a --b"},
	} {
		if got := strings.Join(clitree.FlagsFirst(cmds, strings.Fields(tc.in)), " "); got != tc.want {
			t.Errorf("flagsFirst(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
