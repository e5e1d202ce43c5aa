package game

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The landing panel names the translation keys towards the pad, in the
// craft's frame (+x left, +z forward), with the default bindings.
func TestPadKeys(t *testing.T) {
	s := DefaultSettings()
	for _, c := range []struct {
		off  mgl64.Vec3
		want string
	}{
		{mgl64.Vec3{0, -20, 10}, "H"},
		{mgl64.Vec3{0, 0, -10}, "N"},
		{mgl64.Vec3{5, 0, -10}, "N J"},
		{mgl64.Vec3{-10, 3, 1}, "L"},
		{mgl64.Vec3{0.2, -30, 0.3}, ""},
	} {
		if got := padKeys(&s, c.off); got != c.want {
			t.Errorf("pad at %v: keys %q, want %q", c.off, got, c.want)
		}
	}
}
