package rational

import (
	"errors"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// dagText is a two-job instance: a (weight 0.3) before b (weight 1).
const dagText = `{"kind":"tandem","jobs":[{"id":"a","map":1,"shuffle":0.1,"weight":0.3},{"id":"b","map":2,"shuffle":1,"after":["a"],"due":9}]}`

// Weights are read exactly from their decimal text and dependencies as
// indices; FromInstance carries both (the weight as the float's dyadic
// value) and Float gives them back.
func TestReadWeightsAndDependencies(t *testing.T) {
	in, err := ReadJSON(strings.NewReader(dagText), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	// 3/10 from the text "0.3"; b has no weight (nil, meaning 1) and is
	// after a (index 0).
	if in.Jobs[0].Weight == nil || in.Jobs[0].Weight.Cmp(big.NewRat(3, 10)) != 0 || in.Jobs[1].Weight != nil {
		t.Errorf("weights %v, %v; want 3/10 and nil", in.Jobs[0].Weight, in.Jobs[1].Weight)
	}
	if len(in.Jobs[0].After) != 0 || !reflect.DeepEqual(in.Jobs[1].After, []int{0}) {
		t.Errorf("after %v, %v; want [] and [0]", in.Jobs[0].After, in.Jobs[1].After)
	}
	if !in.HasWeights() || !in.HasDependencies() || in.W(1).Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("HasWeights %v, HasDependencies %v, W(1) %v", in.HasWeights(), in.HasDependencies(), in.W(1))
	}
	fin, err := instances.ReadJSON(strings.NewReader(dagText), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	rin, err := FromInstance(fin)
	if err != nil {
		t.Fatal(err)
	}
	// The float 0.3 converted exactly (SetFloat64), not 3/10.
	if w := new(big.Rat).SetFloat64(0.3); rin.Jobs[0].Weight.Cmp(w) != 0 || !reflect.DeepEqual(rin.Jobs[1].After, []int{0}) {
		t.Errorf("FromInstance: weight %v, after %v", rin.Jobs[0].Weight, rin.Jobs[1].After)
	}
	back, _ := rin.Float()
	if back.Jobs[0].Weight != 0.3 || !reflect.DeepEqual(back.Jobs[1].After, []int{0}) || back.Jobs[1].Weight != 0 {
		t.Errorf("Float: %+v", back.Jobs)
	}
}

func seg(start, end int64, rates ...Rate) Segment {
	return Segment{Start: big.NewRat(start, 1), End: big.NewRat(end, 1), Rates: rates}
}

func rate(job int, m, s *big.Rat) Rate { return Rate{Job: job, Map: m, Shuffle: s} }

// Verify computes the weighted total and flags service to a job before
// its predecessor completes; the same schedule without the dependency is
// feasible, so the violation is the precedence rule's.
func TestVerifyWeightsAndPrecedence(t *testing.T) {
	in, err := ReadJSON(strings.NewReader(dagText), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	r := big.NewRat
	// a alone on [0, 1) at full map rate (shuffle 1/10), then b on [1, 3):
	// C_a = 1, C_b = 3; total 3/10·1 + 1·3 = 33/10 (by hand).
	seq := &Schedule{Segments: []Segment{
		seg(0, 1, rate(0, r(1, 1), r(1, 10))),
		seg(1, 3, rate(1, r(1, 1), r(1, 2))),
	}, Completion: []*big.Rat{r(1, 1), r(3, 1)}}
	rep, _, err := Verify(in, seq)
	if err != nil || rep.Err() != nil {
		t.Fatalf("sequential schedule: %v, %v", err, rep.Err())
	}
	if rep.Total.Cmp(r(33, 10)) != 0 {
		t.Errorf("total %s, want 33/10", rep.Total.RatString())
	}
	// Shared [0, 2): a at half rates (C_a = 2), b at half map rate and 1/4
	// shuffle before a completes; then b alone on [2, 3) (C_b = 3).
	shared := &Schedule{Segments: []Segment{
		seg(0, 2, rate(0, r(1, 2), r(1, 20)), rate(1, r(1, 2), r(1, 4))),
		seg(2, 3, rate(1, r(1, 1), r(1, 2))),
	}, Completion: []*big.Rat{r(2, 1), r(3, 1)}}
	rep, _, err = Verify(in, shared)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Feasible || len(rep.Violations) != 1 || rep.Violations[0].Rule != "precedence" || rep.Violations[0].Job != "b" || rep.Violations[0].Segment != 0 {
		t.Errorf("shared schedule: %+v, want one precedence violation of b in segment 0", rep.Violations)
	}
	in.Jobs[1].After = nil
	if rep, _, err := Verify(in, shared); err != nil || rep.Err() != nil {
		t.Errorf("without the dependency: %v, %v", err, rep.Err())
	}
}

// Validate refuses bad weights and dependencies, naming the field.
func TestValidateWeightsAndDependencies(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(in *Instance)
		want string
	}{
		{"weight 0", func(in *Instance) { in.Jobs[0].Weight = new(big.Rat) }, "jobs[0].weight = 0 is not positive"},
		{"weight negative", func(in *Instance) { in.Jobs[1].Weight = big.NewRat(-1, 2) }, "jobs[1].weight = -1/2"},
		{"out of range", func(in *Instance) { in.Jobs[0].After = []int{2} }, "jobs[0].after[0] = 2 out of range"},
		{"self", func(in *Instance) { in.Jobs[1].After = []int{1} }, `jobs[1].after[0]: job "b" is after itself`},
		{"twice", func(in *Instance) { in.Jobs[1].After = []int{0, 0} }, `jobs[1].after[1]: "a" listed twice`},
		{"cycle", func(in *Instance) { in.Jobs[0].After = []int{1} }, `the dependencies of the jobs "a", "b" contain a cycle`},
	} {
		in, err := ReadJSON(strings.NewReader(dagText), "x.json")
		if err != nil {
			t.Fatal(err)
		}
		c.edit(in)
		if err := in.Validate(); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrInvalid with %q", c.name, err, c.want)
		}
	}
}
