package craft

import (
	"image/color"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A shape takes its part's colour and finish unless it gives its own;
// visual shapes are drawn only: they change neither mass nor inertia.
func TestColourFinishVisual(t *testing.T) {
	const base = `format = 1
[[part]]
name = "hull"
mass = 100.0
colour = "#102030"
finish = "metal"
  [[part.shape]]
  kind = "box"
  size = [1, 1, 1]
  [[part.shape]]
  kind = "box"
  size = [1, 1, 1]
  position = [0, 1, 0]
  colour = "#c8a040"
  finish = "foil"
`
	c, err := ParseCraft("look.toml", []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	p := &c.Parts[0]
	if p.Finish != FinishMetal || p.Shapes[0].Finish != FinishMetal || p.Shapes[0].Colour != (color.RGBA{0x10, 0x20, 0x30, 255}) {
		t.Errorf("shape 0: %s %v, want the part's metal #102030", p.Shapes[0].Finish, p.Shapes[0].Colour)
	}
	if p.Shapes[1].Finish != FinishFoil || p.Shapes[1].Colour != (color.RGBA{0xc8, 0xa0, 0x40, 255}) {
		t.Errorf("shape 1: %s %v, want its own foil #c8a040", p.Shapes[1].Finish, p.Shapes[1].Colour)
	}
	withVisual, err := ParseCraft("look.toml", []byte(base+`
  [[part.visual]]
  kind = "box"
  size = [10, 0.1, 2]
  position = [0, 0, 5]
  finish = "solar"
`))
	if err != nil {
		t.Fatal(err)
	}
	v := withVisual.Parts[0]
	if len(v.Visuals) != 1 || v.Visuals[0].Finish != FinishSolar || v.Visuals[0].Poly == nil || len(v.Shapes) != 2 {
		t.Fatalf("visuals %+v, want one solar panel with a polyhedron beside the two shapes", v.Visuals)
	}
	if v.Dry.Mass != p.Dry.Mass || v.Dry.COM != p.Dry.COM || !v.Dry.Inertia.ApproxEqual(p.Dry.Inertia) {
		t.Errorf("a visual shape changed the mass properties: %+v, want %+v", v.Dry, p.Dry)
	}
	for _, bad := range []struct{ text, path string }{
		{strings.Replace(base, `finish = "metal"`, `finish = "chrome"`, 1), "part[0].finish"},
		{strings.Replace(base, `finish = "foil"`, `finish = "gold"`, 1), "part[0].shape[1].finish"},
		{strings.Replace(base, `colour = "#c8a040"`, `colour = "gold"`, 1), "part[0].shape[1].colour"},
	} {
		_, err := ParseCraft("look.toml", []byte(bad.text))
		if err == nil || !strings.Contains(err.Error(), bad.path) {
			t.Errorf("error %v, want one at %s", err, bad.path)
		}
	}
}

// A mission without [environment.sun] gets the default sun; one with it
// gets its direction, normalised, and colour.
func TestMissionSun(t *testing.T) {
	const m = `format = 1
name = "Sun"
kind = "free"
[player]
craft = "box"
`
	got, err := ParseMission("sun.toml", []byte(m))
	if err != nil {
		t.Fatal(err)
	}
	if d := got.Sun.Direction; !(d.Len() > 0.999 && d.Len() < 1.001 && d[1] > 0) || got.Sun.Colour.A != 255 {
		t.Errorf("default sun %+v: want a unit direction above the horizon and an opaque colour", got.Sun)
	}
	got, err = ParseMission("sun.toml", []byte(m+`[environment.sun]
direction = [0, 2, 0]
colour = "#ff8000"
`))
	if err != nil {
		t.Fatal(err)
	}
	if got.Sun.Direction != (mgl64.Vec3{0, 1, 0}) || got.Sun.Colour != (color.RGBA{255, 128, 0, 255}) {
		t.Errorf("sun %+v, want straight up and #ff8000", got.Sun)
	}
	if _, err := ParseMission("sun.toml", []byte(m+"[environment.sun]\ndirection = [0, 0, 0]\n")); err == nil || !strings.Contains(err.Error(), "environment.sun.direction") {
		t.Errorf("zero direction: error %v, want one at environment.sun.direction", err)
	}
}
