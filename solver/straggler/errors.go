package straggler

import "errors"

// ErrUnstable reports a node or cluster whose load reaches its capacity, or
// a mapping policy whose stability or sign condition (eq. 13, 19, 24) fails.
var ErrUnstable = errors.New("straggler: unstable")
