package testenv_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mrsched/mrsched/internal/testenv"
)

// DataDir follows MRSCHED_DATA when it is set; otherwise it is shared/data
// beside the module root. A test calls testenv.RequireData(t, "swim", name)
// and gets the path, or a skip (a failure under CI) naming the fix.
func ExampleDataDir() {
	old, had := os.LookupEnv(testenv.EnvData)
	os.Setenv(testenv.EnvData, filepath.FromSlash("/srv/shared/data"))
	d, err := testenv.DataDir()
	fmt.Println(filepath.ToSlash(d), err)
	if had {
		os.Setenv(testenv.EnvData, old)
	} else {
		os.Unsetenv(testenv.EnvData)
	}
	// Output: /srv/shared/data <nil>
}
