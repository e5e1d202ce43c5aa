package craft

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spaceflight/data"
)

// shipped is the game's own layer, as main passes it.
func shipped() Layer { return Shipped(data.FS) }

// Every shipped craft and mission loads without errors.
func TestShippedFiles(t *testing.T) {
	lib := NewLibrary(shipped())
	crafts, missions := lib.Crafts(), lib.Missions()
	if len(crafts) < 4 || len(missions) < 6 {
		t.Fatalf("shipped crafts %v, missions %v: want at least 4 and 6", crafts, missions)
	}
	for _, n := range crafts {
		c, err := lib.LoadCraft(n)
		if err != nil {
			t.Errorf("craft %s:\n%v", n, err)
			continue
		}
		mp := c.MassProps(nil)
		mom, _ := PrincipalMoments(mp.Inertia)
		t.Logf("%s: %d parts, %.1f kg, COM %.3f, I %.1f, %d thrusters", n, len(c.Parts), mp.Mass, mp.COM, mom, len(c.Thrusters))
	}
	for _, n := range missions {
		if _, err := lib.LoadMission(n); err != nil {
			t.Errorf("mission %s:\n%v", n, err)
		}
	}
}

func TestCheckShipped(t *testing.T) {
	var b strings.Builder
	code := Check(NewLibrary(shipped()), nil, false, &b)
	t.Log("\n" + b.String())
	if code != 0 {
		t.Errorf("Check of shipped files: exit %d, want 0", code)
	}
	if n := strings.Count(b.String(), ": ok: "); n != 18 {
		t.Errorf("%d ok lines, want 18", n)
	}
	if strings.Contains(b.String(), "warning") {
		t.Error("the shipped files have warnings")
	}
}

// Check on a folder, a broken file and an unknown name: exit 1, every
// error printed in the FILE:LINE:COL form, and valid JSON with --json.
func TestCheckArgs(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "crafts"), 0o755)
	os.WriteFile(filepath.Join(dir, "crafts", "good.toml"), []byte(baseCraft), 0o644)
	bad := strings.Replace(baseCraft, "max_thrust = 10\n", "max_thurst = 10\n", 1)
	os.WriteFile(filepath.Join(dir, "crafts", "bad.toml"), []byte(bad), 0o644)
	lib := NewLibrary(shipped())
	var b strings.Builder
	code := Check(lib, []string{dir, "lander", "landr"}, false, &b)
	out := b.String()
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{
		filepath.Join(dir, "crafts", "bad.toml") + ":45:1: thruster[1].max_thurst: unknown key",
		filepath.Join(dir, "crafts", "good.toml") + ": ok: craft \"Test\"",
		"data/crafts/lander.toml: ok: craft \"Lander\": 10 parts",
		`landr: no such file, craft or mission (did you mean "lander"?)`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	b.Reset()
	Check(lib, []string{dir}, true, &b)
	var res []CheckResult
	if err := json.Unmarshal([]byte(b.String()), &res); err != nil || len(res) != 2 {
		t.Fatalf("JSON: %v, %d results\n%s", err, len(res), b.String())
	}
	if res[0].OK || res[0].Errors[0].Line != 45 || res[0].Errors[0].Path != "thruster[1].max_thurst" || !res[1].OK || res[1].Craft.Parts != 2 {
		t.Errorf("JSON results: %+v", res)
	}
}
