package google

import (
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/mrsched/mrsched/internal/fileio"
)

// OrderTolerance is how far (µs) a row's time may lie before the latest
// time read so far from its table (over all its parts, in the order given)
// without an error. It is 0: the ClusterData2011_2 tables are sorted by
// time within and across consecutive parts, and all 403,231 rows of the
// four-hour slice are non-decreasing (checked with
// zcat part-*.csv.gz | awk -F, 'NR>1 && $1<p {n++} {p=$1} END {print n+0}'
// on job_events and task_events: 0 each). Import relies on the order to
// merge the two tables by time and retire jobs whose fate is known.
const OrderTolerance int64 = 0

// ErrOrder is wrapped when a table's rows go back in time by more than
// OrderTolerance (parts out of order, or an unsorted file).
var ErrOrder = errors.New("google: rows out of time order")

// errStopped ends a stream that its reader no longer wants.
var errStopped = errors.New("google: stream stopped")

// located is one row of a table with the place it was read from.
type located[T any] struct {
	ev   T
	file string
	line int
}

// stream pulls the rows of one table, part after part, and checks that
// their times do not go back by more than OrderTolerance.
type stream[T any] struct {
	table   string
	time    func(T) int64
	next    func() (located[T], error, bool)
	stop    func()
	cur     located[T]
	ok      bool // cur holds a row
	max     int64
	maxFile string
	maxLine int
}

func newStream[T any](table string, files []string, read func(io.Reader, string, func(T, int) error) error, time func(T) int64) *stream[T] {
	seq := func(yield func(located[T], error) bool) {
		stopped := false
		err := eachFile(files, func(r io.Reader, name string) error {
			return read(r, name, func(e T, line int) error {
				if !yield(located[T]{e, name, line}, nil) {
					stopped = true
					return errStopped
				}
				return nil
			})
		})
		if err != nil && !stopped {
			yield(located[T]{}, err)
		}
	}
	next, stop := iter.Pull2(seq)
	return &stream[T]{table: table, time: time, next: next, stop: stop, max: -1}
}

// advance reads the next row into cur (ok false at the end).
func (s *stream[T]) advance() error {
	r, err, ok := s.next()
	if err != nil {
		s.ok = false
		return err
	}
	s.ok = ok
	if !ok {
		return nil
	}
	t := s.time(r.ev)
	if s.maxFile != "" && t < s.max-OrderTolerance {
		s.ok = false
		return &fileio.ParseError{File: r.file, Line: r.line, Path: "column 1 (time)",
			Err: fmt.Errorf("%w: %s time %d µs is before %d µs at %s:%d (a table must be given in time order, part after part; tolerance %d µs)",
				ErrOrder, s.table, t, s.max, s.maxFile, s.maxLine, OrderTolerance)}
	}
	if t >= s.max {
		s.max, s.maxFile, s.maxLine = t, r.file, r.line
	}
	s.cur = r
	return nil
}
