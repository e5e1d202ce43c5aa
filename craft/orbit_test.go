package craft

import (
	"math"
	"strings"
	"testing"
)

// orbitMission is baseMission in orbit at 400 km.
var orbitMission = strings.Replace(baseMission, "[environment]\ngravity = [0, 0, 0]\n",
	"[environment]\ngravity = [0, 0, 0]\n\n[environment.orbit]\naltitude = 400e3\n", 1)

// The mean motion from the altitude, the placements' rates made relative to
// the turning frame, and mean_motion taken as given.
func TestOrbitParsed(t *testing.T) {
	m, err := testLibrary(orbitMission).LoadMission("m")
	if err != nil {
		t.Fatal(err)
	}
	const want = 1.1332e-3 // √(3.986004418e14 / 6,771 km³), rad/s
	if m.Orbit == nil || math.Abs(m.Orbit.MeanMotion-want) > 1e-7 || m.Orbit.Altitude != 400e3 {
		t.Fatalf("orbit %+v, want n %.4g rad/s at 400 km", m.Orbit, want)
	}
	if p := m.Orbit.Period(); math.Abs(p-5544.6) > 1 {
		t.Errorf("period %.1f s, want 5544.6", p)
	}
	n := m.Orbit.MeanMotion
	// Still in inertial space: turning at +n about z in the scene.
	if w := m.Player.AngularVelocity; w != [3]float64{0, 0, n} || m.Target.AngularVelocity != w {
		t.Errorf("scene rates %v and %v, want (0, 0, %g)", w, m.Target.AngularVelocity, n)
	}

	src := strings.Replace(orbitMission, "altitude = 400e3", "mean_motion = 0.002", 1)
	src = strings.Replace(src, "port = \"top\"", "port = \"top\"\nangular_velocity = [0, 0, -0.11459155902616465]", 1) // 0.002 rad/s about the orbit normal
	m, err = testLibrary(src).LoadMission("m")
	if err != nil {
		t.Fatal(err)
	}
	if m.Orbit.MeanMotion != 0.002 || m.Orbit.Altitude != 0 {
		t.Errorf("orbit %+v, want n 0.002 rad/s and no altitude", m.Orbit)
	}
	if w := m.Target.AngularVelocity.Len(); w > 1e-12 {
		t.Errorf("a station turning with the frame turns at %g rad/s in the scene, want 0", w)
	}
	var b strings.Builder
	Check(testLibrary(orbitMission), []string{"m"}, false, &b)
	if !strings.Contains(b.String(), "in orbit: n 0.001133 rad/s (0.06493°/s), period 92 min") {
		t.Errorf("check prints %q, want the orbit", b.String())
	}
}

// Each mistake in [environment.orbit] is reported at its key, with its
// line and column, and is the first error.
func TestOrbitErrors(t *testing.T) {
	const orbit = "[environment.orbit]\naltitude = 400e3\n"
	for _, tt := range []struct {
		name, old, new, path, msg string
	}{
		{"both keys", orbit, "[environment.orbit]\naltitude = 400e3\n" + marker + "mean_motion = 0.001\n",
			"environment.orbit.mean_motion", "give mean_motion or altitude, not both"},
		{"both keys, altitude second", orbit, "[environment.orbit]\nmean_motion = 0.001\n" + marker + "altitude = 400e3\n",
			"environment.orbit.altitude", "not both"},
		{"neither key", orbit, marker + "[environment.orbit]\n", "environment.orbit", "missing: mean_motion (rad/s) or altitude (m)"},
		{"zero mean motion", orbit, "[environment.orbit]\nmean_motion = " + marker + "0\n", "environment.orbit.mean_motion", "must be from 6e-07 to 1 rad/s"},
		{"mean motion of no orbit", orbit, "[environment.orbit]\nmean_motion = " + marker + "1e-300\n", "environment.orbit.mean_motion", "must be from 6e-07 to 1 rad/s (0.00113 is 400 km up), not 1e-300"},
		{"smallest float", orbit, "[environment.orbit]\nmean_motion = " + marker + "5e-324\n", "environment.orbit.mean_motion", "not 5e-324"},
		{"mean motion in °/s", orbit, "[environment.orbit]\nmean_motion = " + marker + "3.6\n", "environment.orbit.mean_motion", "not 3.6"},
		{"negative altitude", orbit, "[environment.orbit]\naltitude = " + marker + "-400e3\n", "environment.orbit.altitude", "must be > 0"},
		{"altitude as a string", orbit, "[environment.orbit]\naltitude = " + marker + "\"400 km\"\n", "environment.orbit.altitude", "must be a number, not a string"},
		{"key typo", orbit, "[environment.orbit]\n" + marker + "altitde = 400e3\n", "environment.orbit.altitde", `did you mean "altitude"?`},
		{"ground in orbit", orbit, orbit + "\n" + marker + "[environment.ground]\n", "environment.ground", "no ground"},
		{"gravity in orbit", "gravity = [0, 0, 0]", "gravity = " + marker + "[0, -9.81, 0]", "environment.gravity", "must be [0, 0, 0] in orbit"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src, line, col := variant(t, orbitMission, tt.old, tt.new)
			_, err := testLibrary(src).LoadMission("m")
			errs := Errors(err)
			if len(errs) == 0 {
				t.Fatalf("no error, want %s: %s", tt.path, tt.msg)
			}
			e := errs[0]
			if e.Path != tt.path || !strings.Contains(e.Msg, tt.msg) || e.Line != line || e.Col != col {
				t.Errorf("first error %v (path %q), want %d:%d at %q containing %q", e, e.Path, line, col, tt.path, tt.msg)
			}
		})
	}
}

// The orbit's limits agree (the highest altitude is an orbit whose mean
// motion is allowed), and check writes the period of any allowed orbit in a
// unit that suits it, with a few digits.
func TestOrbitLimits(t *testing.T) {
	if n := MeanMotionAt(maxOrbitAltitude); n < minMeanMotion || n > maxMeanMotion {
		t.Errorf("the orbit %g m up has n %g rad/s, outside %g…%g", maxOrbitAltitude, n, minMeanMotion, maxMeanMotion)
	}
	for _, tc := range []struct{ key, want string }{
		{"mean_motion = 6e-7", "period 121 days"},
		{"mean_motion = 1", "period 6.28 s"},
		{"mean_motion = 7.292e-5", "period 23.9 h"},
		{"altitude = 1e9", "period 116 days"},
	} {
		var b strings.Builder
		Check(testLibrary(strings.Replace(orbitMission, "altitude = 400e3", tc.key, 1)), []string{"m"}, false, &b)
		line := b.String()
		if !strings.Contains(line, tc.want+", time limit") || len(line) > 400 {
			t.Errorf("%s: check prints %q, want %q", tc.key, line, tc.want)
		}
	}
}
