package render

import (
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// dockingView draws a target port at the origin (axis +z, up +y) as seen by
// the docking camera of a port dist metres out along the axis, moved
// sideways by off (m) and turned by yaw (rad) about y, and returns the
// picture.
func dockingView(t *testing.T, r *Renderer, target *Mesh, dist float64, off mgl64.Vec3, yaw float64) *image.RGBA {
	t.Helper()
	cam := NewCamera()
	cam.Mode = CameraDocking
	cam.Screen = [2]int{640, 360}
	axis := mgl64.QuatRotate(yaw, mgl64.Vec3{0, 1, 0}).Rotate(mgl64.Vec3{0, 0, -1})
	cam.Update(tick, CameraTarget{Orient: mgl64.QuatIdent(), Radius: 2, PortPos: mgl64.Vec3{0, 0, dist}.Add(off), PortAxis: axis, PortUp: mgl64.Vec3{0, 1, 0}}, CameraInput{})
	f := &Frame{
		View: cam.View(), SunDir: mgl64.Vec3{0.2, 0.3, 1}, Stars: StarsOff, HUD: HUD{Hidden: true},
		Bodies: []Body{{Mesh: target, Pos: mgl64.Vec3{}, Orient: mgl64.QuatIdent(), Shadow: true}},
	}
	return render(t, 640, 360, func(dst *ebiten.Image) { r.Draw(dst, f) })
}

// brightCentroid returns the centroid of the white pixels (all channels
// above 170) whose distance from (cx, cy) lies in [r0, r1) px.
func brightCentroid(img *image.RGBA, cx, cy, r0, r1 float64) (x, y float64, n int) {
	b := img.Bounds()
	for py := b.Min.Y; py < b.Max.Y; py++ {
		for px := b.Min.X; px < b.Max.X; px++ {
			d := math.Hypot(float64(px)+0.5-cx, float64(py)+0.5-cy)
			if d < r0 || d >= r1 {
				continue
			}
			c := img.RGBAAt(px, py)
			if c.R > 170 && c.G > 170 && c.B > 170 {
				x += float64(px) + 0.5
				y += float64(py) + 0.5
				n++
			}
		}
	}
	if n > 0 {
		x, y = x/float64(n), y/float64(n)
	}
	return x, y, n
}

// The port's alignment cross is centred in the docking camera when the
// offset and the angle are zero: the cross and the white rim of the disc
// behind it both sit on the middle of the safe area, where the HUD's
// crosshair is. Off the axis the cross
// stands off the rim's centre (parallax), and turned the whole target
// leaves the middle.
func TestAlignmentCrossCentred(t *testing.T) {
	r := newTestRenderer(t)
	target, err := PortMesh(true)
	if err != nil {
		t.Fatal(err)
	}
	const dist = 3.0
	focal := 0.5 * 360 / math.Tan(defaultFovY/2)
	rimR := targetDisc * focal / dist // px
	crossR := 0.12 * focal / (dist - targetStandOff)

	img := dockingView(t, r, target, dist, mgl64.Vec3{}, 0)
	cx, cy := SafeArea(640, 360).Centre()
	xa, _, _ := brightCentroid(img, cx, cy, 0, 1000) // everything white
	xc, yc, nc := brightCentroid(img, cx, cy, 0, crossR+2)
	xr, yr, nr := brightCentroid(img, cx, cy, rimR-5, rimR+3)
	if nc < 30 || nr < 30 {
		t.Fatalf("cross %d and rim %d white pixels, want both drawn", nc, nr)
	}
	if math.Hypot(xc-cx, yc-cy) > 1 || math.Hypot(xr-cx, yr-cy) > 1 {
		t.Errorf("aligned: cross centre (%.2f, %.2f), rim centre (%.2f, %.2f), want both at (%g, %g)", xc, yc, xr, yr, cx, cy)
	}

	// 0.25 m to the side: the cross, 0.3 m nearer, shifts more than the rim.
	img = dockingView(t, r, target, dist, mgl64.Vec3{0.25, 0, 0}, 0)
	shift := 0.25 * focal / dist
	xr, yr, _ = brightCentroid(img, cx-shift, cy, rimR-5, rimR+3)
	xc, yc, _ = brightCentroid(img, xr, yr, 0, crossR+2)
	if d := math.Abs(xc - xr); d < 1 {
		t.Errorf("0.25 m off the axis: the cross is %.2f px from the rim's centre, want it visibly off (parallax)", d)
	}

	// Turned by 2°: the target is off the middle of the view.
	img = dockingView(t, r, target, dist, mgl64.Vec3{}, 2*math.Pi/180)
	if x, _, _ := brightCentroid(img, cx, cy, 0, 1000); math.Abs(x-xa) < 5 {
		t.Errorf("turned 2°: the target's white parts moved %.1f px, want them well off the middle", x-xa)
	}
}
