package view

import (
	"fmt"

	"spaceflight/craft"
	"spaceflight/game/flight"
)

// dockedObjective is the HUD's goal line once docked.
func dockedObjective(m *craft.Mission) string {
	if !m.Detumble {
		return "Docked"
	}
	th := &m.Thresholds
	return fmt.Sprintf("Docked: stop the stack, |ω| below %.1f°/s for %.0f s", flight.Deg(th.MaxRate), th.HoldTime)
}
