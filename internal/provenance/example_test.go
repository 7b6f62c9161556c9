package provenance_test

import (
	"fmt"
	"time"

	"github.com/mrsched/mrsched/internal/provenance"
)

func ExampleInsert() {
	start, _ := provenance.StartTime(time.Now(), func(string) string { return "0" }) // SOURCE_DATE_EPOCH=0
	r := provenance.Record{Tool: "mrsched", Build: provenance.Build{Version: "v1.0.0", Revision: "425cc3d", GoVersion: "go1.26"},
		CommandLine: []string{"mrsched", "gen", "lognormal", "--seed", "1"}, Start: provenance.FormatTime(start)}
	r.SetSeed("1")
	out, _ := provenance.Insert([]byte("{\n  \"jobs\": 3\n}\n"), r)
	fmt.Print(string(out))
	// Output:
	// {
	//   "jobs": 3,
	//   "provenance": {
	//     "tool": "mrsched",
	//     "version": "v1.0.0",
	//     "revision": "425cc3d",
	//     "dirty": false,
	//     "go_version": "go1.26",
	//     "command_line": [
	//       "mrsched",
	//       "gen",
	//       "lognormal",
	//       "--seed",
	//       "1"
	//     ],
	//     "seed": 1,
	//     "start": "1970-01-01T00:00:00Z"
	//   }
	// }
}

func ExampleVersionText() {
	b := provenance.Build{Version: "v1.0.0-3-g425cc3d-dirty", Revision: "425cc3d", Dirty: true, GoVersion: "go1.26"}
	fmt.Print(provenance.VersionText("mrsched", b, []provenance.Engine{{Name: "highs", Version: "1.15.1"}}))
	// Output:
	// mrsched v1.0.0-3-g425cc3d-dirty
	// revision: 425cc3d (modified)
	// go: go1.26
	// engine highs: 1.15.1
}

// A record lists the engines a run used for a report page.
func ExampleRecord_EngineNames() {
	r := provenance.Record{Engines: []provenance.Engine{{Name: "highs", Version: "1.7.2"}}}
	fmt.Println(r.EngineNames())
	// Output: [highs 1.7.2]
}
