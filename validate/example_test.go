package validate_test

import (
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/validate"
)

func ExampleCheck() {
	// One job (x = 2, y = 1) at unit capacities: map at rate 1 and shuffle at
	// rate 1/2 for 2 time units keeps y(t)/y = x(t)/x and ends at t = 2.
	in := instances.New([]instances.Job{{ID: "J1", Map: 2, Shuffle: 1}})
	good := &schedule.Schedule{Completion: []float64{2},
		Segments: []schedule.Segment{{Start: 0, End: 2, Rates: []schedule.Rate{{Job: 0, Map: 1, Shuffle: 0.5}}}}}
	_, err := validate.Check(in, good)
	fmt.Println(err)
	// Shuffling at rate 1 from the start runs ahead of the map progress.
	bad := &schedule.Schedule{Completion: []float64{2},
		Segments: []schedule.Segment{{Start: 0, End: 1, Rates: []schedule.Rate{{Job: 0, Map: 1, Shuffle: 1}}},
			{Start: 1, End: 2, Rates: []schedule.Rate{{Job: 0, Map: 1}}}}}
	_, err = validate.Check(in, bad)
	fmt.Println(err != nil)
	// Output:
	// <nil>
	// true
}
