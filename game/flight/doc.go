// Package flight is the simulation of a mission, with no window, sound or
// renderer: a Flight (the physics world, the player's Vessel and the
// docking target, the Controls that Commands set, the failures, the
// boulders, the orbit's field) stepped one fixed tick at a time by
// Commands, and the Judge that decides how it went. Replays are lists of
// Commands that fly a flight again bit for bit (Replay); a Ghost flies one
// beside the player; Run is the headless runner behind `spaceflight sim`;
// a Stand is the hangar's test stand.
//
// Nothing here reads a device or the wall clock, and nothing here imports
// Ebiten: the game's shell (package game) turns keys into Commands, and
// package game/view turns what a Flight measured into a frame.
//
// Units are SI (m, s, kg, N, rad); vectors are world-frame unless a name
// or comment says craft frame (x pitch axis, y up and yaw axis, z nose).
package flight
