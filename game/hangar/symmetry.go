package hangar

// Placing parts: rigid motions and mirror images of the craft frame, how
// each kind of value in a craft file follows them, orientations as the
// file writes them (degrees about x, then y, then z, fixed axes), and the
// names of copies (leg_fr mirrored is leg_fl).

import (
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
)

// Symmetry is how a copy is placed.
type Symmetry int

const (
	CopyInPlace Symmetry = iota // one copy where the original is
	MirrorX                     // one copy mirrored in the plane x = 0 (left and right)
	MirrorZ                     // one copy mirrored in the plane z = 0 (front and back)
	Quad                        // three copies turned 90°, 180° and 270° about the y axis
)

// SymmetryNames name the symmetries in messages.
var SymmetryNames = [...]string{"copy", "mirror left-right", "mirror front-back", "×4 about the vertical axis"}

// motion is x → M x + T on the craft frame: a rotation, or (Mirror) the
// reflection M = diag(±1, 1, ±1) in a coordinate plane through the origin.
type motion struct {
	M      mgl64.Mat3
	T      mgl64.Vec3
	Mirror bool
	// turn is, for a rotation about y, its angle (degrees): the
	// orientation of a part turned only about y keeps its form.
	turn float64
	// about is the axis of a rotation made of one turn about a craft axis
	// (0, 1, 2), or -1.
	about int
}

func translation(t mgl64.Vec3) motion { return motion{M: mgl64.Ident3(), T: t, about: -1} }

// rotation turns by deg degrees about craft axis k (0 x, 1 y, 2 z) through
// the point c.
func rotation(k int, deg float64, c mgl64.Vec3) motion {
	var ax mgl64.Vec3
	ax[k] = 1
	q := mgl64.QuatRotate(mgl64.DegToRad(deg), ax)
	m := q.Mat4().Mat3()
	exact(&m)
	return motion{M: m, T: c.Sub(m.Mul3x1(c)), about: k, turn: deg}
}

// exact rounds the rotation matrix entries that are within 1e-15 of 0 or
// ±1 to them: a quarter turn moves points exactly.
func exact(m *mgl64.Mat3) {
	for i := range m {
		for _, v := range []float64{0, 1, -1} {
			if math.Abs(m[i]-v) < 1e-15 {
				m[i] = v
			}
		}
	}
}

func mirror(k int) motion {
	m := mgl64.Ident3()
	m.Set(k, k, -1)
	return motion{M: m, Mirror: true, about: k}
}

func (m motion) point(x mgl64.Vec3) mgl64.Vec3 { return m.M.Mul3x1(x).Add(m.T) }
func (m motion) dir(x mgl64.Vec3) mgl64.Vec3   { return m.M.Mul3x1(x) }

// axial moves a hinge axis: a mirror image reverses it as well, so that
// the mirrored hinge turns its part the mirrored way for the same angle
// and its limits mean the same (a leg's "up and out" stays positive).
func (m motion) axial(x mgl64.Vec3) mgl64.Vec3 {
	if m.Mirror {
		return m.M.Mul3x1(x).Mul(-1)
	}
	return m.M.Mul3x1(x)
}

// orientation moves the orientation of a part (degrees, as written): a
// rotation turns it, a mirror image reflects it, R → M R M, so that the
// part's contents mirrored in its own frame (partFrame) land where the
// mirror puts them.
func (m motion) orientation(deg mgl64.Vec3) mgl64.Vec3 {
	switch {
	case m.Mirror && m.about == 0:
		return mgl64.Vec3{deg[0], -deg[1], -deg[2]}
	case m.Mirror && m.about == 2:
		return mgl64.Vec3{-deg[0], -deg[1], deg[2]}
	case m.Mirror:
		return mgl64.Vec3{-deg[0], deg[1], -deg[2]}
	case m.M == mgl64.Ident3():
		return deg
	case m.about == 2: // Rz(θ) Rz(c) Ry(b) Rx(a)
		return mgl64.Vec3{deg[0], deg[1], wrapDeg(deg[2] + m.turn)}
	case m.about == 1 && deg[2] == 0: // Ry(θ) Ry(b) Rx(a)
		return mgl64.Vec3{deg[0], wrapDeg(deg[1] + m.turn), 0}
	case m.about == 0 && deg[1] == 0 && deg[2] == 0:
		return mgl64.Vec3{wrapDeg(deg[0] + m.turn), 0, 0}
	}
	return eulerOf(m.M.Mul3(eulerMat(deg)))
}

// partFrame moves a point or direction in the frame of a part that the
// motion mirrors (a rotation leaves them as they are).
func (m motion) partFrame(x mgl64.Vec3) mgl64.Vec3 {
	if m.Mirror {
		return m.M.Mul3x1(x)
	}
	return x
}

// wrapDeg brings an angle into (−180°, 180°].
func wrapDeg(a float64) float64 {
	a = math.Mod(a, 360)
	switch {
	case a > 180:
		a -= 360
	case a <= -180:
		a += 360
	}
	return a
}

// eulerMat is the rotation of orientation angles deg as the loader reads
// them: about x, then y, then z, fixed axes (R = Rz Ry Rx).
func eulerMat(deg mgl64.Vec3) mgl64.Mat3 {
	rx := mgl64.Rotate3DX(mgl64.DegToRad(deg[0]))
	ry := mgl64.Rotate3DY(mgl64.DegToRad(deg[1]))
	rz := mgl64.Rotate3DZ(mgl64.DegToRad(deg[2]))
	return rz.Mul3(ry).Mul3(rx)
}

// eulerOf returns the orientation angles (degrees) of rotation r, with the
// y angle in [−90°, 90°]; at ±90° (gimbal lock) the x angle is 0.
func eulerOf(r mgl64.Mat3) mgl64.Vec3 {
	// R = Rz(c) Ry(b) Rx(a): R20 = −sin b, R21 = cos b sin a, R22 = cos b
	// cos a, R10 = sin c cos b, R00 = cos c cos b.
	s := -r.At(2, 0)
	s = min(max(s, -1), 1)
	b := math.Asin(s)
	var a, c float64
	if math.Abs(s) < 1-1e-12 {
		a = math.Atan2(r.At(2, 1), r.At(2, 2))
		c = math.Atan2(r.At(1, 0), r.At(0, 0))
	} else { // cos b = 0: only c − a (or c + a) is fixed; take a = 0
		c = math.Atan2(-r.At(0, 1), r.At(1, 1))
	}
	return mgl64.Vec3{mgl64.RadToDeg(a), mgl64.RadToDeg(b), mgl64.RadToDeg(c)}
}

// sideSwaps are the tokens of names that a mirror image or a quarter turn
// changes, by symmetry: leg_fr mirrored left-right is leg_fl, a clockwise
// jet mirrored turns counter-clockwise.
var sideSwaps = map[Symmetry]map[string]string{
	MirrorX: {"l": "r", "r": "l", "left": "right", "right": "left", "fl": "fr", "fr": "fl", "bl": "br", "br": "bl",
		"cw": "ccw", "ccw": "cw", "port": "starboard", "starboard": "port"},
	MirrorZ: {"f": "b", "b": "f", "front": "back", "back": "front", "fore": "aft", "aft": "fore",
		"fl": "bl", "bl": "fl", "fr": "br", "br": "fr", "cw": "ccw", "ccw": "cw"},
	// A quarter turn about y (right-handed) takes +z to +x and +x to −z:
	// front right (+x, +z) to back right (+x, −z), front to right.
	Quad: {"fr": "br", "br": "bl", "bl": "fl", "fl": "fr", "f": "r", "r": "b", "b": "l", "l": "f"},
}

// copyName names the k-th copy (1, 2, 3 for Quad) of name, made with
// symmetry sym, not one of taken: its side tokens changed (separated by _
// or -), else a number added.
func copyName(name string, sym Symmetry, k int, taken []string) string {
	swaps := sideSwaps[sym]
	n := name
	changed := false
	for range max(k, 1) {
		var b strings.Builder
		tok := ""
		flush := func() {
			if s, ok := swaps[strings.ToLower(tok)]; ok && swaps != nil {
				if tok != strings.ToLower(tok) {
					s = strings.ToUpper(s[:1]) + s[1:]
				}
				b.WriteString(s)
				changed = true
			} else {
				b.WriteString(tok)
			}
			tok = ""
		}
		for _, r := range n {
			if r == '_' || r == '-' {
				flush()
				b.WriteRune(r)
				continue
			}
			tok += string(r)
		}
		flush()
		n = b.String()
	}
	if !changed || n == name {
		n = name
	}
	return unique(n, taken)
}

// sideWordSwaps are the words of a comment that a symmetry changes, as
// sideSwaps for names: "leg, front right" copied a quarter turn is "leg,
// back right".
var sideWordSwaps = map[Symmetry][][2]string{
	MirrorX: {{"left", "right"}, {"right", "left"}},
	MirrorZ: {{"front", "back"}, {"back", "front"}, {"fore", "aft"}, {"aft", "fore"}},
	Quad: {{"front right", "back right"}, {"back right", "back left"}, {"back left", "front left"}, {"front left", "front right"},
		{"front", "right"}, {"right", "back"}, {"back", "left"}, {"left", "front"}},
}

// sideWords changes the side words of a comment on the k-th copy made
// by sym.
func sideWords(text string, sym Symmetry, k int) string {
	swaps := sideWordSwaps[sym]
	for range max(k, 1) {
		var b strings.Builder
		for i := 0; i < len(text); {
			done := false
			for _, sw := range swaps {
				if strings.HasPrefix(text[i:], sw[0]) && wordEdge(text, i-1) && wordEdge(text, i+len(sw[0])) {
					b.WriteString(sw[1])
					i += len(sw[0])
					done = true
					break
				}
			}
			if !done {
				b.WriteByte(text[i])
				i++
			}
		}
		text = b.String()
	}
	return text
}

// wordEdge reports whether byte i of s is outside a word (or outside s).
func wordEdge(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return true
	}
	c := s[i]
	return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')
}
