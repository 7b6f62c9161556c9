package experiments

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/tabular"
)

// Workers is the number of goroutines running independent simulations.
var Workers = runtime.GOMAXPROCS(0)

// Env carries progress output and the results directory of a study.
type Env struct {
	// Context, when not nil, stops the study (a time limit or an
	// interrupt): no new simulation starts and the running ones stop; the
	// study returns an error wrapping cluster.ErrStopped.
	Context  context.Context
	Progress io.Writer // messages; nil for none
	OutDir   string    // where tables and figures go; "" writes nothing
	// Render draws and saves a figure under dir (the CLI passes
	// figures.SaveCluster); nil writes tables only.
	Render func(dir string, f Figure) error
}

func (e Env) logf(format string, a ...any) {
	if e.Progress != nil {
		fmt.Fprintf(e.Progress, format, a...)
	}
}

// parallel runs f(0..n-1) on Workers goroutines. When env.Context ends,
// no further f starts and the simulations running stop (simulate); the
// error wraps cluster.ErrStopped or the context's error.
func (e Env) parallel(n int, f func(i int)) error {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	ch := make(chan int)
	for k := 0; k < max(1, Workers); k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				if err := runStoppable(f, i); err != nil {
					mu.Lock()
					first = cmp.Or(first, err)
					mu.Unlock()
				}
			}
		}()
	}
feed:
	for i := 0; i < n; i++ {
		if e.Context != nil && e.Context.Err() != nil {
			break feed
		}
		ch <- i
	}
	close(ch)
	wg.Wait()
	if first != nil {
		return first
	}
	if e.Context != nil && e.Context.Err() != nil {
		return fmt.Errorf("%w: %w", cluster.ErrStopped, context.Cause(e.Context))
	}
	return nil
}

// stopped carries a simulation's cluster.ErrStopped from simulate, deep in
// a study's run function, up to parallel (runStoppable).
type stopped struct{ err error }

// runStoppable runs f(i) and returns the error of a simulation that
// env.Context stopped; other panics go on.
func runStoppable(f func(int), i int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			s, ok := r.(stopped)
			if !ok {
				panic(r)
			}
			err = s.err
		}
	}()
	f(i)
	return nil
}

// policy returns a fresh policy; names: fifo, fair, lsps, hpfsp, ppfsp,
// hpfsp-K (FAIR_LIMIT K).
func policy(name string) cluster.Policy {
	var k int
	if _, err := fmt.Sscanf(name, "hpfsp-%d", &k); err == nil {
		c := cluster.DefaultHPFSP()
		c.FairLimit = k
		return cluster.NewHPFSP(name, c)
	}
	p, err := cluster.NewPolicy(name)
	if err != nil {
		panic(err) // study code only passes the names above
	}
	return p
}

// simulate runs policy name on w, stopped by e.Context; only parallel's f
// calls it (a stopped simulation unwinds to parallel).
func (e Env) simulate(w *workload.Workload, name string) *cluster.Result {
	r, err := cluster.Simulate(w, policy(name), cluster.Options{Context: e.Context})
	if errors.Is(err, cluster.ErrStopped) {
		panic(stopped{err})
	}
	if err != nil {
		panic(fmt.Sprintf("experiments: %s: %v", name, err)) // generated workloads are valid
	}
	return r
}

// writeTable writes t as name.csv and name.md under the results directory.
func (e Env) writeTable(name string, t *tabular.Table) error {
	if e.OutDir == "" {
		return nil
	}
	if err := os.MkdirAll(e.OutDir, 0o755); err != nil {
		return err
	}
	for _, f := range []struct {
		ext string
		fm  tabular.Format
	}{{".csv", tabular.CSV}, {".md", tabular.Markdown}} {
		var b bytesBuffer
		if err := t.Write(&b, f.fm); err != nil {
			return err
		}
		if err := fileio.WriteFileAtomic(filepath.Join(e.OutDir, name+f.ext), b.data); err != nil {
			return err
		}
	}
	e.logf("wrote %s.{csv,md}\n", filepath.Join(e.OutDir, name))
	return nil
}

type bytesBuffer struct{ data []byte }

func (b *bytesBuffer) Write(p []byte) (int, error) { b.data = append(b.data, p...); return len(p), nil }
