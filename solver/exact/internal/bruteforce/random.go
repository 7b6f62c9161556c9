package bruteforce

import (
	"fmt"
	"math/rand/v2"

	"github.com/mrsched/mrsched/instances"
)

// Random returns a test instance with n jobs drawn from a mix of regimes
// chosen by the stream: small integer sizes (many ties), zero map or
// shuffle sizes, extreme ratios (up to 1000:1), continuous sizes, and — when
// releases is true — integer or continuous release times (ties included).
// Capacities are 1 except in one regime where they differ.
func Random(rng *rand.Rand, n int, releases bool) *instances.Instance {
	regime := rng.IntN(5)
	jobs := make([]instances.Job, n)
	for i := range jobs {
		var x, y float64
		switch regime {
		case 0: // small integers: ties
			x, y = float64(1+rng.IntN(3)), float64(1+rng.IntN(3))
		case 1: // zero sizes
			x, y = float64(rng.IntN(4)), float64(rng.IntN(4))
			if x == 0 && y == 0 {
				y = 1
			}
		case 2: // extreme ratios
			x, y = 1, 1
			switch rng.IntN(3) {
			case 0:
				x = 1000 * rng.Float64()
			case 1:
				y = 1000 * rng.Float64()
			default:
				x, y = 0.001+rng.Float64(), 0.001+rng.Float64()
			}
		default: // continuous
			x, y = 0.1+10*rng.Float64(), 0.1+10*rng.Float64()
		}
		r := 0.0
		if releases {
			if regime%2 == 0 {
				r = float64(rng.IntN(4))
			} else {
				r = 5 * rng.Float64()
			}
		}
		jobs[i] = instances.Job{ID: fmt.Sprintf("j%d", i+1), Release: r, Map: x, Shuffle: y}
	}
	in := instances.New(jobs)
	if regime == 4 {
		in.MapCapacity, in.ShuffleCapacity = 0.5+rng.Float64(), 0.5+rng.Float64()
	}
	return in
}
