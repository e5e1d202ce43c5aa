package craft

import (
	"strings"
	"testing"
)

// Every shipped craft and mission loads without errors.
func TestShippedFiles(t *testing.T) {
	lib := NewLibrary(Shipped())
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
	code := Check(NewLibrary(Shipped()), nil, false, &b)
	t.Log("\n" + b.String())
	if code != 0 {
		t.Errorf("Check of shipped files: exit %d, want 0", code)
	}
	if n := strings.Count(b.String(), ": ok: "); n != 10 {
		t.Errorf("%d ok lines, want 10", n)
	}
}
