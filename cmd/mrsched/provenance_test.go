package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/testenv"
)

// jsonRuns is one small run of every command with a --format that allows
// json (TestProvenanceEverywhere checks that the list is complete); D is
// the test's directory of inputs, G the Google trace directory.
var jsonRuns = map[string][]string{
	"adversary":         {"--policy", "maxsrpt", "--n", "8"},
	"adversary-yao":     {"--policy", "maxsrpt", "--n", "8"},
	"bound":             {"--instance", "D/b.json"},
	"check":             {"--instance", "D/b.json"},
	"cluster simulate":  {"--workload", "D/c.json", "--policy", "fair"},
	"compare":           {"--example"},
	"evaluate":          {"--instance", "D/b.json", "--schedule", "D/b.sched.json", "--reps", "3"},
	"engine info":       {},
	"flex metrics":      {},
	"flex plan":         {"--workload", "D/ss.json", "--metric", "avg-response"},
	"flex simulate":     {"--workload", "D/ss.json", "--metric", "avg-response"},
	"gen dag":           {"-n", "6", "--seed", "1"},
	"gen lognormal":     {"--n", "4", "--batch", "--seed", "1"},
	"gen taillard":      {"--jobs", "4", "--machines", "2", "--seed", "873654221"},
	"import google":     {"--job-events", "G/job_events", "--task-events", "G/task_events"},
	"import swim":       {"--max-jobs", "20", "S"},
	"merge":             {"D/cells.jsonl"},
	"mip solve":         {"D/b.lp", "--time-limit", "1m"},
	"mst eval":          {"--mu", "1,1", "--lambda", "0.5,0.5", "--method", "closed"},
	"mst fit":           {"--samples", "D/samples.txt"},
	"mst forkjoin":      {"-k", "2", "--jobs", "200"},
	"mst map":           {"--policy", "fair", "--total", "1.5", "--mu", "0.5,1,1,1"},
	"mst nodes":         {"--class", "1:3", "--total", "1"},
	"mst simulate":      {"--jobs", "200", "--warmup", "20", "--reps", "2"},
	"nmts solve":        {"--instance", "D/y2.json"},
	"reduce nmts":       {"--instance", "D/y2.json", "--out", "D/t2b.json"},
	"reduce opt":        {"--instance", "D/t1.json"},
	"reduce separation": {"--q", "2", "--enum-max", "2", "--exact-nodes", "1000"},
	"reduce verify":     {"--instance", "D/t2.json"},
	"report":            {"--gen", "lognormal,n=4,batch,seed=1", "--methods", "maxsrpt,lbcount"},
	"search":            {"--policy", "maxsrpt", "--n", "3", "--restarts", "1", "--steps", "4"},
	"simulate":          {"--instance", "D/b.json", "--policy", "maxsrpt"},
	"solve":             {"--instance", "D/b.json"},
	"study fig7":        {"--trace", "S", "--loads", "0.5", "--max-jobs", "20"},
	"study fig9":        {"--jobs", "200", "--reps", "1"},
	"study google":      {"--instance", "D/o.json", "--loads", "0.5"},
	"study nightly":     {"--instance", "D/b.json", "--time-limit", "2s", "--methods", "maxsrpt"},
	"study tightness":   {"--alphas", "2", "--eps", "0.1", "--betas", "2", "--ns", "2", "--exact", ""},
	"validate":          {"--instance", "D/b.json", "--schedule", "D/b.sched.json"},
	"version":           {},
	"worst-exact":       {"--policy", "maxsrpt", "--n", "3", "--restarts", "1", "--steps", "4"},
}

// TestProvenanceEverywhere walks the command tree: every command whose
// --format allows json is run on a small input with --format json, and its
// output must carry a provenance object naming the run's command line.
func TestProvenanceEverywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command")
	}
	dir := t.TempDir()
	for _, setup := range [][]string{
		{"gen", "lognormal", "--n", "4", "--batch", "--seed", "1", "--out", "D/b.json"},
		{"gen", "lognormal", "--n", "20", "--load", "0.8", "--seed", "2", "--out", "D/o.json"},
		{"gen", "sharedscan", "--jobs", "6", "--datasets", "2", "--horizon", "1", "--seed", "1", "--out", "D/ss.json"},
		{"gen", "nmts", "--q", "2", "--answer", "yes", "--seed", "1", "--out", "D/y2.json"},
		{"reduce", "nmts", "--instance", "D/y2.json", "--out", "D/t2.json"},
		{"gen", "nmts", "--q", "1", "--answer", "yes", "--seed", "1", "--out", "D/y1.json"},
		{"reduce", "nmts", "--instance", "D/y1.json", "--out", "D/t1.json"},
		{"gen", "cluster", "--kind", "table2", "--seed", "1", "--out", "D/c.json"},
		{"simulate", "--instance", "D/b.json", "--policy", "maxsrpt", "--schedule", "D/b.sched.json"},
		{"export", "--instance", "D/b.json", "--lp", "--out", "D/b.lp"},
		{"report", "--gen", "lognormal,n=4,batch,seed=1-2", "--methods", "maxsrpt", "--shard", "1/1", "--cells", "D/cells.jsonl"},
	} {
		if code, _, errs := runCLI(t, expand(setup, dir, "", "")...); code != 0 {
			t.Fatalf("setup %v: exit %d: %s", setup, code, errs)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "samples.txt"), []byte("1.5\n2\n2.25\n3\n4.5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	google, gerr := testenv.DataPath("google2011")
	swim, serr := testenv.DataPath("swim", "FB-2009_samples_24_times_1hr_0_first50jobs.tsv")

	app := newApp(io.Discard, io.Discard)
	n := 0
	walkTree(app.Commands, "mrsched", func(path string, c *cli.Command) {
		if !slices.ContainsFunc(c.Flags, func(f cli.Flag) bool {
			sf, ok := f.(*cliflags.StringFlag)
			return ok && sf.Name == "format" && strings.Contains(sf.Usage, "json")
		}) {
			return
		}
		name := strings.TrimPrefix(path, "mrsched ")
		args, ok := jsonRuns[name]
		if !ok {
			t.Errorf("%s: has --format json but no run in jsonRuns", name)
			return
		}
		n++
		t.Run(name, func(t *testing.T) {
			if slices.Contains(args, "G/job_events") && gerr != nil {
				testenv.MissingCase(t, "the Google trace", "make setup", gerr)
				return
			}
			if slices.Contains(args, "S") && serr != nil {
				testenv.MissingCase(t, "the SWIM trace", "make setup", serr)
				return
			}
			full := expand(slices.Concat(strings.Fields(name), args, []string{"--format", "json"}), dir, google, swim)
			if slices.ContainsFunc(c.Flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), "quiet") }) {
				full = append(full, "--quiet")
			}
			var out, errb bytes.Buffer
			code := run(append([]string{"mrsched"}, full...), &out, &errb)
			if code == 1 && strings.Contains(errb.String(), "engine not available") {
				testenv.MissingCase(t, "an LP/MIP engine", "make setup", errors.New(errb.String()))
				return
			}
			if code != 0 && code != 2 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			var first provenanceOf
			if err := json.NewDecoder(&out).Decode(&first); err != nil {
				t.Fatalf("output is not a JSON object: %v", err)
			}
			// The command line is the one given to run, as given.
			if p := first.Provenance; p == nil || p.Tool != "mrsched" || p.Start == "" ||
				!slices.Equal(p.CommandLine, append([]string{"mrsched"}, full...)) {
				t.Errorf("provenance %+v, want tool mrsched, a start time and the command line %q", p, full)
			}
			if !slices.ContainsFunc(c.Flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), "methods") }) {
				return
			}
			// --methods: no engine is listed for methods that run none (the
			// runs above), and the engine that ran for one that does.
			if p := first.Provenance; p != nil && len(p.Engines) > 0 {
				t.Errorf("--methods without an engine: engines %+v, want none", p.Engines)
			}
			withMIP := slices.Clone(full)
			for i := range withMIP {
				if i > 0 && withMIP[i-1] == "--methods" {
					withMIP[i] += ",mip"
				}
				if i > 0 && withMIP[i-1] == "--time-limit" {
					withMIP[i] = "5m" // a cap: the 4-job MIP takes well under a second
				}
			}
			out.Reset()
			errb.Reset()
			code = run(append([]string{"mrsched"}, withMIP...), &out, &errb)
			if code == 1 && strings.Contains(errb.String(), "engine not available") {
				testenv.MissingCase(t, "an LP/MIP engine", "make setup", errors.New(errb.String()))
				return
			}
			if code != 0 && code != 2 {
				t.Fatalf("%q: exit %d: %s", withMIP, code, errb.String())
			}
			var second provenanceOf
			if err := json.NewDecoder(&out).Decode(&second); err != nil {
				t.Fatalf("output is not a JSON object: %v", err)
			}
			if p := second.Provenance; p == nil || len(p.Engines) != 1 || p.Engines[0].Name != "highs" || !strings.Contains(p.Engines[0].Version, ".") {
				t.Errorf("%q: provenance %+v, want engines [highs VERSION] (the mip method's default engine)", withMIP, p)
			}
		})
	})
	// Counted when this test was written: 39 commands have --format json.
	if n < 39 {
		t.Errorf("only %d commands with --format json found", n)
	}
}

// provenanceOf is the part of a JSON output TestProvenanceEverywhere reads.
type provenanceOf struct {
	Provenance *struct {
		Tool        string   `json:"tool"`
		CommandLine []string `json:"command_line"`
		Start       string   `json:"start"`
		Engines     []struct {
			Name    string `json:"name"`
			Version string `json:"version"`
		} `json:"engines"`
	} `json:"provenance"`
}

// expand replaces the D/, G/ prefixes and the argument S by the test's
// directory, the Google trace directory and the SWIM trace.
func expand(args []string, dir, google, swim string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		switch {
		case strings.HasPrefix(a, "D/"):
			a = filepath.Join(dir, a[2:])
		case strings.HasPrefix(a, "G/"):
			a = filepath.Join(google, a[2:])
		case a == "S":
			a = swim
		}
		out[i] = a
	}
	return out
}

// TestProvenanceMarkdownAndSVG: a Markdown report ends with the
// provenance block and its SVG figures carry the record as metadata.
func TestProvenanceMarkdownAndSVG(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	args := []string{"report", "--gen", "lognormal,n=4,batch,seed=1-2", "--methods", "maxsrpt,lbcount", "--format", "md", "--figures", dir, "--quiet"}
	code, out, errs := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// 1700000000 s is 2023-11-14T22:13:20Z (date -u -d @1700000000).
	i := strings.LastIndex(out, "\n## Provenance\n")
	if i < 0 || !strings.Contains(out[i:], "| start | 2023-11-14T22:13:20Z |") ||
		!strings.Contains(out[i:], "| command line | `mrsched report --gen lognormal,n=4,batch,seed=1-2") {
		t.Errorf("Markdown does not end with the provenance block:\n%s", out)
	}
	svgs, _ := filepath.Glob(filepath.Join(dir, "*.svg"))
	if len(svgs) == 0 {
		t.Fatal("no SVG figure written")
	}
	for _, p := range svgs {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, []byte(`<metadata id="provenance">{"tool":"mrsched"`)) {
			t.Errorf("%s: no provenance metadata", p)
		}
	}
}

// TestVersionFlag: --version prints what 'mrsched version' prints, from
// the build info (a test binary has no VCS stamp: "(devel)" or a module
// version, and the revision "unknown").
func TestVersionFlag(t *testing.T) {
	code, flag, errs := runCLI(t, "--version")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	code, cmdOut, errs := runCLI(t, "version")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if flag != cmdOut || !strings.HasPrefix(flag, "mrsched ") || !strings.Contains(flag, "\nrevision: ") ||
		!strings.Contains(flag, "\ngo: go1.") || !strings.Contains(flag, "\nengine highs: ") {
		t.Errorf("--version:\n%s\nversion:\n%s", flag, cmdOut)
	}
}
