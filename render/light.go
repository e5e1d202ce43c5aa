package render

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
)

// Finish says how a surface takes the light.
type Finish uint8

// Finishes; the craft files name them (craft.Finish…).
const (
	FinishPaint Finish = iota // matt paint
	FinishMetal               // bright, sharp highlight tinted by the colour
	FinishFoil                // crinkled insulation foil: broad, very bright highlight
	FinishSolar               // solar cells: dark and glossy
	FinishLight               // a lamp: its own colour whatever the light
	numFinishes
)

// finishLight is how a finish reflects: diffuse weight kd, specular weight
// ks and Blinn–Phong exponent; tint colours the highlight with the surface
// colour (metals) instead of the light's.
type finishLight struct {
	kd, ks, shininess float64
	tint              bool
}

// finishes is the one table of finishes: shade (vertex lighting) reads it,
// and litShaderSource writes it into the Kage shader.
var finishes = [numFinishes]finishLight{
	FinishPaint: {kd: 1, ks: 0.08, shininess: 12},
	FinishMetal: {kd: 0.55, ks: 0.75, shininess: 48, tint: true},
	FinishFoil:  {kd: 0.7, ks: 0.45, shininess: 8, tint: true},
	FinishSolar: {kd: 0.45, ks: 1, shininess: 90},
	FinishLight: {}, // emissive: not lit
}

// The lighting model, the same per vertex (shade, on the CPU) and per pixel
// (the lit Kage shader), for a surface of colour c and unit normal n seen
// from direction v (unit, surface → eye):
//
//	colour = c·(ambient + earth·max(n·e, 0) + kd·sun·max(n·l, 0)·vis)
//	       + ks·max(n·h, 0)^shininess·sun·vis·(c if tint else 1)   when n·l > 0
//
// with l the unit direction to the sun, h = (l + v)/|l + v|, e the direction
// to the Earth (straight down) and vis the fraction of the sun the surface
// sees (0 where another body blocks it). All colours are linear RGB in 0…1;
// the sum is clamped to 1.

// lighting is a frame's light, world frame.
type lighting struct {
	sun      mgl64.Vec3 // unit, towards the sun
	sunCol   [3]float64
	ambient  [3]float64
	earthCol [3]float64 // earthshine colour times strength; zero = none
}

// earthDir is the direction of the Earth's light: straight up from below.
var earthDir = mgl64.Vec3{0, -1, 0}

// defaultSunColor is a slightly warm white.
var defaultSunColor = color.RGBA{255, 246, 232, 255}

// set reads the frame's light, with defaults.
func (l *lighting) set(f *Frame) {
	l.sun = f.SunDir
	if n := l.sun.Len(); n > 1e-12 && !math.IsInf(n, 0) {
		l.sun = l.sun.Mul(1 / n)
	} else {
		l.sun = mgl64.Vec3{0.3, 0.8, 0.5}.Normalize()
	}
	sc := f.SunColor
	if sc == (color.RGBA{}) {
		sc = defaultSunColor
	}
	l.sunCol = [3]float64{float64(sc.R) / 255, float64(sc.G) / 255, float64(sc.B) / 255}
	amb := f.Ambient
	if !(amb > 0 && amb <= 1) {
		amb = defaultAmbient
	}
	l.ambient = [3]float64{amb, amb, amb * 1.05}
	e := max(0, min(f.Earthshine, 1))
	l.earthCol = [3]float64{0.55 * e, 0.7 * e, e} // blue-white
}

// shade returns the colour of a surface of colour c (straight alpha) and
// finish fin with unit world normal n, seen from unit direction v, with vis
// of the sun: the lighting model above, on the CPU.
func (l *lighting) shade(n mgl64.Vec3, c [4]float32, fin Finish, vis float64, v mgl64.Vec3) [4]float32 {
	if fin >= numFinishes || fin == FinishLight {
		return c
	}
	p := &finishes[fin]
	ndl := n.Dot(l.sun)
	ne := max(n.Dot(earthDir), 0)
	diff := max(ndl, 0) * vis * p.kd
	var spec float64
	if ndl > 0 && p.ks > 0 && vis > 0 {
		h := l.sun.Add(v)
		if hl := h.Len(); hl > 1e-9 {
			spec = p.ks * math.Pow(max(n.Dot(h)/hl, 0), p.shininess) * vis
		}
	}
	var out [4]float32
	for k := range 3 {
		ck := float64(c[k])
		tint := 1.0
		if p.tint {
			tint = ck
		}
		x := ck*(l.ambient[k]+l.earthCol[k]*ne+diff*l.sunCol[k]) + spec*l.sunCol[k]*tint
		out[k] = float32(min(x, 1))
	}
	out[3] = c[3]
	return out
}

// materialCode packs a finish and the sun's visibility into one vertex
// attribute for the lit shader: finish + 0.25 + vis/2, so that the fraction
// stays clear of whole numbers when the rasterizer interpolates it.
func materialCode(fin Finish, vis float64) float32 {
	return float32(float64(fin) + 0.25 + 0.5*max(0, min(vis, 1)))
}

// litShaderSource is the per-pixel lighting shader: the model above with
// the vertex colour (premultiplied) as c, the interpolated vertex normal in
// custom.xyz and materialCode in custom.w. The view direction comes from
// the pixel position and the camera uniforms.
func litShaderSource() string {
	var b strings.Builder
	b.WriteString(`//kage:unit pixels

package main

var SunDir vec3
var SunColor vec3
var Ambient vec3
var EarthColor vec3
var CamX vec3
var CamY vec3
var CamZ vec3
var Centre vec2
var Focal float

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	if color.a <= 0 {
		return vec4(0)
	}
	c := color.rgb / color.a
	fin := floor(custom.w)
	vis := (custom.w - fin - 0.25) * 2
	kd := 0.0
	ks := 0.0
	sh := 1.0
	tint := 0.0
`)
	for f, p := range finishes {
		if Finish(f) == FinishLight {
			fmt.Fprintf(&b, "\tif fin > %d.5 && fin < %d.5 {\n\t\treturn color\n\t}\n", f-1, f)
			continue
		}
		t := 0
		if p.tint {
			t = 1
		}
		fmt.Fprintf(&b, "\tif fin > %d.5 && fin < %d.5 {\n\t\tkd = %g\n\t\tks = %g\n\t\tsh = %g\n\t\ttint = %d\n\t}\n", f-1, f, p.kd, p.ks, p.shininess, t)
	}
	b.WriteString(`	n := normalize(custom.xyz)
	d := vec3(dstPos.x-Centre.x, Centre.y-dstPos.y, -Focal)
	v := -normalize(d.x*CamX + d.y*CamY + d.z*CamZ)
	ndl := dot(n, SunDir)
	diff := max(ndl, 0) * vis * kd
	spec := 0.0
	if ndl > 0 {
		h := normalize(SunDir + v)
		spec = ks * pow(max(dot(n, h), 0), sh) * vis
	}
	rgb := c*(Ambient+EarthColor*max(-n.y, 0)+diff*SunColor) + spec*SunColor*mix(vec3(1), c, tint)
	return vec4(clamp(rgb, 0, 1)*color.a, color.a)
}
`)
	return b.String()
}

// litUniforms fills the lit shader's uniforms for the scene's camera and
// light into u (reused every frame: no allocation after the first).
func (s *scene) litUniforms(u map[string]any) {
	l := &s.light
	vec := func(key string, v [3]float64) {
		a, _ := u[key].([]float32)
		if len(a) != 3 {
			a = make([]float32, 3)
			u[key] = a
		}
		a[0], a[1], a[2] = float32(v[0]), float32(v[1]), float32(v[2])
	}
	vec("SunDir", l.sun)
	vec("SunColor", l.sunCol)
	vec("Ambient", l.ambient)
	vec("EarthColor", l.earthCol)
	col := func(k int) [3]float64 { return [3]float64{s.camRot.At(0, k), s.camRot.At(1, k), s.camRot.At(2, k)} }
	vec("CamX", col(0))
	vec("CamY", col(1))
	vec("CamZ", col(2))
	c, _ := u["Centre"].([]float32)
	if len(c) != 2 {
		c = make([]float32, 2)
		u["Centre"] = c
	}
	c[0], c[1] = float32(s.originX+s.w/2), float32(s.originY+s.h/2)
	fl, _ := u["Focal"].([]float32)
	if len(fl) != 1 {
		fl = make([]float32, 1)
		u["Focal"] = fl
	}
	fl[0] = float32(s.focal)
}
