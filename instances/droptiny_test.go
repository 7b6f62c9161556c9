package instances

import (
	"errors"
	"testing"

	"github.com/mrsched/mrsched/tolerance"
)

// dropTiny makes an instance with sizes far below its time scale
// representable: a job with a map of 10⁻¹² beside a release of 10⁴ (ratio
// 10¹⁶ > 2^45) is refused; after dropTiny its map is 0, a job with both
// sizes tiny keeps the larger at twice the resolution, and the instance
// passes checkRepresentable; sizes above the resolution are unchanged.
func TestDropTinyMakesRepresentable(t *testing.T) {
	in := New([]Job{
		{ID: "a", Release: 1e4, Map: 1, Shuffle: 2},
		{ID: "b", Map: 1e-12, Shuffle: 1},
		{ID: "c", Map: 1e-13, Shuffle: 2e-13},
	})
	if err := in.checkRepresentable(); !errors.Is(err, ErrUnrepresentable) {
		t.Fatalf("before: %v, want ErrUnrepresentable", err)
	}
	horizon := 1e4 + 1 + 2 + 1e-12 + 1 + 1e-13 + 2e-13
	res := horizon / tolerance.MaxTimeRatio
	if k := in.dropTiny(); k != 2 {
		t.Errorf("changed %d sizes, want 2", k)
	}
	if in.Jobs[1].Map != 0 || in.Jobs[1].Shuffle != 1 {
		t.Errorf("job b: %v", in.Jobs[1])
	}
	if in.Jobs[2].Map != 0 || in.Jobs[2].Shuffle != 2*res {
		t.Errorf("job c: %v, want map 0 and shuffle %v", in.Jobs[2], 2*res)
	}
	if in.Jobs[0].Map != 1 || in.Jobs[0].Shuffle != 2 {
		t.Errorf("job a changed: %v", in.Jobs[0])
	}
	if err := in.checkRepresentable(); err != nil {
		t.Errorf("after: %v", err)
	}
}
