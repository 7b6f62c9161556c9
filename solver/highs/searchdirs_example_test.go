package highs_test

import (
	"fmt"
	"os"

	"github.com/mrsched/mrsched/solver/highs"
)

// The first directory searched is $MRSCHED_HIGHS_DIR when it is set.
func ExampleSearchDirs() {
	old, had := os.LookupEnv(highs.EnvDir)
	os.Setenv(highs.EnvDir, os.TempDir())
	defer func() {
		if had {
			os.Setenv(highs.EnvDir, old)
		} else {
			os.Unsetenv(highs.EnvDir)
		}
	}()
	dirs := highs.SearchDirs()
	fmt.Println(dirs[0].Path == os.TempDir())
	// Output: true
}
