package google

import (
	"bytes"
	"errors"
	"testing"

	"github.com/mrsched/mrsched/internal/fileio"
)

// fuzzCheck: a reader either accepts the input or returns a *ParseError (or
// a size-limit error) wrapping ErrFormat; it never panics.
func fuzzCheck(t *testing.T, err error) {
	if err == nil {
		return
	}
	var pe *fileio.ParseError
	var le *fileio.LimitError
	if !errors.As(err, &le) && (!errors.As(err, &pe) || !errors.Is(err, ErrFormat)) {
		t.Fatalf("error %v (%T) is not a ParseError wrapping ErrFormat", err, err)
	}
}

func FuzzReadJobEvents(f *testing.F) {
	f.Add(read(nil, "job_events.csv"))
	f.Add([]byte("10623200288,,6252082995,4,fJYe=,2,xkg4=,5gQP=\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n := 0
		err := ReadJobEvents(bytes.NewReader(data), "f.csv", func(e JobEvent) error {
			n++
			if e.Time < 0 || e.JobID < 0 || e.Type < Submit || e.Type > UpdateRunning {
				t.Fatalf("accepted an out-of-range event %+v", e)
			}
			return nil
		})
		fuzzCheck(t, err)
	})
}

func FuzzReadTaskEvents(f *testing.F) {
	f.Add(read(nil, "task_events.csv"))
	f.Add([]byte("10623199542,,6126024662,0,43,3,pUz8=,3,9,0.125,0.0159,9.537e-06,0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		err := ReadTaskEvents(bytes.NewReader(data), "f.csv", func(e TaskEvent) error {
			if e.CPU < 0 || e.CPU > 1 || e.Disk < 0 || e.Disk > 1 || e.Index < 0 {
				t.Fatalf("accepted an out-of-range event %+v", e)
			}
			return nil
		})
		fuzzCheck(t, err)
	})
}

func FuzzReadTaskUsage(f *testing.F) {
	f.Add(read(nil, "task_usage.csv"))
	f.Fuzz(func(t *testing.T, data []byte) {
		err := ReadTaskUsage(bytes.NewReader(data), "f.csv", func(u Usage) error {
			if u.End < u.Start || u.CPU < 0 || u.Disk < 0 {
				t.Fatalf("accepted an out-of-range row %+v", u)
			}
			return nil
		})
		fuzzCheck(t, err)
	})
}
