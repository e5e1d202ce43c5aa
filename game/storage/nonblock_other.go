//go:build !unix

package storage

// openNonblock is 0 where opening a special file does not block the way a
// Unix FIFO's does; the mode is still checked before and after the open.
const openNonblock = 0
