package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Texts that name actions in braces read with the keys bound to them, as
// rebound; a name that is no action stays as written.
func TestKeyText(t *testing.T) {
	s := DefaultSettings()
	s.Keys[ActThrottleCut] = []ebiten.Key{ebiten.KeyB}
	for _, c := range []struct{ in, want string }{
		{"cut the engine ({throttle_cut}) to settle", "cut the engine (B) to settle"},
		{"{translate_forward} {translate_left}", "H J"},
		{"{sas_cycle}{sas_cycle}", "TT"},
		{"{no_such_action} and {", "{no_such_action} and {"},
		{"plain", "plain"},
		{"{pitch_up}}", "S}"},
	} {
		if got := keyText(&s, c.in); got != c.want {
			t.Errorf("keyText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
