// Package physics simulates rigid bodies joined by joints: the dynamics of a
// spacecraft made of a heavy hull and light parts, tumbling and taking thrust
// as one craft. Collision geometry lives in physics/geom.
//
// # Units, axes, conventions
//
// SI throughout: metres, kilograms, seconds, newtons, radians. The world
// frame is right-handed with y up; gravity is a per-world uniform
// acceleration, usually {0, −9.81, 0}. All values are float64 (mgl64).
//
// A body's state is its centre of mass c (world), unit quaternion q
// (body → world: a body-frame vector x is R(q) x in the world), velocity v
// and angular velocity ω, both world frame. mgl64's product q1.Mul(q2)
// applies q2 first. Mass m and inertia I0 (about the centre of mass, body
// coordinates, any symmetric positive-definite 3×3) are constant; in the
// world I = R I0 Rᵀ. A body of mass 0 is static: inverse mass and inverse
// inertia 0.
//
// Loads: ApplyForce, ApplyCentralForce, ApplyTorque take world-frame values;
// ApplyForceLocal and ApplyTorqueLocal take body-frame values that turn with
// the body during the step (thrusters). All hold for the next Step only.
// ApplyImpulse changes the momentum at once.
//
// # Equations
//
//	ċ = v    q̇ = ½ (0, ω) ⊗ q    v̇ = F/m    ω̇ = I⁻¹ (τ − ω × I ω)
//
// The gyroscopic term ω × Iω is kept: a body spun near its intermediate
// axis flips (Dzhanibekov) with the period of the elliptic-integral solution.
// The stacked state y of all bodies is integrated by classic Runge-Kutta 4;
// quaternions are normalised before use in each stage and after each step.
//
// # Joints: impulses inside every RK4 stage
//
// Ball (3 rows), hinge (5 rows, plus one-sided limit rows, a motor row with
// a torque bound, and an explicit spring-damper torque) and fixed (6 rows)
// joints. Each row is a velocity condition J u + b = 0 whose impulse
// P = Jᵀλ does no work; the derivations are in solver.go (buildRows). In
// every stage f(y) the solver predicts the velocities u' = u + h·a_free at
// the end of a step h under the free loads, finds λ so that J u' + b = 0,
// and the stage derivative uses the accelerations a_free + M⁻¹Jᵀλ/h.
// The bias b = (β/h) C + h J̇u + (γ−1) J u makes the joint error obey
// C̈ = −2(κ/h) Ċ − (κ/h)² C (critically damped, time constant h/κ,
// κ = WorldDef.Baumgarte, default 0.2): the drift correction is divided by
// the step, and the velocity-product term J̇u makes the stage force exact
// for spinning and swinging joints.
//
// After each RK4 step a projection (post-stabilisation) moves the bodies
// back onto the joints (Δx = −M⁻¹Jᵀ K⁻¹ C), removes the joint-violating
// velocity (J u = 0) and turns a hinge that would cross a limit within the
// next step into an inelastic impact on it. Anchor gaps then stay at the
// 1e-12 m level instead of the O(κ² h²) error of the stabilised stages.
//
// Solver choice. Plain sequential impulses (Gauss-Seidel) converge by
// m_heavy/(m_heavy+m_light) per sweep and let a 1000 kg hull on 20 kg legs
// sag. Here the equality rows of all joints are solved together and exactly
// each stage: K = J M⁻¹ Jᵀ is assembled body by body in envelope storage,
// with joints ordered breadth-first from the most connected body of each
// island, and factored by Cholesky (L Lᵀ). For trees of joints (craft,
// chains) the envelope is one joint's neighbourhood wide, so the cost grows
// linearly with chain length. One-sided and bounded rows (hinge limits,
// motors; contacts later) take projected Gauss-Seidel iterations on their
// Schur complement S = K_bb − K_be K_ee⁻¹ K_eb, i.e. with the equality rows
// eliminated exactly, warm started from the previous stage; then
// λ_e = K_ee⁻¹ (−w_e − K_eb λ_b). Contacts slot in as more bounded rows.
// All memory is laid out when joints are added or removed: Step does not
// allocate.
//
// # Stages of World.Step
//
//  1. loads: forces and torques applied since the last Step, plus gravity,
//     gathered per body (constant over the step).
//  2. RK4 (per sub-step): four evaluations f(y) of the stacked state, each
//     a. prepare: normalise q, R, world inverse inertia, loads, hinge
//     springs, gyroscopic term, free accelerations;
//     b. rows: J and b of every joint row from the stage state;
//     c. factor: J M⁻¹ Jᵀ = L Lᵀ;
//     d. solve: λ for the equality rows, projected iterations for bounded
//     rows, velocity changes M⁻¹Jᵀλ;
//     e. derivative: (v, ½(0,ω)q, a_free + Δv/h, α_free + Δω/h).
//  3. integrate: y += h/6 (k1 + 2k2 + 2k3 + k4); renormalise q; project
//     onto the joints (with the last stage's factor), limit impacts.
//  4. breaks: joints whose impulse over the step exceeded their threshold
//     are removed and reported by Events.
//  5. check: NaN/Inf or runaway speed fails the Step with a *BodyError
//     naming the body, and the world returns to its state before the Step.
//
// Stats reports rows, iterations, factorizations and (with
// WorldDef.Timings) wall-clock time per stage; the clock never feeds back
// into the state. Steps are deterministic: no maps, no clock, no random
// source inside the step, so equal worlds with equal loads stay
// bit-identical.
package physics
