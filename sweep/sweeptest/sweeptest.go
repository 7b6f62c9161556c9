// Package sweeptest checks the promise every sharded study makes (package
// sweep): the shards of a sweep, merged, give byte for byte the cells of
// the unsharded run, whatever the number of workers and the order in which
// the shards are merged.
package sweeptest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/mrsched/mrsched/sweep"
)

// ErrMismatch: the merged shards differ from the unsharded run.
var ErrMismatch = errors.New("sweeptest: merged shards differ from the unsharded run")

// Compare runs sw whole (two workers) and as n shards (one worker each),
// merges the shards in reverse order and compares the two cells files. It
// returns both sets; the error wraps ErrMismatch when their bytes differ.
func Compare(ctx context.Context, sw sweep.Sweep, n int) (whole, merged *sweep.Set, err error) {
	whole, err = sweep.Run(ctx, sw, sweep.Options{Workers: 2})
	if err != nil {
		return nil, nil, err
	}
	var sets []*sweep.Set
	for i := 1; i <= n; i++ {
		s, err := sweep.Run(ctx, sw, sweep.Options{Shard: sweep.Spec{I: i, N: n}})
		if err != nil {
			return nil, nil, err
		}
		sets = append(sets, s)
	}
	slices.Reverse(sets)
	merged, err = sweep.Merge(sets, nil)
	if err != nil {
		return nil, nil, err
	}
	var a, b bytes.Buffer
	if err := whole.Write(&a); err != nil {
		return nil, nil, err
	}
	if err := merged.Write(&b); err != nil {
		return nil, nil, err
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		return whole, merged, fmt.Errorf("%w (%s, %d shards)", ErrMismatch, sw.Kind, n)
	}
	return whole, merged, nil
}

// Sharded is Compare for a test: it fails tb on any error and returns the
// unsharded and the merged set.
func Sharded(tb testing.TB, sw sweep.Sweep, n int) (whole, merged *sweep.Set) {
	tb.Helper()
	whole, merged, err := Compare(context.Background(), sw, n)
	if err != nil {
		tb.Fatal(err)
	}
	return whole, merged
}
