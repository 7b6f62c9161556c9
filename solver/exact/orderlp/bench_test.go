package orderlp

import (
	"context"
	"fmt"
	"testing"

	"github.com/mrsched/mrsched/instances/taillard"
)

// BenchmarkValue measures one fixed-order LP solve (build + engine) on the
// first Taillard 20×5 instance truncated to n jobs, identity order:
//
//	go test -run '^$' -bench BenchmarkValue -benchtime 50x ./solver/exact/orderlp
func BenchmarkValue(b *testing.B) {
	eng := engine(b)
	for _, n := range []int{6, 12, 20} {
		ti, _ := taillard.Generate(n, 2, taillard.Seeds20x5[0])
		in, _ := ti.ToTandem()
		order := make([]int, n)
		for j := range order {
			order[j] = j
		}
		p := BatchPlan(order)
		b.Run(fmt.Sprintf("n=%d/build", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Build(in, p); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/solve", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Value(context.Background(), eng, in, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
