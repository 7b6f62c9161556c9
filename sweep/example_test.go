package sweep_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mrsched/mrsched/sweep"
)

// A sweep of four cells run as shard 1/2 and 2/2 (cells 0, 2 and 1, 3:
// c mod N = i − 1), merged into the set an unsharded run gives; with a
// Path, a rerun of a finished shard computes nothing.
func ExampleRun() {
	sw := sweep.Sweep{Kind: "squares", Config: map[string]int{"n": 4}, Keys: []string{"a", "b", "c", "d"},
		Compute: func(_ context.Context, c int) (any, error) { return c * c, nil }}
	dir, _ := os.MkdirTemp("", "sweep")
	defer os.RemoveAll(dir)
	var sets []*sweep.Set
	for i := 1; i <= 2; i++ {
		set, err := sweep.Run(context.Background(), sw, sweep.Options{Shard: sweep.Spec{I: i, N: 2}, Path: filepath.Join(dir, fmt.Sprint(i))})
		if err != nil {
			fmt.Println(err)
			return
		}
		sets = append(sets, set)
	}
	all, err := sweep.Merge(sets, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range all.Cells {
		fmt.Printf("%s=%s ", c.Key, c.Result)
	}
	fmt.Println(all.Header.Shard)
	// Output: a=0 b=1 c=4 d=9 1/1
}
