package instances

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Clock times. A planner may write a release or a deadline as a clock time
// HH:MM or HH:MM:SS when the file states the night's start: the metadata
// key "start" (a string "HH:MM" or "HH:MM:SS"; in CSV also the comment
// line "# start: 22:00"). The time unit of the instance is the metadata
// key "time_unit" ("second", "minute" or "hour"; "minute" when absent; in
// CSV also "# time_unit: minute"). A clock time t becomes the time from
// the start to the next occurrence of t at or after the start, in that
// unit: with start 22:00, 22:00 is 0, 23:30 is 90 minutes and 01:15 (after
// midnight) is 195 minutes, so a night from 22:00 to 06:00 reads as one
// increasing time line. The conversion is exact: a whole number of seconds
// divided once by 1, 60 or 3600 (a correctly rounded float64; exact for
// minutes and hours when the clock has no seconds, resp. minutes).

// ErrClock is wrapped by errors about clock times.
var ErrClock = errors.New("instances: bad clock time")

// MetaStart and MetaTimeUnit are the metadata keys of the night's start and
// of the time unit of clock times.
const (
	MetaStart    = "start"
	MetaTimeUnit = "time_unit"
)

// unitSeconds are the seconds of each time unit a clock time may be
// converted to.
var unitSeconds = map[string]int{"second": 1, "minute": 60, "hour": 3600}

// Clock converts the clock times of a file into instance times.
type Clock struct {
	start int   // seconds after midnight
	unit  int   // seconds per unit
	set   bool  // a start is stated
	err   error // a stated start or unit is malformed
}

// ParseClockTime parses "HH:MM" or "HH:MM:SS" (00 ≤ HH ≤ 23, two digits
// each) into seconds after midnight.
func ParseClockTime(s string) (int, error) {
	parts := strings.Split(s, ":")
	if len(parts) != 2 && len(parts) != 3 {
		return 0, fmt.Errorf("%w: %q (want HH:MM or HH:MM:SS)", ErrClock, s)
	}
	limits := []int{23, 59, 59}
	secs := 0
	for k, p := range parts {
		if len(p) != 2 || p[0] < '0' || p[0] > '9' || p[1] < '0' || p[1] > '9' {
			return 0, fmt.Errorf("%w: %q (want HH:MM or HH:MM:SS, two digits each)", ErrClock, s)
		}
		v, _ := strconv.Atoi(p)
		if v > limits[k] {
			return 0, fmt.Errorf("%w: %q (hours 00–23, minutes and seconds 00–59)", ErrClock, s)
		}
		secs = secs*60 + v
	}
	if len(parts) == 2 {
		secs *= 60
	}
	return secs, nil
}

// ClockOf returns the clock of an instance's metadata: none (a zero Clock,
// under which every clock time is an error) when there is no "start" key.
// A malformed "start" or "time_unit" is reported by Convert, when a clock
// time needs it, so that a file without clock times reads as it always did
// whatever its metadata says.
func ClockOf(md map[string]any) Clock {
	v, ok := md[MetaStart]
	if !ok {
		return Clock{}
	}
	s, isStr := v.(string)
	if !isStr {
		return Clock{err: fmt.Errorf("%w: metadata start %v is not a clock time string such as \"22:00\"", ErrClock, v)}
	}
	start, err := ParseClockTime(s)
	if err != nil {
		return Clock{err: fmt.Errorf("%w: metadata start %s", ErrClock, strings.TrimPrefix(err.Error(), ErrClock.Error()+": "))}
	}
	c := Clock{start: start, unit: 60, set: true}
	if u, ok := md[MetaTimeUnit]; ok {
		us, _ := u.(string)
		sec, known := unitSeconds[us]
		if !known {
			return Clock{err: fmt.Errorf("%w: metadata time_unit %v (want second, minute or hour)", ErrClock, u)}
		}
		c.unit = sec
	}
	return c
}

// IsClockTime reports whether s is written like a clock time (contains
// ':'), so that a reader parses it with Convert rather than as a number.
func IsClockTime(s string) bool { return strings.Contains(s, ":") }

// Convert returns the instance time of the clock time s: the time from the
// start to the next occurrence of s at or after it, in the clock's unit.
// Without a start it is an error that says how to state one.
func (c Clock) Convert(s string) (float64, error) {
	t, err := ParseClockTime(s)
	if err != nil {
		return 0, err
	}
	if c.err != nil {
		return 0, c.err
	}
	if !c.set {
		return 0, fmt.Errorf("%w: clock time %q without a night start (state one: \"# start: 22:00\" in CSV, \"start\": \"22:00\" in the JSON metadata)", ErrClock, s)
	}
	d := t - c.start
	if d < 0 {
		d += 24 * 3600
	}
	return float64(d) / float64(c.unit), nil
}

// IsSet reports whether the clock has a valid night start, so that instance
// times can be shown as clock times (Format).
func (c Clock) IsSet() bool { return c.set && c.err == nil }

// Format returns the clock time of the instance time t (the inverse of
// Convert, which maps clock times to the 24 hours from the start): the
// start plus t units, rounded to the second, as "HH:MM" when it falls on a
// whole minute and "HH:MM:SS" otherwise, with "+Nd" appended when t is N ≥ 1
// whole days or more after the start (with a 22:00 start, t = 480 minutes
// is "06:00" and t = 1500 is "23:00+1d"). Without a start, or for a
// negative, NaN or infinite t, it returns "".
func (c Clock) Format(t float64) string {
	if !c.IsSet() || t < 0 || math.IsNaN(t) || math.IsInf(t, 0) {
		return ""
	}
	off := int64(math.Round(t * float64(c.unit)))
	days, s := off/(24*3600), (int64(c.start)+off)%(24*3600)
	h, m, sec := s/3600, s/60%60, s%60
	out := fmt.Sprintf("%02d:%02d", h, m)
	if sec != 0 {
		out += fmt.Sprintf(":%02d", sec)
	}
	if days > 0 {
		out += fmt.Sprintf("+%dd", days)
	}
	return out
}

// Unit returns the seconds of one instance time unit (60 for minutes).
func (c Clock) Unit() float64 { return float64(c.unit) }

// Seconds returns the instance time t as seconds after the midnight that
// starts the start's day (the start itself plus t units), for placing clock
// ticks on a time axis.
func (c Clock) Seconds(t float64) float64 { return float64(c.start) + t*float64(c.unit) }
