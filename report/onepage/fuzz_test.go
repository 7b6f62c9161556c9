package onepage_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/mrsched/mrsched/report/onepage"
)

// FuzzCheck: Check and ExternalRefs read any bytes without panicking, and
// Check never passes a page with an external reference.
func FuzzCheck(f *testing.F) {
	f.Add([]byte(`<title>Plan for x (1 jobs)</title><tr class="job"><td class="n">1</td><td>a</td>`))
	f.Add([]byte(`<img src="https://example.com/x.png">`))
	if b, err := os.ReadFile(filepath.Join("testdata", "nightly.skeleton")); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, page []byte) {
		refs := onepage.ExternalRefs(page)
		err := onepage.Check(page, onepage.Expect{Title: "Plan for x (1 jobs)", Jobs: []string{"a"}, Gap: math.NaN()})
		if err == nil && len(refs) > 0 {
			t.Errorf("Check passed a page with external references %q", refs)
		}
	})
}
