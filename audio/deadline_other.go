//go:build !js

package audio

import "time"

// readyDeadline bounds the wait for the sound device at start-up: without
// one by then, the game goes on silent.
func readyDeadline() <-chan time.Time { return time.After(readyTimeout) }
