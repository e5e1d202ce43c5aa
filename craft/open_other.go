//go:build !unix

package craft

// openNonblock is 0 where opens of special files do not block the way a
// Unix FIFO's does; the mode is still checked before the open.
const openNonblock = 0
