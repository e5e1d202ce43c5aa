//go:build unix

package game

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time this process has used so far, all threads
// (Mesa's llvmpipe rasterizer threads included), or 0 if unknown.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
