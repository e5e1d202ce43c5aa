package render

import (
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The surface is a function of the position and the seed: the same seed
// gives the same light, another seed other craters; a bowl's slope points
// away from its centre inside and towards it on the far side of the rim.
func TestSurfaceSeeded(t *testing.T) {
	var s scene
	s.light.set(&Frame{})
	same, differ := 0, 0
	for i := range 400 {
		x, z := float64(i%20)*3.7, float64(i/20)*3.7
		a := s.regolith(x, z, defaultGround, 1)
		if a != s.regolith(x, z, defaultGround, 1) {
			t.Fatalf("(%g, %g): two colours for one seed", x, z)
		}
		if a == s.regolith(x, z, defaultGround, 2) {
			same++
		} else {
			differ++
		}
	}
	if differ < 300 {
		t.Errorf("seeds 1 and 2 agree at %d of 400 points, want different surfaces", same)
	}
	// Find a crater of seed 1 and check its profile's slopes.
	fl := craterFields[0]
	for j := int64(0); j < 50; j++ {
		h := hash3(0, j, 1)
		if unit(h, 0) >= fl.chance {
			continue
		}
		u := unit(h, 3)
		R := fl.rMin + (fl.rMax-fl.rMin)*u*u
		cx, cz := unit(h, 1)*fl.cell, (float64(j)+unit(h, 2))*fl.cell
		inX, _ := craterSlope(cx+0.5*R, cz, 1)
		rimX, _ := craterSlope(cx+1.3*R, cz, 1)
		if !(inX > 0) || !(rimX < 0) {
			t.Errorf("crater at (%.1f, %.1f) R %.1f: slope %.3f inside, %.3f beyond the rim; want rising inside, falling outside", cx, cz, R, inX, rimX)
		}
		return
	}
	t.Fatal("no crater in 50 cells")
}

// Rocks lie on the ground near the camera and never near a pad.
func TestRocksClearOfPads(t *testing.T) {
	pad, err := PadMesh(mgl64.Vec3{20, 0.5, 20}, color.RGBA{200, 200, 200, 255})
	if err != nil {
		t.Fatal(err)
	}
	eye := mgl64.Vec3{0, 20, 30}
	f := &Frame{View: View{Pos: eye, Orient: LookAt(eye, mgl64.Vec3{}, mgl64.Vec3{0, 1, 0})}, Ground: &Ground{Seed: 7},
		Bodies: []Body{{Mesh: pad, Pos: mgl64.Vec3{0, 0.5, 0}, Orient: mgl64.QuatIdent(), Underlay: true}}}
	var s scene
	s.build(f, 640, 360)
	if len(s.rocks) < 20 {
		t.Fatalf("%d rocks, want a field of them", len(s.rocks))
	}
	for _, r := range s.rocks {
		if d := math.Hypot(r.Pos[0], r.Pos[2]); d < pad.radius+rockClear {
			t.Errorf("rock at %v, %.1f m from the pad's centre: want ≥ %.1f", r.Pos, d, pad.radius+rockClear)
		}
		if math.Abs(r.Pos[0]-eye[0]) > rockReach+rockCell || math.Abs(r.Pos[2]-eye[2]) > rockReach+rockCell {
			t.Errorf("rock at %v, beyond %g m of the camera", r.Pos, rockReach)
		}
	}
	f.Ground.Plain = true
	s.build(f, 640, 360)
	if len(s.rocks) != 0 {
		t.Errorf("plain ground: %d rocks, want none", len(s.rocks))
	}
}

// The ground's corner colours are kept between frames while the grid stays
// put and worked out again when it moves: a scene that has flown elsewhere
// draws the same ground as a fresh one.
func TestGroundColoursFollowTheCamera(t *testing.T) {
	at := func(eye mgl64.Vec3) *Frame {
		return &Frame{View: View{Pos: eye, Orient: LookAt(eye, eye.Add(mgl64.Vec3{0, -1, 2}), mgl64.Vec3{0, 1, 0})}, Ground: &Ground{Seed: 3}}
	}
	var moved scene
	for _, eye := range []mgl64.Vec3{{0, 10, 0}, {0.5, 10, 0}, {37, 10, -12}, {37, 40, -12}} {
		moved.build(at(eye), 640, 360)
		var fresh scene
		fresh.build(at(eye), 640, 360)
		if moved.gridCol != fresh.gridCol {
			t.Fatalf("camera at %v: the ground's colours differ from a fresh scene's", eye)
		}
	}
}
