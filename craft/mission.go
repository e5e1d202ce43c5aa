package craft

import (
	"image/color"
	"strings"
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Mission kinds (Mission.Kind).
const (
	KindTumble = "tumble"
	KindDock   = "dock"
	KindLand   = "land"
	KindFree   = "free"
)

// Mission is a validated mission: SI units, radians, quaternions; positions,
// velocities and angular velocities in the world frame (y up).
type Mission struct {
	Name      string // display name
	Kind      string // KindTumble, KindDock, KindLand or KindFree
	Briefing  string
	TimeLimit float64 // s; 0 = no limit
	File      string  // where it was loaded from, for messages
	// Order is the mission's place in the path of missions a beginner
	// should fly, lower first; 0 = unordered (after the ordered ones).
	Order int

	Gravity mgl64.Vec3 // m/s²
	Ground  *Ground    // nil = no ground
	Pad     *Pad       // nil = no pad
	Sun     Sun        // always set: the file's or the default
	Orbit   *Orbit     // nil = not in orbit; else the scene is its LVLH frame (orbit.go)

	Player Placement
	Target *Placement // docking target; nil unless given

	Thresholds Thresholds
	Scoring    Scoring

	// Detumble: a dock mission goes on after the latch until the joined
	// stack's rotation is brought to rest (Thresholds.MaxRate, HoldTime).
	Detumble bool
	Failures []Failure // what breaks in flight (failure.go)
	Lessons  []Lesson  // free: what the pilot is taught, in order (lesson.go)
	Boulders *Boulders // rocks around the pad; nil = none (boulders.go)

	refs *missionRefs // positions of craft and port references, for the library's checks
}

// missionRefs finds the positions of a mission's craft and port references
// when the library has an error to report about one: the text is only
// scanned then.
type missionRefs struct {
	once sync.Once
	d    *decoder
}

// refAt returns the position of the value at path ("player.craft") in the
// mission file, or of the nearest key or table around it.
func (m *Mission) refAt(path string) pos {
	if m.refs == nil {
		return pos{}
	}
	r := m.refs
	r.once.Do(func() { r.d.positions() })
	return r.d.where(path, false)
}

// Sun is the scene's light, for drawing only.
type Sun struct {
	Direction mgl64.Vec3 // unit, from the scene towards the sun, world frame
	Colour    color.RGBA
}

// Ground is a horizontal plane y = Height.
type Ground struct {
	Height      float64 // m
	Friction    float64
	Restitution float64
}

// Pad is a landing pad: a box whose top face is centred on Position.
type Pad struct {
	Position    mgl64.Vec3 // centre of the top face (m)
	Size        mgl64.Vec3 // width (x), thickness (y), depth (z) (m)
	Orientation mgl64.Quat // pad frame → world
	Friction    float64
	Restitution float64
}

// Centre returns the centre of the pad box (m): half its thickness below the
// top face along the pad's own y axis.
func (p *Pad) Centre() mgl64.Vec3 {
	return p.Position.Sub(fmath.Rotate(p.Orientation, mgl64.Vec3{0, p.Size[1] / 2, 0}))
}

// Placement is a craft in a mission and its initial state. The craft as a
// whole is placed rigidly: every part gets the same Velocity plus
// AngularVelocity × (its position relative to the craft origin).
type Placement struct {
	Craft string // reference as written: a library name or a .toml path
	Port  string // docking port name (resolved to the first port when empty and the craft has one)
	// Spec is the loaded craft; filled by Library.LoadMission, nil after a
	// bare ParseMission.
	Spec *Craft

	Position        mgl64.Vec3 // craft origin (m)
	Orientation     mgl64.Quat // craft frame → world
	Velocity        mgl64.Vec3 // m/s
	AngularVelocity mgl64.Vec3 // rad/s, world frame
	Fixed           bool       // held in place (static bodies)
	// Fuel is the propellant in all tanks at the start (kg), every tank
	// filled to the same fraction of its capacity; 0 = the craft's own.
	Fuel float64
}

// Thresholds are the pass/fail limits (defaults as in the flight issue).
type Thresholds struct {
	MaxRate           float64 // tumble: rad/s
	HoldTime          float64 // tumble: s
	ClosingSpeed      float64 // dock: m/s
	LateralOffset     float64 // dock: m
	Misalignment      float64 // dock: rad
	RelativeRate      float64 // dock: rad/s
	VerticalSpeed     float64 // land: m/s
	SoftVerticalSpeed float64 // land: m/s
	HorizontalSpeed   float64 // land: m/s
	Tilt              float64 // land: rad
	CrashTilt         float64 // land: rad
	SettleTime        float64 // land: s
}

// Scoring holds the reference values for scores; 0 = the game's default.
type Scoring struct {
	ParTime float64 // s
	ParFuel float64 // kg
	// Medal thresholds: the least score for each medal. Bronze 0 means any
	// success; Silver and Gold 0 mean DefaultSilver and DefaultGold.
	Bronze, Silver, Gold float64
}

// The medal thresholds a mission file may leave out (scores; a perfect
// flight within par scores 1000, a soft landing 20 % more).
const (
	DefaultSilver = 600
	DefaultGold   = 900
)

// Medals returns the least score for bronze, silver and gold, defaults
// filled in.
func (s Scoring) Medals() (bronze, silver, gold float64) {
	bronze, silver, gold = s.Bronze, s.Silver, s.Gold
	if silver == 0 {
		silver = max(DefaultSilver, bronze)
	}
	if gold == 0 {
		gold = max(DefaultGold, silver)
	}
	return bronze, silver, gold
}

// ParseMission decodes and validates a mission file on its own; craft
// references are checked by Library.LoadMission. On any problem it returns a
// nil Mission and an ErrorList with every problem found.
func ParseMission(file string, src []byte) (*Mission, error) {
	return parseFile(file, src, (*decoder).buildMission)
}

func (d *decoder) buildMission(mf *missionFile) *Mission {
	d.checkFormat(mf.Format)
	m := &Mission{
		Name: mf.Name, Kind: mf.Kind, Briefing: strings.TrimSpace(mf.Briefing), TimeLimit: mf.TimeLimit,
		File: d.file, Gravity: vec(mf.Environment.Gravity), Order: mf.Order,
		Scoring: Scoring{ParTime: mf.Scoring.ParTime, ParFuel: mf.Scoring.ParFuel,
			Bronze: mf.Scoring.Bronze, Silver: mf.Scoring.Silver, Gold: mf.Scoring.Gold},
	}
	if m.Name == "" {
		d.check("name", "missing: the mission's display name")
	}
	d.enum("kind", mf.Kind, "tumble,dock,land,free")
	d.nonNegative("time_limit", mf.TimeLimit)
	d.nonNegative("scoring.par_time", mf.Scoring.ParTime)
	d.nonNegative("scoring.par_fuel", mf.Scoring.ParFuel)
	if mf.Order < 0 {
		d.check("order", "must be 1 or more (or 0 for no place in the path), not %d", mf.Order)
	}
	sc := &mf.Scoring
	for _, k := range []struct {
		key string
		v   float64
	}{{"bronze", sc.Bronze}, {"silver", sc.Silver}, {"gold", sc.Gold}} {
		d.nonNegative("scoring."+k.key, k.v)
	}
	if sc.Silver > 0 && sc.Bronze > sc.Silver {
		d.check("scoring.bronze", "must not exceed silver (%g), not %g", sc.Silver, sc.Bronze)
	}
	if sc.Gold > 0 && max(sc.Bronze, sc.Silver) > sc.Gold {
		d.check("scoring.gold", "must be at least bronze and silver (%g), not %g", max(sc.Bronze, sc.Silver), sc.Gold)
	}

	if g := mf.Environment.Ground; g != nil {
		m.Ground = &Ground{Height: g.Height, Friction: g.Friction, Restitution: g.Restitution}
		d.nonNegative("environment.ground.friction", g.Friction)
		d.unitInterval("environment.ground.restitution", g.Restitution)
	}
	sun := mf.Environment.Sun
	if sun == nil {
		sun = &sunFile{}
		sun.setDefaults()
	}
	m.Sun.Direction = d.unitVec("environment.sun.direction", sun.Direction)
	if col, ok := parseColour(sun.Colour); ok {
		m.Sun.Colour = col
	} else {
		d.check("environment.sun.colour", "must be a colour written \"#rrggbb\", not %q", sun.Colour)
	}
	if p := mf.Environment.Pad; p != nil {
		m.Pad = &Pad{Position: vec(p.Position), Size: vec(p.Size), Orientation: eulerQuat(p.Orientation), Friction: p.Friction, Restitution: p.Restitution}
		for i, v := range p.Size {
			d.positive(idx("environment.pad.size", i), v)
		}
		d.nonNegative("environment.pad.friction", p.Friction)
		d.unitInterval("environment.pad.restitution", p.Restitution)
	}
	d.buildOrbit(m, mf)
	if mf.Environment.Rocks != nil {
		d.buildBoulders(mf.Environment.Rocks, m)
	}
	switch mf.Kind {
	case KindLand:
		if m.Pad == nil {
			d.check("environment.pad", "missing: a land mission needs [environment.pad]")
		}
		if !(fmath.Len(m.Gravity) > 0) {
			d.check("environment.gravity", "missing: a land mission needs gravity, e.g. [0, -1.62, 0]")
		}
	case KindDock:
		if mf.Target == nil {
			d.check("target", "missing: a dock mission needs a [target] craft")
		}
	}

	if !d.has("player") {
		d.check("player", "missing: the [player] table with craft = \"…\"")
	}
	m.Player = d.buildPlacement("player", &mf.Player)
	m.Orbit.relativeRate(&m.Player)
	if mf.Player.Fixed {
		d.check("player.fixed", "the player's craft cannot be fixed in place")
	}
	if mf.Target != nil {
		t := d.buildPlacement("target", mf.Target)
		m.Target = &t
		m.Orbit.relativeRate(m.Target)
		if t.Fixed && (fmath.Len(t.Velocity) > 0 || fmath.Len(t.AngularVelocity) > 0) {
			d.check("target.fixed", "a fixed target cannot move: remove velocity and angular_velocity, or set fixed = false")
		}
	}

	m.Detumble = mf.Detumble
	if mf.Detumble && mf.Kind != KindDock {
		d.check("detumble", "only for a dock mission")
	}
	d.buildFailures(mf, m)
	d.buildLessons(mf, m)

	t := &mf.Thresholds
	for _, v := range []struct {
		key string
		x   float64
	}{
		{"max_rate", t.MaxRate}, {"hold_time", t.HoldTime}, {"closing_speed", t.ClosingSpeed},
		{"lateral_offset", t.LateralOffset}, {"misalignment", t.Misalignment}, {"relative_rate", t.RelativeRate},
		{"vertical_speed", t.VerticalSpeed}, {"soft_vertical_speed", t.SoftVerticalSpeed},
		{"horizontal_speed", t.HorizontalSpeed}, {"tilt", t.Tilt}, {"crash_tilt", t.CrashTilt}, {"settle_time", t.SettleTime},
	} {
		d.positive("thresholds."+v.key, v.x)
	}
	if t.SoftVerticalSpeed > t.VerticalSpeed {
		d.check("thresholds.soft_vertical_speed", "must not exceed vertical_speed (%g m/s), not %g", t.VerticalSpeed, t.SoftVerticalSpeed)
	}
	if t.Tilt > t.CrashTilt {
		d.check("thresholds.tilt", "must not exceed crash_tilt (%g°), not %g", t.CrashTilt, t.Tilt)
	}
	if t.Tilt >= 90 || t.CrashTilt >= 90 {
		d.check("thresholds.crash_tilt", "tilts must be below 90°")
	}
	if t.Misalignment >= 180 {
		d.check("thresholds.misalignment", "must be below 180°, not %g", t.Misalignment)
	}
	rad := mgl64.DegToRad
	m.Thresholds = Thresholds{
		MaxRate: rad(t.MaxRate), HoldTime: t.HoldTime,
		ClosingSpeed: t.ClosingSpeed, LateralOffset: t.LateralOffset, Misalignment: rad(t.Misalignment), RelativeRate: rad(t.RelativeRate),
		VerticalSpeed: t.VerticalSpeed, SoftVerticalSpeed: t.SoftVerticalSpeed, HorizontalSpeed: t.HorizontalSpeed,
		Tilt: rad(t.Tilt), CrashTilt: rad(t.CrashTilt), SettleTime: t.SettleTime,
	}
	m.refs = &missionRefs{d: &decoder{file: d.file, text: d.text, lazy: d.lazy, pos: d.pos, decoded: true}}
	return m
}

func (d *decoder) unitInterval(path string, v float64) {
	if !(v >= 0 && v <= 1) {
		d.check(path, "must be between 0 and 1, not %g", v)
	}
}

func (d *decoder) buildPlacement(p string, pf *placementFile) Placement {
	if pf.Craft == "" {
		d.check(p+".craft", "missing: craft = \"name\" of a craft in the library, or a .toml path")
	}
	if pf.Fuel != nil {
		d.positive(p+".fuel", *pf.Fuel)
	}
	rad := mgl64.DegToRad
	return Placement{
		Craft: pf.Craft, Port: pf.Port,
		Position: vec(pf.Position), Orientation: eulerQuat(pf.Orientation), Velocity: vec(pf.Velocity),
		AngularVelocity: mgl64.Vec3{rad(pf.AngularVelocity[0]), rad(pf.AngularVelocity[1]), rad(pf.AngularVelocity[2])},
		Fixed:           pf.Fixed,
		Fuel:            ptrOr(pf.Fuel, 0),
	}
}

// ptrOr returns *p, or def when p is nil.
func ptrOr(p *float64, def float64) float64 {
	if p == nil {
		return def
	}
	return *p
}
