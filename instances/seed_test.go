package instances_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// TestSeedSource: the source is PCG(S, S ⊕ 0x9e3779b97f4a7c15), the state
// report's generator specs use, so 'gen lognormal --seed S' and
// "lognormal,seed=S" give the same instance.
func TestSeedSource(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 1 << 63} {
		want := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
		got := instances.SeedSource(seed)
		for range 4 {
			if g, w := got.Uint64(), want.Uint64(); g != w {
				t.Fatalf("seed %d: %d, want %d", seed, g, w)
			}
		}
	}
}

// The same seed gives the same instance, byte for byte.
func ExampleSeedSource() {
	spec := instances.PaperLogNormal(5, 0, true)
	a, _ := spec.Generate(instances.SeedSource(7))
	b, _ := spec.Generate(instances.SeedSource(7))
	var ja, jb bytes.Buffer
	instances.WriteJSON(&ja, a)
	instances.WriteJSON(&jb, b)
	fmt.Println(a.N(), bytes.Equal(ja.Bytes(), jb.Bytes()))
	// Output: 5 true
}

// TestSeeded: the instance is the one spec.Generate draws from
// SeedSource(seed) (compared byte for byte after adding the seed to the
// metadata by hand), with the seed recorded; a generator error passes
// through with no instance.
func TestSeeded(t *testing.T) {
	for _, seed := range []uint64{1, 99} {
		spec := instances.PaperLogNormal(6, 0.8, false)
		got, err := instances.Seeded(spec.Generate, seed)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := spec.Generate(instances.SeedSource(seed))
		want.Metadata["seed"] = seed
		var jg, jw bytes.Buffer
		instances.WriteJSON(&jg, got)
		instances.WriteJSON(&jw, want)
		if !bytes.Equal(jg.Bytes(), jw.Bytes()) || got.Metadata["seed"] != seed {
			t.Errorf("seed %d: Seeded differs from Generate(SeedSource) with the seed recorded", seed)
		}
	}
	bad := instances.PaperLogNormal(0, 0.8, false) // n = 0: Generate refuses it
	if in, err := instances.Seeded(bad.Generate, 1); err == nil || in != nil {
		t.Errorf("Seeded of a bad spec = %v, %v; want the error", in, err)
	}
}

// A seeded instance records its seed.
func ExampleSeeded() {
	in, _ := instances.Seeded(instances.PaperLogNormal(3, 0, true).Generate, 7)
	fmt.Println(in.N(), in.Metadata["seed"])
	// Output: 3 7
}
