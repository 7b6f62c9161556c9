//go:build !linux

package main

import "time"

func threadCPU() time.Duration { return 0 }

const haveThreadCPU = false
