//go:build js

package audio

import "time"

// readyDeadline is never: a browser starts sound only at the player's first
// click, tap or key (its autoplay rule), which may come any time, and oto
// opens the device then. Until then the Player is silent, as it is while a
// desktop device opens.
func readyDeadline() <-chan time.Time { return nil }
