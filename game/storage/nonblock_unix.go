//go:build unix

package storage

import "syscall"

// openNonblock makes opening a FIFO for writing fail at once (no reader)
// instead of waiting; it changes nothing for a regular file's writes.
const openNonblock = syscall.O_NONBLOCK
