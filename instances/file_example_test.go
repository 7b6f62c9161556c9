package instances_test

import (
	"fmt"
	"os"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/tabular"
)

// The §2.1 example of Lin et al. (J1 = (1, 2), J2 = (3, 1), J3 = (2, 2),
// released at 0) as 'mrsched gen … --format csv' prints an instance: the
// capacities and metadata as comment lines, then one row per job.
func ExampleFile() {
	if err := (instances.File{Instance: instances.Example21()}).Write(os.Stdout, tabular.CSV); err != nil {
		fmt.Println(err)
	}
	// Output:
	// # kind: tandem
	// # map_capacity: 1
	// # shuffle_capacity: 1
	// # metadata: {"source":"Lin et al. §2.1 worked example (Fig. 2)"}
	// id,release,map,shuffle
	// J1,0,1,2
	// J2,0,3,1
	// J3,0,2,2
}
