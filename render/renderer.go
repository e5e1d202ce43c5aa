package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
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
	fill *ebiten.Shader
	// lit is the per-pixel lighting shader of the craft (QualityHigh); its
	// options carry the uniforms, refilled every frame.
	lit       *ebiten.Shader
	litOpts   ebiten.DrawTrianglesShaderOptions
	litBlend  ebiten.DrawTrianglesShaderOptions
	blendOpts ebiten.DrawTrianglesShaderOptions // source-over blending
	// shadowOpts keep the darker of the shadow's colour and the pixel's.
	shadowOpts ebiten.DrawTrianglesShaderOptions
	copyOpts   ebiten.DrawTrianglesShaderOptions // opaque polygons replace pixels
	sky        color.RGBA
	skyC       [4]float32 // sky as vertex colour
	noClear    bool       // ebiten.SetScreenClearedEveryFrame(false) done

	pending    *Frame // frame DrawLater left for DrawFinalScreen
	pendingSet bool
	marker     [3]ebiten.Vertex // the pixel DrawLater draws on the offscreen
	markerIx   [3]uint32

	uiState  ui
	msgLines []string   // the HUD's wrapped message lines, reused
	labels   []labelBox // overlay labels placed this frame, reused
}

// fonts are the faces' sources: Go Mono for figures and text, Go Bold for
// titles.
type fonts struct {
	bold, mono *text.GoTextFaceSource
}

// NewRenderer returns a Renderer with the embedded Go fonts loaded.
func NewRenderer() (*Renderer, error) {
	var fs fonts
	for _, f := range []struct {
		dst  **text.GoTextFaceSource
		ttf  []byte
		name string
	}{
		{&fs.bold, gobold.TTF, "Go Bold"},
		{&fs.mono, gomono.TTF, "Go Mono"},
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
	lit, err := ebiten.NewShader([]byte(litShaderSource()))
	if err != nil {
		return nil, fmt.Errorf("render: compiling the lit shader: %w", err)
	}
	u := map[string]any{}
	return &Renderer{
		fill:     fill,
		lit:      lit,
		litOpts:  ebiten.DrawTrianglesShaderOptions{Blend: ebiten.BlendCopy, Uniforms: u},
		litBlend: ebiten.DrawTrianglesShaderOptions{Uniforms: u},
		copyOpts: ebiten.DrawTrianglesShaderOptions{Blend: ebiten.BlendCopy},
		shadowOpts: ebiten.DrawTrianglesShaderOptions{Blend: ebiten.Blend{
			BlendFactorSourceRGB: ebiten.BlendFactorOne, BlendFactorSourceAlpha: ebiten.BlendFactorOne,
			BlendFactorDestinationRGB: ebiten.BlendFactorOne, BlendFactorDestinationAlpha: ebiten.BlendFactorOne,
			BlendOperationRGB: ebiten.BlendOperationMin, BlendOperationAlpha: ebiten.BlendOperationMin,
		}},
		stars: makeStars(),
		fonts: fs,
		sky:   sky,
		skyC:  rgba(sky),
		marker: [3]ebiten.Vertex{
			{DstX: 0, DstY: 0, ColorR: 1 / 255.0, ColorA: 1},
			{DstX: 1, DstY: 0, ColorR: 1 / 255.0, ColorA: 1},
			{DstX: 0, DstY: 1, ColorR: 1 / 255.0, ColorA: 1},
		},
		markerIx: [3]uint32{0, 1, 2},
	}, nil
}

// target is what Renderer draws on: an *ebiten.Image or the window's
// ebiten.FinalScreen.
type target interface {
	Bounds() image.Rectangle
	Fill(c color.Color)
	DrawImage(img *ebiten.Image, op *ebiten.DrawImageOptions)
	DrawTrianglesShader32(vertices []ebiten.Vertex, indices []uint32, shader *ebiten.Shader, op *ebiten.DrawTrianglesShaderOptions)
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
	r.noScreenClear()
	r.pending, r.pendingSet = nil, false
	r.draw(screen, f)
}

// DrawLater is the faster alternative to Draw for a game that implements
// ebiten.FinalScreenDrawer and calls DrawFinalScreen there: in Game.Draw it
// only remembers f (which must stay unchanged until DrawFinalScreen) and
// touches one pixel of screen so that Ebiten presents the frame; the frame
// is drawn by DrawFinalScreen straight onto the window. That skips Ebiten's
// copy of its offscreen to the window, a full-screen textured pass that
// under llvmpipe costs more than the whole 3D scene.
//
// The offscreen then does not hold the picture: for a screenshot, call Draw
// instead in that frame (DrawFinalScreen copies it then).
func (r *Renderer) DrawLater(screen *ebiten.Image, f *Frame) {
	r.noScreenClear()
	r.pending = f
	r.pendingSet = true
	// Ebiten stops presenting frames whose offscreen was not drawn on.
	screen.DrawTrianglesShader32(r.marker[:], r.markerIx[:], r.fill, &r.copyOpts)
}

// DrawFinalScreen draws the window in a game's
// ebiten.FinalScreenDrawer.DrawFinalScreen method:
//
//	func (g *Game) DrawFinalScreen(s ebiten.FinalScreen, off *ebiten.Image, geoM ebiten.GeoM) {
//		g.renderer.DrawFinalScreen(s, off, geoM)
//	}
//
// After DrawLater it draws the remembered frame onto screen at the window's
// full size. After Draw it copies the offscreen to the window, replacing the
// pixels (BlendCopy) where Ebiten's default blends it over the black it has
// just filled the window with: an opaque copy lets llvmpipe drop that fill.
// Scaled offscreens are filtered as Ebiten's default does.
func (r *Renderer) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	if r.pendingSet {
		f := r.pending
		r.pending, r.pendingSet = nil, false
		r.draw(screen, f)
		return
	}
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

// noScreenClear turns Ebiten's screen clearing off once: Draw writes every
// pixel, so the clear would be a wasted full-screen pass.
func (r *Renderer) noScreenClear() {
	if !r.noClear {
		ebiten.SetScreenClearedEveryFrame(false)
		r.noClear = true
	}
}

// draw draws f onto dst.
func (r *Renderer) draw(dst target, f *Frame) {
	b := dst.Bounds()
	w, h := b.Dx(), b.Dy()
	if f == nil {
		dst.Fill(r.sky)
		return
	}
	r.scene.originX, r.scene.originY = float64(b.Min.X), float64(b.Min.Y)
	r.scene.build(f, w, h)
	r.scene.buildSky(f, r.skyC)
	if len(r.scene.skyIx) > 0 {
		dst.DrawTrianglesShader32(r.scene.sky, r.scene.skyIx, r.fill, &r.copyOpts)
	}
	if f.Stars == StarsOn {
		r.scene.buildStars(r.stars, f.Ground != nil)
		if len(r.scene.starIx) > 0 {
			dst.DrawTrianglesShader32(r.scene.stars, r.scene.starIx, r.fill, &r.copyOpts)
		}
	}
	if r.scene.lit {
		r.scene.litUniforms(r.litOpts.Uniforms)
	}
	for _, b := range r.scene.batches {
		op, sh := &r.copyOpts, r.fill
		switch {
		case b.kind == polyShadow:
			op = &r.shadowOpts
		case b.kind == polyLit && b.translucent:
			op, sh = &r.litBlend, r.lit
		case b.kind == polyLit:
			op, sh = &r.litOpts, r.lit
		case b.translucent:
			op = &r.blendOpts
		}
		dst.DrawTrianglesShader32(r.scene.verts[b.v0:b.v1], r.scene.idx[b.i0:b.i1], sh, op)
	}
	u := r.ui(dst)
	if f.Debug != nil {
		r.drawDebug(f.Debug, u)
	}
	if f.Overlay != nil {
		r.drawOverlay(f.Overlay, u)
	}
	r.drawHUD(f, u)
	u.flush()
	if f.Screen != nil {
		r.drawScreen(f, u)
		u.flush()
	}
	if f.Help != nil {
		r.drawHelp(f.Help, u)
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
