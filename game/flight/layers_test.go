package flight

import (
	"os/exec"
	"strings"
	"testing"
)

// The simulation of a flight stands on physics, craft and the controllers
// alone: no Ebiten, no renderer, no sound, nothing of the shell or the
// view above it (docs/architecture.md). A flight that pulled one in would
// no longer run headless in `sim`, in a test or in the browser's worker
// alike.
func TestFlightImportsNoShell(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err) // no go command where the test runs (qemu, node)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"github.com/hajimehoshi/ebiten", "github.com/ebitengine/", "github.com/gopxl/beep", "spaceflight/render", "spaceflight/audio", "spaceflight/game/view"} {
			if strings.HasPrefix(dep, banned) {
				t.Errorf("game/flight depends on %s", dep)
			}
		}
		if dep == "spaceflight/game" {
			t.Errorf("game/flight depends on the shell, spaceflight/game")
		}
	}
}
