//go:build js

package web

import (
	"fmt"
	"io"
)

// Serve is `spaceflight serve`, which only the desktop build has: a page
// does not serve itself (and leaving the server out keeps net/http out of
// the page's download).
func Serve(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "spaceflight serve: run it on the desktop; the page is what it serves")
	return 2
}
