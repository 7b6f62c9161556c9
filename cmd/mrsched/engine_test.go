package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/highs/highstest"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/miptest"
)

func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"mrsched"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestEngineInfo(t *testing.T) {
	highstest.Require(t)
	code, out, errs := runCmd(t, "engine", "info", "--paths", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var v struct {
		Engines []struct {
			Name      string `json:"name"`
			Available bool   `json:"available"`
			Default   bool   `json:"default"`
			Version   string `json:"version"`
		} `json:"engines"`
		Path []string `json:"highs_search_path"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var found bool
	for _, e := range v.Engines {
		if e.Name == "highs" {
			found = e.Available && e.Default && strings.HasPrefix(e.Version, "1.15.1")
		}
	}
	if !found || len(v.Path) == 0 {
		t.Fatalf("engine info: %s", out)
	}
}

// The tiny MIP (optimum 1100 at (20, 10), worked by hand and by enumeration: miptest.TinyMIP)
// solved from an LP file with the flags after the file, and from the MPS
// file, whose maximisation is written as a minimisation (optimum −1100).
func TestMIPSolve(t *testing.T) {
	highstest.Require(t)
	dir := t.TempDir()
	k := miptest.TinyMIP()
	var lp, mps bytes.Buffer
	mip.WriteLP(&lp, k.Model)
	mip.WriteMPS(&mps, k.Model)
	lpPath, mpsPath := filepath.Join(dir, "tiny.lp"), filepath.Join(dir, "tiny.mps")
	os.WriteFile(lpPath, lp.Bytes(), 0o644)
	os.WriteFile(mpsPath, mps.Bytes(), 0o644)

	code, out, errs := runCmd(t, "mip", "solve", lpPath, "--format", "json", "--time-limit", "1m")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sol engine.Solution
	if err := json.Unmarshal([]byte(out), &sol); err != nil {
		t.Fatal(err)
	}
	if sol.Status != "optimal" || sol.Objective != 1100 || len(sol.Columns) != 2 || sol.Columns[0] != (engine.Value{Name: "x", Value: 20}) || sol.Columns[1] != (engine.Value{Name: "y", Value: 10}) {
		t.Fatalf("LP file: %s", out)
	}
	code, out, errs = runCmd(t, "mip", "solve", "--format", "csv", mpsPath)
	if code != 0 || !strings.Contains(out, "objective,-1100\n") || !strings.Contains(out, "x:x,20\n") {
		t.Fatalf("MPS file: exit %d\n%s%s", code, out, errs)
	}
}

// Infeasible is a result, not an error; the row duals of an LP are shown
// with --duals (MinLP's duals are 3 and −1, see miptest.MinLP).
func TestMIPSolveStatusesAndDuals(t *testing.T) {
	highstest.Require(t)
	dir := t.TempDir()
	for name, m := range map[string]*mip.Model{"infeasible.lp": miptest.Infeasible(true).Model, "min.lp": miptest.MinLP().Model} {
		var b bytes.Buffer
		mip.WriteLP(&b, m)
		os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644)
	}
	code, out, errs := runCmd(t, "mip", "solve", filepath.Join(dir, "infeasible.lp"))
	if code != 0 || !strings.Contains(out, "infeasible") {
		t.Fatalf("infeasible: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd(t, "mip", "solve", filepath.Join(dir, "min.lp"), "--duals", "--format", "csv")
	if code != 0 || !strings.Contains(out, "dual:cover,3\n") || !strings.Contains(out, "dual:xcap,-1\n") {
		t.Fatalf("duals: exit %d\n%s%s", code, out, errs)
	}
}

func TestMIPSolveErrors(t *testing.T) {
	dir := t.TempDir()
	txt := filepath.Join(dir, "model.txt")
	os.WriteFile(txt, []byte("x"), 0o644)
	for _, args := range [][]string{
		{"mip", "solve"},
		{"mip", "solve", txt},
		{"mip", "solve", filepath.Join(dir, "missing.lp")},
		{"mip", "solve", "--engine", "gurobi", txt},
		{"mip", "solve", "a.lp", "b.lp"},
	} {
		code, _, errs := runCmd(t, args...)
		if code != 1 || !strings.HasPrefix(errs, "mrsched: ") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want 1 and a one-line error", args, code, errs)
		}
	}
}

// Unreadable models (docs/cli.md, "Bad input") are errors naming the file (and line),
// exit status 1, never "optimal, objective 0" nor a leaked C++ exception.
func TestMIPSolveUnreadable(t *testing.T) {
	highstest.Require(t)
	dir := t.TempDir()
	for _, tc := range []struct{ name, data, want string }{
		{"hello.lp", "hello world\n", "hello.lp:1:"},
		{"empty.lp", "", "empty file"},
		{"binary.lp", "\x7fELF\x02\x01\x01\x00\x00", "binary.lp:1:"},
		{"abc.mps", "NAME t\nROWS\n N obj\n G c1\nCOLUMNS\n x obj 1 c1 abc\nRHS\n RHS c1 2\nENDATA\n", "abc.mps:6:"},
		{"noend.lp", "Minimize\n obj: x + y\nSubject To\n c1: x + y >= 2\n", "noend.lp:4:"},
	} {
		p := filepath.Join(dir, tc.name)
		if err := os.WriteFile(p, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runCmd(t, "mip", "solve", p)
		if code != 1 || out != "" || !strings.Contains(errs, tc.want) || strings.Contains(errs, "exception") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 1 and an error with %q", tc.name, code, out, errs, tc.want)
		}
	}
	if code, _, errs := runCmd(t, "mip", "solve", "/dev/null"); code != 1 || !strings.Contains(errs, "/dev/null") {
		t.Errorf("/dev/null: exit %d, stderr %q", code, errs)
	}
}
