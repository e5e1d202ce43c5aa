// Package control turns what the pilot or the autopilot wants — a body-frame
// torque, a body-frame force, a main-engine throttle — into thruster
// throttles, and holds the control laws that produce those wants: the
// stability assist (SAS) and the autopilot programs (detumble, docking
// approach, landing).
//
// Everything here works on plain values (mgl64 and the standard library):
// the game hands in the craft's state and its thruster layout and gets back
// numbers; nothing here steps physics or reads devices.
//
// Conventions (the same as package physics):
//   - SI units: m, s, kg, N, N m, rad.
//   - The world frame is right-handed with y up.
//   - A craft's orientation q maps body coordinates to world coordinates.
//   - "Body frame" vectors are about the craft's centre of mass (COM) in
//     craft coordinates; thruster positions are in craft coordinates and the
//     allocator subtracts the current COM.
//   - State.AngularVelocity is in the world frame, as physics reports it.
//
// # Allocation
//
// An Allocator solves a small box-constrained least-squares problem on the
// 6×n effectiveness matrix of the RCS thrusters (see Allocator). The main
// engines are commanded directly.
//
// # Control laws
//
// The SAS is a PD attitude controller in computed-torque form
// (τ = I·α + ω×Iω with α = Kp·e − Kv·ω), whose rate command is capped so
// that the craft can always brake within the torque it has (design note §8,
// lecture 003). The autopilot programs are pure functions of a situation
// value that return a Command.
package control
