package mip

import "time"

// MaxOutputMargin is the largest part of a command's time limit kept back
// for writing its answer (see OutputMargin).
const MaxOutputMargin = 500 * time.Millisecond

// OutputMargin returns the part of a time limit that a command keeps for
// writing its answer after the work: a tenth of the limit, at most
// MaxOutputMargin.
func OutputMargin(limit time.Duration) time.Duration {
	return min(limit/10, MaxOutputMargin)
}

// Deadline returns the instant by which the work of a command whose time
// limit began at start must end: start + limit − OutputMargin(limit); the
// zero time when limit ≤ 0 (no limit). Commands pass their process start,
// so that the limit covers start-up, engine loading, reading and writing.
func Deadline(start time.Time, limit time.Duration) time.Time {
	if limit <= 0 {
		return time.Time{}
	}
	return start.Add(limit - OutputMargin(limit))
}
