// Package assets holds the game's embedded images. The fonts are the Go
// fonts, embedded through golang.org/x/image/font/gofont.
package assets

import (
	"bytes"
	_ "embed"
	"image"
	"image/png"
)

//go:embed icon.png
var iconPNG []byte

// Icon returns the 64×64 window icon.
func Icon() (image.Image, error) {
	return png.Decode(bytes.NewReader(iconPNG))
}
