//go:build !linux

package fluid

import "time"

func threadCPU() time.Duration { return 0 }

const haveThreadCPU = false
