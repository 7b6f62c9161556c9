//go:build !unix

package cluster

// cpuSeconds: no portable process CPU time here.
func cpuSeconds() (float64, bool) { return 0, false }
