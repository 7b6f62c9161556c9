package instances

import "math/rand/v2"

// SeedSource is the random source of a generator's seed, the one
// convention of every seeded mrsched generator ('mrsched gen lognormal
// --seed S', report's generator specs seed=S): PCG with state (S,
// S ⊕ 0x9e3779b97f4a7c15), so that the same seed gives a byte-identical
// instance.
func SeedSource(seed uint64) rand.Source { return rand.NewPCG(seed, seed^0x9e3779b97f4a7c15) }

// Seeded draws an instance with gen from SeedSource(seed) and records the
// seed in its metadata ("seed"), as 'mrsched gen lognormal', 'mrsched gen
// dag' and report's generator specs do, so that the file says how to draw
// it again.
func Seeded(gen func(rand.Source) (*Instance, error), seed uint64) (*Instance, error) {
	in, err := gen(SeedSource(seed))
	if err != nil {
		return nil, err
	}
	in.Metadata["seed"] = seed
	return in, nil
}
