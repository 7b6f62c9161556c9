package workload

import (
	"reflect"
	"strings"
	"testing"
)

// TestGenerate: every kind builds its generator's workload (the same as
// calling the generator directly, same seed); bad n, size and kind are
// refused naming the flag.
func TestGenerate(t *testing.T) {
	for _, tc := range []struct {
		kind string
		want *Workload
	}{
		{"table2", TableII(3)}, {"fig2", Fig2(4, 3)}, {"fig3a", Fig3Equal(0.5, 4, 3)}, {"fig3b", Fig3Mixed(3)},
		{"fig4", Fig4(0, 3)}, {"fig5", Fig4(2.236, 3)}, {"synthetic", Synthetic(4, 3)},
	} {
		w, err := Generate(tc.kind, 4, 0.5, 3)
		if err != nil || !reflect.DeepEqual(w, tc.want) {
			t.Errorf("%s: %v", tc.kind, err)
		}
	}
	for _, bad := range []struct {
		kind string
		n    int
		size float64
		want string
	}{{"table2", 0, 1, "--n"}, {"fig3a", 4, 0, "--size 0: want > 0"}, {"nosuch", 4, 1, "--kind \"nosuch\""}} {
		if _, err := Generate(bad.kind, bad.n, bad.size, 1); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}
