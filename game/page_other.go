//go:build !js

package game

import (
	"os"

	"github.com/hajimehoshi/ebiten/v2"
)

// hasDisplay reports whether there is a display to open a window on.
func hasDisplay() bool { return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" }

// withPage is the game as Ebiten runs it: on the desktop, the app itself
// (the web build wraps it for its page, page_js.go).
func withPage(a *app) ebiten.Game { return a }

// addressReplay does nothing on the desktop: there is no page address
// (page_js.go).
func addressReplay(*Options) {}
