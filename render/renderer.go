package render

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Renderer draws frames. It keeps its buffers between frames; create one
// and reuse it. A Renderer is not safe for concurrent use.
type Renderer struct {
	scene scene
	stars []star
	fonts fonts

	// fill is the shader of all untextured triangles: the interpolated
	// vertex colour (premultiplied alpha), with no texture fetch. Under
	// llvmpipe it fills a pixel about three times faster than Ebiten's
	// built-in shader sampling a white image.
	fill      *ebiten.Shader
	blendOpts ebiten.DrawTrianglesShaderOptions // source-over blending
	copyOpts  ebiten.DrawTrianglesShaderOptions // opaque polygons replace pixels
	sky       color.RGBA
	skyC      [4]float32 // sky as vertex colour
	noClear   bool       // ebiten.SetScreenClearedEveryFrame(false) done

	uiState  ui
	navVerts []ebiten.Vertex
	navIdx   []uint32
}

type fonts struct {
	regular, bold, mono, monoBold *text.GoTextFaceSource
}

// NewRenderer returns a Renderer with the embedded Go fonts loaded.
func NewRenderer() (*Renderer, error) {
	var fs fonts
	for _, f := range []struct {
		dst  **text.GoTextFaceSource
		ttf  []byte
		name string
	}{
		{&fs.regular, goregular.TTF, "Go Regular"},
		{&fs.bold, gobold.TTF, "Go Bold"},
		{&fs.mono, gomono.TTF, "Go Mono"},
		{&fs.monoBold, gomonobold.TTF, "Go Mono Bold"},
	} {
		src, err := text.NewGoTextFaceSource(bytes.NewReader(f.ttf))
		if err != nil {
			return nil, fmt.Errorf("render: loading font %s: %w", f.name, err)
		}
		*f.dst = src
	}
	sky := color.RGBA{2, 3, 8, 255}
	fill, err := ebiten.NewShader([]byte(fillShader))
	if err != nil {
		return nil, fmt.Errorf("render: compiling the fill shader: %w", err)
	}
	return &Renderer{
		fill:     fill,
		copyOpts: ebiten.DrawTrianglesShaderOptions{Blend: ebiten.BlendCopy},
		stars:    makeStars(),
		fonts:    fs,
		sky:      sky,
		skyC:     rgba(sky),
	}, nil
}

// Draw draws f onto screen: sky, stars, the 3D scene and the HUD. It reads f
// and changes nothing in it.
//
// Draw writes every pixel of screen (the sky and the ground each cover their
// part of it once), so on its first call it turns off Ebiten's clearing of
// the screen before every frame, ebiten.SetScreenClearedEveryFrame(false):
// under a software rasterizer that clear costs as much as drawing the whole
// sky. A game that draws a frame without Draw must then fill its screen
// itself.
func (r *Renderer) Draw(screen *ebiten.Image, f *Frame) {
	if !r.noClear {
		// Draw writes every pixel, so Ebiten's clear of the screen before
		// each frame would be a wasted full-screen pass.
		ebiten.SetScreenClearedEveryFrame(false)
		r.noClear = true
	}
	b := screen.Bounds()
	w, h := b.Dx(), b.Dy()
	if f == nil {
		screen.Fill(r.sky)
		return
	}
	r.scene.build(f, w, h)
	r.scene.buildSky(f, r.skyC)
	if len(r.scene.skyIx) > 0 {
		screen.DrawTrianglesShader32(r.scene.sky, r.scene.skyIx, r.fill, &r.copyOpts)
	}
	if f.Stars == StarsOn {
		r.scene.buildStars(r.stars, f.Ground != nil)
		if len(r.scene.starIx) > 0 {
			screen.DrawTrianglesShader32(r.scene.stars, r.scene.starIx, r.fill, &r.copyOpts)
		}
	}
	for _, b := range r.scene.batches {
		op := &r.copyOpts
		if b.translucent {
			op = &r.blendOpts
		}
		screen.DrawTrianglesShader32(r.scene.verts[b.v0:b.v1], r.scene.idx[b.i0:b.i1], r.fill, op)
	}
	u := r.ui(screen)
	if f.Debug != nil {
		r.drawDebug(f.Debug, u)
	}
	r.drawHUD(f, u)
	u.flush()
	if f.Screen != nil {
		r.drawScreen(f.Screen, u)
		u.flush()
	}
}

// fillShader returns the interpolated vertex colour, which the vertices
// carry premultiplied by alpha.
const fillShader = `//kage:unit pixels

package main

func Fragment(dstPos vec4, srcPos vec2, color vec4) vec4 {
	return color
}
`

// Triangles returns the number of scene triangles drawn in the last frame
// (stars not counted).
func (r *Renderer) Triangles() int { return r.scene.triangles() }

// DrawFinalScreen copies the game's offscreen to the window replacing the
// pixels (BlendCopy), where Ebiten's default blends it over the black it has
// just filled the window with. Under llvmpipe an opaque copy that covers
// whole tiles lets the rasterizer drop that fill. A game uses it by
// implementing ebiten.FinalScreenDrawer:
//
//	func (g *Game) DrawFinalScreen(s ebiten.FinalScreen, off *ebiten.Image, geoM ebiten.GeoM) {
//		render.DrawFinalScreen(s, off, geoM)
//	}
//
// The offscreen must be opaque, as Renderer.Draw leaves it. Scaled screens
// are filtered as Ebiten's default does.
func DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	op := ebiten.DrawImageOptions{GeoM: geoM, Blend: ebiten.BlendCopy}
	switch scale := geoM.Element(0, 0); {
	case math.Floor(scale) == scale:
	case scale < 1:
		op.Filter = ebiten.FilterLinear
	default:
		op.Filter = ebiten.FilterPixelated
	}
	screen.DrawImage(offscreen, &op)
}
