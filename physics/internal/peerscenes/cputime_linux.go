package main

// The CPU time of the stepping thread, beside the wall time, as the peers
// report it (thread_cpu_mean_ns).

import (
	"math"
	"syscall"
	"unsafe"
)

// threadCPU returns the calling thread's CPU time, ns
// (clock_gettime(CLOCK_THREAD_CPUTIME_ID), as the peers' Timer reads it).
func threadCPU() float64 {
	const clockThreadCPUTime = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return math.NaN()
	}
	return float64(ts.Sec)*1e9 + float64(ts.Nsec)
}
