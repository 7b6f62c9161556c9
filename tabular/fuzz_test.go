package tabular

import (
	"encoding/json"
	"math"
	"testing"
)

// FuzzNum checks that every JSON Num decodes to what it encodes from, and
// that a decoded value re-encodes to valid JSON.
func FuzzNum(f *testing.F) {
	for _, s := range []string{"1.5", "null", `"+Inf"`, `"-Inf"`, "-0", "1e-7", "1e308", `"inf"`, "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var x Num
		if err := json.Unmarshal([]byte(s), &x); err != nil {
			return
		}
		b, err := json.Marshal(x)
		if err != nil || !json.Valid(b) {
			t.Fatalf("%q → %v → %s, %v", s, float64(x), b, err)
		}
		var y Num
		if err := json.Unmarshal(b, &y); err != nil {
			t.Fatalf("%s does not decode: %v", b, err)
		}
		if !(float64(x) == float64(y) || math.IsNaN(float64(x)) && math.IsNaN(float64(y))) {
			t.Fatalf("%q → %v → %s → %v", s, float64(x), b, float64(y))
		}
	})
}
