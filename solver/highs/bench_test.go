package highs

import (
	"context"
	"os"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/miptest"
)

func smallLP(seed uint64) *mip.Model { return miptest.SmallLP(seed, 300, 200) }

// BenchmarkSmallLP splits the cost of one solve of smallLP: building the
// Go model, transferring it into HiGHS (clear, options, Highs_passLp) and
// the whole Engine.Solve (transfer + Highs_run + reading the solution).
func BenchmarkSmallLP(b *testing.B) {
	e := requireB(b)
	m := smallLP(1)
	ctx := context.Background()
	b.Run("build", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			smallLP(1)
		}
	})
	b.Run("transfer", func(b *testing.B) {
		in, err := e.get(ctx)
		if err != nil {
			b.Fatal(err)
		}
		defer e.put(in, true)
		sctx, done := e.session(ctx, in, nil)
		defer done()
		for i := 0; i < b.N; i++ {
			if err := in.setOptions(sctx, mip.Options{}, ctx); err != nil {
				b.Fatal(err)
			}
			if err := in.load(sctx, m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("solve", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			r, err := e.Solve(ctx, m, mip.Options{})
			if err != nil || r.Status != mip.Optimal {
				b.Fatal(r.Status, err)
			}
		}
	})
	b.Run("solve-parallel", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := e.Solve(ctx, m, mip.Options{}); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
}

// BenchmarkFixedOverhead is the per-solve cost that does not depend on the
// model: the 2-column LP of miptest.TinyLP.
func BenchmarkFixedOverhead(b *testing.B) {
	e := requireB(b)
	m := miptest.TinyLP().Model
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		if _, err := e.Solve(ctx, m, mip.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewInstance is the cost of a fresh instance (after an abort, or
// when all pooled instances are busy).
func BenchmarkNewInstance(b *testing.B) {
	e := requireB(b)
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		in, err := e.mod.newInstance(ctx, 0)
		if err != nil {
			b.Fatal(err)
		}
		in.close()
	}
}

// BenchmarkFirstSolve is the latency of a first solve in a new process:
// load and compile the module, instantiate, solve the tiny LP; "cold" with
// an empty compilation cache directory, "warm" with a populated one.
func BenchmarkFirstSolve(b *testing.B) {
	dir := requireB(b).Module().Dir
	m := miptest.TinyLP().Model
	first := func(b *testing.B, cache string) {
		mod, err := LoadDir(dir, cache)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := NewWithModule(mod).Solve(context.Background(), m, mip.Options{}); err != nil {
			b.Fatal(err)
		}
		mod.Close()
	}
	b.Run("cold", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			cache, err := os.MkdirTemp("", "mrsched-wazero-cold")
			if err != nil {
				b.Fatal(err)
			}
			first(b, cache)
			b.StopTimer()
			os.RemoveAll(cache)
			b.StartTimer()
		}
	})
	b.Run("warm", func(b *testing.B) {
		cache := b.TempDir()
		b.StopTimer()
		first(b, cache) // populate
		b.StartTimer()
		for i := 0; i < b.N; i++ {
			first(b, cache)
		}
	})
}

func requireB(b *testing.B) *Engine {
	b.Helper()
	return testenv.RequireHiGHS(b, New)
}
