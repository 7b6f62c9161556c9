//go:build linux

package main

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time (user + system) used so far by the calling
// OS thread (getrusage RUSAGE_THREAD); callers lock their goroutine to the
// thread. Unlike wall time it excludes the time the thread waits for a CPU
// on a loaded machine.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

const haveThreadCPU = true
