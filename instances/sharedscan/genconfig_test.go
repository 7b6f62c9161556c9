package sharedscan

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestGenConfigGenerate: GenConfig.Generate is Generate from PCG(Seed,
// GenStream) (the second path, byte for byte) with M_j capped at S: a
// MaxSlots above Slots gives every job M_j = S, one below keeps it; the
// seed changes the draw.
func TestGenConfigGenerate(t *testing.T) {
	for _, tc := range []struct {
		slots, maxSlots int
		wantMax         int // every job's M_j: min(MaxSlots, Slots)
	}{{10, 50, 10}, {10, 4, 4}, {10, 10, 10}} {
		c := DefaultGenConfig()
		c.Jobs, c.Slots, c.MaxSlots, c.Seed = 25, tc.slots, tc.maxSlots, 9
		f, err := c.Generate()
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range f.Jobs {
			if j.MaxSlots != tc.wantMax {
				t.Fatalf("S = %d, MaxSlots = %d: job %s has M_j = %d, want %d", tc.slots, tc.maxSlots, j.ID, j.MaxSlots, tc.wantMax)
			}
		}
		spec := c.GenSpec
		spec.MaxSlots = tc.wantMax
		w, err := Generate(spec, rand.NewPCG(9, GenStream))
		if err != nil {
			t.Fatal(err)
		}
		var got, want bytes.Buffer
		if err := WriteJSON(&got, f.Workload); err != nil {
			t.Fatal(err)
		}
		if err := WriteJSON(&want, w); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("S = %d, MaxSlots = %d: Generate differs from Generate(spec, PCG(9, GenStream))", tc.slots, tc.maxSlots)
		}
		c.Seed = 10
		other, err := c.Generate()
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, other.Workload); err != nil {
			t.Fatal(err)
		}
		if b.String() == got.String() {
			t.Errorf("seeds 9 and 10 drew the same workload")
		}
	}
}
