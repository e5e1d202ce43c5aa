package craft

import "math"

// The structs in this file mirror the TOML files key for key: they are what
// the strict decoder fills, and the JSON Schemas in data/schema and the key
// tables in docs/ are checked against their tags by tests. Values are as
// written in files: metres, kilograms, newtons, seconds and degrees. The
// loader turns them into the Craft and Mission types (radians, quaternions,
// computed mass properties).
//
// Tags: toml = key; doc = description with unit; def = default as written in
// TOML (absent: no default, or required as the doc says); enum = allowed
// strings.

// FormatVersion is the only `format` value this loader reads.
const FormatVersion = 1

type vec3 = [3]float64

// inertiaValue is an inertia tensor given either as its diagonal
// [Ixx, Iyy, Izz] or as a full 3×3 matrix [[…], […], […]].
type inertiaValue struct {
	m    [3][3]float64
	full bool // written as a matrix (so symmetry is checked)
}

func (in *inertiaValue) decodeTOML(v any) string {
	const want = "must be [Ixx, Iyy, Izz] or a 3×3 matrix [[Ixx, Ixy, Ixz], [Iyx, Iyy, Iyz], [Izx, Izy, Izz]] (kg·m²)"
	a, ok := v.([]any)
	if !ok || len(a) != 3 {
		return want
	}
	num := func(x any) (float64, bool) {
		switch x := x.(type) {
		case float64:
			return x, math.Abs(x) <= MaxMagnitude // false for NaN and ±Inf
		case int64:
			return float64(x), math.Abs(float64(x)) <= MaxMagnitude
		}
		return 0, false
	}
	if _, isRow := a[0].([]any); !isRow {
		for i, x := range a {
			f, ok := num(x)
			if !ok {
				return want
			}
			in.m[i][i] = f
		}
		return ""
	}
	in.full = true
	for i, row := range a {
		r, ok := row.([]any)
		if !ok || len(r) != 3 {
			return want
		}
		for j, x := range r {
			f, ok := num(x)
			if !ok {
				return want
			}
			in.m[i][j] = f
		}
	}
	return ""
}

type craftFile struct {
	Format      int            `toml:"format" doc:"file format version; required, must be 1"`
	Name        string         `toml:"name" doc:"display name (the library name is the file name without .toml)"`
	Description string         `toml:"description" doc:"one or two sentences shown in menus" def:"\"\""`
	Parts       []partFile     `toml:"part" doc:"rigid parts; each becomes one physics body (1 to 64)"`
	Joints      []jointFile    `toml:"joint" doc:"joints between two parts"`
	Thrusters   []thrusterFile `toml:"thruster" doc:"thrusters (at most 256)"`
	Tanks       []tankFile     `toml:"tank" doc:"propellant tanks"`
	Ports       []portFile     `toml:"port" doc:"docking ports"`
}

type partFile struct {
	Name        string        `toml:"name" doc:"unique part name; required"`
	Role        string        `toml:"role" doc:"what the part is, for the game (feet may touch a pad, a hull may not)" def:"\"structure\"" enum:"hull,leg,foot,adapter,engine,tank,structure"`
	Position    vec3          `toml:"position" doc:"origin of the part frame in the craft frame (m)" def:"[0, 0, 0]"`
	Orientation vec3          `toml:"orientation" doc:"rotation of the part frame in the craft frame: degrees about x, then y, then z (fixed axes)" def:"[0, 0, 0]"`
	Mass        *float64      `toml:"mass" doc:"dry mass (kg); give mass or density"`
	Density     *float64      `toml:"density" doc:"density (kg/m³): mass = density × volume of the shapes; give mass or density"`
	COM         *vec3         `toml:"centre_of_mass" doc:"centre of mass in the part frame (m); computed from the shapes when absent"`
	Inertia     *inertiaValue `toml:"inertia" doc:"dry inertia about the centre of mass, part axes (kg·m²): [Ixx, Iyy, Izz] or a symmetric 3×3 matrix; computed from the shapes when absent"`
	Friction    float64       `toml:"friction" doc:"Coulomb friction coefficient (≥ 0)" def:"0.8"`
	Restitution float64       `toml:"restitution" doc:"coefficient of restitution, 0 to 1" def:"0.1"`
	Colour      string        `toml:"colour" doc:"colour as \"#rrggbb\"" def:"\"#b4b4bc\""`
	Finish      string        `toml:"finish" doc:"surface finish, how it takes the light: paint (matt), metal (bright highlight tinted by the colour), foil (crinkled insulation: broad bright highlight), solar (solar cells: dark, glossy), light (a lamp: lit by itself)" def:"\"paint\"" enum:"paint,metal,foil,solar,light"`
	Shapes      []shapeFile   `toml:"shape" doc:"convex shapes making up the part (1 to 16); several make a compound part"`
	Visuals     []shapeFile   `toml:"visual" doc:"shapes that are only drawn (0 to 32): no mass, no collision; antennas, panels, lights, markings. Same keys as [[part.shape]]"`
}

func (p *partFile) setDefaults() {
	p.Role = "structure"
	p.Friction = 0.8
	p.Restitution = 0.1
	p.Colour = "#b4b4bc"
	p.Finish = FinishPaint
}

type shapeFile struct {
	Kind        string   `toml:"kind" doc:"shape kind; required" enum:"box,cylinder,hull"`
	Size        *vec3    `toml:"size" doc:"box: full edge lengths along x, y, z (m)"`
	Radius      *float64 `toml:"radius" doc:"cylinder: radius (m)"`
	Length      *float64 `toml:"length" doc:"cylinder: length along the shape's y axis (m)"`
	Segments    int      `toml:"segments" doc:"cylinder: sides of the polygon that approximates it for collisions (3 to 64)" def:"16"`
	Points      []vec3   `toml:"points" doc:"hull: points whose convex hull is the shape (m, shape frame; 4 to 1024, not coplanar)"`
	Position    vec3     `toml:"position" doc:"shape origin in the part frame (m)" def:"[0, 0, 0]"`
	Orientation vec3     `toml:"orientation" doc:"shape rotation in the part frame: degrees about x, then y, then z" def:"[0, 0, 0]"`
	Colour      string   `toml:"colour" doc:"colour of this shape as \"#rrggbb\"; default: the part's colour"`
	Finish      string   `toml:"finish" doc:"finish of this shape; default: the part's finish" enum:"paint,metal,foil,solar,light"`
}

func (s *shapeFile) setDefaults() { s.Segments = 16 }

type jointFile struct {
	Name           string   `toml:"name" doc:"joint name; default \"A-B\" from the part names"`
	Kind           string   `toml:"kind" doc:"joint kind; required" enum:"hinge,ball,fixed"`
	PartA          string   `toml:"part_a" doc:"first part's name; required"`
	PartB          string   `toml:"part_b" doc:"second part's name; required, different from part_a"`
	Anchor         vec3     `toml:"anchor" doc:"joint point in the craft frame (m); must lie within 0.25 m of both parts"`
	Axis           *vec3    `toml:"axis" doc:"hinge: rotation axis in the craft frame (any length but zero); the angle of part_b relative to part_a is positive by the right-hand rule"`
	MinAngle       *float64 `toml:"min_angle" doc:"hinge: lower limit (degrees, 0 = as built); give both limits or neither"`
	MaxAngle       *float64 `toml:"max_angle" doc:"hinge: upper limit (degrees); greater than min_angle"`
	Stiffness      float64  `toml:"spring_stiffness" doc:"hinge: spring torque per angle (N·m/rad); 0 = no spring" def:"0"`
	Damping        float64  `toml:"spring_damping" doc:"hinge: damping torque per angular speed (N·m·s/rad)" def:"0"`
	RestAngle      float64  `toml:"rest_angle" doc:"hinge: angle where the spring exerts no torque (degrees)" def:"0"`
	MotorSpeed     float64  `toml:"motor_speed" doc:"hinge: motor target speed (degrees/s)" def:"0"`
	MotorMaxTorque float64  `toml:"motor_max_torque" doc:"hinge: motor torque limit (N·m); 0 = no motor" def:"0"`
	BreakImpulse   float64  `toml:"break_impulse" doc:"impulse that breaks the joint in one step (N·s); 0 = unbreakable" def:"0"`
}

type thrusterFile struct {
	Name      string  `toml:"name" doc:"thruster name; default \"GROUP-N\""`
	Part      string  `toml:"part" doc:"part it is mounted on; required"`
	Position  vec3    `toml:"position" doc:"point where the force acts, craft frame (m)"`
	Direction vec3    `toml:"direction" doc:"direction of the force on the craft, craft frame (exhaust leaves the other way); any length but zero"`
	MaxThrust float64 `toml:"max_thrust" doc:"thrust at full throttle (N); required, > 0"`
	Isp       float64 `toml:"isp" doc:"specific impulse (s): propellant flow = thrust / (isp × 9.80665)" def:"300"`
	Group     string  `toml:"group" doc:"control group" def:"\"rcs\"" enum:"rcs,main"`
	Tank      string  `toml:"tank" doc:"tank that feeds it; empty = no tank (never runs dry; the game still counts propellant)" def:"\"\""`
}

func (t *thrusterFile) setDefaults() {
	t.Isp = 300
	t.Group = "rcs"
}

type tankFile struct {
	Name     string   `toml:"name" doc:"tank name; required"`
	Part     string   `toml:"part" doc:"part that holds the propellant; required"`
	Fuel     float64  `toml:"fuel" doc:"propellant at the start (kg), added to the part's mass"`
	Capacity *float64 `toml:"capacity" doc:"most propellant it holds (kg); default = fuel"`
	Shape    *int     `toml:"shape" doc:"index (from 0) of the part's shape the propellant fills; default: all shapes, like the dry mass"`
}

type portFile struct {
	Name          string  `toml:"name" doc:"port name; required"`
	Part          string  `toml:"part" doc:"part the port is on; required"`
	Position      vec3    `toml:"position" doc:"centre of the docking face, craft frame (m)"`
	Axis          vec3    `toml:"axis" doc:"outward direction, craft frame; any length but zero"`
	Up            vec3    `toml:"up" doc:"roll reference, craft frame; not parallel to axis (docked ports align their up vectors)" def:"[0, 1, 0]"`
	CaptureRadius float64 `toml:"capture_radius" doc:"ports latch when their centres are closer than this (m)" def:"0.3"`
}

func (p *portFile) setDefaults() {
	p.Up = vec3{0, 1, 0}
	p.CaptureRadius = 0.3
}

// ---- missions ----

type missionFile struct {
	Format      int             `toml:"format" doc:"file format version; required, must be 1"`
	Name        string          `toml:"name" doc:"display name; required"`
	Kind        string          `toml:"kind" doc:"what the player must do; required" enum:"tumble,dock,land,free"`
	Briefing    string          `toml:"briefing" doc:"text shown before the flight" def:"\"\""`
	TimeLimit   float64         `toml:"time_limit" doc:"mission fails after this long (s); 0 = no limit" def:"600"`
	Order       int             `toml:"order" doc:"place in the mission select's path, lower first (an integer ≥ 1); 0 = after the ordered missions, by name" def:"0"`
	Environment environmentFile `toml:"environment" doc:"gravity, ground and landing pad"`
	Player      placementFile   `toml:"player" doc:"the player's craft and its initial state; required"`
	Target      *placementFile  `toml:"target" doc:"docking target; required for kind = \"dock\""`
	Thresholds  thresholdsFile  `toml:"thresholds" doc:"pass/fail limits"`
	Scoring     scoringFile     `toml:"scoring" doc:"score reference values"`
	Detumble    bool            `toml:"detumble" doc:"dock: after the latch, bring the joined stack's rotation to rest (thresholds.max_rate for thresholds.hold_time) to succeed" def:"false"`
	Failures    []failureFile   `toml:"failure" doc:"what breaks in flight: see [[failure]]"`
	Lessons     []lessonFile    `toml:"lesson" doc:"free: what the pilot is taught, one lesson at a time: see [[lesson]]"`
}

func (m *missionFile) setDefaults() {
	m.TimeLimit = 600
	m.Thresholds.setDefaults()
}

type environmentFile struct {
	Gravity vec3        `toml:"gravity" doc:"gravitational acceleration, world frame (m/s²); y is up" def:"[0, 0, 0]"`
	Ground  *groundFile `toml:"ground" doc:"a horizontal ground plane; absent = none"`
	Pad     *padFile    `toml:"pad" doc:"landing pad; required for kind = \"land\""`
	Sun     *sunFile    `toml:"sun" doc:"the light of the scene; absent = the default sun"`
	Orbit   *orbitFile  `toml:"orbit" doc:"puts the scene in orbit: the local-vertical/local-horizontal frame of a point on a circular orbit, with Clohessy–Wiltshire motion; absent = none"`
	Rocks   *rocksFile  `toml:"boulders" doc:"solid rocks strewn around the pad; absent = none"`
}

type sunFile struct {
	Direction vec3   `toml:"direction" doc:"direction from the scene towards the sun, world frame (any length but zero); y is up" def:"[0.35, 0.8, -0.45]"`
	Colour    string `toml:"colour" doc:"colour of the sunlight as \"#rrggbb\"" def:"\"#fff6e8\""`
}

func (s *sunFile) setDefaults() {
	s.Direction = vec3{0.35, 0.8, -0.45}
	s.Colour = "#fff6e8"
}

type groundFile struct {
	Height      float64 `toml:"height" doc:"y of the ground plane (m)" def:"0"`
	Friction    float64 `toml:"friction" doc:"Coulomb friction coefficient" def:"0.9"`
	Restitution float64 `toml:"restitution" doc:"coefficient of restitution" def:"0.1"`
}

func (g *groundFile) setDefaults() {
	g.Friction = 0.9
	g.Restitution = 0.1
}

type padFile struct {
	Position    vec3    `toml:"position" doc:"centre of the pad's top face, world frame (m)" def:"[0, 0, 0]"`
	Size        vec3    `toml:"size" doc:"pad box: width along x, thickness along y, depth along z (m)" def:"[20, 0.5, 20]"`
	Orientation vec3    `toml:"orientation" doc:"tilt of the pad: degrees about x, then y, then z" def:"[0, 0, 0]"`
	Friction    float64 `toml:"friction" doc:"Coulomb friction coefficient" def:"0.9"`
	Restitution float64 `toml:"restitution" doc:"coefficient of restitution" def:"0.1"`
}

func (p *padFile) setDefaults() {
	p.Size = vec3{20, 0.5, 20}
	p.Friction = 0.9
	p.Restitution = 0.1
}

type placementFile struct {
	Craft           string   `toml:"craft" doc:"craft: a library name (\"lander\") or a relative path ending in .toml, written with /, inside the mission file's folder or the user folder; required"`
	Port            string   `toml:"port" doc:"docking port of this craft used in a dock mission; default: its first port" def:"\"\""`
	Position        vec3     `toml:"position" doc:"craft origin in the world (m)" def:"[0, 0, 0]"`
	Orientation     vec3     `toml:"orientation" doc:"degrees about x, then y, then z (fixed world axes)" def:"[0, 0, 0]"`
	Velocity        vec3     `toml:"velocity" doc:"velocity of every part (m/s)" def:"[0, 0, 0]"`
	AngularVelocity vec3     `toml:"angular_velocity" doc:"angular velocity, world frame (degrees/s)" def:"[0, 0, 0]"`
	Fixed           bool     `toml:"fixed" doc:"target only: held in place (static); then velocities must be zero" def:"false"`
	Fuel            *float64 `toml:"fuel" doc:"propellant in all tanks at the start (kg, > 0), every tank filled to the same fraction of its capacity; default: the craft's own"`
}

type thresholdsFile struct {
	MaxRate           float64 `toml:"max_rate" doc:"tumble: success when the angular speed stays below this (degrees/s)" def:"0.5"`
	HoldTime          float64 `toml:"hold_time" doc:"tumble: for this long (s)" def:"3"`
	ClosingSpeed      float64 `toml:"closing_speed" doc:"dock: largest closing speed at capture (m/s)" def:"0.2"`
	LateralOffset     float64 `toml:"lateral_offset" doc:"dock: largest offset across the port axis (m)" def:"0.2"`
	Misalignment      float64 `toml:"misalignment" doc:"dock: largest angle between the ports' axes and up vectors (degrees)" def:"5"`
	RelativeRate      float64 `toml:"relative_rate" doc:"dock: largest relative angular speed (degrees/s)" def:"1"`
	VerticalSpeed     float64 `toml:"vertical_speed" doc:"land: largest vertical speed at touchdown (m/s)" def:"3"`
	SoftVerticalSpeed float64 `toml:"soft_vertical_speed" doc:"land: a touchdown at most this fast is soft (m/s)" def:"1.2"`
	HorizontalSpeed   float64 `toml:"horizontal_speed" doc:"land: largest horizontal speed at touchdown (m/s)" def:"1.2"`
	Tilt              float64 `toml:"tilt" doc:"land: largest tilt from the vertical for a good landing (degrees)" def:"8"`
	CrashTilt         float64 `toml:"crash_tilt" doc:"land: tilt beyond which the landing is a crash (degrees)" def:"12"`
	SettleTime        float64 `toml:"settle_time" doc:"land: time at rest with engines off before the result (s)" def:"3"`
}

func (t *thresholdsFile) setDefaults() {
	*t = thresholdsFile{MaxRate: 0.5, HoldTime: 3, ClosingSpeed: 0.2, LateralOffset: 0.2, Misalignment: 5,
		RelativeRate: 1, VerticalSpeed: 3, SoftVerticalSpeed: 1.2, HorizontalSpeed: 1.2, Tilt: 8, CrashTilt: 12, SettleTime: 3}
}

type scoringFile struct {
	ParTime float64 `toml:"par_time" doc:"time an expert needs (s); 0 = the game's default" def:"0"`
	ParFuel float64 `toml:"par_fuel" doc:"propellant an expert uses (kg); 0 = the game's default" def:"0"`
	Bronze  float64 `toml:"bronze" doc:"score for a bronze medal; 0 = any success" def:"0"`
	Silver  float64 `toml:"silver" doc:"score for a silver medal; 0 = the game's default (600)" def:"0"`
	Gold    float64 `toml:"gold" doc:"score for a gold medal; 0 = the game's default (900)" def:"0"`
}
