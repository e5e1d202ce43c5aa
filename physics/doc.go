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
// Every row is written along a direction fixed in body B: the anchor rows
// along B's axes, the angular rows about B's joint axes, limits and motor
// about B's hinge axis. Put the part (leg, adapter, foot) on B and the
// hull on A: when B is a leaf of the joint tree its side of the rows is
// constant in its own frame, so the joint's block is factored once and
// kept until B's mass changes (tree.go, constBlock).
//
// After each RK4 step a projection (post-stabilisation) moves the bodies
// back onto the joints when one is off by more than 1e-9 m (rad) (Δx =
// −M⁻¹Jᵀ K⁻¹ C, with the last stage's J and factor and the end state's C)
// and, when a joint moves apart faster than 1e-4 m/s (rad/s) or a hinge
// would cross a limit within the next step, removes the joint-violating
// velocity (J u = 0) and turns the crossing into an inelastic impact.
// Anchor gaps then stay below about 1e-9 m (1e-11 right after a
// projection) instead of the O(κ² h²) error of the stabilised stages
// (4e-7 m on a spinning craft under thrust); smaller errors are left to the
// next stages' bias. A craft under hard thrust is projected every step, a
// gently flown lander about one step in sixty.
//
// A hinge limit that pushed in the last stage is solved as a sixth
// equality row of its joint (its "slot"), inside the exact solve; if its
// impulse comes out pulling, the stage is solved again with the limit as a
// bounded row (Stats.Resolves).
//
// Solver choice. Plain sequential impulses (Gauss-Seidel) converge by
// m_heavy/(m_heavy+m_light) per sweep and let a 1000 kg hull on 20 kg legs
// sag. Here the equality rows of all joints are solved together and exactly
// each stage. When every island of joints is a tree (a craft, a chain; at
// most one joint to a static body), the augmented system
// [M Jᵀ; J 0] [x; λ] = [f; c] is factored in body space as L D Lᵀ with
// bodies and joints as nodes, leaves first (Baraff 1996, "Linear-time
// dynamics using Lagrange multipliers"): one 6×6 block per body and one
// 3×3/5×5/6×6 block per joint, no fill, cost linear in the number of
// joints (tree.go). Other topologies (loops) assemble K = J M⁻¹ Jᵀ body by
// body in envelope storage, with joints ordered breadth-first from the
// most connected body of each island, and factor it by Cholesky (L Lᵀ).
// Both give the exact solution of K λ = −(J u0 + b). One-sided and bounded
// rows (hinge limits, motors; contacts of jointed islands) take projected
// Gauss-Seidel iterations on their Schur complement
// S = K_bb − K_be K_ee⁻¹ K_eb, i.e. with the equality rows eliminated
// exactly, warm started from the previous stage; then
// λ_e = K_ee⁻¹ (−w_e − K_eb λ_b). (With the tree, S = Fᵀ H⁻¹ F from
// half-solves along the paths of the rows' bodies to the root, and the
// bounded impulses enter the same forward pass as the equality rows.)
// Contacts of jointed islands are more bounded rows (see Contacts); when
// the sweeps do not settle them (feet sliding out at touchdown), a direct
// solve of their small contact problem on S (Newton's method on an active
// set, with the slip direction linearised; Alart–Curnier's as fallback,
// lcp.go) gives the sweeps a starting point, which they accept only
// through their unchanged stop test.
// All memory is laid out when joints are added or removed: Step does not
// allocate.
//
// # Contacts
//
// A body carries collision shapes (BodyDef.Shapes: convex geom.Polyhedron
// pieces placed in the body frame, each with friction μ, restitution ε and
// a game tag). Two touching shapes use μ = sqrt(μA μB) and ε = max(εA, εB).
// Static bodies (mass 0) with shapes are the ground, pads and stations.
// Shapes on the same body, on two static bodies, on bodies joined by a
// joint, or on bodies with the same non-zero BodyDef.Group never collide.
//
// Once per Step, before integration: a sweep-and-prune broad phase over
// the shapes' world AABBs, each grown by how far its body may move in the
// step (speculative margin: (|v| + |g| dt) dt + |ω| r dt + 5 mm), then
// geom.Collide (separating planes) on the candidate pairs with that margin.
// Every manifold point becomes a contact anchored on both bodies; points
// keep their impulses from the last step through (shape pair, feature id)
// for warm starting.
//
// Impact pass (zero duration, before integration): contacts that touch
// and approach faster than the restitution threshold
// (WorldDef.RestitutionThreshold, default 0.5 m/s) get a target normal speed
// ε·v_c, slower ones 0, and contacts whose gap d closes within the step −d/dt (the
// body arrives at the surface, not through it: fast bodies do not tunnel;
// the impact speed is remembered and the bounce applied on touching).
// Velocities measured once; joints solved in the same pass, so a craft
// takes the blow as one. Energy guard: if an island would leave the pass
// with more kinetic energy than it had (plus what a speculative arrival
// held back for the pending bounce), its bounce targets are scaled down
// and the pass repeated: Newton's restitution at several points of a
// tumbling body cannot create energy.
//
// In every RK4 stage each contact point adds a normal row, J u' + b ≥ 0
// with accumulated λ ≥ 0 and, for a gap d > 0, b = d/(h − τ) (speculative:
// the gap may close by the end of the step, τ the stage's time in it; the
// last stage sets no limit) or b = d/h if the shapes touched at the step's
// start, else b = max(−1 m/s, (β/h) min(0, d + slop)) (β = 0.2,
// slop WorldDef.ContactSlop, default 1 mm), and two friction rows whose
// impulse (λ1, λ2) is clamped to the disc of radius μ λn. Contacts in an
// island (bodies linked by joints and contacts) that holds joints are
// bounded rows of the joint solver, i.e. solved with the joints' equality
// rows eliminated exactly, so a landing cannot open the joints. Contacts
// elsewhere are solved by sequential impulses (projected Gauss-Seidel on
// the velocities; compact per-point rows, freecontact.go), pair by pair
// with a pair's normal rows as one block,
// sweeps alternating in direction, each island until its largest velocity
// change is below 1e-7 m/s (WorldDef.ContactIterations sweeps at most).
//
// For the game: ContactEvents (per shape pair: begin, persist, end, the
// normal impulse of the step, the shapes' tags), Contacts (every point
// with normal, depth and impulses, for debug drawing) and
// Stats.MaxPenetration.
//
// # Stages of World.Step
//
//  1. loads: forces and torques applied since the last Step, plus gravity,
//     gathered per body (constant over the step).
//  2. contacts: broad and narrow phase, islands, impact pass (above).
//  3. RK4 (per sub-step): four evaluations f(y) of the stacked state, each
//     a. prepare: normalise q, R, world inverse inertia, loads, hinge
//     springs, gyroscopic term, free accelerations;
//     b. rows: J and b of every joint row from the stage state;
//     c. factor: the tree's L D Lᵀ (or J M⁻¹ Jᵀ = L Lᵀ);
//     d. solve: λ for the equality rows, projected iterations for bounded
//     rows (limits, motors, contacts of jointed islands), sequential
//     impulses for the other contacts, velocity changes M⁻¹Jᵀλ;
//     e. derivative: (v, ½(0,ω)q, a_free + Δv/h, α_free + Δω/h).
//  4. integrate: y += h/6 (k1 + 2k2 + 2k3 + k4); renormalise q; project
//     onto the joints (with the last stage's rows and factor), limit
//     impacts (end rows built only then).
//  5. breaks: joints whose impulse over the step exceeded their threshold
//     are removed and reported by Events; contact events and diagnostics.
//  6. check: NaN/Inf or runaway speed fails the Step with a *BodyError
//     naming the body, and the world returns to its state before the Step.
//
// Sleeping (WorldDef.Sleep, off by default): after a Step that leaves every
// dynamic body slower than the sleep thresholds for the sleep time, the
// velocities are zeroed and later Steps only advance the clock, keeping the
// last contacts as persisting, until a load, impulse, setter, joint or body
// change wakes the world. The whole world sleeps or none of it, which fits
// the game's scenes (one craft on a pad, two craft docking).
//
// Stats reports rows, iterations, factorizations and (with
// WorldDef.Timings) wall-clock time per stage; the clock never feeds back
// into the state. Steps are deterministic: no maps, no clock, no random
// source inside the step, so equal worlds with equal loads stay
// bit-identical.
package physics
