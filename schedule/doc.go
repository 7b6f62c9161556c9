// Package schedule is the fluid schedule of the overlapping tandem queue
// (Lin et al., §2.1, model (1)): a sequence of time segments [Start, End)
// in which every job is served at a constant map rate and a constant shuffle
// rate, plus the completion time claimed for every job.
//
// Constant rates inside a segment make the remaining work of every job
// piecewise linear, which is what lets the validator check model (1)'s
// constraints at segment boundaries only (see package validate).
//
// Schedules are written and read as JSON ("kind": "tandem-schedule") and
// CSV (one row per segment and job), with jobs named by their instance ids.
package schedule
