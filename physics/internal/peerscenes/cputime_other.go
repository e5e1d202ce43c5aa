//go:build !linux

package main

// Elsewhere no thread CPU clock is read.

import "math"

// threadCPU is unknown here: the runs report no thread CPU time.
func threadCPU() float64 { return math.NaN() }
