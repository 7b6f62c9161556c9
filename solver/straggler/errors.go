package straggler

import "errors"

// ErrUnstable reports a node or cluster whose load reaches its capacity, or
// a mapping policy whose stability or sign condition (eq. 13, 19, 24) fails.
var ErrUnstable = errors.New("straggler: unstable")

// ErrStopped wraps the context's error when a simulation's context ends
// before the simulation does (a time limit or an interrupt).
var ErrStopped = errors.New("straggler: simulation stopped before its end")

// ctxStride: the simulation loops look at their context at the first
// event and once every ctxStride+1 events (a mask).
const ctxStride = 1<<12 - 1
