package fluid

import (
	"errors"
	"fmt"
	"math"
)

// stepper is what a policy plugs into the event loop (eventLoop): the
// loop owns the clock, the event count, the stop check, the stall guard
// and the recording of segments; the policy owns its jobs' state, their
// advance and events, its arrivals and its allocation.
type stepper interface {
	// record appends the segment [t0, t1) served at the current rates to
	// the schedule (called only when one is recorded).
	record(t0, t1 float64)
	// subULP returns τ > 0 when the pending event is a crossing due in
	// less than half an ulp of now whose keys are still apart (now + τ
	// rounds to now, and a flip alone would repeat the event forever):
	// the loop then has the jobs served for τ without moving the clock
	// (work of the order of rate·ulp(now), far below the validator's
	// tolerance), so that the keys become level and the flip takes effect.
	// It returns 0 otherwise.
	subULP() float64
	// step is one event at the clock's new time: serve the jobs for dt
	// when advanced, process their events, departures and crossing,
	// admit the arrivals due, allocate the capacity, and return the time
	// of the next event (+Inf for none). errHandOff asks the loop to go on
	// in the generic state, to which step has moved the jobs.
	step(dt float64, advanced bool, sink func(JobResult)) (float64, error)
}

// errHandOff is returned by a specialised step that has moved its jobs
// into the generic state (handOffMax, handOffSplit) at the current event,
// after its arrivals.
var errHandOff = errors.New("fluid: hand-off to the generic loop")

// startLoop pulls the first job and runs the events of p from its release
// (none when the source is empty).
func (e *engine) startLoop(p stepper, sink func(JobResult)) (Summary, error) {
	e.pull()
	t := inf
	if e.hasNext {
		t = e.next.Release
	}
	return eventLoop(e, p, t, 0, sink)
}

// eventLoop runs the events of p on e from the first event time t (stall
// events already at the current time) until no event is left.
//
// The source's error is checked here once: only pull sets it, and every
// step checks it after its arrivals (and the departures that make jobs
// eligible), where it pulls.
func eventLoop(e *engine, p stepper, t float64, stall int, sink func(JobResult)) (Summary, error) {
	if e.srcErr != nil {
		return Summary{}, e.srcErr
	}
	for {
		if math.IsInf(t, 1) {
			if e.nsys > 0 {
				return Summary{}, fmt.Errorf("%w: %s: %d jobs in the system receive no service", ErrStall, e.policyName, e.nsys)
			}
			break
		}
		if t < e.now { // rounding of now+τ cannot go backwards, but be safe
			t = e.now
		}
		e.sum.Events++
		if e.sum.Events&ctxStride == 1 {
			if err := e.stopped(); err != nil {
				return Summary{}, err
			}
		}
		advanced := t > e.now
		dt := t - e.now
		if dt > 0 {
			stall = 0
			if e.sched != nil {
				p.record(e.now, t)
			}
		} else {
			if tau := p.subULP(); tau > 0 {
				dt, advanced = tau, true
			}
			if stall++; stall > maxStall {
				return Summary{}, fmt.Errorf("%w: %s: %d events at t=%v", ErrStall, e.policyName, stall, t)
			}
		}
		e.now = t
		var err error
		if t, err = p.step(dt, advanced, sink); err != nil {
			if err == errHandOff {
				return e.resume(stall, sink)
			}
			return Summary{}, err
		}
	}
	return e.finish()
}

// resume continues a run in the generic loop from the allocation, the
// jobs present having been moved into the generic state at the current
// event, after its arrivals (handOffMax, handOffSplit).
func (e *engine) resume(stall int, sink func(JobResult)) (Summary, error) {
	g := &genericStep{e: e}
	e.allocateStep()
	return eventLoop(e, g, g.next(), stall, sink)
}
