// Package archtest checks the one-way layering of the module (DEVELOPING.md,
// "Layers"): a package never imports a package of a higher layer, and only
// the figures package and the CLI import the plotting library.
package archtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/mrsched/mrsched"

// layers ranks the module's packages by path prefix (the longest matching
// prefix wins). A package may import packages of its own or a lower rank.
// Keep this table and the one in DEVELOPING.md equal.
var layers = []struct {
	prefix string
	rank   int
}{
	{"tolerance", 0},
	{"tabular", 0},
	{"internal", 0},
	{"instances", 1},
	{"schedule", 2},
	{"validate", 2},
	{"sweep", 2},
	{"solver/mip", 3}, // LP/MIP model and engines
	{"solver/highs", 3},
	{"solver/cbc", 3},
	{"solver/engine", 3},
	{"bounds", 4},
	{"solver", 5},
	{"reductions", 5},
	{"report", 6},
	{"cmd", 7},
	{"bench", 7},
	{"internal/archtest", 7},
}

// plotters are the only packages that may import gonum.org/v1/plot.
var plotters = []string{"report/figures", "cmd/mrsched"}

// known are violations present on main that their owners are removing;
// each is still reported by check (TestCheckCatchesKnownViolations)
// but does not fail TestLayers. Remove an entry once its import is gone.
var known = map[string]string{}

func rank(rel string) (int, bool) {
	best, r := -1, 0
	for _, l := range layers {
		if (rel == l.prefix || strings.HasPrefix(rel, l.prefix+"/")) && len(l.prefix) > best {
			best, r = len(l.prefix), l.rank
		}
	}
	return r, best >= 0
}

type pkg struct {
	ImportPath   string
	Dir          string
	GoFiles      []string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

// check returns the layer violations of the packages, as "a -> b" lines
// with module-relative paths (test imports included).
func check(pkgs []pkg) []string {
	var out []string
	for _, p := range pkgs {
		rel, ok := strings.CutPrefix(p.ImportPath, module+"/")
		if !ok {
			continue
		}
		r, ok := rank(rel)
		if !ok {
			out = append(out, rel+" -> (no layer: add it to the table)")
			continue
		}
		seen := map[string]bool{}
		for _, imps := range [][]string{p.Imports, p.TestImports, p.XTestImports} {
			for _, imp := range imps {
				if seen[imp] {
					continue
				}
				seen[imp] = true
				if strings.HasPrefix(imp, "gonum.org/v1/plot") {
					allowed := false
					for _, a := range plotters {
						allowed = allowed || rel == a
					}
					if !allowed {
						out = append(out, rel+" -> gonum.org/v1/plot")
					}
					continue
				}
				irel, ok := strings.CutPrefix(imp, module+"/")
				if !ok {
					continue
				}
				if ir, ok := rank(irel); ok && ir > r {
					out = append(out, fmt.Sprintf("%s -> %s", rel, irel))
				}
			}
		}
	}
	sort.Strings(out)
	return slicesCompact(out)
}

func slicesCompact(s []string) []string {
	var out []string
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func listPackages(t *testing.T) []pkg {
	t.Helper()
	// go test caches a passing result keyed on the files the test opens or
	// stats; the imports come from a child 'go list', so stat every Go
	// file of the module to make an edited import rerun the test.
	err := filepath.WalkDir(filepath.Join("..", ".."), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "third_party" || strings.HasPrefix(d.Name(), ".")) && path != filepath.Join("..", "..") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") {
			_, err = os.Stat(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "list", "-json", module+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	data, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages; expected the whole module", len(pkgs))
	}
	return pkgs
}

// TestLayers fails when a package imports a higher layer or the plotting
// library outside report/figures and the CLI.
func TestLayers(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range check(listPackages(t)) {
		if why, ok := known[v]; ok {
			seen[v] = true
			t.Logf("known violation (%s): %s", why, v)
			continue
		}
		t.Errorf("layer violation: %s", v)
	}
	for v := range known {
		if !seen[v] {
			t.Logf("%s is gone: remove it from the known list", v)
		}
	}
}

// TestCheckCatchesKnownViolations feeds check the layer violations once found on main
// (before this test existed) and expects each to be reported.
func TestCheckCatchesKnownViolations(t *testing.T) {
	m := func(s string) string { return module + "/" + s }
	pkgs := []pkg{
		{ImportPath: m("solver/flex"), Imports: []string{m("report/shard"), m("tabular"), "gonum.org/v1/plot/plotter"}},
		{ImportPath: m("bounds"), Imports: []string{m("solver/exact/mipform"), m("solver/mip")}},
		{ImportPath: m("reductions/adversary"), Imports: []string{m("solver/fluid"), "gonum.org/v1/plot"}},
		{ImportPath: m("report/study"), Imports: []string{m("report"), m("report/figures"), "gonum.org/v1/plot"}},
		{ImportPath: m("instances"), TestImports: []string{m("schedule")}},
		{ImportPath: m("report/figures"), Imports: []string{m("schedule"), "gonum.org/v1/plot"}},
		{ImportPath: m("cmd/mrsched"), Imports: []string{m("report"), "gonum.org/v1/plot"}},
		{ImportPath: m("newtopic")},
	}
	want := []string{
		"bounds -> solver/exact/mipform",
		"instances -> schedule",
		"newtopic -> (no layer: add it to the table)",
		"reductions/adversary -> gonum.org/v1/plot",
		"report/study -> gonum.org/v1/plot",
		"solver/flex -> gonum.org/v1/plot",
		"solver/flex -> report/shard",
	}
	got := check(pkgs)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("check found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestNoInitRegistration: the report's methods and renderers and the
// CLI's commands are explicit lists; no non-test file of
// report/... or cmd/... has an init function.
func TestNoInitRegistration(t *testing.T) {
	for _, p := range listPackages(t) {
		rel, _ := strings.CutPrefix(p.ImportPath, module+"/")
		if !strings.HasPrefix(rel, "report") && !strings.HasPrefix(rel, "cmd/") {
			continue
		}
		for _, f := range p.GoFiles {
			b, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(b, []byte("\nfunc init() {")) {
				t.Errorf("%s/%s registers from init(); add it to the package's explicit list", rel, f)
			}
		}
	}
}
