package main

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// mrsched mst eval: JSON key "mst" equals Lemma 3's two-node value
// 1/a + 1/b − 1/(a+b) with a = b = 0.5 → 3.
func TestMSTEvalCLI(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"mrsched", "mst", "eval", "--mu", "1,1", "--lambda", "0.5,0.5", "--method", "closed", "--format", "json"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var v struct{ MST float64 }
	if err := json.Unmarshal(out.Bytes(), &v); err != nil || math.Abs(v.MST-3) > 1e-12 {
		t.Fatalf("mst %v (%v): %s", v.MST, err, out.String())
	}
}

// A violated condition exits 1 and names the equation.
func TestMSTMapConditionCLI(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"mrsched", "mst", "map", "--policy", "fair", "--total", "2.5", "--mu", "0.5,1,1,1"}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "eq. 13") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	code = run([]string{"mrsched", "mst", "map", "--policy", "optimal", "--total", "2", "--mu", "0.5,1,1,1", "--format", "json"}, &out, &errb)
	if code != 0 || !strings.Contains(out.String(), `"ok": true`) {
		t.Fatalf("optimal: exit %d, %s %s", code, out.String(), errb.String())
	}
}
