//go:build !unix

package game

import "time"

// processCPU is unknown here.
func processCPU() time.Duration { return 0 }
