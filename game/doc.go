// Package game is the game around the physics: the fixed-step flight of a
// mission (Flight, stepped by Commands), its judge (Mission), the headless
// simulator (`spaceflight sim`), replays, scores and settings, and the
// window's game shell.
//
// The shell (app) is small: each Update it reads the devices once through
// the player's bindings (input), then runs the Scene being shown — mission
// menu, briefing card, flight, pause menu, results, settings, help, quit
// confirmation — which returns the scene to show next, built with what it
// hands on (the sortie: the mission being flown, its files, flight, view
// and replay record). Draw renders the frame the scene describes. Logic
// never reads the wall clock: messages expire and files are polled by
// Update count. Devices become Commands before a Flight sees them, so a
// list of Commands replays a flight bit for bit.
package game
