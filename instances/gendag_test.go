package instances

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestDAGGenerator checks the stated construction on several seeds and
// shapes: predecessors only in the previous layer, fan-in in 1…FanIn while
// candidates remain, fan-out at most FanOut, deadlines at DueSlack times
// the earliest completion (recomputed here from the definition), weights
// from the two levels, and the fractions within 5 standard deviations of
// their binomial means.
func TestDAGGenerator(t *testing.T) {
	for _, c := range []struct {
		n, layers, fanIn, fanOut int
		batch                    bool
	}{{400, 4, 3, 4, true}, {300, 10, 5, 2, false}, {50, 1, 2, 0, true}, {200, 200, 1, 1, true}, {500, 5, 6, 0, true}} {
		for seed := uint64(1); seed <= 3; seed++ {
			spec := DefaultDAG(c.n)
			spec.Layers, spec.FanIn, spec.FanOut = c.layers, c.fanIn, c.fanOut
			if !c.batch {
				spec.Sizes = PaperLogNormal(c.n, 0.8, false)
			}
			in, err := spec.Generate(SeedSource(seed))
			if err != nil {
				t.Fatal(err)
			}
			layer := func(k int) int { return k * c.layers / c.n }
			outdeg := make([]int, c.n)
			high, due := 0, 0
			earliest := make([]float64, c.n)
			for k, j := range in.Jobs {
				if layer(k) == 0 && len(j.After) > 0 || len(j.After) > c.fanIn {
					t.Fatalf("%+v seed %d: job %d in layer %d has %d predecessors", c, seed, k, layer(k), len(j.After))
				}
				if layer(k) > 0 && len(j.After) == 0 && c.fanOut == 0 {
					t.Fatalf("%+v seed %d: job %d has no predecessor though fan-out is unlimited", c, seed, k)
				}
				e := j.Release
				for _, p := range j.After {
					if layer(p) != layer(k)-1 {
						t.Fatalf("%+v: job %d (layer %d) after job %d (layer %d)", c, k, layer(k), p, layer(p))
					}
					outdeg[p]++
					e = math.Max(e, earliest[p])
				}
				earliest[k] = e + math.Max(j.Map, j.Shuffle)
				switch j.Weight {
				case 10:
					high++
				case 0:
				default:
					t.Fatalf("weight %v", j.Weight)
				}
				if j.HasDue {
					due++
					if want := j.Release + 3*(earliest[k]-j.Release); j.Due != want {
						t.Fatalf("job %d due %v, want %v", k, j.Due, want)
					}
				}
			}
			for p, d := range outdeg {
				if c.fanOut > 0 && d > c.fanOut {
					t.Fatalf("%+v: job %d has %d successors", c, p, d)
				}
			}
			for _, f := range []struct {
				got  int
				frac float64
			}{{high, 0.25}, {due, 0.2}} {
				mean, sd := float64(c.n)*f.frac, math.Sqrt(float64(c.n)*f.frac*(1-f.frac))
				if math.Abs(float64(f.got)-mean) > 5*sd {
					t.Errorf("%+v seed %d: %d of %d jobs, expected %v", c, seed, f.got, c.n, mean)
				}
			}
			if _, err := in.TopologicalOrder(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestDAGGeneratorDeterministic(t *testing.T) {
	gen := func(seed uint64) string {
		in, err := DefaultDAG(60).Generate(SeedSource(seed))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		_ = WriteJSON(&b, in)
		return b.String()
	}
	if a, b, c := gen(4), gen(4), gen(5); a != b || a == c || !strings.Contains(a, `"after": [`) {
		t.Errorf("same seed differs or different seeds agree")
	}
}

func TestDAGSpecValidate(t *testing.T) {
	for _, c := range []struct {
		edit func(*DAGSpec)
		want string
	}{
		{func(s *DAGSpec) { s.Layers = 0 }, "layers must be in 1…n = 10, got 0"},
		{func(s *DAGSpec) { s.Layers = 11 }, "layers must be in 1…n = 10, got 11"},
		{func(s *DAGSpec) { s.FanIn = 0 }, "fan-in must be ≥ 1"},
		{func(s *DAGSpec) { s.FanOut = -1 }, "fan-out must be ≥ 0"},
		{func(s *DAGSpec) { s.HighFrac = math.NaN() }, "high-priority fraction"},
		{func(s *DAGSpec) { s.HighWeight = 0 }, "high weight must be positive"},
		{func(s *DAGSpec) { s.DueFrac = 1.5 }, "deadline fraction"},
		{func(s *DAGSpec) { s.DueSlack = 0.5 }, "deadline slack must be finite and ≥ 1"},
	} {
		s := DefaultDAG(10)
		c.edit(&s)
		if _, err := s.Generate(SeedSource(1)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want …%s…", err, c.want)
		}
	}
}

func ExampleDAGSpec_Generate() {
	spec := DefaultDAG(8)
	spec.Layers, spec.FanIn = 3, 2
	in, err := spec.Generate(SeedSource(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	order, _ := in.TopologicalOrder()
	for _, k := range order {
		j := in.Jobs[k]
		var after []string
		for _, p := range j.After {
			after = append(after, in.Jobs[p].ID)
		}
		fmt.Printf("%s weight %g after %v due %v\n", j.ID, in.Weight(k), after, j.HasDue)
	}
	// Output:
	// J1 weight 1 after [] due false
	// J2 weight 1 after [] due false
	// J3 weight 1 after [] due true
	// J4 weight 10 after [J2 J3] due true
	// J5 weight 1 after [J2 J3] due true
	// J6 weight 10 after [J2] due false
	// J7 weight 1 after [J4] due false
	// J8 weight 10 after [J5 J6] due false
}
