// Command spaceflight is a rigid-body space-flight game.
package main

import (
	_ "github.com/BurntSushi/toml"
	_ "github.com/ebitengine/oto/v3"
	_ "github.com/go-gl/mathgl/mgl64"
	_ "github.com/gopxl/beep/v2"
	_ "github.com/gopxl/beep/v2/effects"
	_ "github.com/gopxl/beep/v2/generators"
	_ "github.com/gopxl/beep/v2/wav"
	_ "github.com/hajimehoshi/ebiten/v2"
	_ "github.com/hajimehoshi/ebiten/v2/inpututil"
	_ "github.com/hajimehoshi/ebiten/v2/text/v2"
	_ "github.com/hajimehoshi/ebiten/v2/vector"
	_ "golang.org/x/image/font/gofont/gobold"
	_ "golang.org/x/image/font/gofont/gomono"
	_ "golang.org/x/image/font/gofont/goregular"
	_ "golang.org/x/image/font/opentype"
)

func main() {}
