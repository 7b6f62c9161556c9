package orderlp

import (
	"context"
	"fmt"
	"testing"

	"github.com/mrsched/mrsched/instances/taillard"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/mip"
)

// BenchmarkValue measures one fixed-order LP solve (build + engine) on the
// first Taillard 20×5 instance truncated to n jobs, identity order:
//
//	go test -run '^$' -bench BenchmarkValue -benchtime 30x ./solver/exact/orderlp
//	go test -tags cbc -run '^$' -bench BenchmarkValue -benchtime 30x ./solver/exact/orderlp
//
// Every available engine (HiGHS always, CBC with -tags cbc) runs side by
// side in one invocation.
func BenchmarkValue(b *testing.B) {
	for _, name := range engine.Names() {
		eng, err := engine.Get(name)
		if err != nil {
			continue
		}
		benchEngine(b, name, eng)
	}
}

func benchEngine(b *testing.B, name string, eng mip.Engine) {
	for _, n := range []int{6, 12, 20} {
		ti, _ := taillard.Generate(n, 2, taillard.Seeds20x5[0])
		in, _ := ti.ToTandem()
		order := make([]int, n)
		for j := range order {
			order[j] = j
		}
		p := BatchPlan(order)
		b.Run(fmt.Sprintf("%s/n=%d/build", name, n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Build(in, p); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("%s/n=%d/solve", name, n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Value(context.Background(), eng, in, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
