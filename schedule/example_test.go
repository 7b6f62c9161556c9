package schedule_test

import (
	"fmt"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
)

func ExampleReadJSON() {
	in := instances.New([]instances.Job{{ID: "J1", Map: 1, Shuffle: 1}})
	s, err := schedule.ReadJSON(strings.NewReader(`{"kind": "tandem-schedule",
 "completions": [{"id": "J1", "completion": 1}],
 "segments": [{"start": 0, "end": 1, "rates": [{"id": "J1", "map": 1, "shuffle": 1}]}]}`), "s.json", in)
	fmt.Println(s.Completion, len(s.Segments), err)
	_, err = schedule.ReadJSON(strings.NewReader(`{"kind": "tandem-schedule", "completions": [{"id": "J9", "completion": 1}]}`), "s.json", in)
	fmt.Println(err)
	// Output:
	// [1] 1 <nil>
	// s.json:1: completions[0].id: schedule: malformed schedule file: unknown job "J9"
}
