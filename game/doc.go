// Package game is the game's Ebiten shell: the window, one input door and
// the scenes. The simulation is package game/flight (no Ebiten there); what
// a flight looks and sounds like is package game/view; `spaceflight sim`
// is package game/sim. Imports point one way: game → view → flight →
// craft, physics (docs/architecture.md).
//
// The shell (app) is small: each Update it reads the devices once through
// the player's bindings (input, the only code that reads a device), then
// runs the Scene being shown — mission menu, briefing card, flight, pause
// menu, results, settings, help, quit confirmation, the hangar — which
// returns the scene to show next, built with what it hands on (the
// sortie: the mission being flown, its files, flight, view and replay
// record). Draw renders the frame the scene describes. Logic never reads
// the wall clock: messages expire and files are polled by Update count.
// Devices become flight.Commands before a flight sees them, so a list of
// Commands replays a flight bit for bit.
package game
