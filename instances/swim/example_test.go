package swim_test

import (
	"fmt"
	"strings"

	"github.com/mrsched/mrsched/instances/swim"
)

func ExampleRead() {
	// Two lines of a SWIM trace (TAB-separated); the second job moved no
	// data, so every importer drops it (Record.Empty).
	trace := "job0\t49\t49\t740773\t2339561\t627471\njob1\t52\t3\t0\t0\t15\n"
	recs, err := swim.Read(strings.NewReader(trace), "fb.tsv")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range recs {
		fmt.Println(r.ID, r.Submit, r.MapBytes, r.ShuffleBytes, r.Empty())
	}
	// Go-only number syntax is refused with file, line and column.
	_, err = swim.Read(strings.NewReader("job0\t1\t1\t1_000\t0\t0\n"), "fb.tsv")
	fmt.Println(err)
	// Output:
	// job0 49 740773 2.339561e+06 false
	// job1 52 0 0 true
	// fb.tsv:1: column map input bytes: swim: malformed trace: "1_000" is not a decimal number (want an optional sign, digits, an optional fraction and exponent, such as 12, -0.5 or 1e-3; no 1_000, 0x1p-2, inf or nan)
}
