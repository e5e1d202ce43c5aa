package craft

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/geom"
)

func closeTo(a, b, rel float64) bool {
	return math.Abs(a-b) <= rel*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func matClose(t *testing.T, what string, got, want mgl64.Mat3, rel float64) {
	t.Helper()
	scale := 0.0
	for i := range 9 {
		scale = math.Max(scale, math.Abs(want[i]))
	}
	for i := range 9 {
		if math.Abs(got[i]-want[i]) > rel*math.Max(scale, 1e-300) {
			t.Errorf("%s = %v, want %v", what, got, want)
			return
		}
	}
}

func vecClose(t *testing.T, what string, got, want mgl64.Vec3, abs float64) {
	t.Helper()
	if got.Sub(want).Len() > abs {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// Integrating a box polyhedron over tetrahedra gives the analytic box.
func TestPolyhedronMassBox(t *testing.T) {
	for _, size := range []mgl64.Vec3{{1, 1, 1}, {2, 0.5, 3}, {4.899, 3.464, 0.2}, {1e-3, 2e-3, 5e-3}} {
		const density = 750.0
		vol := size[0] * size[1] * size[2]
		m := vol * density
		got := PolyhedronMass(geom.Box(size.Mul(0.5)), density)
		want := mgl64.Diag3(mgl64.Vec3{
			m * (size[1]*size[1] + size[2]*size[2]) / 12,
			m * (size[0]*size[0] + size[2]*size[2]) / 12,
			m * (size[0]*size[0] + size[1]*size[1]) / 12,
		})
		if !closeTo(got.Mass, m, 1e-12) {
			t.Errorf("box %v: mass %g, want %g", size, got.Mass, m)
		}
		vecClose(t, "box COM", got.COM, mgl64.Vec3{}, 1e-12*size.Len())
		matClose(t, "box inertia", got.Inertia, want, 1e-9)
		matClose(t, "BoxMass", BoxMass(size, m).Inertia, want, 1e-15)
	}
}

// A regular n-gon prism (geom.Cylinder) against its closed form: polygon
// area A = n r² sin(2π/n)/2, polar moment J = A r² (1 + 2cos²(π/n))/6,
// so Iyy = m J/A and Ixx = Izz = m (J/(2A) + l²/12).
func TestPolyhedronMassPrism(t *testing.T) {
	for _, n := range []int{3, 4, 8, 16, 64} {
		r, l := 0.7, 1.9
		area := float64(n) * r * r * math.Sin(2*math.Pi/float64(n)) / 2
		c := math.Cos(math.Pi / float64(n))
		j := area * r * r * (1 + 2*c*c) / 6
		got := PolyhedronMass(geom.Cylinder(r, l, n), 1)
		m := area * l
		if !closeTo(got.Mass, m, 1e-12) {
			t.Errorf("n=%d: volume %g, want %g", n, got.Mass, m)
		}
		want := mgl64.Diag3(mgl64.Vec3{m * (j/(2*area) + l*l/12), m * j / area, m * (j/(2*area) + l*l/12)})
		matClose(t, "prism inertia", got.Inertia, want, 1e-9)
		vecClose(t, "prism COM", got.COM, mgl64.Vec3{}, 1e-12)
	}
	// And the prism tends to the circular cylinder.
	got := PolyhedronMass(geom.Cylinder(1, 2, 1024), 1)
	want := CylinderMass(1, 2, got.Mass)
	matClose(t, "fine prism vs cylinder", got.Inertia, want.Inertia, 1e-4)
}

// The hull of a rotated, shifted box's corners integrates to R I Rᵀ about
// the moved centre.
func TestHullMassRotatedBox(t *testing.T) {
	size := mgl64.Vec3{1, 2, 3}
	q := mgl64.QuatRotate(0.7, mgl64.Vec3{1, 2, 3}.Normalize())
	off := mgl64.Vec3{5, -2, 1}
	var pts []mgl64.Vec3
	for _, v := range geom.Box(size.Mul(0.5)).Verts {
		pts = append(pts, off.Add(q.Rotate(v)))
	}
	pts = append(pts, off) // an interior point changes nothing
	h, err := geom.Hull(pts)
	if err != nil {
		t.Fatal(err)
	}
	got := PolyhedronMass(h, 2)
	want := BoxMass(size, 12).Transform(off, q)
	if !closeTo(got.Mass, 12, 1e-12) {
		t.Errorf("mass %g, want 12", got.Mass)
	}
	vecClose(t, "COM", got.COM, off, 1e-12)
	matClose(t, "inertia", got.Inertia, want.Inertia, 1e-9)
}

// shippedCraft loads a craft of the shipped library.
func shippedCraft(t *testing.T, name string) *Craft {
	t.Helper()
	c, err := NewLibrary(shipped()).LoadCraft(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func parseOK(t *testing.T, src string) *Craft {
	t.Helper()
	c, err := ParseCraft("t.toml", []byte(src))
	if err != nil {
		t.Fatalf("%v", err)
	}
	return c
}

// Parts loaded from files carry the analytic box and cylinder values, with
// shapes rotated and offset (parallel-axis theorem) and compound parts.
func TestPartMassAnalytic(t *testing.T) {
	c := parseOK(t, `format = 1
[[part]]
name = "box"
mass = 30
  [[part.shape]]
  kind = "box"
  size = [1, 2, 3]

[[part]]
name = "cyl"
mass = 12
position = [0, 0, 3.5]
  [[part.shape]]
  kind = "cylinder"
  radius = 0.5
  length = 4
  orientation = [90, 0, 0]   # axis along z

[[part]]
name = "pair"                # two equal cubes side by side along x
mass = 20
position = [0, 0, -2]
  [[part.shape]]
  kind = "box"
  size = [1, 1, 1]
  position = [-0.5, 1, 0]
  [[part.shape]]
  kind = "box"
  size = [1, 1, 1]
  position = [0.5, 1, 0]

[[joint]]
kind = "fixed"
part_a = "box"
part_b = "cyl"
anchor = [0, 0, 1.5]
[[joint]]
kind = "fixed"
part_a = "box"
part_b = "pair"
anchor = [0, 1, -1.5]
`)
	box := c.Parts[0].Dry
	matClose(t, "box", box.Inertia, mgl64.Diag3(mgl64.Vec3{30 * (4 + 9) / 12.0, 30 * (1 + 9) / 12.0, 30 * (1 + 4) / 12.0}), 1e-9)
	cyl := c.Parts[1].Dry
	r2, l2 := 0.25, 16.0
	matClose(t, "cylinder along z", cyl.Inertia, mgl64.Diag3(mgl64.Vec3{12 * (3*r2 + l2) / 12, 12 * (3*r2 + l2) / 12, 12 * r2 / 2}), 1e-9)
	pair := c.Parts[2].Dry
	vecClose(t, "pair COM", pair.COM, mgl64.Vec3{0, 1, 0}, 1e-12)
	// Each cube: 10 kg, I = 10·2/12 about its centre; parallel axis adds 10·0.5² about y and z.
	ic := 10 * 2 / 12.0
	matClose(t, "pair", pair.Inertia, mgl64.Diag3(mgl64.Vec3{2 * ic, 2 * (ic + 2.5), 2 * (ic + 2.5)}), 1e-9)

	// The whole craft: centres of mass at (0, 0, 0), (0, 0, 3.5), (0, 1, −2).
	all := c.MassProps(nil)
	if !closeTo(all.Mass, 62, 1e-12) {
		t.Errorf("craft mass %g", all.Mass)
	}
	wantCOM := mgl64.Vec3{0, 20.0 / 62, (12*3.5 - 20*2) / 62.0}
	vecClose(t, "craft COM", all.COM, wantCOM, 1e-12)
	var want mgl64.Mat3
	for i, p := range []mgl64.Vec3{{0, 0, 0}, {0, 0, 3.5}, {0, 1, -2}} {
		mp := c.Parts[i].Dry
		d := p.Sub(wantCOM)
		want = want.Add(mp.Inertia).Add(mgl64.Ident3().Mul(mp.Mass * d.Dot(d)).Sub(outer(d, d).Mul(mp.Mass)))
	}
	matClose(t, "craft inertia", all.Inertia, want, 1e-9)
}

// The shipped box's inertia is exactly diag(1000, 2000, 3000).
func TestShippedBoxInertia(t *testing.T) {
	c := shippedCraft(t, "box")
	mp := c.MassProps(nil)
	if mp.Inertia != mgl64.Diag3(mgl64.Vec3{1000, 2000, 3000}) || mp.Mass != 1000 || mp.COM != (mgl64.Vec3{}) {
		t.Errorf("box: mass %g COM %v inertia %v", mp.Mass, mp.COM, mp.Inertia)
	}
}

// Fuel: a tank filling a whole uniform part scales its inertia with its
// mass; a tank in one shape moves the centre of mass as it drains.
func TestTankFuel(t *testing.T) {
	src := `format = 1
[[part]]
name = "hull"
mass = 100
  [[part.shape]]
  kind = "box"
  size = [2, 2, 2]
  [[part.shape]]
  kind = "box"
  size = [2, 2, 2]
  position = [0, -4, 0]
[[tank]]
name = "t"
part = "hull"
fuel = 60
capacity = 80
`
	c := parseOK(t, src)
	dry := c.Parts[0].Dry
	full := c.PartMass(0, nil)
	if !closeTo(full.Mass, 160, 1e-12) {
		t.Errorf("mass with fuel %g, want 160", full.Mass)
	}
	matClose(t, "uniform fuel", full.Inertia, dry.Inertia.Mul(160.0/100), 1e-12)

	c = parseOK(t, strings.Replace(src, "capacity = 80", "capacity = 80\nshape = 1", 1))
	for _, f := range []float64{0, 30, 60} {
		got := c.PartMass(0, []float64{f})
		// Dry COM at y = −2 (equal boxes at 0 and −4); fuel at y = −4.
		wantY := (100*-2 + f*-4) / (100 + f)
		vecClose(t, "COM", got.COM, mgl64.Vec3{0, wantY, 0}, 1e-12)
		// Ixx about the COM: two dry boxes of 50 kg and the fuel box, each
		// 2 m cubes (I = m·8/12) plus m·d².
		ixx := 50*8/12.0 + 50*math.Pow(0-wantY, 2) + (50+f)*8/12.0 + (50+f)*math.Pow(-4-wantY, 2)
		if !closeTo(got.Inertia.At(0, 0), ixx, 1e-9) {
			t.Errorf("fuel %g: Ixx %g, want %g", f, got.Inertia.At(0, 0), ixx)
		}
	}
}

func TestPrincipalMoments(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		q := mgl64.Quat{W: rng.NormFloat64(), V: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}}.Normalize()
		d := mgl64.Vec3{rng.Float64()*10 + 0.1, rng.Float64()*10 + 0.1, rng.Float64()*10 + 0.1}
		r := q.Mat4().Mat3()
		I := r.Mul3(mgl64.Diag3(d)).Mul3(r.Transpose())
		mom, axes := PrincipalMoments(I)
		sorted := []float64{d[0], d[1], d[2]}
		for i := range 3 {
			for j := i + 1; j < 3; j++ {
				if sorted[j] < sorted[i] {
					sorted[i], sorted[j] = sorted[j], sorted[i]
				}
			}
		}
		for k := range 3 {
			if !closeTo(mom[k], sorted[k], 1e-12) {
				t.Fatalf("moments %v, want %v", mom, sorted)
			}
			v := axes.Col(k)
			if I.Mul3x1(v).Sub(v.Mul(mom[k])).Len() > 1e-10*sorted[2] {
				t.Fatalf("axis %d is not an eigenvector", k)
			}
		}
		if !closeTo(axes.Det(), 1, 1e-12) {
			t.Fatalf("axes not a rotation: det %g", axes.Det())
		}
	}
}

func TestEulerQuat(t *testing.T) {
	// [90, 0, 0] turns y into z; [0, 90, 0] turns z into x; x first, then y.
	vecClose(t, "Rx(90)·y", eulerQuat(vec3{90, 0, 0}).Rotate(mgl64.Vec3{0, 1, 0}), mgl64.Vec3{0, 0, 1}, 1e-15)
	vecClose(t, "Ry(90)·z", eulerQuat(vec3{0, 90, 0}).Rotate(mgl64.Vec3{0, 0, 1}), mgl64.Vec3{1, 0, 0}, 1e-15)
	vecClose(t, "Ry(90)Rx(90)·y", eulerQuat(vec3{90, 90, 0}).Rotate(mgl64.Vec3{0, 1, 0}), mgl64.Vec3{1, 0, 0}, 1e-15)
}

// The lander's legs: strut axes point along hinge → foot, and each leg's
// spring holds a quarter of the craft's lunar weight within 5°.
func TestLanderLegs(t *testing.T) {
	c := shippedCraft(t, "lander")
	total := c.MassProps(nil).Mass
	hinges := 0
	for _, j := range c.Joints {
		if j.Kind != JointHinge {
			continue
		}
		hinges++
		leg := &c.Parts[j.B]
		axis := leg.Orientation.Rotate(mgl64.Vec3{0, 1, 0})
		toMid := leg.Position.Sub(j.Anchor)
		if axis.Cross(toMid).Len() > 1e-3*toMid.Len() {
			t.Errorf("%s: strut axis %v not along hinge→middle %v", leg.Name, axis, toMid)
		}
		// A vertical load F at the foot: torque F·(horizontal arm); the
		// deflection is torque/stiffness, and compression must be positive.
		foot := j.Anchor.Add(toMid.Mul(2))
		arm := mgl64.Vec3{foot[0] - j.Anchor[0], 0, foot[2] - j.Anchor[2]}
		F := total * 1.62 / 4
		defl := mgl64.RadToDeg(F * arm.Len() / j.Stiffness)
		if defl > 5 || defl < 1 {
			t.Errorf("%s: deflection %.2f° under load, want 1°…5°", leg.Name, defl)
		}
		up := j.Axis.Cross(foot.Sub(j.Anchor)) // foot motion for a positive angle
		if up[1] <= 0 || j.MaxAngle < mgl64.DegToRad(defl) {
			t.Errorf("%s: positive angle moves the foot %v; limits %v…%v", leg.Name, up, j.MinAngle, j.MaxAngle)
		}
	}
	if hinges != 4 {
		t.Errorf("%d hinges, want 4", hinges)
	}
	rcs := 0
	for _, th := range c.Thrusters {
		if th.Group == GroupRCS {
			rcs++
		}
	}
	if rcs != 16 {
		t.Errorf("%d RCS thrusters, want 16", rcs)
	}
}
