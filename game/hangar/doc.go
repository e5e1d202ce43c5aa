// Package hangar works out what the hangar shows about a craft before it
// flies: its figures (mass wet and dry, centre of mass, inertia and its
// principal axes, thrust-to-weight, Δv by the rocket equation, and the RCS
// authority about and along each axis from the game's own thruster
// allocator, game/control) and the warnings that need that allocator. The
// hangar scene (package game) draws them; `spaceflight check --report`
// prints them (RunReport), and `spaceflight check` adds Warnings to the
// craft's own (craft.Craft.Warnings).
//
// Units are SI (kg, m, s, N, N·m, rad) in the figures; the text shows
// angular accelerations in °/s². Vectors are in the craft frame as built
// (x pitch axis, y up and yaw axis, z roll axis and nose), the legs where
// the file puts them.
package hangar
