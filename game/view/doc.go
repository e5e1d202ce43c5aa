// Package view is what the player sees and hears of a flight: it turns
// what a flight.Flight measured into a render.Frame (the craft, the pad
// and boulders, the plumes, the HUD's instruments, the goal and orbit
// marks, the F3 debug overlay; View) and into the plain values the audio
// plays (Sounder). It reads a flight and changes nothing of it, and it
// works out nothing the flight already measured: the ports, the docking
// figures and the altitude are the flight's (Flight.Docking, Altitude).
package view
