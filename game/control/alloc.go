package control

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Errors returned by the allocator.
var (
	ErrBadThruster = errors.New("control: bad thruster")
	ErrBadCommand  = errors.New("control: bad command")
	ErrBadFiring   = errors.New("control: firing slices have the wrong length")
)

// FineScale is the factor Command.Fine applies to the wanted torque and force.
const FineScale = 0.1

// Thruster is one thruster as the allocator sees it. Pos and Dir are in
// craft coordinates (the frame thruster positions are written in; the
// allocator subtracts the current centre of mass).
type Thruster struct {
	Pos       mgl64.Vec3 // point where the force acts, craft frame, m
	Dir       mgl64.Vec3 // unit direction of the force on the craft (opposite to the exhaust)
	MaxThrust float64    // N, > 0
}

// Wrench is a torque and a force on the craft, both in the body frame, the
// torque about the centre of mass.
type Wrench struct {
	Torque mgl64.Vec3 // N m
	Force  mgl64.Vec3 // N
}

// Command is what a pilot, the SAS or an autopilot wants from the thrusters
// for one tick. Torque and Force go to the RCS allocation; Main is the
// main-engine throttle, applied directly.
type Command struct {
	Torque mgl64.Vec3 // wanted torque about the COM, body frame, N m
	Force  mgl64.Vec3 // wanted force (translation), body frame, N
	Main   float64    // main-engine throttle, 0..1 (clamped)
	Fine   bool       // scale Torque and Force by FineScale (10 %)
}

// Firing is the result of an allocation: one throttle per thruster and the
// wrench they give together.
type Firing struct {
	RCS      []float64 // throttle of each RCS thruster, 0..1, in layout order
	Main     []float64 // throttle of each main engine, 0..1
	Achieved Wrench    // total wrench of RCS and main engines, body frame, about the COM
	Wanted   Wrench    // total wrench that was asked for (after Fine scaling, main included)
}

// Capacity is what the RCS can give along each body axis alone, with no
// cross-coupling: the largest pure torque (or force) along +axis and along
// −axis. All components are ≥ 0.
type Capacity struct {
	TorquePos, TorqueNeg mgl64.Vec3 // N m
	ForcePos, ForceNeg   mgl64.Vec3 // N
}

// AllocatorOptions tune an Allocator. The zero value is the default.
type AllocatorOptions struct {
	// MainTranslation gives the part of a wanted force along the main
	// engines' thrust axis (positive only) to the main engines, added to
	// Command.Main, instead of to the RCS.
	MainTranslation bool
	// NoMainTrim stops the RCS from cancelling the torque that main engines
	// make when the thrust line misses the COM (by default the RCS is asked
	// for Command.Torque minus the main engines' torque).
	NoMainTrim bool
	// CrossWeight K: how much more a residual across the wanted wrench
	// direction costs than one along it (0 means 1e4). Large K keeps a
	// saturated command's direction and gives up magnitude instead.
	CrossWeight float64
	// COMTolerance: SetCOM ignores moves smaller than this from the COM of
	// the last rebuild (m; 0 means 1 mm; negative means rebuild always).
	// A rebuild costs about 12 solves, so per-tick fuel burn should not
	// trigger one every tick.
	COMTolerance float64
	// WarmStart starts each solve from the previous solution and active
	// set instead of from u = 0. Slightly fewer iterations when the command
	// changes little from tick to tick (1.06 against 1.3 on a landing); the
	// result then depends (at rounding level) on the history of calls,
	// which a replay repeats exactly only if Allocate is called exactly
	// once per tick.
	WarmStart bool
	// Regularization ε of ε‖u‖², relative to the mean diagonal of the
	// normal matrix (0 means 1e-9). It picks the least-effort solution
	// among equal wrenches (no opposing thrusters firing together).
	Regularization float64
}

// Allocator maps wanted wrenches to RCS throttles for one thruster layout.
//
// Method: a weighted, direction-preserving, bounded least-squares solve.
// With B the 6×n effectiveness matrix (column i = MaxThrustᵢ·[rᵢ×dᵢ; dᵢ],
// rᵢ = Posᵢ − COM), W a diagonal row scaling (1/Σᵢ|Bⱼᵢ| per row, so torque
// and force residuals are comparable), y = W·w the scaled wanted wrench and
// d = y/|y|, it minimises over 0 ≤ uᵢ ≤ 1
//
//	K‖(I − ddᵀ)(WBu − y)‖² + (dᵀ(WBu − y))² + ε‖u‖²
//
// i.e. residual across the wanted direction (cross-coupling) costs K times
// more than a shortfall along it. Divided by K this is the strictly convex
// box QP ½uᵀHu − gᵀu with
//
//	H = G − (1 − 1/K)·b bᵀ + εI,   g = (|y|/K)·b,   G = (WB)ᵀ(WB),  b = (WB)ᵀd,
//
// where G is precomputed per layout and COM (SetCOM), and H costs one rank-1
// update per call. The QP is solved by a primal active-set method
// (Lawson–Hanson style, started from u = 0 every call, so the result is a
// pure function of the inputs — or, with WarmStart, from the last solution)
// with a Cholesky factorisation of the free
// block at each iteration. All buffers are allocated by NewAllocator:
// Allocate allocates nothing.
//
// An Allocator is not safe for concurrent use.
type Allocator struct {
	rcs, main []Thruster
	enabled   []bool // len(rcs)+len(main)
	com       mgl64.Vec3
	opt       AllocatorOptions
	k         float64 // cross weight K
	eps       float64 // absolute regularisation

	n    int
	b    []float64  // 6×n effectiveness, row-major: b[j*n+i]
	wrow [6]float64 // row weights W
	bw   []float64  // W·B, 6×n
	g    []float64  // G = (WB)ᵀ(WB), n×n
	ub   []float64  // upper bounds: 1, or 0 when disabled
	cap  Capacity

	mainDir   mgl64.Vec3 // unit axis of the main engines' total thrust (zero if none)
	mainForce float64    // N, total main thrust along mainDir at full throttle

	qp qp

	stats AllocStats
}

// AllocStats counts the work of the last Allocate.
type AllocStats struct {
	Iterations int  // active-set iterations
	Converged  bool // false if the iteration cap was hit (the returned firing is still feasible)
}

// NewAllocator returns an allocator for the given RCS thrusters and main
// engines (craft frame) with the centre of mass at com. The slices are
// copied. It fails if a thruster has a non-finite or zero direction or a
// non-positive thrust.
func NewAllocator(rcs, main []Thruster, com mgl64.Vec3, opt AllocatorOptions) (*Allocator, error) {
	a := &Allocator{opt: opt}
	check := func(group string, ts []Thruster) ([]Thruster, error) {
		out := make([]Thruster, len(ts))
		for i, t := range ts {
			l := fmath.Len(t.Dir)
			if !finite3(t.Pos) || !finite3(t.Dir) || !(l > 1e-9) || !finite(t.MaxThrust) || !(t.MaxThrust > 0) {
				return nil, fmt.Errorf("%w: %s thruster %d: position %v, direction %v, max thrust %v N", ErrBadThruster, group, i, t.Pos, t.Dir, t.MaxThrust)
			}
			t.Dir = t.Dir.Mul(1 / l)
			out[i] = t
		}
		return out, nil
	}
	var err error
	if a.rcs, err = check("rcs", rcs); err != nil {
		return nil, err
	}
	if a.main, err = check("main", main); err != nil {
		return nil, err
	}
	if !finite3(com) {
		return nil, fmt.Errorf("%w: centre of mass %v", ErrBadCommand, com)
	}
	a.k = opt.CrossWeight
	if !(a.k > 1) || !finite(a.k) {
		a.k = 1e4
	}
	n := len(a.rcs)
	a.n = n
	a.enabled = make([]bool, len(a.rcs)+len(a.main))
	for i := range a.enabled {
		a.enabled[i] = true
	}
	a.b = make([]float64, 6*n)
	a.bw = make([]float64, 6*n)
	a.g = make([]float64, n*n)
	a.ub = make([]float64, n)
	a.qp = newQP(n)
	a.com = com
	a.rebuild()
	return a, nil
}

// NumRCS returns the number of RCS thrusters.
func (a *Allocator) NumRCS() int { return len(a.rcs) }

// NumMain returns the number of main engines.
func (a *Allocator) NumMain() int { return len(a.main) }

// NewFiring returns a Firing with slices sized for this allocator.
func (a *Allocator) NewFiring() Firing {
	return Firing{RCS: make([]float64, len(a.rcs)), Main: make([]float64, len(a.main))}
}

// COM returns the centre of mass the allocator uses, craft frame, m.
func (a *Allocator) COM() mgl64.Vec3 { return a.com }

// SetCOM moves the centre of mass (craft frame, m), as fuel burns, and
// recomputes the effectiveness matrix, its normal matrix and the capacity
// if it moved more than AllocatorOptions.COMTolerance since the last
// rebuild. Cost of a rebuild: O(6 n²) plus 12 solves (tens of µs); no
// allocation. Non-finite values are ignored.
func (a *Allocator) SetCOM(com mgl64.Vec3) {
	tol := a.opt.COMTolerance
	if tol == 0 {
		tol = 1e-3
	}
	if !finite3(com) || com == a.com || fmath.Len(com.Sub(a.com)) < tol {
		return
	}
	a.com = com
	a.rebuild()
}

// SetEnabled switches thruster i on or off (a dry tank, a failed valve).
// Indices count the RCS thrusters first, then the main engines. Out-of-range
// indices are ignored.
func (a *Allocator) SetEnabled(i int, on bool) {
	if i < 0 || i >= len(a.enabled) || a.enabled[i] == on {
		return
	}
	a.enabled[i] = on
	a.rebuild()
}

// Capacity returns what the enabled RCS thrusters can give along each body
// axis alone (no cross-coupling), for the current COM.
func (a *Allocator) Capacity() Capacity { return a.cap }

// MainThrust returns the enabled main engines' total thrust at full
// throttle (N) and its unit direction in the body frame (zero if none).
func (a *Allocator) MainThrust() (float64, mgl64.Vec3) { return a.mainForce, a.mainDir }

// Stats returns the work counters of the last Allocate.
func (a *Allocator) Stats() AllocStats { return a.stats }

// rebuild recomputes everything that depends on the layout, the COM and the
// enabled set.
func (a *Allocator) rebuild() {
	n := a.n
	for i, t := range a.rcs {
		r := t.Pos.Sub(a.com)
		tq := fmath.Cross(r, t.Dir).Mul(t.MaxThrust)
		f := t.Dir.Mul(t.MaxThrust)
		col := [6]float64{tq[0], tq[1], tq[2], f[0], f[1], f[2]}
		for j := range 6 {
			a.b[j*n+i] = col[j]
		}
		a.ub[i] = 0
		if a.enabled[i] {
			a.ub[i] = 1
		}
	}
	// Row weights: 1 / (largest possible |row value|). Rows no thruster can
	// move get weight 0 (their residual cannot be changed anyway).
	for j := range 6 {
		s := 0.0
		for i := range n {
			s += float64(math.Abs(a.b[j*n+i]) * a.ub[i])
		}
		a.wrow[j] = 0
		if s > 1e-12 {
			a.wrow[j] = 1 / s
		}
		for i := range n {
			a.bw[j*n+i] = a.b[j*n+i] * a.wrow[j]
		}
	}
	tr := 0.0
	for p := range n {
		for q := range n {
			s := 0.0
			for j := range 6 {
				s += float64(a.bw[j*n+p] * a.bw[j*n+q])
			}
			a.g[p*n+q] = s
		}
		tr += a.g[p*n+p]
	}
	rel := a.opt.Regularization
	if !(rel > 0) || !finite(rel) {
		rel = 1e-9
	}
	a.eps = 1e-300
	if n > 0 && tr > 0 {
		a.eps = rel * tr / float64(n)
	}

	// Main engines.
	var sum mgl64.Vec3
	for i, t := range a.main {
		if a.enabled[len(a.rcs)+i] {
			sum = sum.Add(t.Dir.Mul(t.MaxThrust))
		}
	}
	a.mainForce, a.mainDir = 0, mgl64.Vec3{}
	if l := fmath.Len(sum); l > 0 {
		a.mainDir = sum.Mul(1 / l)
		for i, t := range a.main {
			if a.enabled[len(a.rcs)+i] {
				a.mainForce += float64(t.MaxThrust * fmath.Dot(t.Dir, a.mainDir))
			}
		}
	}

	// Capacity: ask for the largest conceivable value along each axis alone;
	// the direction-preserving solve returns the largest pure one.
	for j := range 6 {
		s := 0.0
		if a.wrow[j] > 0 {
			s = 1 / a.wrow[j]
		}
		for sign := -1.0; sign <= 1; sign += 2 {
			var y [6]float64
			y[j] = sign * s
			a.solve(y)
			got := 0.0
			if s > 0 {
				for i := range n {
					got += float64(a.b[j*n+i] * a.qp.u[i])
				}
				got = math.Max(0, sign*got)
			}
			switch {
			case j < 3 && sign > 0:
				a.cap.TorquePos[j] = got
			case j < 3:
				a.cap.TorqueNeg[j] = got
			case sign > 0:
				a.cap.ForcePos[j-3] = got
			default:
				a.cap.ForceNeg[j-3] = got
			}
		}
	}
}

// Allocate computes throttles for cmd into f (whose slices must have
// NumRCS and NumMain elements; see NewFiring). It returns ErrBadCommand for
// non-finite values, leaving f all zero. It allocates nothing.
func (a *Allocator) Allocate(cmd Command, f *Firing) error {
	if len(f.RCS) != len(a.rcs) || len(f.Main) != len(a.main) {
		return fmt.Errorf("%w: %d rcs and %d main, want %d and %d", ErrBadFiring, len(f.RCS), len(f.Main), len(a.rcs), len(a.main))
	}
	clear(f.RCS)
	clear(f.Main)
	f.Achieved, f.Wanted = Wrench{}, Wrench{}
	if !finite3(cmd.Torque) || !finite3(cmd.Force) || !finite(cmd.Main) {
		return ErrBadCommand
	}
	tq, fc := cmd.Torque, cmd.Force
	if cmd.Fine {
		tq, fc = tq.Mul(FineScale), fc.Mul(FineScale)
	}
	mainU := clamp(cmd.Main, 0, 1)
	if a.opt.MainTranslation && a.mainForce > 0 {
		if along := fmath.Dot(fc, a.mainDir); along > 0 {
			extra := math.Min(along/a.mainForce, 1-mainU)
			mainU += extra
			fc = fc.Sub(a.mainDir.Mul(extra * a.mainForce))
		}
	}
	// Main engines: direct.
	var mw Wrench
	for i, t := range a.main {
		if !a.enabled[len(a.rcs)+i] || mainU == 0 {
			continue
		}
		f.Main[i] = mainU
		ft := t.Dir.Mul(t.MaxThrust * mainU)
		mw.Force = mw.Force.Add(ft)
		mw.Torque = mw.Torque.Add(fmath.Cross(t.Pos.Sub(a.com), ft))
	}
	f.Wanted = Wrench{Torque: tq, Force: fc.Add(mw.Force)}
	rt := tq
	if !a.opt.NoMainTrim {
		rt = rt.Sub(mw.Torque)
	} else {
		f.Wanted.Torque = f.Wanted.Torque.Add(mw.Torque)
	}
	want := [6]float64{rt[0], rt[1], rt[2], fc[0], fc[1], fc[2]}
	a.solve(want)
	copy(f.RCS, a.qp.u)
	var got [6]float64
	n := a.n
	for j := range 6 {
		s := 0.0
		for i := range n {
			s += float64(a.b[j*n+i] * a.qp.u[i])
		}
		got[j] = s
	}
	f.Achieved = Wrench{
		Torque: mgl64.Vec3{got[0], got[1], got[2]}.Add(mw.Torque),
		Force:  mgl64.Vec3{got[3], got[4], got[5]}.Add(mw.Force),
	}
	return nil
}

// solve runs the box QP for the wanted 6-vector w; the result is in a.qp.u.
func (a *Allocator) solve(w [6]float64) {
	n := a.n
	q := &a.qp
	if n == 0 {
		a.stats = AllocStats{Converged: true}
		return
	}
	var y [6]float64
	ny := 0.0
	for j := range 6 {
		y[j] = a.wrow[j] * w[j]
		ny += float64(y[j] * y[j])
	}
	ny = math.Sqrt(ny)
	if ny == 0 {
		clear(q.u)
		for i := range q.state {
			q.state[i] = atLower
		}
		a.stats = AllocStats{Converged: true}
		return
	}
	// b = (WB)ᵀ d, d = y/|y|.
	for i := range n {
		s := 0.0
		for j := range 6 {
			s += float64(a.bw[j*n+i] * y[j])
		}
		q.bv[i] = s / ny
	}
	q.base, q.c, q.eps = a.g, 1-1/a.k, a.eps // H = G − c bv bvᵀ + ε 1
	for p := range n {
		q.g[p] = ny / a.k * q.bv[p]
	}
	it, ok := q.run(a.ub, a.opt.WarmStart)
	a.stats = AllocStats{Iterations: it, Converged: ok}
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func finite3(v mgl64.Vec3) bool { return finite(v[0]) && finite(v[1]) && finite(v[2]) }
