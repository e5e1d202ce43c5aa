//go:build !js

package web

import "embed"

// Page holds the page's own files: index.html, spaceflight.js (loader and
// panel) and spaceflight.css.
//
//go:embed page
var Page embed.FS
