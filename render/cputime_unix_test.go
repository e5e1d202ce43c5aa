//go:build unix

package render

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time used by this process so far, all threads
// (Mesa's llvmpipe rasterizer threads included), or 0 if unknown.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
